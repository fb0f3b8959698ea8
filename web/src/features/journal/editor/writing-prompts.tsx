import { useGoals, useProjects, useTasks } from "../queries";
import { greeting, REFLECTION_QUESTIONS, SOMETHING_ELSE_PROMPT } from "./editor-utils";

const MAX_PROMPTS = 3;

/** The prompts for an empty entry: from high-priority open tasks, active projects and goals,
 * otherwise generic reflection questions. A task a later entry reads as done ("Done already?") or
 * one no longer this week's (`older`) is not asked about: "How is it going with 'Book the movers'?"
 * a month after "Booked the movers" reads as if the journal had not been listened to. */
export function usePromptSuggestions(): string[] {
  const { data: tasks = [] } = useTasks();
  const { data: projects = [] } = useProjects();
  const { data: goals = [] } = useGoals();
  const built = [
    ...tasks
      .filter((t) => !t.completed && t.priority === "high" && !t.doneHint && !t.older)
      .map((t) => `How is it going with “${t.text}”?`),
    ...projects
      .filter((p) => p.status.toLowerCase() === "active")
      .map((p) => `What is the next step for your project “${p.name}”?`),
    ...goals.map((g) => `What did you do today toward “${g.text}”?`),
  ].slice(0, MAX_PROMPTS);
  return built.length ? built : REFLECTION_QUESTIONS;
}

/** The writing prompts side panel (medium screens and up). Clicking a prompt inserts it. */
export function WritingPrompts({ empty, onPick, hour }: { empty: boolean; onPick: (text: string) => void; hour: number }) {
  const suggestions = usePromptSuggestions();
  const items = empty ? suggestions : [SOMETHING_ELSE_PROMPT];

  return (
    <aside aria-label="Writing prompts" className="hidden w-60 shrink-0 flex-col gap-2 md:flex">
      {empty ? <p className="font-serif text-lg font-medium">{greeting(hour)}</p> : null}
      <ul className="flex flex-col gap-2">
        {items.map((text) => (
          <li key={text}>
            <button
              type="button"
              onClick={() => onPick(text)}
              className="w-full rounded-md border bg-card px-3 py-2 text-left text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground"
            >
              {text}
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
