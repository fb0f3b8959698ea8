import { describe, expect, it } from "vitest";

import { displayPatterns, groupByTheme, insightTitle, OTHER_THEME, themeOf, type Insight, type Pattern } from "./themes";

function insight(text: string, n = 0): Insight {
  return {
    id: `i${n}-${text.length}`, text, type: "insight", entryId: null, patternId: null, timeEstimate: null,
    relatedTasks: [], isAiGenerated: false, shortTitle: text.slice(0, 50), layers: [], origin: "user",
    sourceEntryIds: [], createdAt: `2025-01-0${(n % 9) + 1}T00:00:00Z`,
  } as Insight;
}

function pattern(name: string, count: number): Pattern {
  return {
    id: name, name, description: "", keywords: [], entryIds: [], createdAt: "", updatedAt: "",
    insights: Array.from({ length: count }, (_, i) => insight(`${name} ${i}`, i)),
  } as Pattern;
}

describe("pattern display rules", () => {
  it("keeps only real patterns with insights, most insights first, top 3, 5 insights each", () => {
    const cards = displayPatterns([pattern("a", 2), pattern("b", 7), pattern("c", 0), pattern("d", 3), pattern("e", 1)], []);
    expect(cards.map((c) => c.name)).toEqual(["b", "d", "a"]);
    expect(cards[0]?.insights).toHaveLength(5);
  });

  it("groups insights into the six themes when there are no patterns, unmatched under Other Insights", () => {
    expect(themeOf("I could not sleep and felt so tired")).toBe("Well-being & Balance");
    expect(themeOf("My budget and the rent worry me")).toBe("Security & Stability");
    expect(themeOf("Quantum entanglement")).toBe(OTHER_THEME);
    const cards = displayPatterns([], [
      insight("sleep again", 1), insight("tired all week", 2), insight("rent is due", 3), insight("xyz", 4),
      insight("exercise helps", 5),
    ]);
    expect(cards[0]).toMatchObject({ id: null, name: "Well-being & Balance" });
    expect(cards[0]?.insights).toHaveLength(3);
    expect(cards).toHaveLength(3);
    expect(groupByTheme([insight("xyz")])[0]?.name).toBe(OTHER_THEME);
  });

  it("shows nothing when there are neither patterns nor insights", () => {
    expect(displayPatterns([], [])).toEqual([]);
  });

  it("cuts titles at 50 characters", () => {
    expect(insightTitle({ text: "x".repeat(50) })).toBe("x".repeat(50));
    expect(insightTitle({ text: "y".repeat(51) })).toBe(`${"y".repeat(50)}...`);
  });
});
