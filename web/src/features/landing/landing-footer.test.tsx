import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { LandingFooter } from "@/features/landing/landing-footer";

function renderFooter() {
  const router = createMemoryRouter([{ path: "*", element: <LandingFooter /> }], { initialEntries: ["/"] });
  render(<RouterProvider router={router} />);
  return router;
}

describe("LandingFooter", () => {
  it("links to about, data safety, the legal pages and support", () => {
    renderFooter();

    expect(screen.getByRole("link", { name: "About" })).toHaveAttribute("href", "/about");
    expect(screen.getByRole("link", { name: "Data Safety" })).toHaveAttribute("href", "/about#data-safety");
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
    expect(screen.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms-of-service");
    expect(screen.getByRole("link", { name: "Contact Support" })).toHaveAttribute(
      "href",
      "mailto:support@reverie.app",
    );
  });

  it("has placeholder links that are marked unavailable and go nowhere", async () => {
    const user = userEvent.setup();
    const router = renderFooter();

    const blog = screen.getByRole("link", { name: /Blog/ });
    expect(blog).toHaveAttribute("href", "#");
    expect(blog).toHaveAttribute("aria-disabled", "true");

    await user.click(blog);
    expect(router.state.location.pathname).toBe("/");
    expect(router.state.location.hash).toBe("");
  });

  it("navigates with the router", async () => {
    const user = userEvent.setup();
    const router = renderFooter();

    await user.click(screen.getByRole("link", { name: "Data Safety" }));

    expect(router.state.location.pathname).toBe("/about");
    expect(router.state.location.hash).toBe("#data-safety");
  });
});
