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

function importing(answer: Record<string, unknown>, resume: string | null = null) {
  fakeApi({
    "GET /api/auth/me": () => json(200, makeUser()),
    "POST /api/journal/import": () => json(200, { success: true, analysing: 0, ...answer }),
    "GET /api/journal/import/progress": () => json(200, { total: 2, analysed: 2, waiting: 0, failed: 0 }),
    "GET /api/resume": () => (resume ? json(200, { content: resume, success: true }) : json(200, { error: "No resume uploaded yet.", success: false })),
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

describe("Import Journal, what comes next", () => {
  it("asks for the resume only when there is none (a restore may have brought it back)", async () => {
    importing({ count: 2, skipped: 0 });
    expect(await screen.findByText("Add your resume next, so your insights can speak to your career too."))
      .toBeInTheDocument();
  });

  it("does not ask for a resume a restore brought back", async () => {
    importing({ count: 2, skipped: 0 }, "Ana Lima, designer");
    expect(await screen.findByTestId("import-success")).toBeInTheDocument();
    expect(await screen.findByTestId("import-analysed")).toBeInTheDocument();
    expect(screen.queryByText(/Add your resume next/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add your resume" })).not.toBeInTheDocument();
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
