import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { closeToasts, fakeApi, json, makeUser, renderApp } from "@/features/auth/test-support";

import { makeEntry } from "./entries/test-fixtures";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  closeToasts();
  vi.unstubAllGlobals();
});

describe("JournalHomePage", () => {
  it("greets a returning writer with 'Welcome back' under the Journal heading", async () => {
    fakeApi({
      "GET /api/auth/me": () => json(200, makeUser({ username: "sam" })),
      "GET /api/journal": () => json(200, [makeEntry()]),
    });
    renderApp("/");

    expect(await screen.findByRole("heading", { level: 1, name: "Journal" })).toBeInTheDocument();
    expect(await screen.findByText(/Welcome back, sam\./)).toBeInTheDocument();
  });

  it("says 'Welcome' (not 'Welcome back') on a brand-new journal, after 'Loading your journal data...'", async () => {
    let answer: (r: Response) => void = () => {};
    fakeApi({
      "GET /api/auth/me": () => json(200, makeUser({ username: "sam" })),
      "GET /api/journal": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp("/");

    expect(await screen.findByText("Loading your journal data...")).toBeInTheDocument();
    answer(json(200, []));
    expect(await screen.findByText(/Welcome, sam\./)).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });

  it("names the editor's template picker apart from the Self Analysis dialog's button", async () => {
    const user = userEvent.setup();
    fakeApi({
      "GET /api/auth/me": () => json(200, makeUser()),
      "GET /api/journal": () => json(200, [makeEntry()]),
      "POST /api/openai/real-time-prompts": () => json(200, { prompts: [] }),
    });
    renderApp("/");

    const picker = await screen.findByRole("button", { name: "Self Analysis templates" });
    expect(picker).toHaveTextContent("Self Analysis");
    expect(screen.getAllByRole("button", { name: "Self Analysis" })).toHaveLength(1);
    await user.click(picker);
    expect(await screen.findByRole("menuitem", { name: "What went well today?" })).toBeInTheDocument();
  });

  it("after a Save from the keyboard the focus is back in the (new, empty) entry, not on the page", async () => {
    const text = "Typed with the keyboard only. Need to return the library books by Saturday.";
    fakeApi({
      "GET /api/auth/me": () => json(200, makeUser()),
      "GET /api/journal": () => json(200, []),
      "GET /api/tasks": () => json(200, []),
      "GET /api/projects": () => json(200, []),
      "GET /api/goals": () => json(200, []),
      "POST /api/openai/real-time-prompts": () => json(200, { prompts: [] }),
      "POST /api/journal": () => json(201, makeEntry({ content: text, analysis: { state: "pending" } })),
    });
    renderApp("/");
    const editor = await screen.findByRole("textbox", { name: "Journal entry" });
    fireEvent.change(editor, { target: { value: text } });

    screen.getByRole("button", { name: "Save" }).focus();
    await userEvent.setup().keyboard("{Enter}");

    expect(await screen.findByText("Saved successfully")).toBeInTheDocument();
    expect(editor).toHaveValue("");
    expect(editor).toHaveFocus();
  });
});
