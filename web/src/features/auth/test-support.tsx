/**
 * Test-only helpers for the account screens: a scripted fake of the API behind a stubbed `fetch`,
 * a user and a fake session, and the app's routes wired the way the app wires them (see
 * auth-provider.tsx).
 * Test files also need:
 *
 *   vi.mock("@/lib/api/client", async (importOriginal) =>
 *     (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()));
 */
import { act } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { vi } from "vitest";

import type { AuthContextValue, AuthUser } from "@/features/auth/auth-context";
import { AuthPage } from "@/features/auth/auth-page";
import { AuthProvider } from "@/features/auth/auth-provider";
import { RequireSession } from "@/features/auth/require-session";
import { JournalHomePage } from "@/features/journal/journal-home-page";
import { dismiss } from "@/hooks/use-toast";
import { SIGNED_IN_COOKIE } from "@/lib/constants";
import { renderWithProviders } from "@/test/render";

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

/** "METHOD /path" -> the answer (called per request, so each call gets a fresh Response). */
export type Handlers = Record<string, (request: Request) => Response | Promise<Response>>;

export interface FakeApi {
  handlers: Handlers;
  /** Every request made, in order. */
  requests: Request[];
  /** The requests to "METHOD /path". */
  calls: (key: string) => Request[];
  /** The JSON body of the nth (default: last) request to "METHOD /path". */
  body: (key: string, index?: number) => Promise<unknown>;
}

/** Stubs `fetch` with a fake API; unknown calls fail the test loudly. */
function setSessionFlag(on: boolean): void {
  document.cookie = on ? `${SIGNED_IN_COOKIE}=1; path=/` : `${SIGNED_IN_COOKIE}=; path=/; max-age=0`;
}

/** Stubs `fetch` with a fake API; unknown calls fail the test loudly. Like the real server, it
 * keeps the readable "signed in" cookie: present when the session call has a session to answer
 * (any /me handler but NO_SESSION), set by a successful login or verification, cleared by logout
 * and by a 401 from the session call. */
export function fakeApi(handlers: Handlers): FakeApi {
  setSessionFlag(handlers["GET /api/auth/me"] !== undefined && handlers["GET /api/auth/me"] !== NO_SESSION);
  const requests: Request[] = [];
  const bodies = new Map<Request, Promise<unknown>>();
  const keyOf = (request: Request) => `${request.method} ${new URL(request.url).pathname}`;

  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      requests.push(request);
      bodies.set(
        request,
        request
          .clone()
          .text()
          // A multipart upload's body is no JSON: kept as its text.
          .then((text) => {
            try {
              return text ? JSON.parse(text) : undefined;
            } catch {
              return text;
            }
          }),
      );
      const key = keyOf(request);
      const handler = api.handlers[key];
      if (!handler) throw new Error(`Unexpected call in test: ${key}`);
      const response = await handler(request);
      if ((key === "POST /api/auth/login" || key === "POST /api/auth/verify-email") && response.ok) setSessionFlag(true);
      if (key === "POST /api/auth/logout" || (key === "GET /api/auth/me" && response.status === 401)) {
        setSessionFlag(false);
      }
      return response;
    }),
  );

  const api: FakeApi = {
    handlers,
    requests,
    calls: (key) => requests.filter((request) => keyOf(request) === key),
    body: async (key, index) => {
      const matching = api.calls(key);
      const request = matching.at(index ?? -1);
      if (!request) throw new Error(`No call to ${key}`);
      return bodies.get(request);
    },
  };
  return api;
}

export function makeUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: "8d3c1c8e-0000-4000-8000-000000000001",
    username: "maya",
    email: "maya@example.com",
    isVerified: true,
    agreedToTerms: true,
    termsAgreedAt: "2025-05-01T10:00:00Z",
    needsTermsAgreement: false,
    needsVerification: false,
    isAdmin: false,
    isPremium: false,
    subscriptionTier: "free",
    journalingExperience: null,
    fullName: null,
    gender: null,
    birthDate: null,
    darkMode: true,
    showDarkModeToggle: true,
    createdAt: "2025-05-01T09:00:00Z",
    lastLoginAt: null,
    ...overrides,
  };
}

/** A fake session (the AuthContext value) signed in as `makeUser()`, or as `overrides.user` (null:
 * signed out); its actions are spies. */
export function makeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const user = overrides.user === undefined ? makeUser() : overrides.user;
  return {
    status: user ? "authenticated" : "unauthenticated",
    user,
    needsTermsAgreement: false,
    needsVerification: false,
    login: vi.fn(async () => user ?? makeUser()),
    logout: vi.fn(async () => {}),
    refreshSession: vi.fn(async () => {}),
    setUser: vi.fn(),
    ...overrides,
  };
}

export const NO_SESSION = () => json(401, { error: "Not authenticated. Please log in." });

/** The routes as the app wires them: AuthProvider as the root layout, guarded and public children. */
export function testRoutes(): RouteObject[] {
  return [
    {
      Component: AuthProvider,
      children: [
        {
          index: true,
          element: (
            <RequireSession signedOut={<h1>Welcome, visitor</h1>}>
              <JournalHomePage />
            </RequireSession>
          ),
        },
        { path: "auth", Component: AuthPage },
        { path: "auth/reset-password/:token", Component: AuthPage },
        {
          Component: RequireSession,
          children: [{ path: "tasks", element: <h1>Tasks page</h1> }],
        },
      ],
    },
  ];
}

export function renderApp(path: string) {
  return renderWithProviders(testRoutes(), { path });
}

/** With fake timers: lets them run `ms` further, and the answers they trigger settle. */
export async function advanceTimers(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Timers to fake: not the ones Node's fetch and React's scheduler rely on. With these faked, use
 * fireEvent rather than userEvent (Testing Library's async wrapper waits on a setTimeout). */
export const FAKED_TIMERS = ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] as const;

/** Closes any toast a test left open (the toast store outlives a test's render). */
export function closeToasts(): void {
  act(() => dismiss());
}
