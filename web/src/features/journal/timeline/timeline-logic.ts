/**
 * Pure helpers of "Your journal over time": the month grid of the calendar, mood colours and the
 * mood trend's scale. The figures themselves come from the server (GET /api/journal/stats).
 */
import type { Schemas } from "@/lib/api/client";

export type JournalStats = Schemas["JournalStats"];
export type DayMood = Schemas["DayMood"];
export type MoodPeriod = Schemas["MoodPeriod"];

/** The mood scale of the server (models/constants.py MOOD_SCORE): 0 low to 3 bright. */
export const SCORE_LABELS = ["Low", "Strained", "Steady", "Bright"] as const;
export const MAX_SCORE = 3;

/** One colour per mood, the same as the therapist report's chart. */
export const MOOD_COLOURS: Record<string, string> = {
  Happy: "#E0A526",
  Loving: "#D2698A",
  Neutral: "#8C96A0",
  Tired: "#7A86B8",
  Anxious: "#B58AC9",
  Sad: "#4F7CAC",
  Angry: "#C0574F",
};

export const WEEKDAY_INITIALS = ["M", "T", "W", "T", "F", "S", "S"] as const;

/** YYYY-MM-DD of a local calendar day. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A local date from YYYY-MM-DD. */
export function parseIsoDay(value: string): Date {
  const [year, month, day] = value.split("-").map(Number);
  return new Date(year!, month! - 1, day!);
}

/** The weeks of a month's calendar, Monday first; days outside the month are null. */
export function monthGrid(year: number, month: number): (Date | null)[][] {
  const first = new Date(year, month, 1);
  const days = new Date(year, month + 1, 0).getDate();
  const lead = (first.getDay() + 6) % 7; // Monday = 0
  const cells: (Date | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: days }, (_, i) => new Date(year, month, i + 1)),
  ];
  while (cells.length % 7) cells.push(null);
  const weeks: (Date | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** "Happy, 2 entries" */
export function dayLabel(day: DayMood | undefined): string {
  if (!day) return "no entry";
  const count = `${day.entries} ${day.entries === 1 ? "entry" : "entries"}`;
  return day.mood ? `${day.mood}, ${count}` : count;
}

/** The label of a score on the 0-3 scale (rounded): 'Low', 'Strained', 'Steady' or 'Bright'. */
export function scoreLabel(score: number | null | undefined): string {
  if (score === null || score === undefined) return "no mood yet";
  return SCORE_LABELS[Math.max(0, Math.min(MAX_SCORE, Math.round(score)))]!;
}

/** The short name of a period on the trend's axis: "Nov 3" for a week, "Nov 26" for a month. */
export function periodLabel(period: MoodPeriod, kind: "weeks" | "months"): string {
  const start = parseIsoDay(period.start);
  if (kind === "weeks") return start.toLocaleDateString("en-US", { month: "short", day: "numeric" });
  return `${start.toLocaleDateString("en-US", { month: "short" })} ${String(start.getFullYear()).slice(2)}`;
}
