import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import {
  advanceTimers,
  closeToasts,
  FAKED_TIMERS,
  fakeApi,
  json,
  makeUser,
  NO_SESSION,
  renderApp,
} from "@/features/auth/test-support";
import { ALREADY_VERIFIED_REDIRECT_DELAY_MS, RETURN_TO_SESSION_KEY, VERIFIED_REDIRECT_DELAY_MS } from "@/lib/constants";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  closeToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function notifications() {
  return within(screen.getByRole("region", { name: /Notifications/ }));
}

async function openLogin() {
  const user = userEvent.setup();
  const app = renderApp("/auth");
  await screen.findByRole("heading", { name: "Sign in to Reverie" });
  return { user, ...app };
}

describe("login", () => {
  it("signs in and goes to /, with no token stored or sent in a URL", async () => {
    const maya = makeUser();
    const server = fakeApi({
      "GET /api/auth/me": NO_SESSION,
      "POST /api/auth/login": () => json(200, { user: maya, authToken: "secret-token", success: true }),
    });
    const { user, router } = await openLogin();

    await user.type(screen.getByLabelText("Username or email"), "maya");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await screen.findByRole("heading", { name: "Journal" })).toBeInTheDocument();
    expect(await screen.findByText(/Welcome back, maya\./)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(await server.body("POST /api/auth/login")).toEqual({ username: "maya", password: "correct horse" });
    expect(JSON.stringify({ ...window.localStorage })).not.toContain("secret-token");
    for (const request of server.requests) {
      expect(new URL(request.url).searchParams.has("token")).toBe(false);
      expect(request.credentials).toBe("include");
    }
  });

  it("goes to the remembered returnTo after signing in, and forgets it", async () => {
    window.sessionStorage.setItem(RETURN_TO_SESSION_KEY, "/tasks?view=week");
    fakeApi({
      "GET /api/auth/me": NO_SESSION,
      "POST /api/auth/login": () => json(200, { user: makeUser(), authToken: "t", success: true }),
    });
    const { user, router } = await openLogin();

    await user.type(screen.getByLabelText("Username or email"), "maya@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await screen.findByRole("heading", { name: "Tasks page" })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe("/tasks?view=week");
    expect(window.sessionStorage.getItem(RETURN_TO_SESSION_KEY)).toBeNull();
  });

  it("shows 'Login Failed' with the server's message", async () => {
    fakeApi({
      "GET /api/auth/me": NO_SESSION,
      "POST /api/auth/login": () => json(401, { error: "Invalid username/email or password" }),
    });
    const { user, router } = await openLogin();

    await user.type(screen.getByLabelText("Username or email"), "maya");
    await user.type(screen.getByLabelText("Password"), "wrong password");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await notifications().findByText("Login Failed")).toBeInTheDocument();
    expect(notifications().getByText("Invalid username/email or password")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth");
    expect(screen.getByRole("button", { name: "Sign In" })).toBeEnabled();
    // A wrong password is the form's own 401, not an ended session.
    expect(screen.queryByText("Session Expired")).not.toBeInTheDocument();
  });

  it("shows the server's text for a rate-limited attempt, and the spec's fallback when there is none", async () => {
    const server = fakeApi({
      "GET /api/auth/me": NO_SESSION,
      "POST /api/auth/login": () =>
        json(429, { error: "Too many sign-in attempts. Please try again in 30 seconds.", retryAfter: 30 }, { "Retry-After": "30" }),
    });
    const { user } = await openLogin();

    await user.type(screen.getByLabelText("Username or email"), "maya");
    await user.type(screen.getByLabelText("Password"), "wrong password");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await notifications().findByText("Too many sign-in attempts. Please try again in 30 seconds.")).toBeInTheDocument();

    server.handlers["POST /api/auth/login"] = () => new Response("", { status: 502 });
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await notifications().findByText("Invalid username/email or password")).toBeInTheDocument();
  });

  it("validates with the spec's messages before calling the server", async () => {
    const server = fakeApi({ "GET /api/auth/me": NO_SESSION });
    const { user } = await openLogin();

    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByText("Username or email must be at least 3 characters")).toBeInTheDocument();
    expect(screen.getByText("Password is required for login")).toBeInTheDocument();
    expect(screen.getByLabelText("Username or email")).toHaveAttribute("aria-invalid", "true");

    await user.type(screen.getByLabelText("Password"), "12345");
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Username or email"), "maya");
    expect(screen.queryByText("Username or email must be at least 3 characters")).not.toBeInTheDocument();
    expect(server.calls("POST /api/auth/login")).toHaveLength(0);
  });

  it("sends an unverified account to the verify view with 'Email Not Verified'", async () => {
    fakeApi({
      "GET /api/auth/me": NO_SESSION,
      "POST /api/auth/login": () =>
        json(403, {
          error: "Please verify your email address. A new verification code has been sent.",
          needsVerification: true,
          user: { id: "u-42", username: "maya", email: "maya@example.com" },
        }),
    });
    const { user } = await openLogin();

    await user.type(screen.getByLabelText("Username or email"), "maya");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await screen.findByRole("heading", { name: "Verify your email" })).toBeInTheDocument();
    expect(screen.getByText("maya@example.com")).toBeInTheDocument();
    expect(notifications().getByText("Email Not Verified")).toBeInTheDocument();
    expect(
      notifications().getByText("Please verify your email address. A new verification code has been sent."),
    ).toBeInTheDocument();
  });

  it("offers Google sign-in only as a notice, and links to registration and forgot password", async () => {
    fakeApi({ "GET /api/auth/me": NO_SESSION });
    const { user } = await openLogin();

    await user.click(screen.getByRole("button", { name: "Sign in with Google" }));
    expect(notifications().getByText("Google login will be implemented once configured.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "New user? Create account" }));
    expect(screen.getByRole("heading", { name: "Create your account" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await user.click(screen.getByRole("button", { name: "Forgot password" }));
    expect(screen.getByRole("heading", { name: "Forgot your password?" })).toBeInTheDocument();
  });

  it("sends an already signed-in user to /", async () => {
    fakeApi({ "GET /api/auth/me": () => json(200, makeUser()) });
    const { router } = renderApp("/auth");

    expect(await screen.findByRole("heading", { name: "Journal" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });
});

describe("registration", () => {
  async function fillAccount(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText("Username"), "maya");
    await user.type(screen.getByLabelText("Email"), "maya@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.type(screen.getByLabelText("Confirm password"), "correct horse");
  }

  async function openRegister() {
    const app = await openLogin();
    await app.user.click(screen.getByRole("button", { name: "New user? Create account" }));
    return app;
  }

  it("validates step 1 with the spec's messages; Continue needs all four fields and no errors", async () => {
    fakeApi({ "GET /api/auth/me": NO_SESSION });
    const { user } = await openRegister();
    const continueButton = screen.getByRole("button", { name: "Continue" });
    expect(continueButton).toBeDisabled();

    await user.type(screen.getByLabelText("Username"), "ma");
    await user.tab();
    expect(screen.getByText("Username must be at least 3 characters")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email"), "maya@example");
    await user.tab();
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Password"), "12345");
    await user.tab();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    await user.click(screen.getByLabelText("Confirm password"));
    await user.tab();
    expect(screen.getByText("Confirm password is required")).toBeInTheDocument();
    expect(continueButton).toBeDisabled();

    await user.type(screen.getByLabelText("Username"), "ya");
    await user.type(screen.getByLabelText("Email"), ".com");
    await user.type(screen.getByLabelText("Password"), "6");
    await user.type(screen.getByLabelText("Confirm password"), "654321");
    expect(screen.getByText("Passwords do not match")).toBeInTheDocument();
    expect(screen.getByLabelText("Confirm password")).toHaveAttribute("aria-invalid", "true");
    expect(continueButton).toBeDisabled();

    await user.clear(screen.getByLabelText("Confirm password"));
    await user.type(screen.getByLabelText("Confirm password"), "123456");
    expect(screen.queryByText("Passwords do not match")).not.toBeInTheDocument();
    expect(continueButton).toBeEnabled();
  });

  it("asks the journaling habits in step 2, with the frequency rule and wording, then creates the account", async () => {
    const server = fakeApi({
      "GET /api/auth/me": NO_SESSION,
      "POST /api/auth/register": () =>
        json(201, { id: "u-7", username: "maya", email: "maya@example.com", needsVerification: true }),
    });
    const { user } = await openRegister();
    await fillAccount(user);
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(screen.getByRole("heading", { name: "Your journaling habits" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(screen.getByText("Please select your journaling status")).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "I used to" }));
    expect(screen.getByRole("group", { name: "How often did you journal when you did?" })).toBeInTheDocument();
    expect(screen.getByText("Please select how often you journal")).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "I want to start" }));
    expect(screen.getByRole("group", { name: "How often do you plan to journal?" })).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "Weekly" }));
    expect(screen.queryByText("Please select how often you journal")).not.toBeInTheDocument();

    // "no" clears the frequency (and the question goes away).
    await user.click(screen.getByRole("radio", { name: "No, not really" }));
    expect(screen.queryByRole("radio", { name: "Weekly" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "Yes, I journal" }));
    expect(screen.getByRole("radio", { name: "Weekly" })).not.toBeChecked();
    await user.click(screen.getByRole("radio", { name: "Daily" }));

    // Back keeps what was typed.
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByLabelText("Username")).toHaveValue("maya");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByRole("radio", { name: "Daily" })).toBeChecked();

    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByRole("heading", { name: "Verify your email" })).toBeInTheDocument();
    expect(await server.body("POST /api/auth/register")).toEqual({
      username: "maya",
      email: "maya@example.com",
      password: "correct horse",
      confirmPassword: "correct horse",
      journalingPreferences: { status: "yes", frequency: "daily" },
    });
  });

  it("sends no frequency for status 'no'", async () => {
    const server = fakeApi({
      "GET /api/auth/me": NO_SESSION,
      "POST /api/auth/register": () => json(201, { id: "u-7", username: "maya", email: "maya@example.com" }),
    });
    const { user } = await openRegister();
    await fillAccount(user);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.click(screen.getByRole("radio", { name: "Yes, I journal" }));
    await user.click(screen.getByRole("radio", { name: "Rarely" }));
    await user.click(screen.getByRole("radio", { name: "No, not really" }));
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    await screen.findByRole("heading", { name: "Verify your email" });
    expect(await server.body("POST /api/auth/register")).toMatchObject({
      journalingPreferences: { status: "no", frequency: null },
    });
  });

  it("shows 'Registration Failed' with the server's message, and returns to the field at fault", async () => {
    const server = fakeApi({
      "GET /api/auth/me": NO_SESSION,
      "POST /api/auth/register": () => json(409, { error: "Username or email may already be taken." }),
    });
    const { user } = await openRegister();
    await fillAccount(user);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.click(screen.getByRole("radio", { name: "No, not really" }));
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    expect(await notifications().findByText("Registration Failed")).toBeInTheDocument();
    expect(notifications().getByText("Username or email may already be taken.")).toBeInTheDocument();
    // The form says it too (spec part 1, section 8: the form variant).
    expect(within(screen.getByRole("main")).getByText("Could not create account.")).toBeInTheDocument();

    server.handlers["POST /api/auth/register"] = () =>
      json(400, { error: "Username can only contain letters, numbers, dots, dashes and underscores", field: "username" });
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByRole("heading", { name: "Create your account" })).toBeInTheDocument();
    expect(
      within(screen.getByRole("main")).getByText(
        "Username can only contain letters, numbers, dots, dashes and underscores",
      ),
    ).toBeInTheDocument();

    server.handlers["POST /api/auth/register"] = () => {
      throw new TypeError("Failed to fetch");
    };
    await user.clear(screen.getByLabelText("Username"));
    await user.type(screen.getByLabelText("Username"), "maya_2");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await notifications().findByText("Could not create account")).toBeInTheDocument();
  });
});

describe("email verification", () => {
  const verifyLink = "/auth?userId=u-7&email=maya%40example.com&username=maya&verify=true";

  it("opens from the userId/email/username/verify=true link and requires 6 digits", async () => {
    const server = fakeApi({ "GET /api/auth/me": NO_SESSION });
    const user = userEvent.setup();
    renderApp(verifyLink);

    expect(await screen.findByRole("heading", { name: "Verify your email" })).toBeInTheDocument();
    const input = screen.getByLabelText("Verification code");
    expect(input).toHaveAttribute("maxLength", "6");

    await user.type(input, "12345");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByText("Verification code must be 6 digits")).toBeInTheDocument();

    await user.type(input, "6789");
    expect(input).toHaveValue("123456");
    expect(screen.queryByText("Verification code must be 6 digits")).not.toBeInTheDocument();
    expect(server.calls("POST /api/auth/verify-email")).toHaveLength(0);
  });

  it("signs in with a correct code and goes to / after 1 second", async () => {
    vi.useFakeTimers({ toFake: [...FAKED_TIMERS] });
    const server = fakeApi({
      "GET /api/auth/me": NO_SESSION,
      "POST /api/auth/verify-email": () =>
        json(200, {
          success: true,
          user: makeUser({ id: "u-7" }),
          alreadyVerified: false,
          needsTermsAgreement: false,
          authToken: "t",
        }),
    });
    const { router } = renderApp(verifyLink);
    await advanceTimers(0);

    fireEvent.change(screen.getByLabelText("Verification code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await advanceTimers(0);

    expect(screen.getByRole("heading", { name: "Email verified" })).toBeInTheDocument();
    await advanceTimers(VERIFIED_REDIRECT_DELAY_MS - 1);
    expect(router.state.location.pathname).toBe("/auth");
    await advanceTimers(1);
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByRole("heading", { name: "Journal" })).toBeInTheDocument();
    expect(await server.body("POST /api/auth/verify-email")).toEqual({ userId: "u-7", verificationCode: "123456" });
  });

  it("shows 'Verification Failed' with the server's message and the attempts left", async () => {
    fakeApi({
      "GET /api/auth/me": NO_SESSION,
      "POST /api/auth/verify-email": () => json(400, { error: "Invalid verification code", attemptsLeft: 4 }),
    });
    const user = userEvent.setup();
    renderApp(verifyLink);

    await user.type(await screen.findByLabelText("Verification code"), "000000");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    expect(await notifications().findByText("Verification Failed")).toBeInTheDocument();
    expect(notifications().getByText("Invalid verification code")).toBeInTheDocument();
    expect(screen.getByText("4 attempts left.")).toBeInTheDocument();
  });

  it("resends a code", async () => {
    const server = fakeApi({
      "GET /api/auth/me": NO_SESSION,
      "POST /api/auth/resend-verification": () =>
        json(200, { success: true, message: "If that address needs verifying, a new code is on its way." }),
    });
    const user = userEvent.setup();
    renderApp(verifyLink);

    await user.click(await screen.findByRole("button", { name: "Resend code" }));
    expect(await notifications().findByText("If that address needs verifying, a new code is on its way.")).toBeInTheDocument();
    expect(await server.body("POST /api/auth/resend-verification")).toEqual({ email: "maya@example.com" });
  });

  it("auto-verifies when the resend finds the address already verified, then goes in after 2 seconds", async () => {
    vi.useFakeTimers({ toFake: [...FAKED_TIMERS] });
    const server = fakeApi({
      "GET /api/auth/me": NO_SESSION,
      "POST /api/auth/resend-verification": () =>
        json(200, { success: true, alreadyVerified: true, userId: "u-7", email: "maya@example.com", username: "maya" }),
      "POST /api/auth/verify-email": () =>
        json(200, { success: true, user: makeUser({ id: "u-7" }), alreadyVerified: true, needsTermsAgreement: false }),
    });
    const { router } = renderApp(verifyLink);
    await advanceTimers(0);

    fireEvent.click(screen.getByRole("button", { name: "Resend code" }));
    await advanceTimers(0);
    expect(screen.getByRole("heading", { name: "Email verified" })).toBeInTheDocument();
    expect(await server.body("POST /api/auth/verify-email")).toEqual({ userId: "u-7", verificationCode: "auto-verify" });

    await advanceTimers(ALREADY_VERIFIED_REDIRECT_DELAY_MS - 1);
    expect(router.state.location.pathname).toBe("/auth");
    await advanceTimers(1);
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByRole("heading", { name: "Journal" })).toBeInTheDocument();
  });
});

describe("forgot and reset password", () => {
  it("sends a reset link, then shows the confirmation", async () => {
    const server = fakeApi({
      "GET /api/auth/me": NO_SESSION,
      "POST /api/auth/forgot-password": () =>
        json(200, { success: true, message: "If an account exists for that email, we've sent a link to reset your password." }),
    });
    const { user } = await openLogin();
    await user.click(screen.getByRole("button", { name: "Forgot password" }));

    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();

    await user.clear(screen.getByLabelText("Email"));
    await user.type(screen.getByLabelText("Email"), "maya@example.com");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));

    expect(await screen.findByRole("heading", { name: "Check your email" })).toBeInTheDocument();
    expect(
      screen.getByText("If an account exists for that email, we've sent a link to reset your password."),
    ).toBeInTheDocument();
    expect(await server.body("POST /api/auth/forgot-password")).toEqual({ email: "maya@example.com" });
    await user.click(screen.getByRole("button", { name: "Back to Login" }));
    expect(screen.getByRole("heading", { name: "Sign in to Reverie" })).toBeInTheDocument();
  });

  function resetServer() {
    return fakeApi({
      "GET /api/auth/me": NO_SESSION,
      "POST /api/auth/reset-password": () => json(200, { success: true, username: "maya" }),
    });
  }

  async function choosePassword(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText("New password"), "new secret");
    await user.type(screen.getByLabelText("Confirm new password"), "new secret");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
  }

  it("resets with the token from the path, then offers login with the username filled in", async () => {
    const server = resetServer();
    const user = userEvent.setup();
    const { router } = renderApp("/auth/reset-password/tok-path");

    expect(await screen.findByRole("heading", { name: "Choose a new password" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Reset link or token")).not.toBeInTheDocument();
    await choosePassword(user);

    expect(await screen.findByRole("heading", { name: "Sign in to Reverie" })).toBeInTheDocument();
    expect(screen.getByLabelText("Username or email")).toHaveValue("maya");
    expect(notifications().getByText("Password Reset")).toBeInTheDocument();
    expect(await server.body("POST /api/auth/reset-password")).toEqual({ token: "tok-path", newPassword: "new secret" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
  });

  it("resets with the token from the query string", async () => {
    const server = resetServer();
    const user = userEvent.setup();
    renderApp("/auth?token=tok-query");

    await screen.findByRole("heading", { name: "Choose a new password" });
    await choosePassword(user);

    await screen.findByRole("heading", { name: "Sign in to Reverie" });
    expect(await server.body("POST /api/auth/reset-password")).toMatchObject({ token: "tok-query" });
  });

  it("resets with a token typed in (a pasted link works too), with the password rules", async () => {
    const server = resetServer();
    const { user } = await openLogin();
    await user.click(screen.getByRole("button", { name: "Forgot password" }));
    server.handlers["POST /api/auth/forgot-password"] = () => json(200, { success: true, message: "" });
    await user.type(screen.getByLabelText("Email"), "maya@example.com");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    await user.click(await screen.findByRole("button", { name: "I have a reset link" }));

    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(screen.getByText("Please paste the reset link from your email")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(screen.getByText("Confirm password is required")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Reset link or token"), "http://localhost:3000/auth/reset-password/tok-typed");
    await user.type(screen.getByLabelText("New password"), "new secret");
    await user.type(screen.getByLabelText("Confirm new password"), "other secret");
    expect(screen.getByText("Passwords do not match")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Confirm new password"));
    await user.type(screen.getByLabelText("Confirm new password"), "new secret");
    await user.click(screen.getByRole("button", { name: "Reset password" }));

    await screen.findByRole("heading", { name: "Sign in to Reverie" });
    expect(await server.body("POST /api/auth/reset-password")).toEqual({ token: "tok-typed", newPassword: "new secret" });
  });

  it("shows the expired-link state; Request New Link goes on to Forgot password", async () => {
    fakeApi({
      "GET /api/auth/me": NO_SESSION,
      "POST /api/auth/reset-password": () =>
        json(400, { error: "This password reset link is invalid or has expired.", expired: true }),
    });
    const user = userEvent.setup();
    const { router } = renderApp("/auth/reset-password/tok-old");

    await screen.findByRole("heading", { name: "Choose a new password" });
    await choosePassword(user);

    expect(await screen.findByRole("heading", { name: "This link has expired" })).toBeInTheDocument();
    expect(screen.getByText("This password reset link is invalid or has expired.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Back to Login" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Request New Link" }));
    expect(await screen.findByRole("heading", { name: "Forgot your password?" })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    await user.click(screen.getByRole("button", { name: "Back to Login" }));
    expect(screen.getByRole("heading", { name: "Sign in to Reverie" })).toBeInTheDocument();
  });

  it("returns to login from the expired-link state", async () => {
    fakeApi({
      "GET /api/auth/me": NO_SESSION,
      "POST /api/auth/reset-password": () =>
        json(400, { error: "This password reset link is invalid or has expired.", expired: true }),
    });
    const user = userEvent.setup();
    renderApp("/auth?token=tok-used");

    await screen.findByRole("heading", { name: "Choose a new password" });
    await choosePassword(user);
    await user.click(await screen.findByRole("button", { name: "Back to Login" }));
    expect(screen.getByRole("heading", { name: "Sign in to Reverie" })).toBeInTheDocument();
  });
});
