/** Server state of the patterns screen: queryOptions on the typed client, mutations invalidate. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";

import { journalKeys } from "@/features/journal/queries";
import { api, type Schemas } from "@/lib/api/client";
import { PATTERN_REFRESH_POLL_MS, PATTERNS_STALE_MS } from "@/lib/constants";

export const patternKeys = {
  patterns: ["patterns"] as const,
  insights: ["insights"] as const,
};

/** GET /insights and /patterns: stale after 5 minutes; on failure an empty list (spec section 7). */
export const patternQueries = {
  patterns: () =>
    queryOptions({
      queryKey: patternKeys.patterns,
      queryFn: async () => {
        try {
          return (await api.GET("/api/patterns")).data ?? [];
        } catch {
          return [];
        }
      },
      staleTime: PATTERNS_STALE_MS,
    }),
  insights: () =>
    queryOptions({
      queryKey: patternKeys.insights,
      queryFn: async () => {
        try {
          return (await api.GET("/api/insights")).data ?? [];
        } catch {
          return [];
        }
      },
      staleTime: PATTERNS_STALE_MS,
    }),
};

function useInvalidatePatterns() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [patternKeys.patterns, patternKeys.insights, journalKeys.entries].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useAddInsight() {
  const invalidate = useInvalidatePatterns();
  return useMutation({
    mutationFn: async (body: Schemas["InsightIn"]) => (await api.POST("/api/insights", { body })).data!,
    onSuccess: () => void invalidate(),
  });
}

export function useUpdateInsight() {
  const invalidate = useInvalidatePatterns();
  return useMutation({
    mutationFn: async ({ id, text }: { id: string; text: string }) =>
      (await api.PATCH("/api/insights/{insight_id}/text", { params: { path: { insight_id: id } }, body: { text } }))
        .data!,
    onSuccess: () => void invalidate(),
  });
}

export function useDeleteInsight() {
  const invalidate = useInvalidatePatterns();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.DELETE("/api/insights/{insight_id}", { params: { path: { insight_id: id } } })).data!,
    onSuccess: () => void invalidate(),
  });
}

export async function generateInsight(patternId: string, insights: string[]) {
  return (await api.POST("/api/ai/generate-insight", { body: { patternId, insights } })).data!;
}

export async function findResources(text: string, type: "insight" | "pattern") {
  return (await api.POST("/api/ai/find-resources", { body: { text, type } })).data!.resources;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Refresh: start the pattern-clustering run (the API answers at once), wait for it, then re-read. */
export function useRefreshPatterns() {
  const invalidate = useInvalidatePatterns();
  return useMutation({
    mutationFn: async () => {
      let run = (await api.POST("/api/patterns/refresh")).data!;
      while (run.state === "scheduled" || run.state === "running") {
        await sleep(PATTERN_REFRESH_POLL_MS);
        run = (await api.GET("/api/patterns/refresh/{run_id}", { params: { path: { run_id: run.runId } } })).data!;
      }
      if (run.state === "failed") throw new Error("The pattern refresh failed");
      return run;
    },
    onSettled: () => void invalidate(),
  });
}
