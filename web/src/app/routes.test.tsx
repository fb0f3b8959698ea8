import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";

import { NO_SESSION, fakeApi, json, makeUser } from "@/features/auth/test-support";
import { REDIRECTING_TO_PATTERNS, RedirectToPatterns } from "@/features/patterns/redirect-to-patterns";
import { RETURN_TO_SESSION_KEY } from "@/lib/constants";
import { renderWithProviders } from "@/test/render";

import { routes } from "./routes";

/** The real route table at `path`. */
const renderRoute = (path: string) => renderWithProviders(routes, { path });

const signedOut = () => fakeApi({ "GET /api/auth/me": NO_SESSION });
const signedIn = (overrides = {}) => fakeApi({ "GET /api/auth/me": () => json(200, makeUser(overrides)) });

describe("routes", () => {
  it("shows the spec's not-found screen for an unknown path when signed in", async () => {
    signedIn();
    renderRoute("/no-such-page");

    expect(await screen.findByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeInTheDocument();
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeInTheDocument();
  });

  it("sends a visitor on a guarded path to /auth and remembers where they were going", async () => {
    signedOut();
    const { router } = renderRoute("/tasks?tab=week");

    await screen.findByLabelText("Username or email");
    expect(router.state.location.pathname).toBe("/auth");
    expect(sessionStorage.getItem(RETURN_TO_SESSION_KEY)).toBe("/tasks?tab=week");
  });

  it("redirects /projects to /tasks", async () => {
    fakeApi({ "GET /api/auth/me": () => json(200, makeUser()), "GET /api/tasks": () => json(200, []) });
    const { router } = renderRoute("/projects");

    await screen.findByRole("heading", { level: 1, name: "Tasks" });
    expect(router.state.location.pathname).toBe("/tasks");
  });

  it("shows 'Redirecting to Patterns...' on /self-exploration, then goes to /patterns", async () => {
    fakeApi({
      "GET /api/auth/me": () => json(200, makeUser()),
      "GET /api/patterns": () => json(200, []),
      "GET /api/insights": () => json(200, []),
    });
    const { router } = renderRoute("/self-exploration");

    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/patterns"));
  });

  it("renders the redirect screen's text", () => {
    render(
      <MemoryRouter>
        <RedirectToPatterns />
      </MemoryRouter>,
    );
    expect(screen.getByText(REDIRECTING_TO_PATTERNS)).toHaveTextContent("Redirecting to Patterns...");
  });

  it("shows the admin panel only to admins", async () => {
    signedIn({ isAdmin: false });
    renderRoute("/admin");
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeInTheDocument();
  });

  it("shows the public landing at / to a visitor, with Sign In, Start Journaling and the theme toggle", async () => {
    signedOut();
    const user = userEvent.setup();
    const { router } = renderRoute("/");

    expect(await screen.findByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    expect(screen.getByRole("button", { name: "Toggle theme" })).toBeInTheDocument();

    await user.click(screen.getAllByRole("link", { name: /Start Journaling/ })[0]!);

    expect(router.state.location.pathname).toBe("/auth");
    expect(await screen.findByLabelText("Username or email")).toBeInTheDocument();
  });

  it("has no header on /auth", async () => {
    signedOut();
    renderRoute("/auth");

    await screen.findByLabelText("Username or email");
    expect(screen.queryByRole("link", { name: "Sign In" })).not.toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Main navigation" })).not.toBeInTheDocument();
  });

  it("serves the public static pages without a session", async () => {
    signedOut();
    renderRoute("/privacy-policy");
    expect(await screen.findByText(/Last updated April 23, 2025/)).toBeInTheDocument();
  });
});
