"""GET/POST /api/tasks, /api/projects, /api/goals.

Rows are read and written through the signed-in user's id (the domain's services). The
progressive unlocks are enforced here, not only in the browser: tasks from the first entry,
projects from the second, goals from the third.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from litestar import Controller, Request, Response, delete, get, patch, post
from litestar.params import Parameter

from api.entries.services import EntryService
from api.errors import documented_errors, error_responses
from api.paging import (
    NOT_MODIFIED,
    PAGE_HEADERS,
    TOTAL_HEADER,
    conditional,
    keyset_page,
    not_modified_if_current,
    requested_tag,
    versions_of,
)
from api.services import provide
from api.tasks import rules
from api.tasks.schemas import (
    GoalCreate,
    GoalOut,
    ProjectCreate,
    ProjectOut,
    TaskCompletion,
    TaskCreate,
    TaskDeletedOut,
    TaskOut,
)
from api.tasks.services import (
    FocusService,
    GoalService,
    ProjectService,
    TaskService,
    UnlockedService,
    whole_list_tag,
)
from api.validation import required_text
from models import Task
from models.constants import STALE_TASK_DAYS, UNLOCK_TASKS


@documented_errors
class TasksController(Controller):
    path = "/api/tasks"
    tags = ["tasks"]
    dependencies = provide(tasks=TaskService, entries=EntryService, focus=FocusService)

    @get(operation_id="listTasks", response_headers=PAGE_HEADERS, responses=NOT_MODIFIED,
         description="The caller's tasks, open ones first, newest first within each: all of them, or a page "
                     "with `limit` (then `before` = the previous page's X-Next-Cursor). X-Total-Count is the "
                     "number of tasks in all. Conditional: an If-None-Match with the ETag answers 304, no body. "
                     "Each task has `saidOn` (the day of its entry) and `older`: an open task no longer this "
                     "week's (moved to later, or its due date, else its entry's day, more than "
                     f"{STALE_TASK_DAYS} days past; never a Weekly Focus task).")
    async def list_tasks(
        self, request: Request, tasks: TaskService,
        limit: int | None = Parameter(default=None, ge=1, le=rules.MAX_PAGE_SIZE,
                                      description="At most this many tasks (default: all)."),
        before: str | None = Parameter(default=None, min_length=1, max_length=300,
                                       description="X-Next-Cursor of the previous page: the tasks after it."),
    ) -> Response[list[TaskOut]]:
        user_id = request.user.id
        today = datetime.now(UTC).date()
        if limit is None and before is None:  # the screens' read: its ETag is over the row versions
            if requested_tag(request):
                total, tag = await tasks.whole_list_tag(user_id, today)
                unchanged = not_modified_if_current(request, tag, {TOTAL_HEADER: str(total)})
                if unchanged is not None:
                    return unchanged
            rows = await tasks.whole_list(user_id)
            shown = [TaskOut.of(t, t.said_on, today) for t in rows]
            return conditional(request, shown, {TOTAL_HEADER: str(len(rows))},
                               tag=whole_list_tag(len(rows), versions_of(rows), today))
        page = await keyset_page(tasks, user_id, TaskService.ORDER, limit=limit, before=before,
                                 columns=TaskService.LISTED)
        return conditional(request, await tasks.shown(user_id, page.rows), page.headers)

    @post(operation_id="createTask", status_code=201, responses=error_responses(404, 409),
          description="A selected task (isSelected) joins Weekly Focus (timeframe week) or is a quick task "
                      "(timeframe today): at most 1 active Weekly Focus task and 3 active selected tasks per "
                      "domain, else 409 with the limit's title and description.")
    async def create_task(self, request: Request, tasks: TaskService, entries: EntryService, focus: FocusService,
                          data: TaskCreate) -> TaskOut:
        user_id = request.user.id
        await entries.require_unlocked(user_id, UNLOCK_TASKS, "Tasks")
        if data.is_selected and not data.completed:
            await focus.lock(user_id)
            await focus.require_room(user_id, rules.domain(data.type), weekly=data.timeframe == "week")
        task = await tasks.add(Task(
            user_id=user_id, text=required_text(data.text, "text", rules.MAX_TEXT_CHARS), completed=data.completed,
            timeframe=data.timeframe, priority=data.priority, type=rules.domain(data.type),
            estimated_time=(data.estimated_time or None), is_selected=data.is_selected,
            entry_id=await entries.own_ref(user_id, data.entry_id),
            project_ref=data.project_ref, completed_at=datetime.now(UTC) if data.completed else None,
        ))
        return (await tasks.shown(user_id, [task]))[0]

    @patch("/{task_id:uuid}/complete", operation_id="setTaskCompleted", responses=error_responses(409),
           description="Completes or reopens a task. Reopening a selected task needs room in its domain's "
                       "Weekly Focus (409 otherwise, as when adding one).")
    async def complete_task(self, request: Request, tasks: TaskService, focus: FocusService, task_id: uuid.UUID,
                            data: TaskCompletion) -> TaskOut:
        task = await tasks.own(request.user.id, task_id)
        if task.completed and not data.completed and task.is_selected:
            await focus.lock(request.user.id)
            await focus.require_room(request.user.id, rules.domain(task.type), weekly=task.timeframe == "week")
        task.completed = data.completed
        task.completed_at = datetime.now(UTC) if data.completed else None
        task.done_hint = task.done_hint_entry_id = None  # answered by the user
        return (await tasks.shown(request.user.id, [await tasks.save(task)]))[0]

    @delete("/{task_id:uuid}", operation_id="deleteTask", status_code=200)
    async def delete_task(self, request: Request, tasks: TaskService, task_id: uuid.UUID) -> TaskDeletedOut:
        await tasks.remove(await tasks.own(request.user.id, task_id))
        return TaskDeletedOut(success=True, message=rules.MSG_TASK_DELETED)


if TYPE_CHECKING:
    # What the handlers of `unlocked_controller` take and answer: each controller it makes names its
    # own service and structs in its `signature_namespace`.
    Rows = UnlockedService
    Out = Any
    Create = Any


def unlocked_controller(name: str, service: type[UnlockedService], *, path: str, out: type, create: type,
                        list_id: str, create_id: str) -> type[Controller]:
    """The controller of rows that unlock at a number of entries (projects, goals): the caller's
    list, empty until then, and adding one (403 before), both through `service`."""
    noun = service.feature.lower()

    @get(operation_id=list_id, summary=list_id[0].upper() + list_id[1:],
         description=f"The caller's {noun}; empty until they unlock at {service.unlock} entries ({noun} found "
                     "in earlier entries are kept and shown then).")
    async def list_rows(self, request: Request, rows: Rows) -> list[Out]:
        return [out.of(row) for row in await rows.listed_when_unlocked(request.user.id)]

    @post(operation_id=create_id, summary=create_id[0].upper() + create_id[1:], status_code=201,
          responses=error_responses(404))
    async def create_row(self, request: Request, rows: Rows, entries: EntryService, data: Create) -> Out:
        return out.of(await rows.create(request.user.id, entries, data))

    return documented_errors(type(name, (Controller,), {
        "path": path, "tags": [noun], "dependencies": provide(rows=service, entries=EntryService),
        # The handlers' annotations name the service and the structs of this controller.
        "signature_namespace": {"Rows": service, "Out": out, "Create": create},
        "list_rows": list_rows, "create_row": create_row,
    }))


ProjectsController = unlocked_controller("ProjectsController", ProjectService, path="/api/projects", out=ProjectOut,
                                         create=ProjectCreate, list_id="listProjects", create_id="createProject")
GoalsController = unlocked_controller("GoalsController", GoalService, path="/api/goals", out=GoalOut,
                                      create=GoalCreate, list_id="listGoals", create_id="createGoal")
