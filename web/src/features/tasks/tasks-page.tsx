import { useRef, useState } from "react";
import {
  BriefcaseIcon,
  ChevronRightIcon,
  FileTextIcon,
  HeartIcon,
  Loader2Icon,
  SparklesIcon,
  ZapIcon,
} from "lucide-react";
import { Link } from "react-router";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import {
  ADD_FAILED,
  ALL_WEEKLY_DONE,
  DELETE_FAILED,
  NO_ACTIVE_TASKS,
  TASK_ADDED,
  TASK_COMPLETED,
  TASK_DELETED,
  TASK_REOPENED,
  TASKS_SUBTITLE,
  UPDATE_FAILED,
  failureToast,
} from "@/features/tasks/messages";
import { useAuth } from "@/features/auth/auth-context";
import {
  useDeleteTask,
  useGenerateQuickTasks,
  useGenerateWeeklyFocus,
  useSetTaskCompleted,
  useTaskList,
} from "@/features/tasks/queries";
import { olderTasksOf, thisWeekOf } from "@/features/tasks/task-groups";
import { ActiveTaskItem, CompletedTaskItem, OlderTaskItem } from "@/features/tasks/task-item";
import { completedNewestFirst, domainLabel, splitTaskText, type Task } from "@/features/tasks/task-text";
import { toast } from "@/hooks/use-toast";
import { SUBSCRIPTION_PATH, TASK_DOMAINS } from "@/lib/constants";
import { cn } from "@/lib/utils";

const DOMAIN_ICON = { personal: HeartIcon, professional: BriefcaseIcon, administrative: FileTextIcon } as const;

/** The Tasks screen (spec part 2, section 2 "Tasks page"). */
export function TasksPage() {
  const tasks = useTaskList();
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 space-y-6 px-4 py-8 sm:px-6 sm:py-10">
      <header className="space-y-1">
        <h1 className="font-serif text-3xl font-semibold tracking-tight sm:text-4xl">Tasks</h1>
        <p className="text-muted-foreground">{TASKS_SUBTITLE}</p>
      </header>
      <QuickTaskTeaser tasks={tasks.data} />
      {tasks.isPending ? (
        <TasksSkeleton />
      ) : tasks.isError ? (
        <Card role="alert">
          <CardContent className="flex flex-col items-start gap-3">
            <p className="font-medium">Your tasks could not be loaded.</p>
            <Button variant="outline" onClick={() => void tasks.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <WeeklyFocusCard tasks={tasks.data} />
          <OlderTasksCard tasks={tasks.data} />
          <CompletedTasksCard tasks={tasks.data} />
        </>
      )}
    </main>
  );
}

export const QUICK_TASKS_TEXT = "Small tasks for today, each 10 minutes or less, drawn from your journal.";
export const QUICK_TASKS_ADDED_TITLE = "Quick tasks added";
export const NO_QUICK_TASKS_TITLE = "No new quick tasks";

/** The Quick Task Generator (spec part 2, section 2): a teaser leading to /subscription for the free
 * plan; for premium, three quick tasks for today from the journal (the server checks the plan). */
function QuickTaskTeaser({ tasks }: { tasks: Task[] | undefined }) {
  const premium = useAuth().user?.isPremium === true;
  const generate = useGenerateQuickTasks();
  const today = (tasks ?? []).filter((t) => t.timeframe === "today" && t.isSelected && !t.completed).length;

  async function onGenerate() {
    try {
      const answer = await generate.mutateAsync();
      toast({ title: answer.tasks.length ? QUICK_TASKS_ADDED_TITLE : NO_QUICK_TASKS_TITLE, description: answer.message });
    } catch (error) {
      toast({ variant: "destructive", ...failureToast(error, ADD_FAILED) });
    }
  }

  return (
    <Card className="border-primary/30 bg-primary/5">
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <ZapIcon className="size-5 text-primary" aria-hidden="true" />
            <h2 className="font-semibold">Quick Task Generator</h2>
            <Badge variant="secondary">Premium Feature</Badge>
          </div>
          <p className="text-sm text-muted-foreground">{QUICK_TASKS_TEXT}</p>
          {premium && today > 0 && (
            <p className="text-sm" data-testid="quick-tasks-today">
              {today === 1 ? "1 quick task" : `${today} quick tasks`} for today in your columns below.
            </p>
          )}
        </div>
        {premium ? (
          <Button onClick={() => void onGenerate()} disabled={generate.isPending} aria-busy={generate.isPending}>
            {generate.isPending ? (
              <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
            ) : (
              <ZapIcon className="size-4" aria-hidden="true" />
            )}
            {generate.isPending ? "Generating..." : "Generate quick tasks"}
          </Button>
        ) : (
          <Button asChild>
            <Link to={SUBSCRIPTION_PATH}>Upgrade to Premium</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function WeeklyFocusCard({ tasks }: { tasks: Task[] }) {
  const generate = useGenerateWeeklyFocus();
  const setCompleted = useSetTaskCompleted();
  // Each domain is busy on its own while its request runs.
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const generateButtons = useRef<Record<string, HTMLButtonElement | null>>({});

  async function onGenerate(domain: string) {
    setBusy((b) => ({ ...b, [domain]: true }));
    try {
      const answer = await generate.mutateAsync(domain);
      toast({ title: TASK_ADDED, description: splitTaskText(answer.text).headline });
    } catch (error) {
      toast({ variant: "destructive", ...failureToast(error, ADD_FAILED) });
    } finally {
      setBusy((b) => ({ ...b, [domain]: false }));
    }
  }

  async function onComplete(task: Task) {
    const button = document.activeElement;
    try {
      await setCompleted.mutateAsync({ id: task.id, completed: true });
      toast({ title: TASK_COMPLETED, description: splitTaskText(task.text).headline });
      // The ticked task leaves its column with the button that had the focus: keep the keyboard
      // in that column (its Generate button) rather than dropping it on <body>.
      const active = document.activeElement;
      if (active === button || active === document.body || active === null) {
        (generateButtons.current[task.type] ?? generateButtons.current.personal)?.focus();
      }
    } catch (error) {
      toast({ variant: "destructive", ...failureToast(error, UPDATE_FAILED) });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <SparklesIcon className="size-5 text-primary" aria-hidden="true" />
          Weekly Focus
        </CardTitle>
        <CardDescription>
          One task a week for each area of your life, suggested from what you wrote in your journal.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-3">
        {TASK_DOMAINS.map((domain) => {
          const Icon = DOMAIN_ICON[domain];
          const active = thisWeekOf(tasks, domain);
          const weeklyDone = tasks.some((t) => t.type === domain && t.isSelected && t.completed);
          const running = busy[domain] === true;
          return (
            <section key={domain} aria-labelledby={`focus-${domain}`} className="flex min-w-0 flex-col gap-3">
              <div className="flex items-center justify-between gap-2">
                <h3 id={`focus-${domain}`} className="flex items-center gap-2 font-semibold">
                  <Icon className="size-4 text-primary" aria-hidden="true" />
                  {domainLabel(domain)}
                </h3>
                <Button
                  ref={(element) => {
                    generateButtons.current[domain] = element;
                  }}
                  size="sm"
                  variant="outline"
                  onClick={() => void onGenerate(domain)}
                  disabled={running}
                  aria-busy={running}
                  aria-label={`Generate ${domainLabel(domain)} weekly focus task`}
                >
                  {running ? (
                    <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
                  ) : (
                    <SparklesIcon className="size-4" aria-hidden="true" />
                  )}
                  {running ? "Generating..." : "Generate"}
                </Button>
              </div>
              {active.length === 0 ? (
                <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">
                  {weeklyDone ? ALL_WEEKLY_DONE : NO_ACTIVE_TASKS}
                </p>
              ) : (
                <ul className="space-y-3">
                  {active.map((task) => (
                    <ActiveTaskItem
                      key={task.id}
                      task={task}
                      busy={setCompleted.isPending && setCompleted.variables?.id === task.id}
                      onComplete={() => void onComplete(task)}
                    />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </CardContent>
    </Card>
  );
}

export const OLDER_TASKS_HINT =
  "Open tasks from earlier entries that are no longer this week's. Tick the ones you have done.";

/** The open tasks that left the Weekly Focus columns (task-groups.ts), collapsed under "Older tasks (n)".
 * Only completed tasks can be deleted (spec part 2, section 4), so each can be completed here. */
function OlderTasksCard({ tasks }: { tasks: Task[] }) {
  const older = olderTasksOf(tasks);
  const [open, setOpen] = useState(false);
  const setCompleted = useSetTaskCompleted();
  const list = useRef<HTMLUListElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  if (older.length === 0) return null;

  async function onComplete(task: Task) {
    // The ticked task leaves the list: the keyboard goes on to the next one (else the one before,
    // else the section's toggle) rather than dropping on <body>.
    const buttons = Array.from(list.current?.querySelectorAll<HTMLButtonElement>("[data-complete-task]") ?? []);
    const at = older.indexOf(task);
    const next = buttons[at + 1] ?? buttons[at - 1] ?? toggle.current;
    const row = buttons[at]?.closest("li");
    try {
      await setCompleted.mutateAsync({ id: task.id, completed: true });
      toast({ title: TASK_COMPLETED, description: splitTaskText(task.text).headline });
      const active = document.activeElement;
      if (active === null || active === document.body || (row?.contains(active) ?? false)) next?.focus();
    } catch (error) {
      toast({ variant: "destructive", ...failureToast(error, UPDATE_FAILED) });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">
          <h2>
            <button
              ref={toggle}
              type="button"
              className="-mx-1 flex items-center gap-2 rounded-md px-1 text-left focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              aria-expanded={open}
              aria-controls="older-tasks"
              onClick={() => setOpen((o) => !o)}
            >
              <ChevronRightIcon
                className={cn("size-5 shrink-0 text-muted-foreground transition-transform", open && "rotate-90")}
                aria-hidden="true"
              />
              Older tasks ({older.length})
            </button>
          </h2>
        </CardTitle>
        <CardDescription>{OLDER_TASKS_HINT}</CardDescription>
      </CardHeader>
      {open && (
        <CardContent>
          <ul id="older-tasks" ref={list} className="divide-y">
            {older.map((task) => (
              <OlderTaskItem
                key={task.id}
                task={task}
                busy={setCompleted.isPending && setCompleted.variables?.id === task.id}
                onComplete={() => void onComplete(task)}
              />
            ))}
          </ul>
        </CardContent>
      )}
    </Card>
  );
}

function CompletedTasksCard({ tasks }: { tasks: Task[] }) {
  const completed = completedNewestFirst(tasks);
  const setCompleted = useSetTaskCompleted();
  const remove = useDeleteTask();

  async function onReopen(task: Task) {
    try {
      await setCompleted.mutateAsync({ id: task.id, completed: false });
      toast({ title: TASK_REOPENED, description: splitTaskText(task.text).headline });
    } catch (error) {
      toast({ variant: "destructive", ...failureToast(error, UPDATE_FAILED) });
    }
  }

  async function onDelete(task: Task) {
    try {
      await remove.mutateAsync(task.id);
      toast({ title: TASK_DELETED, description: splitTaskText(task.text).headline });
    } catch (error) {
      toast({ variant: "destructive", ...failureToast(error, DELETE_FAILED) });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Completed Tasks</CardTitle>
      </CardHeader>
      <CardContent>
        {completed.length === 0 ? (
          <p className="text-sm text-muted-foreground">Tasks you complete will be listed here.</p>
        ) : (
          <ul className="divide-y">
            {completed.map((task) => (
              <CompletedTaskItem
                key={task.id}
                task={task}
                busy={
                  (setCompleted.isPending && setCompleted.variables?.id === task.id) ||
                  (remove.isPending && remove.variables === task.id)
                }
                onReopen={() => void onReopen(task)}
                onDelete={() => void onDelete(task)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function TasksSkeleton() {
  return (
    <div className="space-y-6" aria-label="Loading tasks">
      <Skeleton className="h-64 w-full rounded-xl" />
      <Skeleton className="h-32 w-full rounded-xl" />
    </div>
  );
}
