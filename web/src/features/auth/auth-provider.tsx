import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { useQueryClient } from "@tanstack/react-query";
import { Outlet, useNavigate } from "react-router";

import { pendingSession, isApiStatus } from "@/features/auth/api-errors";
import { AuthContext, type AuthContextValue, type AuthStatus, type AuthUser } from "@/features/auth/auth-context";
import { EndedByLogoutContext } from "@/features/auth/session-internal";
import { clearUserStorage, setStorageOwner } from "@/features/auth/user-storage";
import { toast } from "@/hooks/use-toast";
import { api } from "@/lib/api/client";
import { onSessionEnded } from "@/lib/query-client";
import {
  AUTH_PATH,
  POST_LOGIN_REFRESH_DELAY_MS,
  POST_TERMS_REFRESH_DELAY_MS,
  SESSION_REFRESH_INTERVAL_MS,
  SESSION_RETRY_DELAY_MS,
  SIGNED_IN_COOKIE,
} from "@/lib/constants";

interface SessionState {
  status: AuthStatus;
  user: AuthUser | null;
  needsTermsAgreement: boolean;
  needsVerification: boolean;
  endedByLogout: boolean;
}

const CHECKING: SessionState = {
  status: "loading",
  user: null,
  needsTermsAgreement: false,
  needsVerification: false,
  endedByLogout: false,
};

function signedOut(endedByLogout: boolean): SessionState {
  return { ...CHECKING, status: "unauthenticated", endedByLogout };
}

/** Signed in; the user's own flags say whether verification or the terms are still pending. */
function signedIn(user: AuthUser, flags?: { needsTermsAgreement: boolean; needsVerification: boolean }): SessionState {
  return {
    status: "authenticated",
    user,
    needsTermsAgreement: flags?.needsTermsAgreement ?? user.needsTermsAgreement,
    needsVerification: flags?.needsVerification ?? user.needsVerification,
    endedByLogout: false,
  };
}

/** The session call: no caching anywhere on the way (the session cookie is what identifies us). */
const SESSION_REQUEST = {
  cache: "no-store",
  headers: { "Cache-Control": "no-cache", Pragma: "no-cache" },
} as const;

type SessionResult =
  | { kind: "signed-in"; state: SessionState }
  | { kind: "signed-out" }
  | { kind: "failed" };

async function readSessionOnce(): Promise<SessionResult> {
  try {
    const { data } = await api.GET("/api/auth/me", SESSION_REQUEST);
    if (!data) return { kind: "failed" };
    return { kind: "signed-in", state: signedIn(data) };
  } catch (error) {
    if (isApiStatus(error, 401)) return { kind: "signed-out" };
    // A 403 while verification or the terms are pending still carries the user.
    const pending = pendingSession(error);
    if (pending) return { kind: "signed-in", state: signedIn(pending.user, pending) };
    if (isApiStatus(error, 500)) throw error;
    return { kind: "failed" };
  }
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether the server says a session cookie exists (a readable flag beside the HttpOnly cookie). */
export function hasSessionFlag(): boolean {
  return document.cookie.split(";").some((part) => part.trim() === `${SIGNED_IN_COOKIE}=1`);
}

/** GET /api/auth/me, retried once after SESSION_RETRY_DELAY_MS when it answers 500. With no
 * session cookie there is nothing to ask: a visitor's page makes no call that can only fail. */
async function readSession(): Promise<SessionResult> {
  if (!hasSessionFlag()) return { kind: "signed-out" };
  try {
    return await readSessionOnce();
  } catch {
    await wait(SESSION_RETRY_DELAY_MS);
    try {
      return await readSessionOnce();
    } catch {
      return { kind: "failed" };
    }
  }
}

/**
 * Holds the session (spec part 1, section 4, "Authentication" and "Session refresh"): loads it on
 * start, re-reads it every SESSION_REFRESH_INTERVAL_MS while signed in, and shortly after a sign-in
 * or a terms agreement. The session itself is the server's HttpOnly cookie; no token is kept in
 * browser storage or sent in a URL.
 *
 * It navigates (an expired session and a logout end on /auth), so it must render inside the router.
 * Without children it renders the matched child route, so it can be a layout route's Component.
 */
export function AuthProvider({ children }: { children?: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(CHECKING);
  // The latest state for callbacks, updated together with it (no stale closures).
  const stateRef = useRef(state);
  // Each session read takes a number; only the latest one may change the state, so a slow
  // answer never overwrites a newer sign-in or logout.
  const readCounter = useRef(0);
  const refreshTimers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const mounted = useRef(false);
  const flagAtStart = useRef(hasSessionFlag());

  const apply = useCallback((next: SessionState) => {
    stateRef.current = next;
    // Drafts belong to the signed-in user and go when the session ends, however it ends.
    setStorageOwner(next.status === "authenticated" ? (next.user?.id ?? null) : null);
    if (next.status === "unauthenticated") clearUserStorage();
    setState(next);
  }, []);

  const clearRefreshTimers = useCallback(() => {
    for (const timer of refreshTimers.current) clearTimeout(timer);
    refreshTimers.current.clear();
  }, []);

  /** The session ended without a logout: local state and cached data go, the user is told and
   * sent to /auth (the guard remembers the page as returnTo). Replace, as the guard does: one
   * history entry, and the address bar says /auth while the sign-in form shows. */
  const sessionExpired = useCallback(() => {
    queryClient.clear();
    toast({
      title: "Session Expired",
      description: "Your session has expired. Please log in again.",
      variant: "destructive",
    });
    void navigate(AUTH_PATH, { replace: true });
  }, [navigate, queryClient]);

  const refreshSession = useCallback(async () => {
    const readId = ++readCounter.current;
    const result = await readSession();
    if (!mounted.current || readId !== readCounter.current) return;

    const current = stateRef.current;
    switch (result.kind) {
      case "signed-in":
        apply(result.state);
        return;
      case "signed-out": {
        // Believed signed in: in this page, or (on a fresh load) the server had set its flag.
        const believedSignedIn =
          current.status === "authenticated" || (current.status === "loading" && flagAtStart.current);
        apply(signedOut(current.endedByLogout && !believedSignedIn));
        if (believedSignedIn) sessionExpired();
        return;
      }
      case "failed":
        // The server could not be asked (offline, 429, 5xx twice). A first check cannot confirm a
        // session, so it counts as signed out; a later one keeps the state rather than signing the
        // user out over a blip (the next refresh asks again).
        if (current.status === "loading") apply(signedOut(false));
        return;
    }
  }, [apply, sessionExpired]);

  // Any query or mutation answered 401 (lib/query-client.ts): the server no longer knows this
  // session. Handled here, once: the first 401 signs out, later ones find nobody signed in.
  useEffect(
    () =>
      onSessionEnded(queryClient, () => {
        if (stateRef.current.status !== "authenticated") return;
        readCounter.current++;
        clearRefreshTimers();
        apply(signedOut(false));
        sessionExpired();
      }),
    [apply, clearRefreshTimers, queryClient, sessionExpired],
  );

  const scheduleRefresh = useCallback(
    (delayMs: number) => {
      const timer = setTimeout(() => {
        refreshTimers.current.delete(timer);
        void refreshSession();
      }, delayMs);
      refreshTimers.current.add(timer);
    },
    [refreshSession],
  );

  useEffect(() => {
    mounted.current = true;
    void refreshSession();
    const timers = refreshTimers.current;
    return () => {
      mounted.current = false;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    };
  }, [refreshSession]);

  const isSignedIn = state.status === "authenticated";
  useEffect(() => {
    if (!isSignedIn) return;
    const interval = setInterval(() => void refreshSession(), SESSION_REFRESH_INTERVAL_MS);
    return () => clearInterval(interval);
  }, [isSignedIn, refreshSession]);

  const login = useCallback(
    async (username: string, password: string) => {
      const { data } = await api.POST("/api/auth/login", { body: { username, password } });
      if (!data) throw new Error("The sign-in answer had no body");
      readCounter.current++;
      apply(signedIn(data.user));
      scheduleRefresh(POST_LOGIN_REFRESH_DELAY_MS);
      return data.user;
    },
    [apply, scheduleRefresh],
  );

  const setUser = useCallback(
    (user: AuthUser) => {
      const previous = stateRef.current;
      readCounter.current++;
      apply(signedIn(user));
      if (previous.status !== "authenticated") {
        // A sign-in by another route (e-mail verification).
        scheduleRefresh(POST_LOGIN_REFRESH_DELAY_MS);
      } else if (previous.needsTermsAgreement && !user.needsTermsAgreement) {
        scheduleRefresh(POST_TERMS_REFRESH_DELAY_MS);
      }
    },
    [apply, scheduleRefresh],
  );

  const logout = useCallback(async ({ to = AUTH_PATH }: { to?: string } = {}) => {
    // Leave the signed-in screens before the session ends, so none of their polls asks the server
    // again once it has (a 401 in the console after a logout while an entry was being analysed).
    readCounter.current++;
    clearRefreshTimers();
    await queryClient.cancelQueries();
    flushSync(() => apply(signedOut(true))); // rendered now: RequireSession has left those screens
    // Replace: Back after logging out should not land on a signed-in screen.
    void navigate(to, { replace: true });
    try {
      await api.POST("/api/auth/logout");
      toast({ title: "Logged Out" });
    } catch {
      // The spec only logs this; we tell the user, since they may still be signed in elsewhere.
      toast({ title: "Logout Failed", description: "There was an error logging out.", variant: "destructive" });
    }
    queryClient.clear();
  }, [apply, clearRefreshTimers, navigate, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      needsTermsAgreement: state.needsTermsAgreement,
      needsVerification: state.needsVerification,
      login,
      logout,
      refreshSession,
      setUser,
    }),
    [state, login, logout, refreshSession, setUser],
  );

  return (
    <AuthContext value={value}>
      <EndedByLogoutContext value={state.endedByLogout}>{children ?? <Outlet />}</EndedByLogoutContext>
    </AuthContext>
  );
}
