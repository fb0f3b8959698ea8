import { Navigate, createBrowserRouter, useLocation, type RouteObject } from "react-router";

import { useAuth } from "@/features/auth/auth-context";
import { AuthPage } from "@/features/auth/auth-page";
import { AuthProvider } from "@/features/auth/auth-provider";
import { RequireSession } from "@/features/auth/require-session";
import { NotFoundPage } from "@/features/errors/not-found-page";
import { RouteErrorPage } from "@/features/errors/route-error-page";
import { JournalHomePage } from "@/features/journal/journal-home-page";
import { LandingPage } from "@/features/landing/landing-page";
import { SectionPlaceholderPage } from "@/features/sections/section-placeholder-page";
import { AppShell } from "@/features/shell/app-shell";
import { AboutPage } from "@/features/static/about-page";
import { PrivacyPolicyPage } from "@/features/static/privacy-policy-page";
import { TermsOfServicePage } from "@/features/static/terms-of-service-page";

/**
 * The signed-in area: one guard and one shell for every guarded path (so moving between them
 * never remounts the shell). A visitor at `/` sees the public landing instead of being sent to
 * /auth (spec part 1 section 2, route table).
 */
function SignedInArea() {
  const { pathname } = useLocation();
  return (
    <RequireSession signedOut={pathname === "/" ? <LandingPage /> : undefined}>
      <AppShell />
    </RequireSession>
  );
}

/** The admin panel is for admins only; the server enforces it on every admin call too. */
function AdminRoute() {
  const { user } = useAuth();
  return user?.isAdmin ? <SectionPlaceholderPage title="Admin Panel" /> : <NotFoundPage />;
}

/** Every route of the app, in one place (spec part 1, section 2, route table). */
export const routes: RouteObject[] = [
  {
    Component: AuthProvider,
    ErrorBoundary: RouteErrorPage,
    children: [
      { path: "auth", Component: AuthPage },
      { path: "auth/reset-password/:token", Component: AuthPage },
      { path: "privacy-policy", Component: PrivacyPolicyPage },
      { path: "terms-of-service", Component: TermsOfServicePage },
      { path: "about", Component: AboutPage },
      {
        Component: SignedInArea,
        children: [
          { index: true, Component: JournalHomePage },
          { path: "profile", element: <JournalHomePage insightsFirst /> },
          { path: "settings", element: <SectionPlaceholderPage title="Settings" /> },
          { path: "insights", element: <SectionPlaceholderPage title="Insights" /> },
          { path: "patterns", element: <SectionPlaceholderPage title="Patterns & Self-Exploration" /> },
          { path: "tasks", element: <SectionPlaceholderPage title="Tasks" /> },
          { path: "subscription", element: <SectionPlaceholderPage title="Subscription" /> },
          { path: "admin", Component: AdminRoute },
          { path: "projects", element: <Navigate to="/tasks" replace /> },
          { path: "*", Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
