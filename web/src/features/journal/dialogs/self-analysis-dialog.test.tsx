import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { fakeApi, json } from "@/features/auth/test-support";
import { makeEntry } from "@/features/journal/entries/test-fixtures";
import { renderWithProviders } from "@/test/render";
import { allowConsoleMessages } from "@/test/console";

import { SHOW_ENTRY_EVENT } from "../entries/show-entry";
import { SelfAnalysisDialog } from "./self-analysis-dialog";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  vi.unstubAllGlobals();
});

const ANALYSIS = {
  analysis: {
    patterns: [
      {
        title: "Morning pages",
        description: "You write most in the morning.",
        highlighted: ["Woke early and wrote."],
        prompts: ["Why mornings?", "What changes at night?"],
        sources: [
          { id: "e1", date: "11/02/2026" },
          { id: "e2", date: "11/05/2026" },
        ],
      },
      { title: " ", description: "Untitled theme", highlighted: [], prompts: [] },
    ],
    connections: [],
    growth: [{ title: "Patience", description: "Calmer with setbacks.", highlighted: [], prompts: ["What helped?"] }],
    reflections: [],
  },
};

/** The dialog open on three entries, nothing listening to it. */
function renderOpenWithThreeEntries() {
  return renderWithProviders(
    <SelfAnalysisDialog open onOpenChange={() => {}} onInsert={() => {}} entries={[makeEntry(), makeEntry(), makeEntry()]} />,
  );
}

describe("SelfAnalysisDialog", () => {
  it("links each claim to its entries: a date closes the dialog and asks Previous Entries to show that entry", async () => {
    fakeApi({ "POST /api/openai/generate-summary": () => json(200, ANALYSIS) });
    const onOpenChange = vi.fn();
    const shown: string[] = [];
    const listen = (event: Event) => shown.push((event as CustomEvent<string>).detail);
    window.addEventListener(SHOW_ENTRY_EVENT, listen);
    const user = userEvent.setup();
    try {
      const entries = [makeEntry(), makeEntry(), makeEntry()];
      function Opened() {
        const [open, setOpen] = useState(true);
        return (
          <SelfAnalysisDialog
            open={open}
            onOpenChange={(next) => {
              onOpenChange(next);
              setOpen(next);
            }}
            onInsert={() => {}}
            entries={entries}
          />
        );
      }
      renderWithProviders(<Opened />);
      const detail = await within(await screen.findByRole("dialog")).findByRole("region", { name: "Selected theme" });
      await user.click(within(detail).getByRole("button", { name: "Open your entry of 11/05/2026" }));
      expect(onOpenChange).toHaveBeenCalledWith(false);
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
      // Asked once the dialog has closed, so its focus going back does not scroll the entry away.
      await waitFor(() => expect(shown).toEqual(["e2"]));
    } finally {
      window.removeEventListener(SHOW_ENTRY_EVENT, listen);
    }
  });

  it("with fewer than 3 entries shows example themes and the message, without calling the server", async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    renderWithProviders(
      <SelfAnalysisDialog open onOpenChange={() => {}} onInsert={() => {}} entries={[makeEntry(), makeEntry()]} />,
    );

    const dialog = await screen.findByRole("dialog");
    expect(
      within(dialog).getByText("You need at least 3 journal entries to perform a meaningful analysis."),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Refresh Analysis" })).toBeDisabled();
    // The first example of the first tab is selected.
    expect(within(dialog).getByRole("heading", { name: "Example: Evening reflection" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("tab", { name: "Links" }));
    expect(within(dialog).getByText("Example: Sleep and mood")).toBeInTheDocument();
    expect(within(dialog).getByText("Select a theme to view insights and reflection prompts")).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it("with 3 or more entries sends the first 15 ids and selects the first theme", async () => {
    const entries = Array.from({ length: 17 }, () => makeEntry());
    let answer!: (response: Response) => void;
    const api = fakeApi({
      "POST /api/openai/generate-summary": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const onInsert = vi.fn();
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SelfAnalysisDialog open onOpenChange={onOpenChange} onInsert={onInsert} entries={entries} />);

    expect(
      await screen.findByText("Analyzing your journal entries for patterns and insights..."),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.calls("POST /api/openai/generate-summary")).toHaveLength(1));
    expect(await api.body("POST /api/openai/generate-summary")).toEqual({
      entryIds: entries.slice(0, 15).map((e) => e.id),
    });
    answer(json(200, ANALYSIS));

    const dialog = screen.getByRole("dialog");
    const detail = await within(dialog).findByRole("region", { name: "Selected theme" });
    expect(within(detail).getByRole("heading", { name: "Morning pages" })).toBeInTheDocument();
    expect(within(detail).getByText("Highlighted Patterns")).toBeInTheDocument();
    // The entries the theme cites, by date.
    expect(within(detail).getByText("From your entries:").parentElement).toHaveTextContent(
      "From your entries: 11/02/2026, 11/05/2026",
    );
    expect(within(detail).getByText("Questions for Deeper Reflection")).toBeInTheDocument();
    expect(within(detail).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Why mornings?",
      "What changes at night?",
    ]);
    // A theme with a blank title is called 'Theme N'.
    expect(within(dialog).getByText("Theme 2")).toBeInTheDocument();
    expect(within(dialog).queryByText(/at least 3 journal entries/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Refresh Analysis" })).toBeEnabled();

    // Empty tabs say so.
    await user.click(within(dialog).getByRole("tab", { name: "Links" }));
    expect(within(dialog).getByText("No connections identified yet")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("tab", { name: "Reflect" }));
    expect(within(dialog).getByText("No reflection prompts available yet")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("tab", { name: "Growth" }));
    expect(within(dialog).getByText("Select a theme to view insights and reflection prompts")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: /Patience/ }));
    await user.click(within(dialog).getByRole("button", { name: "Insert into Journal" }));
    expect(onInsert).toHaveBeenCalledWith(expect.stringContaining("Patience"));
    expect(onInsert.mock.calls[0]![0]).toContain("1. What helped?");
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows 'No patterns identified yet' for an empty Patterns tab", async () => {
    fakeApi({
      "POST /api/openai/generate-summary": () =>
        json(200, { analysis: { ...ANALYSIS.analysis, patterns: [] } }),
    });
    renderOpenWithThreeEntries();
    expect(await screen.findByText("No patterns identified yet")).toBeInTheDocument();
  });

  it("shows what the analysis could not show, and why", async () => {
    const note = "Growth compares your earlier and recent entries: it needs at least 4 analysed entries.";
    fakeApi({
      "POST /api/openai/generate-summary": () =>
        json(200, { analysis: { ...ANALYSIS.analysis, growth: [], notes: [note] } }),
    });
    renderOpenWithThreeEntries();
    const notes = await screen.findByRole("list", { name: "About this analysis" });
    expect(within(notes).getByText(note)).toBeInTheDocument();
  });

  it("shows the examples when the analysis comes back empty", async () => {
    fakeApi({
      "POST /api/openai/generate-summary": () =>
        json(200, { analysis: { patterns: [], connections: [], growth: [], reflections: [] } }),
    });
    renderOpenWithThreeEntries();
    expect(await screen.findByRole("heading", { name: "Example: Evening reflection" })).toBeInTheDocument();
  });

  it("shows the error message and a Close button when the analysis fails", async () => {
    allowConsoleMessages();
    fakeApi({ "POST /api/openai/generate-summary": () => json(500, { error: "down" }) });
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <SelfAnalysisDialog
        open
        onOpenChange={onOpenChange}
        onInsert={() => {}}
        entries={[makeEntry(), makeEntry(), makeEntry()]}
      />,
    );
    expect(
      await screen.findByText("An error occurred while analyzing your journal entries. Please try again."),
    ).toBeInTheDocument();
    await user.click(screen.getByText("Close", { selector: "button" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the same error message when the answer has no analysis", async () => {
    fakeApi({ "POST /api/openai/generate-summary": () => json(200, { summary: "", provider: "local" }) });
    renderOpenWithThreeEntries();
    expect(
      await screen.findByText("An error occurred while analyzing your journal entries. Please try again."),
    ).toBeInTheDocument();
  });
});

describe("SelfAnalysisDialog without an entries prop", () => {
  it("analyses the user's entries", async () => {
    const entries = [makeEntry(), makeEntry(), makeEntry()];
    const api = fakeApi({
      "GET /api/journal": () => json(200, entries),
      "POST /api/openai/generate-summary": () => json(200, ANALYSIS),
    });
    renderWithProviders(<SelfAnalysisDialog open onOpenChange={() => {}} onInsert={() => {}} />);
    expect(await screen.findByRole("heading", { name: "Morning pages" })).toBeInTheDocument();
    expect(await api.body("POST /api/openai/generate-summary")).toEqual({ entryIds: entries.map((e) => e.id) });
  });
});

describe("analysisItemText", () => {
  it("is plain text for a plain textarea: no Markdown heading, one pair of quotes, ends on a new line", async () => {
    const { analysisItemText } = await import("./self-analysis-dialog");
    const text = analysisItemText({
      title: "Mornings",
      description: "You write best early.",
      highlighted: ['"Woke early and wrote."', "“Coffee first.”", "Plain quote"],
      prompts: ["Why mornings?"],
    });
    expect(text).toBe(
      "Mornings\nYou write best early.\n\nHighlighted Patterns:\n“Woke early and wrote.”\n“Coffee first.”\n“Plain quote”\n\n" +
        "Questions for Deeper Reflection:\n1. Why mornings?\n",
    );
    expect(text).not.toMatch(/^#|""|“"/m);
  });
});
