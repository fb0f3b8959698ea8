import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { describe, expect, it, vi } from "vitest";

import { makeAuth } from "@/features/auth/test-support";
import { AboutPage } from "@/features/static/about-page";
import { PrivacyPolicyPage } from "@/features/static/privacy-policy-page";
import { TermsOfServicePage } from "@/features/static/terms-of-service-page";
import { renderWithProviders } from "@/test/render";

function Home() {
  return <h1>Home</h1>;
}

/** Renders the three static pages behind their real paths, starting at `path`. */
function renderAt(path: string) {
  const pages: [string, () => ReactElement][] = [
    ["/privacy-policy", PrivacyPolicyPage],
    ["/terms-of-service", TermsOfServicePage],
    ["/about", AboutPage],
  ];
  const routes = [{ path: "/", Component: Home }, ...pages.map(([pagePath, Component]) => ({ path: pagePath, Component }))];
  return renderWithProviders(routes, { path }).router;
}

describe.each([
  ["/privacy-policy", "Privacy Policy"],
  ["/terms-of-service", "Terms of Service"],
])("%s", (path, title) => {
  it(`shows the ${title} heading, the date and the transparent header`, () => {
    renderAt(path);

    expect(screen.getByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText("Last updated April 23, 2025")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Toggle theme" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    expect(document.title).toBe(`${title} · Reverie`);
  });

  it("goes back home with Back to Home", async () => {
    const user = userEvent.setup();
    const router = renderAt(path);

    const back = screen.getByRole("link", { name: "Back to Home" });
    expect(back).toHaveAttribute("href", "/");
    await user.click(back);

    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByRole("heading", { name: "Home" })).toBeInTheDocument();
  });
});

describe("/terms-of-service", () => {
  it("renders the 13 sections", () => {
    renderAt("/terms-of-service");

    const article = screen.getByRole("article");
    expect(within(article).getAllByRole("heading", { level: 2 })).toHaveLength(13);
    expect(within(article).getByRole("heading", { name: "13. Contact" })).toBeInTheDocument();
  });
});

describe("/privacy-policy", () => {
  it("is honest about the AI provider", () => {
    renderAt("/privacy-policy");

    expect(
      screen.getByText(/which by default runs on Reverie's own server; if the operator configures a third-party provider/),
    ).toBeInTheDocument();
  });
});

describe("/about", () => {
  it("shows the story, the data safety section and legal links", () => {
    renderAt("/about");

    expect(screen.getByRole("heading", { level: 1, name: "About Reverie" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Our Story" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Data Safety" }).closest("section")).toHaveAttribute(
      "id",
      "data-safety",
    );
    const legal = screen.getByRole("region", { name: "Legal" });
    expect(within(legal).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
    expect(within(legal).getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms-of-service");
    expect(within(legal).getByRole("link", { name: "support@reverie.app" })).toHaveAttribute(
      "href",
      "mailto:support@reverie.app",
    );
  });

  it("scrolls to the data safety section when opened at /about#data-safety", () => {
    const scrollIntoView = vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(() => {});
    renderAt("/about#data-safety");

    expect(scrollIntoView).toHaveBeenCalled();
    expect(scrollIntoView.mock.contexts.at(-1)).toHaveAttribute("id", "data-safety");
  });

  it("scrolls to the data safety section when navigated to from another page", async () => {
    const user = userEvent.setup();
    const scrollIntoView = vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(() => {});
    renderAt("/privacy-policy");
    expect(scrollIntoView).not.toHaveBeenCalled();

    await user.click(screen.getByRole("link", { name: "Data Safety" }));

    expect(screen.getByRole("heading", { level: 1, name: "About Reverie" })).toBeInTheDocument();
    expect(scrollIntoView.mock.contexts.at(-1)).toHaveAttribute("id", "data-safety");
  });
});

describe("a signed-in journaler on a static page", () => {
  it("is offered the way back to the journal, not 'Sign In'", () => {
    renderWithProviders([{ path: "/about", Component: AboutPage }], { auth: makeAuth(), path: "/about" });
    const account = screen.getByRole("navigation", { name: "Account" });
    expect(within(account).queryByRole("link", { name: "Sign In" })).not.toBeInTheDocument();
    expect(within(account).getByRole("link", { name: "Open Journal" })).toHaveAttribute("href", "/");
  });
});
