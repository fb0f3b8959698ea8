import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { useAuth } from "@/features/auth/auth-context";
import { AuthProvider } from "@/features/auth/auth-provider";
import { RequireSession } from "@/features/auth/require-session";
import { closeToasts, fakeApi, json, makeUser, type Handlers } from "@/features/auth/test-support";
import { makeEntry } from "@/features/journal/entries/test-fixtures";
import { JournalEditor } from "@/features/journal/editor/journal-editor";
import { UserMenu } from "@/features/shell/user-menu";
import { UNSAVED_CHANGES_MESSAGE } from "@/lib/constants";
import { renderWithProviders } from "@/test/render";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  closeToasts();
  vi.unstubAllGlobals();
});

const NOTE = "Quick note before logging out: the plumber comes Thursday at 9.";

function handlers(extra: Handlers = {}): Handlers {
  return {
    "GET /api/auth/me": () => json(200, makeUser()),
    "GET /api/journal": () => json(200, []),
    "GET /api/tasks": () => json(200, []),
    "GET /api/projects": () => json(200, []),
    "GET /api/goals": () => json(200, []),
    "POST /api/openai/real-time-prompts": () => json(200, { prompts: [] }),
    "POST /api/journal": () => json(201, makeEntry({ content: NOTE, analysis: { state: "pending" } })),
    "POST /api/auth/logout": () => json(200, { success: true, message: "Logged out" }),
    ...extra,
  };
}

function SignedInHome() {
  const { user, logout } = useAuth();
  return (
    <>
      {user && <UserMenu user={user} logout={logout} />}
      <JournalEditor />
    </>
  );
}

/** The menu and the editor, signed in, with a stand-in sign-in screen at /auth. */
async function journalHome() {
  const { router } = renderWithProviders([
    {
      Component: AuthProvider,
      children: [
        { path: "auth", element: <h1>Sign in to Reverie</h1> },
        { Component: RequireSession, children: [{ index: true, Component: SignedInHome }] },
      ],
    },
  ]);
  await screen.findByRole("textbox", { name: "Journal entry" });
  return router;
}

async function typeThenLogout() {
  const user = userEvent.setup();
  fireEvent.change(screen.getByRole("textbox", { name: "Journal entry" }), { target: { value: NOTE } });
  await user.click(screen.getByRole("button", { name: "Open user menu" }));
  await user.click(await screen.findByRole("menuitem", { name: "Logout" }));
  return user;
}

describe("Logout from the user menu with text not yet autosaved", () => {
  it("saves the text first, then ends the session", async () => {
    const server = fakeApi(handlers());
    const router = await journalHome();

    await typeThenLogout();

    expect(await screen.findByRole("heading", { name: "Sign in to Reverie" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth");
    const order = server.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);
    expect(order.indexOf("POST /api/journal")).toBeGreaterThanOrEqual(0);
    expect(order.indexOf("POST /api/journal")).toBeLessThan(order.indexOf("POST /api/auth/logout"));
    expect(await server.body("POST /api/journal")).toMatchObject({ content: NOTE });
  });

  it("asks with the spec's words when the text cannot be saved; Stay keeps it, Leave signs out", async () => {
    const server = fakeApi(handlers({ "POST /api/journal": () => json(503, { error: "Service unavailable" }) }));
    const router = await journalHome();

    const user = await typeThenLogout();

    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent(UNSAVED_CHANGES_MESSAGE);
    expect(server.calls("POST /api/auth/logout")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Stay" }));
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByRole("textbox", { name: "Journal entry" })).toHaveValue(NOTE);

    await user.click(screen.getByRole("button", { name: "Open user menu" }));
    await user.click(await screen.findByRole("menuitem", { name: "Logout" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Leave" }));
    expect(await screen.findByRole("heading", { name: "Sign in to Reverie" })).toBeInTheDocument();
    expect(server.calls("POST /api/auth/logout")).toHaveLength(1);
  });
});
