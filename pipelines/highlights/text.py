"""Text clean-up and segmentation: prose sentences, clauses and list items (under a "To do:",
"Goals:" or "Projects:" header) of a journal entry."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date

from pipelines.highlights.dates import resolve_due_date
from pipelines.highlights.schema import HighlightType
from pipelines.highlights.vocabulary import _ACTION_VERBS, _words

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
    r"^(?:(?:my|our|the|(?P<pre>today|tomorrow|this\s+week|(?:this\s+)?weekend)(?:'?s)?|new)\s+)?"
    r"(?P<what>to[- ]?dos?|todo|tasks?|errands|checklist|things\s+(?:i\s+need\s+)?to\s+do|reminders?"
    r"|goals?|resolutions?|intentions?|(?:current\s+|ongoing\s+|side\s+)?projects?)"
    rf"(?P<when>{_HEADER_TIME})\s*(?::\s*(?P<inline>.*)|(?P<bare>))$",
    re.IGNORECASE,
)
# A header of a jobs list said loosely ("Things:", "Campaign stuff:", "Things I need do this week (Kofi
# helped):", "Jobs next week"): the whole line, ending on a colon (or, for jobs and chores, on the week
# they are for). Not a list of good or funny things: those are a diary's, not a to-do.
_LOOSE_HEADER = re.compile(
    r"^(?:(?!(?:good|nice|happy|great|best|bad|worst|small|little|lovely|funny|random|other|grateful|gratitude|"
    r"three|five|ten|\d+)\b)[a-z]+\s+)?"
    r"(?:(?:things|stuff|jobs|chores|bits|admin)(?:\s+(?:i\s+|we\s+)?(?:need|have|must|got|want)?(?:\s+to)?\s+do)?"
    rf"(?P<when>{_HEADER_TIME})\s*(?:\([^)]*\))?\s*:"
    r"|(?:jobs|chores)(?P<days>(?:\s+(?:for|this|next|today|tonight|tomorrow|the|week|weekend|month|morning|evening))+))$",
    re.IGNORECASE,
)


# A journal's printed prompt or a thought record's field, filled in: what the writer felt, feared or
# hoped for the day, not an intention to keep ("What would make today great: a walk with Mom",
# "Today's intention: be here", "Automatic thought: I'll choose wrong", "Evidence for: ...").
_PROMPT_LINE = re.compile(
    r"^(?:what\s+would\s+make\s+today\s+(?:great|good)|today'?s\s+intention|(?:daily\s+)?affirmation|"
    r"situation|(?:automatic|negative|hot)\s+thoughts?|thoughts?|evidence(?:\s+(?:for|against))?|"
    r"(?:balanced|alternative|rational)\s+(?:thought|response)|feelings?(?:\s+(?:before|after))?(?:\s*\([^)]*\))?|"
    r"what\s+i\s+did|cognitive\s+distortions?|distortions?)\s*:",
    re.IGNORECASE,
)


# A header that is only the day the list is for ("For tomorrow:", "Note to self, next week:",
# "Monday:"): its items are that day's jobs, due then, when they say an action ("ring the bank"); a
# diary's day ("Monday:\n- long day\n- rain") is not a jobs list.
_DAY_HEADER = re.compile(
    r"^(?:(?:note\s+to\s+self|plan|plans|reminders?)\s*,?\s*)?(?:for\s+)?"
    r"(?P<when>today|tonight|tomorrow(?:\s+morning|\s+night)?|(?:this|next)\s+week(?:end)?|the\s+weekend"
    r"|(?:this\s+|next\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day)\s*:$",
    re.IGNORECASE,
)


def _loose_header(line: str) -> tuple[HighlightType, str, bool] | None:
    """The kind and time words of a loosely said jobs list's header line, and whether its items
    must say an action (a day's header), or None."""
    day = _DAY_HEADER.match(line.strip())
    if day is not None:
        return "task", day.group("when"), True
    m = _LOOSE_HEADER.match(line.strip())
    if m is None and (before := _BEFORE_HEADER.match(line.strip())):
        # "Before we fly to Penang 20/12:", "Before school finishes 16/12": jobs due by that day
        plain = not re.search(r"\b(?:i|we|i'm|we're|my|our|bed|then)\b", line, re.IGNORECASE) and len(line.split()) <= 6
        if before.group("colon") or (plain and resolve_due_date(line, _ANY_DAY) is not None):
            return "task", before.group("when"), False
    return None if m is None else ("task", (m.group("when") or m.group("days") or "").strip(), False)


_BEFORE_HEADER = re.compile(r"^(?P<when>(?:before|by)\s+[^:.!?]{2,60}?)\s*(?P<colon>:)?$", re.IGNORECASE)


# Tokens ending in "." that do not end a sentence. Titles always; the others are also ordinary
# words ("saying no.", "sat in the sun."), so they are abbreviations only before a number or a
# lower-case word ("no. 4", "Sat. the 3rd", "approx. two").
_TITLES = _words("mr mrs ms dr prof st vs etc")
_ABBREVIATIONS = _TITLES | _words(
    "approx appt dept est min max no jan feb mar apr jun jul aug sep sept "
    "oct nov dec mon tue tues wed thu thurs fri sat sun"
)
_SENTENCE_END = re.compile(r"([.!?\u2026]+)[\"')\]\u201d\u2019]*\s+")


@dataclass(frozen=True, slots=True)
class _Unit:
    """A piece of text analysed on its own: a prose sentence, or an item of a list."""

    text: str
    list_kind: HighlightType | None = None  # set for items under a "To do:" / "Goals:" header
    context: str = ""  # the list header, whose time words apply to its items
    bullet: bool = False
    question: bool = False
    sentence_start: bool = False  # the first clause of a prose sentence
    verbs_only: bool = False  # an item of a list under a day ("Monday:"): a task only when it says an action
    heading: bool = False  # the last clause of a line ending in ":" ("Study plan, for real this time:"), round 10


def normalise_text(text: str) -> str:
    """Straight quotes and plain whitespace, so the rules see one spelling of "don't"."""
    return text.translate(_TYPOGRAPHY)


# Note-taking shorthand, for extraction only (summaries quote the text as written): "re:" is
# "about", "b4" "before", "2" between a modal and a verb "to" ("need 2 book").
_SHORTHAND = [
    (re.compile(r"\bre:\s*", re.IGNORECASE), "about "),
    (re.compile(r"\bb4\b", re.IGNORECASE), "before"),
    (re.compile(r"\b(need|have|got|want|going|remember|forget|plan|try)\s+2\s+(?=[a-z])", re.IGNORECASE), r"\1 to "),
    # "email Mrs Tan abt the consult", "f/u w/ Dr Patel", "dentist appt", "pls remind me"
    (re.compile(r"\babt\b", re.IGNORECASE), "about"),
    (re.compile(r"\bw/(?=\s)", re.IGNORECASE), "with"),
    (re.compile(r"\bappt(s?)\b", re.IGNORECASE), r"appointment\1"),
    (re.compile(r"\bmtg(s?)\b", re.IGNORECASE), r"meeting\1"),
    (re.compile(r"\b(?:pls|plz)\b", re.IGNORECASE), "please"),
    # "planning app → chase council re drawings by fri": an arrow leads from a thing to what to do
    (re.compile(r"[ \t]*(?:\u2192|->|=>|\u27f6)[ \t]*"), ": "),
    # "let Miller's know about the side door": tell them ("let me know", "let you know" stay)
    (re.compile(r"\blet\s+((?:[A-Z][\w'\u2019-]*|him|her|them|(?:the|my|our)\s+[\w'\u2019-]+)(?:\s+[A-Z][\w'\u2019-]*)?)\s+know\b"),
     r"tell \1"),
]
# A short aside in brackets inside a clause ("email Mrs Tan (form teacher) about the consult", "call
# the bank (again!) about the fee"): left out, so the clause reads on; one that says when ("(by Fri)")
# keeps its words, and "(done)" marks a done list item.
_ASIDE = re.compile(r"\s*\((?P<inside>[^()\n]{1,40})\)(?=[ \t]*[A-Za-z,])")
_ANY_DAY = date(2025, 1, 1)  # whether an aside says when at all, not which day
_ASIDE_KEPT = re.compile(r"^\s*(?:done|finished|completed)\s*$", re.IGNORECASE)


def _aside(m: re.Match[str]) -> str:
    inside = m.group("inside")
    if _ASIDE_KEPT.match(inside):
        return m.group(0)
    return f" {inside}" if resolve_due_date(inside, _ANY_DAY) is not None else ""


def extraction_text(text: str) -> str:
    """`normalise_text`, with note-taking shorthand spelled out and short asides in brackets left out."""
    text = normalise_text(text)
    for pattern, replacement in _SHORTHAND:
        text = pattern.sub(replacement, text)
    return _ASIDE.sub(_aside, text)


def split_sentences(text: str, *, as_written: bool = False) -> list[str]:
    """Sentences of a journal entry, in order, with list markers stripped.

    Line breaks end a sentence (entries are often lists or fragments); within a line, sentence
    punctuation does, except after common abbreviations, titles ("email Dr. Patel"), initials and
    "e.g."-style tokens. `as_written` keeps the writer's typography (curly quotes), for quoting.
    """
    sentences: list[str] = []
    text = text.replace("\r\n", "\n").replace("\r", "\n") if as_written else normalise_text(text)
    for line in text.split("\n"):
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
        if m.group(1) == "." and _is_abbreviation(line[start : m.start()], line[m.end() :]):
            continue
        piece = line[start : m.end()].strip()
        if piece:
            parts.append(piece)
        start = m.end()
    rest = line[start:].strip()
    if rest:
        parts.append(rest)
    return parts


def _is_abbreviation(before_dot: str, after: str = "") -> bool:
    word = before_dot.rsplit(None, 1)[-1] if before_dot.strip() else ""
    word = word.lstrip("(\"'").lower()
    if (len(word) == 1 and word.isalpha()) or "." in word or word in _TITLES:
        return True  # an initial ("J. Smith"); a number ends its sentence ("home at 2. need to...")
    return word in _ABBREVIATIONS and bool(re.match(r"[0-9a-z]", after))


def _segment(text: str) -> list[_Unit]:
    """Prose sentences and list items; items under a to-do/goals/projects header carry its kind."""
    units: list[_Unit] = []
    list_kind: HighlightType | None = None
    context = ""
    verbs_only = False
    items_seen = 0
    bulleted = False  # a list written with bullets ends at the first line without one
    for raw in extraction_text(text).split("\n"):
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

        if _PROMPT_LINE.match(body):
            list_kind = None  # "Today's intention: be here", "automatic thought: I'll choose wrong"
            continue
        header = _LIST_HEADER.match(body.rstrip("."))
        lead = ""
        if header is None or (header.group("inline") is None and header.group("bare") is None):
            # "Year-end. Goals for next year:": prose, then a header ending the line.
            sentences = _split_line(body)
            last = _LIST_HEADER.match(sentences[-1]) if len(sentences) > 1 else None
            if last is not None and last.group("inline") == "":
                header, lead = last, body[: body.rfind(sentences[-1])].strip()
        loose = None if header is not None else _loose_header(body.rstrip("."))
        if loose is None and header is None and len(sentences := _split_line(body)) > 1:
            loose = _loose_header(sentences[-1])  # "Day 114. Things:"
            if loose is not None:
                lead = body[: body.rfind(sentences[-1])].strip()
        if loose is not None:
            if lead:
                units.extend(_prose_units(lead, is_bullet))
            list_kind, context, verbs_only = loose
            items_seen, bulleted = 0, False
            continue
        if header and (header.group("inline") is not None or header.group("bare") is not None):
            if lead:
                units.extend(_prose_units(lead, is_bullet))
            list_kind = _header_kind(header.group("what"))
            # "Weekend to-do", "Tomorrow's jobs": the day is said before the list's name
            pre = (header.group("pre") or "").lower()
            context = f'{"this weekend" if pre == "weekend" else pre} {header.group("when") or ""}'.strip()
            verbs_only = False
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
                units.append(_Unit(body, list_kind, context, bullet=True, question=body.endswith("?"),
                                   verbs_only=verbs_only))
            items_seen += 1
            continue
        list_kind = None

        if done:
            continue
        prose = _prose_units(body, is_bullet)
        if prose and body.endswith(":"):
            prose[-1] = replace(prose[-1], heading=True)
        units.extend(prose)
    return units


def _prose_units(body: str, is_bullet: bool) -> list[_Unit]:
    """The sentences of a line of prose, each an inline list's items or its clauses."""
    units: list[_Unit] = []
    for sentence in _split_line(body):
        is_question = sentence.rstrip("\"')] ").endswith("?")
        inline = _inline_list(sentence)
        if inline is not None:
            lead, items = inline
            # "My goal: run three times a week and get my long run up to 10 miles": goals, not tasks
            header = _LIST_HEADER.match(f"{lead}:")
            kind = _header_kind(header.group("what")) if header else "task"
            units.extend(_Unit(item, kind, lead, bullet=True) for item in items)
            continue
        for clause in _split_clauses(sentence):
            units.append(_Unit(clause, bullet=is_bullet, question=is_question, sentence_start=True))
    return units


_SINGLE_ITEM_LEAD = re.compile(r"^(?:homework|to[- ]?do|task|reminder|next\s+step|challenge|assignment)$", re.IGNORECASE)
_LOOKS_IMPERATIVE = re.compile(
    r"^(?!(?:the|a|an|my|our|his|her|their|its|this|that|i|we|he|she|they|it|you|no|not|went|was|were|had|did)\b)"
    r"[a-z]+(?<!ed)\b\s+\w",
    re.IGNORECASE,
)
_INLINE_LIST = re.compile(r"^(?P<lead>[^:]{1,60}?)(?::|\s+[-\u2013\u2014]+)\s+(?P<items>.+)$")
_ITEM_SPLIT = re.compile(r"\s*,\s*(?:and\s+|then\s+)?|\s+and\s+(?=[a-z]+\b)|\s+/\s+", re.IGNORECASE)
# Verbs of activities rather than errands ("Plan: run every morning" is a goal, not an item to tick).
_ACTIVITY_VERBS = _words("run walk read go do make try look find start keep journal exercise meditate stretch pray "
                         "practice practise study learn plan")
_NOT_A_LABEL = _words("i we he she they you it i'm we're was were is are had has have did said says told")
_LIST_VERBS = _ACTION_VERBS | _words("chase ring catch sharpen lift laminate drive register sign fill renew "
                                     "cancel measure quote take sort ask cut")


# The lead of a plan: "This week", "Plan", "Still to do before we leave on the 5th", "ok fix".
_PLAN_LEAD = re.compile(r"^(?:.*\b(?:plans?|to[- ]?do|fix|need\s+to)|(?:this|next)\s+(?:week|weekend|month)|today|tonight|tomorrow|"
                        r"(?:before|by)\b.*)$", re.IGNORECASE)
# A habit: "Spanish every day", "ring her every Friday", "once a month at the least". In a plan's item
# a bare count is one too ("This week: ..., swim twice"), not in prose ("read it at least once").
_EVERY = (r"\b(?:(?:every|each)\s+(?:single\s+)?(?:day|morning|evening|night|week|weekend|weekday|month|"
          r"(?:mon|tues|wednes|thurs|fri|satur|sun)day)|daily|weekly|nightly|(?:once|twice|(?:two|three|four|five|\d+)\s*"
          r"(?:times|x))\s+(?:a|per|each)\s+(?:day|week|month))\b")
_HABIT = re.compile(_EVERY, re.IGNORECASE)
_HABIT_ITEM = re.compile(rf"{_EVERY}|\b(?:twice|(?:two|three|four|five|\d+)\s*(?:times|x))\b", re.IGNORECASE)
_PLAN_VERBS = _words("swim stop quit enrol redo cook eat drink save visit call push")


_SAID_OF_IT = re.compile(r"(?:the\s+\w+|he|she|they|it|it's|that's|which)\s+(?:is|are|was|were|will|pays|says|has|does|"
                         r"did|can|won't|doesn't|isn't)\b", re.IGNORECASE)


def _own_item(item: str) -> bool:
    """An item of a plan of its own, rather than more of the one before ("milk, eggs")."""
    first = item.split()[0].lower()
    return first in _LIST_VERBS | _ACTIVITY_VERBS | _PLAN_VERBS or bool(_HABIT_ITEM.search(item))


_VERB_ONLY_ITEM = re.compile(r"[a-z]+(?:\s+(?:it|them))?(?:\s+(?:by|before|on|today|tomorrow|tonight|asap|eod|eow|this|next)\b.*)?$")


def _inline_list(sentence: str) -> tuple[str, list[str]] | None:
    """A sentence that lists actions after a colon ("Before Friday: pay the council tax, email
    Jo, and pick up the prescription"): its lead and its items, or None."""
    m = _INLINE_LIST.match(sentence.strip())
    if m is None or len(m.group("lead").split()) > 8:
        return None
    if _VERB_ONLY_ITEM.match(m.group("items").strip(" .!")):
        return None  # "Bhiwandi lease - sign by Friday": the thing, then what to do with it (read whole)
    items = [i.strip(" .!") for i in _ITEM_SPLIT.split(m.group("items")) if i.strip(" .!")]
    verbs = [i for i in items if i.split()[0].lower() in _LIST_VERBS]
    # "Homework: say one honest thing to someone this week.": a label introducing one action, whose
    # verb need not be in the list (only not a determiner, pronoun or past tense).
    single = _SINGLE_ITEM_LEAD.match(m.group("lead").strip()) and len(items) == 1 and (
        verbs or _LOOKS_IMPERATIVE.match(items[0])
    )
    # "Practical stuff: apply for attendance allowance this week.": a short label without a verb, then
    # one action whose verb is a plain errand.
    lead_words = m.group("lead").lower().split()
    single = single or (len(lead_words) <= 3 and len(items) == 1 and bool(verbs) and not _ACTIVITY_VERBS & {
        items[0].split()[0].lower()} and not set(lead_words) & (_LIST_VERBS | _NOT_A_LABEL)
        and not re.match(r"\S+\s+(?:with|from|was|is|went|came)\b", items[0], re.IGNORECASE))
    # A plan's items (issue 16): "This week: fix the slow report, swim twice, Spanish every day, and
    # keep my evenings free" is four, one an errand, the others an activity or a habit.
    own = [i for i in items if _own_item(i)] if _PLAN_LEAD.match(m.group("lead").strip()) and verbs else verbs
    if not single and (len(items) < 2 or len(own) < 2):
        return None
    # An item without its own verb belongs to the one before ("buy milk, eggs and bread").
    merged: list[str] = []
    for item in items:
        if merged and _SAID_OF_IT.match(item):
            continue  # "book a one to one with the tutor, the firm pays for one": a remark on the item
        if merged and item not in own and item.split()[0].lower() not in _LIST_VERBS:
            merged[-1] += f", {item}"
        else:
            merged.append(item)
    return m.group("lead"), merged


def _header_kind(what: str) -> HighlightType:
    what = what.lower()
    if what.startswith(("goal", "resolution", "intention")):
        return "goal"
    if "project" in what:
        return "project"
    return "task"


def _split_inline_items(inline: str) -> list[str]:
    items: list[str] = []
    for piece in re.split(r"\s*[;,]\s*|\s+/\s+", inline):  # "todo: laundry / call mum / pay rent"
        items.extend(p for p in _INLINE_AND.split(piece) if p.strip())
    return [i.strip(" .") for i in items if i.strip(" .")]


_INLINE_AND = re.compile(rf"\s+and\s+(?=(?:{'|'.join(sorted(_ACTION_VERBS))})\b)", re.IGNORECASE)

_CLAUSE_SPLIT = re.compile(
    r"\s*;\s*|,\s*but\s+|,\s+(?=(?:need|have|got|gotta|must|should)\s+(?:to\s+)?(?!be\b)[a-z]+\b)"
    r"|,?\s+\b(?:and|but|so|plus|then|also)\s+(?=(?:also\s+|then\s+|still\s+|really\s+|now\s+)?"
    r"(?:(?:later\s+)?(?:today|tonight|tomorrow|later|afterwards|after\s+that|this\s+(?:morning|afternoon|evening|weekend)"
    r"|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|next\s+(?:week|month))\s*,?\s+)?(?:i|we)\b(?!\.))",
    re.IGNORECASE,
)


def _split_clauses(sentence: str) -> list[str]:
    return [c.strip() for c in _CLAUSE_SPLIT.split(sentence) if c and c.strip()]
