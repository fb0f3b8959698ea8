import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { closeToasts, fakeApi, json } from "@/features/auth/test-support";
import { renderSignedIn } from "@/features/insights/test-utils";
import { AddInsightDialog, TRY_AGAIN } from "@/features/patterns/insight-dialogs";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  closeToasts();
  vi.unstubAllGlobals();
});

const PATTERN = { id: "00000000-0000-4000-8000-000000000001", name: "Work & Rest", description: "", insights: [] };
const LIMIT =
  "You have used your 5 insights for this week, the limit of the free plan. An insight becomes available again " +
  "seven days after it was saved; Premium has no limit.";

function addInsight(answer: () => Response) {
  fakeApi({ "POST /api/insights": answer });
  renderSignedIn(<AddInsightDialog pattern={PATTERN} onClose={() => {}} />);
  fireEvent.change(screen.getByRole("textbox"), { target: { value: "I rest better after a run." } });
  fireEvent.click(screen.getByRole("button", { name: "Add Insight" }));
}

describe("Add Insight to Pattern, refused", () => {
  it("shows the free plan's limit in the server's words, not the raw response", async () => {
    addInsight(() => json(429, { error: LIMIT, retryAfter: 604729, used: 5, limit: 5 }));
    expect(await screen.findByText("Failed to add insight")).toBeInTheDocument();
    expect(screen.getByText(LIMIT)).toBeInTheDocument();
    expect(screen.queryByText(/429|retryAfter/)).not.toBeInTheDocument();
  });

  it("asks to try again when the failure is not explained", async () => {
    addInsight(() => json(500, { error: "boom" }));
    expect(await screen.findByText("Failed to add insight")).toBeInTheDocument();
    expect(screen.getByText(TRY_AGAIN)).toBeInTheDocument();
  });
});
