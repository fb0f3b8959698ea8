import { useState, type FormEvent, type ReactNode } from "react";
import { ArrowLeftIcon, LoaderCircleIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { boundField, TextField } from "@/components/ui/form-field";
import { Progress } from "@/components/ui/progress";
import { errorField, serverMessage, type AccountToVerify } from "@/features/auth/api-errors";
import { AuthCard } from "@/features/auth/auth-layout";
import {
  accountSchema,
  fieldErrors,
  hasErrors,
  JOURNALING_FREQUENCIES,
  JOURNALING_STATUSES,
  journalingSchema,
  NEW_PASSWORD_HINT,
  NEW_PASSWORD_INPUT,
  USERNAME_INPUT,
  type FieldErrors,
  type JournalingFrequency,
  type JournalingStatus,
} from "@/features/auth/auth-schemas";
import { toast } from "@/hooks/use-toast";
import { api } from "@/lib/api/client";
import { cn } from "@/lib/utils";

const STATUS_LABELS: Record<JournalingStatus, string> = {
  yes: "Yes, I journal",
  "used-to": "I used to",
  "want-to": "I want to start",
  no: "No, not really",
};

const FREQUENCY_LABELS: Record<JournalingFrequency, string> = {
  daily: "Daily",
  "few-times-a-week": "A few times a week",
  weekly: "Weekly",
  "few-times-a-month": "A few times a month",
  rarely: "Rarely",
};

/** The spec's wording: 'journal when you did' for used-to, otherwise 'plan to journal'. */
export function frequencyQuestion(status: JournalingStatus | ""): string {
  return status === "used-to" ? "How often did you journal when you did?" : "How often do you plan to journal?";
}

type AccountField = "username" | "email" | "password" | "confirmPassword";
type HabitField = "status" | "frequency";
const ACCOUNT_FIELDS: AccountField[] = ["username", "email", "password", "confirmPassword"];

interface Values {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  status: JournalingStatus | "";
  frequency: JournalingFrequency | "";
}

const EMPTY: Values = { username: "", email: "", password: "", confirmPassword: "", status: "", frequency: "" };

function ChoiceGroup<T extends string>({
  legend,
  name,
  options,
  labels,
  value,
  error,
  onChange,
  columns,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T | "";
  error?: string;
  onChange: (value: T) => void;
  columns?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-3 text-sm font-medium">{legend}</legend>
      <div className={cn("grid gap-2", columns)}>
        {options.map((option) => (
          <label
            key={option}
            className={cn(
              "flex cursor-pointer items-center gap-3 rounded-lg border bg-background/50 px-3 py-2.5 text-sm transition-colors",
              "hover:bg-accent/60 has-[:checked]:border-primary has-[:checked]:bg-primary/10",
              "has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
              error && "border-destructive/60",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="size-4 accent-primary"
            />
            {labels[option]}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-2 text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function StepIndicator({ step, label }: { step: 1 | 2; label: string }) {
  return (
    <div className="mb-6 grid gap-2">
      <div className="flex items-center justify-between text-xs text-muted-foreground">
        <span>Step {step} of 2</span>
        <span>{label}</span>
      </div>
      <Progress value={step * 50} aria-label={`Step ${step} of 2`} className="h-1.5" />
    </div>
  );
}

/**
 * Registration in two steps (spec part 1, sections 2, 5 and 8): the account, then journaling
 * habits. Success leads to the verify view.
 */
export const REGISTRATION_FAILED_FORM = "Could not create account.";
export const REGISTRATION_FAILED_HINT = "Username or email may already be taken.";

export function RegisterView({
  onSignIn,
  onRegistered,
}: {
  onSignIn: () => void;
  onRegistered: (account: AccountToVerify) => void;
}) {
  const [step, setStep] = useState<1 | 2>(1);
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<AccountField, boolean>>>({});
  // What the server said about a field; it stands until that field is edited.
  const [serverErrors, setServerErrors] = useState<FieldErrors<AccountField>>({});
  const [habitErrors, setHabitErrors] = useState<FieldErrors<HabitField>>({});
  const [habitsSubmitted, setHabitsSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  const accountErrors = fieldErrors<AccountField>(accountSchema, values);
  const allFilled = ACCOUNT_FIELDS.every((field) => values[field].trim() !== "");
  const canContinue = allFilled && !hasErrors(accountErrors) && !hasErrors(serverErrors);

  /** A message shows once its field was left, or once all four are filled (so a disabled Continue explains itself). */
  function visibleError(field: AccountField): string | undefined {
    if (serverErrors[field]) return serverErrors[field];
    return touched[field] || allFilled ? accountErrors[field] : undefined;
  }

  /** An account field bound to the form; leaving it shows its message. */
  function field(name: AccountField) {
    return {
      ...boundField(name, values[name], visibleError(name), update),
      onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    };
  }

  function update<K extends keyof Values>(field: K, value: Values[K]) {
    setFailed(false);
    const next = { ...values, [field]: value };
    // Choosing "no" clears the frequency (spec part 1, section 5).
    if (field === "status" && value === "no") next.frequency = "";
    setValues(next);
    if (field in serverErrors) {
      setServerErrors((current) => {
        const rest = { ...current };
        delete rest[field as AccountField];
        return rest;
      });
    }
    if (habitsSubmitted) setHabitErrors(fieldErrors<HabitField>(journalingSchema, next));
  }

  function handleContinue(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched({ username: true, email: true, password: true, confirmPassword: true });
    if (canContinue) setStep(2);
  }

  async function handleCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setHabitsSubmitted(true);
    const problems = fieldErrors<HabitField>(journalingSchema, values);
    setHabitErrors(problems);
    if (hasErrors(problems) || values.status === "") return;

    setPending(true);
    try {
      const { data } = await api.POST("/api/auth/register", {
        body: {
          username: values.username.trim(),
          email: values.email.trim(),
          password: values.password,
          confirmPassword: values.confirmPassword,
          journalingPreferences: {
            status: values.status,
            frequency: values.status === "no" || values.frequency === "" ? null : values.frequency,
          },
        },
      });
      if (!data) throw new Error("The registration answer had no body");
      onRegistered({ userId: data.id, email: data.email, username: data.username });
    } catch (error) {
      setPending(false);
      setFailed(true);
      const message = serverMessage(error);
      toast({
        title: "Registration Failed",
        description: message ?? "Could not create account",
        variant: "destructive",
      });
      // A problem with the account fields: back to step 1, with the message on the field.
      const field = errorField(error);
      if (message && field && (ACCOUNT_FIELDS as string[]).includes(field)) {
        setServerErrors({ [field]: message });
        setStep(1);
      }
    }
  }

  // The form's own word on a failed registration (spec part 1, section 8), beside the toast.
  const failedNote: ReactNode = failed ? (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
      <span className="font-medium text-destructive">{REGISTRATION_FAILED_FORM}</span> {REGISTRATION_FAILED_HINT}
    </p>
  ) : null;

  const footer: ReactNode = (
    <p>
      Already have an account?{" "}
      <Button variant="link" className="h-auto px-0" onClick={onSignIn}>
        Sign in
      </Button>
    </p>
  );

  if (step === 1) {
    return (
      <AuthCard title="Create your account" description="Start a private journal in two short steps." footer={footer}>
        <StepIndicator step={1} label="Your account" />
        {failedNote}
        <form noValidate onSubmit={handleContinue} className="grid gap-4">
          <TextField label="Username" {...USERNAME_INPUT} {...field("username")} />
          <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
          <TextField label="Password" {...NEW_PASSWORD_INPUT} hint={NEW_PASSWORD_HINT} {...field("password")} />
          <TextField label="Confirm password" {...NEW_PASSWORD_INPUT} {...field("confirmPassword")} />
          <Button type="submit" size="lg" className="mt-2 w-full" disabled={!canContinue}>
            Continue
          </Button>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Your journaling habits"
      description="A little context helps your journal meet you where you are."
      footer={footer}
    >
      <StepIndicator step={2} label="Journaling habits" />
      {failedNote}
      <form noValidate onSubmit={handleCreate} className="grid gap-6">
        <ChoiceGroup
          legend="Do you keep a journal?"
          name="journalingStatus"
          options={JOURNALING_STATUSES}
          labels={STATUS_LABELS}
          value={values.status}
          error={habitErrors.status}
          onChange={(status) => update("status", status)}
          columns="sm:grid-cols-2"
        />
        {values.status !== "" && values.status !== "no" && (
          <ChoiceGroup
            legend={frequencyQuestion(values.status)}
            name="journalingFrequency"
            options={JOURNALING_FREQUENCIES}
            labels={FREQUENCY_LABELS}
            value={values.frequency}
            error={habitErrors.frequency}
            onChange={(frequency) => update("frequency", frequency)}
          />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="outline" size="lg" disabled={pending} onClick={() => setStep(1)}>
            <ArrowLeftIcon aria-hidden="true" />
            Back
          </Button>
          <Button type="submit" size="lg" className="sm:flex-1" disabled={pending} aria-busy={pending}>
            {pending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
            Create Account
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
