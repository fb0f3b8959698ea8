import { Suspense, useEffect, useRef, useState } from "react";
import { MessageCircleIcon, PencilIcon, SearchIcon, SparklesIcon, Trash2Icon } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ScrollArea } from "@/components/ui/scroll-area";
import {
  useEntries,
  useEntryTotal,
  useRetryAnalysis,
  useSearchEntries,
  type Entry,
  type SearchHit,
} from "@/features/journal/queries";
import {
  ENTRY_SEARCH_DEBOUNCE_MS,
  ENTRY_SEARCH_LIMIT,
  LOCATION_UNKNOWN,
  PREVIOUS_ENTRIES_HEIGHT_PX,
} from "@/lib/constants";
import { lazyPage } from "@/lib/lazy-page";
import { cn } from "@/lib/utils";

import { ChatEntryDialog } from "./chat-entry-dialog";
import { DeleteEntryDialog } from "./delete-entry-dialog";
import { EditEntryDialog } from "./edit-entry-dialog";
import { EntryChips, EntryPhotos } from "./entry-extras";
import { entryPreview, formatEntryDate, shownSummary } from "./entry-format";
import { entryElementId, SHOW_ENTRY_EVENT } from "./show-entry";

// The two report dialogs (the therapist report brings the date picker and its calendar) load when
// first wanted: their chunks are fetched when the pointer or focus reaches their buttons.
const SelfAnalysisDialog = lazyPage(() =>
  import("@/features/journal/dialogs/self-analysis-dialog").then((m) => ({ default: m.SelfAnalysisDialog })),
);
const TherapistReportDialog = lazyPage(() =>
  import("@/features/journal/dialogs/therapist-report-dialog").then((m) => ({ default: m.TherapistReportDialog })),
);

/** Whether `open` has ever been true: a lazy dialog stays mounted after that, for its exit animation. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export const NO_ENTRIES_TEXT = "-- no entries yet --";
export const NO_SEARCH_RESULTS_TEXT = "No entries match your search.";
export const LOAD_MORE_TEXT = "Load more";
export const ENTRIES_LOAD_FAILED_TEXT = "Your entries could not be loaded.";
export const ANALYSIS_FAILED_TEXT = "Analysis failed";
export const RETRY_ANALYSIS_TEXT = "Retry";

export const SHOW_ENTRIES_EVENT = "reverie:show-entries";

/** Fills Previous Entries' search with `query` and brings it into view (the calendar's days send
 * their date, MM/DD/YYYY, which the server's search reads as that day). */
export function showEntriesOf(query: string) {
  window.dispatchEvent(new CustomEvent(SHOW_ENTRIES_EVENT, { detail: query }));
}

/** Calls `onVisible` whenever the returned ref's element scrolls into its scroll area (the
 * Previous Entries viewport), or 300 px before it. */
function useWhenVisible(onVisible: () => void, active: boolean) {
  const ref = useRef<HTMLDivElement | null>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!active || !element || typeof IntersectionObserver === "undefined") return;
    const root = element.closest("[data-slot=scroll-area-viewport]");
    const observer = new IntersectionObserver(
      (seen) => {
        if (seen.some((entry) => entry.isIntersecting)) callback.current();
      },
      { root, rootMargin: "0px 0px 300px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}

/** `value`, once it has stopped changing for `delay` ms. */
function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** A search's caption counts matches, not a page of the journal ("Showing 10 of 253 entries" read as
 * if the rest were still to load); a full answer says it is only the best of them. */
export function matchCaption(count: number): string {
  if (count >= ENTRY_SEARCH_LIMIT) return `Showing the best ${ENTRY_SEARCH_LIMIT} matches`;
  return count === 1 ? "1 match" : `${count} matches`;
}

/** Search hits, best score first (stable; hits without a score keep their place at the end). */
function byScore(hits: SearchHit[]): Entry[] {
  return hits
    .map((hit, index) => ({ hit, index }))
    .sort((a, b) => (b.hit.score ?? -Infinity) - (a.hit.score ?? -Infinity) || a.index - b.index)
    .map(({ hit }) => hit.entry);
}

export interface PreviousEntriesProps {
  /** When given, a 'Self Analysis' button opens the dialog and its 'Insert into Journal' calls this. */
  onInsertAnalysis?: (text: string) => void;
  className?: string;
}

/** The Previous Entries section (spec part 1, section 2): search, list, per-entry actions, reports. */
export function PreviousEntries({ onInsertAnalysis, className }: PreviousEntriesProps) {
  const entriesQuery = useEntries();
  const entries = entriesQuery.data ?? [];
  const total = useEntryTotal() ?? entries.length;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = entriesQuery;
  const [search, setSearch] = useState("");
  const sectionRef = useRef<HTMLElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onShow = (event: Event) => {
      const query = (event as CustomEvent<string>).detail;
      if (typeof query !== "string" || !query) return;
      setSearch(query);
      searchRef.current?.focus({ preventScroll: true });
      sectionRef.current?.scrollIntoView?.({ behavior: "smooth", block: "start" });
    };
    window.addEventListener(SHOW_ENTRIES_EVENT, onShow);
    return () => window.removeEventListener(SHOW_ENTRIES_EVENT, onShow);
  }, []);
  // A claim's link to one of its entries (Self Analysis): the list, not a search, with that entry
  // opened, marked and scrolled to.
  const [shownEntry, setShownEntry] = useState<string | null>(null);
  useEffect(() => {
    const onShowEntry = (event: Event) => {
      const id = (event as CustomEvent<string>).detail;
      if (typeof id !== "string" || !id) return;
      setSearch("");
      setShownEntry(id);
    };
    window.addEventListener(SHOW_ENTRY_EVENT, onShowEntry);
    return () => window.removeEventListener(SHOW_ENTRY_EVENT, onShowEntry);
  }, []);
  useEffect(() => {
    if (!shownEntry) return;
    const element = document.getElementById(entryElementId(shownEntry));
    element?.scrollIntoView?.({ block: "center" });
  }, [shownEntry, entries]);
  const debounced = useDebounced(search.trim(), ENTRY_SEARCH_DEBOUNCE_MS);
  const searching = search.trim().length > 0 && debounced.length > 0;
  const searchQuery = useSearchEntries(searching ? debounced : "");
  const shown = searching ? byScore(searchQuery.data ?? []) : entries;
  const canLoadMore = !searching && hasNextPage && !entriesQuery.isFetchNextPageError;
  const loadMore = () => {
    if (!isFetchingNextPage) void fetchNextPage();
  };
  const sentinel = useWhenVisible(loadMore, canLoadMore);

  const [editing, setEditing] = useState<Entry | null>(null);
  const [chatting, setChatting] = useState<Entry | null>(null);
  const [deleting, setDeleting] = useState<Entry | null>(null);
  const [reportOpen, setReportOpen] = useState(false);
  const [analysisOpen, setAnalysisOpen] = useState(false);
  const reportMounted = useOpenedOnce(reportOpen);
  const analysisMounted = useOpenedOnce(analysisOpen);

  return (
    <section ref={sectionRef} aria-labelledby="previous-entries-heading" className={cn("grid gap-4", className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="previous-entries-heading" className="font-serif text-2xl font-semibold tracking-tight">
          Previous Entries
        </h2>
        <div className="flex flex-wrap gap-2">
          {onInsertAnalysis && (
            <Button
              variant="outline"
              size="sm"
              onPointerEnter={() => void SelfAnalysisDialog.preload()}
              onFocus={() => void SelfAnalysisDialog.preload()}
              onClick={() => setAnalysisOpen(true)}
            >
              <SparklesIcon aria-hidden="true" />
              Self Analysis
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            onPointerEnter={() => void TherapistReportDialog.preload()}
            onFocus={() => void TherapistReportDialog.preload()}
            onClick={() => setReportOpen(true)}
          >
            Therapist Report
            <Badge variant="secondary" className="ml-1 text-[10px]">
              BETA
            </Badge>
          </Button>
        </div>
      </div>

      <div className="relative">
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          ref={searchRef}
          type="search"
          aria-label="Search entries"
          placeholder="Search entries (try “last week”)"
          className="pl-9"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>

      {entriesQuery.isPending ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : entriesQuery.isError && entries.length === 0 ? (
        // A failed load is not an empty journal: '-- no entries yet --' would tell a writer their
        // entries are gone.
        <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
          <p className="text-muted-foreground">{ENTRIES_LOAD_FAILED_TEXT}</p>
          <Button variant="outline" size="sm" onClick={() => void entriesQuery.refetch()}>
            Try again
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{NO_ENTRIES_TEXT}</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {!searching
              ? `Showing ${shown.length} of ${total} entries`
              : searchQuery.isSuccess
                ? matchCaption(shown.length)
                : searchQuery.isError
                  ? "The search could not be run. Try again in a moment."
                  : "Searching..."}
          </p>
          <ScrollArea className="rounded-md border" style={{ height: PREVIOUS_ENTRIES_HEIGHT_PX }}>
            {searching && searchQuery.isFetching && shown.length === 0 ? (
              <p className="p-4 text-sm text-muted-foreground">Loading...</p>
            ) : shown.length === 0 ? (
              <p className="p-4 text-sm text-muted-foreground">{NO_SEARCH_RESULTS_TEXT}</p>
            ) : (
              <ul aria-label="Journal entries" className="grid gap-3 p-3">
                {shown.map((entry) => (
                  <EntryItem
                    key={entry.id}
                    entry={entry}
                    shown={entry.id === shownEntry}
                    onEdit={() => setEditing(entry)}
                    onChat={() => setChatting(entry)}
                    onDelete={() => setDeleting(entry)}
                  />
                ))}
              </ul>
            )}
            {!searching && (hasNextPage || entriesQuery.isFetchNextPageError) && (
              <div ref={sentinel} className="flex flex-col items-center gap-2 px-3 pb-3">
                {entriesQuery.isFetchNextPageError && (
                  <p role="alert" className="text-sm text-destructive">
                    Could not load more entries.
                  </p>
                )}
                <Button variant="outline" size="sm" onClick={loadMore} disabled={isFetchingNextPage}>
                  {isFetchingNextPage ? "Loading..." : LOAD_MORE_TEXT}
                </Button>
              </div>
            )}
          </ScrollArea>
        </>
      )}

      <EditEntryDialog entry={editing} onClose={() => setEditing(null)} />
      <ChatEntryDialog entry={chatting} onClose={() => setChatting(null)} />
      <DeleteEntryDialog entry={deleting} onClose={() => setDeleting(null)} />
      <Suspense fallback={null}>
        {reportMounted && <TherapistReportDialog open={reportOpen} onOpenChange={setReportOpen} />}
        {onInsertAnalysis && analysisMounted && (
          <SelfAnalysisDialog open={analysisOpen} onOpenChange={setAnalysisOpen} onInsert={onInsertAnalysis} />
        )}
      </Suspense>
    </section>
  );
}

/** A failed analysis says so, with the server's reason on hover, and offers to run it again. */
function AnalysisFailed({ entry }: { entry: Entry }) {
  const retry = useRetryAnalysis();
  return (
    <span className="inline-flex items-center gap-1 text-destructive" title={entry.analysis.error ?? undefined}>
      {ANALYSIS_FAILED_TEXT}
      <Button
        variant="link"
        size="sm"
        className="h-auto px-0 text-xs"
        disabled={retry.isPending}
        aria-label={`${RETRY_ANALYSIS_TEXT} the analysis of the entry of ${formatEntryDate(entry)}`}
        onClick={(event) => {
          event.stopPropagation();
          retry.mutate(entry.id);
        }}
      >
        {RETRY_ANALYSIS_TEXT}
      </Button>
    </span>
  );
}

interface EntryItemProps {
  entry: Entry;
  onEdit: () => void;
  onChat: () => void;
  onDelete: () => void;
  /** Opened and marked: a claim linked to it. */
  shown?: boolean;
}

function EntryItem({ entry, onEdit, onChat, onDelete, shown = false }: EntryItemProps) {
  const [expanded, setExpanded] = useState(false);
  useEffect(() => {
    if (shown) setExpanded(true);
  }, [shown]);
  const preview = entryPreview(entry.content);
  const summary = shownSummary(entry.summary, entry.content);
  const long = preview !== entry.content;
  const analysing = entry.analysis.state === "pending" || entry.analysis.state === "running";
  const location = entry.location && entry.location !== LOCATION_UNKNOWN ? entry.location : null;
  const insightCount = entry.insights.length;

  return (
    <li
      id={entryElementId(entry.id)}
      data-testid="entry-item"
      aria-current={shown ? "true" : undefined}
      // wrap-anywhere: a pasted URL or a long unbroken location wraps inside the card instead of
      // widening the list (and the page) past a phone's width.
      className={cn(
        "cursor-pointer rounded-lg border bg-card p-4 wrap-anywhere transition-colors hover:bg-accent/30",
        shown && "ring-2 ring-primary",
      )}
      onClick={() => setExpanded((value) => !value)}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <p className="flex items-center gap-2 font-medium">
            {entry.mood?.emoji && (
              <span role="img" aria-label={entry.mood.text || "mood"} title={entry.mood.text}>
                {entry.mood.emoji}
              </span>
            )}
            <span>{formatEntryDate(entry)}</span>
          </p>
          <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
            {location && <span>{location}</span>}
            <span>
              {insightCount} {insightCount === 1 ? "insight" : "insights"}
            </span>
            {analysing && <span className="animate-pulse">Analysing…</span>}
            {entry.analysis.state === "failed" && <AnalysisFailed entry={entry} />}
          </p>
        </div>
        <div className="flex shrink-0 gap-1" onClick={(event) => event.stopPropagation()}>
          <Button variant="ghost" size="icon-sm" aria-label="Edit entry" onClick={onEdit}>
            <PencilIcon aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon-sm" aria-label="Chat about entry" onClick={onChat}>
            <MessageCircleIcon aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon-sm" aria-label="Delete entry" onClick={onDelete}>
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      </div>

      <div className="mt-2 empty:hidden">
        <EntryChips entry={entry} />
      </div>

      {summary && <p className="mt-2 text-sm text-muted-foreground italic">{summary}</p>}

      <p className="mt-2 text-sm whitespace-pre-wrap">{expanded ? entry.content : preview}</p>
      <div className="mt-2 empty:hidden">
        <EntryPhotos entry={entry} />
      </div>
      {long && (
        <Button
          variant="link"
          size="sm"
          className="h-auto px-0"
          aria-expanded={expanded}
          onClick={(event) => {
            event.stopPropagation();
            setExpanded((value) => !value);
          }}
        >
          {expanded ? "show less" : "read more"}
        </Button>
      )}
    </li>
  );
}
