import type * as React from "react";

import { CalendarIcon, CheckIcon, ClockIcon, RotateCcwIcon, Trash2Icon } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { olderTaskContext } from "@/features/tasks/task-groups";
import {
  completedLabel,
  displayEstimatedTime,
  domainLabel,
  dueLabel,
  splitTaskText,
  type Task,
} from "@/features/tasks/task-text";
import { cn } from "@/lib/utils";

const PRIORITY_VARIANT = { high: "destructive", medium: "secondary", low: "outline" } as const;
/** A later entry read as saying the task is done: asked, never applied (the user confirms). */
export const DONE_HINT_LEAD = "Done already?";
export const MARK_DONE = "Mark done";

/** The round button that completes an open task, named by its headline. */
function CompleteButton({
  headline,
  busy,
  onComplete,
  ...rest
}: { headline: string; busy: boolean; onComplete: () => void } & React.ComponentProps<typeof Button>) {
  return (
    <Button
      variant="outline"
      size="icon"
      className="mt-0.5 size-7 shrink-0 rounded-full"
      aria-label={`Complete task: ${headline}`}
      disabled={busy}
      onClick={onComplete}
      {...rest}
    >
      <CheckIcon className="size-4 opacity-40" aria-hidden="true" />
    </Button>
  );
}

/** One active task: headline, detail, priority, time, the "Why now" line, and a complete button. */
export function ActiveTaskItem({ task, onComplete, busy }: { task: Task; onComplete: () => void; busy: boolean }) {
  const { headline, detail } = splitTaskText(task.text);
  const time = displayEstimatedTime(task);
  const label = dueLabel(task.dueDate);
  // A later entry says it may be done: a passed day is no alarm then (the tour saw "Overdue" beside
  // "Renewed the car insurance online").
  const due =
    label?.overdue && task.doneHint ? { ...label, text: label.text.replace("Overdue", "Was due"), overdue: false } : label;
  return (
    <li className="flex gap-3 rounded-lg border bg-background/40 p-3" data-testid="active-task">
      <CompleteButton headline={headline} busy={busy} onComplete={onComplete} />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-medium leading-snug break-words">{headline}</p>
        {detail && <p className="text-sm text-muted-foreground break-words">{detail}</p>}
        <div className="flex flex-wrap items-center gap-1.5 pt-1">
          {task.isSelected && (
            <Badge variant="default">{task.timeframe === "today" ? "Today" : "Weekly Focus"}</Badge>
          )}
          <Badge variant={PRIORITY_VARIANT[task.priority as keyof typeof PRIORITY_VARIANT] ?? "secondary"}>
            {task.priority}
          </Badge>
          {due && (
            <Badge
              variant="outline"
              data-testid="task-due"
              data-overdue={due.overdue || undefined}
              className={cn(due.overdue && "border-destructive/60 text-destructive dark:text-red-400")}
            >
              <CalendarIcon aria-hidden="true" />
              <time dateTime={due.iso}>{due.text}</time>
            </Badge>
          )}
          {time && (
            <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
              <ClockIcon className="size-3" aria-hidden="true" />
              {time}
            </span>
          )}
        </div>
        {task.relevance && (
          <p className="border-l-2 border-primary/50 pl-2 text-xs text-muted-foreground break-words">
            <span className="font-semibold text-foreground">Why now: </span>
            {task.relevance}
          </p>
        )}
        {task.doneHint && <DoneHint hint={task.doneHint} busy={busy} onComplete={onComplete} />}
      </div>
    </li>
  );
}

/** "Done already?" with what the later entry said, and a button that completes the task. */
function DoneHint({ hint, onComplete, busy }: { hint: string; onComplete: () => void; busy: boolean }) {
  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-md bg-primary/5 px-2 py-1.5 text-xs"
      data-testid="task-done-hint"
    >
      <p className="min-w-0 flex-1 text-muted-foreground break-words">
        <span className="font-semibold text-foreground">{DONE_HINT_LEAD} </span>
        {hint}
      </p>
      <Button size="sm" variant="secondary" className="h-7" disabled={busy} onClick={onComplete}>
        {MARK_DONE}
      </Button>
    </div>
  );
}

/** One older open task, compact: its headline, its domain, where it came from and when it was due
 * (never an "Overdue" badge: an old date is why it is here), its done hint, and a complete button. */
export function OlderTaskItem({ task, onComplete, busy }: { task: Task; onComplete: () => void; busy: boolean }) {
  const { headline } = splitTaskText(task.text);
  return (
    <li className="flex gap-3 py-2.5" data-testid="older-task">
      <CompleteButton headline={headline} busy={busy} onComplete={onComplete} data-complete-task="" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm font-medium leading-snug break-words">{headline}</p>
        <p className="text-xs text-muted-foreground break-words">
          {domainLabel(task.type)} · {olderTaskContext(task)}
        </p>
        {task.doneHint && <DoneHint hint={task.doneHint} busy={busy} onComplete={onComplete} />}
      </div>
    </li>
  );
}

/** One completed task: struck-through headline, when it was completed, reopen and delete. */
export function CompletedTaskItem({
  task,
  onReopen,
  onDelete,
  busy,
}: {
  task: Task;
  onReopen: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const { headline } = splitTaskText(task.text);
  return (
    <li className="flex items-center gap-3 py-2" data-testid="completed-task">
      <CheckIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className={cn("text-sm line-through text-muted-foreground break-words")}>{headline}</p>
        <p className="text-xs text-muted-foreground">
          {task.type.charAt(0).toUpperCase() + task.type.slice(1)} · Completed {completedLabel(task.completedAt)}
        </p>
      </div>
      <Button variant="ghost" size="icon" aria-label={`Reopen task: ${headline}`} disabled={busy} onClick={onReopen}>
        <RotateCcwIcon className="size-4" aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Delete task: ${headline}`} disabled={busy} onClick={onDelete}>
        <Trash2Icon className="size-4" aria-hidden="true" />
      </Button>
    </li>
  );
}
