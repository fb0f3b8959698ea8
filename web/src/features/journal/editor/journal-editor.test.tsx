import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import {
  advanceTimers,
  closeToasts,
  FAKED_TIMERS,
  fakeApi,
  json,
  type Handlers,
} from "@/features/auth/test-support";
import { setStorageOwner, userStorage } from "@/features/auth/user-storage";
import { NEW_ENTRY_DRAFT_STORAGE_KEY, NEW_ENTRY_ID_STORAGE_KEY } from "@/lib/constants";
import { renderWithProviders } from "@/test/render";

import { greeting, greetingTimeOfDay, insightBlock, shouldRecoverDraft } from "./editor-utils";
import { INSERT_INTO_EDITOR_EVENT, JournalEditor } from "./journal-editor";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

const ENTRY_ID = "0b7c1c8e-0000-4000-8000-0000000000e1";

function entry(overrides: Record<string, unknown> = {}) {
  return {
    id: ENTRY_ID,
    content: "",
    date: "11/20/2026",
    time: "09:00",
    location: "Location unknown",
    mood: null,
    summary: null,
    relatedGoals: [],
    relatedProjects: [],
    timestamp: null,
    highlights: [],
    insights: [],
    photos: [],
    analysis: { state: "done" },
    createdAt: "2026-11-20T09:00:00Z",
    updatedAt: "2026-11-20T09:00:00Z",
    ...overrides,
  };
}

function handlers(extra: Handlers = {}): Handlers {
  return {
    "GET /api/journal": () => json(200, []),
    "GET /api/tasks": () => json(200, []),
    "GET /api/projects": () => json(200, []),
    "GET /api/goals": () => json(200, []),
    "POST /api/journal": () => json(201, entry({ analysis: { state: "pending" } })),
    [`PATCH /api/journal/${ENTRY_ID}`]: () => json(200, entry()),
    "POST /api/openai/real-time-prompts": () => json(200, { prompts: [] }),
    ...extra,
  };
}

function renderEditor() {
  return renderWithProviders([
    { path: "/", element: <JournalEditor /> },
    { path: "/other", element: <h1>Other page</h1> },
  ]);
}

const textarea = () => screen.getByRole("textbox", { name: "Journal entry" });
const type = (value: string) => fireEvent.change(textarea(), { target: { value } });
const status = () => screen.getByTestId("autosave-status");

const LONG = "Today I walked by the river and thought about work";

afterEach(() => {
  closeToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("pure helpers", () => {
  it("greets by time of day: morning before 12:00, afternoon before 17:00, otherwise evening", () => {
    expect(greetingTimeOfDay(0)).toBe("morning");
    expect(greetingTimeOfDay(11)).toBe("morning");
    expect(greetingTimeOfDay(12)).toBe("afternoon");
    expect(greetingTimeOfDay(16)).toBe("afternoon");
    expect(greetingTimeOfDay(17)).toBe("evening");
    expect(greeting(9)).toBe("Good morning!");
  });

  it("recovers a draft only when it differs, is longer and exceeds 20 characters trimmed", () => {
    expect(shouldRecoverDraft(null, "")).toBe(false);
    expect(shouldRecoverDraft("   exactly twenty chars   ".slice(0, 23), "")).toBe(false);
    expect(shouldRecoverDraft("a".repeat(20), "")).toBe(false);
    expect(shouldRecoverDraft("a".repeat(21), "")).toBe(true);
    expect(shouldRecoverDraft("a".repeat(21), "a".repeat(21))).toBe(false);
    expect(shouldRecoverDraft("a".repeat(21), "b".repeat(30))).toBe(false);
  });

  it("frames insight blocks with a heading line, a closing rule and the type's emoji", () => {
    const block = insightBlock({ type: "task", text: "Call mum", timeEstimate: "5 min", relatedTasks: ["Call"] });
    const lines = block.split("\n");
    expect(lines[0]).toContain("✅");
    expect(lines[0]).toContain("Task");
    expect(block).toContain("Call mum");
    // The closing rule, then a line break: writing after the block starts on a line of its own.
    expect(lines.at(-2)).toMatch(/^─+$/);
    expect(block.endsWith("─\n")).toBe(true);
    expect(insightBlock({ type: "unknown", text: "x" })).toContain("Reflection");
  });
});

describe("JournalEditor", () => {
  beforeEach(() => {
    // Drafts are the signed-in user's (features/auth/user-storage.ts).
    setStorageOwner("user-1");
    vi.useFakeTimers({ toFake: [...FAKED_TIMERS, "Date"] });
    vi.setSystemTime(new Date(2026, 10, 20, 9, 30));
  });

  it("shows the date, a morning greeting for an empty entry, and the word count once there is content", async () => {
    fakeApi(handlers());
    renderEditor();
    await advanceTimers(0);
    expect(screen.getByRole("heading", { name: "Friday, November 20, 2026" })).toBeInTheDocument();
    expect(screen.getByText("09:30")).toBeInTheDocument();
    expect(screen.getByText("Good morning!")).toBeInTheDocument();
    expect(screen.queryByText(/words?$/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();

    type("three small words");
    expect(screen.getByText("3 words")).toBeInTheDocument();
    expect(screen.getByText("Something else to mention?")).toBeInTheDocument();
    expect(screen.queryByText("Good morning!")).not.toBeInTheDocument();
  });

  it("autosaves 1500 ms after typing stops: POST first, then PATCH with no-cache; statuses", async () => {
    const api = fakeApi(handlers());
    renderEditor();
    type(LONG);
    await advanceTimers(1499);
    expect(api.calls("POST /api/journal")).toHaveLength(0);
    await advanceTimers(1);
    expect(api.calls("POST /api/journal")).toHaveLength(1);
    const created = (await api.body("POST /api/journal")) as Record<string, unknown>;
    expect(created).toMatchObject({
      content: LONG,
      date: "11/20/2026",
      time: "09:30",
      location: "Location unknown",
    });
    expect(status()).toHaveTextContent("Saved");
    await advanceTimers(1500);
    expect(status()).toHaveTextContent("");
    expect(userStorage()?.getItem(NEW_ENTRY_ID_STORAGE_KEY)).toBe(ENTRY_ID);

    type(`${LONG} and more`);
    await advanceTimers(1500);
    expect(api.calls("POST /api/journal")).toHaveLength(1);
    const patch = api.calls(`PATCH /api/journal/${ENTRY_ID}`);
    expect(patch).toHaveLength(1);
    expect(patch[0]!.headers.get("Cache-Control")).toBe("no-cache");
    expect(await api.body(`PATCH /api/journal/${ENTRY_ID}`)).toEqual({
      content: `${LONG} and more`,
      generateSummary: false,
    });

    type(`${LONG} ${"x".repeat(151)}`);
    await advanceTimers(1500);
    expect(await api.body(`PATCH /api/journal/${ENTRY_ID}`)).toMatchObject({ generateSummary: true });
  });

  it("shows 'Auto-saving...' while the save is in flight", async () => {
    let answer: (r: Response) => void = () => {};
    fakeApi(handlers({ "POST /api/journal": () => new Promise<Response>((resolve) => (answer = resolve)) }));
    renderEditor();
    type(LONG);
    await advanceTimers(1500);
    expect(status()).toHaveTextContent("Auto-saving...");
    await act(async () => answer(json(201, entry())));
    await advanceTimers(0);
    expect(status()).toHaveTextContent("Saved");
  });

  it("autosaves every 30 s while dirty even when typing never pauses", async () => {
    const api = fakeApi(handlers());
    renderEditor();
    for (let i = 0; i < 30; i += 1) {
      type(`${LONG} ${"a".repeat(i)}`);
      await advanceTimers(1000);
    }
    expect(api.calls("POST /api/journal")).toHaveLength(1);
  });

  it("skips autosave for whitespace-only content", async () => {
    const api = fakeApi(handlers());
    renderEditor();
    type("    \n  ");
    await advanceTimers(31000);
    expect(api.calls("POST /api/journal")).toHaveLength(0);
  });

  it("toasts 'Sync issue' for a network error but not for an HTTP 500", async () => {
    fakeApi(
      handlers({
        "POST /api/journal": () => {
          throw new TypeError("Failed to fetch");
        },
      }),
    );
    const first = renderEditor();
    type(LONG);
    await advanceTimers(1500);
    expect(screen.getByText("Sync issue")).toBeInTheDocument();
    expect(screen.getByText("Saved locally. Will retry sync when connection improves.")).toBeInTheDocument();
    expect(status()).not.toHaveTextContent("Saved");
    first.unmount();
    closeToasts();
    await advanceTimers(6000);

    fakeApi(handlers({ "POST /api/journal": () => json(500, { error: "boom" }) }));
    renderEditor();
    type(LONG);
    await advanceTimers(1500);
    expect(screen.queryByText("Sync issue")).not.toBeInTheDocument();
  });

  it("manual save: overlay, success toast, a fresh blank entry, and the draft cleared", async () => {
    let answer: (r: Response) => void = () => {};
    const api = fakeApi(handlers({ "POST /api/journal": () => new Promise<Response>((resolve) => (answer = resolve)) }));
    renderEditor();
    type(LONG);
    api.handlers["GET /api/journal"] = () =>
      json(200, [entry({ content: LONG, mood: { emoji: "😊", text: "Happy" }, summary: "A walk by the river." })]);
    api.handlers["GET /api/journal"] = () =>
      json(200, [
        entry({
          content: LONG,
          mood: { emoji: "😊", text: "Happy" },
          summary: "A walk by the river.",
          relatedGoals: ["Walk more every week"],
          highlights: [{ id: "t1", type: "task", reformulation: "Plan the next walk", metadata: { timeframe: "week" } }],
        }),
      ]);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await advanceTimers(0);
    expect(screen.getByText("Saving your thoughts...")).toBeInTheDocument();
    await act(async () => answer(json(201, entry({ content: LONG }))));
    await advanceTimers(0);
    expect(api.calls("POST /api/journal")).toHaveLength(1);
    expect(screen.getByText("Saved successfully")).toBeInTheDocument();
    expect(screen.getByText("Your journal entry has been saved.")).toBeInTheDocument();
    expect(textarea()).toHaveValue("");
    expect(userStorage()?.getItem(NEW_ENTRY_DRAFT_STORAGE_KEY)).toBeNull();
    expect(userStorage()?.getItem(NEW_ENTRY_ID_STORAGE_KEY)).toBeNull();
    const latest = screen.getByRole("region", { name: "Latest entry" });
    expect(latest).toHaveTextContent("Happy");
    expect(latest).toHaveTextContent("A walk by the river.");
    expect(latest).toHaveTextContent("Plan the next walk");
    expect(within(latest).getByLabelText("Goal: Walk more every week")).toHaveTextContent("Walk more ...");
    // A manual Save asks for a summary of this very text.
  });

  it("a manual Save of an autosaved entry asks the server for a summary of this text", async () => {
    const api = fakeApi(handlers());
    renderEditor();
    type(LONG);
    await advanceTimers(1500);
    type(`${LONG}, and the rain.`);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await advanceTimers(0);
    const patched = api.requests.find((r) => r.method === "PATCH");
    expect(await patched!.clone().json()).toEqual({ content: `${LONG}, and the rain.`, generateSummary: true });
  });

  it("does not create an entry from a clicked prompt or a few characters; a manual Save does", async () => {
    const api = fakeApi(handlers());
    renderEditor();
    await advanceTimers(0);
    fireEvent.click(screen.getByRole("button", { name: "What made you smile today?" }));
    expect(textarea()).toHaveValue("What made you smile today?\n");
    await advanceTimers(31000); // past the debounce and the 30 s periodic save
    type("What made you smile today?\nThe sun");
    await advanceTimers(31000);
    expect(api.calls("POST /api/journal")).toHaveLength(0);
    type("What made you smile today?\nThe sun on the balcony this morning.");
    await advanceTimers(1500);
    expect(api.calls("POST /api/journal")).toHaveLength(1);
  });

  it("after 'Leave' and coming back, inserted text alone is not recovered nor saved; with own words it is", async () => {
    const api = fakeApi(handlers());
    const { router } = renderEditor();
    await advanceTimers(0);
    fireEvent.click(screen.getByRole("button", { name: "What made you smile today?" }));
    act(() => void window.dispatchEvent(new CustomEvent(INSERT_INTO_EDITOR_EVENT, { detail: "Work\nHighlighted Patterns:\n“Tom sent me the error rates”\n" })));
    const leaveAndComeBack = async () => {
      await act(async () => void router.navigate("/other"));
      await advanceTimers(0);
      fireEvent.click(screen.getByRole("button", { name: "Leave" }));
      await advanceTimers(0);
      await act(async () => void router.navigate("/"));
      await advanceTimers(0);
    };
    await leaveAndComeBack();
    expect(textarea()).toHaveValue("");
    expect(screen.queryByText("Draft Recovered")).not.toBeInTheDocument();
    await advanceTimers(31000);
    expect(api.calls("POST /api/journal")).toHaveLength(0);

    // The writer's own words come back, with the prompt: autosave still counts only the own words.
    fireEvent.click(screen.getByRole("button", { name: "What made you smile today?" }));
    type("What made you smile today?\nThe sun");
    await leaveAndComeBack();
    expect(textarea()).toHaveValue("What made you smile today?\nThe sun");
    expect(screen.getByText("Draft Recovered")).toBeInTheDocument();
    await advanceTimers(31000);
    expect(api.calls("POST /api/journal")).toHaveLength(0);
    type("What made you smile today?\nThe sun on the balcony this morning.");
    await advanceTimers(1500);
    expect(api.calls("POST /api/journal")).toHaveLength(1);
  });

  it("removes an autosaved entry the writer empties, instead of keeping its old text", async () => {
    const api = fakeApi(handlers({ [`DELETE /api/journal/${ENTRY_ID}`]: () => json(200, { message: "Entry deleted" }) }));
    renderEditor();
    type(LONG);
    await advanceTimers(1500);
    expect(api.calls("POST /api/journal")).toHaveLength(1);
    type("");
    await advanceTimers(1500);
    expect(api.calls(`DELETE /api/journal/${ENTRY_ID}`)).toHaveLength(1);
    expect(api.calls(`PATCH /api/journal/${ENTRY_ID}`)).toHaveLength(0);
    expect(screen.getByText("Empty entry removed")).toBeInTheDocument();
    expect(userStorage()?.getItem(NEW_ENTRY_ID_STORAGE_KEY)).toBeNull();
    type(LONG);
    await advanceTimers(1500);
    expect(api.calls("POST /api/journal")).toHaveLength(2); // a new entry, not the removed one
  });

  it("backdates: a new entry is created on the chosen day, a saved one gets the new date", async () => {
    const api = fakeApi(handlers());
    renderEditor();
    fireEvent.click(screen.getByRole("button", { name: "Change date" }));
    await advanceTimers(0);
    fireEvent.click(screen.getByRole("button", { name: /November 17th, 2026/ }));
    expect(screen.getByRole("heading", { name: "Tuesday, November 17, 2026" })).toBeInTheDocument();
    type(LONG);
    await advanceTimers(1500);
    const post = api.requests.find((r) => r.method === "POST" && new URL(r.url).pathname === "/api/journal");
    const created = await post!.clone().json();
    expect(created).toMatchObject({ date: "11/17/2026", time: "09:30" });
    expect(new Date(created.timestamp * 1000).getDate()).toBe(17);
    fireEvent.click(screen.getByRole("button", { name: "Change date" }));
    await advanceTimers(0);
    fireEvent.click(screen.getByRole("button", { name: /November 16th, 2026/ }));
    await advanceTimers(0);
    const patch = api.requests.filter((r) => r.method === "PATCH").at(-1);
    expect(await patch!.clone().json()).toEqual({ date: "11/16/2026" });
  });

  it("manual save failure offers Retry, which saves", async () => {
    const api = fakeApi(handlers({ "POST /api/journal": () => json(500, { error: "down" }) }));
    renderEditor();
    type(LONG);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await advanceTimers(0);
    expect(screen.getByText("Save failed")).toBeInTheDocument();
    expect(screen.getByText("Your content is saved locally. Tap to retry saving to the cloud.")).toBeInTheDocument();
    expect(textarea()).toHaveValue(LONG);

    // The 'Save failed' toast keeps its Retry: autosave does not replace it with 'Sync issue'.
    await advanceTimers(3000);
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
    expect(screen.queryByText("Sync issue")).not.toBeInTheDocument();
    expect(api.calls("POST /api/journal")).toHaveLength(1);

    api.handlers["POST /api/journal"] = () => json(201, entry({ content: LONG }));
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await advanceTimers(0);
    expect(screen.getByText("Saved successfully")).toBeInTheDocument();
    expect(api.calls("POST /api/journal")).toHaveLength(2);
  });

  it("an entry over 100,000 characters: the editor says so, and neither saves nor asks for prompts", async () => {
    const api = fakeApi(handlers());
    renderEditor();
    type(`${LONG} `.repeat(2000).slice(0, 100_001));
    expect(screen.getByRole("alert")).toHaveTextContent("An entry can be at most 100,000 characters. This one has 100,001");
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
    await advanceTimers(31000);
    expect(api.calls("POST /api/journal")).toHaveLength(0);
    expect(api.calls("POST /api/openai/real-time-prompts")).toHaveLength(0);
    type(LONG);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("a save the server refuses shows its reason, with no Retry that could never work", async () => {
    const api = fakeApi(handlers({ "POST /api/journal": () => json(400, { error: "Text cannot contain the NUL character.", field: "content" }) }));
    renderEditor();
    type(LONG);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await advanceTimers(0);
    expect(screen.getByText("Save failed")).toBeInTheDocument();
    expect(screen.getByText("Text cannot contain the NUL character.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
    await advanceTimers(31000); // no autosave repeats the refused text
    expect(api.calls("POST /api/journal")).toHaveLength(1);
  });

  it("recovers a stored draft longer than 20 characters and says 'Draft Recovered'", async () => {
    userStorage()?.setItem(NEW_ENTRY_DRAFT_STORAGE_KEY, LONG);
    fakeApi(handlers());
    renderEditor();
    await advanceTimers(0);
    expect(textarea()).toHaveValue(LONG);
    expect(screen.getByText("Draft Recovered")).toBeInTheDocument();
  });

  it("does not recover a short draft", async () => {
    userStorage()?.setItem(NEW_ENTRY_DRAFT_STORAGE_KEY, "  only a short one   ");
    fakeApi(handlers());
    renderEditor();
    await advanceTimers(0);
    expect(textarea()).toHaveValue("");
    expect(screen.queryByText("Draft Recovered")).not.toBeInTheDocument();
  });

  it("keeps editing the autosaved entry after a reload (draft and id survive)", async () => {
    const api = fakeApi(handlers());
    const first = renderEditor();
    type(LONG);
    await advanceTimers(1500);
    expect(api.calls("POST /api/journal")).toHaveLength(1);
    first.unmount();
    closeToasts();

    // The server holds the same text: it is the entry, with no 'Draft Recovered' and nothing to save.
    api.handlers["GET /api/journal"] = () => json(200, [entry({ content: LONG })]);
    const second = renderEditor();
    await advanceTimers(0);
    expect(textarea()).toHaveValue(LONG);
    expect(screen.queryByText("Draft Recovered")).not.toBeInTheDocument();
    await advanceTimers(1500);
    expect(api.calls("POST /api/journal")).toHaveLength(1);
    expect(api.calls(`PATCH /api/journal/${ENTRY_ID}`)).toHaveLength(0);

    // A longer draft than the server's text (unsent when the page closed) is recovered and saved.
    type(`${LONG} and the rain that followed`);
    second.unmount();
    closeToasts();
    renderEditor();
    await advanceTimers(0);
    expect(screen.getByText("Draft Recovered")).toBeInTheDocument();
    expect(textarea()).toHaveValue(`${LONG} and the rain that followed`);
    await advanceTimers(1500);
    expect(api.calls("POST /api/journal")).toHaveLength(1);
    expect(api.calls(`PATCH /api/journal/${ENTRY_ID}`).length).toBeGreaterThanOrEqual(1);
  });

  it("after a reload, the autosaved entry shows its own (backdated) day and time, not today's", async () => {
    fakeApi(handlers());
    const first = renderEditor();
    type(LONG);
    await advanceTimers(1500);
    first.unmount();
    closeToasts();

    fakeApi(handlers({ "GET /api/journal": () => json(200, [entry({ content: LONG, date: "11/10/2026", time: "07:45" })]) }));
    renderEditor();
    await advanceTimers(0);
    expect(textarea()).toHaveValue(LONG);
    expect(screen.getByRole("heading", { name: "Tuesday, November 10, 2026" })).toBeInTheDocument();
    expect(screen.getByText("07:45")).toBeInTheDocument();
  });

  it("a new entry is dated when it is written: the page left open past midnight writes on the new day", async () => {
    vi.setSystemTime(new Date(2026, 10, 20, 23, 58));
    const api = fakeApi(handlers());
    renderEditor();
    await advanceTimers(0);
    expect(screen.getByRole("heading", { name: "Friday, November 20, 2026" })).toBeInTheDocument();
    // Five minutes later, past midnight, the writer starts.
    await advanceTimers(5 * 60 * 1000);
    expect(screen.getByRole("heading", { name: "Saturday, November 21, 2026" })).toBeInTheDocument();
    type(LONG);
    await advanceTimers(1500);
    expect(await api.body("POST /api/journal")).toMatchObject({ date: "11/21/2026", time: "00:03" });
  });

  it("Change date cannot page past this month, whose later days are all disabled", async () => {
    fakeApi(handlers());
    renderEditor();
    fireEvent.click(screen.getByRole("button", { name: "Change date" }));
    await advanceTimers(0);
    expect(screen.getByRole("button", { name: /next month/i })).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByRole("button", { name: /previous month/i })).not.toHaveAttribute("aria-disabled");
  });

  it("a day picked with Change date stays, however long the writer takes", async () => {
    const api = fakeApi(handlers());
    renderEditor();
    fireEvent.click(screen.getByRole("button", { name: "Change date" }));
    await advanceTimers(0);
    fireEvent.click(screen.getByRole("button", { name: /November 18/ }));
    await advanceTimers(0);
    expect(screen.getByRole("heading", { name: "Wednesday, November 18, 2026" })).toBeInTheDocument();
    await advanceTimers(3 * 60 * 60 * 1000);
    type(LONG);
    await advanceTimers(1500);
    expect(await api.body("POST /api/journal")).toMatchObject({ date: "11/18/2026" });
  });

  it("sends a keep-alive PATCH with only the content on pagehide when dirty", async () => {
    const api = fakeApi(handlers());
    renderEditor();
    type(LONG);
    await advanceTimers(1500);
    type(`${LONG} unsaved tail`);
    act(() => {
      window.dispatchEvent(new Event("pagehide"));
    });
    // Issued at once, in the event itself (no waiting): the page may be gone right after.
    const request = api.requests.find((r) => r.keepalive);
    expect(request).toBeDefined();
    expect(new URL(request!.url).pathname).toBe(`/api/journal/${ENTRY_ID}`);
    expect(request).toMatchObject({ method: "PATCH", keepalive: true, credentials: "include" });
    expect(request!.headers.get("Content-Type")).toBe("application/json");
    expect(request!.headers.get("X-Requested-With")).toBe("XMLHttpRequest");
    expect(await request!.clone().json()).toEqual({ content: `${LONG} unsaved tail` });
  });

  it("warns on beforeunload while dirty", async () => {
    fakeApi(handlers());
    renderEditor();
    const clean = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    type("x");
    const dirty = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it("asks before in-app navigation with unsaved changes", async () => {
    fakeApi(handlers());
    const { router } = renderEditor();
    type("x");
    await act(async () => {
      void router.navigate("/other");
    });
    await advanceTimers(0);
    expect(screen.getByText("You have unsaved changes. Are you sure you want to leave?")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Leave" }));
    await advanceTimers(0);
    expect(screen.getByRole("heading", { name: "Other page" })).toBeInTheDocument();
  });

  it("requests insight prompts only from 18 characters, debounced 1200 ms or 500 ms after punctuation, 8 s apart", async () => {
    const api = fakeApi(
      handlers({
        "POST /api/openai/real-time-prompts": () =>
          json(200, { prompts: [{ id: "p1", type: "task", text: "What is the first step?", context: "" }] }),
      }),
    );
    const prompts = () => api.calls("POST /api/openai/real-time-prompts");
    renderEditor();
    type("a".repeat(17));
    await advanceTimers(1300);
    expect(prompts()).toHaveLength(0);

    type("a".repeat(18));
    await advanceTimers(1199);
    expect(prompts()).toHaveLength(0);
    await advanceTimers(1);
    expect(prompts()).toHaveLength(1);
    expect(screen.getByText("What is the first step?")).toBeInTheDocument();

    type(`${"a".repeat(18)} more.`);
    await advanceTimers(500);
    expect(prompts()).toHaveLength(1); // less than 8 s since the last one

    await advanceTimers(7000);
    type(`${"a".repeat(18)} more. Again.`);
    await advanceTimers(499);
    expect(prompts()).toHaveLength(1);
    await advanceTimers(1);
    expect(prompts()).toHaveLength(2);

    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText("What is the first step?")).not.toBeInTheDocument();
  });

  it("after Save, the fresh entry shows no insight prompt about the saved one", async () => {
    fakeApi(
      handlers({
        "POST /api/openai/real-time-prompts": () =>
          json(200, { prompts: [{ id: "p1", type: "reflection", text: "What would real rest look like?", context: "" }] }),
      }),
    );
    renderEditor();
    type(LONG);
    await advanceTimers(1200);
    expect(screen.getByText("What would real rest look like?")).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole("button", { name: "Save" })[0]!); // the entry's (the prompt has its own)
    await advanceTimers(0);
    expect(screen.getByText("Saved successfully")).toBeInTheDocument();
    expect(textarea()).toHaveValue("");
    expect(screen.queryByText("What would real rest look like?")).not.toBeInTheDocument();
  });

  it("adds an insight prompt into the text as a framed block", async () => {
    fakeApi(
      handlers({
        "POST /api/openai/real-time-prompts": () =>
          json(200, { prompts: [{ id: "p1", type: "goal", text: "Is this a goal?", context: "" }] }),
      }),
    );
    renderEditor();
    type("I want to run a marathon.");
    await advanceTimers(500);
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    expect((textarea() as HTMLTextAreaElement).value).toContain("🎯 Goal");
    expect((textarea() as HTMLTextAreaElement).value).toContain("Is this a goal?");
  });

  it("Silent Mode: Ctrl+Shift+S enters, Escape and the exit button leave", async () => {
    fakeApi(handlers());
    renderEditor();
    type("words");
    fireEvent.keyDown(window, { key: "S", code: "KeyS", ctrlKey: true, shiftKey: true });
    expect(screen.getByRole("dialog", { name: "Silent Mode" })).toBeInTheDocument();
    expect(textarea()).toHaveValue("words");
    fireEvent.keyDown(window, { key: "Escape" });
    expect(screen.queryByRole("dialog", { name: "Silent Mode" })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Silent Mode" }));
    expect(screen.getByRole("dialog", { name: "Silent Mode" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Exit Silent Mode" }));
    expect(screen.queryByRole("dialog", { name: "Silent Mode" })).not.toBeInTheDocument();

    fireEvent.keyDown(window, { key: "s", code: "KeyS", ctrlKey: true, shiftKey: true });
    expect(screen.getByRole("dialog", { name: "Silent Mode" })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: "S", code: "KeyS", ctrlKey: true, shiftKey: true });
    expect(screen.queryByRole("dialog", { name: "Silent Mode" })).not.toBeInTheDocument();
  });
});
