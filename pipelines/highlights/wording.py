"""The closed-language steps of `HighlightPipeline`: a found clause turned into an instruction
(`Reformulator`), its due date read from what the text says (`DueDateResolver`), and a pronoun
turned into a name only when the entry leaves one likely reading (`PronounResolver`).

No step decides whether a clause is a highlight: the detector has. These only reword it, with
grammar that is closed (pronouns, modal verbs, dates) or with what `fit` learns from the corpus'
labels (which words at the start of a clause its label leaves out, which verbs labels start with).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from datetime import date

import numpy as np

from pipelines.highlights.dates import resolve_due_date, without_due_words
from pipelines.highlights.schema import MAX_REFORMULATION_CHARS
from pipelines.highlights.segment import Clause
from pipelines.language import (
    CALENDAR_WORDS,
    INTENTION_MARKERS,
    KIN_WORDS,
    NOTE_OPENERS,
    NUMBER_WORDS,
    PARTICLES,
    REPORTING_VERBS,
    STOP_WORDS,
    SUBORDINATORS,
    to_second_person,
    words,
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


# Where the thing a statement is about ends: the verb after it ("The washing machine | is broken",
# "Council tax bill | came", "Truck| 's making that noise"), a number ("Hydro bill | 236.40") or a
# comma. Auxiliaries and the commonest verbs of things going wrong: a closed list of grammar words.
_PREDICATE = words(
    "is are was were be been 's has have had will won't can't isn't aren't wasn't doesn't don't didn't keeps "
    "kept needs need needed came come comes went goes broke broken died stopped started ran runs run fell "
    "still again just now finally due expires expired ends ended arrived arrives says said wants wanted")
_DETERMINER = words("the a an my your our his her their this that these those")


class Reformulator:
    """A clause -> the words of its highlight: its opening dropped where it is the writer saying
    they intend something (note openers, "I", modal verbs: "ok so I need to", "gotta", "I'll"), an
    aside in brackets and a tail after "because"/"but"/"which" or about someone else (", she
    wants...") cut, the day's words dropped when the due date holds them, the writer's "I/my"
    turned into "you/your", a task's "-ing" verb into its base form ("Ringing the bank" -> "Ring
    the bank"), capitalised, at most MAX_REFORMULATION_CHARS at a word boundary.

    A task written as a statement ("The washing machine is broken again", "Council tax bill came")
    gets the verb its label would start with, learned (`fit`: a word model over the statements of
    the corpus whose labels start with one of `verbs`), in front of the thing the statement is
    about ("Fix the washing machine", "Pay the council tax bill"), when the model gives that verb at
    least `verb_threshold`; otherwise the statement stays as written."""

    def __init__(self, verbs: Sequence[str] = (), min_verb_count: int = 5, verb_threshold: float = 0.4,
                 C: float = 3.0, links: dict[str, str] | None = None) -> None:
        self.verbs = tuple(verbs)
        self.links = dict(links or {})
        self.min_verb_count = min_verb_count
        self.verb_threshold = verb_threshold
        self.C = C

    def get_params(self) -> dict[str, object]:
        return {"verbs": list(self.verbs), "min_verb_count": self.min_verb_count,
                "verb_threshold": self.verb_threshold, "C": self.C, "links": dict(self.links)}

    def fit(self, clauses: Sequence[str], labels: Sequence[str], kinds: Sequence[str] | None = None) -> Reformulator:
        """`labels[i]`: the label written for `clauses[i]` (of type `kinds[i]`); the verbs are the
        labels' first words, and the statements among the task clauses teach which verb to add."""
        from pipelines.highlights.steps import Linear, Words

        counts = Counter(label.split()[0].lower() for label in labels if label.split())
        self.verbs = tuple(sorted(w for w, n in counts.items()
                                  if n >= self.min_verb_count and w.isalpha() and w not in STOP_WORDS))
        kinds = list(kinds) if kinds is not None else ["task"] * len(clauses)
        rows = []
        linked: dict[str, Counter[str]] = defaultdict(Counter)
        for clause, label, kind in zip(clauses, labels, kinds, strict=True):
            text = self.plain(clause)
            verb, _, rest = label.partition(" ")
            # a label that is the verb and then the statement's thing ("Pay the hydro bill" for "Hydro
            # bill 236.40"), not one that brings in more ("Take Skipper to the vet" for "Vet Tuesday")
            said = [w for w in re.findall(r"[\w']+", rest.lower()) if w not in STOP_WORDS]
            thing = {w.lower() for w in re.findall(r"[\w']+", _thing(text))}
            if kind == "task" and text and verb.lower() in self.verbs and self.statement(text) and said \
                    and said[0] in thing:
                rows.append((text, verb.lower()))
                follows = rest.split()[0].lower() if rest.split() else ""
                linked[verb.lower()][follows if follows in ("to", "for", "in", "on", "up") else ""] += 1
        common = {v for v, n in Counter(v for _, v in rows).items() if n >= self.min_verb_count}
        rows = [(text, verb) for text, verb in rows if verb in common]
        # the word a verb takes before its thing in the labels, when most of them do: "go to"
        self.links = {v: word for v in sorted(common) for word, n in linked[v].most_common(1)
                      if word and n * 2 > sum(linked[v].values())}
        self.words_, self.model_ = None, None
        if len(common) >= 2:
            self.words_ = Words(min_df=2)
            X = self.words_.fit_transform([_verb_features(text) for text, _ in rows])
            self.model_ = Linear.fit(X, [verb for _, verb in rows], self.C)
        return self

    def state(self) -> dict[str, np.ndarray]:
        if getattr(self, "model_", None) is None:
            return {}
        return {**self.words_.state("reformulator.words"), **self.model_.state("reformulator.verbs")}

    def load_state(self, state: dict[str, np.ndarray]) -> Reformulator:
        from pipelines.highlights.steps import Linear, Words

        self.words_, self.model_ = None, None
        if "reformulator.verbs.coef" in state:
            self.words_ = Words.from_state(state, "reformulator.words")
            self.model_ = Linear.from_state(state, "reformulator.verbs")
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

    def plain(self, text: str) -> str:
        """The clause without its aside, its opening (note openers, subjects, modals) or its tail."""
        text = _START.sub("", _ASIDE.sub("", text))
        opening = _OPENING.match(text)
        if opening and opening.end() < len(text):
            text = text[opening.end():]
        return _END.sub("", _CUT.sub("", text)).strip()

    def statement(self, text: str) -> bool:
        """Whether `text` (a `plain` clause) says how something is rather than what to do: it does
        not start with a verb the labels start with (or its "-ing"), nor with the writer."""
        first = text.split()[0].lower() if text.split() else ""
        return bool(first) and first not in self.verbs and self.base_form(first) is None and first not in (
            "i", "i'm", "we", "you", "to")

    def verb_for(self, text: str) -> str | None:
        """The verb a statement's label would start with, when the model is sure enough."""
        if getattr(self, "model_", None) is None or not self.statement(text):
            return None
        p = self.model_.predict_proba(self.words_.transform([_verb_features(text)]))[0]
        best = int(np.argmax(p))
        return self.model_.classes[best] if p[best] >= self.verb_threshold else None

    def __call__(self, text: str, kind: str, dated: bool, names: Sequence[str] = ()) -> str:
        text = self.plain(text)
        if dated:
            text = without_due_words(text)
        verb = self.verb_for(text) if kind == "task" else None
        if verb is not None:
            thing = _thing(text, names)
            if thing:
                text = " ".join(w for w in (verb, self.links.get(verb, ""), thing) if w)
        text = _END.sub("", _START.sub("", to_second_person(text))).strip()
        if kind == "task":
            first, _, rest = text.partition(" ")
            base = self.base_form(first)
            if base and rest:
                text = f"{base} {rest}"
        if len(text) > MAX_REFORMULATION_CHARS:
            text = text[:MAX_REFORMULATION_CHARS].rsplit(" ", 1)[0]
        return text[:1].upper() + text[1:] if text else ""


def _verb_features(text: str) -> str:
    return " ".join(re.findall(r"[a-z][a-z']*", text.lower()))


def _thing(text: str, names: Sequence[str] = ()) -> str:
    """The thing a statement is about: its words up to the verb after them, at most six ("The
    washing machine", "Council tax bill"), with "the" in front unless it has a determiner or is
    a name ("the council tax bill", "Sarah")."""
    tokens = [raw.strip(",.;:!?\"'()") for raw in text.split()]
    words: list[str] = []
    for k, token in enumerate(tokens):
        lower = token.lower()
        after = tokens[k + 1].lower() if k + 1 < len(tokens) else ""
        verb_next = not after or after in STOP_WORDS or after in _PREDICATE
        if not token or lower in _PREDICATE or re.match(r"^[£$€]?\d", token) or (
                words and verb_next and lower.endswith(("ed", "ing"))):
            break
        if lower.endswith("'s") and (after in _PREDICATE or after.endswith("ing") or not after):
            words.append(token[:-2])  # "Truck's making", "Sarah's still waiting": 's is "is"
            break
        words.append(token)
        if text.split()[k].endswith(",") or len(words) == 6:
            break
    if not words:
        return ""
    first = words[0]
    if first.lower() in _DETERMINER:
        return " ".join([first.lower(), *words[1:]])  # "The washing machine" -> "Get the washing machine"
    if first in names or first.removesuffix("'s") in names:
        return " ".join(words)
    if first[:1].isupper() and first[1:].islower():
        words[0] = first.lower()
    return "the " + " ".join(words)


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
        if lower in STOP_WORDS or lower in CALENDAR_WORDS or lower in REPORTING_VERBS or lower in NOTE_OPENERS \
                or lower in NUMBER_WORDS:
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
    before it and the `window` sentences before that, and the highlight itself names no one after
    the pronoun (in "For her visa Valentina needs a letter" the "her" is Valentina's). Otherwise the
    pronoun stays: "Take her to the GP" is better than the wrong name."""

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
        if named_people(text[m.end(1):]):
            return text
        want = "f" if m.group(1).lower() == "her" else "m"
        fitting = {name for _, name, gender in named_people(before) if gender in (None, want)}
        if len(fitting) != 1:
            return text
        name = fitting.pop()
        after = (m.group(2) or "").lower()
        possessive = m.group(1).lower() == "her" and after and after not in STOP_WORDS | CALENDAR_WORDS | PARTICLES
        replacement = f"{name}'s" if possessive else name
        return text[: m.start(1)] + replacement + text[m.end(1):]
