"""What a journal entry may hold (spec part 1 sections 3, 5 and 9), with the messages, in one place:
its content, date, time, timestamp, location, mood and related goals and projects. Every way an
entry is written (the journal, an import, a restore) checks it with these."""

from __future__ import annotations

import json
import re
from datetime import UTC, date, datetime, timedelta
from typing import Any

from api.errors import FieldError
from api.validation import no_control_characters, required_text
from models.constants import ENTRY_DATE_FORMAT, MAX_RELATED
from models.dates import long_date
from models.values import Mood

MAX_TIMESTAMP = 2147483647
MAX_CONTENT_CHARS = 100_000
DEFAULT_LOCATION = "Location unknown"
MAX_LOCATION_CHARS = 200  # the column
# The earliest day an entry may carry: no one writes a journal dated before it, while a mistyped
# year ("11/20/0226") would otherwise be stored and shown as the journal's first day.
EARLIEST_ENTRY_DATE = date(1900, 1, 1)
TEMP_ID_PREFIX = "temp-"

MSG_CONTENT_EMPTY = "Entry content cannot be empty."
MSG_CONTENT_LONG = f"An entry can be at most {MAX_CONTENT_CHARS:,} characters."
MSG_DATE = "Date must be a date such as 11/20/2026 (MM/DD/YYYY) or November 20, 2026."
MSG_DATE_FUTURE = "An entry cannot be dated in the future."
MSG_DATE_EARLY = f"An entry cannot be dated before {long_date(EARLIEST_ENTRY_DATE)}."
MSG_LOCATION_LONG = f"Location can be at most {MAX_LOCATION_CHARS} characters."
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
        try:  # the day as written; an impossible time ("T25:61:00") is refused, not ignored
            datetime.fromisoformat(text)
        except ValueError:
            raise FieldError(field, MSG_DATE) from None
        text = text[:10]
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise FieldError(field, MSG_DATE)


def latest_day() -> date:
    """The latest day anyone on Earth has reached (UTC+14 is the furthest ahead)."""
    return (datetime.now(UTC) + _LATEST_OFFSET).date()


def check_entry_day(day: date, field: str = "date") -> date:
    """`day`, unless no one has reached it yet (the editor's date picker stops at today, and the
    server holds the same line for every client) or it is before EARLIEST_ENTRY_DATE."""
    if day > latest_day():
        raise FieldError(field, MSG_DATE_FUTURE)
    if day < EARLIEST_ENTRY_DATE:
        raise FieldError(field, MSG_DATE_EARLY)
    return day


def check_location(value: str | None) -> str:
    """The location as given (trimmed), or the spec's default when there is none; one longer than
    the column is refused rather than cut."""
    text = (value or "").strip()
    if len(text) > MAX_LOCATION_CHARS:
        raise FieldError("location", MSG_LOCATION_LONG)
    return text or DEFAULT_LOCATION


def check_time(value: str) -> str:
    text = value.strip()
    if not _TIME.match(text):
        raise FieldError("time", MSG_TIME)
    return text


def check_timestamp(value: int) -> int:
    if value < 0:
        raise FieldError("timestamp", MSG_TIMESTAMP)
    return min(value, MAX_TIMESTAMP)


# Every place on Earth keeps a clock between UTC-12 and UTC+14: a timestamp falls on a calendar
# day for its writer only if it lies in that day somewhere in this band.
_EARLIEST_OFFSET, _LATEST_OFFSET = timedelta(hours=-12), timedelta(hours=14)


def _midnight(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def timestamp_on(day: date, timestamp: int) -> bool:
    """Whether `timestamp` (unix seconds) can be a moment of `day` in some time zone."""
    try:
        moment = datetime.fromtimestamp(timestamp, UTC)
        return _midnight(day) - _LATEST_OFFSET <= moment < _midnight(day) + timedelta(days=1) - _EARLIEST_OFFSET
    except (OverflowError, OSError, ValueError):  # the first and last days there are (0001-01-01, 9999-12-31)
        return False


def timestamp_for(day: date, time: str | None) -> int:
    """The day at the entry's HH:MM (read as UTC: the server does not know the writer's zone)."""
    hours, minutes = (int(part) for part in (time or "12:00").split(":"))
    return min(int((_midnight(day) + timedelta(hours=hours, minutes=minutes)).timestamp()), MAX_TIMESTAMP)


def agreeing_timestamp(day: date, time: str | None, timestamp: int | None) -> int:
    """An entry's timestamp always names its date (the list shows the timestamp's day first, spec
    part 1 "Entry date display priority"): a given timestamp on that day is kept, any other is
    replaced by the day at the entry's time."""
    if timestamp is not None and timestamp_on(day, timestamp):
        return timestamp
    return timestamp_for(day, time)


def moved_timestamp(timestamp: int | None, old_day: date, new_day: date, time: str | None) -> int | None:
    """The timestamp of an entry whose date was edited: moved by whole days, so it keeps its time of
    day in the writer's zone; an entry without a timestamp keeps none (its date is shown)."""
    if timestamp is None:
        return None
    moved = timestamp + (new_day - old_day).days * 86_400
    return agreeing_timestamp(new_day, time, moved if 0 <= moved <= MAX_TIMESTAMP else None)


def required_content(value: str, field: str) -> str:
    """A text read as an entry's content would be (and not saved): not blank, at most as long."""
    return required_text(value, field, MAX_CONTENT_CHARS)


def check_content(value: str) -> str:
    if not value.strip():
        raise FieldError("content", MSG_CONTENT_EMPTY)
    if len(value) > MAX_CONTENT_CHARS:
        raise FieldError("content", MSG_CONTENT_LONG)
    return no_control_characters(value, "content")


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
    return Mood(emoji=str(mood.get("emoji", ""))[:16], text=str(mood.get("text", ""))[:40]).to_json()


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
