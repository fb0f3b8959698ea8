import { useCallback, useRef, useState } from "react";

import { ToastAction } from "@/components/ui/toast";
import { toast } from "@/hooks/use-toast";
import { ENTRY_MAX_CHARS } from "@/lib/constants";

import { refusal } from "./editor-utils";
import type { LiveEntry } from "./use-entry";
import type { SaveQueue } from "./use-save-queue";

export const SAVED_TITLE = "Saved successfully";
export const SAVED_DESCRIPTION = "Your journal entry has been saved.";
export const SAVE_FAILED_TITLE = "Save failed";
export const SAVE_FAILED_DESCRIPTION = "Your content is saved locally. Tap to retry saving to the cloud.";

interface ManualSaveOptions {
  live: LiveEntry;
  saver: SaveQueue;
  /** Autosave keeps out of the way while the Save runs, and after it failed (see useAutosave). */
  autosave: { pause(): void; resume(failed: boolean): void };
  /** The entry reached the server: the editor starts a fresh one. */
  onSaved(savedId: string): void;
}

/**
 * The Save button: saves now, with a summary of this very text, behind a "Saving your thoughts..."
 * overlay (`saving`). A failure keeps the text and offers Retry, unless the server refused the text
 * itself, when trying again could never work.
 */
export function useManualSave({ live, saver, autosave, onSaved }: ManualSaveOptions) {
  const [saving, setSaving] = useState(false);
  // Set at once (the state only on the next render): a second click does not save twice.
  const running = useRef(false);
  const { pause, resume } = autosave;

  const save = useCallback(async () => {
    if (!live.content.current.trim() || live.content.current.length > ENTRY_MAX_CHARS || running.current) return;
    running.current = true;
    pause();
    setSaving(true);
    let failed = false;
    try {
      // A manual Save always asks for a summary of this very text (the server skips it when the
      // summary it has is already of this text).
      const id = await saver.enqueue({ manual: true });
      toast({ title: SAVED_TITLE, description: SAVED_DESCRIPTION });
      onSaved(id);
    } catch (error) {
      failed = true;
      // Refused for a reason the text itself must change for: the server's words, and no Retry.
      const refused = refusal(error);
      if (refused) {
        toast({ title: SAVE_FAILED_TITLE, description: refused, variant: "destructive" });
        return;
      }
      toast({
        title: SAVE_FAILED_TITLE,
        description: SAVE_FAILED_DESCRIPTION,
        variant: "destructive",
        action: (
          <ToastAction altText="Retry" onClick={() => void retryRef.current()}>
            Retry
          </ToastAction>
        ),
      });
    } finally {
      running.current = false;
      resume(failed);
      setSaving(false);
    }
  }, [live, saver, pause, resume, onSaved]);
  // The toast's Retry outlives this render: it runs the latest `save`.
  const retryRef = useRef(save);
  retryRef.current = save;

  return { saving, save };
}
