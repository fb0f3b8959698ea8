import { useState, type FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useAuth } from "@/features/auth/auth-context";
import { MSG, serverMessage } from "@/features/settings/messages";
import { useChangePassword } from "@/features/settings/queries";
import { toast } from "@/hooks/use-toast";
import { ApiError } from "@/lib/api/client";
import { PASSWORD_MIN_LENGTH } from "@/lib/constants";

type Field = "currentPassword" | "newPassword" | "confirmPassword";
const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** The field the server names in a 400 (`{"error", "field"}`), when it is one of this form's. */
function serverField(error: unknown): Field | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body;
  const field = body && typeof body === "object" && "field" in body ? body.field : null;
  return field === "currentPassword" || field === "newPassword" ? field : null;
}

/**
 * Change Password (Account Management): the current password, a new one (the sign-up rules) and
 * its confirmation; POST /api/users/password. Not in the spec's client, which only had the
 * reset-by-e-mail flow: a signed-in journaler should not have to sign out to change it. This
 * session stays signed in; the server signs every other device out.
 */
export function ChangePasswordForm() {
  const { user } = useAuth();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const change = useChangePassword();

  function set(key: Field, value: string) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.currentPassword) found.currentPassword = MSG.currentPasswordRequired;
    if (values.newPassword.length < PASSWORD_MIN_LENGTH) found.newPassword = MSG.passwordShort;
    if (values.confirmPassword !== values.newPassword) found.confirmPassword = MSG.passwordsDoNotMatch;
    setErrors(found);
    if (Object.keys(found).length) return;
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(EMPTY);
          toast({ title: MSG.passwordChangedTitle, description: MSG.passwordChanged });
        },
        onError: (error) => {
          const field = serverField(error);
          const message = serverMessage(error, MSG.passwordChangeFailed);
          if (field) setErrors({ [field]: message });
          else toast({ variant: "destructive", title: MSG.passwordChangeFailedTitle, description: message });
        },
      },
    );
  }

  const fields: { key: Field; label: string; autoComplete: string }[] = [
    { key: "currentPassword", label: "Current password", autoComplete: "current-password" },
    { key: "newPassword", label: "New password", autoComplete: "new-password" },
    { key: "confirmPassword", label: "Confirm new password", autoComplete: "new-password" },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>You stay signed in here; any other devices will be signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
          {/* For password managers: which account this password belongs to. */}
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={user?.username ?? ""}
            readOnly
            hidden
          />
          {fields.map(({ key, label, autoComplete }) => (
            <FormField
              key={key}
              id={`password-${key}`}
              label={label}
              error={errors[key]}
              className={key === "currentPassword" ? "flex flex-col gap-2 sm:col-span-2 sm:max-w-[calc(50%-0.5rem)]" : "flex flex-col gap-2"}
            >
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  value={values[key]}
                  autoComplete={autoComplete}
                  maxLength={1024}
                  onChange={(event) => set(key, event.target.value)}
                />
              )}
            </FormField>
          ))}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? "Changing..." : "Change Password"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
