import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { vi } from "vitest";

import { AppProviders } from "@/app/providers";
import { AuthContext, type AuthContextValue, type AuthUser } from "@/features/auth/auth-context";
import { AppShell } from "@/features/shell/app-shell";
import { createQueryClient } from "@/lib/query-client";

export function makeUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    username: "ana",
    email: "ana@example.com",
    agreedToTerms: true,
    termsAgreedAt: "2025-01-01T00:00:00Z",
    needsTermsAgreement: false,
    needsVerification: false,
    isAdmin: false,
    isPremium: false,
    subscriptionTier: "free",
    isVerified: true,
    birthDate: null,
    createdAt: "2025-01-01T00:00:00Z",
    darkMode: true,
    fullName: null,
    gender: null,
    journalingExperience: null,
    lastLoginAt: null,
    showDarkModeToggle: true,
    ...overrides,
  };
}

export function makeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const user = overrides.user === undefined ? makeUser() : overrides.user;
  return {
    status: user ? "authenticated" : "unauthenticated",
    user,
    needsTermsAgreement: false,
    needsVerification: false,
    login: vi.fn(async () => makeUser()),
    logout: vi.fn(async () => {}),
    refreshSession: vi.fn(async () => {}),
    setUser: vi.fn(),
    ...overrides,
  };
}

function Page({ title }: { title: string }) {
  return (
    <main>
      <h1>{title}</h1>
    </main>
  );
}

const shellChildren: RouteObject[] = [
  { index: true, element: <Page title="Journal page" /> },
  ...["patterns", "tasks", "profile", "settings", "subscription", "about", "admin"].map((path) => ({
    path,
    element: <Page title={`${path} page`} />,
  })),
];

/** The app shell as a layout route over stand-in pages, with a fake session. */
export function renderShell({ path = "/", auth = makeAuth() }: { path?: string; auth?: AuthContextValue } = {}) {
  const router = createMemoryRouter(
    [
      { path: "/", Component: AppShell, children: shellChildren },
      { path: "/auth", element: <Page title="Auth page" /> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <AppProviders queryClient={createQueryClient()}>
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </AppProviders>,
  );
  return { ...result, router, auth };
}

/** Renders a shell part that needs a router, the app providers and a session. */
export function renderInShell(ui: ReactNode, { auth = makeAuth(), path = "/" } = {}) {
  const router = createMemoryRouter([{ path: "*", element: ui }], { initialEntries: [path] });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </AppProviders>,
  );
}

/** Makes `matchMedia` answer width queries as a window `width` px wide would. */
export function mockViewportWidth(width: number): void {
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) => {
    const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches: (max !== null || min !== null) && matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  });
}
