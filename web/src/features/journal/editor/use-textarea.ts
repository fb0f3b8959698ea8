import { useCallback, useEffect, useLayoutEffect, useRef } from "react";

import { EDITOR_MAX_HEIGHT_RATIO, EDITOR_MIN_HEIGHT_PX } from "@/lib/constants";

import { insertAt } from "./editor-utils";
import type { LiveEntry } from "./use-entry";

/** Dispatch `new CustomEvent(INSERT_INTO_EDITOR_EVENT, { detail: text })` to insert at the cursor. */
export const INSERT_INTO_EDITOR_EVENT = "reverie:insert-into-editor";

interface TextareaOptions {
  live: LiveEntry;
  /** The editor's edit: every insert is one, so it is saved and kept as a draft like typing. */
  setContent: (value: string) => void;
  content: string;
  /** Silent Mode has its own full-screen text box, which does not grow. */
  silent: boolean;
}

/**
 * The entry's text box (the page's, or Silent Mode's: both take `textareaRef`): texts put in by a
 * click or by another part of the page go in at the cursor, and the box grows with its text.
 */
export function useTextarea({ live, setContent, content, silent }: TextareaOptions) {
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  // Where the cursor goes once the inserted text is rendered (setting it before would be undone).
  const pendingCursor = useRef<number | null>(null);

  // Auto-grow: at least 200px or half the available space, at most 70% of the window height.
  useLayoutEffect(() => {
    const el = textareaRef.current;
    if (pendingCursor.current !== null && el) {
      el.setSelectionRange(pendingCursor.current, pendingCursor.current);
      pendingCursor.current = null;
    }
    if (!el || silent) return;
    const available = window.innerHeight - el.getBoundingClientRect().top;
    const min = Math.max(EDITOR_MIN_HEIGHT_PX, Math.floor(available / 2));
    const max = Math.max(EDITOR_MIN_HEIGHT_PX, Math.floor(window.innerHeight * EDITOR_MAX_HEIGHT_RATIO));
    el.style.height = "auto";
    el.style.height = `${Math.min(Math.max(el.scrollHeight, min), max)}px`;
  }, [content, silent]);

  const cursor = useCallback(() => textareaRef.current?.selectionStart ?? live.content.current.length, [live]);

  /** Inserts text at the cursor (replacing a selection) and puts the cursor after it. */
  const insert = useCallback(
    (text: string) => {
      const el = textareaRef.current;
      const value = live.content.current;
      const start = el?.selectionStart ?? value.length;
      const end = el?.selectionEnd ?? start;
      const next = insertAt(value, start, end, text);
      live.addInserted(text);
      pendingCursor.current = next.cursor;
      setContent(next.value);
      el?.focus();
      return { before: start, after: next.cursor };
    },
    [live, setContent],
  );

  // Other parts of the journal home (the Self Analysis dialog) insert into the entry being written.
  useEffect(() => {
    const onInsert = (event: Event) => {
      const text = (event as CustomEvent<string>).detail;
      if (typeof text !== "string" || !text) return;
      insert(text);
      // The dialog that sent it is closing: the cursor comes back to the entry once it has gone.
      setTimeout(() => textareaRef.current?.focus(), 0);
    };
    window.addEventListener(INSERT_INTO_EDITOR_EVENT, onInsert);
    return () => window.removeEventListener(INSERT_INTO_EDITOR_EVENT, onInsert);
  }, [insert]);

  return { textareaRef, insert, cursor };
}
