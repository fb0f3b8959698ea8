import { useState, type FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useAuth } from "@/features/auth/auth-context";
import { fieldErrors, forgotPasswordSchema, verificationSchema } from "@/features/auth/auth-schemas";
import { emailChangedMessage, MSG, serverMessage } from "@/features/settings/messages";
import { useConfirmEmailChange, useRequestEmailChange } from "@/features/settings/queries";
import { toast } from "@/hooks/use-toast";
import { ApiError } from "@/lib/api/client";
import { VERIFICATION_CODE_LENGTH } from "@/lib/constants";

type Field = "newEmail" | "currentPassword" | "verificationCode";
type Step = { name: "idle" } | { name: "ask" } | { name: "code"; email: string; sent: string };

/** The first step's fields: the new address and the current password. */
const ASK_FIELDS = [
  { key: "newEmail", label: "New e-mail address", type: "email", autoComplete: "email", maxLength: 320 },
  {
    key: "currentPassword",
    label: "Current password",
    type: "password",
    autoComplete: "current-password",
    maxLength: 1024,
  },
] as const;

/** The field the server names in a 400 or 409 (`{"error", "field"}`), when it is one of these. */
function serverField(error: unknown): Field | null {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return null;
  const body = error.body;
  const field = body && typeof body === "object" && "field" in body ? body.field : null;
  return field === "newEmail" || field === "currentPassword" || field === "verificationCode" ? field : null;
}

/**
 * The account's e-mail address in Profile Settings, and changing it: the new address and the
 * current password (POST /api/users/email), then the code the server mailed to the new address
 * (POST /api/users/email/confirm). The address changes only with that code; the old address gets
 * a notice. Not in the spec, whose client had no way to change it.
 */
export function EmailChange() {
  const { user } = useAuth();
  const [step, setStep] = useState<Step>({ name: "idle" });
  const [values, setValues] = useState({ newEmail: "", currentPassword: "", verificationCode: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const request = useRequestEmailChange();
  const confirm = useConfirmEmailChange();

  function set(key: Field, value: string) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  }

  function close() {
    setStep({ name: "idle" });
    setValues({ newEmail: "", currentPassword: "", verificationCode: "" });
    setErrors({});
  }

  function failed(error: unknown) {
    const field = serverField(error);
    const message = serverMessage(error, MSG.emailChangeFailed);
    if (field) setErrors({ [field]: message });
    else toast({ variant: "destructive", title: MSG.emailChangeFailedTitle, description: message });
  }

  function onAsk(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {
      newEmail: fieldErrors(forgotPasswordSchema, { email: values.newEmail }).email,
      currentPassword: values.currentPassword ? undefined : MSG.currentPasswordRequired,
    };
    setErrors(found);
    if (found.newEmail || found.currentPassword) return;
    request.mutate(
      { newEmail: values.newEmail.trim(), currentPassword: values.currentPassword },
      {
        onSuccess: (data) => {
          setValues((current) => ({ ...current, currentPassword: "", verificationCode: "" }));
          setStep({ name: "code", email: data.email, sent: data.message });
        },
        onError: failed,
      },
    );
  }

  function onConfirm(event: FormEvent) {
    event.preventDefault();
    if (step.name !== "code") return;
    const problem = fieldErrors(verificationSchema, { code: values.verificationCode }).code;
    setErrors({ verificationCode: problem });
    if (problem) return;
    confirm.mutate(
      { newEmail: step.email, verificationCode: values.verificationCode.trim() },
      {
        onSuccess: (data) => {
          close();
          toast({ title: MSG.emailChangedTitle, description: emailChangedMessage(data.user.email) });
        },
        onError: failed,
      },
    );
  }

  return (
    <section aria-labelledby="email-current-label" className="mb-6 flex flex-col gap-3 border-b pb-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="flex flex-col gap-1">
          <span id="email-current-label" className="text-sm font-medium">
            E-mail
          </span>
          <span className="text-sm text-muted-foreground">{user?.email}</span>
        </div>
        {step.name === "idle" && (
          <Button type="button" variant="outline" onClick={() => setStep({ name: "ask" })}>
            Change e-mail
          </Button>
        )}
      </div>

      {step.name === "ask" && (
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={onAsk} noValidate>
          {ASK_FIELDS.map(({ key, label, ...input }) => (
            <FormField key={key} id={`email-${key}`} label={label} error={errors[key]} className="flex flex-col gap-2">
              {(control) => (
                <Input {...control} {...input} value={values[key]} onChange={(event) => set(key, event.target.value)} />
              )}
            </FormField>
          ))}
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? "Sending..." : "Send code"}
            </Button>
            <Button type="button" variant="ghost" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      )}

      {step.name === "code" && (
        <form className="flex flex-col gap-4" onSubmit={onConfirm} noValidate>
          <p className="text-sm" role="status">
            {step.sent}
          </p>
          <FormField
            id="email-verificationCode"
            label="Verification code"
            error={errors.verificationCode}
            className="flex flex-col gap-2 sm:max-w-[calc(50%-0.5rem)]"
          >
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={VERIFICATION_CODE_LENGTH}
                value={values.verificationCode}
                onChange={(event) => set("verificationCode", event.target.value)}
              />
            )}
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? "Confirming..." : "Confirm new e-mail"}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setStep({ name: "ask" })}>
              Send a new code
            </Button>
            <Button type="button" variant="ghost" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
