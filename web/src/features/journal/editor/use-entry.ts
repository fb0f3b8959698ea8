import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

import { storeDraft, storeInserted, type InitialEntry } from "./draft-storage";
import { clockTime, isTempId, newTempId, usDate } from "./editor-utils";

/** How often a new entry's shown date and time catch up with the clock while the page is open. */
const CLOCK_CHECK_MS = 30_000;

/**
 * The entry as it is now, for the code that outlives a render (saves that finish later, timers,
 * window listeners): each value is a ref, set together with the state the editor renders. The
 * object itself never changes, so hooks can depend on it without re-running.
 */
export interface LiveEntry {
  /** A temporary id until the first save creates the entry. */
  id: RefObject<string>;
  content: RefObject<string>;
  /** Changes not on the server yet. */
  dirty: RefObject<boolean>;
  /** The moment the entry is dated (date and time sent when it is created). */
  startedAt: RefObject<Date>;
  /** A new entry is dated when it is written: until it is created (or a day is picked with Change
   * date) its date and time follow the clock, so a page left open overnight writes on the new day. */
  followClock: RefObject<boolean>;
  /** Texts put in by a click (prompts, templates, insight blocks): not the writer's own words. */
  inserted: RefObject<string[]>;
  /** The text length the entry's summary is of: a save asks for a new one only when it moved enough. */
  summarisedLength: RefObject<number>;
  /** The writer has edited since the editor opened. */
  touched: RefObject<boolean>;
  setId(id: string): void;
  setContent(value: string): void;
  setDirty(value: boolean): void;
  setStartedAt(when: Date): void;
  /** Every edit: the new text, dirty, and the local draft. */
  edit(value: string): void;
  /** A text put in by a click, remembered (with the draft) as not the writer's own. */
  addInserted(text: string): void;
  /** A fresh blank entry, dated when it is written (after a manual Save). */
  reset(): void;
}

/** The entry being written: what the editor renders, and `live` for everything asynchronous. */
export function useEntry(initial: InitialEntry) {
  const [id, setIdState] = useState(initial.id);
  const [content, setContentState] = useState(initial.content);
  const [dirty, setDirtyState] = useState(initial.recovered);
  const [startedAt, setStartedAtState] = useState(() => new Date());

  const idRef = useRef(id);
  const contentRef = useRef(content);
  const dirtyRef = useRef(dirty);
  const startedAtRef = useRef(startedAt);
  const followClock = useRef(!initial.resumed);
  const inserted = useRef<string[]>(initial.inserted);
  const summarisedLength = useRef(0);
  const touched = useRef(false);

  /** While the new entry follows the clock: its date and time become now (the minute shown). */
  const keepUpWithClock = useCallback(() => {
    if (!followClock.current || !isTempId(idRef.current)) return;
    const now = new Date();
    if (usDate(now) === usDate(startedAtRef.current) && clockTime(now) === clockTime(startedAtRef.current)) return;
    startedAtRef.current = now;
    setStartedAtState(now);
  }, []);
  useEffect(() => {
    const timer = setInterval(keepUpWithClock, CLOCK_CHECK_MS);
    return () => clearInterval(timer);
  }, [keepUpWithClock]);

  const [live] = useState<LiveEntry>(() => {
    const setId = (value: string) => {
      idRef.current = value;
      setIdState(value);
    };
    const setContent = (value: string) => {
      contentRef.current = value;
      setContentState(value);
    };
    const setDirty = (value: boolean) => {
      dirtyRef.current = value;
      setDirtyState(value);
    };
    const setStartedAt = (when: Date) => {
      startedAtRef.current = when;
      setStartedAtState(when);
    };
    return {
      id: idRef,
      content: contentRef,
      dirty: dirtyRef,
      startedAt: startedAtRef,
      followClock,
      inserted,
      summarisedLength,
      touched,
      setId,
      setContent,
      setDirty,
      setStartedAt,
      edit(value) {
        keepUpWithClock();
        setContent(value);
        setDirty(true);
        touched.current = true;
        storeDraft(idRef.current, value);
      },
      addInserted(text) {
        inserted.current.push(text);
        storeInserted(inserted.current);
      },
      reset() {
        setId(newTempId());
        setContent("");
        setDirty(false);
        inserted.current = [];
        summarisedLength.current = 0;
        setStartedAt(new Date());
        followClock.current = true;
      },
    };
  });

  return { id, content, dirty, startedAt, live };
}
