/** Asks Previous Entries to bring one entry into view, opened and marked: what a claim's
 * "From your entries" links do (Self Analysis cites the entries each of its themes stands on). */
export const SHOW_ENTRY_EVENT = "reverie:show-entry";

export function showEntry(entryId: string) {
  window.dispatchEvent(new CustomEvent(SHOW_ENTRY_EVENT, { detail: entryId }));
}

/** The DOM id of an entry's card in Previous Entries. */
export function entryElementId(entryId: string) {
  return `entry-${entryId}`;
}
