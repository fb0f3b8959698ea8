/**
 * The patterns the screen shows (spec part 2, section 4, "Pattern display"): the server's patterns
 * that have insights, most insights first, top 3; or, when it has none but insights exist, the
 * insights grouped by keyword into six themes (unmatched: Other Insights), top 3 groups by count.
 */
import type { Schemas } from "@/lib/api/client";
import { INSIGHT_TITLE_MAX_CHARS, MAX_INSIGHTS_PER_PATTERN, MAX_PATTERNS_SHOWN } from "@/lib/constants";

export type Insight = Schemas["InsightOut"];
export type Pattern = Schemas["PatternOut"];

/** A card of the Emerging Patterns section: a real pattern (`id`) or a keyword theme (`id` null). */
export interface PatternCardData {
  id: string | null;
  name: string;
  description: string;
  insights: Insight[];
}

export const THEME_KEYWORDS: Record<string, readonly string[]> = {
  "Achievement & Growth": ["achieve", "goal", "progress", "learn", "grow", "improve", "skill", "career", "work", "job",
    "success", "accomplish", "promotion", "project", "challenge"],
  "Connection & Relationships": ["friend", "family", "partner", "relationship", "love", "mum", "mom", "dad", "sister",
    "brother", "together", "lonely", "connect", "date", "marriage"],
  "Self-Worth & Identity": ["myself", "confidence", "identity", "worth", "proud", "shame", "fraud", "doubt", "self",
    "value", "enough", "compare", "accept", "voice"],
  "Security & Stability": ["money", "budget", "debt", "saving", "rent", "job security", "stable", "afford", "bill",
    "home", "house", "secure", "safety", "income", "pension"],
  "Purpose & Meaning": ["purpose", "meaning", "meaningful", "why", "calling", "values", "mission", "create",
    "creative", "art", "write", "music", "matter", "legacy"],
  "Well-being & Balance": ["sleep", "rest", "tired", "exercise", "health", "stress", "balance", "calm", "run", "gym",
    "energy", "burnout", "relax", "anxious", "meditate"],
};
export const OTHER_THEME = "Other Insights";

function escape(word: string) {
  return word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
const THEME_PATTERNS = Object.entries(THEME_KEYWORDS).map(
  ([theme, words]) => [theme, words.map((w) => new RegExp(`\\b${escape(w)}`, "i"))] as const,
);

/** The theme with most keyword matches (ties: the spec's order), or Other Insights. */
export function themeOf(text: string): string {
  let best = OTHER_THEME;
  let bestScore = 0;
  for (const [theme, patterns] of THEME_PATTERNS) {
    const score = patterns.filter((p) => p.test(text)).length;
    if (score > bestScore) {
      best = theme;
      bestScore = score;
    }
  }
  return best;
}

export function groupByTheme(insights: Insight[]): PatternCardData[] {
  const groups = new Map<string, Insight[]>();
  for (const insight of insights) {
    const theme = themeOf(insight.text);
    groups.set(theme, [...(groups.get(theme) ?? []), insight]);
  }
  return [...groups.entries()]
    .map(([name, items]) => ({
      id: null,
      name,
      description: `${items.length} insight${items.length === 1 ? "" : "s"} about ${name.toLowerCase()}`,
      insights: items,
    }))
    .sort((a, b) => b.insights.length - a.insights.length);
}

/** What the Emerging Patterns section shows. */
export function displayPatterns(patterns: Pattern[], insights: Insight[]): PatternCardData[] {
  const real = patterns
    .filter((p) => p.insights.length > 0)
    .sort((a, b) => b.insights.length - a.insights.length)
    .map((p) => ({ id: p.id, name: p.name, description: p.description, insights: p.insights }));
  const cards = real.length > 0 ? real : insights.length > 0 ? groupByTheme(insights) : [];
  return cards
    .slice(0, MAX_PATTERNS_SHOWN)
    .map((card) => ({ ...card, insights: card.insights.slice(0, MAX_INSIGHTS_PER_PATTERN) }));
}

/** An insight's title: its text cut at 50 characters. */
export function insightTitle(insight: Pick<Insight, "text">): string {
  const text = insight.text.trim();
  return text.length > INSIGHT_TITLE_MAX_CHARS ? `${text.slice(0, INSIGHT_TITLE_MAX_CHARS).trimEnd()}...` : text;
}

export function matchesSearch(insight: Insight, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === "" || insight.text.toLowerCase().includes(q);
}
