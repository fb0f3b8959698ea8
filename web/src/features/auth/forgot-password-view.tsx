import { useState, type FormEvent } from "react";
import { KeyRoundIcon, LoaderCircleIcon, MailCheckIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { serverMessage } from "@/features/auth/api-errors";
import { AuthCard } from "@/features/auth/auth-layout";
import { fieldErrors, forgotPasswordSchema } from "@/features/auth/auth-schemas";
import { toast } from "@/hooks/use-toast";
import { api } from "@/lib/api/client";
import { RESET_LINK_VALIDITY_HOURS } from "@/lib/constants";

/** The server's answer, the same whether or not the address has an account. */
const SENT_FALLBACK = "If an account exists for that email, we've sent a link to reset your password.";

/** Forgot password: a form, then a confirmation state (spec part 1, section 2). */
export function ForgotPasswordView({
  onBackToLogin,
  onHaveResetLink,
}: {
  onBackToLogin: () => void;
  onHaveResetLink: () => void;
}) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  function updateEmail(value: string) {
    setEmail(value);
    if (submitted) setError(fieldErrors(forgotPasswordSchema, { email: value }).email);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    const problem = fieldErrors(forgotPasswordSchema, { email }).email;
    setError(problem);
    if (problem) return;

    setPending(true);
    try {
      const { data } = await api.POST("/api/auth/forgot-password", { body: { email: email.trim() } });
      setSentMessage(data?.message || SENT_FALLBACK);
    } catch (failure) {
      toast({
        title: "Request Failed",
        description: serverMessage(failure) ?? "Could not send the reset link. Please try again.",
        variant: "destructive",
      });
    }
    setPending(false);
  }

  if (sentMessage !== null) {
    const hours = RESET_LINK_VALIDITY_HOURS === 1 ? "1 hour" : `${RESET_LINK_VALIDITY_HOURS} hours`;
    return (
      <AuthCard
        title="Check your email"
        icon={<MailCheckIcon />}
        description={sentMessage}
        footer={
          <Button variant="link" className="h-auto px-0" onClick={onHaveResetLink}>
            I have a reset link
          </Button>
        }
      >
        <p className="mb-5 text-center text-sm text-muted-foreground">
          The link works for {hours}. Nothing arrived? Check your spam folder, or try again in a few minutes.
        </p>
        <Button size="lg" className="w-full" onClick={onBackToLogin}>
          Back to Login
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      icon={<KeyRoundIcon />}
      description="Enter the email address of your account and we'll send you a link to choose a new password."
      footer={
        <Button variant="link" className="h-auto px-0" onClick={onBackToLogin}>
          Back to Login
        </Button>
      }
    >
      <form noValidate onSubmit={handleSubmit} className="grid gap-5">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          error={error}
          onChange={(event) => updateEmail(event.target.value)}
        />
        <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
          {pending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          Send reset link
        </Button>
      </form>
    </AuthCard>
  );
}
