import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { fakeApi, json } from "@/features/auth/test-support";
import { renderWithProviders } from "@/test/render";

import { AskHelpPopover } from "./insights-panel";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => vi.unstubAllGlobals());

function openAskHelp() {
  const api = fakeApi({
    "GET /api/journal": () => json(200, []),
    "POST /api/openai/ask-help": () => json(200, { response: "Try a short walk before work." }),
  });
  renderWithProviders(<AskHelpPopover />);
  fireEvent.click(screen.getByRole("button", { name: "Ask AI for Help" }));
  const question = screen.getByLabelText("What would you like help with?");
  return { api, question };
}

describe("Ask AI for Help", () => {
  it("Enter sends the question, as in the entry chat", async () => {
    const { api, question } = openAskHelp();
    fireEvent.change(question, { target: { value: "  How do I sleep better?  " } });
    fireEvent.keyDown(question, { key: "Enter" });
    expect(await screen.findByText("Try a short walk before work.")).toBeInTheDocument();
    expect(api.calls("POST /api/openai/ask-help")).toHaveLength(1);
    expect(await api.body("POST /api/openai/ask-help")).toMatchObject({ question: "How do I sleep better?" });
  });

  it("Shift+Enter is a new line, not a send", () => {
    const { api, question } = openAskHelp();
    fireEvent.change(question, { target: { value: "First line" } });
    const shiftEnter = fireEvent.keyDown(question, { key: "Enter", shiftKey: true });
    // Not prevented: the browser inserts the line break.
    expect(shiftEnter).toBe(true);
    expect(api.calls("POST /api/openai/ask-help")).toHaveLength(0);
  });

  it("an empty or whitespace question never sends, by Enter or by the button", () => {
    const { api, question } = openAskHelp();
    fireEvent.keyDown(question, { key: "Enter" });
    fireEvent.change(question, { target: { value: "   \n  " } });
    fireEvent.keyDown(question, { key: "Enter" });
    expect(screen.getByRole("button", { name: "Ask" })).toBeDisabled();
    expect(api.calls("POST /api/openai/ask-help")).toHaveLength(0);
  });

  it("Enter again while the answer is on its way does not ask twice", async () => {
    const { api, question } = openAskHelp();
    let answer: (response: Response) => void = () => {};
    api.handlers["POST /api/openai/ask-help"] = () => new Promise((resolve) => (answer = resolve));
    fireEvent.change(question, { target: { value: "What should I focus on?" } });
    fireEvent.keyDown(question, { key: "Enter" });
    await screen.findByRole("button", { name: "Thinking..." });
    fireEvent.keyDown(question, { key: "Enter" });
    answer(json(200, { response: "Your plan for the week." }));
    expect(await screen.findByText("Your plan for the week.")).toBeInTheDocument();
    await waitFor(() => expect(api.calls("POST /api/openai/ask-help")).toHaveLength(1));
  });
});
