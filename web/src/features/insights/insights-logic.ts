/**
 * Pure rules of the insights view (spec part 2, section 4): profile text parsing, the personal
 * story placeholder, and the Meaning & Purpose progress and confidence wording.
 */
import {
  PROFILE_FAILURE_TEXT,
  PURPOSE_HIGH_CONFIDENCE_ABOVE_ENTRIES,
  PURPOSE_PROGRESS_FINAL_MESSAGE,
  PURPOSE_PROGRESS_MESSAGES,
  PURPOSE_UNLOCK_ENTRIES,
} from "@/lib/constants";
import { storyNotYetWritten } from "@/features/journal/queries";

const CONCRETE_ACTIONS_MARKER = "**Concrete Actions**:";

export interface ParsedProfile {
  /** The text before the Concrete Actions section, as paragraphs. */
  paragraphs: string[];
  /** The numbered lines of the Concrete Actions section, without their numbers. */
  actions: string[];
}

function toParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.replace(/\*\*/g, "").trim())
    .filter(Boolean);
}

/** A paragraph written as a heading line ending in ':' and '- ' items (the story's recurring
 * threads and people, each with its entries' dates): its heading and items; otherwise null. */
export function storyList(paragraph: string): { heading: string; items: string[] } | null {
  const [first, ...rest] = paragraph.split("\n").map((line) => line.trim());
  if (!first?.endsWith(":") || rest.length === 0 || !rest.every((line) => line.startsWith("- "))) return null;
  return { heading: first.slice(0, -1), items: rest.map((line) => line.slice(2).trim()) };
}

/** Splits the full profile into its prose and its '**Concrete Actions**:' numbered lines. */
export function parseFullProfile(fullProfile: string): ParsedProfile {
  const index = fullProfile.indexOf(CONCRETE_ACTIONS_MARKER);
  if (index === -1) return { paragraphs: toParagraphs(fullProfile), actions: [] };
  const before = fullProfile.slice(0, index);
  const after = fullProfile.slice(index + CONCRETE_ACTIONS_MARKER.length);
  const actions: string[] = [];
  const rest: string[] = [];
  let inList = true;
  for (const line of after.split("\n")) {
    const match = /^\s*\d+[.)]\s*(.+)$/.exec(line);
    if (inList && match?.[1]) {
      actions.push(match[1].replace(/\*\*/g, "").trim());
    } else if (line.trim() && actions.length > 0) {
      inList = false;
      rest.push(line);
    } else if (!inList) {
      rest.push(line);
    }
  }
  return { paragraphs: [...toParagraphs(before), ...toParagraphs(rest.join("\n"))], actions };
}

/** The placeholder ('Profile needs refreshing') shows for the failure text, or a profile written empty. */
export function profileNeedsRefreshing(
  profile: { shortSummary: string; fullProfile: string; updatedAt?: string | null } | null,
): boolean {
  if (!profile) return true;
  const summary = profile.shortSummary.trim();
  const full = profile.fullProfile.trim();
  if (summary === PROFILE_FAILURE_TEXT || full === PROFILE_FAILURE_TEXT) return true;
  return !summary && !full && !storyNotYetWritten(profile);
}

export function purposeProgressMessage(entryCount: number): string {
  return PURPOSE_PROGRESS_MESSAGES.find((step) => entryCount < step.below)?.message ?? PURPOSE_PROGRESS_FINAL_MESSAGE;
}

export function purposeUnlocked(entryCount: number): boolean {
  return entryCount >= PURPOSE_UNLOCK_ENTRIES;
}

export function confidenceLabel(entryCount: number): string {
  return entryCount > PURPOSE_HIGH_CONFIDENCE_ABOVE_ENTRIES ? "High confidence" : "Low confidence";
}

/** "1 entry" / "n entries". */
export function entriesLabel(count: number): string {
  return count === 1 ? "1 entry" : `${count} entries`;
}

/** The dates of cited entries as a sentence: "09/02/2026, 09/15/2026 and 10/06/2026". */
export function citedDates(cited: readonly { date: string }[]): string {
  const dates = cited.map((c) => c.date);
  if (dates.length <= 1) return dates[0] ?? "";
  return `${dates.slice(0, -1).join(", ")} and ${dates[dates.length - 1]}`;
}
