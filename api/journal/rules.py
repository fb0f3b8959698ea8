"""Journal entry rules (spec part 1 sections 3, 5 and 9), with their messages, in one place."""

from __future__ import annotations

import json
import re
from datetime import date, datetime
from typing import Any

from api.errors import FieldError
from models.constants import ENTRY_DATE_FORMAT, MAX_RELATED
from models.dates import format_entry_date  # noqa: F401  (the journal's date, re-exported)

MAX_TIMESTAMP = 2147483647
MAX_CONTENT_CHARS = 100_000
DEFAULT_LOCATION = "Location unknown"
TEMP_ID_PREFIX = "temp-"

MSG_CONTENT_EMPTY = "Entry content cannot be empty."
MSG_CONTENT_LONG = f"An entry can be at most {MAX_CONTENT_CHARS:,} characters."
MSG_DATE = "Date must be a date such as 11/20/2026 (MM/DD/YYYY) or November 20, 2026."
MSG_TIME = "Time must be 24-hour HH:MM, such as 09:30."
MSG_TIMESTAMP = "Timestamp must be a whole number of seconds since 1970."
MSG_MOOD = 'Mood must be JSON such as {"emoji": "😊", "text": "Happy"}.'
MSG_RELATED = f"At most {MAX_RELATED} related goals and {MAX_RELATED} related projects per entry."
MSG_NOT_FOUND = "Journal entry not found"

_DATE_FORMATS = (
    ENTRY_DATE_FORMAT,  # the list's MM/DD/YYYY
    "%Y-%m-%d",
    "%B %d, %Y",  # the editor's long English date: November 20, 2026
    "%A, %B %d, %Y",  # Friday, November 20, 2026
    "%b %d, %Y",
    "%d %B %Y",
)
_TIME = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


def parse_entry_date(value: str, field: str = "date") -> date:
    text = value.strip()
    if re.match(r"^\d{4}-\d{2}-\d{2}T", text):
        text = text[:10]
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise FieldError(field, MSG_DATE)


def check_time(value: str) -> str:
    text = value.strip()
    if not _TIME.match(text):
        raise FieldError("time", MSG_TIME)
    return text


def check_timestamp(value: int) -> int:
    if value < 0:
        raise FieldError("timestamp", MSG_TIMESTAMP)
    return min(value, MAX_TIMESTAMP)


def check_content(value: str) -> str:
    if not value.strip():
        raise FieldError("content", MSG_CONTENT_EMPTY)
    if len(value) > MAX_CONTENT_CHARS:
        raise FieldError("content", MSG_CONTENT_LONG)
    return value


def _maybe_json(value: Any, field: str, message: str) -> Any:
    """The spec sends mood and related lists as JSON text; plain JSON values are fine too."""
    if isinstance(value, str):
        if not value.strip():
            return None
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            raise FieldError(field, message) from None
    return value


def parse_mood(value: Any) -> dict[str, str] | None:
    mood = _maybe_json(value, "mood", MSG_MOOD)
    if mood is None:
        return None
    if not isinstance(mood, dict) or not all(isinstance(mood.get(k, ""), str) for k in ("emoji", "text")):
        raise FieldError("mood", MSG_MOOD)
    return {"emoji": str(mood.get("emoji", ""))[:16], "text": str(mood.get("text", ""))[:40]}


def parse_related(value: Any, field: str) -> list[str]:
    items = _maybe_json(value, field, MSG_RELATED)
    if items is None:
        return []
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
        raise FieldError(field, MSG_RELATED)
    cleaned = [i.strip()[:200] for i in items if i.strip()]
    if len(cleaned) > MAX_RELATED:
        raise FieldError(field, MSG_RELATED)
    return cleaned
