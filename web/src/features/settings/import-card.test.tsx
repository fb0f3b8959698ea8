import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { closeToasts, fakeApi, json, makeUser } from "@/features/auth/test-support";
import { renderSignedIn } from "@/features/insights/test-utils";
import { ImportCard } from "@/features/settings/import-card";
import { MSG } from "@/features/settings/messages";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  closeToasts();
  vi.unstubAllGlobals();
});

function importing(answer: Record<string, unknown>) {
  fakeApi({
    "GET /api/auth/me": () => json(200, makeUser()),
    "POST /api/journal/import": () => json(200, { success: true, analysing: 0, ...answer }),
  });
  renderSignedIn(<ImportCard onScrollToResume={() => {}} />);
  fireEvent.change(screen.getByLabelText("Journal content"), { target: { value: "## 11/03/2026\nPottery class." } });
  fireEvent.click(screen.getByRole("button", { name: "Import Journal" }));
}

describe("Import Journal, added", () => {
  it("shows the days the entries were given, to check against what was meant", async () => {
    importing({ count: 2, skipped: 0, firstDate: "03/11/2026", lastDate: "05/11/2026" });
    expect(await screen.findByTestId("import-dates")).toHaveTextContent(
      "Dated 03/11/2026 to 05/11/2026: check these are the days you meant.",
    );
  });
});

describe("Import Journal, nothing added", () => {
  it("says the entries are already in the journal when all were skipped, not to check the format", async () => {
    importing({ count: 0, skipped: 2 });
    expect(await screen.findByText("All 2 entries are already in your journal, so nothing new was imported."))
      .toBeInTheDocument();
    expect(screen.getByText(MSG.noEntriesTitle)).toBeInTheDocument();
    expect(screen.queryByText(MSG.noEntries)).not.toBeInTheDocument();
  });

  it("keeps the spec's text when nothing was found at all", async () => {
    importing({ count: 0, skipped: 0 });
    expect(await screen.findByText(MSG.noEntries)).toBeInTheDocument();
  });
});
