import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { fakeApi, json } from "@/features/auth/test-support";
import { makeEntries, renderSignedIn } from "@/features/insights/test-utils";
import { SmartBanner } from "@/features/journal/banners/smart-banner";
import { SMART_BANNER_DISMISSED_STORAGE_KEY } from "@/lib/constants";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("SmartBanner", () => {
  it("with no entries offers 'Get Started with Reverie' and Import Journal to /settings", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ "GET /api/journal": () => json(200, []) });
    const { router } = renderSignedIn(<SmartBanner />);

    expect(await screen.findByRole("heading", { name: "Get Started with Reverie" })).toBeInTheDocument();
    expect(api.calls("GET /api/resume")).toHaveLength(0);
    await user.click(screen.getByRole("link", { name: "Import Journal" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
  });

  it("with entries but no resume offers 'Enhance your Career Insights' and Upload CV", async () => {
    const user = userEvent.setup();
    fakeApi({
      "GET /api/journal": () => json(200, makeEntries(2)),
      "GET /api/resume": () => json(404, { error: "No resume found" }),
    });
    const { router } = renderSignedIn(<SmartBanner />);

    expect(await screen.findByRole("heading", { name: "Enhance your Career Insights" })).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Upload CV" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
  });

  it("treats a failing resume call (the route may not exist yet) as no resume", async () => {
    fakeApi({
      "GET /api/journal": () => json(200, makeEntries(1)),
      "GET /api/resume": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    renderSignedIn(<SmartBanner />);
    expect(await screen.findByRole("heading", { name: "Enhance your Career Insights" })).toBeInTheDocument();
  });

  it("is hidden once entries and a resume both exist", async () => {
    const api = fakeApi({
      "GET /api/journal": () => json(200, makeEntries(3)),
      "GET /api/resume": () => json(200, { content: "Ten years of product design." }),
    });
    renderSignedIn(<SmartBanner />);
    await waitFor(() => expect(api.calls("GET /api/resume")).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("heading")).not.toBeInTheDocument();
  });

  it("dismisses and remembers the dismissal", async () => {
    const user = userEvent.setup();
    fakeApi({ "GET /api/journal": () => json(200, []) });
    const first = renderSignedIn(<SmartBanner />);
    await screen.findByRole("heading", { name: "Get Started with Reverie" });
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("heading", { name: "Get Started with Reverie" })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(SMART_BANNER_DISMISSED_STORAGE_KEY)).toBe("true");
    first.unmount();

    const api = fakeApi({ "GET /api/journal": () => json(200, []) });
    renderSignedIn(<SmartBanner />);
    await waitFor(() => expect(api.calls("GET /api/journal")).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("heading")).not.toBeInTheDocument();
  });
});
