"""Text clean-up and the sentences of an entry: one spelling of quotes and spaces
(`normalise_text`), sentences with list markers stripped (`split_sentences`), and the line markers
the segmenter and the summaries read (bullets, checkboxes, done marks, a journal's printed prompts)."""

from __future__ import annotations

import re

from pipelines.language import words

_TYPOGRAPHY = str.maketrans(
    {"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " ", "\t": " ", "\r": "\n"}
)

BULLET = re.compile(r"^\s*(?:[-*\u2022\u00b7\u2013\u2014+>]+|\(?\d{1,2}[.)](?=\s)|\(?[a-zA-Z]\)(?=\s))\s*")
CHECKBOX = re.compile(r"^\[(?P<mark>[ xX\u2713\u2714]?)\]\s*")
# A list item marked done: a tick or strike-through before it, or "(done)" after it.
DONE_ITEM = re.compile(
    r"^(?:[\u2713\u2714\u2611\u2705]|~~)|(?:~~|[\u2713\u2714\u2611\u2705]|\((?:done|finished|completed)\))\s*$",
    re.IGNORECASE,
)
# A journal's printed prompt or a thought record's field, filled in: what the writer felt, feared or
# hoped for the day, not an intention to keep ("What would make today great: a walk with Mom",
# "Today's intention: be here", "Automatic thought: I'll choose wrong", "Evidence for: ...").
PROMPT_LINE = re.compile(
    r"^(?:what\s+would\s+make\s+today\s+(?:great|good)|today'?s\s+intention|(?:daily\s+)?affirmation|"
    r"situation|(?:automatic|negative|hot)\s+thoughts?|thoughts?|evidence(?:\s+(?:for|against))?|"
    r"(?:balanced|alternative|rational)\s+(?:thought|response)|feelings?(?:\s+(?:before|after))?(?:\s*\([^)]*\))?|"
    r"what\s+i\s+did|cognitive\s+distortions?|distortions?)\s*:",
    re.IGNORECASE,
)

# Tokens ending in "." that do not end a sentence. Titles always; the others are also ordinary
# words ("saying no.", "sat in the sun."), so they are abbreviations only before a number or a
# lower-case word ("no. 4", "Sat. the 3rd", "approx. two").
_TITLES = words("mr mrs ms dr prof st vs etc")
_ABBREVIATIONS = _TITLES | words(
    "approx appt dept est min max no jan feb mar apr jun jul aug sep sept "
    "oct nov dec mon tue tues wed thu thurs fri sat sun"
)
_SENTENCE_END = re.compile(r"([.!?\u2026]+)[\"')\]\u201d\u2019]*\s+")


def normalise_text(text: str) -> str:
    """Straight quotes and plain whitespace: one spelling of "don't"."""
    return text.translate(_TYPOGRAPHY)


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
            sentences.extend(split_line(body))
    return sentences


def _strip_markers(line: str) -> str:
    line = line.strip()
    bullet = BULLET.match(line)
    if bullet:
        line = line[bullet.end() :]
    line = CHECKBOX.sub("", line)
    return line.strip()


def split_line(line: str) -> list[str]:
    """The sentences of one line."""
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
