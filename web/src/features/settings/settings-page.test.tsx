import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { AuthProvider } from "@/features/auth/auth-provider";
import { RequireSession } from "@/features/auth/require-session";
import { closeToasts, fakeApi, json, makeUser } from "@/features/auth/test-support";
import { readPreferences } from "@/features/settings/preferences";
import { SettingsPage } from "@/features/settings/settings-page";
import { UNSAVED_CHANGES_MESSAGE } from "@/lib/constants";
import { renderWithProviders } from "@/test/render";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  closeToasts();
  vi.unstubAllGlobals();
});

function settingsApi() {
  return fakeApi({
    "GET /api/auth/me": () => json(200, makeUser()),
    "GET /api/journal": () => json(200, []),
    "GET /api/tasks": () => json(200, []),
    "GET /api/projects": () => json(200, []),
    "GET /api/goals": () => json(200, []),
    "GET /api/resume": () => json(404, { error: "No resume" }),
    "GET /api/journal/import/progress": () => json(200, { total: 0, done: 0, failed: 0, pending: 0 }),
    "DELETE /api/users/account": () => json(200, { success: true }),
    "POST /api/auth/logout": () => json(200, { success: true, message: "Logged out" }),
  });
}

/** /settings signed in, as the app routes it: the landing at / for a visitor, the sign-in at /auth. */
async function renderSettings() {
  const { router } = renderWithProviders(
    [
      {
        Component: AuthProvider,
        children: [
          { path: "auth", element: <h1>Sign in</h1> },
          { index: true, element: <RequireSession signedOut={<h1>Landing</h1>}><h1>Journal</h1></RequireSession> },
          { Component: RequireSession, children: [{ path: "settings", Component: SettingsPage }] },
        ],
      },
    ],
    { path: ["/", "/settings"] },
  );
  await screen.findByRole("heading", { level: 1, name: "Settings" });
  return router;
}

describe("Settings: unsaved switches and slider", () => {
  it("leaving with a changed switch asks with the spec's words; Stay keeps the change, Leave drops it", async () => {
    settingsApi();
    const router = await renderSettings();

    fireEvent.click(screen.getByRole("switch", { name: "Enable notifications" }));
    await act(() => router.navigate("/"));

    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent(UNSAVED_CHANGES_MESSAGE);
    fireEvent.click(within(dialog).getByRole("button", { name: "Stay" }));
    expect(router.state.location.pathname).toBe("/settings");
    expect(screen.getByRole("switch", { name: "Enable notifications" })).not.toBeChecked();

    await act(() => router.navigate("/"));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Leave" }));
    expect(await screen.findByRole("heading", { name: "Journal" })).toBeInTheDocument();
    expect(readPreferences().notifications).toBe(true);
  });

  it("after Save Settings, leaving does not ask", async () => {
    settingsApi();
    const router = await renderSettings();

    fireEvent.click(screen.getByRole("switch", { name: "Privacy Mode" }));
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await act(() => router.navigate("/"));

    expect(await screen.findByRole("heading", { name: "Journal" })).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });
});

describe("Settings: Delete Account", () => {
  it("ends on / with the landing, replacing /settings: no stop at /auth, and Back does not return there", { timeout: 10_000 }, async () => {
    const api = settingsApi();
    const router = await renderSettings();

    fireEvent.click(screen.getByRole("button", { name: "Delete Account" }));
    const dialog = await screen.findByRole("alertdialog");
    // Nothing can be deleted before the password is typed.
    expect(within(dialog).getByRole("button", { name: "Delete Account" })).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText("Your password"), { target: { value: "my secret" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete Account" }));
    expect(await screen.findByText("Account Deleted")).toBeInTheDocument();
    expect(await api.body("DELETE /api/users/account")).toEqual({ currentPassword: "my secret" });
    expect(router.state.location.pathname).toBe("/settings");

    // The logout follows ACCOUNT_DELETE_LOGOUT_DELAY_MS (2 s) later.
    expect(await screen.findByRole("heading", { name: "Landing" }, { timeout: 4000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe("/");
    expect(screen.queryByRole("heading", { name: "Sign in" })).not.toBeInTheDocument();
  });

  it("says a wrong password in the dialog, which stays open, and deletes nothing", async () => {
    const api = settingsApi();
    api.handlers["DELETE /api/users/account"] = () =>
      json(400, { error: "Your current password is incorrect.", field: "currentPassword" });
    await renderSettings();

    fireEvent.click(screen.getByRole("button", { name: "Delete Account" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.change(within(dialog).getByLabelText("Your password"), { target: { value: "wrong" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete Account" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Your current password is incorrect.");
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    expect(screen.queryByText("Account Deleted")).not.toBeInTheDocument();
    expect(api.calls("POST /api/auth/logout")).toHaveLength(0);
  });
});
