/**
 * Test-only: the one way the web tests render, inside the providers the app uses (AppProviders:
 * server state with a fresh query client, theme, toasts), optionally with a fake session and in a
 * memory router.
 */
import type { ReactElement, ReactNode } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { render, type RenderResult } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";

import { AppProviders } from "@/app/providers";
import { AuthContext, type AuthContextValue } from "@/features/auth/auth-context";
import { createQueryClient } from "@/lib/query-client";

export type TestRouter = ReturnType<typeof createMemoryRouter>;

export interface RenderOptions {
  /** A fake session (see makeAuth in features/auth/test-support): no AuthProvider round trip. */
  auth?: AuthContextValue;
  /** With a route table: where the router starts; a list is its history, the last one current. */
  path?: string | string[];
  /** The query client (default: a fresh one, as the app makes it). */
  queryClient?: QueryClient;
}

export interface Rendered extends RenderResult {
  queryClient: QueryClient;
}

/** Renders `routes` in a memory router (at `path`, default "/"), inside the app's providers. */
export function renderWithProviders(routes: RouteObject[], options?: RenderOptions): Rendered & { router: TestRouter };
/** Renders `ui` inside the app's providers (no router). */
export function renderWithProviders(ui: ReactElement, options?: Omit<RenderOptions, "path">): Rendered;
export function renderWithProviders(
  content: ReactElement | RouteObject[],
  { auth, path = "/", queryClient = createQueryClient() }: RenderOptions = {},
): Rendered & { router?: TestRouter } {
  const history = Array.isArray(path) ? path : [path];
  let router: TestRouter | undefined;
  let tree: ReactElement;
  if (Array.isArray(content)) {
    router = createMemoryRouter(content, { initialEntries: history, initialIndex: history.length - 1 });
    tree = <RouterProvider router={router} />;
  } else {
    tree = content;
  }
  const result = render(
    <AppProviders queryClient={queryClient}>
      {auth ? <AuthContext.Provider value={auth}>{tree}</AuthContext.Provider> : tree}
    </AppProviders>,
  );
  return { ...result, queryClient, router };
}

/** A renderHook wrapper with the app's providers (and `queryClient`, when the test holds it). */
export function providersWrapper(queryClient: QueryClient = createQueryClient()) {
  return function Providers({ children }: { children: ReactNode }) {
    return <AppProviders queryClient={queryClient}>{children}</AppProviders>;
  };
}
