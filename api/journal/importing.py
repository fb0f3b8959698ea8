"""Reading journals written elsewhere: what every import format shares (spec part 2, sections 4, 5
and 8), behind POST /api/journal/import and POST /api/journal/import/file.

Every parser turns the pasted or uploaded text into `EntryDraft`s, or raises `FieldError` with the
spec's message; nothing is written until the whole import has been read (all or nothing). The
formats themselves live in `api.journal.imports` (one module per kind of file); this module holds
the drafts, the limits, the messages, the date reading and the checks every entry passes, which
are the API's own (`api.entries.rules`): a value POST /api/journal would refuse is refused here too,
naming the entry, so no row the app cannot read back is ever stored.

Dates. Written in running text, a date follows the spec's display rule, day first (d/m/yyyy with
/, - or . between the parts), unless the first part cannot be a day-of-month pair that way (then
month first); ISO dates (2026-03-03) and "March 3, 2026" are read too. In a CSV or JSON date field a
slashed date is month first (MM/DD/YYYY, the API's own `date`, so Reverie's CSV export comes back
unchanged), unless that cannot be a date. A date that cannot be read is a 400 naming the entry, and
so is a date in the future or before 1900, a time such as 10:99, or a UTC offset such as +99:99.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta, timezone
from typing import Any

import msgspec

from api.entries import rules
from api.errors import FieldError
from api.journal.dates import MONTHS
from api.validation import no_control_characters

FORMATS = ("text", "csv", "json")
# Pasted text (POST /api/journal/import): at most this much, as UTF-8. A file goes through
# POST /api/journal/import/file, whose limits are in `api.journal.imports.limits`.
MAX_IMPORT_BYTES = 5 * 1024 * 1024
# Entries in one import: ten years of daily entries with room to spare, in one go.
MAX_IMPORT_ENTRIES = 10_000
REVERIE_EXPORT_FORMAT = "reverie-export"

# The spec's messages (part 2, sections 5 and 8).
MSG_EMPTY = "Empty Content"
MSG_CSV_NO_COMMAS = "The CSV content doesn't appear to contain any commas. Please check the format."
MSG_JSON_INVALID = "The JSON content appears to be invalid. Please check the format."
# Ours, where the spec has none.
MSG_FORMAT = "Format must be one of: text, csv, json."
MSG_TOO_LARGE = ("Pasted text can be at most 5 MB. Choose the file instead: a file can be up to 256 MB "
                 "(a .zip with photos).")
MSG_TOO_MANY = (f"An import can hold at most {MAX_IMPORT_ENTRIES:,} entries. Please split the journal into "
                "smaller files (for example one per year).")
MSG_CSV_NO_CONTENT_COLUMN = ("The CSV needs a header row with a content column (such as Content or Text) and a "
                             "date column (such as Date).")
MSG_JSON_SHAPE = ("The JSON should be a list of entries such as [{\"date\": \"2026-03-03\", \"content\": \"...\"}], "
                  "a Day One or jrnl export, or a Reverie export.")
MSG_TEXT_NOT_UNICODE = "The text contains characters that are not Unicode text (a broken surrogate pair)."


class PhotoDraft(msgspec.Struct, kw_only=True):
    """A photo of an imported entry: where it is in the uploaded file, and once the import worker
    has read and cleaned it (`api.photos.images`), the files it wrote and what they are."""

    member: str = ""
    caption: str | None = None
    file: str | None = None
    thumbnail: str | None = None
    content_type: str | None = None
    extension: str | None = None
    width: int = 0
    height: int = 0
    size: int = 0


class EntryDraft(msgspec.Struct, kw_only=True):
    """One entry read from an import, checked and ready to be written."""

    content: str
    entry_date: date
    entry_time: str | None = None
    timestamp: int | None = None
    location: str | None = None
    # The writer's own mood from the app they used (Daylio's "rad", "meh" or their own word), mapped
    # to Reverie's moods when the entry is written.
    mood_label: str | None = None
    # Only Reverie's own export carries these: the entry comes back as it was, analysis included.
    mood: dict[str, str] | None = None
    mood_source: str | None = None
    summary: str | None = None
    related_goals: list[str] = []
    related_projects: list[str] = []
    source_id: str | None = None  # the entry's id in the export, so its tasks and insights find it again
    photos: list[PhotoDraft] = []


class ParsedImport(msgspec.Struct, kw_only=True):
    drafts: list[EntryDraft]
    # A Reverie export: the rest of the account (tasks, insights...), read and checked
    # (`api.journal.backup.restore.Backup`), as plain data.
    backup: Any = None
    # The format the file was read as, in the words Settings shows ("Day One", "jrnl", "Daylio"...).
    format: str = ""
    # What the file carried that Reverie cannot keep: kind -> how many (`api.journal.imports.report`).
    not_imported: dict[str, int] = {}

    def skip(self, kind: str, count: int = 1) -> None:
        if count > 0:
            self.not_imported[kind] = self.not_imported.get(kind, 0) + count


# -- dates ------------------------------------------------------------------------------------
_MONTH_NAMES = "|".join(sorted(MONTHS, key=len, reverse=True))
_WEEKDAY = r"(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|rsday|urday)?\.?,?\s+)?"
_NUMERIC = r"(\d{1,2})(?P<sep>[/.\-])(\d{1,2})(?P=sep)(\d{4})"
_CLOCK = r"(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?"
_ZONE = r"(Z|[+-]\d{2}(?::?\d{2})?)"
_MERIDIEM = r"(?:\s?([AaPp])\.?[Mm]\.?(?!\w))?"
_ISO = rf"(\d{{4}})-(\d{{1,2}})-(\d{{1,2}})(?:[T ]{_CLOCK}{_MERIDIEM}\s?{_ZONE}?)?"
_MONTH_FIRST = rf"({_MONTH_NAMES})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})"
_DAY_FIRST = rf"(\d{{1,2}})(?:st|nd|rd|th)?\s+({_MONTH_NAMES})\.?,?\s+(\d{{4}})"
DATE_PATTERN = re.compile(
    rf"{_WEEKDAY}(?:(?P<iso>{_ISO})|(?P<num>{_NUMERIC})|(?P<mf>{_MONTH_FIRST})|(?P<df>{_DAY_FIRST}))",
    re.IGNORECASE,
)
_ISO_PARTS = re.compile(_ISO)
_NUMERIC_PARTS = re.compile(_NUMERIC)
_MONTH_FIRST_PARTS = re.compile(_MONTH_FIRST, re.IGNORECASE)
_DAY_FIRST_PARTS = re.compile(_DAY_FIRST, re.IGNORECASE)
# A time of day after a date: 09:30, 9:30:15, 9:30 pm, 11:11:00 AM.
TIME_PATTERN = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([ap])\.?m\.?)?(?![\w:])", re.IGNORECASE)
MAX_OFFSET = timedelta(hours=14)  # no place on Earth is further from UTC


class UnreadableDate(ValueError):
    """A date or time written in a form we read, with a value no calendar or clock has."""


def _make_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _numeric(first: int, second: int, year: int, *, day_first: bool) -> date | None:
    if day_first:
        return _make_date(year, second, first) or _make_date(year, first, second)
    return _make_date(year, first, second) or _make_date(year, second, first)


class FoundDate(msgspec.Struct, kw_only=True):
    day: date
    time: str | None = None
    timestamp: int | None = None


def clock(hour: int, minute: int, second: int = 0, meridiem: str | None = None) -> str:
    """HH:MM of a time read from a file; UnreadableDate for 10:99, 25:00 or 13:00 pm."""
    if meridiem:
        if not 1 <= hour <= 12:
            raise UnreadableDate
        hour = hour % 12 + (12 if meridiem.lower() == "p" else 0)
    if hour > 23 or minute > 59 or second > 59:
        raise UnreadableDate
    return f"{hour:02d}:{minute:02d}"


def utc_offset(text: str) -> timezone:
    """The zone of "Z", "+02:00", "-0530" or "+01"; UnreadableDate for +99:99 or +15:00."""
    if text.upper() == "Z":
        return UTC
    sign = -1 if text[0] == "-" else 1
    digits = text[1:].replace(":", "")
    hours, minutes = int(digits[:2]), int(digits[2:4] or 0)
    if minutes > 59:
        raise UnreadableDate
    offset = timedelta(hours=hours, minutes=minutes)
    if offset > MAX_OFFSET:
        raise UnreadableDate
    return timezone(sign * offset)


def _iso(text: str) -> FoundDate | None:
    parts = _ISO_PARTS.match(text)
    assert parts is not None
    year, month, day, hour, minute, second, meridiem, zone = parts.groups()
    when = _make_date(int(year), int(month), int(day))
    if when is None:
        raise UnreadableDate
    if hour is None:
        return FoundDate(day=when)
    found = FoundDate(day=when, time=clock(int(hour), int(minute), int(second or 0), meridiem))
    if zone:
        tz = utc_offset(zone)
        hours, minutes = (int(part) for part in found.time.split(":"))
        try:
            moment = datetime(when.year, when.month, when.day, hours, minutes, int(second or 0), tzinfo=tz)
            stamp = int(moment.timestamp())
        except (OverflowError, ValueError, OSError):
            raise UnreadableDate from None
        if 0 <= stamp <= rules.MAX_TIMESTAMP:
            found.timestamp = stamp
    return found


def match_date(text: str, *, day_first: bool, strict: bool = False) -> tuple[FoundDate, int] | None:
    """A date at the very start of `text`: the date and where it ends, or None. A date-time whose
    parts no clock has (10:99, +99:99, 2026-02-30) is None, or with `strict` UnreadableDate."""
    match = DATE_PATTERN.match(text)
    if not match:
        return None
    groups = match.groupdict()
    try:
        if groups["iso"]:
            found = _iso(groups["iso"])
        elif groups["num"]:
            parts = _NUMERIC_PARTS.match(groups["num"])
            assert parts is not None
            first, _, second, year = parts.groups()
            when = _numeric(int(first), int(second), int(year), day_first=day_first)
            found = FoundDate(day=when) if when else None
        else:
            mf = bool(groups["mf"])
            parts = (_MONTH_FIRST_PARTS if mf else _DAY_FIRST_PARTS).match(groups["mf"] or groups["df"])
            assert parts is not None
            month, day, year = parts.groups() if mf else (parts.group(2), parts.group(1), parts.group(3))
            when = _make_date(int(year), MONTHS[month.lower()], int(day))
            found = FoundDate(day=when) if when else None
    except UnreadableDate:
        if strict:
            raise
        return None
    if found is None and strict:
        raise UnreadableDate
    return (found, match.end()) if found is not None else None


def time_after(rest: str) -> tuple[str, int] | None:
    """A time of day opening `rest` (after a date: ", 9:30 pm", " at 21:05", " 11:11:00 AM"):
    HH:MM and where it ends. UnreadableDate for a time no clock has."""
    lead = re.match(r"[,\s]*(?:at\s+)?", rest, re.IGNORECASE)
    start = lead.end() if lead else 0
    match = TIME_PATTERN.match(rest, start)
    if not match:
        return None
    hour, minute, second, meridiem = match.groups()
    return clock(int(hour), int(minute), int(second or 0), meridiem), match.end()


def unreadable_date(where: str, text: str) -> FieldError:
    return FieldError("content", f"{where}: the date {text[:40]!r} could not be read. Use a date such as "
                                 "2026-03-03, 03/03/2026 or March 3, 2026.")


def date_field(value: Any, where: str) -> FoundDate | None:
    """A date given in a CSV column or a JSON field: text (month first when slashed), perhaps with
    a time and a UTC offset, or epoch seconds. None when the field is empty."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise unreadable_date(where, repr(value))
    if isinstance(value, int | float):
        seconds = value / 1000 if value > 10_000_000_000 else value  # milliseconds too
        if not 0 <= seconds <= rules.MAX_TIMESTAMP:
            raise unreadable_date(where, repr(value))
        moment = datetime.fromtimestamp(seconds, UTC)
        return FoundDate(day=moment.date(), time=moment.strftime("%H:%M"), timestamp=int(seconds))
    text = value.strip()
    if text.isdigit() and len(text) >= 9:
        return date_field(int(text), where)
    try:
        found = match_date(text, day_first=False, strict=True)
        rest = text[found[1]:] if found else ""
        time = time_after(rest) if found and rest.strip(" ,") else None
    except UnreadableDate:
        raise unreadable_date(where, text) from None
    if found is None or (rest.strip(" ,") and (time is None or rest[time[1]:].strip())):
        raise unreadable_date(where, text)
    when = found[0]
    if time is not None and when.time is None:
        when.time = time[0]
    return when


# -- checks shared by every format (the API's rules) ------------------------------------------
def clean_content(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n").strip()


def check_text(value: str, where: str, field: str = "content") -> str:
    """Text PostgreSQL and the API can hold: no NUL or other control character, no lone surrogate."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise FieldError("content", f"{where}: {MSG_TEXT_NOT_UNICODE}") from None
    try:
        return no_control_characters(value, field)
    except FieldError as problem:
        raise FieldError("content", f"{where}: {problem.detail}") from None


def make_draft(content: Any, when: FoundDate | None, where: str, today: date, **extra: Any) -> EntryDraft | None:
    """A checked draft, or None when the entry has no text (nothing to import)."""
    if content is None:
        return None
    if not isinstance(content, str):
        raise FieldError("content", f"{where}: the content must be text.")
    text = clean_content(content)
    if not text:
        return None
    if len(text) > rules.MAX_CONTENT_CHARS:
        raise FieldError("content", f"{where} is longer than {rules.MAX_CONTENT_CHARS:,} characters, the longest "
                                    "an entry can be. Please split it.")
    check_text(text, where)
    if when is not None:
        try:  # the line POST/PATCH /api/journal hold: no entry dated where no one has reached yet, nor before 1900
            rules.check_entry_day(when.day)
        except FieldError as problem:
            raise FieldError("content", f"{where}: {problem.detail}") from None
    location = extra.pop("location", None)
    location = location.strip() if isinstance(location, str) and location.strip() else None
    if location:
        if len(location) > rules.MAX_LOCATION_CHARS:
            raise FieldError("content", f"{where}: {rules.MSG_LOCATION_LONG}")
        check_text(location, where, "location")
    time = extra.pop("entry_time", None) or (when.time if when else None)
    label = extra.get("mood_label")
    if label is not None:
        extra["mood_label"] = check_text(label.strip()[:40], where, "mood") or None
    day = when.day if when else today
    stamp = when.timestamp if when else None
    return EntryDraft(
        content=text,
        entry_date=day,
        entry_time=time,
        # A timestamp always names the entry's own day (the API's rule): one that does not is
        # replaced by the day at the entry's time.
        timestamp=rules.agreeing_timestamp(day, time, stamp) if stamp is not None else None,
        location=location,
        **extra,
    )


def limit(drafts: list[EntryDraft]) -> list[EntryDraft]:
    if len(drafts) > MAX_IMPORT_ENTRIES:
        raise FieldError("content", MSG_TOO_MANY)
    return drafts


def hashtags(tags: Any) -> str:
    """Tags another app kept beside the text, as a last line of hashtags ("#travel #road-trip"):
    the entry's text is where Reverie keeps them (searchable, shown, and the Markdown export's
    front matter reads them back)."""
    if not isinstance(tags, list):
        return ""
    seen: dict[str, None] = {}
    for tag in tags:
        if isinstance(tag, str):
            name = re.sub(r"\s+", "-", tag.strip().lstrip("#@"))
            if name:
                seen[name] = None
    return " ".join(f"#{name}" for name in seen)


def with_tags(text: str, tags: Any) -> str:
    line = hashtags(tags)
    return f"{text.rstrip()}\n\n{line}" if line and text.strip() else (text or line)
