import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { closeToasts, fakeApi, json, makeUser, renderApp } from "@/features/auth/test-support";
import { TERMS_SECTION_COUNT } from "@/features/legal/terms-content";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  closeToasts();
  vi.unstubAllGlobals();
});

const pendingUser = makeUser({ id: "u-terms", agreedToTerms: false, termsAgreedAt: null, needsTermsAgreement: true });

function termsPending() {
  return json(403, {
    error: "You must agree to the Terms of Service to continue.",
    needsTermsAgreement: true,
    needsVerification: false,
    user: pendingUser,
  });
}

function notifications() {
  return within(screen.getByRole("region", { name: /Notifications/ }));
}

describe("TermsScreen", () => {
  it("shows the 13 sections; Continue to Reverie stays disabled until the box is ticked", async () => {
    fakeApi({ "GET /api/auth/me": termsPending });
    const user = userEvent.setup();
    renderApp("/");

    expect(await screen.findByRole("heading", { level: 1, name: "Terms of Service" })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(TERMS_SECTION_COUNT);
    expect(TERMS_SECTION_COUNT).toBe(13);

    const button = screen.getByRole("button", { name: "Continue to Reverie" });
    expect(button).toBeDisabled();
    await user.click(screen.getByLabelText("I have read and agree to the Terms of Service"));
    expect(button).toBeEnabled();
    await user.click(screen.getByLabelText("I have read and agree to the Terms of Service"));
    expect(button).toBeDisabled();
  });

  it("records the agreement, welcomes the user and goes to /", async () => {
    let answer: (response: Response) => void = () => {};
    const server = fakeApi({
      "GET /api/auth/me": termsPending,
      "POST /api/auth/terms-agreement": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    const { router } = renderApp("/tasks");

    await user.click(await screen.findByLabelText("I have read and agree to the Terms of Service"));
    await user.click(screen.getByRole("button", { name: "Continue to Reverie" }));

    expect(await screen.findByRole("button", { name: "Processing..." })).toBeDisabled();
    answer(json(200, { user: makeUser({ id: "u-terms" }), success: true }));

    expect(await screen.findByRole("heading", { name: "Journal" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(notifications().getByText("Welcome to Reverie")).toBeInTheDocument();
    expect(notifications().getByText("You have successfully agreed to the Terms of Service.")).toBeInTheDocument();
    expect(await server.body("POST /api/auth/terms-agreement")).toEqual({ userId: "u-terms" });
  });

  it("says so when the agreement cannot be saved, and lets the user try again", async () => {
    fakeApi({
      "GET /api/auth/me": termsPending,
      "POST /api/auth/terms-agreement": () => json(503, { error: "Service unavailable" }),
    });
    const user = userEvent.setup();
    renderApp("/");

    await user.click(await screen.findByLabelText("I have read and agree to the Terms of Service"));
    await user.click(screen.getByRole("button", { name: "Continue to Reverie" }));

    expect(await notifications().findByText("Error")).toBeInTheDocument();
    expect(
      notifications().getByText("An error occurred while saving your agreement. Please try again."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue to Reverie" })).toBeEnabled();
    expect(screen.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeInTheDocument();
  });
});
