import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { fakeApi, json } from "@/features/auth/test-support";
import { renderWithProviders } from "@/test/render";

import { WritingPrompts } from "./writing-prompts";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => vi.unstubAllGlobals());

function task(text: string, extra: Record<string, unknown> = {}) {
  return { id: text, text, completed: false, priority: "high", type: "personal", timeframe: "week", older: false,
    doneHint: null, ...extra };
}

describe("WritingPrompts", () => {
  it("asks about open high-priority tasks, not one a later entry reads as done or one no longer this week's", async () => {
    fakeApi({
      "GET /api/tasks": () =>
        json(200, [
          task("Pay rent"),
          task("Book the movers", { doneHint: "On 10/27/2026 you wrote: \"Booked the movers\"" }),
          task("Finish the vendor report", { older: true }),
          task("Tidy the shed", { priority: "low" }),
        ]),
      "GET /api/projects": () => json(200, []),
      "GET /api/goals": () => json(200, []),
    });
    renderWithProviders(<WritingPrompts empty onPick={() => undefined} hour={14} />);
    expect(await screen.findByText("How is it going with “Pay rent”?")).toBeInTheDocument();
    expect(screen.queryByText(/Book the movers/)).not.toBeInTheDocument();
    expect(screen.queryByText(/vendor report/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Tidy the shed/)).not.toBeInTheDocument();
  });
});
