import { Suspense, use, useEffect, type ReactNode } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";

import { useAuth, type AuthUser } from "@/features/auth/auth-context";
import { rememberReturnTo } from "@/features/auth/return-to";
import { EndedByLogoutContext } from "@/features/auth/session-internal";
import { SessionSpinner } from "@/features/auth/session-spinner";
import { LazyTermsScreen } from "@/features/terms/lazy-terms-screen";
import { AUTH_PATH } from "@/lib/constants";


/** The auth screen's verify view for this account (the spec's userId/email/username/verify=true link). */
function verifyPath(user: AuthUser): string {
  const query = new URLSearchParams({ userId: user.id, email: user.email, username: user.username, verify: "true" });
  return `${AUTH_PATH}?${query.toString()}`;
}

/**
 * The session guard (spec part 1, section 2, "Guard behaviour"; section 4).
 *
 * - While the session is being checked: a spinner with 'Verifying session...'.
 * - Signed out: remembers the current path (pathname + search) as returnTo and goes to /auth; or,
 *   when `signedOut` is given, shows that instead (the public landing at /).
 * - Signed in but the e-mail is not verified: the auth screen's verify view.
 * - Signed in without agreeing to the terms: only the terms screen, nothing else of the app.
 * - Otherwise: `children`, or the matched child route.
 */
export function RequireSession({ children, signedOut }: { children?: ReactNode; signedOut?: ReactNode }) {
  const { status, user, needsTermsAgreement, needsVerification } = useAuth();
  const endedByLogout = use(EndedByLogoutContext);
  const location = useLocation();
  const navigate = useNavigate();

  const leaveFor =
    status === "unauthenticated" && signedOut === undefined
      ? AUTH_PATH
      : status === "authenticated" && needsVerification && user
        ? verifyPath(user)
        : null;

  useEffect(() => {
    if (!leaveFor) return;
    if (leaveFor === AUTH_PATH && !endedByLogout) rememberReturnTo(location.pathname + location.search);
    void navigate(leaveFor, { replace: true });
  }, [leaveFor, endedByLogout, location.pathname, location.search, navigate]);

  if (status === "loading") return <SessionSpinner label="Verifying session..." />;
  if (status === "unauthenticated") return signedOut ?? <SessionSpinner label="Verifying session..." />;
  if (needsVerification) return <SessionSpinner label="Verifying session..." />;
  if (needsTermsAgreement) {
    return (
      <Suspense fallback={<SessionSpinner label="Loading..." />}>
        <LazyTermsScreen />
      </Suspense>
    );
  }
  return children ?? <Outlet />;
}
