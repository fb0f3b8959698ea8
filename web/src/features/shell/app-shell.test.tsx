import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockViewportWidth, renderShell } from "@/features/shell/test-utils";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AppShell", () => {
  it("renders the header, the page, and the bottom bar; no banner or install bar on desktop", async () => {
    renderShell({ path: "/tasks" });

    expect(await screen.findByRole("heading", { name: "tasks page" })).toBeInTheDocument();
    expect(screen.getByRole("banner")).toContainElement(screen.getByRole("navigation", { name: "Main navigation" }));
    expect(screen.getByRole("navigation", { name: "Mobile navigation" })).toBeInTheDocument();
    expect(screen.queryByText("Reverie works best on desktop")).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Add to Home Screen" })).not.toBeInTheDocument();
  });

  it("shows the mobile banner and, on an iPhone, the install bar on a small screen", async () => {
    mockViewportWidth(390);
    vi.spyOn(window.navigator, "userAgent", "get").mockReturnValue(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    );
    renderShell();

    expect(await screen.findByRole("region", { name: "Reverie works best on desktop" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Add to Home Screen" })).toBeInTheDocument();
    expect(
      within(screen.getByRole("navigation", { name: "Mobile navigation" })).getByRole("link", { name: "Journal" }),
    ).toHaveAttribute("aria-current", "page");
  });

  it("offers Logout on a phone: the small-screen top bar carries the avatar menu", async () => {
    mockViewportWidth(390);
    const user = userEvent.setup();
    renderShell();
    await screen.findByRole("heading", { name: "Journal page" });
    const [desktop, phone] = screen.getAllByRole("banner");
    expect(desktop).toHaveClass("hidden", "md:block");
    expect(phone).toHaveClass("md:hidden");
    await user.click(within(phone!).getByRole("button", { name: "Open user menu" }));
    expect(await screen.findByRole("menuitem", { name: "Logout" })).toBeInTheDocument();
  });

  it("sends no inactivity reminder while it has no entry date", async () => {
    const notification = vi.fn();
    vi.stubGlobal("Notification", Object.assign(notification, { permission: "granted" }));
    renderShell();

    await screen.findByRole("heading", { name: "Journal page" });
    expect(notification).not.toHaveBeenCalled();
  });

  it("ends the page with as much room as the bottom bar keeps for focus, so the last control scrolls clear", async () => {
    renderShell();
    await screen.findByRole("heading", { name: "Journal page" });

    expect(document.getElementById("app-content")).toHaveClass("pb-[calc(4.5rem+env(safe-area-inset-bottom))]", "md:pb-0");
    expect(document.documentElement).toHaveClass("max-md:scroll-pb-[calc(4.5rem+env(safe-area-inset-bottom))]");
  });

  it("offers a skip link that moves focus past the header", async () => {
    const user = userEvent.setup();
    const { router } = renderShell({ path: "/patterns" });
    await screen.findByRole("heading", { name: "patterns page" });

    await user.tab();
    const skip = screen.getByRole("link", { name: "Skip to content" });
    expect(skip).toHaveFocus();

    await user.keyboard("{Enter}");
    expect(document.getElementById("app-content")).toHaveFocus();
    expect(router.state.location.pathname).toBe("/patterns");
    expect(router.state.location.hash).toBe("");
  });
});
