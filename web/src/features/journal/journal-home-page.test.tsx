import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { fakeApi, json, makeUser, renderApp } from "@/features/auth/test-support";

import { makeEntry } from "./entries/test-fixtures";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("JournalHomePage", () => {
  it("greets a returning writer with 'Welcome back' under the Journal heading", async () => {
    fakeApi({
      "GET /api/auth/me": () => json(200, makeUser({ username: "sam" })),
      "GET /api/journal": () => json(200, [makeEntry()]),
    });
    renderApp("/");

    expect(await screen.findByRole("heading", { level: 1, name: "Journal" })).toBeInTheDocument();
    expect(await screen.findByText(/Welcome back, sam\./)).toBeInTheDocument();
  });

  it("says 'Welcome' (not 'Welcome back') on a brand-new journal, after 'Loading your journal data...'", async () => {
    let answer: (r: Response) => void = () => {};
    fakeApi({
      "GET /api/auth/me": () => json(200, makeUser({ username: "sam" })),
      "GET /api/journal": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp("/");

    expect(await screen.findByText("Loading your journal data...")).toBeInTheDocument();
    answer(json(200, []));
    expect(await screen.findByText(/Welcome, sam\./)).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });
});
