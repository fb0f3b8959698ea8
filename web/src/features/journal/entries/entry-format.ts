/**
 * Pure helpers for the Previous Entries list (spec part 1, section 2 "Previous Entries list", section 9).
 */
import { format, isValid } from "date-fns";

import { ENTRY_CHIP_LENGTH, ENTRY_PREVIEW_LENGTH } from "@/lib/constants";

/** How a date is shown in the list, e.g. "March 5, 2025". */
export const ENTRY_DATE_FORMAT = "MMMM d, yyyy";
export const UNKNOWN_DATE = "Unknown date";

export interface EntryDateSource {
  content: string;
  date?: string | null;
  timestamp?: number | null;
  createdAt?: string | null;
}

/** A calendar date from numbers, or null when they do not name a real day (e.g. 31/02). */
function calendarDate(year: number, month: number, day: number): Date | null {
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

const HOUR_MS = 60 * 60 * 1000;
// The time zones' reach: the same moment is a calendar day from UTC-12 to UTC+14.
const EARLIEST_OFFSET_MS = -12 * HOUR_MS;
const LATEST_OFFSET_MS = 14 * HOUR_MS;

/** The entry's own `date` (m/d/yyyy) when the `timestamp` (seconds) is a moment of that day in
 * some time zone, else null. */
function writersDay(timestamp: number, listDate: string | null | undefined): Date | null {
  const parts = LIST_DATE.exec(listDate ?? "");
  if (!parts) return null;
  const [year, month, day] = [Number(parts[3]), Number(parts[1]), Number(parts[2])];
  const local = calendarDate(year, month, day);
  if (!local) return null;
  const midnightUtc = Date.UTC(year, month - 1, day);
  const moment = timestamp * 1000;
  const inWindow = moment >= midnightUtc - LATEST_OFFSET_MS && moment < midnightUtc + 24 * HOUR_MS - EARLIEST_OFFSET_MS;
  return inWindow ? local : null;
}

const CONTENT_DATE = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?!\d)/;
const LIST_DATE = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/;

/** The date the list shows for an entry (or the fallback text), by the spec's priority:
 * 1. a date at the start of the content, d/m/yyyy with '/', '-' or '.' separators;
 * 2. else the unix `timestamp` (seconds);
 * 3. else `date` (m/d/yyyy; other text the browser can read is accepted too);
 * 4. else `createdAt`;
 * 5. else `now`.
 * When the chosen source cannot be read as a real day, the raw `date` is shown, or 'Unknown date'.
 *
 * A day is the writer's day, as on the calendar and in the streak ("Your journal over time", which
 * the server counts by each entry's `date`): read in the viewer's time zone, a timestamp can fall
 * on the day before or after the one it was written on (written at 23:30 in New York, read in
 * Lisbon). So when `date` is a day that moment belongs to somewhere on Earth (UTC-12 to UTC+14),
 * the list shows `date`: the timestamp read in the writer's zone. A timestamp outside that window
 * still wins, as the spec's order says. */
export function formatEntryDate(entry: EntryDateSource, now: Date = new Date()): string {
  const fallback = entry.date?.trim() ? entry.date : UNKNOWN_DATE;
  let date: Date | null;

  const inContent = CONTENT_DATE.exec(entry.content ?? "");
  if (inContent) {
    date = calendarDate(Number(inContent[3]), Number(inContent[2]), Number(inContent[1]));
  } else if (typeof entry.timestamp === "number" && entry.timestamp > 0) {
    date = writersDay(entry.timestamp, entry.date) ?? new Date(entry.timestamp * 1000);
  } else if (entry.date?.trim()) {
    const listDate = LIST_DATE.exec(entry.date);
    date = listDate
      ? calendarDate(Number(listDate[3]), Number(listDate[1]), Number(listDate[2]))
      : new Date(entry.date);
  } else if (entry.createdAt) {
    date = new Date(entry.createdAt);
  } else {
    date = now;
  }

  if (!date || !isValid(date)) return fallback;
  return format(date, ENTRY_DATE_FORMAT);
}

/** `text` cut to `length` characters plus '...' when longer. */
export function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

/** A related goal or project chip: 10 characters plus '...'. */
export function chipLabel(text: string): string {
  return truncate(text, ENTRY_CHIP_LENGTH);
}

/** The collapsed preview of an entry: 100 characters plus '...'. */
export function entryPreview(content: string): string {
  return truncate(content, ENTRY_PREVIEW_LENGTH);
}

const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[\s.!?\u2026]+$/, "")
    .trim();

/** The summary the list shows above the content (spec: "an optional summary"), without the
 * entry's opening, which the preview right below shows anyway: the summary of a short entry is the
 * entry itself, and of a longer one often starts with its first sentences (in 31 of 200 dev-corpus
 * entries it was the opening verbatim). Null when nothing else is left. */
export function shownSummary(summary: string | null | undefined, content: string): string | null {
  const sentences = (summary ?? "").trim().split(/(?<=[.!?\u2026])\s+/).filter(Boolean);
  const opening = plain(content);
  let kept = 0;
  while (kept < sentences.length && opening.startsWith(plain(sentences.slice(0, kept + 1).join(" ")))) kept += 1;
  const rest = sentences.slice(kept).join(" ");
  return plain(rest) ? rest : null;
}
