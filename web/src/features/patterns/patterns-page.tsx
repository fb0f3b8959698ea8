/**
 * Patterns & Self-Exploration at /patterns (spec part 2, sections 2 and 4): search, up to 3
 * Emerging Patterns cards, All Insights newest first with Refresh, and their dialogs.
 */
import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import {
  CompassIcon,
  Loader2Icon,
  PencilIcon,
  PlusIcon,
  RefreshCwIcon,
  SearchIcon,
  SparklesIcon,
  Trash2Icon,
} from "lucide-react";
import { Link } from "react-router";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import {
  AddInsightDialog,
  DeleteInsightDialog,
  EditInsightDialog,
  ExploreDialog,
  GoDeepDialog,
  TRY_AGAIN,
  type ExploreSubject,
} from "@/features/patterns/insight-dialogs";
import { useEntryTotal } from "@/features/journal/queries";
import { patternQueries, useRefreshPatterns } from "@/features/patterns/queries";
import {
  displayPatterns,
  insightTitle,
  matchesSearch,
  type Insight,
  type PatternCardData,
} from "@/features/patterns/themes";
import { toast } from "@/hooks/use-toast";
import { PATTERN_MIN_SHARED_ENTRIES, PATTERNS_MIN_ENTRIES } from "@/lib/constants";

export const EMPTY_TITLE = "No Insights or Patterns Yet";
export const NO_MATCH = "No insights match your search criteria.";
export const NO_INSIGHTS = "No insights found. Insights are extracted from your journal entries.";

const countOf = (n: number) => `${n} ${n === 1 ? "entry" : "entries"}`;

/** Why the patterns screen is empty, for a journal of `total` entries (undefined: not known). */
export function emptyReason(total: number | undefined): string {
  if (total === undefined) return "Keep journaling: patterns appear here once a few entries share a theme.";
  if (total < PATTERNS_MIN_ENTRIES) {
    return `Patterns are looked for once your journal has ${countOf(PATTERNS_MIN_ENTRIES)}. You have written ${
      countOf(total)}: ${PATTERNS_MIN_ENTRIES - total} more to go.`;
  }
  return `A pattern is a theme that comes back in at least ${countOf(PATTERN_MIN_SHARED_ENTRIES)}, and none has yet in your ${
    countOf(total)}: keep journaling, and patterns appear here as your themes recur.`;
}

function formatDate(value: string) {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? ""
    : date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

export function PatternsPage() {
  const patterns = useQuery(patternQueries.patterns());
  const insights = useQuery(patternQueries.insights());
  const refresh = useRefreshPatterns();
  const entryTotal = useEntryTotal();
  const [search, setSearch] = useState("");
  const [adding, setAdding] = useState<PatternCardData | null>(null);
  const [deepening, setDeepening] = useState<PatternCardData | null>(null);
  const [exploring, setExploring] = useState<ExploreSubject | null>(null);
  const [editing, setEditing] = useState<Insight | null>(null);
  const [deleting, setDeleting] = useState<Insight | null>(null);

  const allInsights = useMemo(
    () => [...(insights.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    [insights.data],
  );
  const cards = useMemo(() => displayPatterns(patterns.data ?? [], allInsights), [patterns.data, allInsights]);
  const shown = allInsights.filter((i) => matchesSearch(i, search));

  function startRefresh() {
    refresh.mutate(undefined, {
      onError: () => toast({ title: "Failed to refresh patterns", description: TRY_AGAIN, variant: "destructive" }),
    });
  }

  const refreshButton = (
    <Button variant="outline" size="sm" onClick={startRefresh} disabled={refresh.isPending}>
      {refresh.isPending ? (
        <Loader2Icon className="animate-spin" aria-hidden="true" />
      ) : (
        <RefreshCwIcon aria-hidden="true" />
      )}
      {refresh.isPending ? "Refreshing..." : "Refresh"}
    </Button>
  );

  const loading = patterns.isPending || insights.isPending;
  const empty = !loading && allInsights.length === 0 && (patterns.data ?? []).length === 0;

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-8 px-4 py-8 pb-24 sm:px-6 md:pb-10">
      <header className="space-y-2">
        <h1 className="font-serif text-3xl font-semibold tracking-tight sm:text-4xl">Patterns &amp; Self-Exploration</h1>
        <p className="text-muted-foreground">
          Themes that keep coming back in your journal, and the insights drawn from them.
        </p>
      </header>

      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true" />
        <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)}
          placeholder="Search insights..." aria-label="Search insights" className="pl-9" />
      </div>

      {loading ? (
        <div className="grid gap-4 md:grid-cols-3" aria-label="Loading patterns">
          {[0, 1, 2].map((i) => <Skeleton key={i} className="h-56 rounded-xl" />)}
        </div>
      ) : empty ? (
        <Card className="border-dashed bg-card/60">
          <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
              <SparklesIcon className="size-6" aria-hidden="true" />
            </span>
            <h2 className="text-lg font-medium">{EMPTY_TITLE}</h2>
            <p className="max-w-md text-sm text-muted-foreground">{emptyReason(entryTotal)}</p>
            <div className="flex flex-wrap justify-center gap-2">
              <Button asChild>
                <Link to="/">Go to Journal</Link>
              </Button>
              {refreshButton}
            </div>
          </CardContent>
        </Card>
      ) : (
        <>
          <section aria-labelledby="emerging-patterns" className="space-y-4">
            <h2 id="emerging-patterns" className="text-xl font-semibold">Emerging Patterns</h2>
            <div className="grid gap-4 md:grid-cols-3">
              {cards.map((card) => (
                <PatternCard key={card.id ?? card.name} card={card} search={search}
                  onAdd={() => setAdding(card)} onDeepen={() => setDeepening(card)}
                  onExplore={() => setExploring({ text: `${card.name}. ${card.description}`, type: "pattern",
                    title: card.name })} />
              ))}
            </div>
          </section>

          <section aria-labelledby="all-insights" className="space-y-4">
            <div className="flex items-center justify-between gap-3">
              <h2 id="all-insights" className="text-xl font-semibold">All Insights</h2>
              {refreshButton}
            </div>
            {shown.length === 0 ? (
              <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
                {search.trim() ? NO_MATCH : NO_INSIGHTS}
              </p>
            ) : (
              <ul className="space-y-3">
                {shown.map((insight) => (
                  <li key={insight.id}>
                    <Card className="gap-3 py-4">
                      <CardHeader className="px-4">
                        <CardTitle className="text-base leading-snug">{insightTitle(insight)}</CardTitle>
                        <CardDescription className="flex flex-wrap items-center gap-2">
                          {formatDate(insight.createdAt)}
                          {insight.isAiGenerated ? <Badge variant="secondary">AI</Badge> : null}
                        </CardDescription>
                      </CardHeader>
                      <CardContent className="px-4 text-sm leading-relaxed text-muted-foreground">
                        {insight.text}
                      </CardContent>
                      <CardFooter className="flex flex-wrap gap-2 px-4">
                        <Button variant="ghost" size="sm" onClick={() => setEditing(insight)}
                          aria-label={`Edit insight: ${insightTitle(insight)}`}>
                          <PencilIcon aria-hidden="true" /> Edit
                        </Button>
                        <Button variant="ghost" size="sm" onClick={() => setExploring({ text: insight.text,
                          type: "insight", title: insightTitle(insight) })}
                          aria-label={`Explore further: ${insightTitle(insight)}`}>
                          <CompassIcon aria-hidden="true" /> Explore
                        </Button>
                        <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive"
                          onClick={() => setDeleting(insight)} aria-label={`Delete insight: ${insightTitle(insight)}`}>
                          <Trash2Icon aria-hidden="true" /> Delete
                        </Button>
                      </CardFooter>
                    </Card>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}

      <AddInsightDialog pattern={adding} onClose={() => setAdding(null)} />
      <GoDeepDialog pattern={deepening} onClose={() => setDeepening(null)} />
      <ExploreDialog subject={exploring} onClose={() => setExploring(null)} />
      <EditInsightDialog insight={editing} onClose={() => setEditing(null)} />
      <DeleteInsightDialog insight={deleting} onClose={() => setDeleting(null)} />
    </main>
  );
}

interface PatternCardProps {
  card: PatternCardData;
  search: string;
  onAdd: () => void;
  onDeepen: () => void;
  onExplore: () => void;
}

function PatternCard({ card, search, onAdd, onDeepen, onExplore }: PatternCardProps) {
  const items = card.insights.filter((i) => matchesSearch(i, search));
  return (
    <Card className="gap-4" data-testid="pattern-card">
      <CardHeader>
        <CardTitle className="text-lg">{card.name}</CardTitle>
        <CardDescription>{card.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{NO_MATCH}</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {items.map((insight) => (
              <li key={insight.id} className="flex gap-2" title={insight.text}>
                <span className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" aria-hidden="true" />
                <span>{insightTitle(insight)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {card.id ? (
          <>
            <Button size="sm" variant="outline" onClick={onAdd} aria-label={`Add insight to ${card.name}`}>
              <PlusIcon aria-hidden="true" /> Add
            </Button>
            <Button size="sm" onClick={onDeepen} aria-label={`Go deep into ${card.name}`}>
              <SparklesIcon aria-hidden="true" /> Go Deep
            </Button>
          </>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onExplore} aria-label={`Explore further: ${card.name}`}>
          <CompassIcon aria-hidden="true" /> Explore Further
        </Button>
      </CardFooter>
    </Card>
  );
}
