/**
 * The local copy of the entry being written, so a reload, a crash or a failed save loses nothing.
 * It lives in the signed-in user's own storage (cleared when the session ends); every read and
 * write asks for that storage afresh, as the user may have changed since the last one.
 */
import { userStorage } from "@/features/auth/user-storage";
import {
  LAST_SAVED_STORAGE_KEY,
  NEW_ENTRY_DRAFT_STORAGE_KEY,
  NEW_ENTRY_ID_STORAGE_KEY,
  NEW_ENTRY_INSERTED_STORAGE_KEY,
} from "@/lib/constants";

import { draftKey, isTempId, newTempId, parseInserted, recoverableDraft } from "./editor-utils";

export interface InitialEntry {
  id: string;
  content: string;
  /** The stored draft came back into the editor (and is to be saved). */
  recovered: boolean;
  /** The stored draft, kept to compare with the server's text of a resumed entry. */
  draft: string | null;
  inserted: string[];
  /** The entry an earlier autosave created: its text is checked against the server's. */
  resumed: boolean;
}

/** The entry the editor starts with: a blank new entry, with a stored draft recovered when it
 * qualifies; or the one an earlier autosave created, whose draft is compared with the server's
 * text once the entries are loaded (the same text is no 'Draft Recovered'). The texts inserted by a
 * click come back with the draft, so autosave still tells them from the writer's own words. */
export function initialEntry(): InitialEntry {
  const store = userStorage();
  const resumedId = store?.getItem(NEW_ENTRY_ID_STORAGE_KEY) || null;
  const draft =
    store?.getItem(NEW_ENTRY_DRAFT_STORAGE_KEY) ?? (resumedId ? (store?.getItem(draftKey(resumedId)) ?? null) : null);
  const inserted = parseInserted(store?.getItem(NEW_ENTRY_INSERTED_STORAGE_KEY) ?? null);
  if (resumedId) return { id: resumedId, content: draft ?? "", recovered: false, draft, inserted, resumed: true };
  const recovered = recoverableDraft(draft, "", inserted);
  return { id: newTempId(), content: recovered ? draft : "", recovered, draft, inserted, resumed: false };
}

/** Every edit: the new entry's draft, and the saved entry's own one once it has an id. */
export function storeDraft(id: string, content: string): void {
  const store = userStorage();
  store?.setItem(NEW_ENTRY_DRAFT_STORAGE_KEY, content);
  if (!isTempId(id)) store?.setItem(draftKey(id), content);
}

/** The texts put in by a click, so a recovered draft still tells them from the writer's words. */
export function storeInserted(inserted: readonly string[]): void {
  userStorage()?.setItem(NEW_ENTRY_INSERTED_STORAGE_KEY, JSON.stringify(inserted));
}

/** An autosave created the entry: after a reload the editor keeps editing it, not a copy. */
export function storeCreated(id: string, content: string): void {
  userStorage()?.setItem(NEW_ENTRY_ID_STORAGE_KEY, id);
  userStorage()?.setItem(draftKey(id), content);
}

/** When the editor last reached the server. */
export function storeSavedNow(): void {
  userStorage()?.setItem(LAST_SAVED_STORAGE_KEY, String(Date.now()));
}

/** The created entry is gone from the server (deleted elsewhere): the next save creates a new one. */
export function forgetCreated(): void {
  userStorage()?.removeItem(NEW_ENTRY_ID_STORAGE_KEY);
}

/** The entry is done with (saved by hand, or removed once emptied): nothing of it is recovered. */
export function clearDraft(id: string): void {
  const store = userStorage();
  store?.removeItem(NEW_ENTRY_DRAFT_STORAGE_KEY);
  store?.removeItem(NEW_ENTRY_ID_STORAGE_KEY);
  store?.removeItem(NEW_ENTRY_INSERTED_STORAGE_KEY);
  store?.removeItem(draftKey(id));
}
