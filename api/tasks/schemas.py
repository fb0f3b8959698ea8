"""Tasks, projects and goals as the API shows them (spec part 1 section 3, part 2 section 3)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Annotated, Any, Literal
from uuid import UUID

import msgspec

from api.tasks import rules
from api.validation import column_length
from models import Goal, Project, Task

TaskTimeframe = Literal["today", "week"]
Priority = Literal["high", "medium", "low"]
Domain = Literal["personal", "professional", "administrative"]
# Free text kept in unbounded (Text) columns still has a bound: a description is not a document.
MAX_DESCRIPTION_CHARS = 10_000


class TaskOut(msgspec.Struct, rename="camel", kw_only=True):
    id: UUID
    user_id: UUID
    text: str
    completed: bool
    timeframe: str
    priority: str
    type: str
    estimated_time: str | None
    entry_id: UUID | None
    project_ref: str | None
    is_selected: bool
    liked: bool | None
    is_ai_generated: bool
    ai_generation_prompt: str | None
    relevance: str | None
    created_at: datetime
    updated_at: datetime
    completed_at: datetime | None
    due_date: date | None = None  # the day the entry said it is due ("by Friday"), when it said one
    # An open task a later entry reads as done: 'On 11/21/2026 you wrote: "Booked the tickets!"', and
    # that entry's id. Only a hint: the user confirms it by completing the task.
    done_hint: str | None = None
    done_hint_entry_id: UUID | None = None
    # The day of the entry the task came from, and whether the task is no longer this week's (an
    # open task gone stale, `rules.is_older`): the Tasks page lists it under "Older tasks", not in
    # the Weekly Focus columns.
    said_on: date | None = None
    older: bool = False

    @classmethod
    def of(cls, t: Task, said_on: date | None = None, today: date | None = None) -> TaskOut:
        """`t` (a Task or a plain row of its listed columns), with the day its entry was written."""
        return cls(
            id=t.id, user_id=t.user_id, text=t.text, completed=t.completed, timeframe=t.timeframe,
            priority=t.priority, type=t.type, estimated_time=t.estimated_time, entry_id=t.entry_id,
            project_ref=t.project_ref, is_selected=t.is_selected, liked=t.liked, is_ai_generated=t.is_ai_generated,
            ai_generation_prompt=t.ai_generation_prompt, relevance=t.relevance, created_at=t.created_at,
            updated_at=t.updated_at, completed_at=t.completed_at, due_date=t.due_date,
            done_hint=t.done_hint, done_hint_entry_id=t.done_hint_entry_id, said_on=said_on,
            older=rules.is_older(t, said_on, today or datetime.now(UTC).date()),
        )


class TaskCreate(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    text: str
    completed: bool = False
    timeframe: TaskTimeframe = "week"
    priority: Priority = "medium"
    # Unknown types fall back to personal (spec part 2 section 5), so any string is accepted here.
    type: str = "personal"
    estimated_time: Annotated[str, msgspec.Meta(max_length=column_length(Task.estimated_time))] | None = None
    is_selected: bool = False
    entry_id: str | None = None
    project_ref: Annotated[str, msgspec.Meta(max_length=column_length(Task.project_ref))] | None = None


class TaskCompletion(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    completed: bool


class ProjectOut(msgspec.Struct, rename="camel", kw_only=True):
    id: UUID
    name: str
    description: str | None
    type: str
    status: str
    progress: int
    entry_id: UUID | None
    parent_id: UUID | None
    created_at: datetime

    @classmethod
    def of(cls, p: Project) -> ProjectOut:
        return cls(id=p.id, name=p.name, description=p.description, type=p.type, status=p.status,
                   progress=p.progress, entry_id=p.entry_id, parent_id=p.parent_id, created_at=p.created_at)


class ProjectCreate(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    name: str
    description: Annotated[str, msgspec.Meta(max_length=MAX_DESCRIPTION_CHARS)] | None = None
    type: str = "personal"
    status: str = "Active"
    progress: int = 0
    entry_id: str | None = None


class GoalOut(msgspec.Struct, rename="camel", kw_only=True):
    id: UUID
    text: str
    timeframe: str
    progress: int
    entry_id: UUID | None
    created_at: datetime

    @classmethod
    def of(cls, g: Goal) -> GoalOut:
        return cls(id=g.id, text=g.text, timeframe=g.timeframe, progress=g.progress, entry_id=g.entry_id,
                   created_at=g.created_at)


class GoalCreate(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    text: str
    timeframe: str = "year"
    progress: int = 0
    entry_id: str | None = None


class TaskDeletedOut(msgspec.Struct, kw_only=True):
    success: bool
    message: str


class WeeklyFocusIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """POST /api/tasks-ai/weekly-focus. Unknown domains fall back to personal. With `add` (the
    default) the suggestion is added at once as the domain's Weekly Focus task."""

    domain: str = "personal"
    add: bool = True


class WeeklyFocusOut(msgspec.Struct, rename="camel", kw_only=True):
    """The suggestion: text ("headline. detail"), priority, estimatedTime, type (its domain) and
    relevance (the "Why now", naming the entry and its date it came from), plus the task made
    from it when it was added."""

    text: str
    priority: str
    estimated_time: str
    type: str
    relevance: str
    # True for one of the general suggestions, given only when the journal holds nothing new
    # for the domain; the relevance then says so.
    general: bool
    provider: str
    entry_id: UUID | None
    entry_date: str | None
    task_id: UUID | None
    task: TaskOut | None


class ExtractTasksOut(msgspec.Struct, kw_only=True):
    tasks: list[Any]
    highlights: list[Any]
