import { useEffect, useState, type FormEvent } from "react";
import { CircleCheckIcon, LoaderCircleIcon, MailIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { errorBody, isApiStatus, serverMessage, type AccountToVerify } from "@/features/auth/api-errors";
import { useAuth, type AuthUser } from "@/features/auth/auth-context";
import { AuthCard } from "@/features/auth/auth-layout";
import { fieldErrors, verificationSchema } from "@/features/auth/auth-schemas";
import { SessionSpinner } from "@/features/auth/session-spinner";
import { toast } from "@/hooks/use-toast";
import { ApiError, api } from "@/lib/api/client";
import {
  ALREADY_VERIFIED_REDIRECT_DELAY_MS,
  PRODUCT_NAME,
  VERIFICATION_CODE_LENGTH,
  VERIFIED_REDIRECT_DELAY_MS,
} from "@/lib/constants";

/** The code 'auto-verify' confirms an already verified account to a caller signed in as it. */
const AUTO_VERIFY = "auto-verify";

function verificationFailed(error: unknown) {
  toast({
    title: "Verification Failed",
    description:
      serverMessage(error) ??
      (error instanceof ApiError ? "Invalid verification code" : "Verification failed. Please try again or request a new code."),
    variant: "destructive",
  });
}

/**
 * The e-mail verification step (spec part 1, sections 2, 4, 5, 8, 9): a 6-digit code, or a resend.
 * Verifying signs the user in; they are taken in VERIFIED_REDIRECT_DELAY_MS later, or
 * ALREADY_VERIFIED_REDIRECT_DELAY_MS later when a resend found the address already verified.
 */
export function VerifyView({
  account,
  onBackToLogin,
}: {
  account: AccountToVerify;
  onBackToLogin: (username?: string) => void;
}) {
  const { setUser } = useAuth();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [attemptsLeft, setAttemptsLeft] = useState<number>();
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState<"verify" | "resend" | null>(null);
  const [verified, setVerified] = useState<{ user: AuthUser; delayMs: number } | null>(null);

  // Adopting the user is what takes the auth page on (to returnTo or /), after the spec's pause.
  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(() => setUser(verified.user), verified.delayMs);
    return () => clearTimeout(timer);
  }, [verified, setUser]);

  function updateCode(value: string) {
    setCode(value);
    if (submitted) setError(fieldErrors(verificationSchema, { code: value }).code);
  }

  async function handleVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    const problem = fieldErrors(verificationSchema, { code }).code;
    setError(problem);
    if (problem) return;

    setPending("verify");
    try {
      const { data } = await api.POST("/api/auth/verify-email", {
        body: { userId: account.userId, verificationCode: code.trim() },
      });
      if (!data) throw new Error("The verification answer had no body");
      setVerified({ user: data.user, delayMs: VERIFIED_REDIRECT_DELAY_MS });
    } catch (failure) {
      setPending(null);
      const body = errorBody(failure);
      if (body?.alreadyVerified === true) {
        toast({ title: "Already Verified", description: serverMessage(failure) });
        onBackToLogin(account.username);
        return;
      }
      setAttemptsLeft(typeof body?.attemptsLeft === "number" ? body.attemptsLeft : undefined);
      verificationFailed(failure);
    }
  }

  async function handleResend() {
    if (pending) return;
    setPending("resend");
    try {
      const { data } = await api.POST("/api/auth/resend-verification", { body: { email: account.email } });
      if (!data) throw new Error("The resend answer had no body");
      if (data.alreadyVerified) {
        await autoVerify(data.userId ?? account.userId);
        return;
      }
      setAttemptsLeft(undefined);
      toast({ title: "Code Sent", description: data.message || "A new verification code has been sent." });
    } catch (failure) {
      toast({
        title: "Resend Failed",
        description: serverMessage(failure) ?? "Could not send a new code. Please try again.",
        variant: "destructive",
      });
    }
    setPending(null);
  }

  /** The address turned out verified already (and we are signed in as it): confirm and go in. */
  async function autoVerify(userId: string) {
    try {
      const { data } = await api.POST("/api/auth/verify-email", {
        body: { userId, verificationCode: AUTO_VERIFY },
      });
      if (!data) throw new Error("The verification answer had no body");
      toast({ title: "Already Verified", description: "Your email address is already verified. Signing you in..." });
      setVerified({ user: data.user, delayMs: ALREADY_VERIFIED_REDIRECT_DELAY_MS });
    } catch (failure) {
      setPending(null);
      if (isApiStatus(failure, 401)) {
        // Verified, but not signed in here: signing in is the way on.
        toast({ title: "Already Verified", description: "Your email address is already verified. Please log in." });
        onBackToLogin(account.username);
        return;
      }
      verificationFailed(failure);
    }
  }

  if (verified) {
    return (
      <AuthCard title="Email verified" description={`Thank you. Taking you to ${PRODUCT_NAME}...`} icon={<CircleCheckIcon />}>
        <SessionSpinner label="Signing you in..." className="py-2" />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Verify your email"
      icon={<MailIcon />}
      description={
        <>
          We sent a {VERIFICATION_CODE_LENGTH}-digit code to <span className="font-medium text-foreground">{account.email}</span>.
          Enter it below to finish setting up your account.
        </>
      }
      footer={
        <Button variant="link" className="h-auto px-0" onClick={() => onBackToLogin(account.username)}>
          Back to login
        </Button>
      }
    >
      <form noValidate onSubmit={handleVerify} className="grid gap-5">
        <TextField
          label="Verification code"
          name="verificationCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={VERIFICATION_CODE_LENGTH}
          placeholder="000000"
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.5em]"
          value={code}
          error={error}
          hint={attemptsLeft !== undefined ? `${attemptsLeft} ${attemptsLeft === 1 ? "attempt" : "attempts"} left.` : undefined}
          onChange={(event) => updateCode(event.target.value)}
        />
        <Button type="submit" size="lg" className="w-full" disabled={pending !== null} aria-busy={pending === "verify"}>
          {pending === "verify" && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          Verify
        </Button>
      </form>
      <p className="mt-5 text-center text-sm text-muted-foreground">
        Didn't get a code?{" "}
        <Button
          variant="link"
          className="h-auto px-0"
          disabled={pending !== null}
          aria-busy={pending === "resend"}
          onClick={() => void handleResend()}
        >
          Resend code
        </Button>
      </p>
    </AuthCard>
  );
}
