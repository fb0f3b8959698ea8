"""The words of a highlight: a task's or project's text tidied (`_reformulate`, `_project_name`,
`_finish`), its timeframe and priority from the sentence around it, duplicates within an entry merged and
tasks linked to the entry's projects."""

from __future__ import annotations

import re
from datetime import date

import msgspec

from pipelines.highlights.duplicates import _KEY_TIME
from pipelines.highlights.schema import (
    DEFAULT_GOAL_TIMEFRAME,
    DEFAULT_PRIORITY,
    DEFAULT_TASK_TIMEFRAME,
    MAX_REFORMULATION_CHARS,
    Highlight,
    Priority,
)
from pipelines.highlights.statements import _base_verb
from pipelines.highlights.vocabulary import (
    _DANGLING,
    _DEADLINE_RE,
    _LEADING_DETERMINER,
    _LOW_RE,
    _MONTH_RE,
    _NOW_RE,
    _PREPOSITION,
    _PRONOUN_SWAPS,
    _QUARTER_RE,
    _TODAY_RE,
    _TRAILING_FILLER,
    _TRAILING_JUNK,
    _TRAILING_TIME,
    _URGENT_RE,
    _VAGUE_WORDS,
    _WEEKDAYS,
    _WORD,
    _words,
)


def _base_form_first(text: str) -> str:
    """"Fixing the fence" (after "get round to") -> "Fix the fence"."""
    first, _, rest = text.partition(" ")
    if rest and first.lower().endswith("ing") and (base := _base_verb(first[:-3])):
        return _finish(f"{base} {rest}")
    return text


def _reformulate(action: str) -> str:
    text = _TRAILING_FILLER.sub("", _TRAILING_JUNK.sub("", action.strip()))
    text = _TRAILING_JUNK.sub("", text)
    for pattern, replacement in _PRONOUN_SWAPS:
        text = pattern.sub(replacement, text)
    return _finish(text)


def _project_name(action: str) -> str:
    text = _TRAILING_FILLER.sub("", _TRAILING_JUNK.sub("", action.strip()))
    text = _TRAILING_TIME.sub("", text)
    text = _LEADING_DETERMINER.sub("", text)
    for pattern, replacement in _PRONOUN_SWAPS:
        text = pattern.sub(replacement, text)
    return _finish(text)


def _finish(text: str) -> str:
    text = " ".join(text.replace('"', "").split()).strip(" '")
    if len(text) > MAX_REFORMULATION_CHARS:
        text = text[: MAX_REFORMULATION_CHARS + 1].rsplit(" ", 1)[0]
        words = text.split()
        while words and words[-1].lower().strip(",;:") in _DANGLING:
            words.pop()
        text = " ".join(words)
    text = _TRAILING_JUNK.sub("", text)
    return text[:1].upper() + text[1:] if text else ""


def _drop_verb(reformulation: str) -> str:
    words = reformulation.split()
    if words and words[0].lower() in ("set", "put", "fix"):
        return " ".join(words[2:])
    return " ".join(words[1:])


def _head_noun(name: str) -> str | None:
    """The noun a project is known by: the last word before its first preposition."""
    chunk = _PREPOSITION.split(f" {_LEADING_DETERMINER.sub('', name.strip())} ", maxsplit=1)[0]
    words = [w.lower() for w in _WORD.findall(chunk) if w.lower() not in _VAGUE_WORDS]
    return words[-1] if words else None


def _task_timeframe(context: str, action: str, today: date) -> str:
    if _TODAY_RE.search(context) or _NOW_RE.search(action):
        return "today"
    weekday = _WEEKDAYS[today.weekday()]
    # "by Friday" written on a Friday is due today; "before Friday" or "next Friday" is not.
    if re.search(
        rf"\b(?<!before )(?<!next )(?:by\s+|on\s+|this\s+)?{weekday[:3]}(?:{weekday[3:]})?\b",
        context,
        re.IGNORECASE,
    ):
        return "today"
    return DEFAULT_TASK_TIMEFRAME


def _goal_timeframe(context: str) -> str:
    if _MONTH_RE.search(context):
        return "month"
    if _QUARTER_RE.search(context):
        return "quarter"
    return DEFAULT_GOAL_TIMEFRAME


def _priority(context: str, task_timeframe: str | None) -> Priority:
    if _LOW_RE.search(context):
        return "low"  # a hedge wins: "maybe today" is not urgent
    if _URGENT_RE.search(context) or _DEADLINE_RE.search(context) or task_timeframe == "today":
        return "high"
    return DEFAULT_PRIORITY


_RANK = {"low": 0, "medium": 1, "high": 2}
_KEY_STOP = _words("a an the your my our to up asap now urgently really")


def _dedup_key(text: str) -> tuple[str, ...]:
    """Same words, ignoring determiners, order and when: "Call the landlord" = "call the landlord asap"."""
    return tuple(sorted({w.lower() for w in _WORD.findall(_KEY_TIME.sub(" ", text))} - _KEY_STOP))


def _deduplicate(found: list[tuple[Highlight, str | None]]) -> list[tuple[Highlight, str | None]]:
    """Keep the first wording; a repeat can only make it more urgent (priority, today)."""
    kept: list[tuple[Highlight, str | None]] = []
    index: dict[tuple[str, ...], int] = {}
    for highlight, head in found:
        key = _dedup_key(highlight.reformulation)
        if key not in index:
            index[key] = len(kept)
            kept.append((highlight, head))
            continue
        i = index[key]
        first, first_head = kept[i]
        metadata = first.metadata
        if _RANK[highlight.metadata.priority] > _RANK[metadata.priority]:
            metadata = msgspec.structs.replace(metadata, priority=highlight.metadata.priority)
        if first.type == "task" and highlight.metadata.timeframe == "today":
            metadata = msgspec.structs.replace(metadata, timeframe="today")
        kept[i] = (msgspec.structs.replace(first, metadata=metadata), first_head)
    return kept


def _link_projects(found: list[tuple[Highlight, str | None]]) -> list[Highlight]:
    """A task that names a project of the same entry refers to it (metadata.projectRef)."""
    projects = [(h.reformulation, head) for h, head in found if h.type == "project" and head]
    result: list[Highlight] = []
    for highlight, _ in found:
        if highlight.type == "task" and highlight.metadata.project_ref is None:
            for name, head in projects:
                if re.search(rf"\b{re.escape(head)}(?:s|es)?\b", highlight.reformulation, re.IGNORECASE):
                    metadata = msgspec.structs.replace(highlight.metadata, project_ref=name)
                    highlight = msgspec.structs.replace(highlight, metadata=metadata)
                    break
        result.append(highlight)
    return result

