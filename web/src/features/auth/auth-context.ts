/**
 * The session as the app sees it (spec part 1 section 4, "Authentication"). The provider in
 * `auth-provider.tsx` implements it; everything else reads it through `useAuth()`.
 */
import { createContext, useContext } from "react";

import type { Schemas } from "@/lib/api/client";

export type AuthUser = Schemas["UserOut"];
export type AuthStatus = "loading" | "authenticated" | "unauthenticated";

export interface AuthContextValue {
  status: AuthStatus;
  /** Set when signed in, including while a step (verification, terms) is pending. */
  user: AuthUser | null;
  needsTermsAgreement: boolean;
  needsVerification: boolean;
  /** Sign in with a username or e-mail; resolves with the user, rejects with an ApiError. */
  login: (username: string, password: string) => Promise<AuthUser>;
  /** Ends the session on the server, clears local state and goes to /auth (or `to`, replacing the
   * current page); never throws (a failure shows the 'Logout Failed' toast, and local state is
   * cleared anyway). */
  logout: (options?: { to?: string }) => Promise<void>;
  /** Re-reads the session (GET /api/auth/me). */
  refreshSession: () => Promise<void>;
  /** Adopt a user the server just returned (after verify or terms agreement). */
  setUser: (user: AuthUser) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth() must be used inside <AuthProvider>");
  return value;
}
