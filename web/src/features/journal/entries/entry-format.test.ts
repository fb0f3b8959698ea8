import { describe, expect, it } from "vitest";

import { chipLabel, entryPreview, formatEntryDate, shownSummary, truncate, UNKNOWN_DATE } from "./entry-format";

const NOW = new Date(2025, 5, 15, 12, 0);

describe("formatEntryDate", () => {
  it("prefers a d/m/yyyy date at the start of the content, with /, - or . separators", () => {
    const base = { timestamp: 1_700_000_000, date: "01/02/2024", createdAt: "2024-01-02T10:00:00Z" };
    expect(formatEntryDate({ ...base, content: "5/3/2025 A walk by the river" }, NOW)).toBe("March 5, 2025");
    expect(formatEntryDate({ ...base, content: "  05-03-2025: notes" }, NOW)).toBe("March 5, 2025");
    expect(formatEntryDate({ ...base, content: "25.12.2024 Christmas" }, NOW)).toBe("December 25, 2024");
  });

  it("then the unix timestamp (seconds)", () => {
    const ts = new Date(2024, 10, 14, 9, 30).getTime() / 1000;
    expect(formatEntryDate({ content: "No date here", timestamp: ts, date: "01/02/2024" }, NOW)).toBe(
      "November 14, 2024",
    );
  });

  it("shows a timestamp on the writer's day, the one the calendar and the streak count", () => {
    // Written on October 31 at 23:30 in New York (UTC-4): November 1, 03:30 UTC. This viewer is in
    // UTC (the test runner's zone), where the moment is already November 1.
    const ts = Date.UTC(2026, 10, 1, 3, 30) / 1000;
    expect(new Date(ts * 1000).getDate()).toBe(1);
    expect(formatEntryDate({ content: "Late walk home.", timestamp: ts, date: "10/31/2026" }, NOW)).toBe(
      "October 31, 2026",
    );
    // Written on November 1 at 08:00 in Auckland (UTC+13): October 31, 19:00 UTC.
    const early = Date.UTC(2026, 9, 31, 19, 0) / 1000;
    expect(formatEntryDate({ content: "Coffee.", timestamp: early, date: "11/01/2026" }, NOW)).toBe(
      "November 1, 2026",
    );
    // A moment that no time zone puts on `date` is read as the spec says: the timestamp decides.
    const far = Date.UTC(2026, 10, 2, 13, 0) / 1000;
    expect(formatEntryDate({ content: "x", timestamp: far, date: "10/31/2026" }, NOW)).toBe("November 2, 2026");
  });

  it("then the m/d/yyyy date, then createdAt, then now", () => {
    expect(formatEntryDate({ content: "x", timestamp: null, date: "01/02/2024" }, NOW)).toBe("January 2, 2024");
    expect(formatEntryDate({ content: "x", date: "", createdAt: new Date(2023, 6, 4, 12).toISOString() }, NOW)).toBe(
      "July 4, 2023",
    );
    expect(formatEntryDate({ content: "x" }, NOW)).toBe("June 15, 2025");
  });

  it("does not read a date from the middle of the content", () => {
    expect(formatEntryDate({ content: "Met on 5/3/2025", date: "01/02/2024" }, NOW)).toBe("January 2, 2024");
  });

  it("falls back to the raw date, else 'Unknown date', when the chosen source cannot be read", () => {
    expect(formatEntryDate({ content: "x", date: "sometime in spring" }, NOW)).toBe("sometime in spring");
    expect(formatEntryDate({ content: "x", date: "13/45/2024" }, NOW)).toBe("13/45/2024");
    expect(formatEntryDate({ content: "31/02/2025 not a day", date: "01/02/2024" }, NOW)).toBe("01/02/2024");
    expect(formatEntryDate({ content: "31/02/2025 not a day" }, NOW)).toBe(UNKNOWN_DATE);
    expect(formatEntryDate({ content: "x", createdAt: "garbage" }, NOW)).toBe(UNKNOWN_DATE);
  });
});

describe("truncation", () => {
  it("cuts chips to 10 characters plus '...'", () => {
    expect(chipLabel("Run a marathon")).toBe("Run a mara...");
    expect(chipLabel("Exactly 10")).toBe("Exactly 10");
    expect(chipLabel("Short")).toBe("Short");
  });

  it("cuts previews to 100 characters plus '...'", () => {
    expect(entryPreview("a".repeat(100))).toBe("a".repeat(100));
    expect(entryPreview("a".repeat(101))).toBe(`${"a".repeat(100)}...`);
    expect(truncate("hello", 3)).toBe("hel...");
  });
});

describe("shownSummary", () => {
  const content = "Today I started the loft plans with Sam.  I need to call the builder. Feeling hopeful but anxious.";

  it("hides a summary that only repeats the entry's opening, which the preview shows below it", () => {
    expect(shownSummary("Today I started the loft plans with Sam. I need to call the builder.", content)).toBeNull();
    expect(shownSummary("Ok.", "ok")).toBeNull(); // a short entry's summary is the entry, cleaned
    expect(shownSummary("", content)).toBeNull();
    expect(shownSummary(null, content)).toBeNull();
  });

  it("shows what the summary says beyond the opening", () => {
    // The opening is in the preview below: only the rest is shown above it.
    const summary = "Today I started the loft plans with Sam. Feeling hopeful but anxious.";
    expect(shownSummary(summary, content)).toBe("Feeling hopeful but anxious.");
    expect(shownSummary("I need to call the builder.", content)).toBe("I need to call the builder.");
    expect(shownSummary("Feeling hopeful but anxious. Today I started the loft plans with Sam.", content)).toBe(
      "Feeling hopeful but anxious. Today I started the loft plans with Sam.",
    );
  });
});
