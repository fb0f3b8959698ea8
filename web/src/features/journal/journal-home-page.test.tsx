import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { fakeApi, json, makeUser, renderApp } from "@/features/auth/test-support";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("JournalHomePage", () => {
  it("greets the signed-in user by name under the Journal heading", async () => {
    fakeApi({ "GET /api/auth/me": () => json(200, makeUser({ username: "sam" })) });
    renderApp("/");

    expect(await screen.findByRole("heading", { level: 1, name: "Journal" })).toBeInTheDocument();
    expect(screen.getByText(/Welcome back, sam\./)).toBeInTheDocument();
  });
});
