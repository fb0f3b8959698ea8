/**
 * Which open tasks are this week's and which are older (spec part 2, section 2 "Tasks page"). The
 * Weekly Focus columns show this week's work: the focus tasks the user chose, and the tasks the
 * analysis found in recent entries. An open task gone stale (moved to later, said long ago, or long
 * past its date) is listed under "Older tasks" instead, where it can still be completed. The server
 * decides which are older (`older`, the window the personal story uses too), so the page, the API
 * and the story agree.
 */
import { activeTasksOf, type Task } from "@/features/tasks/task-text";

/** A domain's tasks for this week, focus tasks first, then the newest. */
export function thisWeekOf(tasks: readonly Task[], domain: string): Task[] {
  return activeTasksOf(tasks, domain).filter((t) => !t.older);
}

/** Every domain's older open tasks in one list, the most recently said first. */
export function olderTasksOf(tasks: readonly Task[]): Task[] {
  return tasks
    .filter((t) => !t.completed && t.older)
    .sort((a, b) => saidDay(b).localeCompare(saidDay(a)) || Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** The day a task was said ("YYYY-MM-DD"): its entry's day, else the day it was added. */
function saidDay(task: Task): string {
  return task.saidOn ?? task.createdAt.slice(0, 10);
}

/** "Dec 1, 2025" for a calendar day "YYYY-MM-DD" (the year only when it is not this one's), or null. */
export function calendarDay(iso: string | null | undefined, now: Date = new Date()): string | null {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  if (!match) return null;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(day.getTime()) || day.getDate() !== Number(match[3])) return null;
  return day.toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    ...(day.getFullYear() === now.getFullYear() ? {} : { year: "numeric" }),
  });
}

/** Where an older task came from and when it was due, for its row: "From your entry of Dec 1, 2025 ·
 * was due Dec 5, 2025". A task added by hand says when it was added. */
export function olderTaskContext(task: Task, now: Date = new Date()): string {
  const said = calendarDay(task.saidOn, now);
  const parts = [said ? `From your entry of ${said}` : `Added ${calendarDay(saidDay(task), now) ?? "earlier"}`];
  const due = calendarDay(task.dueDate, now);
  if (due && task.dueDate) {
    const today = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
      .map((n, i) => String(n).padStart(i === 0 ? 4 : 2, "0"))
      .join("-");
    parts.push(task.dueDate < today ? `was due ${due}` : `due ${due}`);
  }
  return parts.join(" · ");
}
