/**
 * Server state of the journal, in one place: query keys and the TanStack Query hooks every
 * journal screen uses (no hand-rolled fetch caches). Mutations refresh what they change.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { api, type Schemas } from "@/lib/api/client";

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
};

/** While any entry is still being analysed, poll so mood, summary and tasks appear on their own. */
const ANALYSIS_POLL_MS = 1500;

export function useEntries() {
  return useQuery({
    queryKey: journalKeys.entries,
    queryFn: async () => (await api.GET("/api/journal")).data ?? [],
    refetchInterval: (query) =>
      (query.state.data ?? []).some((e) => e.analysis.state === "pending" || e.analysis.state === "running")
        ? ANALYSIS_POLL_MS
        : false,
  });
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

export function useProfile() {
  return useQuery({
    queryKey: journalKeys.profile,
    queryFn: async () => (await api.GET("/api/profile")).data ?? null,
  });
}

/** Everything the analysis of an entry can change. */
export function useRefreshJournal() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [journalKeys.entries, journalKeys.tasks, journalKeys.projects, journalKeys.goals, journalKeys.profile].map(
        (queryKey) => queryClient.invalidateQueries({ queryKey }),
      ),
    );
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

export function useDeleteEntry() {
  const refresh = useRefreshJournal();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.DELETE("/api/journal/{entry_id}", { params: { path: { entry_id: id } } })).data!,
    onSuccess: () => void refresh(),
  });
}
