import { useCallback, useEffect, useRef } from "react";

import { toast } from "@/hooks/use-toast";
import { DRAFT_RECOVERED_TOAST_MS } from "@/lib/constants";

import { useEntries } from "../queries";
import { forgetCreated, type InitialEntry } from "./draft-storage";
import { entryMoment, newTempId, recoverableDraft } from "./editor-utils";
import type { LiveEntry } from "./use-entry";

export const DRAFT_RECOVERED_TITLE = "Draft Recovered";

/**
 * Brings back the writing the last visit did not save, and says so once with a 'Draft Recovered'
 * toast. A new entry's draft is recovered as the editor opens (`initialEntry`); for an entry an
 * earlier autosave created, the draft is weighed against the server's text once the entries are
 * loaded.
 */
export function useDraftRecovery(initial: InitialEntry, live: LiveEntry) {
  const { data: entries = [], isSuccess: entriesLoaded } = useEntries();

  // Draft recovery is announced once.
  const announced = useRef(false);
  const announceRecovered = useCallback(() => {
    if (announced.current) return;
    announced.current = true;
    toast({
      title: DRAFT_RECOVERED_TITLE,
      description: "Your unsaved writing has been restored.",
      duration: DRAFT_RECOVERED_TOAST_MS,
    });
  }, []);
  useEffect(() => {
    if (initial.recovered) announceRecovered();
  }, [initial.recovered, announceRecovered]);

  // An entry an autosave created before the reload: its draft is recovered only when it differs
  // from (and is longer than) what the server holds; otherwise the server's text is the entry.
  const checkedResumed = useRef(!initial.resumed);
  useEffect(() => {
    if (checkedResumed.current || !entriesLoaded) return;
    checkedResumed.current = true;
    if (live.touched.current) return;
    const saved = entries.find((e) => e.id === initial.id);
    if (!saved) {
      // Gone from the server (deleted elsewhere): a new entry, with the draft if it qualifies.
      forgetCreated();
      live.setId(newTempId());
      live.followClock.current = true;
    } else {
      live.summarisedLength.current = saved.content.length;
      // The header shows the day the entry is for (it may be backdated), not the day of the reload.
      const when = entryMoment(saved);
      if (when) live.setStartedAt(when);
    }
    const base = saved?.content ?? "";
    const recovered = recoverableDraft(initial.draft, base, initial.inserted);
    live.setContent(recovered ? initial.draft! : base);
    live.setDirty(recovered);
    if (recovered) announceRecovered();
  }, [entriesLoaded, entries, initial, live, announceRecovered]);
}
