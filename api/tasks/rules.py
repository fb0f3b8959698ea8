"""Tasks, projects and goals: the spec's constants and messages (part 1 section 3, part 2 section 5)."""

from __future__ import annotations

from api.errors import FieldError

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


def domain(value: str) -> str:
    """Unknown types fall back to personal (spec part 2 section 5)."""
    return value if value in DOMAINS else "personal"


def progress_value(value: int) -> int:
    if not 0 <= value <= 100:
        raise FieldError("progress", MSG_PROGRESS)
    return value
