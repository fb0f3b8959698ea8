/**
 * Server state of the journal, in one place: query keys and the TanStack Query hooks every
 * journal screen uses (no hand-rolled fetch caches). Mutations refresh what they change.
 */
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";

import { useEffect, useState } from "react";

import { api, type Schemas } from "@/lib/api/client";
import { ENTRIES_MAX_PAGE_SIZE, ENTRIES_PAGE_SIZE, ENTRY_SEARCH_LIMIT, JOURNAL_STATS_STALE_MS } from "@/lib/constants";

export type Entry = Schemas["EntryOut"];
export type Task = Schemas["TaskOut"];
export type Project = Schemas["ProjectOut"];
export type Goal = Schemas["GoalOut"];
export type Profile = Schemas["ProfileOut"];

export const journalKeys = {
  entries: ["journal", "entries"] as const,
  tasks: ["journal", "tasks"] as const,
  projects: ["journal", "projects"] as const,
  goals: ["journal", "goals"] as const,
  profile: ["journal", "profile"] as const,
  search: (q: string) => ["journal", "search", q] as const,
  stats: (today: string) => ["journal", "stats", today] as const,
};

/** While any entry is still being analysed, poll so mood, summary and tasks appear on their own. */
const ANALYSIS_POLL_MS = 1500;
const UNWRITTEN_STORY_POLL_MS = 3000;

/** One page of GET /api/journal: its entries, the journal's total (X-Total-Count) and the cursor of
 * the next page (X-Next-Cursor; null on the last page). */
export interface EntriesPage {
  entries: Entry[];
  total: number;
  next: string | null;
}

export async function fetchEntriesPage(before?: string | null, limit = ENTRIES_PAGE_SIZE): Promise<EntriesPage> {
  const { data, response } = await api.GET("/api/journal", {
    params: { query: before ? { limit, before } : { limit } },
  });
  const entries = data ?? [];
  const total = Number(response.headers.get("X-Total-Count") ?? Number.NaN);
  return {
    entries,
    total: Number.isFinite(total) ? total : entries.length,
    next: response.headers.get("X-Next-Cursor") || null,
  };
}

/** Every entry, page by page at the largest page size (the CSV export). */
export async function fetchAllEntries(): Promise<Entry[]> {
  const all: Entry[] = [];
  let before: string | null = null;
  do {
    const page: EntriesPage = await fetchEntriesPage(before, ENTRIES_MAX_PAGE_SIZE);
    all.push(...page.entries);
    before = page.next;
  } while (before);
  return all;
}

const analysing = (e: Entry) => e.analysis.state === "pending" || e.analysis.state === "running";

/** The entries, newest first, a page at a time (Previous Entries asks for more as it scrolls). A
 * refetch re-reads the pages loaded so far; the browser revalidates each with its ETag. */
export const entriesQuery = infiniteQueryOptions({
  queryKey: journalKeys.entries,
  queryFn: ({ pageParam }) => fetchEntriesPage(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last: EntriesPage) => last.next,
  refetchInterval: (query) =>
    (query.state.data?.pages ?? []).some((page) => page.entries.some(analysing)) ? ANALYSIS_POLL_MS : false,
});

// Module-level selectors: a stable function keeps its result (the same array) until the data
// changes, so effects that depend on the entries do not run on every render.
const loadedEntries = (data: InfiniteData<EntriesPage, string | null>) => data.pages.flatMap((page) => page.entries);
const entryTotal = (data: InfiniteData<EntriesPage, string | null>) => data.pages[0]?.total ?? 0;

/** The entries loaded so far (the newest page first; more once Previous Entries has scrolled). */
export function useEntries() {
  return useInfiniteQuery({ ...entriesQuery, select: loadedEntries });
}

/** How many entries the journal has in all (X-Total-Count), once the first page is in. */
export function useEntryTotal(): number | undefined {
  return useInfiniteQuery({ ...entriesQuery, select: entryTotal }).data;
}

export function useTasks() {
  return useQuery({ queryKey: journalKeys.tasks, queryFn: async () => (await api.GET("/api/tasks")).data ?? [] });
}

export function useProjects() {
  return useQuery({
    queryKey: journalKeys.projects,
    queryFn: async () => (await api.GET("/api/projects")).data ?? [],
  });
}

export function useGoals() {
  return useQuery({ queryKey: journalKeys.goals, queryFn: async () => (await api.GET("/api/goals")).data ?? [] });
}

/** Unlocked, and never written yet: the story is written after the entries that unlocked it are
 * analysed, a few seconds later; until then it is on its way, not failed. */
export function storyNotYetWritten(
  profile: { shortSummary: string; fullProfile: string; updatedAt?: string | null; unlocked?: boolean } | null,
): boolean {
  return (
    !!profile &&
    profile.unlocked !== false &&
    !profile.updatedAt &&
    !profile.shortSummary.trim() &&
    !profile.fullProfile.trim()
  );
}

export function useProfile() {
  return useQuery({
    queryKey: journalKeys.profile,
    queryFn: async () => (await api.GET("/api/profile")).data ?? null,
    // Unlocked but not written yet: it is being written; read it again until it is there.
    refetchInterval: (query) => (storyNotYetWritten(query.state.data ?? null) ? UNWRITTEN_STORY_POLL_MS : false),
  });
}

/** What is drawn from the entries besides the journal's own lists: the patterns and insights (the
 * patterns screen's keys, features/patterns/queries.ts) and the Self Analysis of any set of entries.
 * An entry's edit or deletion changes them at once on the server. */
export const derivedKeys = {
  patterns: ["patterns"] as const,
  insights: ["insights"] as const,
  selfAnalysis: ["journal", "self-analysis"] as const,
};

function invalidateAll(queryClient: QueryClient, keys: readonly (readonly unknown[])[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Everything the analysis of an entry can change. */
export function useRefreshJournal() {
  const queryClient = useQueryClient();
  return () =>
    invalidateAll(queryClient, [
      journalKeys.entries, journalKeys.tasks, journalKeys.projects, journalKeys.goals, journalKeys.profile,
      ["journal", "stats"], derivedKeys.patterns, derivedKeys.insights, derivedKeys.selfAnalysis,
    ]);
}

export function useCreateEntry() {
  const refresh = useRefreshJournal();
  return useMutation({
    mutationFn: async (body: Schemas["EntryCreate"]) => (await api.POST("/api/journal", { body })).data!,
    onSuccess: () => void refresh(),
  });
}

export function useUpdateEntry() {
  const refresh = useRefreshJournal();
  return useMutation({
    mutationFn: async ({ id, ...body }: Schemas["EntryUpdate"] & { id: string }) =>
      (await api.PATCH("/api/journal/{entry_id}", { params: { path: { entry_id: id } }, body })).data!,
    onSuccess: () => void refresh(),
  });
}

/** Analyse again an entry whose analysis failed (the entry list's Retry). */
export function useRetryAnalysis() {
  const refresh = useRefreshJournal();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.POST("/api/journal/{entry_id}/analysis", { params: { path: { entry_id: id } } })).data!,
    onSettled: () => void refresh(),
  });
}

/** How often, and how long, the personal story's rewrite after a delete is checked for. */
const STORY_POLL_MS = 1000;
const STORY_POLL_LIMIT = 90;

export function useDeleteEntry() {
  const refresh = useRefreshJournal();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.DELETE("/api/journal/{entry_id}", { params: { path: { entry_id: id } } })).data!,
    onSuccess: (deleted) => {
      void refresh();
      // The server rewrites the personal story and rebuilds the patterns without the entry (what
      // quoted it went at once): show the new ones once they are done.
      const runId = deleted?.profileRunId;
      if (runId) void followStoryRewrite(runId, () => queryClient.invalidateQueries({ queryKey: journalKeys.profile }));
      const patternsRun = deleted?.patternsRunId;
      if (patternsRun) {
        void followPatternRebuild(patternsRun, () =>
          invalidateAll(queryClient, [derivedKeys.patterns, derivedKeys.insights, journalKeys.entries]),
        );
      }
    },
  });
}

/** Waits for the personal story's rewrite (run `runId`), then calls `done`, whatever the outcome. */
export async function followStoryRewrite(runId: string, done: () => Promise<unknown>): Promise<void> {
  await storyRewriteOutcome(runId).catch(() => undefined);
  await done();
}

/** Waits for a rebuild of the patterns (GET /api/patterns/refresh/{runId}), then calls `done`. */
async function followPatternRebuild(runId: string, done: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < STORY_POLL_LIMIT; i++) {
    const { data } = await api
      .GET("/api/patterns/refresh/{run_id}", { params: { path: { run_id: runId } } })
      .catch(() => ({ data: undefined }));
    if (!data || data.state === "failed" || data.state === "completed") break;
    await new Promise((resolve) => setTimeout(resolve, STORY_POLL_MS));
  }
  await done();
}

/** Polls a personal-story rewrite (GET /api/profile/regenerate/{runId}) until it ends: true when it
 * completed, false when it failed or could not be followed. */
async function storyRewriteOutcome(runId: string): Promise<boolean> {
  for (let i = 0; i < STORY_POLL_LIMIT; i++) {
    const { data } = await api.GET("/api/profile/regenerate/{run_id}", { params: { path: { run_id: runId } } });
    if (!data || data.state === "failed") return false;
    if (data.state === "completed") return true;
    await new Promise((resolve) => setTimeout(resolve, STORY_POLL_MS));
  }
  return false;
}

/** GET /api/journal/stats: the calendar, mood trend, weekday pattern and writing streak, for the
 * writer's own "today". */
export function useJournalStats() {
  const today = useLocalToday();
  return useQuery({
    queryKey: journalKeys.stats(today),
    queryFn: async () => (await api.GET("/api/journal/stats", { params: { query: { today } } })).data!,
    staleTime: JOURNAL_STATS_STALE_MS,
  });
}

/** The local calendar day (YYYY-MM-DD), following the clock: a page left open over midnight moves
 * on to the new day (a timer for the next midnight, and a look at the clock whenever the tab is
 * shown again, since background tabs' timers are slowed down or stopped). */
export function useLocalToday(): string {
  const [today, setToday] = useState(() => localIsoDate(new Date()));
  useEffect(() => {
    const check = () => setToday(localIsoDate(new Date()));
    const now = new Date();
    const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    const timer = window.setTimeout(check, midnight.getTime() - now.getTime() + 1000);
    const onVisible = () => {
      if (document.visibilityState === "visible") check();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", check);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", check);
    };
  }, [today]);
  return today;
}

/** YYYY-MM-DD of the local calendar day. */
export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** POST /api/profile/regenerate: rebuilds the personal story from all entries, then refreshes the
 * journal data. A response without success counts as a failure. */
export function useRegenerateProfile() {
  const refresh = useRefreshJournal();
  return useMutation({
    mutationFn: async () => {
      const data = (await api.POST("/api/profile/regenerate")).data;
      if (!data?.success) throw new Error("Profile regeneration failed");
      // The server answers at once (202) and rewrites the story in the background: the toast and
      // the refreshed story wait for the rewrite to finish.
      if (data.state !== "completed" && !(await storyRewriteOutcome(data.runId))) {
        throw new Error("Profile regeneration failed");
      }
      return data;
    },
    onSuccess: () => void refresh(),
  });
}

// --- Previous Entries list and the journal dialogs (search, chat, Self Analysis, therapist report) ---

export type SearchHit = Schemas["SearchHit"];

/** GET /api/journal/search?q=: the server reads date phrases ("last week") itself. Off for a blank
 * query. Asks for ENTRY_SEARCH_LIMIT results, so a word in 15 entries finds all 15. */
export function useSearchEntries(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: journalKeys.search(query),
    queryFn: async () =>
      (await api.GET("/api/journal/search", { params: { query: { q: query, limit: ENTRY_SEARCH_LIMIT } } })).data
        ?.results ?? [],
    enabled: query.length > 0,
    staleTime: 0,
  });
}

/** POST /api/journal/{id}/chat with a message; answers {success, response}. */
export function useChatWithEntry() {
  return useMutation({
    mutationFn: async ({ id, message }: { id: string; message: string }) =>
      (await api.POST("/api/journal/{entry_id}/chat", { params: { path: { entry_id: id } }, body: { message } })).data!,
  });
}

/** One theme of the Self Analysis (spec section 3, "Analysis result"). */
export type AnalysisItem = Schemas["AnalysisItem"];
export type SelfAnalysis = Schemas["SelfAnalysis"];

/** The internal error when the server answers without an analysis. */
export const NO_ANALYSIS_DATA = "No analysis data returned";

/** A theme with a blank title is shown as 'Theme N'. */
function titled(items: AnalysisItem[]): AnalysisItem[] {
  return items.map((item, index) => (item.title.trim() ? item : { ...item, title: `Theme ${index + 1}` }));
}

/** The Self Analysis of a generate-summary answer; throws NO_ANALYSIS_DATA when it has none. */
export function selfAnalysisOf(data: Schemas["GenerateSummaryOut"] | undefined): SelfAnalysis {
  const analysis = data?.analysis;
  if (!analysis) throw new Error(NO_ANALYSIS_DATA);
  return {
    patterns: titled(analysis.patterns),
    connections: titled(analysis.connections),
    growth: titled(analysis.growth),
    reflections: titled(analysis.reflections),
    // What the analysis could not show and why ("Growth ... needs at least 4 analysed entries").
    notes: analysis.notes ?? [],
  };
}

/** POST /api/openai/generate-summary with entryIds: the Self Analysis. Runs while `enabled`. */
export function useSelfAnalysis(entryIds: string[], enabled: boolean) {
  return useQuery({
    queryKey: ["journal", "self-analysis", entryIds] as const,
    queryFn: async () =>
      selfAnalysisOf((await api.POST("/api/openai/generate-summary", { body: { entryIds } })).data),
    enabled: enabled && entryIds.length > 0,
  });
}

export interface TherapistReportInput {
  /** ISO date-time strings. */
  startDate: string;
  endDate: string;
  therapistEmail: string;
}

export interface TherapistReportResult {
  success?: boolean;
  message?: string;
  error?: string;
}

/** The server's text in an error body: `error`, else `detail`, else `message`. */
export function serverErrorText(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ["error", "detail", "message"]) {
    const value = record[key];
    if (typeof value === "string" && value.trim()) return value;
  }
  return undefined;
}

/** POST /api/journal/therapist-report; non-OK answers throw ApiError, an empty answer is a success. */
export function useTherapistReport() {
  return useMutation({
    mutationFn: async (body: TherapistReportInput): Promise<TherapistReportResult> =>
      (await api.POST("/api/journal/therapist-report", { body })).data ?? { success: true },
  });
}

export type InsightPrompt = Schemas["InsightPrompt"];

/** The editor's autosave variant: content and generateSummary, sent with a no-cache header.
 * Only the entries are re-read (the rest changes when analysis finishes). */
export function useAutosaveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, content, generateSummary }: { id: string; content: string; generateSummary: boolean }) =>
      (
        await api.PATCH("/api/journal/{entry_id}", {
          params: { path: { entry_id: id } },
          body: { content, generateSummary },
          headers: { "Cache-Control": "no-cache" },
        })
      ).data!,
    // A new text takes back, on the server, the pattern insights and story quotes of the old one.
    onSuccess: () =>
      void invalidateAll(queryClient, [journalKeys.entries, derivedKeys.patterns, derivedKeys.insights, derivedKeys.selfAnalysis]),
  });
}

/** POST /api/openai/real-time-prompts: prompts for the text being written. */
export function useRealTimePrompts() {
  return useMutation({
    mutationFn: async (body: Schemas["PromptsIn"]): Promise<InsightPrompt[]> =>
      (await api.POST("/api/openai/real-time-prompts", { body })).data?.prompts ?? [],
  });
}

/** POST /api/openai/ask-help: an answer drawn from the journal. */
export function useAskHelp() {
  return useMutation({
    mutationFn: async (body: Schemas["AskHelpIn"]) => {
      const answer = (await api.POST("/api/openai/ask-help", { body })).data?.response;
      if (!answer) throw new Error("No answer");
      return answer;
    },
  });
}

export const insightKeys = { all: ["insights"] as const };

/** POST /api/insights (the free plan allows FREE_INSIGHTS_PER_WEEK a week; the server answers 429 past it). */
export function useSaveInsight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas["InsightIn"]) => (await api.POST("/api/insights", { body })).data!,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: insightKeys.all }),
  });
}
