import { useCallback, useEffect, useRef, useState } from "react";

import { saveBeforeLogout } from "@/features/auth/before-logout";
import { toast } from "@/hooks/use-toast";
import { api } from "@/lib/api/client";
import {
  AUTOSAVE_CREATE_MIN_OWN_CHARS,
  AUTOSAVE_DEBOUNCE_MS,
  AUTOSAVE_INTERVAL_MS,
  AUTOSAVE_SAVED_INDICATOR_MS,
  ENTRY_MAX_CHARS,
  UNSAVED_CHANGES_MESSAGE,
} from "@/lib/constants";

import { clearDraft } from "./draft-storage";
import { isNetworkError, isTempId, newTempId, ownTextLength } from "./editor-utils";
import type { LiveEntry } from "./use-entry";
import type { SaveQueue } from "./use-save-queue";

export const SYNC_ISSUE_TITLE = "Sync issue";
export const SYNC_ISSUE_DESCRIPTION = "Saved locally. Will retry sync when connection improves.";
export const DRAFT_DISCARDED_TITLE = "Empty entry removed";
export const DRAFT_DISCARDED_DESCRIPTION = "You cleared the entry you were writing, so it is no longer kept.";

/** What the editor's header says about autosave: "Auto-saving...", then "Saved" for a moment. */
type AutosaveStatus = "idle" | "saving" | "saved";

interface AutosaveOptions {
  live: LiveEntry;
  saver: SaveQueue;
  /** The rendered text and unsaved flag: each edit restarts the debounce. */
  content: string;
  dirty: boolean;
}

/**
 * Autosave: 1500 ms after typing stops, and every 30 s while there are unsaved changes so writing
 * that never pauses is saved too; `status` is what the header shows. When the page goes, a
 * keep-alive PATCH sends what is left. A manual Save holds it off (`pause` / `resume`).
 */
export function useAutosave({ live, saver, content, dirty }: AutosaveOptions) {
  const [status, setStatus] = useState<AutosaveStatus>("idle");
  const savedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The text the last keep-alive sent: beforeunload, pagehide and unmount do not send it again.
  const keptAlive = useRef<string | null>(null);
  // A manual Save is running: it sends the text itself.
  const manualSaving = useRef(false);
  // After a manual save failed, its 'Save failed' toast (with Retry) stays: autosave waits for the
  // next edit or the Retry instead of replacing it with 'Sync issue' 1.5 s later.
  const manualFailed = useRef(false);

  /** An entry autosave created and the writer then emptied is removed, not kept with its old text. */
  const discardEmptied = useCallback(async () => {
    const id = live.id.current;
    if (isTempId(id) || live.content.current.trim()) return;
    try {
      await saver.remove(id);
    } catch {
      return; // still on the server: tried again after the next edit
    }
    clearDraft(id);
    if (live.id.current === id) {
      live.setId(newTempId());
      live.summarisedLength.current = 0;
    }
    if (!live.content.current.trim()) live.setDirty(false);
    toast({ title: DRAFT_DISCARDED_TITLE, description: DRAFT_DISCARDED_DESCRIPTION });
  }, [live, saver]);

  const autosave = useCallback(async () => {
    if (!live.dirty.current || manualSaving.current || manualFailed.current) return;
    if (live.content.current.length > ENTRY_MAX_CHARS) return; // the editor says so; the server would refuse
    if (!live.content.current.trim()) {
      await discardEmptied();
      return;
    }
    // A prompt or a template alone, or a few characters, do not make an entry yet.
    const own = ownTextLength(live.content.current, live.inserted.current);
    if (isTempId(live.id.current) && own < AUTOSAVE_CREATE_MIN_OWN_CHARS) return;
    if (savedTimer.current) clearTimeout(savedTimer.current);
    setStatus("saving");
    try {
      await saver.enqueue();
      setStatus("saved");
      savedTimer.current = setTimeout(() => setStatus("idle"), AUTOSAVE_SAVED_INDICATOR_MS);
    } catch (error) {
      setStatus("idle");
      if (isNetworkError(error)) toast({ title: SYNC_ISSUE_TITLE, description: SYNC_ISSUE_DESCRIPTION });
    }
  }, [live, saver, discardEmptied]);

  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(() => void autosave(), AUTOSAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [content, dirty, autosave]);

  useEffect(() => {
    if (!dirty) return;
    const timer = setInterval(() => void autosave(), AUTOSAVE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [dirty, autosave]);

  useEffect(() => () => void (savedTimer.current && clearTimeout(savedTimer.current)), []);

  // A logout within the debounce would end the session before this save: it runs first, and the
  // menu asks before leaving when text is still unsaved (a failed save, a few characters).
  useEffect(
    () =>
      saveBeforeLogout(async () => {
        await autosave();
        return !live.dirty.current || !live.content.current.trim();
      }),
    [live, autosave],
  );

  // Page unload: a keep-alive PATCH with only the content (the server needs the CSRF header, so
  // not sendBeacon), and the browser's own "leave?" prompt while there are unsaved changes.
  useEffect(() => {
    const keepAlive = () => {
      const id = live.id.current;
      const text = live.content.current;
      if (!live.dirty.current || isTempId(id) || !text.trim() || keptAlive.current === text) return;
      keptAlive.current = text;
      // The client issues the request before its first await, so it leaves while the page does.
      void api
        .PATCH("/api/journal/{entry_id}", { params: { path: { entry_id: id } }, body: { content: text }, keepalive: true })
        .catch(() => undefined);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!live.dirty.current) return;
      keepAlive();
      event.preventDefault();
      event.returnValue = UNSAVED_CHANGES_MESSAGE;
      return UNSAVED_CHANGES_MESSAGE;
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("pagehide", keepAlive);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("pagehide", keepAlive);
      keepAlive();
    };
  }, [live]);

  /** Every edit: the next keep-alive sends it, and a failed manual Save no longer holds autosave. */
  const edited = useCallback(() => {
    keptAlive.current = null;
    manualFailed.current = false;
  }, []);

  /** A manual Save begins: autosave waits until it ends. */
  const pause = useCallback(() => {
    manualSaving.current = true;
    manualFailed.current = false;
  }, []);

  /** The manual Save ended; after a failure autosave waits for the next edit or the Retry. */
  const resume = useCallback((failed: boolean) => {
    if (failed) manualFailed.current = true;
    manualSaving.current = false;
  }, []);

  /** A fresh entry begins: no "Saved" about the previous one. */
  const resetStatus = useCallback(() => setStatus("idle"), []);

  return { status, edited, pause, resume, resetStatus };
}
