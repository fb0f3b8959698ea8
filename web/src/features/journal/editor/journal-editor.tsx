/**
 * The journal editor section (spec part 1, section 2 "Journal editor section"; sections 3-5, 7-9):
 * writing a new entry with autosave, local drafts, keep-alive saves on unload, Silent Mode,
 * writing prompts, Self Analysis templates and real-time insight prompts.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useBlocker } from "react-router";
import { CalendarIcon, ClipboardListIcon, EyeOffIcon, Loader2Icon, SaveIcon, SparklesIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Calendar } from "@/components/ui/calendar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { ToastAction } from "@/components/ui/toast";
import { userStorage } from "@/features/auth/user-storage";
import { toast } from "@/hooks/use-toast";
import { api } from "@/lib/api/client";
import {
  AUTOSAVE_CREATE_MIN_OWN_CHARS,
  AUTOSAVE_DEBOUNCE_MS,
  AUTOSAVE_INTERVAL_MS,
  AUTOSAVE_SAVED_INDICATOR_MS,
  DEFAULT_ENTRY_LOCATION,
  DRAFT_RECOVERED_TOAST_MS,
  EDITOR_MAX_HEIGHT_RATIO,
  EDITOR_MIN_HEIGHT_PX,
  ENTRY_MAX_CHARS,
  LAST_SAVED_STORAGE_KEY,
  NEW_ENTRY_DRAFT_STORAGE_KEY,
  NEW_ENTRY_ID_STORAGE_KEY,
  NEW_ENTRY_INSERTED_STORAGE_KEY,
  PLACEHOLDER_ROTATE_MS,
  UNSAVED_CHANGES_MESSAGE,
} from "@/lib/constants";
import { cn } from "@/lib/utils";

import { LONG_OPERATION_HINT, useLongOperation } from "../long-operation";
import { useAutosaveEntry, useCreateEntry, useDeleteEntry, useEntries, useUpdateEntry } from "../queries";
import {
  clockTime,
  draftKey,
  entryMoment,
  insertAt,
  isNetworkError,
  isTempId,
  longDate,
  needsSummary,
  newTempId,
  onDay,
  ownTextLength,
  parseInserted,
  PLACEHOLDERS,
  recoverableDraft,
  refusal,
  SELF_ANALYSIS_TEMPLATES,
  usDate,
  wordCount,
} from "./editor-utils";
import { AskHelpPopover, InsightsPanel } from "./insights-panel";
import { LatestEntryCard } from "./latest-entry-card";
import { SilentMode } from "./silent-mode";
import { useInsightPrompts } from "./use-insight-prompts";
import { WritingPrompts } from "./writing-prompts";

export const SAVED_TITLE = "Saved successfully";
export const SAVED_DESCRIPTION = "Your journal entry has been saved.";
export const SAVE_FAILED_TITLE = "Save failed";
export const SAVE_FAILED_DESCRIPTION = "Your content is saved locally. Tap to retry saving to the cloud.";
export const SYNC_ISSUE_TITLE = "Sync issue";
export const SYNC_ISSUE_DESCRIPTION = "Saved locally. Will retry sync when connection improves.";
export const DRAFT_RECOVERED_TITLE = "Draft Recovered";
/** How often a new entry's shown date and time catch up with the clock while the page is open. */
const CLOCK_CHECK_MS = 30_000;
export const DRAFT_DISCARDED_TITLE = "Empty entry removed";
export const DRAFT_DISCARDED_DESCRIPTION = "You cleared the entry you were writing, so it is no longer kept.";
export const WRITING_IN_PROGRESS = "Writing in progress...";
export const DATE_CHANGE_FAILED = "Failed to update journal entry. Please try again.";
/** The server's own words for the limit (400 on a longer entry). */
export const ENTRY_TOO_LONG = `An entry can be at most ${ENTRY_MAX_CHARS.toLocaleString("en-US")} characters.`;

type AutosaveStatus = "idle" | "saving" | "saved";

export interface JournalEditorProps {
  /**
   * PHOTO CONTROLS SLOT (built by the photos feature): rendered in the toolbar with the entry's
   * id, or null while the entry is not saved yet (photos need a saved entry).
   */
  photoControls?: (entryId: string | null) => ReactNode;
  className?: string;
}

/** Drafts live in the signed-in user's own storage (cleared when the session ends). */
function storage() {
  return userStorage();
}

/** The entry the editor starts with: a blank new entry, with a stored draft recovered when it
 * qualifies; or the one an earlier autosave created, whose draft is compared with the server's
 * text once the entries are loaded (the same text is no 'Draft Recovered'). The texts inserted by a
 * click come back with the draft, so autosave still tells them from the writer's own words. */
function initialEntry() {
  const store = storage();
  const resumedId = store?.getItem(NEW_ENTRY_ID_STORAGE_KEY) || null;
  const draft =
    store?.getItem(NEW_ENTRY_DRAFT_STORAGE_KEY) ?? (resumedId ? (store?.getItem(draftKey(resumedId)) ?? null) : null);
  const inserted = parseInserted(store?.getItem(NEW_ENTRY_INSERTED_STORAGE_KEY) ?? null);
  if (resumedId) return { id: resumedId, content: draft ?? "", recovered: false, draft, inserted, resumed: true };
  const recovered = recoverableDraft(draft, "", inserted);
  return { id: newTempId(), content: recovered ? draft : "", recovered, draft, inserted, resumed: false };
}

/** Dispatch `new CustomEvent(INSERT_INTO_EDITOR_EVENT, { detail: text })` to insert at the cursor. */
export const INSERT_INTO_EDITOR_EVENT = "reverie:insert-into-editor";

export function JournalEditor({ photoControls, className }: JournalEditorProps) {
  const [initial] = useState(initialEntry);
  const [entryId, setEntryId] = useState(initial.id);
  const [content, setContentState] = useState(initial.content);
  const [dirty, setDirtyState] = useState(initial.recovered);
  const [startedAt, setStartedAt] = useState(() => new Date());
  const [status, setStatus] = useState<AutosaveStatus>("idle");
  const [manualSaving, setManualSaving] = useState(false);
  const [silent, setSilent] = useState(false);
  const [latestId, setLatestId] = useState<string | null>(null);
  const [placeholder, setPlaceholder] = useState(0);

  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const contentRef = useRef(content);
  const entryIdRef = useRef(entryId);
  const dirtyRef = useRef(dirty);
  const startedAtRef = useRef(startedAt);
  // A new entry is dated when it is written: until it is created (or a day is picked with Change
  // date) its date and time follow the clock, so a page left open overnight writes on the new day.
  const followClock = useRef(!initial.resumed);
  const lastSummarisedLength = useRef(0);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const savedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pendingCursor = useRef<number | null>(null);
  const keptAlive = useRef<string | null>(null);
  // Texts put in by a click (prompts, templates, insight blocks): not the writer's own words.
  const inserted = useRef<string[]>(initial.inserted);
  // After a manual save failed, its 'Save failed' toast (with Retry) stays: autosave waits for the
  // next edit or the Retry instead of replacing it with 'Sync issue' 1.5 s later.
  const manualFailed = useRef(false);
  const touched = useRef(false);

  const { data: entries = [], isSuccess: entriesLoaded } = useEntries();
  const createEntry = useCreateEntry();
  const autosaveEntry = useAutosaveEntry();
  const updateEntry = useUpdateEntry();
  const deleteEntry = useDeleteEntry();
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

  const insights = useInsightPrompts(content);
  const resetPrompts = insights.reset;

  const setDirty = useCallback((value: boolean) => {
    dirtyRef.current = value;
    setDirtyState(value);
  }, []);

  /** While the new entry follows the clock: its date and time become now (the minute shown). */
  const keepUpWithClock = useCallback(() => {
    if (!followClock.current || !isTempId(entryIdRef.current)) return;
    const now = new Date();
    if (usDate(now) === usDate(startedAtRef.current) && clockTime(now) === clockTime(startedAtRef.current)) return;
    startedAtRef.current = now;
    setStartedAt(now);
  }, []);
  useEffect(() => {
    const timer = setInterval(keepUpWithClock, CLOCK_CHECK_MS);
    return () => clearInterval(timer);
  }, [keepUpWithClock]);

  /** Every edit: the new text, dirty, and the local draft. */
  const setContent = useCallback(
    (value: string) => {
      keepUpWithClock();
      contentRef.current = value;
      setContentState(value);
      setDirty(true);
      keptAlive.current = null;
      touched.current = true;
      manualFailed.current = false;
      const store = storage();
      store?.setItem(NEW_ENTRY_DRAFT_STORAGE_KEY, value);
      if (!isTempId(entryIdRef.current)) store?.setItem(draftKey(entryIdRef.current), value);
    },
    [setDirty, keepUpWithClock],
  );

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
    if (touched.current) return;
    const saved = entries.find((e) => e.id === initial.id);
    const store = storage();
    if (!saved) {
      // Gone from the server (deleted elsewhere): a new entry, with the draft if it qualifies.
      store?.removeItem(NEW_ENTRY_ID_STORAGE_KEY);
      const id = newTempId();
      entryIdRef.current = id;
      setEntryId(id);
      followClock.current = true;
    } else {
      lastSummarisedLength.current = saved.content.length;
      // The header shows the day the entry is for (it may be backdated), not the day of the reload.
      const when = entryMoment(saved);
      if (when) {
        startedAtRef.current = when;
        setStartedAt(when);
      }
    }
    const base = saved?.content ?? "";
    const recovered = recoverableDraft(initial.draft, base, initial.inserted);
    const value = recovered ? initial.draft! : base;
    contentRef.current = value;
    setContentState(value);
    setDirty(recovered);
    if (recovered) announceRecovered();
  }, [entriesLoaded, entries, initial, setDirty, announceRecovered]);

  /** Sends the current text: POST for a new entry, otherwise PATCH (content + generateSummary). */
  const persistNow = useCallback(async (manual = false): Promise<string> => {
    const text = contentRef.current;
    if (!text.trim()) return entryIdRef.current;
    setDirty(false);
    try {
      if (isTempId(entryIdRef.current)) {
        const when = startedAtRef.current;
        const created = await mutations.current.create({
          content: text,
          date: usDate(when),
          time: clockTime(when),
          location: DEFAULT_ENTRY_LOCATION,
          timestamp: Math.min(Math.floor(when.getTime() / 1000), 2147483647),
        });
        entryIdRef.current = created.id;
        setEntryId(created.id);
        lastSummarisedLength.current = text.length;
        storage()?.setItem(NEW_ENTRY_ID_STORAGE_KEY, created.id);
        storage()?.setItem(draftKey(created.id), contentRef.current);
      } else {
        const generateSummary = manual || needsSummary(text, lastSummarisedLength.current);
        if (generateSummary) lastSummarisedLength.current = text.length;
        await mutations.current.patch({ id: entryIdRef.current, content: text, generateSummary });
      }
      storage()?.setItem(LAST_SAVED_STORAGE_KEY, String(Date.now()));
      return entryIdRef.current;
    } catch (error) {
      setDirty(true);
      throw error;
    }
  }, [setDirty]);

  /** Saves run one after another, so a new entry is created once and then updated. */
  const enqueue = useCallback((options?: { manual?: boolean }): Promise<string> => {
    const run = chain.current.catch(() => undefined).then(() => persistNow(options?.manual ?? false));
    chain.current = run;
    return run;
  }, [persistNow]);

  const manualSavingRef = useRef(false);

  /** An entry autosave created and the writer then emptied is removed, not kept with its old text. */
  const discardEmptied = useCallback(async () => {
    const id = entryIdRef.current;
    if (isTempId(id) || contentRef.current.trim()) return;
    await chain.current.catch(() => undefined);
    try {
      await mutations.current.remove(id);
    } catch {
      return; // still on the server: tried again after the next edit
    }
    const store = storage();
    store?.removeItem(NEW_ENTRY_ID_STORAGE_KEY);
    store?.removeItem(NEW_ENTRY_DRAFT_STORAGE_KEY);
    store?.removeItem(NEW_ENTRY_INSERTED_STORAGE_KEY);
    store?.removeItem(draftKey(id));
    if (entryIdRef.current === id) {
      const fresh = newTempId();
      entryIdRef.current = fresh;
      setEntryId(fresh);
      lastSummarisedLength.current = 0;
    }
    if (!contentRef.current.trim()) setDirty(false);
    toast({ title: DRAFT_DISCARDED_TITLE, description: DRAFT_DISCARDED_DESCRIPTION });
  }, [setDirty]);

  const autosave = useCallback(async () => {
    if (!dirtyRef.current || manualSavingRef.current || manualFailed.current) return;
    if (contentRef.current.length > ENTRY_MAX_CHARS) return; // the editor says so; the server would refuse
    if (!contentRef.current.trim()) {
      await discardEmptied();
      return;
    }
    // A prompt or a template alone, or a few characters, do not make an entry yet.
    const own = ownTextLength(contentRef.current, inserted.current);
    if (isTempId(entryIdRef.current) && own < AUTOSAVE_CREATE_MIN_OWN_CHARS) return;
    if (savedTimer.current) clearTimeout(savedTimer.current);
    setStatus("saving");
    try {
      await enqueue();
      setStatus("saved");
      savedTimer.current = setTimeout(() => setStatus("idle"), AUTOSAVE_SAVED_INDICATOR_MS);
    } catch (error) {
      setStatus("idle");
      if (isNetworkError(error)) toast({ title: SYNC_ISSUE_TITLE, description: SYNC_ISSUE_DESCRIPTION });
    }
  }, [enqueue, discardEmptied]);

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

  /** After a successful manual save a fresh blank entry begins. */
  const startFresh = useCallback(
    (savedId: string) => {
      const store = storage();
      store?.removeItem(NEW_ENTRY_DRAFT_STORAGE_KEY);
      store?.removeItem(NEW_ENTRY_ID_STORAGE_KEY);
      store?.removeItem(NEW_ENTRY_INSERTED_STORAGE_KEY);
      store?.removeItem(draftKey(savedId));
      const id = newTempId();
      entryIdRef.current = id;
      setEntryId(id);
      contentRef.current = "";
      setContentState("");
      setDirty(false);
      inserted.current = [];
      lastSummarisedLength.current = 0;
      const now = new Date();
      startedAtRef.current = now;
      setStartedAt(now);
      followClock.current = true;
      setLatestId(savedId);
      setStatus("idle");
      resetPrompts();
    },
    [setDirty, resetPrompts],
  );

  const manualSave = useCallback(async () => {
    if (!contentRef.current.trim() || contentRef.current.length > ENTRY_MAX_CHARS || manualSavingRef.current) return;
    manualSavingRef.current = true;
    manualFailed.current = false;
    setManualSaving(true);
    try {
      // A manual Save always asks for a summary of this very text (the server skips it when the
      // summary it has is already of this text).
      const id = await enqueue({ manual: true });
      toast({ title: SAVED_TITLE, description: SAVED_DESCRIPTION });
      startFresh(id);
    } catch (error) {
      manualFailed.current = true;
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
      manualSavingRef.current = false;
      setManualSaving(false);
    }
  }, [enqueue, startFresh]);
  const retryRef = useRef(manualSave);
  retryRef.current = manualSave;

  // Page unload: a keep-alive PATCH with only the content (the server needs the CSRF header, so
  // not sendBeacon), and the browser's own "leave?" prompt while there are unsaved changes.
  useEffect(() => {
    const keepAlive = () => {
      const id = entryIdRef.current;
      const text = contentRef.current;
      if (!dirtyRef.current || isTempId(id) || !text.trim() || keptAlive.current === text) return;
      keptAlive.current = text;
      // The client issues the request before its first await, so it leaves while the page does.
      void api
        .PATCH("/api/journal/{entry_id}", { params: { path: { entry_id: id } }, body: { content: text }, keepalive: true })
        .catch(() => undefined);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
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
  }, []);

  // In-app navigation with unsaved changes asks first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  // Silent Mode: Ctrl+Shift+S toggles; Escape leaves it unless the browser is in full screen.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.shiftKey && (event.key === "S" || event.key === "s" || event.code === "KeyS")) {
        event.preventDefault();
        setSilent((on) => !on);
      } else if (event.key === "Escape" && !document.fullscreenElement) {
        setSilent(false);
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  const leaveSilentMode = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    setSilent(false);
  }, []);

  // The rotating placeholder.
  useEffect(() => {
    if (content) return;
    const timer = setInterval(() => setPlaceholder((i) => (i + 1) % PLACEHOLDERS.length), PLACEHOLDER_ROTATE_MS);
    return () => clearInterval(timer);
  }, [content]);

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

  // Backdating: the entry can be written for another day. A saved entry gets the new date (the
  // server moves its timestamp with it); a new one is created with it.
  const [dateOpen, setDateOpen] = useState(false);
  const changeDay = useCallback(
    (day: Date | undefined) => {
      setDateOpen(false);
      if (!day) return;
      const when = onDay(day, startedAtRef.current);
      followClock.current = false;
      startedAtRef.current = when;
      setStartedAt(when);
      const id = entryIdRef.current;
      if (!isTempId(id)) {
        void chain.current
          .catch(() => undefined)
          .then(() => mutations.current.update({ id, date: usDate(when) }))
          .catch(() => toast({ title: "Error", description: DATE_CHANGE_FAILED, variant: "destructive" }));
      }
    },
    [],
  );

  const cursor = useCallback(() => textareaRef.current?.selectionStart ?? contentRef.current.length, []);

  /** Inserts text at the cursor (replacing a selection) and puts the cursor after it. */
  const insert = useCallback(
    (text: string) => {
      const el = textareaRef.current;
      const value = contentRef.current;
      const start = el?.selectionStart ?? value.length;
      const end = el?.selectionEnd ?? start;
      const next = insertAt(value, start, end, text);
      inserted.current.push(text);
      storage()?.setItem(NEW_ENTRY_INSERTED_STORAGE_KEY, JSON.stringify(inserted.current));
      pendingCursor.current = next.cursor;
      setContent(next.value);
      el?.focus();
      return { before: start, after: next.cursor };
    },
    [setContent],
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

  const longSave = useLongOperation(manualSaving);
  const latestEntry = latestId ? entries.find((e) => e.id === latestId) : undefined;
  const analysing = latestEntry?.analysis.state === "pending" || latestEntry?.analysis.state === "running";
  const aiActive = insights.pending || analysing;
  const words = wordCount(content);
  const hour = new Date().getHours();
  const blank = !content.trim();
  const tooLong = content.length > ENTRY_MAX_CHARS;

  return (
    <section aria-label="Journal editor" className={cn("flex flex-col gap-3", className)}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <div className="flex flex-wrap items-center gap-1">
            <h2 className="font-serif text-xl font-semibold">{longDate(startedAt)}</h2>
            <Popover open={dateOpen} onOpenChange={setDateOpen}>
              <PopoverTrigger asChild>
                <Button variant="ghost" size="sm" className="text-muted-foreground">
                  <CalendarIcon aria-hidden="true" />
                  Change date
                </Button>
              </PopoverTrigger>
              <PopoverContent className="w-auto p-0" align="start">
                <Calendar
                  mode="single"
                  selected={startedAt}
                  defaultMonth={startedAt}
                  onSelect={changeDay}
                  disabled={{ after: new Date() }}
                  endMonth={new Date()}
                  autoFocus
                />
              </PopoverContent>
            </Popover>
          </div>
          <p className="text-sm text-muted-foreground">{clockTime(startedAt)}</p>
        </div>
        <div className="flex items-center gap-3 text-sm text-muted-foreground">
          {aiActive ? (
            <span className="flex items-center gap-1" aria-label="AI is working">
              <SparklesIcon className="size-4 animate-pulse text-primary" aria-hidden="true" />
              <span>Thinking...</span>
            </span>
          ) : null}
          <span aria-live="polite" data-testid="autosave-status">
            {status === "saving"
              ? "Auto-saving..."
              : status === "saved"
                ? "Saved"
                : dirty && !blank
                  ? WRITING_IN_PROGRESS
                  : ""}
          </span>
        </div>
      </header>

      <div className="flex gap-4">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          {silent ? null : (
            <textarea
              ref={textareaRef}
              aria-label="Journal entry"
              value={content}
              placeholder={PLACEHOLDERS[placeholder]}
              onChange={(event) => setContent(event.target.value)}
              className="min-h-[200px] w-full resize-none overflow-y-auto rounded-md border border-input bg-transparent px-4 py-3 font-serif text-base leading-relaxed shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
            />
          )}
          <div className="flex flex-wrap items-center gap-2">
            {content ? (
              <span className="mr-auto text-xs text-muted-foreground">
                {words} {words === 1 ? "word" : "words"}
              </span>
            ) : (
              <span className="mr-auto" />
            )}
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline" size="sm">
                  <ClipboardListIcon aria-hidden="true" />
                  Self Analysis
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuLabel>Insert a template</DropdownMenuLabel>
                {SELF_ANALYSIS_TEMPLATES.map((template) => (
                  <DropdownMenuItem key={template.title} onSelect={() => insert(template.text)}>
                    {template.title}
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
            <AskHelpPopover />
            {/* PHOTO CONTROLS SLOT: provided by the photos feature. */}
            {photoControls?.(isTempId(entryId) ? null : entryId)}
            <Button variant="outline" size="sm" onClick={() => setSilent(true)} title="Ctrl+Shift+S">
              <EyeOffIcon aria-hidden="true" />
              Silent Mode
            </Button>
            <Button size="sm" onClick={() => void manualSave()} disabled={blank || tooLong || manualSaving}>
              <SaveIcon aria-hidden="true" />
              Save
            </Button>
          </div>
          {tooLong ? (
            <p role="alert" className="text-sm text-destructive">
              {ENTRY_TOO_LONG} This one has {content.length.toLocaleString("en-US")}: shorten it, or split it into two entries.
            </p>
          ) : null}
          {latestId ? <LatestEntryCard entryId={latestId} /> : null}
        </div>

        <div className="hidden w-60 shrink-0 flex-col gap-3 md:flex">
          <WritingPrompts empty={blank} hour={hour} onPick={(text) => insert(`${text}\n`)} />
          <InsightsPanel
            prompt={insights.current}
            onDismiss={insights.dismiss}
            onConsume={insights.consume}
            insert={insert}
            content={content}
            cursor={cursor}
            entryId={entryId}
            entryDate={longDate(startedAt)}
          />
        </div>
      </div>

      {silent ? (
        <SilentMode value={content} onChange={setContent} onExit={leaveSilentMode} textareaRef={textareaRef} />
      ) : null}

      {manualSaving ? (
        <div
          role="status"
          className="fixed inset-0 z-40 flex items-center justify-center bg-background/70 backdrop-blur-sm"
        >
          <div className="grid justify-items-center gap-2 text-center">
            <p className="flex items-center gap-2 font-medium">
              <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
              Saving your thoughts...
            </p>
            {longSave ? <p className="text-sm text-muted-foreground">{LONG_OPERATION_HINT}</p> : null}
          </div>
        </div>
      ) : null}

      <ConfirmDialog
        confirmation={
          blocker.state === "blocked"
            ? {
                title: "Unsaved changes",
                description: UNSAVED_CHANGES_MESSAGE,
                cancel: "Stay",
                action: "Leave",
                onConfirm: () => blocker.proceed?.(),
                onCancel: () => blocker.reset?.(),
              }
            : null
        }
        onClose={() => {}}
      />
    </section>
  );
}
