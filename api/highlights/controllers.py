"""GET/POST /api/tasks, /api/projects, /api/goals; GET/POST /api/profile and its regeneration.

Rows are always read and written through the signed-in user's id. The progressive unlocks are
enforced here, not only in the browser: tasks from the first entry, projects from the second,
goals from the third, the personal story from the fourth.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

import anyio
import sqlalchemy as sa
from litestar import Controller, Request, delete, get, patch, post
from litestar.exceptions import NotFoundException, PermissionDeniedException, ServiceUnavailableException
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth.services import FieldError
from api.errors import documented_errors, error_responses
from api.highlights.schemas import (
    GoalCreate,
    GoalOut,
    ProfileOut,
    ProfileUpdate,
    ProjectCreate,
    ProjectOut,
    RegenerateOut,
    TaskCompletion,
    TaskCreate,
    TaskOut,
)
from models import Goal, JournalEntry, Profile, Project, Task
from pipelines.rules import UNLOCK_GOALS, UNLOCK_PROFILE, UNLOCK_PROJECTS, UNLOCK_TASKS

DOMAINS = ("personal", "professional", "administrative")
MSG_TEMP_ENTRY = "Save the entry before adding anything to it."
MSG_PROFILE_FAILED = "Could not generate profile. Please try again later."
PROFILE_TIMEOUT_SECONDS = 120


async def entry_count(db: AsyncSession, user_id: uuid.UUID) -> int:
    return (await db.scalar(sa.select(sa.func.count()).where(JournalEntry.user_id == user_id))) or 0


async def require_unlocked(db: AsyncSession, user_id: uuid.UUID, needed: int, feature: str) -> int:
    count = await entry_count(db, user_id)
    if count < needed:
        entries = "entry" if needed == 1 else "entries"
        raise PermissionDeniedException(
            f"{feature} unlock after {needed} journal {entries}. Keep writing!",
            extra={"locked": True, "unlocksAt": needed, "entryCount": count},
        )
    return count


async def own_entry_id(db: AsyncSession, user_id: uuid.UUID, value: str | None) -> uuid.UUID | None:
    """An entry id given with a task, project or goal: it must be one of the user's saved entries."""
    if value is None or value == "":
        return None
    if value.startswith("temp-"):
        raise FieldError("entryId", MSG_TEMP_ENTRY)
    try:
        key = uuid.UUID(value)
    except ValueError:
        raise FieldError("entryId", "entryId must be the id of a saved journal entry.") from None
    found = await db.scalar(sa.select(JournalEntry.id).where(JournalEntry.id == key, JournalEntry.user_id == user_id))
    if found is None:
        raise NotFoundException("Journal entry not found")
    return key


def required_text(value: str, field: str, limit: int = 2000) -> str:
    text = value.strip()
    if not text:
        raise FieldError(field, f"{field} cannot be empty.")
    if len(text) > limit:
        raise FieldError(field, f"{field} can be at most {limit} characters.")
    return text


def progress_value(value: int) -> int:
    if not 0 <= value <= 100:
        raise FieldError("progress", "progress must be between 0 and 100.")
    return value


@documented_errors
class TasksController(Controller):
    path = "/api/tasks"
    tags = ["tasks"]

    @get(operation_id="listTasks")
    async def list_tasks(self, request: Request, db_session: AsyncSession) -> list[TaskOut]:
        rows = await db_session.scalars(
            sa.select(Task).where(Task.user_id == request.user.id).order_by(Task.completed, Task.created_at.desc())
        )
        return [TaskOut.of(t) for t in rows]

    @post(operation_id="createTask", status_code=201, responses=error_responses(404))
    async def create_task(self, request: Request, db_session: AsyncSession, data: TaskCreate) -> TaskOut:
        user_id = request.user.id
        await require_unlocked(db_session, user_id, UNLOCK_TASKS, "Tasks")
        task = Task(
            user_id=user_id, text=required_text(data.text, "text"), completed=data.completed,
            timeframe=data.timeframe, priority=data.priority,
            type=data.type if data.type in DOMAINS else "personal",
            estimated_time=(data.estimated_time or None), is_selected=data.is_selected,
            entry_id=await own_entry_id(db_session, user_id, data.entry_id),
            project_ref=data.project_ref, completed_at=datetime.now(UTC) if data.completed else None,
        )
        db_session.add(task)
        await db_session.flush()
        return TaskOut.of(task)

    @patch("/{task_id:uuid}/complete", operation_id="setTaskCompleted")
    async def complete_task(self, request: Request, db_session: AsyncSession, task_id: uuid.UUID,
                            data: TaskCompletion) -> TaskOut:
        task = await db_session.scalar(sa.select(Task).where(Task.id == task_id, Task.user_id == request.user.id))
        if task is None:
            raise NotFoundException("Task not found")
        task.completed = data.completed
        task.completed_at = datetime.now(UTC) if data.completed else None
        await db_session.flush()
        return TaskOut.of(task)

    @delete("/{task_id:uuid}", operation_id="deleteTask", status_code=200)
    async def delete_task(self, request: Request, db_session: AsyncSession, task_id: uuid.UUID) -> dict[str, Any]:
        task = await db_session.scalar(sa.select(Task).where(Task.id == task_id, Task.user_id == request.user.id))
        if task is None:
            raise NotFoundException("Task not found")
        await db_session.delete(task)
        return {"success": True, "message": "Task deleted"}


@documented_errors
class ProjectsController(Controller):
    path = "/api/projects"
    tags = ["projects"]

    @get(operation_id="listProjects")
    async def list_projects(self, request: Request, db_session: AsyncSession) -> list[ProjectOut]:
        rows = await db_session.scalars(
            sa.select(Project).where(Project.user_id == request.user.id).order_by(Project.created_at.desc())
        )
        return [ProjectOut.of(p) for p in rows]

    @post(operation_id="createProject", status_code=201, responses=error_responses(404))
    async def create_project(self, request: Request, db_session: AsyncSession, data: ProjectCreate) -> ProjectOut:
        user_id = request.user.id
        await require_unlocked(db_session, user_id, UNLOCK_PROJECTS, "Projects")
        project = Project(
            user_id=user_id, name=required_text(data.name, "name", 200), description=(data.description or None),
            type=data.type if data.type in DOMAINS else "personal", status=(data.status or "Active")[:32],
            progress=progress_value(data.progress), entry_id=await own_entry_id(db_session, user_id, data.entry_id),
        )
        db_session.add(project)
        await db_session.flush()
        return ProjectOut.of(project)


@documented_errors
class GoalsController(Controller):
    path = "/api/goals"
    tags = ["goals"]

    @get(operation_id="listGoals")
    async def list_goals(self, request: Request, db_session: AsyncSession) -> list[GoalOut]:
        rows = await db_session.scalars(
            sa.select(Goal).where(Goal.user_id == request.user.id).order_by(Goal.created_at.desc())
        )
        return [GoalOut.of(g) for g in rows]

    @post(operation_id="createGoal", status_code=201, responses=error_responses(404))
    async def create_goal(self, request: Request, db_session: AsyncSession, data: GoalCreate) -> GoalOut:
        user_id = request.user.id
        await require_unlocked(db_session, user_id, UNLOCK_GOALS, "Goals")
        if data.timeframe not in ("month", "quarter", "year"):
            raise FieldError("timeframe", "timeframe must be month, quarter or year.")
        goal = Goal(user_id=user_id, text=required_text(data.text, "text"), timeframe=data.timeframe,
                    progress=progress_value(data.progress),
                    entry_id=await own_entry_id(db_session, user_id, data.entry_id))
        db_session.add(goal)
        await db_session.flush()
        return GoalOut.of(goal)


@documented_errors
class ProfileController(Controller):
    path = "/api/profile"
    tags = ["profile"]

    @get(operation_id="getProfile", description="The personal story; empty with unlocked=false before 4 entries.")
    async def get_profile(self, request: Request, db_session: AsyncSession) -> ProfileOut:
        count = await entry_count(db_session, request.user.id)
        profile = await db_session.get(Profile, request.user.id)
        return ProfileOut.of(profile, count, count >= UNLOCK_PROFILE)

    @post(operation_id="saveProfile", status_code=200)
    async def save_profile(self, request: Request, db_session: AsyncSession, data: ProfileUpdate) -> ProfileOut:
        count = await require_unlocked(db_session, request.user.id, UNLOCK_PROFILE, "Your personal story will")
        profile = await db_session.get(Profile, request.user.id)
        if profile is None:
            profile = Profile(user_id=request.user.id, short_summary="", full_profile="", blindspots=[],
                              source_entry_ids=[])
            db_session.add(profile)
        if data.short_summary is not None:
            profile.short_summary = data.short_summary[:5000]
        if data.full_profile is not None:
            profile.full_profile = data.full_profile[:50000]
        profile.provider = "user"
        await db_session.flush()
        return ProfileOut.of(profile, count, True)

    @post("/regenerate", operation_id="regenerateProfile", status_code=200, responses=error_responses(503))
    async def regenerate(self, request: Request, db_session: AsyncSession) -> RegenerateOut:
        user_id = request.user.id
        count = await require_unlocked(db_session, user_id, UNLOCK_PROFILE, "Your personal story will")
        runner = request.app.state.pipelines
        run = runner.submit("profile-regeneration", user_id=str(user_id), force=True)
        finished = await anyio.to_thread.run_sync(lambda: runner.wait(run.id, timeout=PROFILE_TIMEOUT_SECONDS))
        if finished.state == "failed" or (finished.state != "completed" and runner.mode == "inline"):
            raise ServiceUnavailableException(MSG_PROFILE_FAILED)
        db_session.expire_all()
        profile = await db_session.get(Profile, user_id)
        return RegenerateOut(success=True, profile=ProfileOut.of(profile, count, True))
