import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { fakeApi, json } from "@/features/auth/test-support";
import { makeEntry } from "@/features/journal/entries/test-fixtures";
import { INACTIVITY_REMINDER_TITLE } from "@/features/shell/use-inactivity-reminder";
import { mockViewportWidth, renderShell } from "@/features/shell/test-utils";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const DAY = 24 * 60 * 60 * 1000;

function journalWritten(daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * DAY);
  fakeApi({
    "GET /api/journal": () =>
      json(200, [makeEntry({ createdAt: at.toISOString(), timestamp: Math.floor(at.getTime() / 1000) })], {
        "X-Total-Count": "1",
      }),
  });
}

function recordNotifications() {
  const shown: string[] = [];
  class Recording {
    static permission = "granted";
    onclick: (() => void) | null = null;
    constructor(title: string) {
      shown.push(title);
    }
    close() {}
  }
  vi.stubGlobal("Notification", Recording);
  return shown;
}

describe("the shell's inactivity reminder reads the journal it already has", () => {
  it("sends 'Time to reflect!' when the newest entry was written 9 days ago", async () => {
    journalWritten(9);
    const shown = recordNotifications();
    renderShell({ path: "/tasks" });
    await screen.findByRole("heading", { name: "tasks page" });
    await waitFor(() => expect(shown).toEqual([INACTIVITY_REMINDER_TITLE]));
  });

  it("sends none when the newest entry was written yesterday", async () => {
    journalWritten(1);
    const shown = recordNotifications();
    renderShell();
    await screen.findByRole("heading", { name: "Journal page" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(shown).toEqual([]);
  });
});

describe("the install bar on a phone", () => {
  it("is part of the page above its content, never a fixed bar over it", async () => {
    mockViewportWidth(390);
    vi.spyOn(window.navigator, "userAgent", "get").mockReturnValue(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    );
    journalWritten(0);
    renderShell();
    const bar = await screen.findByRole("region", { name: "Add to Home Screen" });
    expect(bar.className).not.toMatch(/(^|\s)fixed(\s|$)/);
    const content = document.getElementById("app-content")!;
    expect(bar.compareDocumentPosition(content) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
