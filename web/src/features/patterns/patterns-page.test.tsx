import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { closeToasts, fakeApi, json } from "@/features/auth/test-support";
import { makeEntries, renderSignedIn } from "@/features/insights/test-utils";
import { emptyReason, EMPTY_TITLE, PatternsPage } from "@/features/patterns/patterns-page";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  closeToasts();
  vi.unstubAllGlobals();
});

function journalOf(count: number | "failed") {
  fakeApi({
    "GET /api/patterns": () => json(200, []),
    "GET /api/insights": () => json(200, []),
    "GET /api/journal": () =>
      count === "failed"
        ? json(500, { error: "boom" })
        : json(200, makeEntries(count), { "x-total-count": String(count) }),
  });
  renderSignedIn(<PatternsPage />);
}

describe("Patterns empty state", () => {
  it("tells a writer with 3 entries how many more patterns need", async () => {
    journalOf(3);
    expect(await screen.findByText(EMPTY_TITLE)).toBeInTheDocument();
    expect(
      await screen.findByText("Patterns are looked for once your journal has 6 entries. You have written 3 entries: 3 more to go."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Journal" })).toHaveAttribute("href", "/");
  });

  it("tells a writer with 8 entries and no pattern yet what a pattern takes", async () => {
    journalOf(8);
    expect(
      await screen.findByText(
        "A pattern is a theme that comes back in at least 3 entries, and none has yet in your 8 entries: keep journaling, and patterns appear here as your themes recur.",
      ),
    ).toBeInTheDocument();
  });

  it("claims no count when the journal did not load", async () => {
    journalOf("failed");
    expect(await screen.findByText(EMPTY_TITLE)).toBeInTheDocument();
    expect(
      screen.getByText("Keep journaling: patterns appear here once a few entries share a theme."),
    ).toBeInTheDocument();
  });

  it("counts one entry in the singular", () => {
    expect(emptyReason(1)).toBe(
      "Patterns are looked for once your journal has 6 entries. You have written 1 entry: 5 more to go.",
    );
  });
});
