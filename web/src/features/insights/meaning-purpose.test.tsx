import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { closeToasts, fakeApi, json, makeUser } from "@/features/auth/test-support";
import { InsightsView } from "@/features/insights/insights-view";
import { makeEntries, makeProfile, renderSignedIn } from "@/features/insights/test-utils";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  closeToasts();
  vi.unstubAllGlobals();
});

const MEANING = {
  purpose:
    "Across 253 entries (11/26/2025 to 11/25/2026), you come back most to family (41 entries, most recently 11/20/2026).",
  coreValues: [
    {
      name: "Family",
      entryCount: 41,
      firstDate: "11/30/2025",
      lastDate: "11/20/2026",
      entries: [
        { id: "e1", date: "12/24/2025", quote: "Christmas Eve at Mum's. Too much food, lovely chaos." },
        { id: "e2", date: "06/02/2026", quote: "Called Mum after dinner." },
      ],
    },
  ],
  principles: [
    {
      text: "I've learned that slow Sundays keep me sane.",
      entryCount: 5,
      entries: [
        { id: "e3", date: "09/15/2026", quote: null },
        { id: "e4", date: "10/06/2026", quote: null },
      ],
    },
  ],
};

const CAREER = {
  hasResume: true,
  role: "Senior Analyst, Halvorsen Ltd",
  direction: "Move into product management.",
  growthAreas: [
    {
      name: "the client pitch",
      entryCount: 20,
      entries: [
        { id: "e5", date: "10/30/2026", quote: "Long day on the client pitch." },
        { id: "e6", date: "11/14/2026", quote: "Pitch rehearsal." },
      ],
    },
  ],
  activities: [{ text: "Finish the roadmap slides", kind: "project", entry: { id: "e7", date: "11/03/2026" } }],
  resources: [
    {
      type: "book",
      title: "Designing Your Life (Bill Burnett and Dave Evans)",
      description: "Design thinking applied to careers.",
      url: "https://designingyour.life/",
      area: "your CV's objective",
    },
  ],
};

function journal(entries: number, profile: Record<string, unknown>) {
  return fakeApi({
    "GET /api/journal": () => json(200, makeEntries(entries)),
    "GET /api/profile": () => json(200, makeProfile({ entryCount: entries, unlocked: true, ...profile })),
  });
}

describe("Meaning & Purpose for premium users", () => {
  it("shows the purpose statement, the core values and the principles, each with dates", async () => {
    const user = userEvent.setup();
    journal(253, { meaning: MEANING });
    renderSignedIn(<InsightsView />, makeUser({ isPremium: true }));
    const purpose = await screen.findByRole("region", { name: "Meaning & Purpose" });
    expect(await within(purpose).findByText(MEANING.purpose)).toBeInTheDocument();

    await user.click(within(purpose).getByRole("tab", { name: "Core Values" }));
    const values = within(purpose).getByRole("list", { name: "Core Values" });
    expect(within(values).getByText("Family")).toBeInTheDocument();
    expect(within(values).getByText("41 entries, 11/30/2025 to 11/20/2026")).toBeInTheDocument();
    expect(
      within(values).getByText(`12/24/2025: "Christmas Eve at Mum's. Too much food, lovely chaos."`),
    ).toBeInTheDocument();

    await user.click(within(purpose).getByRole("tab", { name: "Principles" }));
    const principles = within(purpose).getByRole("list", { name: "Principles" });
    expect(within(principles).getByText("I've learned that slow Sundays keep me sane.")).toBeInTheDocument();
    expect(within(principles).getByText("5 entries, most recently 09/15/2026 and 10/06/2026")).toBeInTheDocument();
    expect(screen.queryByText("The principles you live by will appear here.")).not.toBeInTheDocument();
  });

  it("says so honestly when no value or principle was found", async () => {
    const user = userEvent.setup();
    journal(120, { meaning: { purpose: "Across 120 entries (...), no value has come up.", coreValues: [], principles: [] } });
    renderSignedIn(<InsightsView />, makeUser({ isPremium: true }));
    const purpose = await screen.findByRole("region", { name: "Meaning & Purpose" });
    await within(purpose).findByText("Across 120 entries (...), no value has come up.");
    await user.click(within(purpose).getByRole("tab", { name: "Core Values" }));
    expect(within(purpose).getByText("No value has come up in 3 or more of your entries yet.")).toBeInTheDocument();
    await user.click(within(purpose).getByRole("tab", { name: "Principles" }));
    expect(within(purpose).getByText(/No rule or lesson in your own words yet/)).toBeInTheDocument();
  });

  it("before the story is rebuilt keeps the spec's placeholder and says when it comes", async () => {
    journal(150, { meaning: null });
    renderSignedIn(<InsightsView />, makeUser({ isPremium: true }));
    const purpose = await screen.findByRole("region", { name: "Meaning & Purpose" });
    expect(
      await within(purpose).findByText(
        "Your purpose statement will take shape here. It is drawn from your entries when your personal story is next refreshed.",
      ),
    ).toBeInTheDocument();
  });
});

describe("Career Vision & Growth in the Deep Dive", () => {
  it("shows the CV's role and direction, growth areas with dates, activities and resources to premium users", async () => {
    const user = userEvent.setup();
    journal(120, { career: CAREER });
    renderSignedIn(<InsightsView />, makeUser({ isPremium: true }));
    const story = await screen.findByRole("region", { name: "Your Personal Story" });
    await user.click(within(story).getByRole("tab", { name: "Deep Dive" }));
    expect(within(story).getByText("Current role (from your CV): Senior Analyst, Halvorsen Ltd")).toBeInTheDocument();
    expect(within(story).getByText(`Direction (from your CV): "Move into product management."`)).toBeInTheDocument();
    const areas = within(story).getByRole("list", { name: "Growth areas" });
    expect(
      within(areas).getByText("the client pitch: 20 entries (most recently 10/30/2026 and 11/14/2026)"),
    ).toBeInTheDocument();
    expect(within(story).getByText("Finish the roadmap slides (from 11/03/2026)")).toBeInTheDocument();
    const link = within(story).getByRole("link", { name: "Designing Your Life (Bill Burnett and Dave Evans)" });
    expect(link).toHaveAttribute("href", "https://designingyour.life/");
    expect(
      within(story).queryByText(/will appear here as your journal grows/),
    ).not.toBeInTheDocument();
  });

  it("without a CV or work subjects says what is missing", async () => {
    const user = userEvent.setup();
    journal(20, { career: { ...CAREER, hasResume: false, role: null, direction: null, growthAreas: [], activities: [], resources: [] } });
    renderSignedIn(<InsightsView />, makeUser({ isPremium: true }));
    const story = await screen.findByRole("region", { name: "Your Personal Story" });
    await user.click(within(story).getByRole("tab", { name: "Deep Dive" }));
    expect(within(story).getByRole("link", { name: "Upload your CV" })).toHaveAttribute("href", "/settings");
    expect(within(story).getByText("No work subject has come up in two or more entries yet.")).toBeInTheDocument();
    expect(
      within(story).getByText("No resource in our catalogue is close to your growth areas yet."),
    ).toBeInTheDocument();
  });

  it("shows free users the lock, not the career content", async () => {
    const user = userEvent.setup();
    journal(120, { career: null, meaning: null });
    renderSignedIn(<InsightsView />, makeUser({ isPremium: false }));
    const story = await screen.findByRole("region", { name: "Your Personal Story" });
    await user.click(within(story).getByRole("tab", { name: "Deep Dive" }));
    expect(within(story).getByTestId("premium-lock")).toBeInTheDocument();
    expect(within(story).queryByText(/Current role/)).not.toBeInTheDocument();
  });
});
