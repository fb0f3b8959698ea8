import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";

import type { AccountToVerify } from "@/features/auth/api-errors";
import { useAuth } from "@/features/auth/auth-context";
import { AuthLayout } from "@/features/auth/auth-layout";
import { ForgotPasswordView } from "@/features/auth/forgot-password-view";
import { LoginView } from "@/features/auth/login-view";
import { RegisterView } from "@/features/auth/register-view";
import { ResetPasswordView } from "@/features/auth/reset-password-view";
import { takeReturnTo } from "@/features/auth/return-to";
import { SessionSpinner } from "@/features/auth/session-spinner";
import { VerifyView } from "@/features/auth/verify-view";
import { LazyTermsScreen } from "@/features/terms/lazy-terms-screen";
import { AUTH_PATH } from "@/lib/constants";

type AuthView =
  | { name: "login"; username?: string }
  | { name: "register" }
  | { name: "verify"; account: AccountToVerify }
  | { name: "forgot" }
  | { name: "reset"; token: string };

/**
 * The view a link opens: a reset token in the path (/auth/reset-password/{token}) or the query
 * (?token=), or the verify view from ?userId=&email=&username=&verify=true; otherwise login.
 */
function viewFromLink(pathToken: string | undefined, search: string): AuthView {
  if (pathToken) return { name: "reset", token: pathToken };
  const query = new URLSearchParams(search);
  const token = query.get("token");
  if (token) return { name: "reset", token };
  const userId = query.get("userId");
  const email = query.get("email");
  if (query.get("verify") === "true" && userId && email) {
    return { name: "verify", account: { userId, email, username: query.get("username") ?? "" } };
  }
  return { name: "login" };
}

/**
 * /auth and /auth/reset-password/{token} (spec part 1, section 2, "Auth screen"): login, register
 * (two steps), verify, forgot password and reset password. No app header here. A signed-in user
 * is sent on to the remembered returnTo path, or to /.
 */
export function AuthPage() {
  const { status, needsVerification } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { token: pathToken } = useParams();
  const [view, setView] = useState<AuthView>(() => viewFromLink(pathToken, location.search));
  const redirected = useRef(false);

  const signedIn = status === "authenticated" && !needsVerification;
  useEffect(() => {
    // Once only: returnTo is consumed as it is read.
    if (!signedIn || redirected.current) return;
    redirected.current = true;
    void navigate(takeReturnTo() ?? "/", { replace: true });
  }, [signedIn, navigate]);

  // A new account agrees to the terms right after verifying: fetch that screen now.
  useEffect(() => {
    if (view.name === "register" || view.name === "verify") void LazyTermsScreen.preload();
  }, [view.name]);

  /** Switch views; a token or verify link is then dropped from the address bar (and history). */
  function show(next: AuthView) {
    setView(next);
    if (pathToken || location.search) void navigate(AUTH_PATH, { replace: true });
  }

  const toLogin = (username?: string) => show({ name: "login", username });

  if (status === "loading" || signedIn) {
    return (
      <AuthLayout>
        <SessionSpinner label="Loading..." />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      {view.name === "login" && (
        <LoginView
          key={view.username ?? ""}
          initialUsername={view.username}
          onForgotPassword={() => show({ name: "forgot" })}
          onCreateAccount={() => show({ name: "register" })}
          onNeedsVerification={(account) => show({ name: "verify", account })}
        />
      )}
      {view.name === "register" && (
        <RegisterView onSignIn={() => toLogin()} onRegistered={(account) => show({ name: "verify", account })} />
      )}
      {view.name === "verify" && <VerifyView account={view.account} onBackToLogin={toLogin} />}
      {view.name === "forgot" && (
        <ForgotPasswordView onBackToLogin={() => toLogin()} onHaveResetLink={() => show({ name: "reset", token: "" })} />
      )}
      {view.name === "reset" && (
        <ResetPasswordView
          key={view.token}
          initialToken={view.token}
          onBackToLogin={toLogin}
          // The spec: back to login, then straight on to Forgot password.
          onRequestNewLink={() => show({ name: "forgot" })}
        />
      )}
    </AuthLayout>
  );
}
