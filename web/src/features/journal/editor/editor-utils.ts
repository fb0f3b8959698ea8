/**
 * Pure helpers of the journal editor: dates, greetings, word counts, insight blocks, drafts and
 * error classification. Kept free of React so they are easy to test.
 */
import { ApiError, serverMessage } from "@/lib/api/client";
import {
  AFTERNOON_END_HOUR,
  DRAFT_RECOVERY_MIN_LENGTH,
  DRAFT_STORAGE_PREFIX,
  MORNING_END_HOUR,
  SUMMARY_REGENERATION_MIN_CHANGE,
  TEMP_ENTRY_ID_PREFIX,
} from "@/lib/constants";

export function newTempId(): string {
  return `${TEMP_ENTRY_ID_PREFIX}${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

export function isTempId(id: string | null | undefined): boolean {
  return !id || id.startsWith(TEMP_ENTRY_ID_PREFIX);
}

export function draftKey(id: string): string {
  return `${DRAFT_STORAGE_PREFIX}${id}`;
}

/** "Friday, November 20, 2026" */
export function longDate(date: Date): string {
  return date.toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric" });
}

/** `day` at the time of day of `time` (the editor keeps the hour and minute when backdating). */
export function onDay(day: Date, time: Date): Date {
  const when = new Date(day);
  when.setHours(time.getHours(), time.getMinutes(), time.getSeconds(), 0);
  return when;
}

/** How much of `content` the writer typed: its length once the texts put in by a click (prompts,
 * templates, insight blocks) are taken out and spaces collapsed. */
export function ownTextLength(content: string, inserted: readonly string[]): number {
  let rest = content;
  for (const text of inserted) {
    const piece = text.trim();
    const at = piece ? rest.indexOf(piece) : -1;
    if (at >= 0) rest = rest.slice(0, at) + rest.slice(at + piece.length);
  }
  return rest.replace(/\s+/g, " ").trim().length;
}

/** "MM/DD/YYYY" */
export function usDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

/** When a saved entry was written, as the editor shows it: its MM/DD/YYYY date at its HH:MM time
 * (what the editor sent), else its unix timestamp; null when neither can be read. */
export function entryMoment(entry: { date?: string | null; time?: string | null; timestamp?: number | null }): Date | null {
  const day = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(entry.date?.trim() ?? "");
  if (day) {
    const clock = /^(\d{1,2}):(\d{2})$/.exec(entry.time?.trim() ?? "");
    const when = new Date(Number(day[3]), Number(day[1]) - 1, Number(day[2]), Number(clock?.[1] ?? 0), Number(clock?.[2] ?? 0));
    if (when.getMonth() === Number(day[1]) - 1 && when.getDate() === Number(day[2])) return when;
  }
  if (typeof entry.timestamp === "number" && entry.timestamp > 0) return new Date(entry.timestamp * 1000);
  return null;
}

/** 24-hour "HH:MM" */
export function clockTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export type TimeOfDay = "morning" | "afternoon" | "evening";

/** The editor's greeting bucket: morning before 12:00, afternoon before 17:00, otherwise evening. */
export function greetingTimeOfDay(hour: number): TimeOfDay {
  if (hour < MORNING_END_HOUR) return "morning";
  if (hour < AFTERNOON_END_HOUR) return "afternoon";
  return "evening";
}

export function greeting(hour: number): string {
  return `Good ${greetingTimeOfDay(hour)}!`;
}

/** The prompt-request bucket (section 9): morning, afternoon 12-17, evening 17-22, night 22-5. */
export function requestTimeOfDay(hour: number): "morning" | "afternoon" | "evening" | "night" {
  if (hour >= 22 || hour < 5) return "night";
  if (hour < 12) return "morning";
  if (hour < 17) return "afternoon";
  return "evening";
}

export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** A summary is asked for only when the length moved by more than 150 characters. */
export function needsSummary(content: string, lastSummarisedLength: number): boolean {
  return Math.abs(content.length - lastSummarisedLength) > SUMMARY_REGENERATION_MIN_CHANGE;
}

/** A stored draft replaces the content when it differs, is longer, and is long enough. */
export function shouldRecoverDraft(draft: string | null, content: string): draft is string {
  return (
    draft !== null &&
    draft !== content &&
    draft.length > content.length &&
    draft.trim().length > DRAFT_RECOVERY_MIN_LENGTH
  );
}

/** Whether a stored draft comes back into the editor: `shouldRecoverDraft`, and some of it is the
 * writer's own. A prompt or template alone (left behind by a 'Leave') is not their writing. */
export function recoverableDraft(draft: string | null, content: string, inserted: readonly string[]): draft is string {
  return shouldRecoverDraft(draft, content) && ownTextLength(draft, inserted) > 0;
}

/** The stored list of inserted texts (NEW_ENTRY_INSERTED_STORAGE_KEY); [] when absent or unreadable. */
export function parseInserted(stored: string | null): string[] {
  try {
    const list: unknown = JSON.parse(stored ?? "[]");
    return Array.isArray(list) ? list.filter((text): text is string => typeof text === "string") : [];
  } catch {
    return [];
  }
}

/** Why a save was refused when trying again cannot help: the server's message for a 4xx (too long,
 * a character it does not take...). Undefined for a network failure, a 5xx, a timeout or a 429. */
export function refusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return undefined;
  if (error.status === 408 || error.status === 429) return undefined;
  return serverMessage(error);
}

/** A network-type failure (the request never got an answer), as opposed to an HTTP error. */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof ApiError) return false;
  if (error instanceof TypeError) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /failed to fetch|fetch failed|networkerror|network request failed|load failed/i.test(message);
}

const BLOCK_EMOJI: Record<string, string> = {
  task: "✅",
  goal: "🎯",
  blindspot: "🔍",
  contradiction: "⚖️",
  insight: "💡",
  person: "👤",
  breakthrough: "🚀",
  reflection: "🪞",
};

export function insightEmoji(type: string): string {
  return BLOCK_EMOJI[type] ?? BLOCK_EMOJI.reflection!;
}

export function insightLabel(type: string): string {
  const known = type in BLOCK_EMOJI ? type : "reflection";
  return known.charAt(0).toUpperCase() + known.slice(1);
}

export const INSIGHT_BLOCK_RULE = "───────────────";

/** The text of an insight block: a heading line with the type's emoji, the text, the optional
 * estimate and related tasks, and a closing rule. */
export function insightBlock(block: {
  type: string;
  text: string;
  timeEstimate?: string | null;
  relatedTasks?: string[] | null;
}): string {
  const lines = [`${insightEmoji(block.type)} ${insightLabel(block.type)} ${INSIGHT_BLOCK_RULE}`, block.text];
  if (block.timeEstimate) lines.push(`⏱ Time estimate: ${block.timeEstimate}`);
  if (block.relatedTasks?.length) lines.push(`Related tasks: ${block.relatedTasks.join(", ")}`);
  lines.push(INSIGHT_BLOCK_RULE);
  // Ends with a line break: writing after the block starts on a new line, not on its closing rule.
  return `${lines.join("\n")}\n`;
}

/** Inserts `text` at [start, end) on its own lines; returns the new value and cursor. */
export function insertAt(value: string, start: number, end: number, text: string): { value: string; cursor: number } {
  const before = value.slice(0, start);
  const after = value.slice(end);
  const lead = before && !before.endsWith("\n") ? (before.endsWith("\n\n") ? "" : "\n\n") : "";
  const trail = after && !after.startsWith("\n") ? "\n" : "";
  const inserted = `${lead}${text}${trail}`;
  return { value: before + inserted + after, cursor: before.length + lead.length + text.length };
}

export const PLACEHOLDERS = [
  "What's on your mind today?",
  "How are you feeling right now?",
  "What happened today that you want to remember?",
  "What are you grateful for?",
  "What is weighing on you?",
];

export const REFLECTION_QUESTIONS = [
  "What made you smile today?",
  "What challenged you today, and how did you handle it?",
  "What is one thing you want to do differently tomorrow?",
];

export const SOMETHING_ELSE_PROMPT = "Something else to mention?";

export const SELF_ANALYSIS_TEMPLATES: { title: string; text: string }[] = [
  { title: "What went well today?", text: "What went well today?\n- " },
  { title: "What drained me?", text: "What drained me today, and why?\n- " },
  { title: "What energised me?", text: "What gave me energy today?\n- " },
  { title: "What am I avoiding?", text: "What am I avoiding, and what is the smallest step toward it?\n- " },
  { title: "What did I learn?", text: "What did I learn about myself today?\n- " },
  { title: "Tomorrow's intention", text: "My intention for tomorrow is:\n- " },
];
