import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { closeToasts, fakeApi, json, makeUser } from "@/features/auth/test-support";
import { renderSignedIn } from "@/features/insights/test-utils";
import { ALL_WEEKLY_DONE, NO_ACTIVE_TASKS, TASKS_SUBTITLE } from "@/features/tasks/messages";
import { OLDER_TASKS_HINT, TasksPage } from "@/features/tasks/tasks-page";
import { completedNewestFirst, displayEstimatedTime, dueLabel, splitTaskText, type Task } from "@/features/tasks/task-text";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  closeToasts();
  vi.unstubAllGlobals();
});

function task(overrides: Partial<Task>): Task {
  return {
    id: crypto.randomUUID(),
    userId: "u1",
    text: "Call Marta. Ask how the surgery went.",
    completed: false,
    timeframe: "week",
    priority: "medium",
    type: "personal",
    estimatedTime: "20 minutes or less",
    entryId: null,
    projectRef: null,
    isSelected: true,
    liked: null,
    isAiGenerated: true,
    aiGenerationPrompt: null,
    relevance: "From your entry of 03/14/2026: “Marta's surgery is on Thursday”.",
    createdAt: "2026-03-15T10:00:00Z",
    updatedAt: "2026-03-15T10:00:00Z",
    completedAt: null,
    older: false,
    ...overrides,
  };
}

function renderTasks(user = makeUser()) {
  return renderSignedIn(<TasksPage />, user);
}

describe("task text", () => {
  it("splits 'headline. detail' at the first '. '", () => {
    expect(splitTaskText("Call Marta. Ask how it went. Then rest.")).toEqual({
      headline: "Call Marta",
      detail: "Ask how it went. Then rest.",
    });
    expect(splitTaskText("Just a headline")).toEqual({ headline: "Just a headline", detail: "" });
  });

  it("shows a quick task's '20 minutes or less' as '10 minutes or less'", () => {
    expect(displayEstimatedTime({ timeframe: "today", estimatedTime: "20 minutes or less" })).toBe("10 minutes or less");
    expect(displayEstimatedTime({ timeframe: "week", estimatedTime: "20 minutes or less" })).toBe("20 minutes or less");
  });

  it("sorts completed tasks newest first, undated last", () => {
    const a = task({ completed: true, completedAt: "2026-03-01T00:00:00Z" });
    const b = task({ completed: true, completedAt: "2026-03-05T00:00:00Z" });
    const c = task({ completed: true, completedAt: null });
    expect(completedNewestFirst([a, c, b, task({})]).map((t) => t.id)).toEqual([b.id, a.id, c.id]);
  });
});

describe("due dates", () => {
  const now = new Date(2025, 10, 24, 9, 30); // Monday 24 November 2025, local time

  it("reads the day as a calendar day: today, tomorrow, a weekday and date, the year when not this one", () => {
    expect(dueLabel("2025-11-24", now)).toEqual({ text: "Due today", overdue: false, iso: "2025-11-24" });
    expect(dueLabel("2025-11-25", now)?.text).toBe("Due tomorrow");
    expect(dueLabel("2025-11-27", now)?.text).toBe("Due Thu, Nov 27");
    expect(dueLabel("2026-01-05", now)?.text).toBe("Due Mon, Jan 5, 2026");
  });

  it("marks a passed day overdue; no date, or a malformed one, shows nothing", () => {
    expect(dueLabel("2025-11-20", now)).toEqual({ text: "Overdue · Thu, Nov 20", overdue: true, iso: "2025-11-20" });
    expect(dueLabel(null, now)).toBeNull();
    expect(dueLabel(undefined, now)).toBeNull();
    expect(dueLabel("2025-02-30", now)).toBeNull();
    expect(dueLabel("next week", now)).toBeNull();
  });
});

describe("TasksPage", () => {
  it("shows an open task's due day in a badge, an overdue one marked, none without a date", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2025, 10, 24, 9, 30));
    try {
      fakeApi({
        "GET /api/tasks": () =>
          json(200, [
            task({ text: "Order the mirror doors", dueDate: "2025-11-27" }),
            task({ text: "Pay the council tax", type: "administrative", dueDate: "2025-11-21" }),
            task({ text: "Tidy the shed", type: "administrative", dueDate: null, isSelected: false }),
            task({ text: "Renew the car insurance", type: "administrative", dueDate: "2025-11-12", isSelected: false,
                   doneHint: "On 11/08/2025 you wrote: \"Renewed the car insurance online.\"" }),
          ]),
      });
      renderTasks();
      const personal = (await screen.findByRole("heading", { name: "Personal" })).closest("section")!;
      const due = within(personal).getByTestId("task-due");
      expect(due).toHaveTextContent("Due Thu, Nov 27");
      expect(due).not.toHaveAttribute("data-overdue");
      expect(due.querySelector("time")).toHaveAttribute("datetime", "2025-11-27");
      const admin = screen.getByRole("heading", { name: "Administrative" }).closest("section")!;
      const overdue = within(admin).getAllByTestId("task-due");
      expect(overdue).toHaveLength(2); // the shed has no date
      expect(overdue[0]).toHaveTextContent("Overdue · Fri, Nov 21");
      expect(overdue[0]).toHaveAttribute("data-overdue", "true");
      // A task a later entry says is done was due, not overdue.
      expect(overdue[1]).toHaveTextContent("Was due · Wed, Nov 12");
      expect(overdue[1]).not.toHaveAttribute("data-overdue");
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the subtitle, the premium teaser, three empty columns and the completed card", async () => {
    fakeApi({ "GET /api/tasks": () => json(200, []) });
    renderTasks();

    expect(await screen.findAllByText(NO_ACTIVE_TASKS)).toHaveLength(3);
    expect(screen.getByText(TASKS_SUBTITLE)).toBeInTheDocument();
    expect(screen.getByText("Premium Feature")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Upgrade to Premium" })).toHaveAttribute("href", "/subscription");
    for (const name of ["Personal", "Professional", "Administrative"]) {
      expect(screen.getByRole("heading", { name })).toBeInTheDocument();
    }
    expect(screen.getByText("Completed Tasks")).toBeInTheDocument();
  });

  it("gives a premium user the generator: three quick tasks for today, with the server's limit texts", async () => {
    const user = userEvent.setup();
    const quick = [
      task({ text: "Call the insurer. Do the first small part of it now.", timeframe: "today", type: "administrative",
             estimatedTime: "10 minutes or less" }),
      task({ text: "Draft the outline. Do the first small part of it now.", timeframe: "today", type: "professional",
             estimatedTime: "10 minutes or less" }),
      task({ text: "Protect your rest. Take twenty quiet minutes today.", timeframe: "today", type: "personal",
             estimatedTime: "20 minutes or less" }),
    ];
    const api = fakeApi({
      "GET /api/tasks": () => json(200, []),
      "POST /api/tasks-ai/quick-tasks": () => {
        api.handlers["GET /api/tasks"] = () => json(200, quick);
        return json(200, { tasks: quick, full: [], message: "3 quick tasks for today added." });
      },
    });
    renderTasks(makeUser({ isPremium: true }));
    await user.click(await screen.findByRole("button", { name: "Generate quick tasks" }));
    expect(await screen.findByText("Quick tasks added")).toBeInTheDocument();
    expect(screen.getByText("3 quick tasks for today added.")).toBeInTheDocument();
    expect(await screen.findByTestId("quick-tasks-today")).toHaveTextContent("3 quick tasks for today");
    const admin = screen.getByRole("region", { name: "Administrative" });
    expect(within(admin).getByText("Call the insurer")).toBeInTheDocument();
    expect(within(admin).getByText("Today")).toBeInTheDocument();
    expect(within(admin).getByText("10 minutes or less")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Upgrade to Premium" })).not.toBeInTheDocument();

    closeToasts();
    api.handlers["POST /api/tasks-ai/quick-tasks"] = () =>
      json(409, { error: "Task limit reached: ...", title: "Task limit reached",
                  description: "You already have 3 active tasks in every area. Complete some before adding quick tasks." });
    await user.click(screen.getByRole("button", { name: "Generate quick tasks" }));
    expect(await screen.findByText("Task limit reached")).toBeInTheDocument();
  });

  it("shows an active task's headline, detail and Why now; completed tasks newest first with 'recently'", async () => {
    fakeApi({
      "GET /api/tasks": () =>
        json(200, [
          task({}),
          task({ text: "Old errand", type: "administrative", completed: true, completedAt: null }),
          task({ text: "Tax forms. File them.", type: "administrative", completed: true,
                 completedAt: "2026-03-10T09:00:00Z" }),
        ]),
    });
    renderTasks();

    const personal = (await screen.findByRole("heading", { name: "Personal" })).closest("section")!;
    expect(within(personal).getByText("Call Marta")).toBeInTheDocument();
    expect(within(personal).getByText("Ask how the surgery went.")).toBeInTheDocument();
    expect(within(personal).getByText(/Why now:/)).toBeInTheDocument();
    const admin = screen.getByRole("heading", { name: "Administrative" }).closest("section")!;
    expect(within(admin).getByText(ALL_WEEKLY_DONE)).toBeInTheDocument();
    const completed = screen.getAllByTestId("completed-task");
    expect(completed.map((li) => li.querySelector("p")?.textContent)).toEqual(["Tax forms", "Old errand"]);
    expect(within(completed[1]!).getByText(/Completed recently/)).toBeInTheDocument();
    // Delete is offered only on completed tasks.
    expect(within(personal).queryByRole("button", { name: /Delete task/ })).toBeNull();
    expect(within(completed[0]!).getByRole("button", { name: "Delete task: Tax forms" })).toBeInTheDocument();
  });

  it("generates per domain: only that button is busy, then 'Task added'", async () => {
    let answer: (r: Response) => void = () => undefined;
    const api = fakeApi({
      "GET /api/tasks": () => json(200, []),
      "POST /api/tasks-ai/weekly-focus": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderTasks();

    const personal = await screen.findByRole("button", { name: "Generate Personal weekly focus task" });
    await user.click(personal);
    expect(personal).toBeDisabled();
    expect(screen.getByRole("button", { name: "Generate Professional weekly focus task" })).toBeEnabled();
    expect(await api.body("POST /api/tasks-ai/weekly-focus")).toEqual({ domain: "personal", add: true });
    answer(json(200, { text: "Call Marta. Ask how it went.", priority: "high", estimatedTime: "10 minutes or less",
                       type: "personal", relevance: "From your entry of 03/14/2026: x", general: false,
                       provider: "local", entryId: null, entryDate: null, taskId: null, task: null }));
    expect(await screen.findByText("Task added")).toBeInTheDocument();
    await waitFor(() => expect(personal).toBeEnabled());
  });

  it("shows the server's limit texts when a domain is full", async () => {
    fakeApi({
      "GET /api/tasks": () => json(200, []),
      "POST /api/tasks-ai/weekly-focus": () =>
        json(409, { error: "Weekly Personal task limit reached: You can only...",
                    title: "Weekly Personal task limit reached",
                    description: "You can only have 1 Personal task in Weekly Focus. Complete or remove your current task before adding a new one." }),
    });
    const user = userEvent.setup();
    renderTasks();
    await user.click(await screen.findByRole("button", { name: "Generate Personal weekly focus task" }));
    expect(await screen.findByText("Weekly Personal task limit reached")).toBeInTheDocument();
  });

  it("completes a task with the toggled value and says 'Task Completed'", async () => {
    const open = task({});
    const api = fakeApi({
      "GET /api/tasks": () => json(200, [open]),
      [`PATCH /api/tasks/${open.id}/complete`]: () => json(200, { ...open, completed: true }),
    });
    const user = userEvent.setup();
    renderTasks();
    await user.click(await screen.findByRole("button", { name: "Complete task: Call Marta" }));
    expect(await screen.findByText("Task Completed")).toBeInTheDocument();
    expect(await api.body(`PATCH /api/tasks/${open.id}/complete`)).toEqual({ completed: true });
  });

  it("asks about a task a later entry reads as done, and completes it only when the user says so", async () => {
    const hint = 'On 11/21/2026 you wrote: "Booked the train tickets to Leeds!"';
    const open = task({ text: "Book train tickets to Leeds", doneHint: hint, doneHintEntryId: "e2" });
    const plain = task({ text: "Pay the electricity bill", type: "administrative" });
    const api = fakeApi({
      "GET /api/tasks": () => json(200, [open, plain]),
      [`PATCH /api/tasks/${open.id}/complete`]: () => json(200, { ...open, completed: true, doneHint: null }),
    });
    const user = userEvent.setup();
    renderTasks();
    const asked = await screen.findByTestId("task-done-hint");
    expect(asked).toHaveTextContent(`Done already? ${hint}`);
    expect(screen.getAllByTestId("task-done-hint")).toHaveLength(1);  // only the task an entry spoke of
    expect(api.calls(`PATCH /api/tasks/${open.id}/complete`)).toHaveLength(0);  // nothing applied by itself
    await user.click(within(asked).getByRole("button", { name: "Mark done" }));
    expect(await screen.findByText("Task Completed")).toBeInTheDocument();
    expect(await api.body(`PATCH /api/tasks/${open.id}/complete`)).toEqual({ completed: true });
  });

  it("keeps the keyboard in the column: once a ticked task leaves it, the column's Generate button has the focus", async () => {
    const open = task({});
    let done = false;
    fakeApi({
      "GET /api/tasks": () => json(200, [done ? { ...open, completed: true, completedAt: "2026-03-10T09:00:00Z" } : open]),
      [`PATCH /api/tasks/${open.id}/complete`]: () => {
        done = true;
        return json(200, { ...open, completed: true });
      },
    });
    const user = userEvent.setup();
    renderTasks();
    (await screen.findByRole("button", { name: "Complete task: Call Marta" })).focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("button", { name: "Reopen task: Call Marta" })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: `Generate ${open.type.charAt(0).toUpperCase()}${open.type.slice(1)} weekly focus task` })).toHaveFocus(),
    );
  });

  it("says the spec's error when deleting fails", async () => {
    const done = task({ completed: true, completedAt: "2026-03-10T09:00:00Z" });
    fakeApi({
      "GET /api/tasks": () => json(200, [done]),
      [`DELETE /api/tasks/${done.id}`]: () => json(500, { error: "Internal server error" }),
    });
    const user = userEvent.setup();
    renderTasks();
    await user.click(await screen.findByRole("button", { name: "Delete task: Call Marta" }));
    expect(await screen.findByText("Failed to delete task. Please try again.")).toBeInTheDocument();
  });

  it("lists this week's tasks in the columns and the older ones, collapsed, under 'Older tasks (n)'", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 25, 9, 30));
    try {
      fakeApi({
        "GET /api/tasks": () =>
          json(200, [
            task({ text: "Plan the week", isSelected: true }),
            task({ text: "Book the vet", isSelected: false, saidOn: "2026-11-23", dueDate: "2026-11-24" }),
            task({ text: "Email Dana about the weekend", isSelected: false, saidOn: "2026-03-02", older: true }),
            task({ text: "Pay the electricity bill", type: "administrative", isSelected: false, older: true,
                   saidOn: "2025-12-01", dueDate: "2025-12-05" }),
          ]),
      });
      const user = userEvent.setup();
      renderTasks();
      const personal = (await screen.findByRole("heading", { name: "Personal" })).closest("section")!;
      expect(within(personal).getAllByTestId("active-task").map((li) => li.querySelector("p")?.textContent)).toEqual(
        ["Plan the week", "Book the vet"],
      );
      expect(within(personal).getByTestId("task-due")).toHaveTextContent("Overdue · Tue, Nov 24"); // a recent deadline
      const admin = screen.getByRole("heading", { name: "Administrative" }).closest("section")!;
      expect(within(admin).getByText(NO_ACTIVE_TASKS)).toBeInTheDocument();
      expect(screen.queryByText("Pay the electricity bill")).toBeNull(); // collapsed

      const toggle = screen.getByRole("button", { name: "Older tasks (2)" });
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      expect(screen.getByText(OLDER_TASKS_HINT)).toBeInTheDocument();
      await user.click(toggle);
      expect(toggle).toHaveAttribute("aria-expanded", "true");
      const rows = screen.getAllByTestId("older-task");
      expect(rows.map((li) => li.textContent)).toEqual([
        "Email Dana about the weekendPersonal · From your entry of Mar 2",
        "Pay the electricity billAdministrative · From your entry of Dec 1, 2025 · was due Dec 5, 2025",
      ]);
      expect(screen.queryAllByTestId("task-due")).toHaveLength(1); // no overdue badge on an old date
      expect(screen.queryByRole("button", { name: /Delete task/ })).toBeNull(); // only completed tasks are deleted
    } finally {
      vi.useRealTimers();
    }
  });

  it("completes an older task (keeping its done hint) and moves the keyboard to the next one", async () => {
    const hint = 'On 06/20/2026 you wrote: "Ran my first half marathon!"';
    const first = task({ text: "Run a half marathon", isSelected: false, older: true, saidOn: "2026-03-02",
                         doneHint: hint, doneHintEntryId: "e9" });
    const second = task({ text: "Email Dana about the weekend", isSelected: false, older: true, saidOn: "2026-02-01" });
    let done = false;
    const api = fakeApi({
      "GET /api/tasks": () =>
        json(200, done ? [second, { ...first, completed: true, older: false, completedAt: "2026-11-25T09:00:00Z" }]
                       : [first, second]),
      [`PATCH /api/tasks/${first.id}/complete`]: () => {
        done = true;
        return json(200, { ...first, completed: true });
      },
    });
    const user = userEvent.setup();
    renderTasks();
    await user.click(await screen.findByRole("button", { name: "Older tasks (2)" }));
    const row = screen.getAllByTestId("older-task")[0]!;
    expect(within(row).getByTestId("task-done-hint")).toHaveTextContent(`Done already? ${hint}`);
    within(row).getByRole("button", { name: "Complete task: Run a half marathon" }).focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByText("Task Completed")).toBeInTheDocument();
    expect(await api.body(`PATCH /api/tasks/${first.id}/complete`)).toEqual({ completed: true });
    expect(await screen.findByRole("button", { name: "Older tasks (1)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Complete task: Email Dana about the weekend" })).toHaveFocus();
    expect(screen.getByRole("button", { name: "Reopen task: Run a half marathon" })).toBeInTheDocument();
  });

  it("shows no older section when every open task is this week's", async () => {
    fakeApi({ "GET /api/tasks": () => json(200, [task({})]) });
    renderTasks();
    expect(await screen.findByText("Call Marta")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Older tasks/ })).toBeNull();
  });
});
