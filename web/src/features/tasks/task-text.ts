/** How the Tasks screen reads a task (spec part 2, sections 3 and 9). */
import type { Schemas } from "@/lib/api/client";

export type Task = Schemas["TaskOut"];

/** Words whose '.' does not end a sentence ("Email Dr. Patel", "e.g. the bank"): the server's sentence
 * splitter does not end a sentence after them either. */
const ABBREVIATION = /(?:^|[\s("'])(?:mr|mrs|ms|dr|prof|st|vs|etc|[a-z]|(?:[a-z]\.)+[a-z])$/i;

/** 'headline. detail': the part before the first '. ' that ends a sentence is the headline, the rest
 * the detail. */
export function splitTaskText(text: string): { headline: string; detail: string } {
  for (let at = text.indexOf(". "); at >= 0; at = text.indexOf(". ", at + 2)) {
    if (!ABBREVIATION.test(text.slice(0, at))) {
      return { headline: text.slice(0, at).trim(), detail: text.slice(at + 2).trim() };
    }
  }
  return { headline: text.trim(), detail: "" };
}

/** Quick tasks (timeframe today) show '20 minutes or less' as '10 minutes or less'. */
export function displayEstimatedTime(task: Pick<Task, "timeframe" | "estimatedTime">): string | null {
  if (!task.estimatedTime) return null;
  if (task.timeframe === "today" && task.estimatedTime === "20 minutes or less") return "10 minutes or less";
  return task.estimatedTime;
}

/** Completed tasks, newest completion first; those without a date last. */
export function completedNewestFirst(tasks: readonly Task[]): Task[] {
  return tasks
    .filter((t) => t.completed)
    .sort((a, b) => (b.completedAt ? Date.parse(b.completedAt) : 0) - (a.completedAt ? Date.parse(a.completedAt) : 0));
}

/** When a task was completed, or 'recently' when no date is known. */
export function completedLabel(completedAt: string | null | undefined): string {
  if (!completedAt) return "recently";
  const when = new Date(completedAt);
  if (Number.isNaN(when.getTime())) return "recently";
  return when.toLocaleDateString(undefined, { month: "short", day: "numeric", year: "numeric" });
}

/** A task's due day ("YYYY-MM-DD", a calendar day, no time zone) as the card shows it: "Due today",
 * "Due tomorrow", "Due Thu, Nov 27" (with the year when it is not this year's), or "Overdue · Thu, Nov 20"
 * for an open task whose day has passed. Null without a (valid) due date. */
export function dueLabel(
  dueDate: string | null | undefined,
  now: Date = new Date(),
): { text: string; overdue: boolean; iso: string } | null {
  const match = dueDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(dueDate) : null;
  if (!match) return null;
  const due = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(due.getTime()) || due.getDate() !== Number(match[3])) return null;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const days = Math.round((due.getTime() - today.getTime()) / 86_400_000);
  const day = due.toLocaleDateString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    ...(due.getFullYear() === today.getFullYear() ? {} : { year: "numeric" }),
  });
  const iso = dueDate as string;
  if (days < 0) return { text: `Overdue · ${day}`, overdue: true, iso };
  if (days === 0) return { text: "Due today", overdue: false, iso };
  if (days === 1) return { text: "Due tomorrow", overdue: false, iso };
  return { text: `Due ${day}`, overdue: false, iso };
}

export function domainLabel(domain: string): string {
  return domain.charAt(0).toUpperCase() + domain.slice(1);
}

/** A domain's active tasks: its focus tasks (selected) first, then the rest, newest first. */
export function activeTasksOf(tasks: readonly Task[], domain: string): Task[] {
  return tasks
    .filter((t) => !t.completed && t.type === domain)
    .sort(
      (a, b) => Number(b.isSelected) - Number(a.isSelected) || Date.parse(b.createdAt) - Date.parse(a.createdAt),
    );
}
