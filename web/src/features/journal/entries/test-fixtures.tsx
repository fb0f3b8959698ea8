/** Test-only: entries and insights as the API lists them. */
import type { Entry } from "@/features/journal/queries";

let counter = 0;

export function makeEntry(overrides: Partial<Entry> = {}): Entry {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`;
  return {
    id,
    content: `Entry number ${counter}`,
    date: "03/05/2025",
    time: "09:30",
    location: "Location unknown",
    mood: { emoji: "😊", text: "Happy" },
    summary: null,
    relatedGoals: [],
    relatedProjects: [],
    timestamp: null,
    createdAt: "2025-03-05T09:30:00Z",
    updatedAt: "2025-03-05T09:30:00Z",
    insights: [],
    highlights: [],
    photos: [],
    analysis: { state: "done" },
    ...overrides,
  };
}

/** An insight as entries list them (only what the list reads matters in these tests). */
export function makeInsight(overrides: Partial<Entry["insights"][number]> = {}): Entry["insights"][number] {
  counter += 1;
  return {
    id: `10000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    text: `Insight ${counter}`,
    type: "insight",
    entryId: null,
    patternId: null,
    timeEstimate: null,
    relatedTasks: [],
    isAiGenerated: false,
    shortTitle: null,
    layers: [],
    origin: "user",
    sourceEntryIds: [],
    createdAt: "2025-03-05T09:30:00Z",
    ...overrides,
  };
}
