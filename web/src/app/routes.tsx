import { Suspense, useEffect, type ComponentType } from "react";
import { Navigate, createBrowserRouter, useLocation, type RouteObject } from "react-router";

import { useAuth } from "@/features/auth/auth-context";
import { AuthProvider, hasSessionFlag } from "@/features/auth/auth-provider";
import { RequireSession } from "@/features/auth/require-session";
import { SessionSpinner } from "@/features/auth/session-spinner";
import { NotFoundPage } from "@/features/errors/not-found-page";
import { RouteErrorPage } from "@/features/errors/route-error-page";
import { RedirectToPatterns } from "@/features/patterns/redirect-to-patterns";
import { PrivacyMode } from "@/features/settings/privacy-mode";
import { lazyPage, type PreloadableComponent } from "@/lib/lazy-page";

/*
 * Code splitting: the first download holds React, the router, the session guard and the small
 * screens; every screen below comes in its own chunk, fetched when first shown (or preloaded when
 * it is about to be). `npm run size` prints what the first paint costs.
 */
const AuthPage = lazyPage(() => import("@/features/auth/auth-page").then((m) => ({ default: m.AuthPage })));
const LandingPage = lazyPage(() => import("@/features/landing/landing-page").then((m) => ({ default: m.LandingPage })));
const AppShell = lazyPage(() => import("@/features/shell/app-shell").then((m) => ({ default: m.AppShell })));
const JournalHomePage = lazyPage(() =>
  import("@/features/journal/journal-home-page").then((m) => ({ default: m.JournalHomePage })),
);
const PatternsPage = lazyPage(() =>
  import("@/features/patterns/patterns-page").then((m) => ({ default: m.PatternsPage })),
);
const InsightsPage = lazyPage(() =>
  import("@/features/patterns/insights-page").then((m) => ({ default: m.InsightsPage })),
);
const SubscriptionPage = lazyPage(() =>
  import("@/features/subscription/subscription-page").then((m) => ({ default: m.SubscriptionPage })),
);
const AdminPage = lazyPage(() => import("@/features/admin/admin-page").then((m) => ({ default: m.AdminPage })));
const AdminUserPage = lazyPage(() =>
  import("@/features/admin/user-page").then((m) => ({ default: m.AdminUserPage })),
);
const TasksPage = lazyPage(() => import("@/features/tasks/tasks-page").then((m) => ({ default: m.TasksPage })));
const AboutPage = lazyPage(() => import("@/features/static/about-page").then((m) => ({ default: m.AboutPage })));
const PrivacyPolicyPage = lazyPage(() =>
  import("@/features/static/privacy-policy-page").then((m) => ({ default: m.PrivacyPolicyPage })),
);
const SettingsPage = lazyPage(() =>
  import("@/features/settings/settings-page").then((m) => ({ default: m.SettingsPage })),
);
const TermsOfServicePage = lazyPage(() =>
  import("@/features/static/terms-of-service-page").then((m) => ({ default: m.TermsOfServicePage })),
);

/** The wait for a screen's chunk: the same quiet spinner as the session check, in the same place. */
function PageFallback({ label = "Loading..." }: { label?: string }) {
  return <SessionSpinner label={label} />;
}

/** A lazy screen as a route component, with its own loading fallback. */
function withFallback<P extends object>(
  Page: PreloadableComponent<ComponentType<P>>,
  label?: string,
): ComponentType<P> {
  function Suspended(props: P) {
    return (
      <Suspense fallback={<PageFallback label={label} />}>
        <Page {...props} />
      </Suspense>
    );
  }
  Suspended.displayName = "Suspended";
  return Suspended;
}

const AuthRoute = withFallback(AuthPage);
const AboutRoute = withFallback(AboutPage);
const PrivacyPolicyRoute = withFallback(PrivacyPolicyPage);
const TermsOfServiceRoute = withFallback(TermsOfServicePage);
const LandingRoute = withFallback(LandingPage);
const AppShellRoute = withFallback(AppShell);
const JournalHomeRoute = withFallback(JournalHomePage, "Opening your journal...");
const TasksRoute = withFallback(TasksPage);
const SubscriptionRoute = withFallback(SubscriptionPage);
const AdminPageRoute = withFallback(AdminPage);
const AdminUserPageRoute = withFallback(AdminUserPage);
const PatternsRoute = withFallback(PatternsPage);
const InsightsRoute = withFallback(InsightsPage);
const SettingsRoute = withFallback(SettingsPage);

/**
 * The signed-in area: one guard and one shell for every guarded path (so moving between them
 * never remounts the shell). A visitor at `/` sees the public landing instead of being sent to
 * /auth (spec part 1 section 2, route table).
 */
function SignedInArea() {
  const { pathname } = useLocation();
  const { status } = useAuth();

  // Fetch the screens the session leads to in parallel, not one after the other: while it is
  // checked, the landing at / when there is no session cookie; the signed-in shell (and the
  // journal at / and /profile) when there is one, or once the user is signed in.
  useEffect(() => {
    const signedIn = status === "authenticated" || (status === "loading" && hasSessionFlag());
    if (signedIn) {
      void AppShell.preload();
      if (pathname === "/" || pathname === "/profile") void JournalHomePage.preload();
    } else if (pathname === "/") {
      void LandingPage.preload();
    }
  }, [status, pathname]);

  return (
    <RequireSession signedOut={pathname === "/" ? <LandingRoute /> : undefined}>
      <AppShellRoute />
      <PrivacyMode />
    </RequireSession>
  );
}

/** The admin panel is for admins only; the server enforces it on every admin call too. */
function AdminRoute() {
  const { user } = useAuth();
  return user?.isAdmin ? <AdminPageRoute /> : <NotFoundPage />;
}

/** One user's page in the admin panel; admins only, as the panel. */
function AdminUserRoute() {
  const { user } = useAuth();
  return user?.isAdmin ? <AdminUserPageRoute /> : <NotFoundPage />;
}

/** Every route of the app, in one place (spec part 1, section 2, route table). */
export const routes: RouteObject[] = [
  {
    Component: AuthProvider,
    ErrorBoundary: RouteErrorPage,
    children: [
      { path: "auth", Component: AuthRoute },
      { path: "auth/reset-password/:token", Component: AuthRoute },
      { path: "privacy-policy", Component: PrivacyPolicyRoute },
      { path: "terms-of-service", Component: TermsOfServiceRoute },
      { path: "about", Component: AboutRoute },
      {
        Component: SignedInArea,
        children: [
          { index: true, Component: JournalHomeRoute },
          { path: "profile", element: <JournalHomeRoute insightsFirst /> },
          { path: "settings", Component: SettingsRoute },
          { path: "insights", Component: InsightsRoute },
          { path: "patterns", Component: PatternsRoute },
          { path: "tasks", Component: TasksRoute },
          { path: "subscription", Component: SubscriptionRoute },
          { path: "admin", Component: AdminRoute },
          { path: "admin/users/:userId", Component: AdminUserRoute },
          { path: "projects", element: <Navigate to="/tasks" replace /> },
          { path: "self-exploration", Component: RedirectToPatterns },
          { path: "*", Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
