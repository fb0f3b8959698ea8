import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { csvCell, downloadSpaced, exportFiles, toCsv } from "@/features/settings/export-csv";
import { formatForFile } from "@/features/settings/import-card";
import { isImportFile } from "@/features/settings/import-formats";
import { importedMessage } from "@/features/settings/messages";
import {
  DEFAULT_PREFERENCES,
  frequencyLabel,
  promptIntervalMs,
  readPreferences,
  writePreferences,
} from "@/features/settings/preferences";
import { PrivacyMode } from "@/features/settings/privacy-mode";
import { PRIVACY_IDLE_MS, PRIVACY_MODE_STORAGE_KEY } from "@/lib/constants";
import type { Schemas } from "@/lib/api/client";

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.useRealTimers());

describe("local preferences", () => {
  it("defaults: notifications on, frequency 50, privacy mode on when nothing is stored", () => {
    expect(readPreferences()).toEqual({ notifications: true, autoPromptFrequency: 50, privacyMode: true });
  });

  it("Reset to Defaults turns privacy mode off and keeps it off", () => {
    writePreferences({ notifications: false, autoPromptFrequency: 100, privacyMode: true });
    expect(readPreferences()).toEqual({ notifications: false, autoPromptFrequency: 100, privacyMode: true });
    writePreferences(DEFAULT_PREFERENCES);
    expect(readPreferences()).toEqual({ notifications: true, autoPromptFrequency: 50, privacyMode: false });
  });

  it("labels the slider Off at 0, Low below 25, Medium below 75, High otherwise", () => {
    expect([0, 10, 25, 50, 74, 75, 100].map(frequencyLabel)).toEqual([
      "Off", "Low", "Medium", "Medium", "Medium", "High", "High",
    ]);
  });

  it("the slider sets how often real-time prompts may be asked for: off at 0, 8 s at 50", () => {
    expect(promptIntervalMs(0)).toBeNull();
    expect(promptIntervalMs(25)).toBe(16000);
    expect(promptIntervalMs(50)).toBe(8000);
    expect(promptIntervalMs(100)).toBe(4000);
  });
});

describe("CSV export", () => {
  it("quotes fields with commas, quotes and line breaks", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell(null)).toBe("");
    expect(toCsv(["A", "B"], [[1, true]])).toBe("A,B\r\n1,true\r\n");
  });

  it("makes the spec's four files with their columns", () => {
    const files = exportFiles(
      {
        entries: [
          { id: "e1", date: "03/02/2026", content: "Walk, then tea", time: "09:15", location: "Lisbon, Portugal" },
          { id: "e2", date: "03/03/2026", content: "Rain", time: null, location: "Location unknown" },
        ] as Schemas["EntryOut"][],
        tasks: [
          { id: "t1", text: "Call mum", completed: false, timeframe: "week", priority: "high", entryId: "e1" },
        ] as Schemas["TaskOut"][],
        projects: [
          { id: "p1", name: "Garden", description: null, status: "Active", type: "personal" },
        ] as Schemas["ProjectOut"][],
        goals: [{ id: "g1", text: "Run 10k", entryId: null }] as Schemas["GoalOut"][],
      },
      "2026-03-02",
    );
    expect(files.map((f) => f.name)).toEqual([
      "reverie-entries-2026-03-02.csv",
      "reverie-tasks-2026-03-02.csv",
      "reverie-projects-2026-03-02.csv",
      "reverie-goals-2026-03-02.csv",
    ]);
    expect(files.map((f) => f.content.split("\r\n")[0])).toEqual([
      "ID,Date,Content,Time,Location",
      "ID,Text,Completed,Timeframe,Priority,EntryID",
      "ID,Name,Description,Status,Type",
      "ID,Text,EntryID",
    ]);
    expect(files[0]?.content).toContain('e1,03/02/2026,"Walk, then tea",09:15,"Lisbon, Portugal"\r\n');
    expect(files[0]?.content).toContain("e2,03/03/2026,Rain,,\r\n"); // no time, no place: empty, not "Location unknown"
    expect(files[1]?.content).toContain("t1,Call mum,false,week,high,e1");
  });

  it("downloads the files 300 ms apart", async () => {
    vi.useFakeTimers();
    const times: number[] = [];
    const done = downloadSpaced(
      [1, 2, 3, 4].map((n) => ({ name: `f${n}.csv`, content: "x" })),
      () => times.push(Date.now()),
    );
    await vi.runAllTimersAsync();
    await done;
    expect(times.slice(1).map((t, i) => t - times[i]!)).toEqual([300, 300, 300]);
  });
});

describe("import", () => {
  it("the file's extension sets the format", () => {
    expect(["a.csv", "b.JSON", "c.txt", "d.md", "e.pdf", "f.journal", "g.zip"].map(formatForFile)).toEqual([
      "csv", "json", "text", "text", null, "text", null,
    ]);
  });

  it("the picker takes the files as the apps export them, and nothing else", () => {
    expect(["Export.zip", "Journal.json", "daylio.csv", "x.txt", "2026-02-17.md", "jrnl.journal", "n.markdown"]
      .every(isImportFile)).toBe(true);
    expect(["cv.pdf", "photo.jpg", "notes", "a.docx"].some(isImportFile)).toBe(false);
  });

  it("says how many entries came in", () => {
    expect(importedMessage(1)).toMatch(/^Imported 1 journal entry\./);
    expect(importedMessage(3)).toMatch(/^Imported 3 journal entries\./);
  });
});

describe("Privacy Mode", () => {
  it("blurs the app after the idle time and shows it again on a key press", () => {
    vi.useFakeTimers();
    render(<PrivacyMode />);
    expect(screen.queryByTestId("privacy-veil")).toBeNull();
    act(() => vi.advanceTimersByTime(PRIVACY_IDLE_MS - 1000));
    expect(screen.queryByTestId("privacy-veil")).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId("privacy-veil").className).toContain("backdrop-blur");
    fireEvent.keyDown(window, { key: "a" });
    expect(screen.queryByTestId("privacy-veil")).toBeNull();
  });

  it("never blurs once turned off", () => {
    vi.useFakeTimers();
    window.localStorage.setItem(PRIVACY_MODE_STORAGE_KEY, "false");
    render(<PrivacyMode />);
    act(() => vi.advanceTimersByTime(PRIVACY_IDLE_MS * 3));
    expect(screen.queryByTestId("privacy-veil")).toBeNull();
  });
});
