import { useQuery } from "@tanstack/react-query";

import { CSRF_HEADERS } from "@/lib/api/client";

export const resumeKey = ["resume", "exists"] as const;

/**
 * Whether the user has uploaded a resume: GET /api/resume (spec part 1, section 7). Any failure —
 * a network error, a non-OK status, an `error` field, no content — counts as "no resume".
 */
export async function fetchHasResume(): Promise<boolean> {
  try {
    const response = await fetch(new URL("/api/resume", window.location.origin).toString(), {
      credentials: "include",
      headers: { Accept: "application/json", ...CSRF_HEADERS },
    });
    if (!response.ok) return false;
    const body: unknown = await response.json();
    if (!body || typeof body !== "object" || "error" in body) return false;
    const content = (body as { content?: unknown }).content;
    return typeof content === "string" && content.trim().length > 0;
  } catch {
    return false;
  }
}

export function useHasResume(enabled = true) {
  return useQuery({ queryKey: resumeKey, queryFn: fetchHasResume, enabled });
}
