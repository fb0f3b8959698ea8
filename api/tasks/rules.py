"""Tasks, projects and goals: the spec's constants and messages (part 1 section 3, part 2 section 5)."""

from __future__ import annotations

from datetime import date
from typing import Any

from api.errors import FieldError
from models.constants import LATER, STALE_TASK_DAYS

DOMAINS = ("personal", "professional", "administrative")
GOAL_TIMEFRAMES = ("month", "quarter", "year")
MAX_TEXT_CHARS = 2000
MAX_PROJECT_NAME_CHARS = 200
MAX_STATUS_CHARS = 32

MSG_TASK_NOT_FOUND = "Task not found"
MSG_PROJECT_NOT_FOUND = "Project not found"
MSG_GOAL_NOT_FOUND = "Goal not found"
MSG_TASK_DELETED = "Task deleted"
MSG_TIMEFRAME = "timeframe must be month, quarter or year."
MSG_PROGRESS = "progress must be between 0 and 100."
MSG_PROJECT_TYPE = "type must be personal, professional or administrative."
MSG_STATUS = f"status can be at most {MAX_STATUS_CHARS} characters."


def domain(value: str) -> str:
    """Unknown types fall back to personal (spec part 2 section 5)."""
    return value if value in DOMAINS else "personal"


def project_type(value: str) -> str:
    """A project's type is one of the three domains: the spec's fallback to personal is for tasks."""
    if value not in DOMAINS:
        raise FieldError("type", MSG_PROJECT_TYPE)
    return value


def project_status(value: str) -> str:
    """The status as sent (blank: the default 'Active'); a longer one than the column holds is a 400."""
    if len(value) > MAX_STATUS_CHARS:
        raise FieldError("status", MSG_STATUS)
    return value.strip() or "Active"


def progress_value(value: int) -> int:
    if not 0 <= value <= 100:
        raise FieldError("progress", MSG_PROGRESS)
    return value


# -- Weekly Focus (part 2 sections 5 and 9) ------------------------------------------------------
# A Weekly Focus task is an active task the user chose to focus on (isSelected) for the week; quick
# tasks are the ones for today (timeframe "today"). Tasks the analysis extracts from entries are not
# selected and count towards neither limit.
WEEKLY_FOCUS_PER_DOMAIN = 1
ACTIVE_FOCUS_PER_DOMAIN = 3
WEEKLY_FOCUS_TIMEOUT_SECONDS = 120

MSG_WEEKLY_FOCUS_FAILED = "Could not generate a weekly focus task right now. Please try again."


def weekly_limit(domain_name: str) -> tuple[str, str]:
    label = domain_name.capitalize()
    return (f"Weekly {label} task limit reached",
            f"You can only have 1 {label} task in Weekly Focus. Complete or remove your current task before "
            "adding a new one.")


def active_limit(domain_name: str) -> tuple[str, str]:
    label = domain_name.capitalize()
    return (f"{label} task limit reached",
            f"You can only have up to 3 active {label} tasks. Complete existing tasks before adding more.")


# -- This week's tasks and older ones (part 2 section 2, the Weekly Focus columns) ---------------

def is_older(task: Any, said_on: date | None, today: date) -> bool:
    """Whether an open task is no longer this week's: moved to "later" by the analysis, or its due
    date (else the day of the entry that said it, else the day it was added) more than
    STALE_TASK_DAYS past. The personal story's notion of a stale task, except that a deadline
    passed within that window stays this week's (shown overdue). Tasks the user chose for Weekly
    Focus (selected) stay in the columns: they count towards the limits."""
    if task.completed or task.is_selected:
        return False
    if task.timeframe == LATER:
        return True
    day = task.due_date or said_on or task.created_at.date()
    return (today - day).days > STALE_TASK_DAYS


# A page of the list (GET with `limit`): at most this many rows per request.
MAX_PAGE_SIZE = 500
