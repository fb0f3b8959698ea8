"""What highlight extraction returns: the `Highlight` shape, its types, timeframes and priorities."""

from __future__ import annotations

from typing import Literal

import msgspec

HighlightType = Literal["task", "project", "goal"]
Priority = Literal["high", "medium", "low"]
TaskType = Literal["personal", "professional", "administrative"]

TASK_TIMEFRAMES = ("today", "week")
GOAL_TIMEFRAMES = ("month", "quarter", "year")
DEFAULT_TASK_TIMEFRAME = "week"
DEFAULT_GOAL_TIMEFRAME = "year"
DEFAULT_PRIORITY: Priority = "medium"
MAX_REFORMULATION_CHARS = 120


class HighlightMetadata(msgspec.Struct, kw_only=True, frozen=True, rename="camel"):
    timeframe: str
    priority: Priority = DEFAULT_PRIORITY
    project_ref: str | None = None
    parent_id: str | None = None
    # The day the writer said a task is due ("by Friday", "tomorrow", "on the 17th"), resolved
    # against the entry's date, as YYYY-MM-DD; None when no day was said.
    due_date: str | None = None


class Highlight(msgspec.Struct, kw_only=True, frozen=True, rename="camel"):
    type: HighlightType
    reformulation: str
    metadata: HighlightMetadata
