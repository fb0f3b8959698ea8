import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { fakeApi, json } from "@/features/auth/test-support";
import { setStorageOwner } from "@/features/auth/user-storage";
import { providersWrapper } from "@/test/render";

import { initialEntry } from "./draft-storage";
import { useEntry } from "./use-entry";
import { useSaveQueue } from "./use-save-queue";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

const ENTRY_ID = "0b7c1c8e-0000-4000-8000-0000000000e2";
const LONG = "Today I walked by the river and thought about work";

const wrapper = providersWrapper();

beforeEach(() => setStorageOwner("user-1"));

afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe("useSaveQueue", () => {
  it("runs saves one after another: a second save while the entry is being created patches it", async () => {
    let answer: (r: Response) => void = () => {};
    const api = fakeApi({
      "POST /api/journal": () => new Promise<Response>((resolve) => (answer = resolve)),
      [`PATCH /api/journal/${ENTRY_ID}`]: () => json(200, { id: ENTRY_ID }),
    });
    const initial = initialEntry();
    const { result } = renderHook(
      () => {
        const entry = useEntry(initial);
        return { entry, saver: useSaveQueue(entry.live) };
      },
      { wrapper },
    );

    act(() => result.current.entry.live.edit(LONG));
    let first!: Promise<string>;
    let second!: Promise<string>;
    act(() => {
      first = result.current.saver.enqueue();
      second = result.current.saver.enqueue({ manual: true });
    });
    await vi.waitFor(() => expect(api.calls("POST /api/journal")).toHaveLength(1));
    expect(api.calls(`PATCH /api/journal/${ENTRY_ID}`)).toHaveLength(0); // waits for the entry's id
    await act(async () => answer(json(201, { id: ENTRY_ID, content: LONG })));
    await act(async () => void (await Promise.all([first, second])));

    expect(api.calls("POST /api/journal")).toHaveLength(1);
    expect(await api.body(`PATCH /api/journal/${ENTRY_ID}`)).toEqual({ content: LONG, generateSummary: true });
    expect(await second).toBe(ENTRY_ID);
    expect(result.current.entry.id).toBe(ENTRY_ID);
    expect(result.current.entry.dirty).toBe(false);
  });
});
