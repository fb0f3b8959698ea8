import { useState, type FormEvent } from "react";
import { LinkIcon, LoaderCircleIcon, LockKeyholeIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { boundField, TextField } from "@/components/ui/form-field";
import { errorBody, errorField, serverMessage } from "@/features/auth/api-errors";
import { AuthCard } from "@/features/auth/auth-layout";
import {
  fieldErrors,
  hasErrors,
  NEW_PASSWORD_HINT,
  NEW_PASSWORD_INPUT,
  resetPasswordSchema,
  tokenFromInput,
  type FieldErrors,
} from "@/features/auth/auth-schemas";
import { toast } from "@/hooks/use-toast";
import { api } from "@/lib/api/client";

type ResetField = "token" | "newPassword" | "confirmNewPassword";

const EXPIRED_FALLBACK = "This password reset link is invalid or has expired.";

/**
 * Choose a new password with a reset token from the link (path or query) or pasted in (spec part 1,
 * section 2). An invalid, expired or used link shows the expired-link state.
 */
export function ResetPasswordView({
  initialToken,
  onBackToLogin,
  onRequestNewLink,
}: {
  /** From the link; when empty, the user pastes the link or token. */
  initialToken: string;
  onBackToLogin: (username?: string) => void;
  onRequestNewLink: () => void;
}) {
  const tokenFromLink = initialToken.trim();
  const [values, setValues] = useState({ token: tokenFromLink, newPassword: "", confirmNewPassword: "" });
  const [errors, setErrors] = useState<FieldErrors<ResetField>>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [expiredMessage, setExpiredMessage] = useState<string | null>(null);

  function withToken(current: typeof values) {
    return { ...current, token: tokenFromInput(current.token) };
  }

  function update(field: ResetField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(fieldErrors<ResetField>(resetPasswordSchema, withToken(next)));
  }

  const field = (name: ResetField) => boundField(name, values[name], errors[name], update);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    const checked = withToken(values);
    const problems = fieldErrors<ResetField>(resetPasswordSchema, checked);
    setErrors(problems);
    if (hasErrors(problems)) return;

    setPending(true);
    try {
      const { data } = await api.POST("/api/auth/reset-password", {
        body: { token: checked.token, newPassword: checked.newPassword },
      });
      toast({
        title: "Password Reset",
        description: "Your password has been changed. You can now sign in with your new password.",
      });
      onBackToLogin(data?.username);
    } catch (failure) {
      setPending(false);
      if (errorBody(failure)?.expired === true) {
        setExpiredMessage(serverMessage(failure) ?? EXPIRED_FALLBACK);
        return;
      }
      const message = serverMessage(failure);
      if (message && errorField(failure) === "newPassword") {
        setErrors({ newPassword: message });
        return;
      }
      toast({
        title: "Reset Failed",
        description: message ?? "Could not reset your password. Please try again.",
        variant: "destructive",
      });
    }
  }

  if (expiredMessage !== null) {
    return (
      <AuthCard title="This link has expired" icon={<LinkIcon />} description={expiredMessage}>
        <p className="mb-5 text-center text-sm text-muted-foreground">
          Reset links work once and only for a short while. Ask for a new one and use it from the latest email.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" size="lg" className="sm:flex-1" onClick={() => onBackToLogin()}>
            Back to Login
          </Button>
          <Button size="lg" className="sm:flex-1" onClick={onRequestNewLink}>
            Request New Link
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      icon={<LockKeyholeIcon />}
      description="Enter a new password for your account. You will sign in with it from now on."
      footer={
        <Button variant="link" className="h-auto px-0" onClick={() => onBackToLogin()}>
          Back to Login
        </Button>
      }
    >
      <form noValidate onSubmit={handleSubmit} className="grid gap-4">
        {!tokenFromLink && (
          <TextField
            label="Reset link or token"
            autoComplete="off"
            spellCheck={false}
            hint="Paste the link from the password reset email."
            {...field("token")}
          />
        )}
        <TextField label="New password" {...NEW_PASSWORD_INPUT} hint={NEW_PASSWORD_HINT} {...field("newPassword")} />
        <TextField label="Confirm new password" {...NEW_PASSWORD_INPUT} {...field("confirmNewPassword")} />
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={pending} aria-busy={pending}>
          {pending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          Reset password
        </Button>
      </form>
    </AuthCard>
  );
}
