"""The trigger-free candidate generator (issue 16, fifth extraction round): every clause or list item
the rules found nothing in offers its own words as a task ("Vet Thursday for the heifer", "Jade
dentist thurs 4pm", "Ore estate next Sunday", "Tomorrow buy plasters and hand cream"), whole and cut
at its commas and dashes, and a logistic regression learned from every author's dev entries
(`python -m pipelines.highlights.train_generator`, shipped as
`pipelines/data/highlight_generator.json`) decides which, if any, is one. At most one per clause,
only where neither the rules nor an accepted proposal of the clause scorer found anything.

The words become a task through the rules' own `_build` (reformulation, pronouns, due date from
the date grammar, timeframe); a leading time word and the writer's "I" are dropped ("Tomorrow I
tell Marcus" -> "Tell Marcus"), a plan in the present continuous is put in the plain verb
("Ringing Des before bed" -> "Ring Des"). Inference is a sum of weights: no model call.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipelines.highlights.statements import _IMPERATIVE_EXTRA, _base_verb, _Candidate
from pipelines.highlights.vocabulary import _ACTION_VERBS, _NOT_ACTION_HEADS

if TYPE_CHECKING:
    from pipelines.highlights.extraction import Candidate
    from pipelines.highlights.schema import Highlight
    from pipelines.highlights.text import _Unit

GENERATOR_PATH = Path(__file__).resolve().parents[1] / "data" / "highlight_generator.json"
MAX_PER_UNIT = 4
# The clause scorer's features the generator leaves out: its trigger and source (a generated
# candidate has none) and the clause's word pairs (LOAO on dev: F1 0.790 without them, 0.789 with,
# a third fewer weights; without the clause's words or the text's words instead: 0.788).
FEATURE_DROP = ("b=",)

_LEAD = re.compile(
    r"^(?:(?:and|so|then|also|but|plus|oh|right|ok|okay)\b\s*,?\s*)*"
    r"(?P<when>(?:(?:on\s+|this\s+|next\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|tomorrow|"
    r"tonight|today|this\s+(?:morning|afternoon|evening|weekend)|next\s+week|after\s+work|first\s+thing)"
    r"(?:\s+(?:morning|afternoon|evening|night))?\s*,?\s+)?",
    re.IGNORECASE,
)
_SUBJECT = re.compile(
    r"^(?:(?:i|we)(?:'ll|\s+will|\s+must|'m\s+going\s+to|\s+am\s+going\s+to|\s+(?:need|have)\s+to|"
    r"'ve\s+got\s+to|\s+can)?\s+|(?:must|need\s+to|got\s+to)\s+)"
    r"(?:(?:just|also|finally|first|then|still|really|definitely)\s+)?(?=[a-z])",
    re.IGNORECASE,
)
_CONTINUOUS = re.compile(r"^(?:(?:i'm|i\s+am|we're|we\s+are)\s+)?(?P<verb>[a-z]{2,})ing\b", re.IGNORECASE)
_CUTS = re.compile(
    r"\s+[-\u2013\u2014]+\s+|[,;()]|:(?!\d)|\s+(?:and\s+then|but|because|so)\s+", re.IGNORECASE
)
_WORDS = re.compile(r"[a-z0-9£][a-z0-9'£,.-]*", re.IGNORECASE)
_PRONOUN_HEAD = frozenset(
    [
        "i",
        "i'm",
        "i've",
        "i'd",
        "i'll",
        "we",
        "we're",
        "he",
        "she",
        "they",
        "it",
        "it's",
        "he's",
        "she's",
        "they're",
        "that",
        "there",
        "this",
        "someone",
        "everyone",
        "nobody",
        "you",
    ]
)
_APPOINTMENT = re.compile(
    r"\b(?:vet|dentist|doctor|gp|hospital|physio|optician|hairdresser|barber|appointment|appt|"
    r"interview|clinic|surgery|scan|check-?up|mot|parents'? evening|meeting)s?\b",
    re.IGNORECASE,
)
_NEGATED = re.compile(r"^(?:don't|do\s+not|didn't|not|never|can't|cannot|won't|no)\b", re.IGNORECASE)
_SOMEONE_ELSES = re.compile(
    r"^[\w'-]+(?:\s+[\w'-]+)?\s+(?:will|'ll|is\s+going\s+to|has\s+to|wants\s+to|needs\s+to|says|said)\b",
    re.IGNORECASE,
)
_STATEMENT = re.compile(r"\b(?:is|are|was|were|am|isn't|aren't|wasn't|weren't)\b", re.IGNORECASE)
_PAST_WORD = re.compile(
    r"\b(?:was|were|had|did|went|got|said|told|rang|sent|came|took|made|been|gave|left|"
    r"found|thought|felt|[a-z]{3,}ed)\b",
    re.IGNORECASE,
)
_TIME_OF_DAY = re.compile(r"\b\d{1,2}(?::\d{2})?\s*(?:am|pm)\b|\b\d{1,2}:\d{2}\b", re.IGNORECASE)
_MODAL = re.compile(
    r"\b(?:will|'ll|must|should|need|needs|have to|has to|got to|going to|want|shall)\b", re.IGNORECASE
)


def _plain(segment: str) -> str:
    """The segment as an action in the writer's words: leading connectors and time words, and the
    writer's "I", dropped; a present continuous put in the plain verb."""
    text = segment.strip().strip("\"'").rstrip(".!")
    text = text[_LEAD.match(text).end() :]  # type: ignore[union-attr]
    text = text[_SUBJECT.match(text).end() :] if _SUBJECT.match(text) else text
    m = _CONTINUOUS.match(text)
    if m and (verb := _base_verb(m.group("verb").lower())) and (m.start("verb") > 0 or text[:1].isupper()):
        text = verb + text[m.end() :]
    return text.strip()


# Two more ways a clause says a task without a verb of its own (seen in the eighth to tenth
# authors' journals; each a form of its own that the learner weighs; LOAO F1 0.6469 -> 0.6502).
# A third, the writer's appointment on a day ("Medical Thursday" -> "Go to the medical"), was
# measured and left out: it cost precision for no recall (pipelines/README.md).
# advice passed on ("GP says ring the memory clinic", "Mags says eat something green") -> its action;
_ADVICE = re.compile(
    r"^(?:(?:the|my|our|her|his)\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+(?:says|said|reckons|told\s+me)\s+"
    r"(?:(?:i|we)\s+(?:should|must|need\s+to|have\s+to|ought\s+to)\s+|to\s+)?(?=[a-z])",
    re.IGNORECASE,
)
# a thing needed ("Need proper insoles for the shoes", "need 40 crates of water from costco") -> "Get ...".
_NEED_THING = re.compile(
    r"^(?:(?:i|we)\s+)?(?:still\s+)?(?:need|needs)\s+(?!to\b)"
    r"(?P<thing>(?:a|an|the|my|our|some|new|more|proper|another|\d+|his|her|their|[a-z]+'s)\b.+)$",
    re.IGNORECASE,
)


def _variants(words: str) -> list[tuple[str, str]]:
    """(action, how) of a segment: its plain words, and advice or a need read as the task it stands
    for."""
    action = _plain(words)
    out = [(action, "+changed" if action != words.strip().rstrip(".!") else "")]
    text = words.strip().strip("\"'").rstrip(".!")
    text = text[_LEAD.match(text).end() :]  # type: ignore[union-attr]
    if m := _ADVICE.match(text):
        out.append((_plain(text[m.end() :]), "+advice"))
    if m := _NEED_THING.match(text):
        out.append((f"get {m.group('thing')}", "+need"))
    return out


def segments(clause: str) -> list[tuple[str, str]]:
    """(form, words) of a clause: the whole of it and, when it has commas or dashes, each part."""
    whole = clause.strip()
    parts = [p for p in _CUTS.split(whole) if p and p.strip()]
    out = [("whole", whole)]
    if len(parts) > 1:
        out += [("first" if i == 0 else "part", p) for i, p in enumerate(parts)]
    return out[:MAX_PER_UNIT]


def generate(
    unit: _Unit,
    today: date,
    build: Callable[[_Candidate, str, _Unit, date], tuple[Highlight, str | None] | None],
    is_action: Callable[[_Candidate], bool] | None = None,
) -> list[tuple[tuple[Highlight, str | None], str]]:
    """The candidates of one unit, each with its form ("whole", "first", "part") and how its
    words were turned ("+when", "+i", "+ing"): built by the rules' `_build`."""
    if unit.question or unit.heading or unit.text.strip().startswith('"'):
        return []  # a question, someone's words, or a line's title ("Study plan, for real this time:")
    out = []
    seen: set[str] = set()
    for form, words, action, how in [(f, w, a, h) for f, w in segments(unit.text) for a, h in _variants(w)]:
        first = (_WORDS.findall(action) or [""])[0].lower()
        if (
            not first
            or first in _PRONOUN_HEAD
            or first.split("'")[0] in _PRONOUN_HEAD
            or first in _NOT_ACTION_HEADS
            or (_WORDS.findall(words) or [""])[0].lower() in ("praying", "hoping", "wishing")  # "Praying it lands" (round 10)
            or action.lower() in seen
        ):
            continue  # someone else's ("She'll pick the kids up on Friday"), a statement ("It's due"), "I suppose"
        verb = first in _ACTION_VERBS or first in _IMPERATIVE_EXTRA
        if not verb and (_STATEMENT.search(action) or _SOMEONE_ELSES.match(action)):
            continue  # what a thing is ("The tax return paperwork is due..."), another's plan ("Graham will...")
        if _NEGATED.match(action) or (
            verb and is_action is not None and not is_action(_Candidate("task", action, 0))
        ):
            continue  # "I just don't want to go"; no object: "I'm going to try before school"
        seen.add(action.lower())
        built = build(_Candidate("task", action, 0), unit.text, unit, today)
        if built is not None and built[0].reformulation:
            out.append((built, f"{form}{how}"))
    return out


def generator_features(candidate: Candidate) -> list[str]:
    """What says a clause is a task without a trigger: the shape of its text (first word an action
    verb, a pronoun, a noun; its length), a date or an hour, a past tense, a modal, and the words."""
    from pipelines.highlights.learned import features

    text = candidate.highlight.reformulation
    words = [w.lower() for w in _WORDS.findall(text)]
    clause_words = _WORDS.findall(candidate.clause)
    drop = ("src=", "trig=", "subj=", *FEATURE_DROP)
    out = [f for f in features(candidate) if not f.startswith(drop)]
    out.append(f"form={candidate.trigger}")
    form = candidate.trigger.split("+")[0]
    out.append(f"form={form}")
    head = words[0] if words else ""
    kind = (
        "action"
        if head in _ACTION_VERBS or head in _IMPERATIVE_EXTRA
        else "pronoun"
        if head in _PRONOUN_HEAD
        else "ing"
        if head.endswith("ing")
        else "capital"
        if text[:1].isupper() and (clause_words[:1] or [""])[0][:1].isupper()
        else "other"
    )
    out.append(f"head={kind}")
    out.append(f"head={kind}|{form}")
    n, m = len(words), len(clause_words)
    out.append(f"glen={'1' if n <= 1 else '2' if n <= 2 else '3-4' if n <= 4 else '5-8' if n <= 8 else '9+'}")
    out.append(f"clen={'1-3' if m <= 3 else '4-6' if m <= 6 else '7-12' if m <= 12 else '13+'}")
    if candidate.highlight.metadata.due_date:
        out.append(f"due|{kind}")
    if _TIME_OF_DAY.search(candidate.clause):
        out.append("hour")
    if _PAST_WORD.search(text):
        out.append("gpast")
    if _MODAL.search(candidate.clause):
        out.append("modal")
    if not candidate.clause.rstrip().endswith((".", "!", "?")):
        out.append("no_stop")
    lowered = [w.lower() for w in clause_words]
    if not any(w in _ACTION_VERBS for w in lowered):
        out.append("no_action_verb")
        if candidate.highlight.metadata.due_date:
            out.append("no_action_verb|due")
    if _APPOINTMENT.search(candidate.clause):
        out.append(
            "appointment"
            + (
                "|due"
                if candidate.highlight.metadata.due_date or _TIME_OF_DAY.search(candidate.clause)
                else ""
            )
        )
    if _I_PAST.search(candidate.clause):
        out.append("i_past")
    if lowered[:1] and lowered[0] in _PRONOUN_HEAD:
        out.append(f"clause_head={lowered[0]}")
    return out


_I_PAST = re.compile(r"\b(?:i|we)\s+(?:was|were|had|did|went|got|\w+ed)\b", re.IGNORECASE)


class Generator:
    """Weights over `generator_features` and the threshold chosen by the trainer's grouped CV."""

    def __init__(
        self,
        weights: dict[str, float],
        intercept: float,
        threshold: float,
        settings: dict[str, Any] | None = None,
    ) -> None:
        self.weights = weights
        self.intercept = intercept
        self.threshold = threshold
        self.settings = settings or {}

    def probability(self, candidate: Candidate) -> float:
        z = self.intercept + sum(self.weights.get(f, 0.0) for f in generator_features(candidate))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    def add(self, found: list[Candidate], chosen: list[Candidate]) -> list[Candidate]:
        """`chosen` (in the entry's order) with, for each clause that has none of them, its most
        probable generated candidate when it reaches the threshold."""
        taken = {c.clause for c in chosen}
        best: dict[str, tuple[float, int]] = {}
        for i, c in enumerate(found):
            if c.source != "generated" or c.clause in taken:
                continue
            p = self.probability(c)
            if p >= self.threshold and p > best.get(c.clause, (-1.0, 0))[0]:
                best[c.clause] = (p, i)
        keep = {id(c) for c in chosen} | {id(found[i]) for _, i in best.values()}
        return [c for c in found if id(c) in keep]

    def to_json(self) -> dict[str, Any]:
        return {
            "intercept": self.intercept,
            "threshold": self.threshold,
            "settings": self.settings,
            "weights": dict(sorted(self.weights.items())),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Generator:
        return cls(
            {str(k): float(v) for k, v in data["weights"].items()},
            float(data["intercept"]),
            float(data["threshold"]),
            data.get("settings"),
        )

    def save(self, path: Path = GENERATOR_PATH) -> None:
        path.write_text(json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


@lru_cache(maxsize=1)
def default_generator() -> Generator | None:
    """The shipped generator, loaded once; None when the file is missing or it is switched off
    (`"enabled": false` in its settings: what the trainer writes when it did not pay on the CV)."""
    if not GENERATOR_PATH.exists():
        return None
    generator = Generator.from_json(json.loads(GENERATOR_PATH.read_text(encoding="utf-8")))
    return generator if generator.settings.get("enabled", True) else None
