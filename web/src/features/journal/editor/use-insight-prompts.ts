import { useCallback, useEffect, useRef, useState } from "react";

import { useEntries, useEntryTotal, useGoals, useProjects, useRealTimePrompts, useTasks, type InsightPrompt } from "../queries";
import { requestTimeOfDay } from "./editor-utils";
import {
  DISMISSED_INSIGHT_PROMPTS_SESSION_KEY,
  ENTRY_MAX_CHARS,
  INSIGHT_PROMPT_DEBOUNCE_MS,
  INSIGHT_PROMPT_DEBOUNCE_SENTENCE_MS,
  INSIGHT_PROMPT_MIN_CHARS,
} from "@/lib/constants";
import { promptIntervalMs, readAutoPromptFrequency } from "@/features/settings/preferences";

function readDismissed(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(DISMISSED_INSIGHT_PROMPTS_SESSION_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Real-time insight prompts (spec section 4, "Insight prompt requests"): a request only when the
 * text has at least 18 characters, none is in flight and 8 s passed since the previous one (at the
 * AI Smart Prompts frequency's default; see `promptIntervalMs`);
 * debounced 500 ms after sentence-ending punctuation, otherwise 1200 ms. One prompt at a time.
 */
export function useInsightPrompts(content: string) {
  const { data: entries = [] } = useEntries();
  const entryTotal = useEntryTotal();
  const { data: tasks = [] } = useTasks();
  const { data: projects = [] } = useProjects();
  const { data: goals = [] } = useGoals();
  const request = useRealTimePrompts();

  const [prompts, setPrompts] = useState<InsightPrompt[]>([]);
  const [dismissed, setDismissed] = useState<string[]>(readDismissed);
  const inFlight = useRef(false);
  // Bumped by `reset`: an answer to a request made before it is about the text that went.
  const generation = useRef(0);
  const lastRequestAt = useRef<number | null>(null);

  const contextRef = useRef({ entries, entryTotal, tasks, projects, goals });
  contextRef.current = { entries, entryTotal, tasks, projects, goals };
  const mutateRef = useRef(request.mutateAsync);
  mutateRef.current = request.mutateAsync;

  const ask = useCallback(async (text: string) => {
    // Longer than an entry can be: the server would refuse it (the editor says why).
    if (text.length < INSIGHT_PROMPT_MIN_CHARS || text.length > ENTRY_MAX_CHARS || inFlight.current) return;
    // The AI Smart Prompts slider in Settings: off at 0, the spec's 8 s at the default 50.
    const interval = promptIntervalMs(readAutoPromptFrequency());
    if (interval === null) return;
    const now = Date.now();
    if (lastRequestAt.current !== null && now - lastRequestAt.current < interval) return;
    inFlight.current = true;
    lastRequestAt.current = now;
    const { entries, entryTotal, tasks, projects, goals } = contextRef.current;
    const date = new Date(now);
    const openTasks = tasks.filter((t) => !t.completed);
    const asked = generation.current;
    try {
      const result = await mutateRef.current({
        text,
        context: {
          entryCount: entryTotal ?? entries.length,
          taskCount: openTasks.length,
          projectCount: projects.length,
          goalCount: goals.length,
          existingTasks: openTasks.map((t) => t.text),
          existingProjects: projects.map((p) => p.name),
          existingGoals: goals.map((g) => g.text),
          priorityTasks: openTasks.filter((t) => t.priority === "high").map((t) => t.text),
          timeOfDay: requestTimeOfDay(date.getHours()),
          currentHour: date.getHours(),
          currentDay: date.toLocaleDateString("en-US", { weekday: "long" }),
          timestamp: date.toISOString(),
        },
      });
      if (asked === generation.current) setPrompts(result);
    } catch {
      // A failed prompt request is not worth interrupting the writer for.
    } finally {
      inFlight.current = false;
    }
  }, []);

  useEffect(() => {
    if (content.length < INSIGHT_PROMPT_MIN_CHARS) return;
    const delay = /[.!?]\s*$/.test(content) ? INSIGHT_PROMPT_DEBOUNCE_SENTENCE_MS : INSIGHT_PROMPT_DEBOUNCE_MS;
    const timer = setTimeout(() => void ask(content), delay);
    return () => clearTimeout(timer);
  }, [content, ask]);

  const current = prompts.find((p) => !dismissed.includes(p.text)) ?? null;

  const dismiss = useCallback((prompt: InsightPrompt) => {
    setDismissed((list) => {
      const next = [...list, prompt.text];
      window.sessionStorage.setItem(DISMISSED_INSIGHT_PROMPTS_SESSION_KEY, JSON.stringify(next));
      return next;
    });
  }, []);

  /** Removes a prompt once used (added or saved), so the next one shows. */
  const consume = useCallback((prompt: InsightPrompt) => {
    setPrompts((list) => list.filter((p) => p !== prompt));
  }, []);

  /** A new entry begins (after Save): the prompts about the saved one go. */
  const reset = useCallback(() => {
    generation.current += 1;
    setPrompts([]);
  }, []);

  return { current, dismiss, consume, reset, pending: request.isPending };
}
