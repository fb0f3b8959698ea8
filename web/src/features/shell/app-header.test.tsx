import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { makeAuth, makeUser } from "@/features/auth/test-support";
import { renderShell } from "@/features/shell/test-utils";

function mainNav() {
  return screen.getByRole("navigation", { name: "Main navigation" });
}

describe("AppHeader", () => {
  it("shows the logo, the three links with the current one marked, and the theme toggle", async () => {
    renderShell({ path: "/patterns" });

    await screen.findByRole("heading", { name: "patterns page" });
    expect(screen.getByRole("link", { name: "Reverie home" })).toHaveAttribute("href", "/");
    const nav = within(mainNav());
    expect(nav.getAllByRole("link").map((link) => link.textContent)).toEqual(["Journal", "Patterns", "Tasks"]);
    expect(nav.getByRole("link", { name: "Patterns" })).toHaveAttribute("aria-current", "page");
    expect(nav.getByRole("link", { name: "Journal" })).not.toHaveAttribute("aria-current");
    expect(nav.getByRole("link", { name: "Tasks" })).toHaveAttribute("href", "/tasks");
    expect(screen.getByRole("button", { name: "Toggle theme" })).toBeInTheDocument();
  });

  it("marks Journal only on / itself", async () => {
    const user = userEvent.setup();
    const { router } = renderShell({ path: "/" });

    await screen.findByRole("heading", { name: "Journal page" });
    expect(within(mainNav()).getByRole("link", { name: "Journal" })).toHaveAttribute("aria-current", "page");

    await user.click(within(mainNav()).getByRole("link", { name: "Tasks" }));
    expect(router.state.location.pathname).toBe("/tasks");
    expect(within(mainNav()).getByRole("link", { name: "Journal" })).not.toHaveAttribute("aria-current");
    expect(within(mainNav()).getByRole("link", { name: "Tasks" })).toHaveAttribute("aria-current", "page");
  });

  it("shows the username's first two letters in capitals on the avatar", async () => {
    renderShell({ auth: makeAuth({ user: makeUser({ username: "ana" }) }) });

    const trigger = await screen.findByRole("button", { name: "Open user menu" });
    expect(trigger).toHaveTextContent("AN");
  });

  it("opens the user menu from the keyboard with Profile, Subscription, Settings, About and Logout", async () => {
    const user = userEvent.setup();
    renderShell();

    const trigger = await screen.findByRole("button", { name: "Open user menu" });
    trigger.focus();
    await user.keyboard("{Enter}");

    const menu = screen.getByRole("menu");
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Profile",
      "Subscription",
      "Settings",
      "About",
      "Logout",
    ]);
    expect(within(menu).getByRole("menuitem", { name: "Profile" })).toHaveFocus();
    expect(within(menu).getByRole("menuitem", { name: "Subscription" })).toHaveAttribute("href", "/subscription");
    expect(within(menu).queryByRole("menuitem", { name: "Admin Panel" })).not.toBeInTheDocument();
  });

  it("lists Admin Panel for admins only", async () => {
    const user = userEvent.setup();
    const { router } = renderShell({ auth: makeAuth({ user: makeUser({ username: "root", isAdmin: true }) }) });

    await user.click(await screen.findByRole("button", { name: "Open user menu" }));
    const admin = within(screen.getByRole("menu")).getByRole("menuitem", { name: "Admin Panel" });
    expect(admin).toHaveAttribute("href", "/admin");

    await user.click(admin);
    expect(router.state.location.pathname).toBe("/admin");
    expect(await screen.findByRole("heading", { name: "admin page" })).toBeInTheDocument();
  });

  it("navigates from a menu link", async () => {
    const user = userEvent.setup();
    const { router } = renderShell();

    await user.click(await screen.findByRole("button", { name: "Open user menu" }));
    await user.click(screen.getByRole("menuitem", { name: "Settings" }));

    expect(router.state.location.pathname).toBe("/settings");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
  });

  it("Logout calls logout(), which ends the session and goes to /auth itself", async () => {
    const user = userEvent.setup();
    const auth = makeAuth();
    const { router } = renderShell({ path: "/tasks", auth });

    await user.click(await screen.findByRole("button", { name: "Open user menu" }));
    await user.click(screen.getByRole("menuitem", { name: "Logout" }));

    await act(async () => {});
    expect(auth.logout).toHaveBeenCalledTimes(1);
    // The menu adds no navigation of its own (one history entry, the provider's).
    expect(router.state.location.pathname).toBe("/tasks");
  });

  it("shows a Login link instead of the avatar when there is no user", async () => {
    renderShell({ auth: makeAuth({ user: null }) });

    expect(await screen.findByRole("link", { name: "Login" })).toHaveAttribute("href", "/auth");
    expect(screen.queryByRole("button", { name: "Open user menu" })).not.toBeInTheDocument();
  });
});
