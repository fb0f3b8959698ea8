import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";

import { MobileBottomBar, SCROLL_ROOM_CLASS } from "@/features/shell/mobile-bottom-bar";
import { renderInShell } from "@/features/shell/test-utils";

function scrollWindowTo(y: number) {
  act(() => {
    Object.defineProperty(window, "scrollY", { value: y, configurable: true, writable: true });
    window.dispatchEvent(new Event("scroll"));
  });
}

function bar() {
  return screen.getByRole("navigation", { name: "Mobile navigation" });
}

afterEach(() => {
  Object.defineProperty(window, "scrollY", { value: 0, configurable: true, writable: true });
});

describe("MobileBottomBar", () => {
  it("has the five tabs in order, with the current one highlighted", () => {
    renderInShell(<MobileBottomBar />, { path: "/tasks" });

    const links = within(bar()).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Journal", "/"],
      ["Tasks", "/tasks"],
      ["Patterns", "/patterns"],
      ["Profile", "/profile"],
      ["Settings", "/settings"],
    ]);
    const tasks = within(bar()).getByRole("link", { name: "Tasks" });
    expect(tasks).toHaveAttribute("aria-current", "page");
    expect(tasks).toHaveClass("text-primary");
    expect(within(bar()).getByRole("link", { name: "Journal" })).not.toHaveAttribute("aria-current");
  });

  it("hides after scrolling down past 50 px and comes back on scroll up", () => {
    renderInShell(<MobileBottomBar />);
    expect(bar()).toHaveAttribute("data-state", "visible");

    scrollWindowTo(40);
    expect(bar()).toHaveAttribute("data-state", "visible");

    scrollWindowTo(50);
    expect(bar()).toHaveAttribute("data-state", "visible");

    scrollWindowTo(120);
    expect(bar()).toHaveAttribute("data-state", "hidden");
    expect(bar()).toHaveClass("translate-y-full");

    scrollWindowTo(300);
    expect(bar()).toHaveAttribute("data-state", "hidden");

    scrollWindowTo(280);
    expect(bar()).toHaveAttribute("data-state", "visible");
    expect(bar()).not.toHaveClass("translate-y-full");

    scrollWindowTo(400);
    expect(bar()).toHaveAttribute("data-state", "hidden");

    // Back near the top it always shows.
    scrollWindowTo(10);
    expect(bar()).toHaveAttribute("data-state", "visible");
  });

  it("slides with a transition that reduced-motion users do without", () => {
    renderInShell(<MobileBottomBar />);

    expect(bar()).toHaveClass("transition-transform", "motion-reduce:transition-none");
  });

  it("keeps keyboard focus clear of it: the page scrolls with room for the bar on small screens", () => {
    const { unmount } = renderInShell(<MobileBottomBar />);

    expect(SCROLL_ROOM_CLASS).toBe("max-md:scroll-pb-[calc(4.5rem+env(safe-area-inset-bottom))]");
    expect(document.documentElement).toHaveClass(SCROLL_ROOM_CLASS);
    unmount();
    expect(document.documentElement).not.toHaveClass(SCROLL_ROOM_CLASS);
  });

  it("reappears when keyboard focus enters it while hidden", async () => {
    const user = userEvent.setup();
    renderInShell(<MobileBottomBar />);
    scrollWindowTo(120);
    scrollWindowTo(200);
    expect(bar()).toHaveAttribute("data-state", "hidden");

    await user.tab();
    expect(within(bar()).getByRole("link", { name: "Journal" })).toHaveFocus();
    expect(bar()).toHaveAttribute("data-state", "visible");
  });
});
