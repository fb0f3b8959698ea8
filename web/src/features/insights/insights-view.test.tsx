import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { closeToasts, fakeApi, json, makeUser } from "@/features/auth/test-support";
import { InsightsView } from "@/features/insights/insights-view";
import { makeEntries, makeProfile, renderSignedIn } from "@/features/insights/test-utils";
import { INSIGHTS_BANNER_DISMISSED_STORAGE_KEY } from "@/lib/constants";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  closeToasts();
  vi.unstubAllGlobals();
});

function journal(entries: number, profile: Record<string, unknown> = {}) {
  return fakeApi({
    "GET /api/journal": () => json(200, makeEntries(entries)),
    "GET /api/profile": () =>
      json(200, makeProfile({ entryCount: entries, unlocked: entries >= 4, ...profile })),
  });
}

async function storyRegion() {
  return screen.findByRole("region", { name: "Your Personal Story" });
}

describe("InsightsView onboarding banner", () => {
  it("walks through three steps and dismisses on 'Start Journaling', remembering it", async () => {
    const user = userEvent.setup();
    journal(2);
    renderSignedIn(<InsightsView />);

    expect(await screen.findByText("Welcome to your insights")).toBeInTheDocument();
    expect(screen.getByText("Step 1 of 3")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Step 2 of 3")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Step 3 of 3")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Next" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Start Journaling" }));
    expect(screen.queryByText("Step 3 of 3")).not.toBeInTheDocument();
    expect(window.localStorage.getItem(INSIGHTS_BANNER_DISMISSED_STORAGE_KEY)).toBe("true");
  });

  it("stays hidden once dismissed, and with 5 or more entries", async () => {
    window.localStorage.setItem(INSIGHTS_BANNER_DISMISSED_STORAGE_KEY, "true");
    journal(1);
    const first = renderSignedIn(<InsightsView />);
    await storyRegion();
    expect(screen.queryByText("Welcome to your insights")).not.toBeInTheDocument();
    first.unmount();

    window.localStorage.clear();
    journal(5);
    renderSignedIn(<InsightsView />);
    await storyRegion();
    expect(screen.queryByText("Welcome to your insights")).not.toBeInTheDocument();
  });
});

describe("InsightsView when the journal cannot be loaded", () => {
  it("claims no entry count it does not know: no '0/100 entries', no '0/4', no first-steps banner", async () => {
    fakeApi({
      "GET /api/journal": () => json(500, { error: "boom" }),
      "GET /api/profile": () => json(500, { error: "boom" }),
    });
    renderSignedIn(<InsightsView />, makeUser({ isPremium: true }));
    expect(await within(await storyRegion()).findByRole("alert")).toHaveTextContent(
      "Your personal story could not be loaded.",
    );
    const purpose = screen.getByRole("region", { name: "Meaning & Purpose" });
    expect(within(purpose).queryByText(/\/100 entries/)).not.toBeInTheDocument();
    expect(within(purpose).queryByRole("progressbar")).not.toBeInTheDocument();
    expect(within(purpose).queryByText("Just beginning your journey...")).not.toBeInTheDocument();
    expect(screen.queryByText(/entries completed/)).not.toBeInTheDocument();
    expect(screen.queryByText("Welcome to your insights")).not.toBeInTheDocument();
  });

  it("counts from the profile when only the entries fail", async () => {
    fakeApi({
      "GET /api/journal": () => json(500, { error: "boom" }),
      "GET /api/profile": () => json(200, makeProfile({ entryCount: 3, unlocked: false })),
    });
    renderSignedIn(<InsightsView />, makeUser({ isPremium: true }));
    expect(await within(await storyRegion()).findByText("3/4 entries completed")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Meaning & Purpose" })).getByText("3/100 entries")).toBeInTheDocument();
  });
});

describe("InsightsView personal story", () => {
  it("is locked below 4 entries with an 'n/4 entries completed' counter", async () => {
    journal(2, { shortSummary: "", fullProfile: "" });
    renderSignedIn(<InsightsView />);
    const story = await storyRegion();
    expect(within(story).getByText("Keep writing to unlock your personal story...")).toBeInTheDocument();
    expect(within(story).getByText("2/4 entries completed")).toBeInTheDocument();
    expect(within(story).queryByRole("tab")).not.toBeInTheDocument();
    expect(within(story).getByRole("button", { name: "Refresh personal story" })).toBeDisabled();
  });

  it("unlocks at 4 entries: Summary, and a Deep Dive with numbered Concrete Actions and blindspots", async () => {
    const user = userEvent.setup();
    journal(4);
    renderSignedIn(<InsightsView />, makeUser({ isPremium: true }));
    const story = await storyRegion();
    expect(within(story).queryByText(/Keep writing/)).not.toBeInTheDocument();
    expect(within(story).getByText("You are a reflective person who values growth.")).toBeInTheDocument();

    await user.click(within(story).getByRole("tab", { name: "Deep Dive" }));
    expect(within(story).getByText("You care deeply about your craft.")).toBeInTheDocument();
    const actions = within(story).getByRole("list", { name: "Concrete Actions" });
    expect(actions.tagName).toBe("OL");
    const items = within(actions).getAllByRole("listitem").map((li) => li.textContent);
    expect(items).toEqual(["Walk daily", "Call a friend", "Read at night"]);
    const blindspots = within(story).getByRole("list", { name: "Blindspots" });
    expect(within(blindspots).getByText("You overcommit")).toBeInTheDocument();
    expect(within(story).queryByText(/\*\*/)).not.toBeInTheDocument();
  });

  it("shows the story's recurring threads and people as lists, each with its entries' dates", async () => {
    const user = userEvent.setup();
    journal(6, {
      fullProfile:
        "Across 6 entries, you come back most often to the loft conversion.\n\nYour moods: Happy 2, Anxious 2 " +
        "(of 4 entries).\n\nWhat you keep coming back to:\n- The loft conversion: 3 entries (09/01/2026, " +
        "09/04/2026 and 09/19/2026)\n- Sleep before midnight: 2 entries (09/04/2026 and 09/15/2026)\n\n" +
        "The people in your story:\n- Dan: 2 entries (09/08/2026 and 09/19/2026)\n\n**Concrete Actions**:\n" +
        "1. Book the electrician (from 09/19/2026)",
    });
    renderSignedIn(<InsightsView />, makeUser({ isPremium: true }));
    const story = await storyRegion();
    await user.click(within(story).getByRole("tab", { name: "Deep Dive" }));
    const threads = within(story).getByRole("list", { name: "What you keep coming back to" });
    expect(within(threads).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "The loft conversion: 3 entries (09/01/2026, 09/04/2026 and 09/19/2026)",
      "Sleep before midnight: 2 entries (09/04/2026 and 09/15/2026)",
    ]);
    const people = within(story).getByRole("list", { name: "The people in your story" });
    expect(within(people).getByText("Dan: 2 entries (09/08/2026 and 09/19/2026)")).toBeInTheDocument();
    expect(within(story).getByText("Your moods: Happy 2, Anxious 2 (of 4 entries).")).toBeInTheDocument();
    const actions = within(story).getByRole("list", { name: "Concrete Actions" });
    expect(within(actions).getByText("Book the electrician (from 09/19/2026)")).toBeInTheDocument();
  });

  it("has headings that follow one another: sections h2, the Deep Dive's parts h3, the career's h4", async () => {
    const user = userEvent.setup();
    const career = { role: null, direction: null, hasResume: false, growthAreas: [], activities: [], resources: [] };
    journal(4, { fullProfile: "What you keep coming back to:\n- The loft: 2 entries (09/01/2026 and 09/04/2026)", career });
    renderSignedIn(<InsightsView />, makeUser({ isPremium: true }));
    await user.click(within(await storyRegion()).getByRole("tab", { name: "Deep Dive" }));

    const headings = screen.getAllByRole("heading").map((h) => [h.tagName, h.textContent]);
    expect(headings).toEqual([
      ["H2", "Welcome to your insights"],
      ["H2", "Your Personal Story"],
      ["H3", "What you keep coming back to"],
      ["H3", "Blindspots"],
      ["H3", "Career Vision & Growth"],
      ["H4", "Growth areas"],
      ["H4", "Recommended resources"],
      ["H2", "Professional Bio"],
      ["H2", "Meaning & Purpose"],
    ]);
    expect(screen.getByRole("heading", { name: "Your Personal Story" })).toHaveClass("text-lg", "font-semibold");
  });

  it("says when the story was written, and that it is written once until 10 entries", async () => {
    journal(6, { updatedAt: "2026-11-20T10:00:00Z" });
    const { unmount } = renderSignedIn(<InsightsView />, makeUser());
    const story = await storyRegion();
    expect(
      within(story).getByText(
        "Written Nov 20, 2026. From 10 entries on it is rewritten as you write; use the refresh button to rewrite it now.",
      ),
    ).toBeInTheDocument();
    unmount();

    journal(12, { updatedAt: "2026-11-20T10:00:00Z" });
    renderSignedIn(<InsightsView />, makeUser());
    const later = await storyRegion();
    expect(within(later).getByText("Written Nov 20, 2026.")).toBeInTheDocument();
    expect(within(later).queryByText(/From 10 entries on/)).not.toBeInTheDocument();
  });

  it("shows 'Profile needs refreshing' for the failure text and for an empty unlocked profile", async () => {
    journal(6, { shortSummary: "Could not generate profile. Please try again later." });
    const first = renderSignedIn(<InsightsView />);
    expect(await within(await storyRegion()).findByText("Profile needs refreshing")).toBeInTheDocument();
    expect(screen.queryByText("Could not generate profile. Please try again later.")).not.toBeInTheDocument();
    first.unmount();

    journal(6, { shortSummary: "", fullProfile: "" });
    renderSignedIn(<InsightsView />);
    expect(await within(await storyRegion()).findByText("Profile needs refreshing")).toBeInTheDocument();
  });

  it("says a story unlocked and not yet written is being written (not that it failed), and shows it once it is", async () => {
    let written = false;
    fakeApi({
      "GET /api/journal": () => json(200, makeEntries(4)),
      "GET /api/profile": () =>
        json(
          200,
          written
            ? makeProfile({ entryCount: 4, shortSummary: "You keep a steady rhythm." })
            : makeProfile({ entryCount: 4, shortSummary: "", fullProfile: "", blindspots: [], updatedAt: null }),
        ),
    });
    renderSignedIn(<InsightsView />);
    const story = await storyRegion();
    expect(await within(story).findByText("Your story is being written")).toBeInTheDocument();
    expect(within(story).queryByText("Profile needs refreshing")).not.toBeInTheDocument();
    written = true;
    expect(await within(story).findByText("You keep a steady rhythm.", {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("says the story could not be loaded (not 'Profile needs refreshing') when GET /api/profile fails; Try again reloads it", async () => {
    const user = userEvent.setup();
    let calls = 0;
    fakeApi({
      "GET /api/journal": () => json(200, makeEntries(6)),
      "GET /api/profile": () =>
        ++calls === 1
          ? json(500, { error: "boom" })
          : json(200, makeProfile({ entryCount: 6, unlocked: true, shortSummary: "Back from the walk." })),
    });
    renderSignedIn(<InsightsView />);
    const story = await storyRegion();
    expect(await within(story).findByRole("alert")).toHaveTextContent("Your personal story could not be loaded.");
    expect(within(story).queryByText("Profile needs refreshing")).not.toBeInTheDocument();
    await user.click(within(story).getByRole("button", { name: "Try again" }));
    expect(await within(story).findByText("Back from the walk.")).toBeInTheDocument();
  });

  it("regenerates on refresh: success toast and refreshed data", async () => {
    const user = userEvent.setup();
    const api = journal(6, { shortSummary: "Could not generate profile. Please try again later." });
    api.handlers["POST /api/profile/regenerate"] = () => {
      api.handlers["GET /api/profile"] = () => json(200, makeProfile({ shortSummary: "A fresh story." }));
      return json(202, { success: true, runId: "run-1", state: "scheduled", profile: makeProfile() });
    };
    let polls = 0;
    api.handlers["GET /api/profile/regenerate/run-1"] = () => {
      polls += 1;
      const state = polls < 2 ? "running" : "completed";
      return json(200, { success: true, runId: "run-1", state, profile: makeProfile({ shortSummary: "A fresh story." }) });
    };
    renderSignedIn(<InsightsView />);
    const story = await storyRegion();
    await user.click(within(story).getByRole("button", { name: "Refresh personal story" }));

    expect(await screen.findByText("Profile Regenerated")).toBeInTheDocument();
    expect(
      screen.getByText("Your personal story has been updated based on all your journal entries."),
    ).toBeInTheDocument();
    expect(await within(story).findByText("A fresh story.")).toBeInTheDocument();
    expect(api.calls("POST /api/profile/regenerate")).toHaveLength(1);
    expect(api.calls("POST /api/profile/regenerate")[0]!.headers.get("X-Requested-With")).toBe("XMLHttpRequest");
    expect(polls).toBe(2); // the toast came once the rewrite had finished, not at the 202
  });

  it("shows the error toast when the background rewrite fails", async () => {
    const user = userEvent.setup();
    const api = journal(6);
    api.handlers["POST /api/profile/regenerate"] = () =>
      json(202, { success: true, runId: "run-2", state: "scheduled", profile: makeProfile() });
    api.handlers["GET /api/profile/regenerate/run-2"] = () =>
      json(200, { success: false, runId: "run-2", state: "failed", profile: makeProfile() });
    renderSignedIn(<InsightsView />);
    const story = await storyRegion();
    await user.click(within(story).getByRole("button", { name: "Refresh personal story" }));

    expect(await screen.findByText("Failed to regenerate your profile. Please try again later.")).toBeInTheDocument();
    expect(screen.queryByText("Profile Regenerated")).not.toBeInTheDocument();
  });

  it("shows the error toast when regeneration fails", async () => {
    const user = userEvent.setup();
    const api = journal(6);
    api.handlers["POST /api/profile/regenerate"] = () => json(500, { error: "boom" });
    renderSignedIn(<InsightsView />);
    const story = await storyRegion();
    await user.click(within(story).getByRole("button", { name: "Refresh personal story" }));

    expect(await screen.findByText("Error")).toBeInTheDocument();
    expect(screen.getByText("Failed to regenerate your profile. Please try again later.")).toBeInTheDocument();
  });
});

describe("InsightsView Professional Bio and Meaning & Purpose", () => {
  it("marks the Professional Bio as Coming Soon", async () => {
    journal(1);
    renderSignedIn(<InsightsView />);
    expect(await screen.findByText("Professional Bio")).toBeInTheDocument();
    expect(screen.getByText("Coming Soon")).toBeInTheDocument();
  });

  it.each([
    [10, "Just beginning your journey..."],
    [30, "Making good progress!"],
    [60, "You're getting closer!"],
    [90, "Almost there!"],
  ])("at %i entries shows the progress bar, 'n/100 entries' and '%s'", async (count, message) => {
    journal(count);
    renderSignedIn(<InsightsView />);
    const purpose = await screen.findByRole("region", { name: "Meaning & Purpose" });
    expect(within(purpose).getByText(message)).toBeInTheDocument();
    expect(within(purpose).getByText(`${count}/100 entries`)).toBeInTheDocument();
    expect(within(purpose).getByRole("progressbar")).toBeInTheDocument();
    expect(within(purpose).queryByText(/confidence/)).not.toBeInTheDocument();
    for (const tab of ["Purpose", "Core Values", "Principles"]) {
      expect(within(purpose).getByRole("tab", { name: tab })).toBeInTheDocument();
    }
  });

  it.each([
    [150, "Low confidence"],
    [200, "Low confidence"],
    [201, "High confidence"],
  ])("once unlocked at %i entries reads '%s' with the entry count", async (count, label) => {
    journal(count);
    renderSignedIn(<InsightsView />, makeUser({ isPremium: true }));
    const purpose = await screen.findByRole("region", { name: "Meaning & Purpose" });
    expect(within(purpose).getByText(label)).toBeInTheDocument();
    expect(within(purpose).getByText(`Based on ${count} entries`)).toBeInTheDocument();
    expect(within(purpose).queryByRole("progressbar")).not.toBeInTheDocument();
  });
});

describe("InsightsView premium gating", () => {
  it("locks Meaning & Purpose and the Deep Dive career parts for free users", async () => {
    const user = userEvent.setup();
    journal(120);
    const { router } = renderSignedIn(<InsightsView />, makeUser({ isPremium: false }));
    const purpose = await screen.findByRole("region", { name: "Meaning & Purpose" });
    expect(within(purpose).getByText("Meaning & Purpose insights are available with Premium.")).toBeInTheDocument();

    const story = screen.getByRole("region", { name: "Your Personal Story" });
    await user.click(within(story).getByRole("tab", { name: "Deep Dive" }));
    expect(
      within(story).getByText(
        "Career vision, recommended resources, growth areas and activities are available with Premium.",
      ),
    ).toBeInTheDocument();

    await user.click(within(purpose).getByRole("link", { name: "Upgrade to Premium" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/subscription"));
  });

  it("shows no lock to premium users", async () => {
    const user = userEvent.setup();
    journal(120);
    renderSignedIn(<InsightsView />, makeUser({ isPremium: true }));
    const story = await storyRegion();
    await user.click(within(story).getByRole("tab", { name: "Deep Dive" }));
    expect(screen.queryByRole("link", { name: "Upgrade to Premium" })).not.toBeInTheDocument();
    expect(screen.queryByTestId("premium-lock")).not.toBeInTheDocument();
  });
});
