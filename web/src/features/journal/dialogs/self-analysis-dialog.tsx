import { useRef, useState } from "react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { ScrollArea } from "@/components/ui/scroll-area";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import {
  useEntries,
  useSelfAnalysis,
  type AnalysisItem,
  type Entry,
  type SelfAnalysis,
} from "@/features/journal/queries";
import { SELF_ANALYSIS_MAX_ENTRIES, SELF_ANALYSIS_MIN_ENTRIES } from "@/lib/constants";
import { cn } from "@/lib/utils";

import { showEntry } from "../entries/show-entry";
import { SAMPLE_ANALYSIS } from "./sample-analysis";

export const SELF_ANALYSIS_LOADING = "Analyzing your journal entries for patterns and insights...";
export const SELF_ANALYSIS_ERROR = "An error occurred while analyzing your journal entries. Please try again.";
export const SELF_ANALYSIS_MIN_MESSAGE = "You need at least 3 journal entries to perform a meaningful analysis.";
export const SELECT_THEME_MESSAGE = "Select a theme to view insights and reflection prompts";
/** Before the dates of the entries a theme cites (every theme of a real analysis cites two or more). */
export const SOURCES_LABEL = "From your entries:";
/** The list of what the analysis could not show, and why (too few entries for growth...). */
export const NOTES_LABEL = "About this analysis";

type TabKey = Exclude<keyof SelfAnalysis, "notes">;

const TABS: { key: TabKey; label: string; empty: string }[] = [
  { key: "patterns", label: "Patterns", empty: "No patterns identified yet" },
  { key: "connections", label: "Links", empty: "No connections identified yet" },
  { key: "growth", label: "Growth", empty: "No growth themes identified yet" },
  { key: "reflections", label: "Reflect", empty: "No reflection prompts available yet" },
];

const FIRST_TAB: TabKey = "patterns";

function isEmpty(analysis: SelfAnalysis | undefined): boolean {
  return !analysis || TABS.every(({ key }) => analysis[key].length === 0);
}

/** A quote without the quotation marks it may already carry ("…", “…”, '…'). */
function bareQuote(quote: string): string {
  return quote.trim().replace(/^["“”'‘’]+|["“”'‘’]+$/g, "").trim();
}

/** The text 'Insert into Journal' adds to the plain-text entry: the title, the description, the
 * quotes (each in one pair of quotation marks) and the numbered questions; no Markdown. It ends
 * with a line break, so writing continues on a line of its own. */
export function analysisItemText(item: AnalysisItem): string {
  const lines = [item.title.trim()];
  if (item.description) lines.push(item.description);
  if (item.highlighted.length) {
    lines.push("", "Highlighted Patterns:", ...item.highlighted.map((q) => `“${bareQuote(q)}”`));
  }
  if (item.prompts.length) {
    lines.push("", "Questions for Deeper Reflection:", ...item.prompts.map((p, i) => `${i + 1}. ${p}`));
  }
  return `${lines.join("\n")}\n`;
}

export interface SelfAnalysisDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the chosen theme as text by 'Insert into Journal' (the dialog then closes). */
  onInsert: (text: string) => void;
  /** The entries to analyse; defaults to the user's entries (useEntries). The first 15 ids are sent. */
  entries?: Entry[];
}

/** The Self Analysis modal (spec part 1, section 2): themes per tab from POST /api/openai/generate-summary. */
export function SelfAnalysisDialog({ open, onOpenChange, onInsert, entries }: SelfAnalysisDialogProps) {
  // After 'Insert into Journal' the focus stays in the entry (where the text went), so writing goes
  // on below it; otherwise it returns to the button that opened the dialog.
  const inserted = useRef(false);
  const insert = (text: string) => {
    inserted.current = true;
    onInsert(text);
  };
  // A claim's entry to show once the dialog has closed (its focus going back would scroll away).
  const linked = useRef<string | null>(null);
  const openEntry = (entryId: string) => {
    linked.current = entryId;
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-4xl"
        onCloseAutoFocus={(event) => {
          if (inserted.current || linked.current) event.preventDefault();
          inserted.current = false;
          if (linked.current) showEntry(linked.current);
          linked.current = null;
        }}
      >
        {open &&
          (entries ? (
            <SelfAnalysisBody
              onClose={() => onOpenChange(false)}
              onInsert={insert}
              onOpenEntry={openEntry}
              entries={entries}
            />
          ) : (
            <SelfAnalysisForUserEntries onClose={() => onOpenChange(false)} onInsert={insert} onOpenEntry={openEntry} />
          ))}
      </DialogContent>
    </Dialog>
  );
}

interface BodyProps {
  onClose: () => void;
  onInsert: (text: string) => void;
  /** A claim's cited entry was chosen: close, then show it in Previous Entries. */
  onOpenEntry: (entryId: string) => void;
}

/** Without an `entries` prop: the user's entries (useEntries); analysis starts once they are loaded. */
function SelfAnalysisForUserEntries(props: BodyProps) {
  const loaded = useEntries();
  if (loaded.isPending) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Self Analysis</DialogTitle>
          <DialogDescription>Patterns, links and growth themes across your recent journal entries.</DialogDescription>
        </DialogHeader>
        <p role="status" className="py-12 text-center text-muted-foreground">
          {SELF_ANALYSIS_LOADING}
        </p>
      </>
    );
  }
  return <SelfAnalysisBody {...props} entries={loaded.data ?? []} />;
}

function SelfAnalysisBody({ onClose, onInsert, onOpenEntry, entries }: BodyProps & { entries: Entry[] }) {
  const enough = entries.length >= SELF_ANALYSIS_MIN_ENTRIES;
  // The query key compares ids by value, so a refetched list with the same ids keeps the analysis.
  const entryIds = entries.slice(0, SELF_ANALYSIS_MAX_ENTRIES).map((e) => e.id);
  const analysis = useSelfAnalysis(entryIds, enough);
  const loading = enough && analysis.isFetching;
  const failed = enough && analysis.isError && !loading;
  const showSamples = !loading && !failed && (!enough || isEmpty(analysis.data));
  const data: SelfAnalysis | undefined = showSamples ? SAMPLE_ANALYSIS : analysis.data;
  // The real analysis's notes (what it could not show and why), also beside the examples.
  const notes = (enough && !loading && !failed && analysis.data?.notes) || [];

  const [tab, setTab] = useState<TabKey>(FIRST_TAB);
  // null = "not chosen yet": the first item of the first tab is chosen automatically.
  const [chosen, setChosen] = useState<{ tab: TabKey; index: number } | null>(null);
  const [cleared, setCleared] = useState(false);
  const selection = chosen ?? (cleared ? null : { tab: FIRST_TAB, index: 0 });
  const items = data?.[tab] ?? [];
  const selected = selection && selection.tab === tab ? (data?.[selection.tab][selection.index] ?? null) : null;

  function changeTab(next: string) {
    setTab(next as TabKey);
    setChosen(null);
    setCleared(true);
  }

  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Self Analysis</DialogTitle>
        <DialogDescription>Patterns, links and growth themes across your recent journal entries.</DialogDescription>
      </DialogHeader>

      {loading ? (
        <p role="status" className="py-12 text-center text-muted-foreground">
          {SELF_ANALYSIS_LOADING}
        </p>
      ) : failed ? (
        <div className="grid justify-items-center gap-4 py-10 text-center">
          <p role="alert" className="text-destructive">
            {SELF_ANALYSIS_ERROR}
          </p>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </div>
      ) : (
        <>
          {showSamples && (
            <div className="grid gap-1 rounded-md border border-dashed p-3 text-sm">
              {!enough && <p>{SELF_ANALYSIS_MIN_MESSAGE}</p>}
              <p className="text-muted-foreground">
                <Badge variant="secondary">Examples</Badge> The themes below are examples of what an analysis can show.
              </p>
            </div>
          )}
          {notes.length > 0 && (
            <ul aria-label={NOTES_LABEL} className="grid gap-1 text-sm text-muted-foreground">
              {notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
          <Tabs value={tab} onValueChange={changeTab}>
            <TabsList className="w-full">
              {TABS.map(({ key, label }) => (
                <TabsTrigger key={key} value={key}>
                  {label}
                </TabsTrigger>
              ))}
            </TabsList>
          </Tabs>
          <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <ScrollArea className="h-80 rounded-md border">
              {items.length === 0 ? (
                <p className="p-4 text-sm text-muted-foreground">{TABS.find((t) => t.key === tab)?.empty}</p>
              ) : (
                <ul aria-label="Themes" className="grid gap-1 p-2">
                  {items.map((item, index) => {
                    const active = selected === item;
                    return (
                      <li key={index}>
                        <button
                          type="button"
                          aria-pressed={active}
                          onClick={() => setChosen({ tab, index })}
                          className={cn(
                            "w-full rounded-md p-2 text-left hover:bg-accent",
                            active && "bg-accent ring-1 ring-primary/40",
                          )}
                        >
                          <span className="block font-medium">{item.title}</span>
                          <span className="line-clamp-2 text-sm text-muted-foreground">{item.description}</span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </ScrollArea>
            <ScrollArea className="h-80 rounded-md border">
              {selected ? (
                <section aria-label="Selected theme" className="grid gap-3 p-4">
                  <h3 className="text-lg font-semibold">{selected.title}</h3>
                  {selected.description && <p className="text-sm">{selected.description}</p>}
                  {selected.sources && selected.sources.length > 0 && (
                    <p className="text-xs text-muted-foreground">
                      <span className="font-medium">{SOURCES_LABEL}</span>{" "}
                      {showSamples
                        ? selected.sources.map((source) => source.date).join(", ")
                        : selected.sources.map((source, index) => (
                            <span key={source.id}>
                              {index > 0 && ", "}
                              <button
                                type="button"
                                className="underline underline-offset-2 hover:text-foreground"
                                aria-label={`Open your entry of ${source.date}`}
                                onClick={() => onOpenEntry(source.id)}
                              >
                                {source.date}
                              </button>
                            </span>
                          ))}
                    </p>
                  )}
                  {selected.highlighted.length > 0 && (
                    <div className="grid gap-2">
                      <h4 className="text-sm font-medium">Highlighted Patterns</h4>
                      {selected.highlighted.map((quote, index) => (
                        <blockquote key={index} className="border-l-2 border-primary/40 pl-3 text-sm italic">
                          “{bareQuote(quote)}”
                        </blockquote>
                      ))}
                    </div>
                  )}
                  {selected.prompts.length > 0 && (
                    <div className="grid gap-2">
                      <h4 className="text-sm font-medium">Questions for Deeper Reflection</h4>
                      <ol className="list-decimal space-y-1 pl-5 text-sm">
                        {selected.prompts.map((prompt, index) => (
                          <li key={index}>{prompt}</li>
                        ))}
                      </ol>
                    </div>
                  )}
                </section>
              ) : (
                <p className="p-4 text-sm text-muted-foreground">{SELECT_THEME_MESSAGE}</p>
              )}
            </ScrollArea>
          </div>
        </>
      )}

      {!failed && (
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="secondary" disabled={!enough || loading} onClick={() => void analysis.refetch()}>
            Refresh Analysis
          </Button>
          <Button
            disabled={!selected || loading}
            onClick={() => {
              if (!selected) return;
              onInsert(analysisItemText(selected));
              onClose();
            }}
          >
            Insert into Journal
          </Button>
        </DialogFooter>
      )}
    </div>
  );
}
