import { describe, expect, it } from "vitest";

import { calendarDay, olderTaskContext, olderTasksOf, thisWeekOf } from "@/features/tasks/task-groups";
import type { Task } from "@/features/tasks/task-text";

function task(overrides: Partial<Task>): Task {
  return {
    id: crypto.randomUUID(), userId: "u1", text: "Call Marta", completed: false, timeframe: "week",
    priority: "medium", type: "personal", estimatedTime: null, entryId: null, projectRef: null, isSelected: false,
    liked: null, isAiGenerated: true, aiGenerationPrompt: null, relevance: null, createdAt: "2026-11-20T10:00:00Z",
    updatedAt: "2026-11-20T10:00:00Z", completedAt: null, older: false, ...overrides,
  };
}

describe("this week's tasks and older ones", () => {
  const focus = task({ text: "Plan the week", isSelected: true, createdAt: "2026-11-01T10:00:00Z" });
  const recent = task({ text: "Book the vet", saidOn: "2026-11-23", createdAt: "2026-11-23T10:00:00Z" });
  const stale = task({ text: "Email Dana", saidOn: "2026-03-02", older: true });
  const staler = task({ text: "Pay the bill", type: "administrative", saidOn: "2025-12-01", older: true,
                        createdAt: "2026-11-24T10:00:00Z" });
  const handAdded = task({ text: "Sort the shed", older: true, createdAt: "2026-05-10T10:00:00Z" });
  const completed = task({ text: "Done", completed: true, older: false });
  const all = [staler, recent, completed, stale, focus, handAdded];

  it("keeps the focus tasks and the recent ones in their column, focus first", () => {
    expect(thisWeekOf(all, "personal").map((t) => t.text)).toEqual(["Plan the week", "Book the vet"]);
    expect(thisWeekOf(all, "administrative")).toEqual([]);
  });

  it("lists every domain's older open tasks together, the most recently said first", () => {
    expect(olderTasksOf(all).map((t) => t.text)).toEqual(["Sort the shed", "Email Dana", "Pay the bill"]);
  });

  it("says where an older task came from and when it was due, never 'Overdue'", () => {
    const now = new Date(2026, 10, 25, 9, 30);
    expect(olderTaskContext(stale, now)).toBe("From your entry of Mar 2");
    expect(olderTaskContext({ ...staler, dueDate: "2025-12-05" }, now)).toBe(
      "From your entry of Dec 1, 2025 · was due Dec 5, 2025",
    );
    expect(olderTaskContext(handAdded, now)).toBe("Added May 10");
    expect(calendarDay("2026-02-30", now)).toBeNull();
    expect(calendarDay(null, now)).toBeNull();
  });
});
