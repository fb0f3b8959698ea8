import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { fakeApi, json } from "@/features/auth/test-support";
import { derivedKeys, journalKeys, useAutosaveEntry, useDeleteEntry } from "@/features/journal/queries";
import { useSaveResume } from "@/features/settings/queries";
import { createQueryClient } from "@/lib/query-client";
import { providersWrapper } from "@/test/render";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => vi.unstubAllGlobals());

const ENTRY = "00000000-0000-4000-8000-000000000001";

/** A query client holding every view drawn from the entries, as a session that opened them would. */
function seeded() {
  const client = createQueryClient();
  for (const key of [journalKeys.entries, journalKeys.profile, derivedKeys.patterns, derivedKeys.insights,
                     [...derivedKeys.selfAnalysis, [ENTRY]]]) {
    client.setQueryData(key, { seeded: true });
  }
  const wrapper = providersWrapper(client);
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated === true;
  return { client, wrapper, stale };
}

describe("the views drawn from the entries follow them", () => {
  it("a deleted entry: patterns, insights, the story and Self Analysis are asked again, and again once rebuilt", async () => {
    let polls = 0;
    const api = fakeApi({
      [`DELETE /api/journal/${ENTRY}`]: () =>
        json(200, { message: "Entry deleted", success: true, profileRunId: null, patternsRunId: "run-7" }),
      "GET /api/patterns/refresh/run-7": () => json(200, { runId: "run-7", state: ++polls < 2 ? "running" : "completed" }),
    });
    const { client, wrapper, stale } = seeded();
    const { result } = renderHook(() => useDeleteEntry(), { wrapper });
    await act(() => result.current.mutateAsync(ENTRY));

    for (const key of [journalKeys.entries, journalKeys.profile, derivedKeys.patterns, derivedKeys.insights,
                       [...derivedKeys.selfAnalysis, [ENTRY]]]) {
      expect(stale(key)).toBe(true);
    }
    client.setQueryData(derivedKeys.patterns, { seeded: "again" }); // fresh until the rebuild ends
    await waitFor(() => expect(api.calls("GET /api/patterns/refresh/run-7")).toHaveLength(2), { timeout: 5000 });
    await waitFor(() => expect(stale(derivedKeys.patterns)).toBe(true));
  });

  it("an edited text: the patterns, insights and Self Analysis of it are asked again", async () => {
    fakeApi({ [`PATCH /api/journal/${ENTRY}`]: () => json(200, { id: ENTRY }) });
    const { wrapper, stale } = seeded();
    const { result } = renderHook(() => useAutosaveEntry(), { wrapper });
    await act(() => result.current.mutateAsync({ id: ENTRY, content: "A new text.", generateSummary: false }));
    expect(stale(derivedKeys.patterns) && stale(derivedKeys.insights)).toBe(true);
    expect(stale([...derivedKeys.selfAnalysis, [ENTRY]])).toBe(true);
  });

  it("a new resume: the story's career part is asked again at once and once rewritten", async () => {
    let polls = 0;
    const api = fakeApi({
      "POST /api/resume": () => json(200, { content: "Ana Lima", success: true, profileRunId: "story-3" }),
      "GET /api/profile/regenerate/story-3": () => json(200, { runId: "story-3", state: ++polls < 2 ? "running" : "completed" }),
    });
    const { client, wrapper, stale } = seeded();
    const { result } = renderHook(() => useSaveResume(), { wrapper });
    await act(() => result.current.mutateAsync({ content: "Ana Lima" }));
    expect(stale(journalKeys.profile)).toBe(true);
    client.setQueryData(journalKeys.profile, { seeded: "again" });
    await waitFor(() => expect(api.calls("GET /api/profile/regenerate/story-3")).toHaveLength(2), { timeout: 5000 });
    await waitFor(() => expect(stale(journalKeys.profile)).toBe(true));
  });
});
