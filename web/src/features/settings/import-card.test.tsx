import { fireEvent, screen, waitFor } from "@testing-library/react";
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
    "POST /api/journal/import": () => json(200, { success: true, analysing: 0, photos: 0, ...answer }),
    "GET /api/journal/import/progress": () => json(200, { total: 2, analysed: 2, waiting: 0, failed: 0, current: null }),
  });
  renderSignedIn(<ImportCard onScrollToResume={() => {}} />);
  fireEvent.change(screen.getByLabelText("Journal content"), { target: { value: "## 11/03/2026\nPottery class." } });
  fireEvent.click(screen.getByRole("button", { name: "Import Journal" }));
}

describe("Import Journal, the formats", () => {
  it("names every app whose export it reads, and the picker takes their files", () => {
    fakeApi({});
    renderSignedIn(<ImportCard onScrollToResume={() => {}} />);
    const listed = screen.getByRole("list", { name: "Formats Reverie reads" });
    for (const app of ["Day One", "jrnl", "Daylio", "Daygram", "Obsidian", "Reverie"]) {
      expect(listed).toHaveTextContent(app);
    }
    expect(screen.getByTestId("import-file")).toHaveAttribute("accept", ".zip,.json,.csv,.txt,.md,.markdown,.journal");
  });

  it("refuses a file that is no journal export with the spec's title", async () => {
    fakeApi({});
    renderSignedIn(<ImportCard onScrollToResume={() => {}} />);
    fireEvent.change(screen.getByTestId("import-file"), {
      target: { files: [new File(["%PDF"], "cv.pdf", { type: "application/pdf" })] },
    });
    expect(await screen.findByText(MSG.unsupportedTitle)).toBeInTheDocument();
    expect(screen.queryByTestId("import-chosen")).not.toBeInTheDocument();
  });
});

describe("Import Journal, a file", () => {
  it("sends the file itself and reports what came in and what could not", async () => {
    const sent: FormData[] = [];
    fakeApi({
      "GET /api/auth/me": () => json(200, makeUser()),
      "POST /api/journal/import/file": (request) => {
        void request.formData().then((form) => sent.push(form));
        return json(200, {
          success: true, count: 8, skipped: 1, analysing: 8, photos: 3, format: "Day One",
          firstDate: "05/03/2020", lastDate: "05/12/2020",
          notImported: [{ kind: "audio", count: 12, message: "12 audio files were not imported: Reverie keeps text and photos." }],
        });
      },
      "GET /api/journal/import/progress": () => json(200, { total: 8, analysed: 2, waiting: 6, failed: 0, current: null }),
    });
    renderSignedIn(<ImportCard onScrollToResume={() => {}} />);
    const zip = new File([new Uint8Array([80, 75, 3, 4])], "Export - Journal.zip", { type: "application/zip" });
    fireEvent.change(screen.getByTestId("import-file"), { target: { files: [zip] } });
    expect(await screen.findByTestId("import-chosen")).toHaveTextContent("Export - Journal.zip");
    expect(screen.queryByLabelText("Journal content")).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Import Journal" }));
    const report = await screen.findByTestId("import-success", {}, { timeout: 3000 });
    expect(report).toHaveTextContent("Imported 8 journal entries.");
    expect(report).toHaveTextContent("Read as: Day One");
    expect(report).toHaveTextContent("3 photos were attached to their entries.");
    expect(report).toHaveTextContent("1 entry was already in your journal");
    expect(screen.getByTestId("import-not-imported")).toHaveTextContent(
      "12 audio files were not imported: Reverie keeps text and photos.",
    );
    await waitFor(() => expect(sent).toHaveLength(1));
    const part = sent[0]!.get("file") as Blob;
    expect(typeof part).not.toBe("string"); // the file itself, not its text
    expect([part.size, part.type]).toEqual([4, "application/zip"]);
  });
});

describe("Import Journal, added", () => {
  it("shows the days the entries were given, to check against what was meant", async () => {
    importing({ count: 2, skipped: 0, firstDate: "03/11/2026", lastDate: "05/11/2026" });
    expect(await screen.findByTestId("import-dates", {}, { timeout: 3000 })).toHaveTextContent(
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
