import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import indexHtml from "../../index.html?raw";
import { ThemeToggle } from "@/components/theme-toggle";
import { DARK_MODE_STORAGE_KEY } from "@/lib/constants";
import { renderWithProviders } from "@/test/render";

const html = document.documentElement;

describe("theme", () => {
  it("defaults to dark when nothing is stored", () => {
    expect(window.localStorage.getItem(DARK_MODE_STORAGE_KEY)).toBeNull();

    renderWithProviders(<ThemeToggle />);

    expect(html).toHaveClass("dark");
    expect(html.style.colorScheme).toBe("dark");
  });

  it("toggles the html class and remembers the choice as darkMode", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ThemeToggle />);
    const toggle = screen.getByRole("button", { name: "Toggle theme" });

    await user.click(toggle);
    expect(window.localStorage.getItem("darkMode")).toBe("false");
    expect(html).not.toHaveClass("dark");
    expect(html.style.colorScheme).toBe("light");

    await user.click(toggle);
    expect(window.localStorage.getItem("darkMode")).toBe("true");
    expect(html).toHaveClass("dark");
  });

  it("starts light when darkMode is stored as false", () => {
    window.localStorage.setItem(DARK_MODE_STORAGE_KEY, "false");

    renderWithProviders(<ThemeToggle />);

    expect(html).not.toHaveClass("dark");
  });

  it("is applied before first paint by index.html with the same storage key", () => {
    expect(indexHtml).toContain(`localStorage.getItem("${DARK_MODE_STORAGE_KEY}") !== "false"`);
    expect(indexHtml).toMatch(/<html[^>]*class="dark"/);
  });
});
