import { createBrowserRouter, type RouteObject } from "react-router";

import { AuthPlaceholderPage } from "@/features/auth/auth-placeholder-page";
import { NotFoundPage } from "@/features/errors/not-found-page";
import { RouteErrorPage } from "@/features/errors/route-error-page";
import { LandingPage } from "@/features/landing/landing-page";

/**
 * Every route of the app, in one place (spec part 1, section 2, route table).
 * The session guard and the signed-in screens join this table with the accounts work; until then
 * `/` is the public landing and unknown paths show the not-found screen.
 */
export const routes: RouteObject[] = [
  {
    ErrorBoundary: RouteErrorPage,
    children: [
      { index: true, Component: LandingPage },
      { path: "auth", Component: AuthPlaceholderPage },
      { path: "*", Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
