"""JSON journals: a list of {date, content} objects; Day One's export (`entries[].creationDate`,
`text`, `timeZone`, photos, tags); jrnl's `--export json` (`entries[].title`, `body`, `date`,
`time`); Reverie's own export (`"format": "reverie-export"`, see `api.journal.backup.export`).

Day One writes its times in UTC with the writer's time zone beside them: an entry's day and time are
the writer's own. Its photos are Markdown images (`![](dayone-moment://ID)`) in the text and files in
the export's .zip (`photos/<md5>.<type>`): the markers leave the text, and the photos come with the
.zip (`api.journal.imports.archive`). Audio, video, PDF attachments, weather and stars cannot be kept:
they are counted, and the answer names them.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import msgspec

from api.entries import rules
from api.errors import FieldError
from api.journal.importing import (
    MSG_JSON_INVALID,
    MSG_JSON_SHAPE,
    REVERIE_EXPORT_FORMAT,
    EntryDraft,
    FoundDate,
    ParsedImport,
    PhotoDraft,
    check_text,
    date_field,
    limit,
    make_draft,
    with_tags,
)

_JSON_CONTENT_KEYS = ("content", "text", "entry", "body", "note")
_JSON_DATE_KEYS = ("date", "creationDate", "createdAt", "created_at", "created", "timestamp", "day", "datetime")
# Day One's moment links: photos (dayone-moment://ID) and other media (dayone-moment:/audio/ID...).
_MOMENT = re.compile(r"!\[[^\]\n]*\]\(dayone-moment:/{1,2}[^)\n]*\)")
# Day One escapes Markdown's characters in plain text ("history\." for "history.").
_ESCAPED = re.compile(r"\\([\\.\-()!\[\]#*_+`{}>|~])")
DAY_ONE_MEDIA = {"audios": "audio", "videos": "video", "pdfAttachments": "pdf"}


def decode(content: str | bytes) -> Any:
    """The JSON document, or the spec's 400. msgspec refuses what PostgreSQL could not store
    later (a lone surrogate such as \\ud800) as invalid JSON."""
    try:
        return msgspec.json.decode(content)
    except (msgspec.DecodeError, RecursionError):
        raise FieldError("content", MSG_JSON_INVALID) from None


def _first(item: dict[str, Any], keys: tuple[str, ...]) -> Any:
    for key in keys:
        if item.get(key) not in (None, ""):
            return item[key]
    return None


# -- Day One ----------------------------------------------------------------------------------
def day_one_text(text: Any) -> Any:
    """The entry's text without its media links and Day One's escapes, and no run of blank lines
    where a photo stood."""
    if not isinstance(text, str):
        return text
    text = _ESCAPED.sub(r"\1", _MOMENT.sub("", text))
    return re.sub(r"\n[ \t]*(?:\n[ \t]*){2,}", "\n\n", text)


def _rich_text(value: Any) -> str | None:
    """The plain text of Day One's richText (its JSON), for an entry without `text`."""
    if not isinstance(value, str):
        return None
    try:
        document = msgspec.json.decode(value)
    except (msgspec.DecodeError, RecursionError):
        return None
    contents = document.get("contents") if isinstance(document, dict) else None
    if not isinstance(contents, list):
        return None
    return "".join(part["text"] for part in contents if isinstance(part, dict) and isinstance(part.get("text"), str))


def time_zone(value: Any, where: str) -> ZoneInfo | None:
    """The writer's time zone (an IANA name; Day One's JSON may escape its slash); a 400 for a name
    that is no time zone ("America", 300 characters)."""
    if value is None or value == "":
        return None
    name = value.replace("\\/", "/") if isinstance(value, str) else None
    problem = FieldError("content", f"{where}: the time zone {str(value)[:40]!r} is not a time zone name such as "
                                    "Europe/Lisbon.")
    if name is None or len(name) > 64 or not re.fullmatch(r"[A-Za-z0-9_+\-]+(?:/[A-Za-z0-9_+\-]+){0,2}", name):
        raise problem
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise problem from None


def day_one_date(item: dict[str, Any], where: str) -> FoundDate | None:
    when = date_field(item.get("creationDate"), where)
    zone = time_zone(item.get("timeZone"), where)
    if when is None or when.timestamp is None or zone is None:
        return when
    try:
        local = datetime.fromtimestamp(when.timestamp, zone)
    except (OverflowError, OSError, ValueError):
        return when
    return FoundDate(day=local.date(), time=local.strftime("%H:%M"), timestamp=when.timestamp)


def day_one_location(item: dict[str, Any]) -> str | None:
    place = item.get("location")
    if not isinstance(place, dict):
        return None
    parts = [place.get(k) for k in ("placeName", "localityName", "country")]
    return ", ".join(p for p in dict.fromkeys(parts) if isinstance(p, str) and p.strip()) or None


def day_one_photos(item: dict[str, Any]) -> list[PhotoDraft]:
    """The entry's photos in their order in the entry, each where Day One's .zip keeps it."""
    photos = item.get("photos")
    if not isinstance(photos, list):
        return []
    found = []
    for index, photo in enumerate(photos):
        if not isinstance(photo, dict):
            continue
        md5, kind = photo.get("md5"), photo.get("type") or "jpeg"
        if isinstance(md5, str) and re.fullmatch(r"[0-9A-Za-z]{8,64}", md5) and isinstance(kind, str) \
                and re.fullmatch(r"[a-z0-9]{2,5}", kind):
            order = photo.get("orderInEntry")
            found.append((order if isinstance(order, int) else index, PhotoDraft(member=f"photos/{md5}.{kind}")))
    return [photo for _, photo in sorted(found, key=lambda pair: pair[0])]


def day_one_entries(items: list[Any], today: date, parsed: ParsedImport) -> None:
    for number, item in enumerate(items, start=1):
        where = f"Entry {number}"
        if not isinstance(item, dict):
            raise FieldError("content", MSG_JSON_SHAPE)
        text = item.get("text")
        if not isinstance(text, str) or not text.strip():
            text = _rich_text(item.get("richText")) or text
        when = day_one_date(item, where)
        draft = make_draft(with_tags(day_one_text(text) or "", item.get("tags")), when, where, today,
                           location=day_one_location(item))
        if draft is None:
            parsed.skip("empty")
            continue
        draft.photos = day_one_photos(item)
        parsed.drafts.append(draft)
        for key, kind in DAY_ONE_MEDIA.items():
            media = item.get(key)
            parsed.skip(kind, len(media) if isinstance(media, list) else 0)
        parsed.skip("weather", 1 if isinstance(item.get("weather"), dict) else 0)
        parsed.skip("starred", 1 if item.get("starred") is True else 0)
        limit(parsed.drafts)


# -- jrnl -------------------------------------------------------------------------------------
def is_jrnl(entries: list[Any]) -> bool:
    return any(isinstance(e, dict) and "title" in e and "body" in e and "date" in e for e in entries)


def jrnl_entries(items: list[Any], today: date, parsed: ParsedImport) -> None:
    """jrnl's JSON: the title is the entry's first sentence, the body the rest; jrnl itself writes
    them back as the title, a line break and the body."""
    for number, item in enumerate(items, start=1):
        where = f"Entry {number}"
        if not isinstance(item, dict):
            raise FieldError("content", MSG_JSON_SHAPE)
        title, body = item.get("title"), item.get("body")
        if not isinstance(title, str) or not isinstance(body, str | None):
            raise FieldError("content", f"{where}: the title and body must be text.")
        text = title.strip() + ("\n" + body.strip() if body and body.strip() else "")
        moment = item.get("date")
        if isinstance(moment, str) and isinstance(item.get("time"), str):
            moment = f"{moment} {item['time']}"
        draft = make_draft(text, date_field(moment, where), where, today)
        if draft is not None:
            parsed.drafts.append(draft)
            parsed.skip("starred", 1 if item.get("starred") is True else 0)
        else:
            parsed.skip("empty")
        limit(parsed.drafts)


# -- a list of {date, content} ----------------------------------------------------------------
def plain_entries(items: list[Any], today: date, parsed: ParsedImport) -> None:
    for number, item in enumerate(items, start=1):
        where = f"Entry {number}"
        if not isinstance(item, dict):
            raise FieldError("content", MSG_JSON_SHAPE)
        when = date_field(_first(item, _JSON_DATE_KEYS), where)
        location = item.get("location") if isinstance(item.get("location"), str) else None
        time = item.get("time") if isinstance(item.get("time"), str) and item.get("time") else None
        try:
            time = rules.check_time(time) if time else None
        except FieldError:
            raise FieldError("content", f"{where}: {rules.MSG_TIME}") from None
        content = with_tags(_first(item, _JSON_CONTENT_KEYS) or "", item.get("tags")) if isinstance(
            _first(item, _JSON_CONTENT_KEYS), str | None) else _first(item, _JSON_CONTENT_KEYS)
        draft = make_draft(content, when, where, today, location=location, entry_time=time)
        if draft is not None:
            parsed.drafts.append(draft)
        else:
            parsed.skip("empty")
        limit(parsed.drafts)


# -- Reverie's own export ---------------------------------------------------------------------
def reverie_entries(document: dict[str, Any], today: date) -> list[EntryDraft]:
    items = document.get("entries")
    if not isinstance(items, list):
        raise FieldError("content", MSG_JSON_SHAPE)
    drafts: list[EntryDraft] = []
    for number, item in enumerate(items, start=1):
        where = f"Entry {number}"
        if not isinstance(item, dict):
            raise FieldError("content", MSG_JSON_SHAPE)
        when = date_field(item.get("date"), where)
        time = item.get("time") if isinstance(item.get("time"), str) and item.get("time") else None
        try:
            mood = rules.parse_mood(item.get("mood"))
            goals = rules.parse_related(item.get("relatedGoals"), "relatedGoals")
            projects = rules.parse_related(item.get("relatedProjects"), "relatedProjects")
            time = rules.check_time(time) if time else None
            stamp = item.get("timestamp")
            if stamp is not None and (isinstance(stamp, bool) or not isinstance(stamp, int)):
                raise FieldError("timestamp", rules.MSG_TIMESTAMP)
            stamp = rules.check_timestamp(stamp) if stamp is not None else None
        except FieldError as problem:
            raise FieldError("content", f"{where}: {problem.detail}") from None
        summary = item.get("summary") if isinstance(item.get("summary"), str) else None
        if summary and len(summary) > 10_000:
            raise FieldError("content", f"{where}: the summary can be at most 10,000 characters.")
        source = item.get("id")
        draft = make_draft(item.get("content"), when, where, today, location=item.get("location"), entry_time=time,
                           mood=mood, mood_source="writer" if mood and item.get("moodSource") == "writer" else None,
                           summary=summary or None, related_goals=goals, related_projects=projects,
                           source_id=str(source)[:64] if isinstance(source, str | int) and source != "" else None)
        if draft is None:
            continue
        if stamp is not None:
            draft.timestamp = rules.agreeing_timestamp(draft.entry_date, draft.entry_time, stamp)
        for value in (*(draft.mood or {}).values(), draft.summary or "", *goals, *projects):
            check_text(value, where, "text")
        photos = item.get("photos")
        for photo in photos if isinstance(photos, list) else []:
            if not isinstance(photo, dict) or not isinstance(photo.get("file"), str):
                continue
            caption = photo.get("caption") if isinstance(photo.get("caption"), str) else None
            if caption and len(caption) > 300:
                raise FieldError("content", f"{where}: a photo's caption can be at most 300 characters.")
            draft.photos.append(PhotoDraft(member=photo["file"][:500],
                                           caption=check_text(caption, where, "caption") if caption else None))
        drafts.append(draft)
        limit(drafts)
    return drafts


def parse_document(document: Any, today: date) -> ParsedImport:
    """Any of the JSON formats, already decoded."""
    if isinstance(document, list):
        parsed = ParsedImport(drafts=[], format="JSON")
        plain_entries(document, today, parsed)
        return parsed
    if isinstance(document, dict):
        if document.get("format") == REVERIE_EXPORT_FORMAT:
            from api.journal.backup.restore import read_backup

            drafts = reverie_entries(document, today)
            return ParsedImport(drafts=drafts, backup=read_backup(document), format="Reverie export")
        entries = document.get("entries")
        if isinstance(entries, list):
            if any(isinstance(e, dict) and "creationDate" in e for e in entries):
                parsed = ParsedImport(drafts=[], format="Day One")
                day_one_entries(entries, today, parsed)
            elif is_jrnl(entries):
                parsed = ParsedImport(drafts=[], format="jrnl")
                jrnl_entries(entries, today, parsed)
            else:
                parsed = ParsedImport(drafts=[], format="JSON")
                plain_entries(entries, today, parsed)
            return parsed
    raise FieldError("content", MSG_JSON_SHAPE)


def parse_json(content: str | bytes, today: date) -> ParsedImport:
    return parse_document(decode(content), today)
