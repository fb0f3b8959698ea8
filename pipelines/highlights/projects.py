"""Named projects: the pieces of work an entry is about by name ("the loft conversion", "the
migration project", "Project Balcony"), added as projects when no rule found them in a clause."""

from __future__ import annotations

import re

from pipelines.highlights.schema import DEFAULT_PRIORITY, Highlight, HighlightMetadata
from pipelines.highlights.vocabulary import _VAGUE_WORDS
from pipelines.highlights.wording import _finish, _goal_timeframe

_NAMED_WORK = re.compile(
    r"\b(?:the|our|my)\s+(?P<name>(?:[a-z]+\s+){0,2}(?:conversion|renovation|extension|refurb(?:ishment)?|"
    r"makeover|remodel|restoration|rebuild|fit-out|self-build|build)|(?:garden|allotment)\s+(?:workshop|studio|"
    r"office|room)|(?:[a-z]+\s+){1,2}project|(?P<pitch>(?:client|sales|investor|funding|grant)\s+(?:pitch|proposal|bid)"
    r"(?:\s+(?:for|to)\s+(?-i:[A-Z][\w&'-]+))?))\b(?!\s+(?:manager|meeting|lead|plan|board|budget)s?\b)",
    re.IGNORECASE,
)


_PASSING_MENTION = re.compile(r"\b(?:for|of|about|on|in|into|with|from|at|to|after|before|over|during)\s*$",
                              re.IGNORECASE)
# "Long day working on the migration project" (the long tour's year of entries gave no project): the
# writer works on it, no passing mention; only then is a client pitch or proposal a project.
_WORKED_ON = re.compile(r"\b(?:work(?:s|ed|ing)?|progress|busy)\s+(?:on|with)\s*$", re.IGNORECASE)


def named_projects(text: str, found: list[tuple[Highlight, str | None]]) -> list[tuple[Highlight, str | None]]:
    """Named pieces of work ("the loft conversion") the entry is about, as projects, unless one
    is already there."""
    have = " ".join(h.reformulation.lower() for h, _ in found if h.type == "project")
    out: list[tuple[Highlight, str | None]] = []
    for m in _NAMED_WORK.finditer(text):
        before = text[: m.start()]
        if (_PASSING_MENTION.search(before) or m["pitch"]) and not _WORKED_ON.search(before):
            continue  # "Money for the loft conversion keeps going round my head": not said as a project
        words = m["name"].split()  # a name keeps the writer's capitals after its first word ("for Halvorsen")
        if words[0].lower() in _VAGUE_WORDS or words[0].lower() in ("new", "big", "whole", "first", "next", "last"):
            words = words[1:]
        name = " ".join([words[0].lower(), *words[1:]]) if words else ""
        if len(words) < 2 or name.lower() in have:
            continue
        have += " " + name.lower()
        metadata = HighlightMetadata(timeframe=_goal_timeframe(text), priority=DEFAULT_PRIORITY)
        head = m["pitch"].split()[1] if m["pitch"] else words[-1]
        out.append((Highlight(type="project", reformulation=_finish(name), metadata=metadata), head.lower()))
    for m in _CODE_NAMED.finditer(text):  # "project balcony is ON.", "Operation Homecoming."
        name = f"{m['kind'].capitalize()} {m['name'].lower() if m['name'].isupper() else m['name']}"
        if name.lower() not in have:
            have += " " + name.lower()
            metadata = HighlightMetadata(timeframe=_goal_timeframe(text), priority=DEFAULT_PRIORITY)
            out.append((Highlight(type="project", reformulation=name, metadata=metadata), m["name"].split()[-1].lower()))
    return out


_CODE_NAMED = re.compile(r"(?:^|(?<=[\n.:!]\s)|(?<=[-*\u2022]\s))(?P<kind>(?i:project|operation))\s+(?P<name>(?:[A-Z][\w'-]*)"
                         r"(?:\s+[A-Z][\w'-]*){0,2}|[a-z]+(?=\s+(?:is|has|starts|begins|done)\b|\s*[.:!]))", re.MULTILINE)
