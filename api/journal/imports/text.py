"""Plain text and Markdown journals, split into entries at the lines that are dates.

A line opens an entry when it is (as a Markdown heading, bold, or plain):
- a date alone, or a date and a separator and the entry's first words ("3/11/2026 - A long walk");
- a date, a time of day and the entry's first words: jrnl's Markdown export
  ("### 2013-04-09 15:39 I have an @idea:", under "# 2013" and "## April", which are dropped);
- jrnl's own journal file and its txt export: "[2013-04-09 15:39] I have an @idea:" (jrnl writes
  the date in its configured format; a trailing " *" is its star);
- Daygram's text export: "March 23 Monday 2020 / Today's a fine day."

A note dated by its file name (Obsidian's daily notes: "2026-02-17.md") or by its front matter
(`date:`) is one entry whatever its headings say; its front matter's `tags`, `time`, `location`
and `mood` are kept (`tags` as hashtags in the text).
"""

from __future__ import annotations

import codecs
import re
from datetime import date, datetime
from typing import Any

from api.errors import FieldError
from api.journal.dates import MONTHS, WEEKDAYS
from api.journal.importing import (
    EntryDraft,
    FoundDate,
    ParsedImport,
    PhotoDraft,
    UnreadableDate,
    clean_content,
    clock,
    date_field,
    limit,
    make_draft,
    match_date,
    time_after,
    with_tags,
)

MSG_NOT_TEXT = ("The file is not text Reverie can read (UTF-8 or UTF-16). Please export it again as UTF-8 "
                "text.")


def decode_text(data: bytes, name: str = "") -> str:
    """UTF-8 (with or without its byte-order mark) or UTF-16 with one; anything else is a 400."""
    try:
        if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            return data.decode("utf-16")
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FieldError("file", MSG_NOT_TEXT if not name else f"{name[:80]}: {MSG_NOT_TEXT}") from None


_HEADING = re.compile(r"^\s{0,3}(?:#{1,6}\s*|[*_]{1,3})")
# jrnl's date line: the date in brackets (any of its time formats), then the title.
_JRNL = re.compile(r"^\[([^\]\n]{6,40})\][ \t]?(.*)$")
_MONTH_NAMES = "|".join(sorted(MONTHS, key=len, reverse=True))
_DAYGRAM = re.compile(rf"^({_MONTH_NAMES})\s+(\d{{1,2}})\s+(?:{'|'.join(WEEKDAYS)})\s+(\d{{4}})\s*/\s?(.*)$",
                      re.IGNORECASE)
# The headings jrnl's Markdown export groups entries under ("# 2013", "## April"): not text.
_GROUPING = re.compile(rf"^\s{{0,3}}#{{1,6}}\s*(?:\d{{4}}|{_MONTH_NAMES})\s*$", re.IGNORECASE)
# Obsidian embeds ("![[photo.jpg]]") and Markdown images ("![](photos/a.jpg)") of local files.
_EMBED = re.compile(r"!\[\[([^\]|\n]+)(?:\|[^\]\n]*)?\]\]|!\[[^\]\n]*\]\((?!https?:|data:)([^)\s]+)\)")
IMAGE_EXTENSIONS = (".jpg", ".jpeg", ".png", ".webp", ".gif", ".heic")
_NOTE_NAME_DATE = re.compile(r"^(\d{4})-?(\d{2})-?(\d{2})(?!\d)")
MAX_FRONT_MATTER_CHARS = 64 * 1024


class Opening:
    """A line that opens an entry: its date, its first words, and whether jrnl starred it."""

    __slots__ = ("rest", "starred", "when")

    def __init__(self, when: FoundDate, rest: str, starred: bool = False) -> None:
        self.when, self.rest, self.starred = when, rest, starred


def _with_time(when: FoundDate, rest: str) -> tuple[FoundDate, str] | None:
    """A time of day after the date, when there is one: (the date with it, the rest)."""
    try:
        found = time_after(rest)
    except UnreadableDate:
        return None
    if found is None:
        return None
    if when.time is None:
        when.time = found[0]
    return when, rest[found[1]:]


def _jrnl_line(line: str) -> Opening | None:
    match = _JRNL.match(line)
    if not match:
        return None
    inside, title = match.groups()
    found = match_date(inside.strip(), day_first=True)
    if found is None:
        return None
    when, end = found
    rest = inside.strip()[end:]
    if rest.strip():
        timed = _with_time(when, rest)
        if timed is None or timed[1].strip():
            return None
        when = timed[0]
    starred = title.rstrip().endswith(" *") or title.strip() == "*"
    if starred:
        title = title.rstrip()[:-1].rstrip()
    return Opening(when, title.strip(), starred)


def _daygram_line(line: str) -> Opening | None:
    match = _DAYGRAM.match(line)
    if not match:
        return None
    month, day, year, rest = match.groups()
    try:
        when = date(int(year), MONTHS[month.lower()], int(day))
    except ValueError:
        return None
    return Opening(FoundDate(day=when), rest.strip())


def date_line(line: str) -> Opening | None:
    """The date opening an entry on this line, or None (see the module's docstring)."""
    if line.startswith("["):
        return _jrnl_line(line)
    daygram = _daygram_line(line)
    if daygram is not None:
        return daygram
    text = _HEADING.sub("", line).strip()
    found = match_date(text, day_first=True)
    if found is None:
        return None
    when, end = found
    rest = re.sub(r"^[*_]{1,3}", "", text[end:])  # the closing ** of a bold date
    timed = (when, rest) if when.time is not None else _with_time(when, rest)
    if timed is not None:
        when, rest = timed
        rest = rest.rstrip(" *_#")
        # A date and a time: what follows is the entry's first line (jrnl's Markdown export).
        return Opening(when, re.sub(r"^[\s:\-–—|]+", "", rest))
    rest = rest.rstrip(" *_#")
    # Text after a date alone only with a separator ("3/11/2026 - A walk"): "March 3, 2026 was a
    # good day" is a sentence, not a new entry.
    if rest.strip() and not re.match(r"^\s*[:\-–—|]", rest):
        return None
    return Opening(when, re.sub(r"^[\s:\-–—|]+", "", rest))


def _drop_grouping(block: list[str]) -> list[str]:
    """A block without the year and month headings jrnl's Markdown export puts before the next entry."""
    end = len(block)
    while end and (not block[end - 1].strip() or _GROUPING.match(block[end - 1])):
        end -= 1
    return block[:end]


def parse_text(content: str, today: date, name: str | None = None, *, undated: bool = True) -> ParsedImport:
    """A text or Markdown journal (or one note, when its name or front matter dates it). Text
    under no date is an entry of today, unless `undated` is False (then it is left out)."""
    note = parse_note(content, today, name) if undated else None
    if note is not None:
        return note
    parsed = ParsedImport(drafts=[], format="Plain text")
    lines = clean_content(content.lstrip("\ufeff")).split("\n")
    blocks: list[tuple[Opening | None, list[str]]] = [(None, [])]
    kinds: set[str] = set()
    for line in lines:
        opened = date_line(line)
        if opened is not None:
            kinds.add("jrnl" if line.startswith("[") else "Daygram" if _DAYGRAM.match(line) else
                      "jrnl" if opened.when.time and _HEADING.match(line) else "text")
            blocks.append((opened, [opened.rest] if opened.rest else []))
        else:
            blocks[-1][1].append(line)
    if any(line.startswith("#") for line in lines) and kinds <= {"text"}:
        parsed.format = "Markdown"
    if kinds and kinds <= {"jrnl", "Daygram"} and len(kinds) == 1:
        parsed.format = kinds.pop()
    preamble = _drop_grouping(blocks.pop(0)[1])
    if not blocks:  # no date lines at all: the whole text is one entry, written today
        draft = make_draft("\n".join(preamble), None, "The entry", today) if undated else None
        parsed.drafts = [draft] if draft else []
        return parsed
    if undated and any(line.strip() and not _HEADING.match(line) for line in preamble):
        # Text before the first date that is more than a title: an entry of its own, dated today.
        draft = make_draft("\n".join(preamble), None, "The text before the first date", today)
        if draft:
            parsed.drafts.append(draft)
    starred = 0
    for number, (opened, block) in enumerate(blocks, start=1):
        assert opened is not None
        draft = make_draft("\n".join(_drop_grouping(block)), opened.when, f"Entry {number}", today)
        if draft is not None:
            parsed.drafts.append(draft)
            starred += opened.starred
        limit(parsed.drafts)
    parsed.skip("starred", starred)
    return parsed


# -- one note: Obsidian's daily notes, Reverie's own Markdown export --------------------------
def front_matter(text: str) -> tuple[dict[str, Any], str]:
    """The YAML front matter of a Markdown note (as a dict; {} when there is none or it is not a
    mapping) and the note's body."""
    if not text.startswith("---\n"):
        return {}, text
    end = text.find("\n---", 3, MAX_FRONT_MATTER_CHARS)
    if end < 0 or text[end + 4:end + 5] not in ("", "\n"):
        return {}, text
    import yaml

    try:
        data = yaml.load(text[4:end], Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (yaml.YAMLError, RecursionError, ValueError):
        return {}, text
    return (data if isinstance(data, dict) else {}), text[end + 4:].lstrip("\n")


def note_name_date(name: str | None) -> date | None:
    """The day a daily note's file name says (2026-02-17.md, 20260217.md), or None."""
    if not name:
        return None
    stem = name.replace("\\", "/").rsplit("/", 1)[-1]
    match = _NOTE_NAME_DATE.match(stem)
    if not match:
        return None
    try:
        return date(*(int(part) for part in match.groups()))
    except ValueError:
        return None


def _front_date(value: Any, where: str) -> FoundDate | None:
    if isinstance(value, datetime):
        return FoundDate(day=value.date(), time=f"{value.hour:02d}:{value.minute:02d}")
    if isinstance(value, date):
        return FoundDate(day=value)
    if isinstance(value, str) and value.strip():
        return date_field(value, where)
    return None


def _front_text(front: dict[str, Any], key: str) -> str | None:
    value = front.get(key)
    return value.strip() if isinstance(value, str) and value.strip() else None


def _front_tags(front: dict[str, Any]) -> list[str]:
    tags = front.get("tags", front.get("tag"))
    if isinstance(tags, str):
        return [t for t in re.split(r"[,\s]+", tags) if t]
    return [t for t in tags if isinstance(t, str)] if isinstance(tags, list) else []


def embedded_images(text: str) -> tuple[str, list[str], int]:
    """The note's text without its embedded local images, the images' paths as written, and how
    many other local files it embeds (PDFs, audio: not kept)."""
    images: list[str] = []
    others = 0

    def take(match: re.Match[str]) -> str:
        nonlocal others
        target = (match.group(1) or match.group(2) or "").strip()
        if target.lower().endswith(IMAGE_EXTENSIONS):
            images.append(target)
            return ""
        if "." in target.rsplit("/", 1)[-1]:
            others += 1
            return ""
        return match.group(0)  # a note embedded in a note: its name stays as text

    return _EMBED.sub(take, text), images, others


def note_draft(content: str, today: date, name: str | None, where: str) -> tuple[EntryDraft | None, int] | None:
    """One note as one entry: (the draft, or None for an empty note; files it embeds that are not
    photos), or None when neither its name nor its front matter dates it."""
    front, body = front_matter(clean_content(content.lstrip("\ufeff")))
    when = _front_date(front.get("date", front.get("created")), where)
    if when is None:
        day = note_name_date(name)
        if day is None:
            return None
        when = FoundDate(day=day)
    time = _front_text(front, "time")
    if time:
        try:
            parts = re.fullmatch(r"(\d{1,2}):(\d{2})", time)
            when.time = clock(int(parts.group(1)), int(parts.group(2))) if parts else None
        except UnreadableDate:
            when.time = None
        if when.time is None:
            raise FieldError("content", f"{where}: the time {time[:20]!r} could not be read. Use 24-hour HH:MM.")
    # Reverie's own Markdown export opens the text with jrnl's date line: the date is the note's.
    opening = date_line(body.split("\n", 1)[0]) if body.startswith("[") else None
    if opening is not None and opening.when.day == when.day:
        body = opening.rest + ("\n" + body.split("\n", 1)[1] if "\n" in body else "")
    body, images, others = embedded_images(body)
    tags = [t for t in _front_tags(front) if f"#{t.lstrip('#')}" not in body]
    draft = make_draft(with_tags(body, tags), when, where, today, location=_front_text(front, "location"),
                       mood_label=_front_text(front, "mood"))
    if draft is not None:
        draft.photos = [PhotoDraft(member=path) for path in images]
    return draft, others


def parse_note(content: str, today: date, name: str | None) -> ParsedImport | None:
    """A single note dated by its name or front matter, or None when it is not one."""
    found = note_draft(content, today, name, "The note")
    if found is None:
        return None
    draft, others = found
    parsed = ParsedImport(drafts=[draft] if draft else [], format="Markdown note")
    if draft is not None and draft.photos:
        parsed.skip("photo_missing", len(draft.photos))  # a lone note's images are not in the file
        draft.photos = []
    parsed.skip("attachment", others)
    return parsed
