"""The closed-language steps of `HighlightPipeline`: a found clause turned into an instruction
(`Reformulator`), its due date read from what the text says (`DueDateResolver`), and a pronoun
turned into a name only when the entry leaves one likely reading (`PronounResolver`).

No step decides whether a clause is a highlight: the detector has. These only reword it, with
grammar that is closed (pronouns, modal verbs, dates) or with what `fit` learns from the corpus'
labels (which words at the start of a clause its label leaves out, which verbs labels start with).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from datetime import date

from pipelines.highlights.dates import resolve_due_date, without_due_words
from pipelines.highlights.schema import MAX_REFORMULATION_CHARS
from pipelines.highlights.segment import Clause
from pipelines.language import (
    CALENDAR_WORDS,
    INTENTION_MARKERS,
    KIN_WORDS,
    NOTE_OPENERS,
    PARTICLES,
    REPORTING_VERBS,
    STOP_WORDS,
    SUBORDINATORS,
    to_second_person,
)

_ASIDE = re.compile(r"\s*\([^()]*\)?")
_CUT = re.compile(r"(?:,\s*|\s+)(?:" + "|".join(sorted(SUBORDINATORS)) + r"|but|as\s+(?:i|we|he|she|they|it))\b.*$"
                  r"|,\s*(?:he|she|they|it|that|this)(?:'s|\s+(?:is|was|are|were|has|had|will|wants|says|said))\b.*$",
                  re.IGNORECASE)
_END = re.compile(r"[\s.,;:!?\u2026\-\"'*]+$")
_START = re.compile(r"^[\s,;:!.\-\"'*]+")


def _phrases(items: Sequence[str]) -> str:
    return "|".join(re.escape(p).replace(r"\ ", r"\s+").replace("'", "'?") for p in sorted(items, key=len, reverse=True))


# The opening a label leaves out: "ok so", "also", "I", "I'm really", "need to", "gotta", "will",
# "to": the closed class of note openers, subjects, adverbs and modal verbs, in any order.
_OPENING = re.compile(
    r"^(?:(?:" + _phrases((*NOTE_OPENERS, "i", "we", "i'm", "im", "we're", "i've", "we've", "am", "are", "be",
                           "seriously", "def", "prob")) + r")\b[\s,:!.\-]*)*"
    r"(?:(?:" + _phrases(INTENTION_MARKERS) + r")\b\s*(?:(?:really|definitely|also|just|finally|actually)\s+)*)*"
    r"(?:to\s+)?",
    re.IGNORECASE)


class Reformulator:
    """A clause -> the words of its highlight: its opening dropped where it is the writer saying
    they intend something (note openers, "I", modal verbs: "ok so I need to", "gotta", "I'll"), an
    aside in brackets and a tail after "because"/"but"/"which" or about someone else (", she
    wants...") cut, the day's words dropped when the due date holds them, the writer's "I/my"
    turned into "you/your", a task's "-ing" verb into its base form ("Ringing the bank" -> "Ring
    the bank", with `verbs`: the verbs the labels start with, which `fit` learns), capitalised, at
    most MAX_REFORMULATION_CHARS at a word boundary."""

    def __init__(self, verbs: Sequence[str] = (), min_verb_count: int = 5) -> None:
        self.verbs = tuple(verbs)
        self.min_verb_count = min_verb_count

    def get_params(self) -> dict[str, object]:
        return {"verbs": list(self.verbs), "min_verb_count": self.min_verb_count}

    def fit(self, clauses: Sequence[str], labels: Sequence[str]) -> Reformulator:
        """`labels[i]`: the label written for `clauses[i]`; the verbs are their first words."""
        counts = Counter(label.split()[0].lower() for label in labels if label.split())
        self.verbs = tuple(sorted(w for w, n in counts.items()
                                  if n >= self.min_verb_count and w.isalpha() and w not in STOP_WORDS))
        return self

    def base_form(self, word: str) -> str | None:
        """"taking" -> "take", when the base is one of `verbs`."""
        lower = word.lower()
        if not lower.endswith("ing") or len(lower) < 5:
            return None
        stem = lower[:-3]
        for option in (stem, stem + "e", stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else ""):
            if option and option in self.verbs:
                return option
        return None

    def __call__(self, text: str, kind: str, dated: bool) -> str:
        text = _ASIDE.sub("", text)
        text = _START.sub("", text)
        opening = _OPENING.match(text)
        if opening and opening.end() < len(text):
            text = text[opening.end():]
        text = _CUT.sub("", text)
        if dated:
            text = without_due_words(text)
        text = to_second_person(text)
        text = _END.sub("", _START.sub("", text)).strip()
        if kind == "task":
            first, _, rest = text.partition(" ")
            base = self.base_form(first)
            if base and rest:
                text = f"{base} {rest}"
        if len(text) > MAX_REFORMULATION_CHARS:
            text = text[:MAX_REFORMULATION_CHARS].rsplit(" ", 1)[0]
        return text[:1].upper() + text[1:] if text else ""


class DueDateResolver:
    """A task's due date: the day its own clause states ("ring the vet Tuesday"), else the day its
    list's header states ("Before Friday:"), resolved against the entry's date; None when the text
    states no time for it (never the entry's own day by default)."""

    def get_params(self) -> dict[str, object]:
        return {}

    def __call__(self, clause: Clause, today: date) -> date | None:
        due = resolve_due_date(clause.text, today)
        if due is None and clause.header:
            due = resolve_due_date(clause.header, today)
        return due


_NAME = re.compile(r"(?<![\w'])(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)(?P<possessive>'s)?\b")
_KIN = re.compile(r"\b(?P<det>(?i:my|our|me))\s+(?P<kin>(?i:" + "|".join(sorted(KIN_WORDS, key=len, reverse=True)) + r"))\b"
                  r"|(?<![\w'])(?P<bare>" + "|".join(sorted((w.capitalize() for w in KIN_WORDS), key=len, reverse=True))
                  + r")\b")
# A capitalised word after these is a place or a thing ("from Cork", "the Carnatic station"), not a person.
_PLACE_BEFORE = re.compile(r"\b(?:in|at|to|from|into|near|via|towards|outside|around|the|a|an|this|that|your|his|"
                           r"their|its)\s+$", re.IGNORECASE)
# After a sentence's first word, what makes it a name: a verb ("Kayla called", "Jo says") or "'s".
_VERB_AFTER = re.compile(r"\s+(?:\w+ed|\w+s|rang|said|told|came|sent|went|got|left|is|was|has|had|will|can)\b"
                         r"|\s+(?:and|&)\s+[A-Z]")
_PRONOUN = re.compile(r"\b(her|him)\b(?:\s+(\w+))?", re.IGNORECASE)
_GENDER = {"female": "f", "male": "m"}


def named_people(text: str) -> list[tuple[int, str, str | None]]:
    """The people an entry's text names, in order: (position, how to name them, "f"/"m"/None).
    A family word with "my" ("my sister": "your sister") or capitalised ("Mum"), or a capitalised
    name that is no function or calendar word, does not follow "in/at/to/from/the" (a place or a
    thing), and, as a sentence's first word, has a verb or "'s" after it. A name's gender is its
    family word's, else the first "she"/"he" after it, else None."""
    text = re.sub(r"\s*\n+\s*", ". ", text.strip())
    found: dict[int, tuple[int, str, str | None]] = {}
    for m in _KIN.finditer(text):
        kin = (m.group("kin") or m.group("bare")).lower()
        name = f"your {kin}" if m.group("det") else m.group("bare")
        found[m.start()] = (m.start(), name, _GENDER[KIN_WORDS[kin]])
    for m in _NAME.finditer(text):
        first = m.group("name").split()[0]
        lower = first.lower()
        if any(p <= m.start() < p + len(n) + 3 for p, n, _ in found.values()):
            continue
        if lower in STOP_WORDS or lower in CALENDAR_WORDS or lower in REPORTING_VERBS or lower in NOTE_OPENERS:
            continue
        if _PLACE_BEFORE.search(text[: m.start()]):
            continue
        opens = m.start() == 0 or re.search(r"[.!?:;]\s+$", text[: m.start()])
        if opens and not (m.group("possessive") or _VERB_AFTER.match(text[m.end():])):
            continue
        found[m.start()] = (m.start(), m.group("name"), None)
    people = sorted(found.values())
    for i, (start, name, gender) in enumerate(people):
        if gender is None:
            end = people[i + 1][0] if i + 1 < len(people) else len(text)
            window = text[start + len(name): end]
            she, he = re.search(r"\bshe\b", window, re.IGNORECASE), re.search(r"\bhe\b", window, re.IGNORECASE)
            if she and (not he or she.start() < he.start()):
                people[i] = (start, name, "f")
            elif he:
                people[i] = (start, name, "m")
    return people


class PronounResolver:
    """"her"/"him" in a highlight becomes a person's name only when the entry leaves one likely
    reading: exactly one person of a fitting gender (`named_people`) is named in the clause's sentence
    before it and the `window` sentences before that. Otherwise the pronoun stays: "Take her to the
    GP" is better than the wrong name."""

    def __init__(self, window: int = 1) -> None:
        self.window = window

    def get_params(self) -> dict[str, object]:
        return {"window": self.window}

    def __call__(self, text: str, clauses: Sequence[Clause], index: int) -> str:
        m = _PRONOUN.search(text)
        if m is None:
            return text
        sentence = clauses[index].sentence
        before = " ".join(c.text if c.text.rstrip()[-1:] in ".!?" else c.text + "."
                          for c in clauses[:index] if c.sentence >= sentence - self.window)
        want = "f" if m.group(1).lower() == "her" else "m"
        fitting = {name for _, name, gender in named_people(before) if gender in (None, want)}
        if len(fitting) != 1:
            return text
        name = fitting.pop()
        after = (m.group(2) or "").lower()
        possessive = m.group(1).lower() == "her" and after and after not in STOP_WORDS | CALENDAR_WORDS | PARTICLES
        replacement = f"{name}'s" if possessive else name
        return text[: m.start(1)] + replacement + text[m.end(1):]
