import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { ThemeProvider } from "@/lib/theme";

function renderToggle() {
  return render(
    <ThemeProvider>
      <Button>Before</Button>
      <ThemeToggle />
      <Button>After</Button>
    </ThemeProvider>,
  );
}

describe("ThemeToggle", () => {
  it("shows its tooltip on keyboard focus and closes it when focus moves on", async () => {
    const user = userEvent.setup();
    renderToggle();

    await user.tab();
    expect(screen.getByRole("button", { name: "Before" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Toggle theme" })).toHaveFocus();
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Switch to light theme");

    await user.tab();
    expect(screen.getByRole("button", { name: "After" })).toHaveFocus();
    await waitFor(() => expect(screen.queryByRole("tooltip")).not.toBeInTheDocument());
  });

  it("closes a tooltip the pointer opened when keyboard focus moves on", async () => {
    const user = userEvent.setup();
    renderToggle();

    await user.hover(screen.getByRole("button", { name: "Toggle theme" }));
    expect(await screen.findByRole("tooltip", {}, { timeout: 2000 })).toHaveTextContent("Switch to light theme");
    await user.tab();
    expect(screen.getByRole("button", { name: "Before" })).toHaveFocus();
    await waitFor(() => expect(screen.queryByRole("tooltip")).not.toBeInTheDocument());
  }, 10_000);

  it("closes its tooltip when focus moves on after the theme was switched with the keyboard", async () => {
    const user = userEvent.setup();
    renderToggle();

    await user.tab();
    await user.tab();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Toggle theme" })).toHaveAttribute("data-theme", "light");
    await user.tab();
    expect(screen.getByRole("button", { name: "After" })).toHaveFocus();
    await waitFor(() => expect(screen.queryByRole("tooltip")).not.toBeInTheDocument());
    await user.tab({ shift: true });
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Switch to dark theme");
    await user.tab({ shift: true });
    await waitFor(() => expect(screen.queryByRole("tooltip")).not.toBeInTheDocument());
  });
});
