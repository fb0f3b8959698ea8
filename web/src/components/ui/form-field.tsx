import { useId, useState, type ChangeEvent, type ComponentProps, type ReactNode } from "react";
import { EyeIcon, EyeOffIcon } from "lucide-react";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** What a field gives its control: the id its label names, and the links to its error and hint. */
export type FieldControl = {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

type FormFieldProps = {
  label: ReactNode;
  /** The control's id (default: one of its own); its error is `${id}-error`, its hint `${id}-hint`. */
  id?: string;
  error?: ReactNode;
  /** Shown under the control while there is no error. */
  hint?: ReactNode;
  /** Announce the error as it appears (role="alert"). */
  alert?: boolean;
  /** The wrapper's layout, in place of `grid gap-2`. */
  className?: string;
  /** The control (an input, textarea, select trigger or date picker), given its id and aria links. */
  children: (control: FieldControl) => ReactNode;
};

/** A label, its control, and the control's hint or error, announced through aria-describedby. */
export function FormField({ label, id, error, hint, alert, className = "grid gap-2", children }: FormFieldProps) {
  const ownId = useId();
  const controlId = id ?? ownId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className={className}>
      <Label htmlFor={controlId}>{label}</Label>
      {children({ id: controlId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role={alert ? "alert" : undefined} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = Omit<ComponentProps<"input">, "id"> & {
  label: string;
  error?: string;
  hint?: ReactNode;
};

/** A FormField with a text input (a password one with a show/hide button), as the account screens use. */
export function TextField({ label, error, hint, className, ...inputProps }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} className={cn("grid gap-2", className)}>
      {(control) => <FieldInput {...control} {...inputProps} />}
    </FormField>
  );
}

/** The props that bind a TextField to a form's state: its `name`, value and error, and the change
 * that updates the form. */
export function boundField<K extends string>(
  name: K,
  value: string,
  error: string | undefined,
  update: (name: K, value: string) => void,
) {
  return { name, value, error, onChange: (event: ChangeEvent<HTMLInputElement>) => update(name, event.target.value) };
}

function FieldInput({ type, className, ...props }: ComponentProps<"input">) {
  const [visible, setVisible] = useState(false);
  if (type !== "password") return <Input type={type} className={cn("h-10", className)} {...props} />;

  return (
    <div className="relative">
      <Input type={visible ? "text" : "password"} className={cn("h-10 pr-10", className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-label="Show password"
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {visible ? <EyeOffIcon className="size-4" aria-hidden="true" /> : <EyeIcon className="size-4" aria-hidden="true" />}
      </button>
    </div>
  );
}
