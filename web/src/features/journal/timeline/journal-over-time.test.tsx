import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { fakeApi, json } from "@/features/auth/test-support";
import { PreviousEntries } from "@/features/journal/entries/previous-entries";
import { makeEntry } from "@/features/journal/entries/test-fixtures";
import { renderWithProviders } from "@/test/render";

import { JournalOverTime } from "./journal-over-time";
import { monthGrid, scoreLabel } from "./timeline-logic";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => vi.unstubAllGlobals());

const period = (start: string, end: string, entries: number, score: number | null, moods = {}) => ({
  start,
  end,
  entries,
  score,
  moods,
});

const STATS = {
  today: "2026-11-24",
  dateFrom: "2025-11-24",
  dateTo: "2026-11-24",
  streak: { current: 3, longest: 9, daysWritten: 40, entries: 52, lastEntryDate: "2026-11-24", wroteToday: true },
  days: [
    { date: "2026-11-02", entries: 1, mood: "Sad", emoji: "😢", score: 0 },
    { date: "2026-11-24", entries: 2, mood: "Happy", emoji: "😊", score: 3 },
  ],
  weeks: [period("2026-11-16", "2026-11-22", 0, null), period("2026-11-23", "2026-11-29", 2, 3, { Happy: 2 })],
  months: [period("2026-10-01", "2026-10-31", 5, 1.2, { Tired: 3 }), period("2026-11-01", "2026-11-30", 3, 2, {})],
  weekdays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((weekday, i) => ({
    weekday,
    entries: 4,
    score: i === 0 ? 0.5 : 2,
  })),
  weekdayNote: "Mondays are heavier",
  averageScore: 1.9,
};

describe("JournalOverTime", () => {
  it("asks for the new day's streak when the page stays open past midnight", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["Date", "setTimeout", "clearTimeout"] });
    try {
      vi.setSystemTime(new Date(2026, 10, 24, 23, 59, 30)); // local time
      const api = fakeApi({ "GET /api/journal/stats": () => json(200, STATS) });
      renderWithProviders(<JournalOverTime />);
      await screen.findByRole("list", { name: "Writing streak" });
      const asked = () => api.calls("GET /api/journal/stats").map((r) => new URL(r.url).searchParams.get("today"));
      expect(asked()).toEqual(["2026-11-24"]);

      act(() => {
        vi.advanceTimersByTime(60_000); // 00:00:30 the next day, the page never reloaded
      });
      await waitFor(() => expect(asked()).toContain("2026-11-25"));
    } finally {
      vi.useRealTimers();
    }
  });

  it("says '1 entry in all' for a single entry (not '1 entries')", async () => {
    const one = { ...STATS, streak: { ...STATS.streak, current: 1, longest: 1, daysWritten: 1, entries: 1 } };
    fakeApi({ "GET /api/journal/stats": () => json(200, one) });
    renderWithProviders(<JournalOverTime />);
    const streak = await screen.findByRole("list", { name: "Writing streak" });
    expect(streak).toHaveTextContent("1 entry in all");
    expect(streak).not.toHaveTextContent("1 entries");
  });

  it("shows the streak, the month's calendar with each day's mood, and the trend with the weekday note", async () => {
    const api = fakeApi({ "GET /api/journal/stats": () => json(200, STATS) });
    renderWithProviders(<JournalOverTime />);

    const streak = await screen.findByRole("list", { name: "Writing streak" });
    expect(streak).toHaveTextContent("Current streak3 days");
    expect(streak).toHaveTextContent("Longest streak9 days");
    const query = new URL(api.calls("GET /api/journal/stats")[0]!.url).searchParams;
    expect(query.get("today")).toMatch(/^\d{4}-\d{2}-\d{2}$/); // the writer's own date

    const calendar = screen.getByRole("grid", { name: "Entries in November 2026" });
    expect(within(calendar).getByRole("gridcell", { name: "Monday, November 2: Sad, 1 entry" })).toHaveAttribute(
      "data-written",
      "true",
    );
    expect(within(calendar).getByRole("gridcell", { name: "Tuesday, November 3: no entry" })).not.toHaveAttribute(
      "data-written",
    );
    fireEvent.click(screen.getByRole("button", { name: "Previous month" }));
    expect(screen.getByRole("grid", { name: "Entries in October 2026" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next month" })).toBeEnabled();
  });

  it("a written day opens its entries in Previous Entries (a search for its date); a day without entries is inert", async () => {
    const entry = makeEntry({ content: "The day I wrote", date: "11/02/2026" });
    const api = fakeApi({
      "GET /api/journal/stats": () => json(200, STATS),
      "GET /api/journal": () => json(200, [makeEntry({ content: "A later day" }), entry]),
      "GET /api/journal/search": (request) =>
        json(200, { query: new URL(request.url).searchParams.get("q"), dateFrom: null, dateTo: null, results: [{ entry, score: null }] }),
    });
    renderWithProviders(
      <>
        <PreviousEntries />
        <JournalOverTime />
      </>,
    );
    const calendar = await screen.findByRole("grid", { name: "Entries in November 2026" });
    expect(within(calendar).queryByRole("button", { name: /Tuesday, November 3/ })).not.toBeInTheDocument();

    fireEvent.click(within(calendar).getByRole("button", { name: "Show the entries of Monday, November 2" }));

    const search = screen.getByRole("searchbox", { name: "Search entries" });
    expect(search).toHaveValue("11/02/2026");
    expect(search).toHaveFocus();
    expect(await screen.findByText("1 match")).toBeInTheDocument();
    expect(screen.getByText("The day I wrote")).toBeInTheDocument();
    expect(screen.queryByText("A later day")).not.toBeInTheDocument();
    expect(new URL(api.calls("GET /api/journal/search")[0]!.url).searchParams.get("q")).toBe("11/02/2026");
  });

  it("reads the mood trend by week and by month", async () => {
    fakeApi({ "GET /api/journal/stats": () => json(200, STATS) });
    renderWithProviders(<JournalOverTime />);
    fireEvent.mouseDown(await screen.findByRole("tab", { name: "Mood trend" }));
    const weeks = await screen.findByRole("list", { name: "Mood by week" });
    expect(within(weeks).getByLabelText("Week of Nov 23: Bright, 2 entries")).toBeInTheDocument();
    expect(within(weeks).getByLabelText("Week of Nov 16: no mood yet, 0 entries")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Months" }));
    expect(within(screen.getByRole("list", { name: "Mood by month" })).getByLabelText("Oct 26: Strained, 5 entries"))
      .toBeInTheDocument();
    expect(screen.getByText("Mondays are heavier")).toBeInTheDocument();
  });
});

describe("timeline helpers", () => {
  it("lays a month out Monday first and names scores", () => {
    const november = monthGrid(2026, 10);
    expect(november[0]!.slice(0, 6)).toEqual([null, null, null, null, null, null]); // Nov 1 2026 is a Sunday
    expect(november[0]![6]!.getDate()).toBe(1);
    expect(november.flat().filter(Boolean)).toHaveLength(30);
    expect([0, 1.4, 2, 2.6, null].map(scoreLabel)).toEqual(["Low", "Strained", "Steady", "Bright", "no mood yet"]);
  });
});
