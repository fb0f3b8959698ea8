"""CSV journals: a header row; the content column and the date column are found by name (Content,
Text, Entry, Body... / Date, Day, Created...); quoted fields may span lines. Reverie's own entries
CSV (ID,Date,Content,Time,Location) comes back with its times and places.

Daylio's CSV export (full_date,date,weekday,time,mood,activities,note_title,note) is recognised by
its header: the day is `full_date` (its `date` column, "30 May", has no year), the time `time`
("10:00 pm" or "22:00"), the mood is the writer's own word (mapped to Reverie's mood when the entry
is written, and kept in the text), and the note title, the note and the activities make the text.
"""

from __future__ import annotations

import csv
import html
import io
import re
from datetime import date

from api.errors import FieldError
from api.journal.importing import (
    MSG_CSV_NO_COMMAS,
    MSG_CSV_NO_CONTENT_COLUMN,
    FoundDate,
    ParsedImport,
    UnreadableDate,
    date_field,
    limit,
    make_draft,
    time_after,
)

CONTENT_COLUMNS = ("content", "text", "entry", "body", "journal", "journal entry", "note", "notes", "message")
DATE_COLUMNS = ("date", "day", "entry date", "creation date", "creationdate", "created", "created at",
                "createdat", "created_at", "timestamp", "datetime", "date time", "time stamp")
LOCATION_COLUMNS = ("location", "place")
TIME_COLUMNS = ("time",)
DAYLIO_COLUMNS = ("full_date", "date", "weekday", "time", "mood", "activities", "note_title", "note")
# Columns every CSV has that are not part of an entry.
_BOOKKEEPING = ("id", "")


def _normalised(header: list[str]) -> list[str]:
    return [re.sub(r"[\s_]+", " ", h.strip().strip("\ufeff").lower()) for h in header]


def _column(header: list[str], names: tuple[str, ...]) -> int | None:
    normalised = _normalised(header)
    for name in names:
        if name in normalised:
            return normalised.index(name)
    return None


def _rows(content: str) -> list[list[str]]:
    try:
        rows = list(csv.reader(io.StringIO(content.lstrip("\ufeff"), newline="")))
    except csv.Error:
        raise FieldError("content", MSG_CSV_NO_CONTENT_COLUMN) from None
    return [row for row in rows if any(cell.strip() for cell in row)]


def _cell(row: list[str], at: int | None) -> str | None:
    return row[at] if at is not None and at < len(row) else None


def _time(value: str | None, where: str) -> str | None:
    """A time column: "22:00", "10:00 pm", "07:31"; an impossible one is a 400."""
    if value is None or not value.strip():
        return None
    try:
        found = time_after(value.strip())
    except UnreadableDate:
        found = None
    if found is None or value.strip()[found[1]:].strip():
        raise FieldError("content", f"{where}: the time {value.strip()[:20]!r} could not be read.")
    return found[0]


def is_daylio(header: list[str]) -> bool:
    return {"full_date", "mood", "activities", "note"} <= {h.strip().strip("\ufeff").lower() for h in header}


def parse_csv(content: str, today: date) -> ParsedImport:
    if "," not in content:
        raise FieldError("content", MSG_CSV_NO_COMMAS)
    rows = _rows(content)
    if not rows:
        return ParsedImport(drafts=[], format="CSV")
    if is_daylio(rows[0]):
        return parse_daylio(rows, today)
    header = rows[0]
    text_at = _column(header, CONTENT_COLUMNS)
    if text_at is None:
        raise FieldError("content", MSG_CSV_NO_CONTENT_COLUMN)
    date_at = _column(header, DATE_COLUMNS)
    time_at = _column(header, TIME_COLUMNS)
    place_at = _column(header, LOCATION_COLUMNS)
    parsed = ParsedImport(drafts=[], format="CSV")
    used = {at for at in (text_at, date_at, time_at, place_at) if at is not None}
    for number, row in enumerate(rows[1:], start=2):
        where = f"Row {number}"
        when = date_field(_cell(row, date_at), where)
        time = _time(_cell(row, time_at), where)
        draft = make_draft(_cell(row, text_at), when, where, today, location=_cell(row, place_at), entry_time=time)
        if draft is not None:
            parsed.drafts.append(draft)
        else:
            parsed.skip("empty")
        limit(parsed.drafts)
    # Columns with values that were not read (a Mood or Tags column of another app): named.
    for at, name in enumerate(header):
        if at not in used and name.strip().lower() not in _BOOKKEEPING and any(_cell(r, at) for r in rows[1:]):
            parsed.skip(f"column:{name.strip()[:40]}")
    return parsed


def _note(value: str | None) -> str:
    """Daylio writes a note's line breaks as <br> and escapes HTML characters."""
    text = re.sub(r"<br\s*/?>", "\n", value or "", flags=re.IGNORECASE)
    return html.unescape(text).strip()


def daylio_text(mood: str, activities: str, title: str, note: str) -> str:
    """An entry's text from a Daylio row: title, note, then the mood and activities line."""
    names = [a.strip() for a in activities.split("|") if a.strip()]
    line = f"Mood: {mood}" if mood else ""
    if names:
        line = f"{line} · Activities: {', '.join(names)}" if line else f"Activities: {', '.join(names)}"
    return "\n\n".join(part for part in ("\n".join(p for p in (title, note) if p), line) if part)


def parse_daylio(rows: list[list[str]], today: date) -> ParsedImport:
    header = _normalised(rows[0])
    at = {name: header.index(name.replace("_", " ")) for name in DAYLIO_COLUMNS if name.replace("_", " ") in header}
    parsed = ParsedImport(drafts=[], format="Daylio")
    for number, row in enumerate(rows[1:], start=2):
        where = f"Row {number}"
        when = date_field(_cell(row, at.get("full_date")), where)
        if when is None:
            raise FieldError("content", f"{where}: the full_date column is empty.")
        mood = (_cell(row, at.get("mood")) or "").strip()
        text = daylio_text(mood, _cell(row, at.get("activities")) or "", _note(_cell(row, at.get("note_title"))),
                           _note(_cell(row, at.get("note"))))
        time = _time(_cell(row, at.get("time")), where)
        draft = make_draft(text, FoundDate(day=when.day), where, today, entry_time=time, mood_label=mood or None)
        if draft is not None:
            parsed.drafts.append(draft)
        limit(parsed.drafts)
    return parsed
