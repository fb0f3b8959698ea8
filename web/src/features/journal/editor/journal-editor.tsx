/**
 * The journal editor section (spec part 1, section 2 "Journal editor section"; sections 3-5, 7-9):
 * writing a new entry with autosave, local drafts, keep-alive saves on unload, Silent Mode,
 * writing prompts, Self Analysis templates and real-time insight prompts.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useBlocker } from "react-router";
import { ClipboardListIcon, EyeOffIcon, Loader2Icon, SaveIcon, SparklesIcon } from "lucide-react";

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { ToastAction } from "@/components/ui/toast";
import { userStorage } from "@/features/auth/user-storage";
import { toast } from "@/hooks/use-toast";
import { api } from "@/lib/api/client";
import {
  AUTOSAVE_DEBOUNCE_MS,
  AUTOSAVE_INTERVAL_MS,
  AUTOSAVE_SAVED_INDICATOR_MS,
  DEFAULT_ENTRY_LOCATION,
  DRAFT_RECOVERED_TOAST_MS,
  EDITOR_MAX_HEIGHT_RATIO,
  EDITOR_MIN_HEIGHT_PX,
  LAST_SAVED_STORAGE_KEY,
  NEW_ENTRY_DRAFT_STORAGE_KEY,
  NEW_ENTRY_ID_STORAGE_KEY,
  PLACEHOLDER_ROTATE_MS,
  UNSAVED_CHANGES_MESSAGE,
} from "@/lib/constants";
import { cn } from "@/lib/utils";

import { useAutosaveEntry, useCreateEntry, useEntries } from "../queries";
import {
  clockTime,
  draftKey,
  insertAt,
  isNetworkError,
  isTempId,
  longDate,
  needsSummary,
  newTempId,
  PLACEHOLDERS,
  SELF_ANALYSIS_TEMPLATES,
  shouldRecoverDraft,
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

/** The entry the editor starts with: a blank new entry (or the one an earlier autosave created),
 * with a stored draft recovered when it qualifies. */
function initialEntry() {
  const store = storage();
  const resumedId = store?.getItem(NEW_ENTRY_ID_STORAGE_KEY) || null;
  const id = resumedId ?? newTempId();
  const draft =
    store?.getItem(NEW_ENTRY_DRAFT_STORAGE_KEY) ?? (resumedId ? (store?.getItem(draftKey(resumedId)) ?? null) : null);
  const recovered = shouldRecoverDraft(draft, "");
  return { id, content: recovered ? draft : "", recovered };
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
  const lastSummarisedLength = useRef(0);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const savedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pendingCursor = useRef<number | null>(null);
  const keptAlive = useRef<string | null>(null);

  const { data: entries = [] } = useEntries();
  const createEntry = useCreateEntry();
  const autosaveEntry = useAutosaveEntry();
  const mutations = useRef({ create: createEntry.mutateAsync, patch: autosaveEntry.mutateAsync });
  mutations.current = { create: createEntry.mutateAsync, patch: autosaveEntry.mutateAsync };

  const insights = useInsightPrompts(content);

  const setDirty = useCallback((value: boolean) => {
    dirtyRef.current = value;
    setDirtyState(value);
  }, []);

  /** Every edit: the new text, dirty, and the local draft. */
  const setContent = useCallback(
    (value: string) => {
      contentRef.current = value;
      setContentState(value);
      setDirty(true);
      keptAlive.current = null;
      const store = storage();
      store?.setItem(NEW_ENTRY_DRAFT_STORAGE_KEY, value);
      if (!isTempId(entryIdRef.current)) store?.setItem(draftKey(entryIdRef.current), value);
    },
    [setDirty],
  );

  // Draft recovery is announced once.
  const announced = useRef(false);
  useEffect(() => {
    if (!initial.recovered || announced.current) return;
    announced.current = true;
    toast({
      title: DRAFT_RECOVERED_TITLE,
      description: "Your unsaved writing has been restored.",
      duration: DRAFT_RECOVERED_TOAST_MS,
    });
  }, [initial.recovered]);

  /** Sends the current text: POST for a new entry, otherwise PATCH (content + generateSummary). */
  const persistNow = useCallback(async (): Promise<string> => {
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
        const generateSummary = needsSummary(text, lastSummarisedLength.current);
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
  const enqueue = useCallback((): Promise<string> => {
    const run = chain.current.catch(() => undefined).then(persistNow);
    chain.current = run;
    return run;
  }, [persistNow]);

  const manualSavingRef = useRef(false);

  const autosave = useCallback(async () => {
    if (!dirtyRef.current || !contentRef.current.trim() || manualSavingRef.current) return;
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
  }, [enqueue]);

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
      store?.removeItem(draftKey(savedId));
      const id = newTempId();
      entryIdRef.current = id;
      setEntryId(id);
      contentRef.current = "";
      setContentState("");
      setDirty(false);
      lastSummarisedLength.current = 0;
      const now = new Date();
      startedAtRef.current = now;
      setStartedAt(now);
      setLatestId(savedId);
      setStatus("idle");
    },
    [setDirty],
  );

  const manualSave = useCallback(async () => {
    if (!contentRef.current.trim() || manualSavingRef.current) return;
    manualSavingRef.current = true;
    setManualSaving(true);
    try {
      const id = await enqueue();
      toast({ title: SAVED_TITLE, description: SAVED_DESCRIPTION });
      startFresh(id);
    } catch {
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
      if (!dirtyRef.current || isTempId(id) || keptAlive.current === text) return;
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

  const cursor = useCallback(() => textareaRef.current?.selectionStart ?? contentRef.current.length, []);

  /** Inserts text at the cursor (replacing a selection) and puts the cursor after it. */
  const insert = useCallback(
    (text: string) => {
      const el = textareaRef.current;
      const value = contentRef.current;
      const start = el?.selectionStart ?? value.length;
      const end = el?.selectionEnd ?? start;
      const next = insertAt(value, start, end, text);
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
      if (typeof text === "string" && text) insert(text);
    };
    window.addEventListener(INSERT_INTO_EDITOR_EVENT, onInsert);
    return () => window.removeEventListener(INSERT_INTO_EDITOR_EVENT, onInsert);
  }, [insert]);

  const latestEntry = latestId ? entries.find((e) => e.id === latestId) : undefined;
  const analysing = latestEntry?.analysis.state === "pending" || latestEntry?.analysis.state === "running";
  const aiActive = insights.pending || analysing;
  const words = wordCount(content);
  const hour = new Date().getHours();
  const blank = !content.trim();

  return (
    <section aria-label="Journal editor" className={cn("flex flex-col gap-3", className)}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h2 className="font-serif text-xl font-semibold">{longDate(startedAt)}</h2>
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
            {status === "saving" ? "Auto-saving..." : status === "saved" ? "Saved" : ""}
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
            <Button size="sm" onClick={() => void manualSave()} disabled={blank || manualSaving}>
              <SaveIcon aria-hidden="true" />
              Save
            </Button>
          </div>
          {latestId ? <LatestEntryCard entryId={latestId} /> : null}
        </div>

        <div className="hidden w-60 shrink-0 flex-col gap-3 md:flex">
          <WritingPrompts empty={blank} hour={hour} onPick={(text) => insert(text)} />
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
          <p className="flex items-center gap-2 font-medium">
            <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
            Saving your thoughts...
          </p>
        </div>
      ) : null}

      <AlertDialog open={blocker.state === "blocked"}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Unsaved changes</AlertDialogTitle>
            <AlertDialogDescription>{UNSAVED_CHANGES_MESSAGE}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel onClick={() => blocker.reset?.()}>Stay</AlertDialogCancel>
            <AlertDialogAction onClick={() => blocker.proceed?.()}>Leave</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
