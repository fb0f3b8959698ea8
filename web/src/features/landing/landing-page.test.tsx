import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";

import { LandingPage } from "@/features/landing/landing-page";
import { renderWithProviders } from "@/test/render";

function renderLanding() {
  return renderWithProviders(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  );
}

describe("LandingPage", () => {
  it("has the transparent header with the logo, theme toggle and Sign In", () => {
    renderLanding();

    expect(screen.getByRole("link", { name: "Reverie home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("button", { name: "Toggle theme" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
  });

  it("sends Start Journaling and Begin Your Journey to /auth", () => {
    renderLanding();

    expect(screen.getByRole("link", { name: "Start Journaling" })).toHaveAttribute("href", "/auth");
    expect(screen.getByRole("link", { name: "Begin Your Journey" })).toHaveAttribute("href", "/auth");
  });

  it("scrolls smoothly to the features section with Learn More and moves focus there", async () => {
    const user = userEvent.setup();
    const scrollIntoView = vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(() => {});
    renderLanding();

    await user.click(screen.getByRole("button", { name: "Learn More" }));

    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toHaveAttribute("id", "features");
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: "smooth", block: "start" });
    expect(screen.getByRole("heading", { level: 2, name: "Three steps to a clearer mind" })).toHaveFocus();
  });

  it("shows the three steps, the privacy and creator blocks", () => {
    renderLanding();

    for (const step of ["Write", "Reflect", "Grow"]) {
      expect(screen.getByRole("heading", { level: 3, name: step })).toBeInTheDocument();
    }
    expect(screen.getByRole("heading", { level: 2, name: "Private by default" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Built by a cognitive scientist" })).toBeInTheDocument();
  });

  it("makes the landing claims", () => {
    renderLanding();

    expect(screen.getByText("6 people journaling today")).toBeInTheDocument();
    expect(screen.getByText("Free to start, no credit card")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Privacy mode on by default" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Local AI by default" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Data export and deletion" })).toBeInTheDocument();
    expect(screen.getByText(/organises them by priority and time horizon/)).toBeInTheDocument();
    expect(screen.getByText(/a maximum of 2 essential tasks per week/)).toBeInTheDocument();
    expect(screen.getByText(/Progressive feature unlocking/)).toBeInTheDocument();
    expect(screen.getByText("after 1 entry")).toBeInTheDocument();
    expect(screen.getByText("after 4 entries")).toBeInTheDocument();
  });

  it("has the footer", () => {
    renderLanding();

    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
  });
});
