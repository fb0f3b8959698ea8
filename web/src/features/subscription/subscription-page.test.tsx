import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { closeToasts, fakeApi, json } from "@/features/auth/test-support";
import { renderSignedIn } from "@/features/insights/test-utils";
import { SubscriptionPage } from "@/features/subscription/subscription-page";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  closeToasts();
  vi.unstubAllGlobals();
});

const FREE_PLAN = {
  tier: "free", status: "free", periodEnd: null, isPremium: false, stripeCustomerId: null,
  stripeSubscriptionId: null, insightsUsedThisWeek: 2, insightsLimit: 5, taskGenerationsThisWeek: 7,
  taskGenerationsUsedThisWeek: 7, taskGenerationsLimit: 30,
};
const NO_PROMO = {
  available: false, enabled: false, hasAccess: false, source: null, code: null, expiresAt: null, endedAt: null,
  endedCode: null,
};
const FREE_DETAILS = {
  tier: "free", status: "free", isPremium: false, onPremiumTier: false, periodEnd: null, promo: NO_PROMO, waitlist: null,
};

function server(overrides: Record<string, (request: Request) => Response | Promise<Response>> = {}) {
  return fakeApi({
    "GET /api/subscription": () => json(200, FREE_PLAN),
    "GET /api/subscription/details": () => json(200, FREE_DETAILS),
    ...overrides,
  });
}

describe("SubscriptionPage", { timeout: 30_000 }, () => {
  it("shows the early-adopter prices on both tabs, the free plan's usage and a disabled promo switch", async () => {
    const user = userEvent.setup();
    server();
    renderSignedIn(<SubscriptionPage />);

    expect(await screen.findByTestId("plan-label")).toHaveTextContent("Free");
    expect(screen.getByText("2 / 5")).toBeInTheDocument();
    expect(screen.getByText("7 / 30")).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Promo access" })).toBeDisabled();
    expect(screen.getByText("$9.90")).toBeInTheDocument();
    expect(screen.getByText("$12.40")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Annual" }));
    expect(await screen.findByText("$95.04")).toBeInTheDocument();
    expect(screen.getByText("$118.80")).toBeInTheDocument();
    expect(screen.getAllByText(/20% off/).length).toBeGreaterThan(0);
  });

  it("asks for a code, says when it is not valid, and refreshes premium when it is", async () => {
    const user = userEvent.setup();
    let valid = false;
    const api = server({
      "POST /api/subscription/promo-code": () =>
        valid
          ? json(200, { success: true, message: "Promo code applied successfully!", expiresAt: null })
          : json(400, { error: "Invalid promo code", field: "code" }),
    });
    renderSignedIn(<SubscriptionPage />);
    const field = await screen.findByLabelText("Early Access Code");

    await user.click(screen.getByRole("button", { name: "Apply Code" }));
    expect(await screen.findByText("Missing code")).toBeInTheDocument();
    expect(screen.getByText("Please enter a promotional code.")).toBeInTheDocument();
    expect(api.calls("POST /api/subscription/promo-code")).toHaveLength(0);

    await user.type(field, "nope-123");
    await user.click(screen.getByRole("button", { name: "Apply Code" }));
    expect(await screen.findByText("Invalid code")).toBeInTheDocument();
    expect(screen.getByText("The promotional code you entered is not valid.")).toBeInTheDocument();

    valid = true;
    closeToasts();
    await user.click(screen.getByRole("button", { name: "Apply Code" }));
    expect(await screen.findByText("Success!")).toBeInTheDocument();
    expect(screen.getByText("Promo code applied successfully!")).toBeInTheDocument();
    expect(await api.body("POST /api/subscription/promo-code")).toEqual({ code: "nope-123" });
    await waitFor(() => expect(api.calls("GET /api/subscription/details").length).toBeGreaterThan(1));
  });

  it("says why a real code no longer works: deactivated, expired, used up, already active on the account", async () => {
    const user = userEvent.setup();
    const answers = [
      json(400, { error: "This promotional code has been deactivated and can no longer be used.", field: "code",
                  reason: "deactivated" }),
      json(400, { error: "This promotional code has expired.", field: "code", reason: "expired" }),
      json(400, { error: "This promotional code has been used as many times as it allows.", field: "code", reason: "used_up" }),
      json(409, { error: "This promotional code is already active on your account.", field: "code", reason: "active" }),
    ];
    server({ "POST /api/subscription/promo-code": () => answers.shift()! });
    renderSignedIn(<SubscriptionPage />);
    await user.type(await screen.findByLabelText("Early Access Code"), "MIAREADS-ABC");
    const expected: [string, string][] = [
      ["Code deactivated", "This promotional code has been deactivated and can no longer be used."],
      ["Code expired", "This promotional code has expired."],
      ["Code used up", "This promotional code has been used as many times as it allows."],
      ["Premium already active", "This promotional code is already active on your account."],
    ];
    for (const [title, text] of expected) {
      await user.click(screen.getByRole("button", { name: "Apply Code" }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.getByText(title)).toBeInTheDocument();
      expect(screen.queryByText("The promotional code you entered is not valid.")).not.toBeInTheDocument();
      expect(screen.queryByText("Invalid code")).not.toBeInTheDocument();
      closeToasts();
    }
  });

  it("shows the story and features already sent, so sending again updates them", async () => {
    const waitlist = { id: "w1", email: "maya@example.com", isSubscribed: true, createdAt: "2026-01-01T00:00:00Z",
                       interestedFeatures: ["calendar-integration"], message: "Every night before bed." };
    server({ "GET /api/subscription/details": () => json(200, { ...FREE_DETAILS, waitlist }) });
    renderSignedIn(<SubscriptionPage />);
    expect(await screen.findByText(/You're on the waitlist as maya@example.com/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Your journaling story")).toHaveValue("Every night before bed."));
    expect(screen.getByRole("checkbox", { name: "Calendar integration" })).toBeChecked();
  });

  it("needs a story for the waitlist and sends the account's e-mail with the chosen features", async () => {
    const user = userEvent.setup();
    const api = server({
      "POST /api/waitlist/join": () =>
        json(200, {
          success: true, message: "ok",
          entry: { id: "1", email: "maya@example.com", isSubscribed: true, interestedFeatures: [], createdAt: "2026-01-01T00:00:00Z" },
        }),
    });
    renderSignedIn(<SubscriptionPage />);
    const email = await screen.findByLabelText("Email");
    expect(email).toBeDisabled();
    expect(email).toHaveValue("maya@example.com");

    await user.click(screen.getByRole("button", { name: "Join the Waitlist" }));
    expect(await screen.findByText("Missing information")).toBeInTheDocument();
    expect(screen.getByText("Please provide both your email and journaling story.")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Your journaling story"), "Every night before bed.");
    await user.click(within(screen.getByRole("group", { name: "I'm also interested in" })).getByRole("checkbox", { name: "Calendar integration" }));
    await user.click(screen.getByRole("button", { name: "Join the Waitlist" }));
    expect(await screen.findByText("Thanks for sharing!")).toBeInTheDocument();
    expect(await api.body("POST /api/waitlist/join")).toEqual({
      email: "maya@example.com", message: "Every night before bed.", interestedFeatures: ["calendar-integration"],
    });
  });

  it("says which code's premium ended, and when, once it has run out", async () => {
    const promo = { ...NO_PROMO, enabled: true, endedAt: "2026-12-25T12:00:00Z", endedCode: "JOURNALP-DWFF5MYDWXSX" };
    server({ "GET /api/subscription/details": () => json(200, { ...FREE_DETAILS, promo }) });
    renderSignedIn(<SubscriptionPage />);
    expect(
      await screen.findByText("Your premium access from code JOURNALP-DWFF5MYDWXSX ended on December 25, 2026."),
    ).toBeInTheDocument();
    expect(screen.getByTestId("plan-label")).toHaveTextContent("Free");
  });

  it("says nothing ended while premium is on, and names an admin's grant without a code", async () => {
    const ended = { ...NO_PROMO, endedAt: "2026-12-25T12:00:00Z" };
    server({
      "GET /api/subscription/details": () =>
        json(200, { ...FREE_DETAILS, tier: "premium", status: "active", isPremium: true, onPremiumTier: true, promo: ended }),
    });
    renderSignedIn(<SubscriptionPage />);
    expect(await screen.findByTestId("plan-label")).toHaveTextContent("Premium");
    expect(screen.queryByText(/ended on/)).not.toBeInTheDocument();
    vi.unstubAllGlobals();

    server({ "GET /api/subscription/details": () => json(200, { ...FREE_DETAILS, promo: ended }) });
    renderSignedIn(<SubscriptionPage />);
    expect(await screen.findByText("Your premium access from an admin ended on December 25, 2026.")).toBeInTheDocument();
  });

  it("tells a promo user who switched it off how to switch it back on", async () => {
    const promo = { ...NO_PROMO, available: true, enabled: false, hasAccess: false, source: "code", code: "MIA-ABC" };
    server({ "GET /api/subscription/details": () => json(200, { ...FREE_DETAILS, promo }) });
    renderSignedIn(<SubscriptionPage />);
    expect(await screen.findByText(/From code MIA-ABC\. Switch it on to use Premium again\./)).toBeInTheDocument();
    expect(screen.queryByText(/Switch it off/)).not.toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Promo access" })).not.toBeChecked();
  });

  it("lets a promo user switch premium off, but not a premium-tier user", async () => {
    const user = userEvent.setup();
    const promo = { ...NO_PROMO, available: true, enabled: true, hasAccess: true, source: "code", code: "MIA-ABC" };
    const api = server({
      "GET /api/subscription/details": () =>
        json(200, { ...FREE_DETAILS, tier: "premium", status: "trialing", isPremium: true, promo }),
      "POST /api/subscription/toggle-promo": () => json(200, { success: true, message: "off", hasAccess: false }),
    });
    renderSignedIn(<SubscriptionPage />);
    expect(await screen.findByTestId("plan-label")).toHaveTextContent("Premium Trial");
    await user.click(screen.getByRole("switch", { name: "Promo access" }));
    expect(await api.body("POST /api/subscription/toggle-promo")).toEqual({ enabled: false });
    closeToasts();
    vi.unstubAllGlobals();

    server({
      "GET /api/subscription/details": () =>
        json(200, { ...FREE_DETAILS, tier: "premium", status: "active", isPremium: true, onPremiumTier: true, promo }),
    });
    renderSignedIn(<SubscriptionPage />);
    const labels = await screen.findAllByTestId("plan-label");
    await waitFor(() => expect(labels.at(-1)).toHaveTextContent("Premium"));
    expect(screen.getAllByRole("switch", { name: "Promo access" }).at(-1)).toBeDisabled();
  });
});
