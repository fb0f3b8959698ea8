import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { fakeApi, json } from "@/features/auth/test-support";
import { makeEntry } from "@/features/journal/entries/test-fixtures";
import { renderWithProviders } from "@/test/render";
import { DataManagement } from "@/features/settings/settings-page";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => vi.unstubAllGlobals());

describe("Export your data", () => {
  it("says the entries could not be loaded (not 'nothing to export yet') when the list fails; Try again enables export", async () => {
    let calls = 0;
    fakeApi({
      "GET /api/journal": () => (++calls === 1 ? json(500, { error: "boom" }) : json(200, [makeEntry({ content: "Kept" })])),
      "GET /api/tasks": () => json(200, []),
      "GET /api/projects": () => json(200, []),
      "GET /api/goals": () => json(200, []),
    });
    renderWithProviders(<DataManagement />);

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Your entries could not be loaded, so there is nothing to export right now.",
    );
    expect(screen.queryByText(/there is nothing to export yet/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export as CSV" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("button", { name: "Export as CSV" })).toBeEnabled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("with no entries says there is nothing to export yet", async () => {
    fakeApi({
      "GET /api/journal": () => json(200, []),
      "GET /api/tasks": () => json(200, []),
      "GET /api/projects": () => json(200, []),
      "GET /api/goals": () => json(200, []),
    });
    renderWithProviders(<DataManagement />);
    expect(await screen.findByText("Write or import an entry first: there is nothing to export yet.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export as CSV" })).toBeDisabled();
  });
});
