import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { closeToasts, fakeApi, json, makeUser, NO_SESSION, renderApp } from "@/features/auth/test-support";
import { RETURN_TO_SESSION_KEY } from "@/lib/constants";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  closeToasts();
  vi.unstubAllGlobals();
});

describe("RequireSession", () => {
  it("shows 'Verifying session...' while the session is being checked", async () => {
    let answer: (response: Response) => void = () => {};
    fakeApi({ "GET /api/auth/me": () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp("/tasks");

    expect(await screen.findByRole("status")).toHaveTextContent("Verifying session...");
    expect(screen.queryByRole("heading", { name: "Tasks page" })).not.toBeInTheDocument();

    answer(json(200, makeUser()));
    expect(await screen.findByRole("heading", { name: "Tasks page" })).toBeInTheDocument();
    expect(screen.queryByText("Verifying session...")).not.toBeInTheDocument();
  });

  it("sends a signed-out visitor to /auth and remembers the path with its query as returnTo", async () => {
    fakeApi({ "GET /api/auth/me": NO_SESSION });
    const { router } = renderApp("/tasks?filter=open");

    expect(await screen.findByRole("heading", { name: "Sign in to Reverie" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth");
    expect(window.sessionStorage.getItem(RETURN_TO_SESSION_KEY)).toBe("/tasks?filter=open");
    expect(screen.queryByRole("heading", { name: "Tasks page" })).not.toBeInTheDocument();
  });

  it("treats a failed first session check (server unreachable) as signed out", async () => {
    fakeApi({
      "GET /api/auth/me": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const { router } = renderApp("/tasks");

    expect(await screen.findByRole("heading", { name: "Sign in to Reverie" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth");
  });

  it("shows the public page at / to a signed-out visitor, without remembering it", async () => {
    fakeApi({ "GET /api/auth/me": NO_SESSION });
    const { router } = renderApp("/");

    expect(await screen.findByRole("heading", { name: "Welcome, visitor" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(window.sessionStorage.getItem(RETURN_TO_SESSION_KEY)).toBeNull();
  });

  it("shows a signed-in user who has not agreed to the terms only the terms screen", async () => {
    const pending = makeUser({ agreedToTerms: false, termsAgreedAt: null, needsTermsAgreement: true });
    fakeApi({
      "GET /api/auth/me": () =>
        json(403, {
          error: "You must agree to the Terms of Service to continue.",
          needsTermsAgreement: true,
          needsVerification: false,
          user: pending,
        }),
    });
    renderApp("/tasks");

    expect(await screen.findByRole("heading", { level: 1, name: "Terms of Service" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "I have read and agree to the Terms of Service" })).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Continue to Reverie" })).toBeDisabled();
    expect(screen.queryByRole("heading", { name: "Tasks page" })).not.toBeInTheDocument();
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
  });

  it("sends a signed-in user whose e-mail is not verified to the verify view", async () => {
    const unverified = makeUser({ id: "u-9", isVerified: false, needsVerification: true });
    fakeApi({
      "GET /api/auth/me": () =>
        json(403, {
          error: "Please verify your email address to continue.",
          needsTermsAgreement: false,
          needsVerification: true,
          user: unverified,
        }),
    });
    const { router } = renderApp("/tasks");

    expect(await screen.findByRole("heading", { name: "Verify your email" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth");
    expect(new URLSearchParams(router.state.location.search).get("userId")).toBe("u-9");
  });
});

describe("terms screen inside the guard", () => {
  it("lets the user log out instead of agreeing", async () => {
    const pending = makeUser({ agreedToTerms: false, needsTermsAgreement: true });
    const server = fakeApi({
      "GET /api/auth/me": () =>
        json(403, { error: "x", needsTermsAgreement: true, needsVerification: false, user: pending }),
      "POST /api/auth/logout": () => json(200, { success: true, message: "Logged out" }),
    });
    const user = userEvent.setup();
    const { router } = renderApp("/tasks");

    await user.click(await screen.findByRole("button", { name: "Log out" }));

    expect(await screen.findByRole("heading", { name: "Sign in to Reverie" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth");
    expect(window.sessionStorage.getItem(RETURN_TO_SESSION_KEY)).toBeNull();
    expect(within(screen.getByRole("region", { name: /Notifications/ })).getByText("Logged Out")).toBeInTheDocument();
    expect(server.calls("POST /api/auth/logout")).toHaveLength(1);
  });
});
