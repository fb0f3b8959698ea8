"""Reading journals written elsewhere: the parsers behind POST /api/journal/import (spec part 2,
sections 4, 5 and 8; issue 14).

Every parser turns the pasted or uploaded text into `EntryDraft`s, or raises `FieldError` with the
spec's message; nothing is written until the whole import has been read (all-or-nothing).

Formats (the request's `format`):
- `csv`: a header row; the content column and the date column are found by name (Content, Text,
  Entry, Body... / Date, Day, Created...); quoted fields may span lines.
- `json`: a list of `{date, content}` objects; a Day One JSON export (`entries[].creationDate` and
  `text`); or Reverie's own export (`"format": "reverie-export"`, see `api.users.backup`).
- `text`: plain text or Markdown, split into entries at lines (or headings) that are dates.

Dates. Written in running text, a date follows the spec's display rule, day first (d/m/yyyy with
/, - or . between the parts), unless the first part cannot be a day-of-month pair that way (then
month first); ISO dates (2026-03-03) and "March 3, 2026" are read too. In a CSV or JSON date field a
slashed date is month first (MM/DD/YYYY, the API's own `date`, so Reverie's CSV export comes back
unchanged), unless that cannot be a date. A date that cannot be read is a 400 naming the entry, and
so is a date in the future or before 1900 (the line POST /api/journal holds: `rules.check_entry_day`).
"""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import UTC, date, datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import msgspec

from api.errors import FieldError
from api.journal import rules
from api.journal.dates import MONTHS

FORMATS = ("text", "csv", "json")
# The stated size limit of one import (the text as UTF-8), and of the entries in it.
MAX_IMPORT_BYTES = 5 * 1024 * 1024
MAX_IMPORT_ENTRIES = 2000
REVERIE_EXPORT_FORMAT = "reverie-export"

# The spec's messages (part 2, sections 5 and 8).
MSG_EMPTY = "Empty Content"
MSG_CSV_NO_COMMAS = "The CSV content doesn't appear to contain any commas. Please check the format."
MSG_JSON_INVALID = "The JSON content appears to be invalid. Please check the format."
MSG_NO_ENTRIES = ("No journal entries were found in the provided content. Please check the format and try "
                  "again.")
# Ours, where the spec has none.
MSG_FORMAT = "Format must be one of: text, csv, json."
MSG_TOO_LARGE = "An import can be at most 5 MB. Please split the journal into smaller files."
MSG_TOO_MANY = f"An import can hold at most {MAX_IMPORT_ENTRIES:,} entries. Please split the journal into smaller files."
MSG_CSV_NO_CONTENT_COLUMN = ("The CSV needs a header row with a content column (such as Content or Text) and a "
                             "date column (such as Date).")
MSG_JSON_SHAPE = ("The JSON should be a list of entries such as [{\"date\": \"2026-03-03\", \"content\": \"...\"}], "
                  "a Day One export or a Reverie export.")

CONTENT_COLUMNS = ("content", "text", "entry", "body", "journal", "journal entry", "note", "notes", "message")
DATE_COLUMNS = ("date", "day", "entry date", "creation date", "creationdate", "created", "created at",
                "createdat", "created_at", "timestamp", "datetime", "date time", "time stamp")
LOCATION_COLUMNS = ("location", "place")
TIME_COLUMNS = ("time",)


class EntryDraft(msgspec.Struct, kw_only=True):
    """One entry read from an import, checked and ready to be written."""

    content: str
    entry_date: date
    entry_time: str | None = None
    timestamp: int | None = None
    location: str | None = None
    # Only Reverie's own export carries these: the entry comes back as it was, analysis included.
    mood: dict[str, str] | None = None
    summary: str | None = None
    related_goals: list[str] = []
    related_projects: list[str] = []
    source_id: str | None = None  # the entry's id in the export, so its tasks find it again
    created_at: datetime | None = None


class ParsedImport(msgspec.Struct, kw_only=True):
    drafts: list[EntryDraft]
    # A Reverie export: the whole document, for the rest of the account (tasks, insights...).
    backup: dict[str, Any] | None = None


# -- dates ------------------------------------------------------------------------------------
_MONTH_NAMES = "|".join(sorted(MONTHS, key=len, reverse=True))
_WEEKDAY = r"(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|rsday|urday)?\.?,?\s+)?"
_NUMERIC = r"(\d{1,2})(?P<sep>[/.\-])(\d{1,2})(?P=sep)(\d{4})"
_ISO = r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?"
_MONTH_FIRST = rf"({_MONTH_NAMES})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})"
_DAY_FIRST = rf"(\d{{1,2}})(?:st|nd|rd|th)?\s+({_MONTH_NAMES})\.?,?\s+(\d{{4}})"
DATE_PATTERN = re.compile(
    rf"{_WEEKDAY}(?:(?P<iso>{_ISO})|(?P<num>{_NUMERIC})|(?P<mf>{_MONTH_FIRST})|(?P<df>{_DAY_FIRST}))",
    re.IGNORECASE,
)


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


def match_date(text: str, *, day_first: bool) -> tuple[FoundDate, int] | None:
    """A date at the very start of `text`: the date and where it ends, or None."""
    match = DATE_PATTERN.match(text)
    if not match:
        return None
    groups = match.groupdict()
    found: FoundDate | None = None
    if groups["iso"]:
        parts = re.match(_ISO, groups["iso"])
        assert parts is not None
        year, month, day, hour, minute, zone = parts.groups()
        when = _make_date(int(year), int(month), int(day))
        if when is not None:
            found = FoundDate(day=when)
            if hour is not None and int(hour) < 24:
                found.time = f"{int(hour):02d}:{minute}"
                if zone:
                    moment = datetime.fromisoformat(groups["iso"].replace("Z", "+00:00").replace(" ", "T"))
                    found.timestamp = int(moment.timestamp())
    elif groups["num"]:
        parts = re.match(_NUMERIC, groups["num"])
        assert parts is not None
        first, _, second, year = parts.groups()
        when = _numeric(int(first), int(second), int(year), day_first=day_first)
        found = FoundDate(day=when) if when else None
    elif groups["mf"]:
        parts = re.match(_MONTH_FIRST, groups["mf"], re.IGNORECASE)
        assert parts is not None
        month, day, year = parts.groups()
        when = _make_date(int(year), MONTHS[month.lower()], int(day))
        found = FoundDate(day=when) if when else None
    else:
        parts = re.match(_DAY_FIRST, groups["df"], re.IGNORECASE)
        assert parts is not None
        day, month, year = parts.groups()
        when = _make_date(int(year), MONTHS[month.lower()], int(day))
        found = FoundDate(day=when) if when else None
    return (found, match.end()) if found is not None else None


def _date_field(value: Any, where: str) -> FoundDate | None:
    """A date given in a CSV column or a JSON field: text (month first when slashed) or epoch
    seconds. None when the field is empty."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        raise FieldError("content", f"{where}: the date {value!r} could not be read.")
    if isinstance(value, int | float):
        seconds = value / 1000 if value > 10_000_000_000 else value  # milliseconds too
        if not 0 <= seconds <= rules.MAX_TIMESTAMP:
            raise FieldError("content", f"{where}: the date {value!r} could not be read.")
        moment = datetime.fromtimestamp(seconds, UTC)
        return FoundDate(day=moment.date(), time=moment.strftime("%H:%M"), timestamp=int(seconds))
    text = str(value).strip()
    if text.isdigit() and len(text) >= 9:
        return _date_field(int(text), where)
    found = match_date(text, day_first=False)
    if found is None or text[found[1]:].strip(" ,") and not _is_time_rest(text[found[1]:]):
        raise FieldError("content", f"{where}: the date {text[:40]!r} could not be read. Use a date such as "
                                    "2026-03-03, 03/03/2026 or March 3, 2026.")
    return found[0]


def _is_time_rest(rest: str) -> bool:
    return re.fullmatch(r"[,\s]*(?:at\s+)?\d{1,2}:\d{2}(?::\d{2})?\s*(?:am|pm)?\s*", rest, re.IGNORECASE) is not None


# -- checks shared by every format ------------------------------------------------------------
def _clean_content(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n").strip()


def _draft(content: Any, when: FoundDate | None, where: str, today: date, **extra: Any) -> EntryDraft | None:
    """A checked draft, or None when the entry has no text (nothing to import)."""
    if content is None:
        return None
    if not isinstance(content, str):
        raise FieldError("content", f"{where}: the content must be text.")
    text = _clean_content(content)
    if not text:
        return None
    if len(text) > rules.MAX_CONTENT_CHARS:
        raise FieldError("content", f"{where} is longer than {rules.MAX_CONTENT_CHARS:,} characters, the longest "
                                    "an entry can be. Please split it.")
    if when is not None:
        try:  # the line POST/PATCH /api/journal hold: no entry dated where no one has reached yet, nor before 1900
            rules.check_entry_day(when.day)
        except FieldError as problem:
            raise FieldError("content", f"{where}: {problem.detail}") from None
    location = extra.pop("location", None)
    location = location.strip() if isinstance(location, str) and location.strip() else None
    if location and len(location) > rules.MAX_LOCATION_CHARS:
        raise FieldError("content", f"{where}: {rules.MSG_LOCATION_LONG}")
    time = extra.pop("entry_time", None) or (when.time if when else None)
    return EntryDraft(
        content=text,
        entry_date=when.day if when else today,
        entry_time=time,
        timestamp=when.timestamp if when else None,
        location=location,
        **extra,
    )


def _limit(drafts: list[EntryDraft]) -> list[EntryDraft]:
    if len(drafts) > MAX_IMPORT_ENTRIES:
        raise FieldError("content", MSG_TOO_MANY)
    return drafts


# -- CSV --------------------------------------------------------------------------------------
def _column(header: list[str], names: tuple[str, ...]) -> int | None:
    normalised = [re.sub(r"[\s_]+", " ", h.strip().strip("\ufeff").lower()) for h in header]
    for name in names:
        if name in normalised:
            return normalised.index(name)
    return None


def parse_csv(content: str, today: date) -> list[EntryDraft]:
    if "," not in content:
        raise FieldError("content", MSG_CSV_NO_COMMAS)
    try:
        rows = list(csv.reader(io.StringIO(content.lstrip("\ufeff"), newline="")))
    except csv.Error:
        raise FieldError("content", MSG_CSV_NO_CONTENT_COLUMN) from None
    rows = [row for row in rows if any(cell.strip() for cell in row)]
    if not rows:
        return []
    header = rows[0]
    text_at = _column(header, CONTENT_COLUMNS)
    if text_at is None:
        raise FieldError("content", MSG_CSV_NO_CONTENT_COLUMN)
    date_at = _column(header, DATE_COLUMNS)
    time_at = _column(header, TIME_COLUMNS)
    place_at = _column(header, LOCATION_COLUMNS)
    drafts = []
    def cell(row: list[str], at: int | None) -> str | None:
        return row[at] if at is not None and at < len(row) else None

    for number, row in enumerate(rows[1:], start=2):
        where = f"Row {number}"
        when = _date_field(cell(row, date_at), where)
        time = cell(row, time_at)
        time = time.strip() if time and re.fullmatch(r"\s*([01]\d|2[0-3]):[0-5]\d\s*", time) else None
        draft = _draft(cell(row, text_at), when, where, today, location=cell(row, place_at), entry_time=time)
        if draft is not None:
            drafts.append(draft)
        _limit(drafts)
    return drafts


# -- JSON -------------------------------------------------------------------------------------
_JSON_CONTENT_KEYS = ("content", "text", "entry", "body", "note")
_JSON_DATE_KEYS = ("date", "creationDate", "createdAt", "created_at", "created", "timestamp", "day", "datetime")


def _first(item: dict[str, Any], keys: tuple[str, ...]) -> Any:
    for key in keys:
        if item.get(key) not in (None, ""):
            return item[key]
    return None


def _day_one_text(text: Any) -> Any:
    """Day One writes photos and other media into the text as Markdown images; they are not text."""
    if not isinstance(text, str):
        return text
    return re.sub(r"!\[[^\]]*\]\(dayone-moment:[^)]*\)", "", text).replace("\\.", ".").replace("\\-", "-")


def _day_one_date(item: dict[str, Any], where: str) -> FoundDate | None:
    when = _date_field(item.get("creationDate"), where)
    zone = item.get("timeZone")
    if when is None or when.timestamp is None or not isinstance(zone, str):
        return when
    try:
        local = datetime.fromtimestamp(when.timestamp, ZoneInfo(zone))
    except (ZoneInfoNotFoundError, ValueError):
        return when
    return FoundDate(day=local.date(), time=local.strftime("%H:%M"), timestamp=when.timestamp)


def _day_one_location(item: dict[str, Any]) -> str | None:
    place = item.get("location")
    if not isinstance(place, dict):
        return None
    parts = [place.get(k) for k in ("placeName", "localityName", "country")]
    return ", ".join(p for p in parts if isinstance(p, str) and p.strip()) or None


def _json_items(items: list[Any], today: date, *, day_one: bool) -> list[EntryDraft]:
    drafts = []
    for number, item in enumerate(items, start=1):
        where = f"Entry {number}"
        if not isinstance(item, dict):
            raise FieldError("content", MSG_JSON_SHAPE)
        if day_one:
            when = _day_one_date(item, where)
            draft = _draft(_day_one_text(item.get("text")), when, where, today, location=_day_one_location(item))
        else:
            when = _date_field(_first(item, _JSON_DATE_KEYS), where)
            location = item.get("location") if isinstance(item.get("location"), str) else None
            time = item.get("time") if isinstance(item.get("time"), str) else None
            time = time if time and re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", time) else None
            draft = _draft(_first(item, _JSON_CONTENT_KEYS), when, where, today, location=location, entry_time=time)
        if draft is not None:
            drafts.append(draft)
        _limit(drafts)
    return drafts


def _reverie_entries(document: dict[str, Any], today: date) -> list[EntryDraft]:
    items = document.get("entries")
    if not isinstance(items, list):
        raise FieldError("content", MSG_JSON_SHAPE)
    drafts = []
    for number, item in enumerate(items, start=1):
        where = f"Entry {number}"
        if not isinstance(item, dict):
            raise FieldError("content", MSG_JSON_SHAPE)
        when = _date_field(item.get("date"), where)
        time = item.get("time") if isinstance(item.get("time"), str) else None
        try:
            mood = rules.parse_mood(item.get("mood"))
            goals = rules.parse_related(item.get("relatedGoals"), "relatedGoals")
            projects = rules.parse_related(item.get("relatedProjects"), "relatedProjects")
            time = rules.check_time(time) if time else None
            stamp = item.get("timestamp")
            stamp = rules.check_timestamp(stamp) if isinstance(stamp, int) and not isinstance(stamp, bool) else None
        except FieldError as problem:
            raise FieldError("content", f"{where}: {problem.detail}") from None
        summary = item.get("summary") if isinstance(item.get("summary"), str) else None
        draft = _draft(item.get("content"), when, where, today, location=item.get("location"), entry_time=time,
                       mood=mood, summary=summary or None, related_goals=goals, related_projects=projects,
                       source_id=str(item["id"]) if item.get("id") else None)
        if draft is not None:
            draft.timestamp = stamp
            draft.created_at = _moment(item.get("createdAt"))
            drafts.append(draft)
        _limit(drafts)
    return drafts


def _moment(value: Any) -> datetime | None:
    """An ISO date and time with its zone (an export's createdAt), or None."""
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else None


def parse_json(content: str, today: date) -> ParsedImport:
    try:
        document = json.loads(content)
    except (ValueError, RecursionError):
        raise FieldError("content", MSG_JSON_INVALID) from None
    if isinstance(document, list):
        return ParsedImport(drafts=_json_items(document, today, day_one=False))
    if isinstance(document, dict):
        if document.get("format") == REVERIE_EXPORT_FORMAT:
            return ParsedImport(drafts=_reverie_entries(document, today), backup=document)
        entries = document.get("entries")
        if isinstance(entries, list):
            day_one = any(isinstance(e, dict) and "creationDate" in e for e in entries)
            return ParsedImport(drafts=_json_items(entries, today, day_one=day_one))
    raise FieldError("content", MSG_JSON_SHAPE)


# -- plain text and Markdown ------------------------------------------------------------------
_HEADING = re.compile(r"^\s{0,3}(?:#{1,6}\s*|[*_]{1,3})")


def _date_line(line: str) -> tuple[FoundDate, str] | None:
    """A line that opens an entry: a date (as a Markdown heading, bold, or plain) and perhaps text
    after it ("3/11/2026 - A long walk"), which begins the entry."""
    text = _HEADING.sub("", line).strip()
    found = match_date(text, day_first=True)
    if found is None:
        return None
    when, end = found
    rest = text[end:]
    rest = re.sub(r"^[*_]{1,3}", "", rest)  # the closing ** of a bold date
    time = re.match(r"^[,\s]*(?:at\s+)?(\d{1,2}):(\d{2})\b", rest)
    if time and int(time.group(1)) < 24 and int(time.group(2)) < 60:
        when.time = when.time or f"{int(time.group(1)):02d}:{time.group(2)}"
        rest = rest[time.end():]
    rest = rest.rstrip(" *_#")
    # Text after the date only with a separator ("3/11/2026 - A walk"): "March 3, 2026 was a good
    # day" is a sentence, not a new entry.
    if rest.strip() and not re.match(r"^\s*[:\-–—|]", rest):
        return None
    return when, re.sub(r"^[\s:\-–—|]+", "", rest)


def parse_text(content: str, today: date) -> list[EntryDraft]:
    lines = _clean_content(content).split("\n")
    blocks: list[tuple[FoundDate | None, list[str]]] = [(None, [])]
    for line in lines:
        opened = _date_line(line)
        if opened is not None:
            when, rest = opened
            blocks.append((when, [rest] if rest else []))
        else:
            blocks[-1][1].append(line)
    preamble = blocks.pop(0)[1]
    drafts = []
    if not blocks:  # no date lines at all: the whole text is one entry, written today
        draft = _draft("\n".join(preamble), None, "The entry", today)
        return [draft] if draft else []
    if any(line.strip() and not _HEADING.match(line) for line in preamble):
        # Text before the first date that is more than a title: an entry of its own, dated today.
        draft = _draft("\n".join(preamble), None, "The text before the first date", today)
        if draft:
            drafts.append(draft)
    for number, (when, block) in enumerate(blocks, start=1):
        draft = _draft("\n".join(block), when, f"Entry {number}", today)
        if draft is not None:
            drafts.append(draft)
        _limit(drafts)
    return drafts


# -- the one entry point ----------------------------------------------------------------------
def parse_import(content: str, format: str, today: date) -> ParsedImport:
    """Read a whole import, or raise FieldError (400) with the spec's message. Writes nothing."""
    if format not in FORMATS:
        raise FieldError("format", MSG_FORMAT)
    if not content or not content.strip():
        raise FieldError("content", MSG_EMPTY)
    if len(content.encode("utf-8", "surrogatepass")) > MAX_IMPORT_BYTES:
        raise FieldError("content", MSG_TOO_LARGE)
    if format == "csv":
        return ParsedImport(drafts=parse_csv(content, today))
    if format == "json":
        return parse_json(content, today)
    return ParsedImport(drafts=parse_text(content, today))
