/** The Tasks screen's user-visible texts (spec part 2, sections 2, 4, 5 and 8), verbatim. */
import { ApiError } from "@/lib/api/client";

export const TASKS_SUBTITLE = "Focus on what matters to you across all areas of your life.";
export const NO_ACTIVE_TASKS = "No active tasks";
export const ALL_WEEKLY_DONE = "All weekly tasks completed! Generate new weekly focus tasks when you're ready.";
export const TASK_ADDED = "Task added";
export const TASK_COMPLETED = "Task Completed";
export const TASK_REOPENED = "Task Reopened";
export const TASK_DELETED = "Task Deleted";
export const ERROR_TITLE = "Error";
export const ADD_FAILED = "There was an error adding the task";
export const UPDATE_FAILED = "Failed to update task. Please try again.";
export const DELETE_FAILED = "Failed to delete task. Please try again.";
export const GENERATION_LIMIT_TITLE = "Weekly generation limit reached";

/** What a failed call should say: the server's limit texts (409 title/description, 429 message),
 * else the spec's fallback for the action. */
export function failureToast(error: unknown, fallback: string): { title: string; description: string } {
  if (error instanceof ApiError && error.body && typeof error.body === "object") {
    const body = error.body as Record<string, unknown>;
    if (error.status === 409 && typeof body.title === "string" && typeof body.description === "string") {
      return { title: body.title, description: body.description };
    }
    if (error.status === 429 && typeof body.error === "string") {
      return { title: GENERATION_LIMIT_TITLE, description: body.error };
    }
  }
  return { title: ERROR_TITLE, description: fallback };
}
