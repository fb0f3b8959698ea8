"""Meaning & Purpose (core values, principles, a purpose statement) and Career Vision & Growth,
derived from the journal with citations, never generated.

- Core values (`pipelines/values.py`): the values of a fixed taxonomy the journal's sentences speak
  of, shown from `MIN_VALUE_ENTRIES` entries on, with their counts and clearest sentences.
- Principles: the writer's own sentences that state a rule or a lesson ("I've learned...", "note
  to self:", "from now on I..."), quoted verbatim with their dates (`PRINCIPLE_RE`).
- Purpose: a templated statement made only of the top values and life areas with their counts
  and dates; with no value to stand on it says so.
- Career: the current role and direction only as the CV states them, growth areas (phrases that
  recur in the journal's professional sentences, tasks, goals and projects, with their dates),
  what the writer is working on, and resources from the curated catalogue close to the growth areas.

Whichever AI provider writes the personal story, these are computed here, locally: they are
derived with citations, so an OpenAI-compatible endpoint adds nothing it could be trusted with.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Sequence

import msgspec
import numpy as np

from models.constants import EMBEDDING_DIM
from pipelines.embeddings import embed
from pipelines.highlights import split_sentences
from pipelines.providers.base import ProfileEntry
from pipelines.providers.local_provider import LIFE_AREA_MIN_SCORE, LIFE_AREAS
from pipelines.themes import (
    NARRATED_WORDS,
    STOP_WORDS,
    VAGUE_WORDS,
    chronological,
    known_people,
    normalise_word,
    parse_day,
    recurring_themes,
    words_of,
)
from pipelines.values import (
    CITED_ENTRIES,
    MIN_VALUE_ENTRIES,
    Cited,
    CoreValue,
    core_values,
)
from pipelines.values import cited as _cited
from pipelines.values import quote as _quote
from pipelines.work_sense import WORK_CUE_RE, work_reader


class Principle(msgspec.Struct, kw_only=True, rename="camel"):
    text: str  # the writer's sentence, verbatim (its latest wording when said more than once)
    entry_count: int
    entries: list[Cited]  # the latest entries that say it, at most CITED_ENTRIES, oldest first


class Meaning(msgspec.Struct, kw_only=True, rename="camel"):
    purpose: str
    core_values: list[CoreValue]
    principles: list[Principle]


class GrowthArea(msgspec.Struct, kw_only=True, rename="camel"):
    name: str
    entry_count: int
    entries: list[Cited]  # the latest, at most CITED_ENTRIES, oldest first


class Activity(msgspec.Struct, kw_only=True):
    text: str
    kind: str  # "project", "goal" or "task"
    entry: Cited | None


class CareerResource(msgspec.Struct, kw_only=True):
    type: str
    title: str
    description: str
    url: str
    area: str  # the growth area it was chosen for


class Career(msgspec.Struct, kw_only=True, rename="camel"):
    has_resume: bool
    role: str | None  # only as the CV states it
    direction: str | None  # the CV's objective, verbatim
    growth_areas: list[GrowthArea]
    activities: list[Activity]
    resources: list[CareerResource]


class WorkItem(msgspec.Struct, kw_only=True):
    """A task, goal or project of the user's, with the entry it came from (when known)."""

    text: str
    kind: str
    professional: bool
    entry_id: str | None
    open: bool = True


# -- principles ------------------------------------------------------------------------------

# A sentence that states a rule or a lesson in the writer's words. "I always"/"I never" alone are
# as often complaints ("I always forget") as rules, so only with a verb of resolve.
PRINCIPLE_RE = re.compile(r"""(?ix)
    \bi(?:'ve|\s+have)?\s+(?:finally\s+|slowly\s+)?learn(?:ed|t)\b
        (?!\s+(?:to\s+(?:drive|swim|knit|cook|code|play|ride|read)\b|how\b))
  | \blessons?\s+(?:learn(?:ed|t)|of\s+the\s+(?:day|week|year))\b
  | \b(?:the|my|one|big|real)\s+lesson\s+(?:is|was|here)\b
  | ^lessons?\s*:
  | \b(?:note|reminder)\s+to\s+(?:self|myself)\b
  | \bfrom\s+now\s+on\b
  | \bgoing\s+forward,?\s+i\b
  | \bnever\s+again\b
  | \bi\s+(?:truly\s+|really\s+|firmly\s+|strongly\s+|genuinely\s+|still\s+)?believe\s+
        (?:in\b|(?:that\s+)?(?:you|we|people|everyone|life|it'?s|there'?s)\b)
  | \bmy\s+(?:rule|motto|mantra)\b
  | \brule\s+of\s+thumb\b
  | \bi\s+(?:always|never)\s+(?:try|make\s+(?:sure|time|a\s+point)|remind\s+myself|tell\s+myself|regret|give\s+up)\b
  | \bi\s+(?:will|'ll|am\s+going\s+to|'m\s+going\s+to)\s+(?:always|never)\b
  | \bi\s+(?:really\s+|truly\s+|deeply\s+)?value\b
  | \bwhat\s+(?:matters|counts)\s+(?:most\s+)?is\b
  | \bi\s+(?:need|have|must)\s+to\s+remember\s+that\b
  | \bremind(?:s|ed)?\s+me\s+(?:that|how\s+much\s+i)\b
""")
# A "note to self" with a date or a deadline is a to-do ("Note to self: send the figures by
# Monday"), which the tasks already hold.
_TODO_RE = re.compile(r"\d|\b(?:by|on|before|until|due|next|this)\s+(?:mon|tue|wed|thu|fri|sat|sun|tomorrow|tonight|"
                      r"week|month|the\s+end)\w*|\btomorrow\b", re.IGNORECASE)
MIN_PRINCIPLE_WORDS = 5
MAX_PRINCIPLES = 8


def _principle_key(sentence: str, start: int) -> str:
    """The same lesson told after different things is one principle ("Talking to Dana reminded me
    how much I value honesty", "Talking to my sister...": the words from its marker on."""
    return " ".join(re.findall(r"[a-z']+", sentence[start:].lower()))


def principles(entries: list[ProfileEntry]) -> list[Principle]:
    """The writer's stated rules and lessons, verbatim; one said in several entries once, with
    them all counted. Said in most entries first, then the most recent."""
    groups: dict[str, list[tuple[ProfileEntry, str]]] = {}
    for entry in chronological(entries):
        for sentence in split_sentences(entry.content, as_written=True):
            sentence = sentence.strip()
            marker = PRINCIPLE_RE.search(sentence)
            if (not marker or sentence.endswith("?") or _TODO_RE.search(sentence)
                    or len(sentence.split()) < MIN_PRINCIPLE_WORDS):
                continue
            said = groups.setdefault(_principle_key(sentence, marker.start()), [])
            if not any(e.id == entry.id for e, _ in said):
                said.append((entry, sentence))
    found = [Principle(text=_quote(said[-1][1]), entry_count=len(said),
                       entries=_cited([(e, None) for e, _ in said[-CITED_ENTRIES:]]))
             for said in groups.values()]
    found.sort(key=lambda p: (-p.entry_count, -parse_day(p.entries[-1].date).toordinal()))
    return found[:MAX_PRINCIPLES]


# -- purpose ---------------------------------------------------------------------------------


# An area of life named in the purpose statement is the subject of at least this many entries.
MIN_AREA_ENTRIES = 2


@functools.cache
def _area_vectors() -> np.ndarray:
    return embed(list(LIFE_AREAS.values()))


def life_area_counts(vectors: np.ndarray) -> list[tuple[str, int]]:
    """How many entries are most about each area of life (as the local story reads them), most first."""
    if not len(vectors):
        return []
    names = list(LIFE_AREAS)
    scores = vectors @ _area_vectors().T
    counts = Counter(names[int(row.argmax())] for row in scores if row.max() >= LIFE_AREA_MIN_SCORE)
    return counts.most_common()


def _listing(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def purpose_statement(entries: list[ProfileEntry], values: list[CoreValue], areas: list[tuple[str, int]]) -> str:
    """A statement made only of counts and dates: the top values, then the life areas."""
    ordered = chronological(entries)
    span = f"Across {len(entries)} entries ({ordered[0].date} to {ordered[-1].date})"
    if not values:
        return (f"{span}, no value has come up in {MIN_VALUE_ENTRIES} or more entries yet, so there is nothing "
                "to draw a purpose statement from.")
    top = values[:3]
    counted = [f"{v.name.lower()} ({v.entry_count} entries, most recently {v.last_date})" for v in top]
    text = f"{span}, you come back most to {_listing(counted)}."
    areas = [(name, n) for name, n in areas if n >= MIN_AREA_ENTRIES]  # "most often" of one entry says nothing
    if areas:
        text += (" By subject, your entries are most often about "
                 + _listing([f"{name} ({n} of {len(entries)})" for name, n in areas[:2]]) + ".")
    return (text + " Going by how often you write about them, what seems to matter most to you is "
            + _listing([v.name.lower() for v in top]) + ".")


def entry_vectors(entries: list[ProfileEntry]) -> np.ndarray:
    """The entries' stored embeddings; the missing ones computed together in one batch."""
    missing = [i for i, e in enumerate(entries) if e.embedding is None]
    vectors = np.zeros((len(entries), EMBEDDING_DIM), dtype=np.float32)
    for i, entry in enumerate(entries):
        if entry.embedding is not None:
            vectors[i] = np.asarray(entry.embedding, dtype=np.float32)
    if missing:
        vectors[missing] = embed([entries[i].content for i in missing])
    return vectors


def build_meaning(entries: list[ProfileEntry], is_work: Callable[[str], bool] | None = None) -> Meaning:
    """`is_work`: `work_reader`'s test, when the caller has one (it is built once per profile)."""
    values = core_values(entries, is_work)
    areas = life_area_counts(entry_vectors(entries))
    return Meaning(purpose=purpose_statement(entries, values, areas) if entries else "", core_values=values,
                   principles=principles(entries))


# -- career ----------------------------------------------------------------------------------

# A CV line for the job held now: a date range that runs to the present ("2021 - Present").
_CURRENT_RE = re.compile(r"(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+)?(?:19|20)\d\d\s*"
                         r"(?:-|–|—|to|until)\s*(?:present|current|now|today|date)\b", re.IGNORECASE)
_ROLE_LABEL_RE = re.compile(r"^\s*(?:current\s+(?:role|position|title|job)|job\s+title|position)\s*[:\-–]\s*(.+)$",
                            re.IGNORECASE)
_DIRECTION_RE = re.compile(r"^\s*(?:career\s+)?(?:objective|goals?|aim|ambition)s?\s*[:\-–]?\s*(.*)$", re.IGNORECASE)
ROLE_CHARS = 160
DIRECTION_CHARS = 300


def _clean(line: str) -> str:
    return " ".join(line.strip(" \t|•*-–—,;:()[]").split())


def resume_role(resume: str) -> tuple[str | None, str | None]:
    """The role the CV says is held now and the direction (objective) it states, verbatim; None
    for what it does not state. A dated line that runs to the present names the role, or the line
    above it does when the dates stand alone."""
    lines = [line for line in resume.splitlines() if line.strip()]
    role = direction = None
    for i, line in enumerate(lines):
        label = _ROLE_LABEL_RE.match(line)
        if role is None and label and _clean(label.group(1)):
            role = _clean(label.group(1))
        elif role is None and _CURRENT_RE.search(line):
            rest = _clean(_CURRENT_RE.sub(" ", line))
            if len(re.findall(r"[A-Za-z]{2,}", rest)) < 2 and i > 0:
                rest = _clean(lines[i - 1])
            role = rest or None
        aim = _DIRECTION_RE.match(line)
        if direction is None and aim and len(line) < 400:
            stated = _clean(aim.group(1)) or (_clean(lines[i + 1]) if i + 1 < len(lines) else "")
            direction = stated or None
    return ((role[:ROLE_CHARS] if role else None),
            (_quote(direction)[:DIRECTION_CHARS] if direction else None))


MIN_GROWTH_ENTRIES = 2
MAX_GROWTH_AREAS = 4
MAX_ACTIVITIES = 5
MAX_CAREER_RESOURCES = 3
# Higher than Explore Further's 0.25: nobody asked here, so only a resource on the subject is shown
# (pipelines/patterns/resources.py: on-topic texts score 0.35 and more). A CV's objective is a
# career statement already: "Move into product management in a mission-driven company" scores 0.30
# with Designing Your Life and the 80,000 Hours guide, a day on "the client pitch" 0.25 with the former.
CAREER_RESOURCE_MIN_SIMILARITY = 0.35
# A career resource is tagged with one of these: a work "budget spreadsheet" shares "budget" with a
# personal budgeting app, which is no career resource.
CAREER_TAGS = frozenset("career job work interview cv productivity focus meeting learning skill growth burnout "
                        "deadline task organisation decision achievement".split())
DIRECTION_RESOURCE_MIN_SIMILARITY = 0.30


def _work_items(entries: list[ProfileEntry], items: list[WorkItem], is_work) -> list[WorkItem]:
    """The items about work, read as their sentences are (`pipelines/work_sense.py`): the caller's
    `professional` is the task-type keyword rule, which made "Stop working in bed" work and "Tell
    Dev you need help on Atlas" not. An item with no work word of its own is read in the sentence
    of its entry that says it ("we have to fix the duplicate SKUs" after "The Atlas test run failed")."""
    by_id = {e.id: e for e in entries}
    chosen = []
    for item in items:
        said = item.text
        entry = by_id.get(item.entry_id or "")
        if entry and not is_work(said):
            own = _words(item.text)
            said = max(split_sentences(entry.content), key=lambda s: len(own & _words(s)), default="")
            said = said if len(own & _words(said)) * 2 >= len(own) else ""
        if is_work(said):
            chosen.append(item)
    return chosen


def _words(text: str) -> set[str]:
    return {normalise_word(w) for w in words_of(text)} - STOP_WORDS


_NUMBER_RE = re.compile(r"(?i)(?:\d|(?:a|one|two|three|four|five|six|ten|twenty|thirty|forty|fifty|hundred)\b)")


def _subject(name: str) -> str | None:
    """The phrase as a subject: its words up to a narrated verb ("Parents' evening ran late" is
    about parents' evening); none when it holds a vague word ("my eyes hurt") or is one common word
    ("working", "deciding", "client": work sentences hold those by the way they were chosen), unless
    the writer names it as a thing ("the cutover") or a name ("Fernwood")."""
    words = name.split()
    cut = next((i for i, w in enumerate(words) if normalise_word(w) in NARRATED_WORDS
                or (len(w) > 4 and w.lower().endswith("ed"))), len(words))
    words = words[:cut]
    content = [normalise_word(w) for w in words if normalise_word(w) not in STOP_WORDS]
    if not content or VAGUE_WORDS & {w.removesuffix("s") for w in content} or _NUMBER_RE.match(name):
        return None
    name = " ".join(words)
    if len(content) == 1 and not (name[:1].isupper() or (words[0].lower() in ("the", "my", "our")
                                                          and not WORK_CUE_RE.fullmatch(words[-1]))):
        return None
    return name


class _Said(msgspec.Struct):
    id: str
    content: str


def growth_areas(entries: list[ProfileEntry], items: list[WorkItem],
                 is_work=None) -> list[tuple[GrowthArea, list[str]]]:
    """Phrases that recur in the work sentences of at least MIN_GROWTH_ENTRIES entries (their work
    tasks, goals and projects count as said in them), with their sentences, the most written first.
    A stated principle is no subject ("honesty with students works" was one on a tour), people are
    not growth areas, and a phrase written in the very same entries as one already kept says
    nothing new (one repeated sentence gave three themes on a tour). `is_work`: `work_reader`'s."""
    is_work = is_work or work_reader(entries)
    by_id = {e.id: e for e in entries}
    said: dict[str, list[str]] = {}
    for entry in entries:
        for sentence in split_sentences(entry.content):
            if is_work(sentence) and not PRINCIPLE_RE.search(sentence):
                said.setdefault(entry.id, []).append(sentence)
    for item in _work_items(entries, items, is_work):
        if item.entry_id in by_id:
            said.setdefault(item.entry_id, []).append(item.text)
    people = {name.lower() for name in known_people([e.content for e in entries])}
    texts = [_Said(i, " ".join(t if t.endswith((".", "!", "?")) else t + "." for t in s)) for i, s in said.items()]
    found: list[tuple[str, dict[str, str]]] = []
    for theme in recurring_themes(texts, limit=12):
        name = _subject(theme.name or theme.title)
        if len(theme.entry_ids) < MIN_GROWTH_ENTRIES or theme.title.lower() in people or not name:
            continue
        # Once the phrase is a professional one, every entry that writes it counts ("Long day on the
        # quarterly forecast." names no work word of its own).
        sentences = {i: t for i, t in theme.sentences.items() if i in by_id}
        for entry in entries:
            if entry.id not in sentences:
                sentences.update({entry.id: t for t in split_sentences(entry.content)
                                  if name.lower() in t.lower() and not PRINCIPLE_RE.search(t)})
        found.append((name, sentences))
    areas: list[tuple[GrowthArea, list[str]]] = []
    seen: list[set[str]] = []
    for name, sentences in sorted(found, key=lambda pair: -len(pair[1])):
        if set(sentences) in seen:
            continue
        seen.append(set(sentences))
        latest = sorted((by_id[i] for i in sentences), key=lambda e: parse_day(e.date))[-CITED_ENTRIES:]
        areas.append((GrowthArea(name=name, entry_count=len(sentences),
                                 entries=_cited([(e, sentences[e.id]) for e in latest])), list(sentences.values())))
    return areas[:MAX_GROWTH_AREAS]


def activities(entries: list[ProfileEntry], items: list[WorkItem], is_work=None) -> list[Activity]:
    """The work projects, goals and open tasks, projects first, newest entry first."""
    by_id = {e.id: e for e in entries}
    order = {"project": 0, "goal": 1, "task": 2}
    chosen = [i for i in _work_items(entries, items, is_work or work_reader(entries)) if i.open and i.kind in order]
    chosen.sort(key=lambda i: (order[i.kind], -parse_day(by_id[i.entry_id].date).toordinal()
                               if i.entry_id in by_id else 0))
    return [Activity(text=i.text, kind=i.kind,
                     entry=Cited(id=i.entry_id, date=by_id[i.entry_id].date) if i.entry_id in by_id else None)
            for i in chosen[:MAX_ACTIVITIES]]


def career_resources(areas: list[tuple[GrowthArea, list[str]]], direction: str | None) -> list[CareerResource]:
    """Catalogue resources about the CV's direction and each growth area's sentences: sharing a
    topic word with them, as Explore Further's (by meaning alone a budgeting app met a work
    spreadsheet), and close in meaning too; none rather than an off-topic one."""
    from pipelines.patterns.resources import explore

    asks = ([("your CV's objective", direction, DIRECTION_RESOURCE_MIN_SIMILARITY)] if direction else []) + [
        (area.name, f"{area.name}. " + " ".join(sentences[:5]), CAREER_RESOURCE_MIN_SIMILARITY)
        for area, sentences in areas]
    found: list[CareerResource] = []
    for name, text, least in asks:
        for r in explore(text, limit=2, min_similarity=least, within=CAREER_TAGS):
            if len(found) < MAX_CAREER_RESOURCES and all(f.url != r.url for f in found):
                found.append(CareerResource(type=r.type, title=r.title, description=r.description, url=r.url,
                                            area=name))
    return found


def build_career(entries: list[ProfileEntry], resume: str | None, items: list[WorkItem],
                 is_work: Callable[[str], bool] | None = None) -> Career:
    role, direction = resume_role(resume) if resume else (None, None)
    is_work = is_work or work_reader(entries, resume)
    areas = growth_areas(entries, items, is_work)
    return Career(has_resume=bool(resume), role=role, direction=direction, growth_areas=[a for a, _ in areas],
                  activities=activities(entries, items, is_work), resources=career_resources(areas, direction))
