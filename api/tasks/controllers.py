"""GET/POST /api/tasks, /api/projects, /api/goals.

Rows are read and written through the signed-in user's id (the domain's services). The
progressive unlocks are enforced here, not only in the browser: tasks from the first entry,
projects from the second, goals from the third.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from litestar import Controller, Request, Response, delete, get, patch, post
from litestar.params import Parameter

from api.errors import FieldError, documented_errors, error_responses
from api.journal.services import EntryService
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
from api.tasks.services import FocusService, GoalService, ProjectService, TaskService, whole_list_tag
from api.validation import required_text
from models import Goal, Project, Task
from models.constants import STALE_TASK_DAYS, UNLOCK_GOALS, UNLOCK_PROJECTS, UNLOCK_TASKS


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


@documented_errors
class ProjectsController(Controller):
    path = "/api/projects"
    tags = ["projects"]
    dependencies = provide(projects=ProjectService, entries=EntryService)

    @get(operation_id="listProjects",
         description=f"The caller's projects; empty until they unlock at {UNLOCK_PROJECTS} entries (projects found "
                     "in earlier entries are kept and shown then).")
    async def list_projects(self, request: Request, projects: ProjectService) -> list[ProjectOut]:
        return [ProjectOut.of(p) for p in await projects.listed_when_unlocked(request.user.id)]

    @post(operation_id="createProject", status_code=201, responses=error_responses(404))
    async def create_project(self, request: Request, projects: ProjectService, entries: EntryService,
                             data: ProjectCreate) -> ProjectOut:
        user_id = request.user.id
        await entries.require_unlocked(user_id, UNLOCK_PROJECTS, "Projects")
        project = await projects.add(Project(
            user_id=user_id, name=required_text(data.name, "name", rules.MAX_PROJECT_NAME_CHARS),
            description=(data.description or None), type=rules.project_type(data.type),
            status=rules.project_status(data.status), progress=rules.progress_value(data.progress),
            entry_id=await entries.own_ref(user_id, data.entry_id),
        ))
        return ProjectOut.of(project)


@documented_errors
class GoalsController(Controller):
    path = "/api/goals"
    tags = ["goals"]
    dependencies = provide(goals=GoalService, entries=EntryService)

    @get(operation_id="listGoals",
         description=f"The caller's goals; empty until they unlock at {UNLOCK_GOALS} entries (goals found in "
                     "earlier entries are kept and shown then).")
    async def list_goals(self, request: Request, goals: GoalService) -> list[GoalOut]:
        return [GoalOut.of(g) for g in await goals.listed_when_unlocked(request.user.id)]

    @post(operation_id="createGoal", status_code=201, responses=error_responses(404))
    async def create_goal(self, request: Request, goals: GoalService, entries: EntryService,
                          data: GoalCreate) -> GoalOut:
        user_id = request.user.id
        await entries.require_unlocked(user_id, UNLOCK_GOALS, "Goals")
        if data.timeframe not in rules.GOAL_TIMEFRAMES:
            raise FieldError("timeframe", rules.MSG_TIMEFRAME)
        goal = await goals.add(Goal(
            user_id=user_id, text=required_text(data.text, "text", rules.MAX_TEXT_CHARS), timeframe=data.timeframe,
            progress=rules.progress_value(data.progress), entry_id=await entries.own_ref(user_id, data.entry_id),
        ))
        return GoalOut.of(goal)
