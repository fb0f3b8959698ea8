import type { ReactElement } from "react";
import type { RouteObject } from "react-router";
import { vi } from "vitest";

import type { AuthContextValue } from "@/features/auth/auth-context";
import { makeAuth } from "@/features/auth/test-support";
import { AppShell } from "@/features/shell/app-shell";
import { mediaQueryList } from "@/test/media";
import { renderWithProviders } from "@/test/render";

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
  const routes = [
    { path: "/", Component: AppShell, children: shellChildren },
    { path: "/auth", element: <Page title="Auth page" /> },
  ];
  return { ...renderWithProviders(routes, { path, auth }), auth };
}

/** Renders a shell part that needs a router, the app providers and a session. */
export function renderInShell(ui: ReactElement, { auth = makeAuth(), path = "/" } = {}) {
  return renderWithProviders([{ path: "*", element: ui }], { auth, path });
}

/** Makes `matchMedia` answer width queries as a window `width` px wide would. */
export function mockViewportWidth(width: number): void {
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) => {
    const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return mediaQueryList(query, (max !== null || min !== null) && matches);
  });
}
