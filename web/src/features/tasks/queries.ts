/**
 * Server state of the Tasks screen: the task list (polled every 30 s, fresh for 15 s, spec part 2
 * section 7) and the mutations that change it. The list shares its key with the journal's, so a
 * change here shows there too.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { journalKeys } from "@/features/journal/queries";
import { api, type Schemas } from "@/lib/api/client";
import { TASKS_POLL_MS, TASKS_STALE_MS } from "@/lib/constants";

export const taskQueries = {
  list: () =>
    queryOptions({
      queryKey: journalKeys.tasks,
      queryFn: async () => (await api.GET("/api/tasks")).data ?? [],
      refetchInterval: TASKS_POLL_MS,
      staleTime: TASKS_STALE_MS,
      refetchOnWindowFocus: false,
    }),
};

export function useTaskList() {
  return useQuery(taskQueries.list());
}

function useRefreshTasks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: journalKeys.tasks });
}

/** POST /api/tasks-ai/weekly-focus: a suggestion for the domain, added as its Weekly Focus task. */
export function useGenerateWeeklyFocus() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: async (domain: string): Promise<Schemas["WeeklyFocusOut"]> =>
      (await api.POST("/api/tasks-ai/weekly-focus", { body: { domain, add: true } })).data!,
    onSettled: () => void refresh(),
  });
}

/** PATCH /api/tasks/{id}/complete with the toggled value. */
export function useSetTaskCompleted() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: async ({ id, completed }: { id: string; completed: boolean }) =>
      (await api.PATCH("/api/tasks/{task_id}/complete", { params: { path: { task_id: id } }, body: { completed } }))
        .data!,
    onSettled: () => void refresh(),
  });
}

/** DELETE /api/tasks/{id} (offered only on completed tasks). */
export function useDeleteTask() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.DELETE("/api/tasks/{task_id}", { params: { path: { task_id: id } } })).data!,
    onSettled: () => void refresh(),
  });
}

/** POST /api/tasks-ai/quick-tasks (premium): three quick tasks for today from the journal, added at
 * once (timeframe today, selected: they join the columns with a Today badge). */
export function useGenerateQuickTasks() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: async (): Promise<Schemas["QuickTasksOut"]> => (await api.POST("/api/tasks-ai/quick-tasks")).data!,
    onSettled: () => void refresh(),
  });
}
