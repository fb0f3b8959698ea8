"""Highlights: the intentions a journal entry states (tasks, projects, goals), found by rules.

This is the local provider's highlight extraction, and the spec's "fallback task extraction" when
another provider fails. It is deliberately conservative: a missed intention costs the journaler a
click, a task invented from a memory or a feeling costs their trust. So it extracts only what is
written as an intention of the writer (first person, present or future, not negated, not asked),
and ignores past events, other people's obligations, questions and feelings.

Vocabulary (kept small on purpose, see pipelines/README.md):
- type: task (a one-off action), project (an ongoing piece of work with a name), goal (an outcome or
  a habit to build over time).
- timeframe: tasks "today" | "week" (default "week"); goals and projects "month" | "quarter" |
  "year" (default "year", the spec's goal default).
- priority: "high" (urgency words, a deadline within about a week, or a today timeframe), "low"
  (hedges: maybe, someday, eventually, if I have time...; a hedge wins over urgency), else "medium".

Plain functions, no Prefect and no database. The similarity functions use `pipelines.embeddings`,
imported when first needed so that extraction alone never loads the model.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Literal

import msgspec

if TYPE_CHECKING:
    import numpy as np


def _words(text: str) -> frozenset[str]:
    """A word list written as one string."""
    return frozenset(text.split())


HighlightType = Literal["task", "project", "goal"]
Priority = Literal["high", "medium", "low"]
TaskType = Literal["personal", "professional", "administrative"]

TASK_TIMEFRAMES = ("today", "week")
GOAL_TIMEFRAMES = ("month", "quarter", "year")
DEFAULT_TASK_TIMEFRAME = "week"
DEFAULT_GOAL_TIMEFRAME = "year"
DEFAULT_PRIORITY: Priority = "medium"
# Spec: at most 3 projects per type (professional, personal, administrative) per analysis.
MAX_PROJECTS_PER_TYPE = 3
MAX_REFORMULATION_CHARS = 120
# Cosine similarity (all-MiniLM-L6-v2, on `intention_key` texts) at or above which two task or goal
# texts are the same intention said in other words. Calibrated on the paraphrase / non-paraphrase
# pairs in tests/pipelines/test_highlights.py: the middle of the best-accuracy plateau.
DUPLICATE_THRESHOLD = 0.67


class HighlightMetadata(msgspec.Struct, kw_only=True, frozen=True, rename="camel"):
    timeframe: str
    priority: Priority = DEFAULT_PRIORITY
    project_ref: str | None = None
    parent_id: str | None = None


class Highlight(msgspec.Struct, kw_only=True, frozen=True, rename="camel"):
    type: HighlightType
    reformulation: str
    metadata: HighlightMetadata


# --------------------------------------------------------------------------------------------------
# Text clean-up and segmentation
# --------------------------------------------------------------------------------------------------

_TYPOGRAPHY = str.maketrans(
    {"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " ", "\t": " ", "\r": "\n"}
)

_BULLET = re.compile(r"^\s*(?:[-*\u2022\u00b7\u2013\u2014+>]+|\(?\d{1,2}[.)](?=\s)|\(?[a-zA-Z]\)(?=\s))\s*")
_CHECKBOX = re.compile(r"^\[(?P<mark>[ xX\u2713\u2714]?)\]\s*")
_DONE_ITEM = re.compile(
    r"^(?:[\u2713\u2714\u2611\u2705]|~~)|(?:~~|[\u2713\u2714\u2611\u2705]|\((?:done|finished|completed)\))\s*$",
    re.IGNORECASE,
)
_HEADER_TIME = (
    r"(?:\s+(?:for|this|next|today|tonight|tomorrow|the|week|weekend|month|quarter|year|\d{4}|morning|evening|"
    r"list))*"
)
_LIST_HEADER = re.compile(
    r"^(?:(?:my|our|the|today'?s|tomorrow'?s|this\s+week'?s|weekend|new)\s+)?"
    r"(?P<what>to[- ]?dos?|todo|tasks?|errands|checklist|things\s+(?:i\s+need\s+)?to\s+do|reminders?"
    r"|goals?|resolutions?|intentions?|(?:current\s+|ongoing\s+|side\s+)?projects?)"
    rf"(?P<when>{_HEADER_TIME})\s*(?::\s*(?P<inline>.*)|(?P<bare>))$",
    re.IGNORECASE,
)
# Tokens ending in "." that do not end a sentence.
_ABBREVIATIONS = _words(
    "mr mrs ms dr prof st vs etc approx appt dept est min max no jan feb mar apr jun jul aug sep sept "
    "oct nov dec mon tue tues wed thu thurs fri sat sun"
)
_SENTENCE_END = re.compile(r"([.!?\u2026]+)[\"')\]]*\s+")


@dataclass(frozen=True, slots=True)
class _Unit:
    """A piece of text analysed on its own: a prose sentence, or an item of a list."""

    text: str
    list_kind: HighlightType | None = None  # set for items under a "To do:" / "Goals:" header
    context: str = ""  # the list header, whose time words apply to its items
    bullet: bool = False
    question: bool = False


def normalise_text(text: str) -> str:
    """Straight quotes and plain whitespace, so the rules see one spelling of "don't"."""
    return text.translate(_TYPOGRAPHY)


def split_sentences(text: str) -> list[str]:
    """Sentences of a journal entry, in order, with list markers stripped.

    Line breaks end a sentence (entries are often lists or fragments); within a line, sentence
    punctuation does, except after common abbreviations, initials and "e.g."-style tokens.
    """
    sentences: list[str] = []
    for line in normalise_text(text).split("\n"):
        body = _strip_markers(line)
        if body:
            sentences.extend(_split_line(body))
    return sentences


def _strip_markers(line: str) -> str:
    line = line.strip()
    bullet = _BULLET.match(line)
    if bullet:
        line = line[bullet.end() :]
    line = _CHECKBOX.sub("", line)
    return line.strip()


def _split_line(line: str) -> list[str]:
    parts: list[str] = []
    start = 0
    for m in _SENTENCE_END.finditer(line):
        if m.group(1) == "." and _is_abbreviation(line[start : m.start()]):
            continue
        piece = line[start : m.end()].strip()
        if piece:
            parts.append(piece)
        start = m.end()
    rest = line[start:].strip()
    if rest:
        parts.append(rest)
    return parts


def _is_abbreviation(before_dot: str) -> bool:
    word = before_dot.rsplit(None, 1)[-1] if before_dot.strip() else ""
    word = word.lstrip("(\"'").lower()
    return len(word) == 1 or "." in word or word in _ABBREVIATIONS


def _segment(text: str) -> list[_Unit]:
    """Prose sentences and list items; items under a to-do/goals/projects header carry its kind."""
    units: list[_Unit] = []
    list_kind: HighlightType | None = None
    context = ""
    items_seen = 0
    bulleted = False  # a list written with bullets ends at the first line without one
    for raw in normalise_text(text).split("\n"):
        line = raw.strip()
        if not line:
            if list_kind and items_seen:
                list_kind = None  # a blank line after some items closes the list
            continue
        bullet_match = _BULLET.match(line)
        is_bullet = bool(bullet_match and bullet_match.group(0).strip())
        body = line[bullet_match.end() :] if is_bullet and bullet_match else line
        checkbox = _CHECKBOX.match(body)
        done = bool(checkbox and checkbox.group("mark").strip()) or bool(_DONE_ITEM.search(body))
        if checkbox:
            body = body[checkbox.end() :]
            is_bullet = True
        body = body.strip()
        if not body:
            continue

        header = _LIST_HEADER.match(body.rstrip("."))
        if header and (header.group("inline") is not None or header.group("bare") is not None):
            list_kind = _header_kind(header.group("what"))
            context = header.group("when") or ""
            items_seen = 0
            bulleted = False
            inline = (header.group("inline") or "").strip()
            for item in _split_inline_items(inline):
                units.append(_Unit(item, list_kind, context, bullet=True))
                items_seen += 1
            continue

        if list_kind and (is_bullet or (not bulleted and len(body.split()) <= 12)):
            bulleted = bulleted or is_bullet
            if not done:
                units.append(_Unit(body, list_kind, context, bullet=True, question=body.endswith("?")))
            items_seen += 1
            continue
        list_kind = None

        if done:
            continue
        for sentence in _split_line(body):
            is_question = sentence.rstrip("\"')] ").endswith("?")
            for clause in _split_clauses(sentence):
                units.append(_Unit(clause, bullet=is_bullet, question=is_question))
    return units


def _header_kind(what: str) -> HighlightType:
    what = what.lower()
    if what.startswith(("goal", "resolution", "intention")):
        return "goal"
    if "project" in what:
        return "project"
    return "task"


def _split_inline_items(inline: str) -> list[str]:
    items: list[str] = []
    for piece in re.split(r"\s*[;,]\s*", inline):
        items.extend(p for p in _INLINE_AND.split(piece) if p.strip())
    return [i.strip(" .") for i in items if i.strip(" .")]


_CLAUSE_SPLIT = re.compile(
    r"\s*;\s*|,\s*but\s+"
    r"|,?\s+\b(?:and|but|so|plus|then|also)\s+(?=(?:also\s+|then\s+|still\s+|really\s+|now\s+)?(?:i|we)\b(?!\.))",
    re.IGNORECASE,
)


def _split_clauses(sentence: str) -> list[str]:
    return [c.strip() for c in _CLAUSE_SPLIT.split(sentence) if c and c.strip()]


# --------------------------------------------------------------------------------------------------
# Trigger patterns: where an intention starts in a clause
# --------------------------------------------------------------------------------------------------

_SUBJ = r"\b(?:i|we)\b"
_ADV_WORDS = (
    r"really|still|just|definitely|seriously|absolutely|also|probably|actually|finally|honestly|"
    r"desperately|totally|truly|badly|urgently|certainly|genuinely|literally|both|all|kinda|kind\s+of|"
    r"sort\s+of|maybe|now|then|so|reall?y+"
)
_ADV = rf"(?:\s+(?:{_ADV_WORDS})){{0,3}}"
# Modal forms after "I"/"we". Each group name says how the intention leans: `goal` leans goal;
# `neutral` leaves the decision to the content (a habit or skill is a goal, an errand a task).
_MODALS_GOAL = (
    r"want\s+to|wanna|(?:'d|would)\s+(?:really\s+|so\s+)?(?:like|love)\s+to|(?:'m|am|'re|are)\s+hoping\s+to|hope\s+to"
    r"|aim\s+to|(?:'m|am|'re|are)\s+aiming\s+to|(?:'m|am)\s+(?:determined|committed)\s+to|dream\s+of"
)
_MODALS_NEUTRAL = (
    r"(?:'ll|will)\s+(?:need|have)\s+to|need\s+to|(?:'ve|have)\s+got\s+to|(?:'ve\s+)?gotta|have\s+to|got\s+to"
    r"|must(?!n't)|should(?!n't)|ought\s+to|(?:'m|am|'re|are)\s+(?:going\s+to|gonna)|gonna"
    r"|(?:'m|am|'re|are)\s+planning\s+to|plan\s+to|intend\s+to|(?:'m|am|'re|are)\s+supposed\s+to"
    r"|(?:'ve|have)\s+decided\s+to|(?:'m|am|'re|are)\s+trying\s+to|(?:'ll|will)(?!\s+(?:not|never)\b)"
)
# At the start of a clause the subject is often dropped in a journal: "Need to call mum."
_LEAD = (
    r"(?:(?:also|still|and|oh|so|plus|really|seriously|definitely|tomorrow|today|tonight|then|ok|okay|anyway|"
    r"next|first|ps|p\.s\.|btw|note|reminder|must|maybe|and\s+then|oh\s+and|this\s+week|this\s+weekend)[,:]?\s+){0,3}"
)
_BARE_MODALS = (
    r"need\s+to|have\s+to|(?:'ve\s+)?got\s+to|gotta|must(?!n't)|should(?!n't)|going\s+to|gonna|planning\s+to"
    r"|want\s+to|wanna|hoping\s+to|hope\s+to|trying\s+to|plan\s+to"
)
_MODAL_RE = re.compile(
    rf"(?P<subj>{_SUBJ}{_ADV})(?:\s+|(?='))(?:(?P<goal>{_MODALS_GOAL})|(?P<neutral>{_MODALS_NEUTRAL}))\s+"
    rf"|^{_LEAD}(?:(?P<bare_goal>want\s+to|wanna|hoping\s+to|hope\s+to)|(?P<bare>{_BARE_MODALS}))\s+",
    re.IGNORECASE,
)
# Reminders to oneself; the subject is the writer by construction.
_REMINDER_RE = re.compile(
    r"\b(?:don't|do\s+not|never)\s+forget\s+(?:to\s+)?|\bremind\s+me\s+to\s+|\bnote\s+to\s+self\s*[:,-]?\s*"
    rf"|\breminder(?:\s+to\s+self)?\s*:\s*|^(?:{_LEAD})(?:must\s+|need\s+to\s+)?remember\s+to\s+"
    rf"|\b(?:i|we){_ADV}(?:\s+(?:must|need\s+to|have\s+to|should))?\s+remember\s+to\s+",
    re.IGNORECASE,
)
_GOAL_RE = re.compile(
    r"\b(?:(?:one\s+of\s+)?(?:my|our)\s+(?:(?:main|big|biggest|new|real|personal|only|first|top|long[- ]term|"
    r"new\s+year'?s|fitness|career|reading|health|financial)\s+){0,2}"
    r"(?:goals?|aims?|resolutions?|ambitions?|dreams?|targets?|intentions?|mission)"
    r"|^(?:(?:the|new|this\s+\w+'?s?)\s+)?(?:goals?|resolutions?|aims?))"
    r"(?P<span>(?:\s+(?!is\b|are\b|was\b|were\b)[\w']+){0,5}?)\s*(?:is|are|will\s+be|'s|:|-)\s+"
    r"(?:to\s+|that\s+(?:i|we)\s+(?:will\s+|'ll\s+)?)?",
    re.IGNORECASE,
)

# Gerund -> imperative for the verbs that name an ongoing piece of work. "strong" verbs name a
# project on their own ("renovating the attic"); the others need a project noun in their object
# ("making a quilt" is a project, "making dinner" is not).
_PROJECT_VERBS_STRONG = {
    "building": "build",
    "renovating": "renovate",
    "remodeling": "remodel",
    "remodelling": "remodel",
    "redecorating": "redecorate",
    "refurbishing": "refurbish",
    "restoring": "restore",
    "rebuilding": "rebuild",
    "designing": "design",
    "launching": "launch",
    "knitting": "knit",
    "sewing": "sew",
    "crocheting": "crochet",
    "composing": "compose",
    "publishing": "publish",
    "illustrating": "illustrate",
    "landscaping": "landscape",
    "producing": "produce",
    "converting": "convert",
}
_PROJECT_VERBS_WEAK = {
    "writing": "write",
    "making": "make",
    "creating": "create",
    "developing": "develop",
    "planning": "plan",
    "organizing": "organize",
    "organising": "organise",
    "starting": "start",
    "recording": "record",
    "painting": "paint",
    "coding": "code",
    "programming": "program",
    "filming": "film",
    "editing": "edit",
    "researching": "research",
    "drafting": "draft",
    "growing": "grow",
    "decorating": "decorate",
    "setting up": "set up",
    "putting together": "put together",
    "fixing up": "fix up",
    "running": "run",
    "preparing": "prepare",
    "translating": "translate",
    "compiling": "compile",
    "curating": "curate",
}
# Ongoing efforts that are goals rather than projects: "I'm learning Spanish", "training for a 10k".
_GOAL_GERUNDS = {
    "learning": "learn",
    "training for": "train for",
    "studying for": "study for",
    "saving for": "save for",
    "saving up for": "save up for",
    "practicing": "practice",
    "practising": "practise",
}
_PROJECT_NOUNS = re.compile(
    r"\b(?:treehouse|tree\s+house|shed|deck|fence|house|garden|greenhouse|raised\s+beds?|vegetable\s+patch|podcast|"
    r"blog|book|novel|memoir|cookbook|zine|comic|website|site|app|game|business|company|startup|shop|store|"
    r"channel|newsletter|album|song|ep|band|course|workshop|portfolio|quilt|scarf|sweater|jumper|blanket|mural|"
    r"sculpture|film|documentary|series|collection|campaign|fundraiser|party|wedding|trip|renovation|kitchen|"
    r"bathroom|basement|attic|garage|nursery|studio|boat|bike|car|van|furniture|table|bookshelf|bookcase|cabinet|"
    r"robot|club|group|community|program|programme|curriculum|thesis|dissertation|proposal|family\s+tree|scrapbook|"
    r"photo\s+album|library|plugin|extension|dashboard|project|exhibition|play|musical|script|screenplay|"
    r"installation|costume|dollhouse|model|chicken\s+coop|coop|pond|patio|playhouse|bench|wardrobe|closet|"
    r"business\s+plan|side\s+hustle|etsy|youtube|substack|poetry|poems?|memoirs|stories|collection)\b",
    re.IGNORECASE,
)
_GERUND_ALTS = "|".join(
    sorted(
        (
            re.escape(g).replace(r"\ ", r"\s+")
            for g in (*_PROJECT_VERBS_STRONG, *_PROJECT_VERBS_WEAK, *_GOAL_GERUNDS)
        ),
        key=len,
        reverse=True,
    )
)
_PROJECT_RE = re.compile(
    r"(?:\b(?:i|we)(?:'m|'re|\s+am|\s+are)(?:\s+(?:now|currently|still|also|slowly|finally))?"
    r"(?:\s+(?:starting|beginning)(?:\s+to)?)?"
    r"|\b(?:i|we)(?:'ve|\s+have)\s+(?:just\s+|finally\s+|recently\s+|also\s+)?(?:been|started|begun)"
    r"|\b(?:i|we)\s+(?:just\s+|finally\s+|recently\s+)?(?:started|began)"
    rf"|^{_LEAD}(?:(?:just|finally|recently)\s+)?(?:started|began|been|currently)?)"
    rf"\s*(?P<verb>working\s+on|making\s+progress\s+(?:on|with)|{_GERUND_ALTS})\s+",
    re.IGNORECASE,
)
_STARTED_NOUN_RE = re.compile(
    r"(?:\b(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|recently\s+)?|^(?:just\s+|finally\s+)?)"
    r"(?:started|launched|set\s+up|founded|began)\s+(?=(?:a|an|my|our)\s)",
    re.IGNORECASE,
)
_NAMED_PROJECT_RE = re.compile(
    r"\b(?:my|our)\s+(?:new\s+|current\s+|latest\s+|big\s+|passion\s+|side\s+|weekend\s+)*project\s+(?:is|:|-)\s+"
    r"(?:to\s+)?|^(?:new\s+|current\s+)?side\s+project\s*:\s*",
    re.IGNORECASE,
)

# Subordinate starts: a trigger right after these is not a commitment ("if I want to...",
# "I wonder if I should...", "I don't think I need to...").
_SUBORDINATE_BEFORE = re.compile(
    r"(?:\b(?:if|unless|whether|than|wonder(?:ing)?(?:\s+if)?|not\s+sure(?:\s+if)?|(?:don't|do\s+not|didn't)\s+"
    r"(?:think|know|feel\s+like)(?:\s+if)?|no\s+way|pretend(?:ed)?|what\s+if|in\s+case|even\s+if|as\s+if|"
    r"whenever|why|how|who|when|said|says|told\s+(?:me|him|her|them)|thinks|believes|reckons|feels|suggested|"
    r"suggests|(?:keep|kept|been|was|am|'m)\s+thinking|hopefully)(?:\s+that)?)\s*,?\s*$",
    re.IGNORECASE,
)

# --------------------------------------------------------------------------------------------------
# Words that decide type, timeframe and priority
# --------------------------------------------------------------------------------------------------

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY = (
    r"(?:mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:r|rs|rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)"
)
_TODAY_RE = re.compile(
    r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening)|asap|a\.s\.a\.p|as\s+soon\s+as\s+possible|"
    r"immediately|right\s+away|right\s+now|before\s+bed(?:time)?|by\s+(?:the\s+)?end\s+of\s+(?:the\s+)?day|eod|"
    r"by\s+noon|later\s+today)\b",
    re.IGNORECASE,
)
# "now" counts only inside the action ("call the bank now"), not as a discourse marker.
_NOW_RE = re.compile(
    r"(?<!\bfor )(?<!\buntil )(?<!\bby )(?<!\bjust )(?<!\beven )\bnow\b(?!\s+(?:that|on)\b)", re.IGNORECASE
)
_URGENT_RE = re.compile(
    r"\b(?:urgent(?:ly)?|asap|a\.s\.a\.p|as\s+soon\s+as\s+possible|immediately|right\s+away|right\s+now|must|"
    r"overdue|deadline|critical|crucial|top\s+priority|high\s+priority|first\s+thing|can't\s+put\s+(?:it|this)\s+off|"
    r"no\s+later\s+than)\b",
    re.IGNORECASE,
)
_DEADLINE_RE = re.compile(
    r"\b(?:by|before|until|till|due)\s+(?:the\s+end\s+of\s+(?:the\s+|this\s+)?(?:day|week)\b|"
    rf"(?:this\s+|next\s+|the\s+)?(?:tomorrow|tonight|today|noon|midnight|weekend|week|{_WEEKDAY})\b|"
    r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d|"
    r"\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}/\d{1,2}|eod|cob)"
    r"|\bdue\s+(?:today|tomorrow|tonight|on|this|next)\b",
    re.IGNORECASE,
)
_LOW_RE = re.compile(
    r"\b(?:maybe|perhaps|someday|some\s+day|one\s+day|eventually|sometime|at\s+some\s+point|"
    r"if\s+(?:i|we)\s+(?:have|get|find)\s+(?:the\s+|some\s+)?time|if\s+there'?s\s+time|"
    r"when\s+(?:i|we)\s+(?:get|have|find)\s+(?:a\s+)?(?:chance|minute|moment|time)|no\s+rush|not\s+urgent|"
    r"would\s+be\s+nice|might|in\s+the\s+long\s+run|low\s+priority)\b",
    re.IGNORECASE,
)
_NEAR_TERM_RE = re.compile(
    rf"\b(?:tomorrow|this\s+(?:week|weekend)|next\s+week|{_WEEKDAY})\b|{_TODAY_RE.pattern}|{_DEADLINE_RE.pattern}",
    re.IGNORECASE,
)
_MONTH_RE = re.compile(
    r"\b(?:this|next|the\s+coming|within\s+a|in\s+a|for\s+a)\s+month\b|\bend\s+of\s+(?:the\s+|this\s+)?month\b|"
    r"\b(?:in|within)\s+(?:a\s+few|a\s+couple\s+of|two|three|four|[2-4])\s+weeks\b|\b30\s+days\b|\bmonthly\s+goal\b",
    re.IGNORECASE,
)
_QUARTER_RE = re.compile(
    r"\b(?:this|next|the\s+coming)\s+quarter\b|\bq[1-4]\b|\bend\s+of\s+(?:the\s+|this\s+)?quarter\b|"
    r"\b(?:in|within)\s+(?:a\s+few|a\s+couple\s+of|two|three|six|[2-6])\s+months\b|\b90\s+days\b|"
    r"\bthis\s+(?:summer|spring|autumn|fall|winter)\b|\bby\s+(?:the\s+)?(?:summer|spring|autumn|fall|winter)\b",
    re.IGNORECASE,
)
# A habit, a skill or an outcome is a goal; a one-off errand is a task.
_GOAL_CONTENT_RE = re.compile(
    r"\b(?:learn|become|get\s+better\s+at|improve|master|be\s+(?:more|less|a\s+better|kinder|nicer|healthier)|"
    r"every\s+(?:single\s+)?(?:day|morning|evening|night|week|weekend|month)|each\s+(?:day|morning|evening|week)|"
    r"daily|weekly|regularly|more\s+often|on\s+a\s+regular\s+basis|habit|healthier|fitter|lose\s+(?:\d+|some|the|weight)|"
    r"gain\s+(?:muscle|weight)|save\s+(?:up\s+)?(?:for|money|[$\u00a3\u20ac]|\d)|(?:half\s+)?marathon|\d+k\b|"
    r"get\s+fit|get\s+(?:in|into)\s+shape|quit\s+(?:smoking|drinking|vaping|sugar)|stop\s+\w+ing|start\s+\w+ing|"
    r"(?:read|exercise|sleep|walk|drink|eat|move|worry|complain|write|journal|meditate|stretch|smile|listen)\s+(?:more|less)|"
    r"(?:more|less|fewer)\s+(?:often|time|water|sleep|exercise|books?|vegetables|sugar|coffee|alcohol|screen\s+time|"
    r"outside|patient|present|organi[sz]ed|active|consistent|social|carbs|meat)|spend\s+more|"
    r"write\s+a\s+(?:book|novel|memoir)|run\s+a|travel\s+to|visit\s+(?:japan|\w+\s+someday)|financially)\b",
    re.IGNORECASE,
)

# Heads that are not actions: feelings, discourse ("I have to admit"), states.
_NOT_ACTION_HEADS = _words(
    "not never no feel worry cry scream vent panic stress overthink know understand wonder admit say "
    "confess agree laugh sigh relax breathe survive cope accept realize realise trust believe hope "
    "see live wait pretend think remember mention note guess suppose imagine obsess dwell"
)
# Heads that show "going to"/"have to" is followed by a place or a noun, not a verb.
_NOT_VERB_HEADS = _words(
    "the a an my your his her their our its this that these those some bed school church class town "
    "be been being"
)
_BE_GOAL = re.compile(
    r"^be\s+(?:more|less|a\s+better|better|kinder|nicer|healthier|gentler|braver|on\s+time)\b", re.IGNORECASE
)
_HAVE_PERFECT = re.compile(
    r"^have\s+(?:\w+ed|been|done|gone|known|said|told|left|got|seen|taken|given|made|had)\b", re.IGNORECASE
)
_VAGUE_WORDS = _words(
    "it this that things stuff something everything anything nothing myself ourselves out up down on "
    "off over together again more so much really just about with through to back it's life shit act "
    "head thoughts self a the my all some of bed what who why how where when whether from you i am "
    "want wants"
)
_PERSON_PRONOUNS = _words("him her them")
_COMMUNICATION_VERBS = _words(
    "call phone ring text email e-mail message reply write visit thank tell ask invite meet see help "
    "pay forgive hug apologize apologise congratulate contact answer"
)
_SINGLE_WORD_OK = _words(
    "exercise meditate journal stretch declutter budget vote study practice practise unpack pack "
    "vacuum hoover recycle volunteer swim cook hydrate floss apologise apologize"
)
_ACTION_VERBS = _words(
    "call phone ring text email e-mail message reply write send buy get pick order book schedule "
    "reschedule cancel renew pay file submit return fix repair clean tidy wash vacuum mop organize "
    "organise sort declutter pack unpack finish start prepare prep plan review read update check ask "
    "tell invite visit meet thank apologize apologise sign print post mail drop collect make cook "
    "bake water walk feed take bring change replace install set research look find apply register "
    "confirm follow practice practise study learn exercise run meditate stretch journal try go do "
    "laundry hoover shop grab print refill charge backup back recycle donate sell list move paint "
    "hang assemble build draft edit proofread record upload download clear empty defrost iron mow "
    "weed vote pray"
)
_INLINE_AND = re.compile(rf"\s+and\s+(?=(?:{'|'.join(sorted(_ACTION_VERBS))})\b)", re.IGNORECASE)

_LEADING_FILLER = re.compile(
    r"^(?:(?:really|just|finally|actually|probably|definitely|seriously|also|maybe|perhaps|urgently|totally|"
    r"quickly|somehow|still|then|go\s+ahead\s+and|try\s+to|try\s+and|make\s+sure\s+(?:to|that\s+(?:i|we)|i|we)|"
    r"remember\s+to|get\s+(?:a|)round\s+to|manage\s+to|be\s+able\s+to|get\s+to|to)\s+)+",
    re.IGNORECASE,
)
_CUT = re.compile(
    r",\s*(?:i|we|he|she|they|it|it's|that's|there's|this|that)\b"
    r"|,\s*(?:my|his|her|their|our|the)\s+\w+\s+(?:is|was|are|were|has|have|had|will|needs|wants|said|says|keeps)\b"
    r"|,\s*(?:because|cause|'cause|since|as|which|who|but|though|although|otherwise|so|and\s+then\s+(?:i|we)|"
    r"i\s+think|i\s+guess|i\s+suppose|honestly|lol|haha|tbh|like|if)\b"
    r"|\s+(?:because|'cause|cuz|bc|since\s+(?:i|it|she|he|they|we|the)|so\s+(?:that|i|we)|but|though|although|"
    r"even\s+though|or\s+else|or\s+(?:i|we|it|you|she|he|they)|and\s+(?:it|it's|it\s+is|that's|she|he|they)|"
    r"otherwise|if\s+(?:i|we|it|there|you|she|he|they)|before\s+i\s+forget|which|whereas|"
    r"i\s+think|i\s+guess|i\s+suppose|lol|haha|tbh|or\s+something|or\s+whatever)\b"
    r"|\s+[-\u2013\u2014]+\s+|\s*\(|\s*:\s|\.\.\.|\u2026",
    re.IGNORECASE,
)
_TRAILING_FILLER = re.compile(
    r"(?:\s+(?:too|as\s+well|anyway|anyways|already|at\s+least|for\s+sure|i\s+guess|i\s+think|haha|lol|tbh|honestly|"
    r"though|seriously|really|finally|please|again\s+soon|ugh|somehow))+$",
    re.IGNORECASE,
)
_TRAILING_JUNK = re.compile(r"[\s.,;:!?\u2026\"'`*_~()\[\]-]+$")
_DANGLING = _words("and or but to the a an of for with your in on at by from so than that as")

_PRONOUN_SWAPS = [
    (re.compile(r"\b(?:i'm|i\s+am)\b", re.IGNORECASE), "you're"),
    (re.compile(r"\bi've\b", re.IGNORECASE), "you've"),
    (re.compile(r"\bi'll\b", re.IGNORECASE), "you'll"),
    (re.compile(r"\bi'd\b", re.IGNORECASE), "you'd"),
    (re.compile(r"\bi\s+was\b", re.IGNORECASE), "you were"),
    (re.compile(r"\bwe're\b", re.IGNORECASE), "you're"),
    (re.compile(r"\bwe've\b", re.IGNORECASE), "you've"),
    (re.compile(r"\bwe'll\b", re.IGNORECASE), "you'll"),
    (re.compile(r"\bwe'd\b", re.IGNORECASE), "you'd"),
    (re.compile(r"\bwe\s+were\b", re.IGNORECASE), "you were"),
    (re.compile(r"\b(?:i|we|me)\b", re.IGNORECASE), "you"),
    (re.compile(r"\bus\b"), "you"),
    (re.compile(r"\b(?:my|our)\b", re.IGNORECASE), "your"),
    (re.compile(r"\b(?:mine|ours)\b", re.IGNORECASE), "yours"),
    (re.compile(r"\bmyself\b", re.IGNORECASE), "yourself"),
    (re.compile(r"\bourselves\b", re.IGNORECASE), "yourselves"),
]
_TRAILING_TIME = re.compile(
    r"(?:\s+(?:all\s+(?:day|week|month|year|weekend|morning|evening|night)|for\s+(?:days|weeks|months|ages|a\s+while)(?:\s+now)?|"
    r"lately|recently|these\s+days|at\s+the\s+moment|right\s+now|currently|this\s+(?:week|weekend|month|year)|"
    r"today|tonight|again|every\s+(?:day|night|evening|weekend)|in\s+the\s+evenings?|on\s+weekends))+$",
    re.IGNORECASE,
)
_LEADING_DETERMINER = re.compile(
    r"^(?:(?:a|an|the|my|our|your|this|that|some|new|little|big)\s+)+", re.IGNORECASE
)
_PREPOSITION = re.compile(
    r"\s+(?:about|for|with|in|on|of|to|at|from|by|that|which|where|who|called|named|and)\s+", re.IGNORECASE
)
_PAST_ITEM = re.compile(
    r"^(?:went|called|bought|finished|did|had|was|were|got|paid|sent|made|met|saw|took)\b", re.IGNORECASE
)
_WORD = re.compile(r"[a-z0-9$\u00a3\u20ac][\w'$\u00a3\u20ac-]*", re.IGNORECASE)


# --------------------------------------------------------------------------------------------------
# Extraction
# --------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Candidate:
    kind: HighlightType
    action: str  # the text after the trigger, still in the writer's words
    start: int  # where the trigger starts in the clause (leftmost wins)
    lean_goal: bool = False
    name: bool = False  # a project named by a noun phrase ("a podcast about local history")


def extract_highlights(text: str, *, today: date | None = None) -> list[Highlight]:
    """The tasks, projects and goals the writer states in one entry, in the order written.

    `today` (default: the current date) resolves a named weekday: "by Friday" written on a Friday is
    due today. Deduplicated within the entry (the first wording is kept, with the higher priority).
    Projects are not limited here; see `limit_projects`.
    """
    if not text or not text.strip():
        return []
    today = today or date.today()
    found: list[tuple[Highlight, str | None]] = []  # with each project's head noun
    for unit in _segment(text):
        result = _analyse_unit(unit, today)
        if result is not None:
            found.append(result)
    return _link_projects(_deduplicate(found))


def _analyse_unit(unit: _Unit, today: date) -> tuple[Highlight, str | None] | None:
    if unit.question:
        # A question is deliberation, not commitment ("Should I quit?"): never a highlight.
        return None
    clause = unit.text.strip()
    candidate = _find_candidate(clause)
    if candidate is None:
        if unit.list_kind is not None:
            candidate = _list_item_candidate(clause, unit.list_kind)
        elif unit.bullet and _first_word(clause) in _ACTION_VERBS:
            candidate = _Candidate("task", clause, 0)
    if candidate is None:
        return None
    return _build(candidate, clause, unit, today)


def _first_word(text: str) -> str:
    m = _WORD.search(text)
    return m.group(0).lower() if m else ""


def _list_item_candidate(item: str, kind: HighlightType) -> _Candidate | None:
    if _PAST_ITEM.match(item) or re.match(r"^(?:no|not|don't|didn't)\b", item, re.IGNORECASE):
        return None
    return _Candidate(kind, item, 0, name=(kind == "project" and _first_word(item) not in _ACTION_VERBS))


def _find_candidate(clause: str) -> _Candidate | None:
    candidates: list[_Candidate] = []
    for m in _GOAL_RE.finditer(clause):
        candidates.append(_Candidate("goal", clause[m.end() :], m.start(), lean_goal=True))
    for m in _REMINDER_RE.finditer(clause):
        candidates.append(_Candidate("task", clause[m.end() :], m.start()))
    for m in _MODAL_RE.finditer(clause):
        lean = bool(m.group("goal") or m.group("bare_goal"))
        candidates.append(_Candidate("task", clause[m.end() :], m.start(), lean_goal=lean))
    for m in _PROJECT_RE.finditer(clause):
        candidates.extend(_project_candidate(clause, m))
    for m in _STARTED_NOUN_RE.finditer(clause):
        rest = clause[m.end() :]
        if _PROJECT_NOUNS.search(" ".join(rest.split()[:6])):
            candidates.append(_Candidate("project", rest, m.start(), name=True))
    for m in _NAMED_PROJECT_RE.finditer(clause):
        candidates.append(_Candidate("project", clause[m.end() :], m.start(), name=True))

    for candidate in sorted(candidates, key=lambda c: c.start):
        if _SUBORDINATE_BEFORE.search(clause[: candidate.start]):
            continue
        if _is_action(candidate):
            return candidate
    return None


def _project_candidate(clause: str, m: re.Match[str]) -> list[_Candidate]:
    verb = " ".join(m.group("verb").lower().split())
    rest = clause[m.end() :]
    if verb.startswith("making progress"):
        verb = "working on"
    if verb == "working on":
        if re.match(r"^(?:being|getting|becoming|\w+ing)\b", rest, re.IGNORECASE) or re.match(
            r"^(?:my|our)\s+(?:mental\s+health|health|confidence|patience|self[- ]esteem|anxiety|temper|mindset|"
            r"habits?|fitness|sleep|posture|communication|boundaries|relationships?|marriage|attitude|diet)\b",
            rest,
            re.IGNORECASE,
        ):
            plain = {"being": "be", "getting": "get", "becoming": "become"}
            first, _, remainder = rest.partition(" ")
            action = f"{plain[first.lower()]} {remainder}" if first.lower() in plain else f"work on {rest}"
            return [_Candidate("goal", action, m.start(), lean_goal=True)]
        return [_Candidate("project", rest, m.start(), name=True)]
    if verb in _GOAL_GERUNDS:
        return [_Candidate("goal", f"{_GOAL_GERUNDS[verb]} {rest}", m.start(), lean_goal=True)]
    base = _PROJECT_VERBS_STRONG.get(verb)
    if base is None:
        base = _PROJECT_VERBS_WEAK[verb]
        if not _PROJECT_NOUNS.search(" ".join(rest.split()[:8])):
            return []
    elif re.match(
        r"^(?:up\s+)?(?:muscle|strength|confidence|habits?|resilience|trust|a\s+habit)\b", rest, re.IGNORECASE
    ):
        return [_Candidate("goal", f"{base} {rest}", m.start(), lean_goal=True)]
    return [_Candidate("project", f"{base} {rest}", m.start())]


_TIME_WORD = re.compile(
    r"today|tonight|tomorrow|now|soon|later|asap|morning|evening|afternoon|week|weekend|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|next|this|again|first|thing",
    re.IGNORECASE,
)


def _is_action(candidate: _Candidate) -> bool:
    action = _LEADING_FILLER.sub("", _cut(candidate.action).strip())
    words = [w.lower() for w in _WORD.findall(action)]
    if not words:
        return False
    if candidate.name:
        return any(w not in _VAGUE_WORDS for w in words)
    head, rest = words[0], words[1:]
    if head == "be":
        return bool(_BE_GOAL.match(action))
    if head in _NOT_ACTION_HEADS or head in _NOT_VERB_HEADS:
        return False
    if head == "have" and _HAVE_PERFECT.match(action):
        return False
    content = [w for w in rest if w not in _VAGUE_WORDS and not _TIME_WORD.fullmatch(w)]
    if content:
        return True
    if head in _COMMUNICATION_VERBS and any(w in _PERSON_PRONOUNS for w in rest):
        return True
    return not rest and head in _SINGLE_WORD_OK


def _cut(action: str) -> str:
    m = _CUT.search(action)
    return action[: m.start()] if m else action


def _build(
    candidate: _Candidate, clause: str, unit: _Unit, today: date
) -> tuple[Highlight, str | None] | None:
    action = _LEADING_FILLER.sub("", _cut(candidate.action).strip())
    context = f"{unit.context} {clause}".strip()
    kind = candidate.kind
    if kind == "task" and unit.list_kind is None:
        near_term = bool(_NEAR_TERM_RE.search(context))
        if not near_term and (candidate.lean_goal or _GOAL_CONTENT_RE.search(action)):
            kind = "goal"
    elif kind == "task" and unit.list_kind == "goal":
        kind = "goal"

    if candidate.name:
        reformulation = _project_name(action)
        head_noun = _head_noun(reformulation)
    else:
        reformulation = _reformulate(action)
        head_noun = _head_noun(_drop_verb(reformulation)) if kind == "project" else None
    if not reformulation:
        return None

    if kind == "task":
        timeframe = _task_timeframe(context, action, today)
    else:
        timeframe = _goal_timeframe(context)
    priority = _priority(context, timeframe if kind == "task" else None)
    metadata = HighlightMetadata(timeframe=timeframe, priority=priority)
    return Highlight(type=kind, reformulation=reformulation, metadata=metadata), head_noun


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


# --------------------------------------------------------------------------------------------------
# Task type and the project limit (spec, part 1 section 5)
# --------------------------------------------------------------------------------------------------

# The spec's keywords as whole words with their inflections ("clients", "organizing", "filed"),
# never inside another word ("profile" is not "file", "homework" is not "work"). Two documented
# readings: "maintenance" counts with "maintain", and the phrasal verb "work out" (exercise) is not
# "work". Professional is checked first, as the spec lists it first.
_PROFESSIONAL_RE = re.compile(
    r"\b(?:work(?:s|ed|ing)?(?!\s+out\b)|jobs?|careers?|clients?|professional(?:s|ly)?)\b", re.IGNORECASE
)
_ADMINISTRATIVE_RE = re.compile(
    r"\b(?:admin(?:s|istration|istrative|istrator|istrators)?|paperwork|organi[sz](?:e|es|ed|ing|ation|ations|er|ers)|"
    r"clean(?:s|ed|ing|er|ers|up|ups)?|maintain(?:s|ed|ing)?|maintenance|fil(?:e|es|ed|ing)|appointments?)\b",
    re.IGNORECASE,
)


def task_type(text: str) -> TaskType:
    """The spec's keyword rule: professional, else administrative, else personal."""
    if _PROFESSIONAL_RE.search(text):
        return "professional"
    if _ADMINISTRATIVE_RE.search(text):
        return "administrative"
    return "personal"


def limit_projects(highlights: Iterable[Highlight], per_type: int = MAX_PROJECTS_PER_TYPE) -> list[Highlight]:
    """Keep the first `per_type` projects of each type (by `task_type` of the name); others untouched."""
    counts: dict[str, int] = {}
    kept: list[Highlight] = []
    for highlight in highlights:
        if highlight.type == "project":
            kind = task_type(highlight.reformulation)
            if counts.get(kind, 0) >= per_type:
                continue
            counts[kind] = counts.get(kind, 0) + 1
        kept.append(highlight)
    return kept


# --------------------------------------------------------------------------------------------------
# The same intention said again in other words
# --------------------------------------------------------------------------------------------------

_KEY_TIME = re.compile(
    r"\b(?:(?:by|before|until|on|this|next|every|each|later)\s+)?(?:today|tonight|tomorrow|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday|weekend|week|month|year|asap)\b",
    re.IGNORECASE,
)
_KEY_DETERMINER = re.compile(r"\b(?:my|your|our|the|a|an)\b", re.IGNORECASE)


def intention_key(text: str) -> str:
    """What is compared for duplicates: the action without its deadline, determiners or possessives.

    "Call the landlord before Friday" and "Pay the rent before Friday" share a deadline, not an
    intention; dropping it moves their similarity below the threshold.
    """
    text = _KEY_DETERMINER.sub(" ", _KEY_TIME.sub(" ", normalise_text(text)))
    return " ".join(text.split()).strip(" .,;:!?").lower()


def embed_intentions(texts: Sequence[str]) -> np.ndarray:
    """Embeddings of `intention_key(text)`: what `existing_vectors` must hold."""
    from pipelines.embeddings import embed

    return embed([intention_key(t) for t in texts])


def same_intention(
    a_vecs: np.ndarray, b_vecs: np.ndarray, threshold: float = DUPLICATE_THRESHOLD
) -> np.ndarray:
    """Row by row: is a_vecs[i] the same intention as b_vecs[i]? Vectors are L2-normalised."""
    import numpy as np

    a = np.atleast_2d(np.asarray(a_vecs, dtype=np.float32))
    b = np.atleast_2d(np.asarray(b_vecs, dtype=np.float32))
    if a.shape != b.shape:
        raise ValueError(f"same_intention needs paired rows, got {a.shape} and {b.shape}")
    return np.einsum("ij,ij->i", a, b) >= threshold


def find_duplicates(
    new_texts: Sequence[str],
    existing_texts: Sequence[str],
    existing_vectors: np.ndarray | None = None,
    *,
    threshold: float = DUPLICATE_THRESHOLD,
) -> list[int | None]:
    """For each new task or goal text, the index of the existing one it repeats, else None.

    `existing_vectors`, when given, must be `embed_intentions(existing_texts)` (computed once and
    kept, so only the new texts are embedded).
    """
    import numpy as np

    if not new_texts:
        return []
    if not existing_texts:
        return [None] * len(new_texts)
    existing = embed_intentions(existing_texts) if existing_vectors is None else np.asarray(existing_vectors)
    if existing.shape[0] != len(existing_texts):
        raise ValueError(f"{existing.shape[0]} existing vectors for {len(existing_texts)} existing texts")
    similarity = embed_intentions(new_texts) @ existing.T
    best = similarity.argmax(axis=1)
    return [int(j) if similarity[i, j] >= threshold else None for i, j in enumerate(best)]
