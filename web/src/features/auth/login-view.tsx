import { useState, type FormEvent } from "react";
import { LoaderCircleIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { boundField, TextField } from "@/components/ui/form-field";
import { serverMessage, unverifiedAccount, type AccountToVerify } from "@/features/auth/api-errors";
import { useAuth } from "@/features/auth/auth-context";
import { AuthCard } from "@/features/auth/auth-layout";
import { fieldErrors, hasErrors, loginSchema, USERNAME_INPUT, type FieldErrors } from "@/features/auth/auth-schemas";
import { toast } from "@/hooks/use-toast";
import { PRODUCT_NAME } from "@/lib/constants";

type LoginValues = { username: string; password: string };

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1Z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.09A6.6 6.6 0 0 1 5.49 12c0-.73.13-1.43.35-2.09V7.07H2.18A11 11 0 0 0 1 12c0 1.77.43 3.45 1.18 4.93l3.66-2.84Z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.07l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38Z"
      />
    </svg>
  );
}

/** Sign in with a username or e-mail and a password (spec part 1, section 2 "Auth screen"; 5; 8). */
export function LoginView({
  initialUsername = "",
  onForgotPassword,
  onCreateAccount,
  onNeedsVerification,
}: {
  initialUsername?: string;
  onForgotPassword: () => void;
  onCreateAccount: () => void;
  onNeedsVerification: (account: AccountToVerify) => void;
}) {
  const { login } = useAuth();
  const [values, setValues] = useState<LoginValues>({ username: initialUsername, password: "" });
  const [errors, setErrors] = useState<FieldErrors<keyof LoginValues>>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);

  function update(field: keyof LoginValues, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // Before the first attempt the form stays quiet; after it, messages follow the typing.
    if (submitted) setErrors(fieldErrors(loginSchema, next));
  }

  const field = (name: keyof LoginValues) => boundField(name, values[name], errors[name], update);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    const problems = fieldErrors(loginSchema, values);
    setErrors(problems);
    if (hasErrors(problems)) return;

    setPending(true);
    try {
      await login(values.username.trim(), values.password);
      // Signed in: the auth page moves on to returnTo or /.
    } catch (error) {
      setPending(false);
      const account = unverifiedAccount(error);
      if (account) {
        toast({
          title: "Email Not Verified",
          description: "Please verify your email address. A new verification code has been sent.",
        });
        onNeedsVerification(account);
        return;
      }
      toast({
        title: "Login Failed",
        description: serverMessage(error) ?? "Invalid username/email or password",
        variant: "destructive",
      });
    }
  }

  function handleGoogle() {
    toast({ title: "Coming Soon", description: "Google login will be implemented once configured." });
  }

  return (
    <AuthCard
      title={`Sign in to ${PRODUCT_NAME}`}
      description="Welcome back. Your journal is waiting."
      footer={
        <Button variant="link" className="h-auto px-0" onClick={onCreateAccount}>
          New user? Create account
        </Button>
      }
    >
      <form noValidate onSubmit={handleSubmit} className="grid gap-5">
        <TextField label="Username or email" {...USERNAME_INPUT} {...field("username")} />
        <TextField label="Password" type="password" autoComplete="current-password" {...field("password")} />
        <div className="-mt-2 flex justify-end">
          <Button
            variant="link"
            size="sm"
            className="h-auto px-0 text-xs font-normal text-muted-foreground hover:text-foreground"
            onClick={onForgotPassword}
          >
            Forgot password
          </Button>
        </div>
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={pending} aria-busy={pending}>
          {pending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          Sign In
        </Button>
      </form>

      <div className="my-5 flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>

      <Button variant="outline" size="lg" className="w-full" onClick={handleGoogle}>
        <GoogleMark />
        Sign in with Google
      </Button>
    </AuthCard>
  );
}
