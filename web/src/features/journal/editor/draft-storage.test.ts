import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setStorageOwner, userStorage } from "@/features/auth/user-storage";
import { NEW_ENTRY_ID_STORAGE_KEY } from "@/lib/constants";

import { clearDraft, initialEntry, storeCreated, storeDraft, storeInserted } from "./draft-storage";
import { draftKey, newTempId } from "./editor-utils";

const ENTRY_ID = "0b7c1c8e-0000-4000-8000-0000000000e2";
const LONG = "Today I walked by the river and thought about work";

beforeEach(() => setStorageOwner("user-1"));

afterEach(() => window.localStorage.clear());

describe("draft storage", () => {
  it("starts blank, recovers a long own draft, and not one that is only a clicked prompt", () => {
    expect(initialEntry()).toMatchObject({ content: "", recovered: false, resumed: false });

    storeDraft(newTempId(), LONG);
    expect(initialEntry()).toMatchObject({ content: LONG, recovered: true, resumed: false });

    const prompt = "What made you smile today? What challenged you?\n";
    storeDraft(newTempId(), prompt);
    storeInserted([prompt]);
    expect(initialEntry()).toMatchObject({ content: "", recovered: false, draft: prompt });
  });

  it("resumes the entry an autosave created, and forgets all of it once cleared", () => {
    storeCreated(ENTRY_ID, LONG);
    expect(initialEntry()).toMatchObject({ id: ENTRY_ID, content: LONG, resumed: true, recovered: false });

    clearDraft(ENTRY_ID);
    expect(userStorage()?.getItem(NEW_ENTRY_ID_STORAGE_KEY)).toBeNull();
    expect(userStorage()?.getItem(draftKey(ENTRY_ID))).toBeNull();
    expect(initialEntry()).toMatchObject({ content: "", resumed: false });
  });
});
