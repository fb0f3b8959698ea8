/**
 * Client-side form rules of the account screens, with the spec's messages verbatim (part 1,
 * section 5). The server checks the same rules (api/auth/rules.py) whatever the browser sends.
 */
import { z } from "zod";

import { PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH, VERIFICATION_CODE_LENGTH } from "@/lib/constants";

/** The inputs the account screens share: a username (no capitals or spelling fixes from the
 * keyboard) and a new password (the password manager offers one), with its rule as the hint. */
export const USERNAME_INPUT = { autoComplete: "username", autoCapitalize: "none", spellCheck: false } as const;
export const NEW_PASSWORD_INPUT = { type: "password", autoComplete: "new-password" } as const;
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters.`;

export const JOURNALING_STATUSES = ["yes", "used-to", "want-to", "no"] as const;
export type JournalingStatus = (typeof JOURNALING_STATUSES)[number];

export const JOURNALING_FREQUENCIES = ["daily", "few-times-a-week", "weekly", "few-times-a-month", "rarely"] as const;
export type JournalingFrequency = (typeof JOURNALING_FREQUENCIES)[number];

/** The simple pattern the server uses too: text, at sign, text, dot, text, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
const USERNAME_MAX_LENGTH = 64;
const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

const email = z.string().trim().regex(EMAIL_PATTERN, "Please enter a valid email address");
const newPassword = z.string().min(PASSWORD_MIN_LENGTH, "Password must be at least 6 characters");
const confirmation = z.string().min(PASSWORD_MIN_LENGTH, "Confirm password is required");

/** Runs the match check even while other fields are still invalid, so both messages can show. */
function passwordsMatch<T extends z.ZodType<Record<string, unknown>>>(schema: T, password: string, confirm: string) {
  return schema.refine((values) => values[password] === values[confirm], {
    message: "Passwords do not match",
    path: [confirm],
    when: (payload) => {
      const value = payload.value as Record<string, unknown> | undefined;
      return typeof value?.[password] === "string" && typeof value[confirm] === "string" && value[confirm] !== "";
    },
  });
}

export const loginSchema = z.object({
  username: z.string().trim().min(USERNAME_MIN_LENGTH, "Username or email must be at least 3 characters"),
  password: z
    .string()
    .min(1, "Password is required for login")
    .min(PASSWORD_MIN_LENGTH, "Password must be at least 6 characters"),
});

/** Registration step 1: the account. */
export const accountSchema = passwordsMatch(
  z.object({
    username: z
      .string()
      .trim()
      .min(USERNAME_MIN_LENGTH, "Username must be at least 3 characters")
      .max(USERNAME_MAX_LENGTH, "Username must be at most 64 characters")
      .regex(USERNAME_PATTERN, "Username can only contain letters, numbers, dots, dashes and underscores"),
    email,
    password: newPassword,
    confirmPassword: confirmation,
  }),
  "password",
  "confirmPassword",
);

/** Registration step 2: journaling habits. A frequency is needed unless the status is "no". */
export const journalingSchema = z
  .object({
    status: z.enum(JOURNALING_STATUSES, { error: "Please select your journaling status" }),
    frequency: z.string(),
  })
  .refine((values) => values.status === "no" || (JOURNALING_FREQUENCIES as readonly string[]).includes(values.frequency), {
    message: "Please select how often you journal",
    path: ["frequency"],
  });

export const verificationSchema = z.object({
  code: z.string().trim().regex(CODE_PATTERN, "Verification code must be 6 digits"),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = passwordsMatch(
  z.object({
    token: z.string().trim().min(1, "Please paste the reset link from your email"),
    newPassword,
    confirmNewPassword: confirmation,
  }),
  "newPassword",
  "confirmNewPassword",
);

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message per field, or an empty object when the values pass. */
export function fieldErrors<K extends string>(schema: z.ZodType, values: Record<K, unknown>): FieldErrors<K> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && !(field in errors)) errors[field as K] = issue.message;
  }
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A reset token from whatever was pasted: the token itself, or the whole link from the e-mail. */
export function tokenFromInput(input: string): string {
  const text = input.trim();
  const fromPath = /\/reset-password\/([^/?#\s]+)/.exec(text);
  if (fromPath?.[1]) return safeDecode(fromPath[1]);
  const fromQuery = /[?&]token=([^&#\s]+)/.exec(text);
  if (fromQuery?.[1]) return safeDecode(fromQuery[1]);
  return text;
}
