/**
 * The journal editor section (spec part 1, section 2 "Journal editor section"; sections 3-5, 7-9):
 * writing a new entry with autosave, local drafts, keep-alive saves on unload, Silent Mode,
 * writing prompts, Self Analysis templates and real-time insight prompts. This file lays the
 * editor out and wires it; the entry's state, drafts and saves live in the hooks beside it.
 */
import { useCallback, useEffect, useState, type ReactNode } from "react";
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
import { UnsavedChangesDialog } from "@/components/unsaved-changes-dialog";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { toast } from "@/hooks/use-toast";
import { ENTRY_MAX_CHARS, PLACEHOLDER_ROTATE_MS } from "@/lib/constants";
import { cn } from "@/lib/utils";

import { LONG_OPERATION_HINT, useLongOperation } from "../long-operation";
import { useEntries } from "../queries";
import { clearDraft, initialEntry } from "./draft-storage";
import {
  clockTime,
  isTempId,
  longDate,
  onDay,
  PLACEHOLDERS,
  SELF_ANALYSIS_TEMPLATES,
  usDate,
  wordCount,
} from "./editor-utils";
import { AskHelpPopover, InsightsPanel } from "./insights-panel";
import { LatestEntryCard } from "./latest-entry-card";
import { SilentMode } from "./silent-mode";
import { useAutosave } from "./use-autosave";
import { useDraftRecovery } from "./use-draft-recovery";
import { useEntry } from "./use-entry";
import { useInsightPrompts } from "./use-insight-prompts";
import { useManualSave } from "./use-manual-save";
import { useSaveQueue } from "./use-save-queue";
import { useSilentMode } from "./use-silent-mode";
import { useTextarea } from "./use-textarea";
import { WritingPrompts } from "./writing-prompts";

// The toasts' words, defined beside the code that shows them; still exported from here.
export {
  DRAFT_DISCARDED_DESCRIPTION,
  DRAFT_DISCARDED_TITLE,
  SYNC_ISSUE_DESCRIPTION,
  SYNC_ISSUE_TITLE,
} from "./use-autosave";
export { DRAFT_RECOVERED_TITLE } from "./use-draft-recovery";
export { SAVE_FAILED_DESCRIPTION, SAVE_FAILED_TITLE, SAVED_DESCRIPTION, SAVED_TITLE } from "./use-manual-save";
export { INSERT_INTO_EDITOR_EVENT } from "./use-textarea";

export const WRITING_IN_PROGRESS = "Writing in progress...";
export const DATE_CHANGE_FAILED = "Failed to update journal entry. Please try again.";
/** The server's own words for the limit (400 on a longer entry). */
export const ENTRY_TOO_LONG = `An entry can be at most ${ENTRY_MAX_CHARS.toLocaleString("en-US")} characters.`;

export interface JournalEditorProps {
  /**
   * PHOTO CONTROLS SLOT (built by the photos feature): rendered in the toolbar with the entry's
   * id, or null while the entry is not saved yet (photos need a saved entry).
   */
  photoControls?: (entryId: string | null) => ReactNode;
  className?: string;
}

export function JournalEditor({ photoControls, className }: JournalEditorProps) {
  const [initial] = useState(initialEntry);
  const { id: entryId, content, dirty, startedAt, live } = useEntry(initial);
  const [latestId, setLatestId] = useState<string | null>(null);
  const [placeholder, setPlaceholder] = useState(0);

  const { data: entries = [] } = useEntries();
  const insights = useInsightPrompts(content);
  const resetPrompts = insights.reset;

  useDraftRecovery(initial, live);
  const saver = useSaveQueue(live);
  const autosave = useAutosave({ live, saver, content, dirty });
  const { status, edited, resetStatus } = autosave;

  /** Every edit: the entry and its draft, and autosave hears of it. */
  const setContent = useCallback(
    (value: string) => {
      live.edit(value);
      edited();
    },
    [live, edited],
  );

  /** After a successful manual save a fresh blank entry begins. */
  const startFresh = useCallback(
    (savedId: string) => {
      clearDraft(savedId);
      live.reset();
      setLatestId(savedId);
      resetStatus();
      resetPrompts();
    },
    [live, resetStatus, resetPrompts],
  );
  const { saving: manualSaving, save: manualSave } = useManualSave({ live, saver, autosave, onSaved: startFresh });


  const { silent, enter: enterSilentMode, leave: leaveSilentMode } = useSilentMode();

  // The rotating placeholder.
  useEffect(() => {
    if (content) return;
    const timer = setInterval(() => setPlaceholder((i) => (i + 1) % PLACEHOLDERS.length), PLACEHOLDER_ROTATE_MS);
    return () => clearInterval(timer);
  }, [content]);

  // Backdating: the entry can be written for another day. A saved entry gets the new date (the
  // server moves its timestamp with it); a new one is created with it.
  const [dateOpen, setDateOpen] = useState(false);
  const changeDay = useCallback(
    (day: Date | undefined) => {
      setDateOpen(false);
      if (!day) return;
      const when = onDay(day, live.startedAt.current);
      live.followClock.current = false;
      live.setStartedAt(when);
      const id = live.id.current;
      if (!isTempId(id)) {
        void saver
          .updateDate(id, usDate(when))
          .catch(() => toast({ title: "Error", description: DATE_CHANGE_FAILED, variant: "destructive" }));
      }
    },
    [live, saver],
  );

  const { textareaRef, insert, cursor } = useTextarea({ live, setContent, content, silent });

  /** Save disables its button while it runs, which drops the focus to the page. After a Save from
   * the keyboard (a click with no pointer, detail 0) the focus comes back to the text box, a fresh
   * entry by then; a tap does not, so a phone's keyboard does not pop up. */
  const save = async (fromKeyboard: boolean) => {
    await manualSave();
    if (fromKeyboard) textareaRef.current?.focus();
  };

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
                {/* Named apart from the Previous Entries' 'Self Analysis' dialog, visible text first. */}
                <Button variant="outline" size="sm" aria-label="Self Analysis templates">
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
            <Button variant="outline" size="sm" onClick={enterSilentMode} title="Ctrl+Shift+S">
              <EyeOffIcon aria-hidden="true" />
              Silent Mode
            </Button>
            <Button size="sm" onClick={(event) => void save(event.detail === 0)} disabled={blank || tooLong || manualSaving}>
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

      <UnsavedChangesDialog when={dirty} />
    </section>
  );
}
