import { useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api/client";

export const resumeKey = ["resume", "exists"] as const;

/**
 * Whether the user has uploaded a resume: GET /api/resume (spec part 1, section 7). Any failure —
 * a network error, a non-OK status, an `error` field, no content — counts as "no resume".
 */
export async function fetchHasResume(): Promise<boolean> {
  try {
    const { data } = await api.GET("/api/resume");
    if (!data || data.error != null) return false;
    return typeof data.content === "string" && data.content.trim().length > 0;
  } catch {
    return false;
  }
}

export function useHasResume(enabled = true) {
  return useQuery({ queryKey: resumeKey, queryFn: fetchHasResume, enabled });
}
