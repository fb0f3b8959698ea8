import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { renderRoute } from "@/test/render";

describe("routes", () => {
  it("shows the spec's not-found screen for an unknown path", async () => {
    renderRoute("/no-such-page");

    expect(await screen.findByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeInTheDocument();
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeInTheDocument();
  });

  it("shows the public landing at / with Sign In, Start Journaling and the theme toggle", async () => {
    const user = userEvent.setup();
    const { router } = renderRoute("/");

    expect(await screen.findByText("Reverie", { selector: "span" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Toggle theme" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");

    await user.click(screen.getByRole("link", { name: /Start Journaling/ }));

    expect(router.state.location.pathname).toBe("/auth");
    expect(await screen.findByRole("heading", { name: "Sign in to Reverie" })).toBeInTheDocument();
  });

  it("has no landing header on /auth", async () => {
    renderRoute("/auth");

    expect(await screen.findByRole("heading", { name: "Sign in to Reverie" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Sign In" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Toggle theme" })).not.toBeInTheDocument();
  });
});
