import { useCallback, useMemo, useRef } from "react";

import { DEFAULT_ENTRY_LOCATION } from "@/lib/constants";

import { useAutosaveEntry, useCreateEntry, useDeleteEntry, useUpdateEntry } from "../queries";
import { storeCreated, storeSavedNow } from "./draft-storage";
import { clockTime, isTempId, needsSummary, usDate } from "./editor-utils";
import type { LiveEntry } from "./use-entry";

/**
 * The editor's way to the server. Saves run one after another, so a new entry is created once
 * (POST) and then updated (PATCH); a date change or a removal waits for the saves before it.
 * Autosave and the Save button both go through `enqueue`.
 */
export function useSaveQueue(live: LiveEntry) {
  const createEntry = useCreateEntry();
  const autosaveEntry = useAutosaveEntry();
  const updateEntry = useUpdateEntry();
  const deleteEntry = useDeleteEntry();
  // The latest mutate functions, read when a queued save runs (not those of an older render).
  const mutations = useRef({
    create: createEntry.mutateAsync,
    patch: autosaveEntry.mutateAsync,
    update: updateEntry.mutateAsync,
    remove: deleteEntry.mutateAsync,
  });
  mutations.current = {
    create: createEntry.mutateAsync,
    patch: autosaveEntry.mutateAsync,
    update: updateEntry.mutateAsync,
    remove: deleteEntry.mutateAsync,
  };
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  /** Sends the current text: POST for a new entry, otherwise PATCH (content + generateSummary). */
  const persist = useCallback(
    async (manual: boolean): Promise<string> => {
      const text = live.content.current;
      if (!text.trim()) return live.id.current;
      live.setDirty(false);
      try {
        if (isTempId(live.id.current)) {
          const when = live.startedAt.current;
          const created = await mutations.current.create({
            content: text,
            date: usDate(when),
            time: clockTime(when),
            location: DEFAULT_ENTRY_LOCATION,
            timestamp: Math.min(Math.floor(when.getTime() / 1000), 2147483647),
          });
          live.setId(created.id);
          live.summarisedLength.current = text.length;
          storeCreated(created.id, live.content.current);
        } else {
          const generateSummary = manual || needsSummary(text, live.summarisedLength.current);
          if (generateSummary) live.summarisedLength.current = text.length;
          await mutations.current.patch({ id: live.id.current, content: text, generateSummary });
        }
        storeSavedNow();
        return live.id.current;
      } catch (error) {
        live.setDirty(true);
        throw error;
      }
    },
    [live],
  );

  /** Queues a save of the current text; resolves with the entry's (server) id. A manual Save always
   * asks for a summary; autosave only when the text moved enough since the last one. */
  const enqueue = useCallback(
    (options?: { manual?: boolean }): Promise<string> => {
      const run = chain.current.catch(() => undefined).then(() => persist(options?.manual ?? false));
      chain.current = run;
      return run;
    },
    [persist],
  );

  /** Once the queued saves are done (failed or not): a new entry has its real id by then. */
  const afterSaves = useCallback(() => chain.current.catch(() => undefined), []);

  const updateDate = useCallback(
    (id: string, date: string) => afterSaves().then(() => mutations.current.update({ id, date })),
    [afterSaves],
  );

  const remove = useCallback((id: string) => afterSaves().then(() => mutations.current.remove(id)), [afterSaves]);

  return useMemo(() => ({ enqueue, updateDate, remove }), [enqueue, updateDate, remove]);
}

export type SaveQueue = ReturnType<typeof useSaveQueue>;
