/**
 * Reading the server's JSON error bodies (`{ error, ...detail }`, see api/errors.py) out of an
 * ApiError. Screens show the server's own `error` text where the spec says "server error".
 */
import type { AuthUser } from "@/features/auth/auth-context";
import { ApiError } from "@/lib/api/client";

type Body = Record<string, unknown>;

function isObject(value: unknown): value is Body {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The parsed JSON body of a failed call, when it was a JSON object. */
export function errorBody(error: unknown): Body | null {
  return error instanceof ApiError && isObject(error.body) ? error.body : null;
}

export { serverMessage } from "@/lib/api/client";

export function isApiStatus(error: unknown, status: number): error is ApiError {
  return error instanceof ApiError && error.status === status;
}

/** The field a 400 names (`{ error, field }`), if any. */
export function errorField(error: unknown): string | undefined {
  const value = errorBody(error)?.field;
  return typeof value === "string" ? value : undefined;
}

export interface PendingSession {
  user: AuthUser;
  needsTermsAgreement: boolean;
  needsVerification: boolean;
}

/** A 403 from the session call while a step is pending: `{ error, needsTermsAgreement, needsVerification, user }`. */
export function pendingSession(error: unknown): PendingSession | null {
  if (!isApiStatus(error, 403)) return null;
  const body = errorBody(error);
  if (!body || !isObject(body.user) || typeof body.user.id !== "string") return null;
  const needsTermsAgreement = body.needsTermsAgreement === true;
  const needsVerification = body.needsVerification === true;
  if (!needsTermsAgreement && !needsVerification) return null;
  return { user: body.user as unknown as AuthUser, needsTermsAgreement, needsVerification };
}

export interface AccountToVerify {
  userId: string;
  email: string;
  username: string;
}

/** A 403 from login for an account whose e-mail is not verified yet (a new code was just sent). */
export function unverifiedAccount(error: unknown): AccountToVerify | null {
  if (!isApiStatus(error, 403)) return null;
  const body = errorBody(error);
  if (!body || body.needsVerification !== true || !isObject(body.user)) return null;
  const { id, email, username } = body.user;
  if (typeof id !== "string" || typeof email !== "string") return null;
  return { userId: id, email, username: typeof username === "string" ? username : "" };
}
