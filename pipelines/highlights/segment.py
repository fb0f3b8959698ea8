"""The segmenter step: an entry cut into the clauses the detector reads, every one of them.

Structure only, no judgement about what a clause says: lines, list headers and their items,
sentences, and the joins inside a sentence where a second clause starts (";", " - ", "but",
"and"/"so"/"then" before a subject or before one of the verbs the corpus' highlights start with,
which `fit` learns). Whether a clause states a task, a goal or a project is the detector's
decision, never the segmenter's.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from pipelines.highlights.text import BULLET, CHECKBOX, DONE_ITEM, PROMPT_LINE, normalise_text, split_line
from pipelines.language import STOP_WORDS


@dataclass(frozen=True, slots=True)
class Clause:
    """A piece of an entry read on its own."""

    text: str
    sentence: int  # which sentence of the entry (list items count as sentences)
    header: str = ""  # the list header the clause sits under ("To do this week:"), if any
    list_item: bool = False
    question: bool = False


# A line that heads a list: short, ending on a colon ("To do:", "Things for Friday:").
_HEADER = re.compile(r"^(?P<head>[^:]{1,60}):$")
# "Before Friday: pay the council tax, email Jo": a short lead, then items separated by commas.
_INLINE = re.compile(r"^(?P<head>[^:]{1,40}):\s+(?P<items>.+)$")
_SUBJECT = r"(?:i|we|i'll|we'll|i'm|we're|i've|ive|im|ill|i'd|gotta|need|must|should|have\s+to|got\s+to|also\s+need)"


class ClauseSegmenter:
    """Cuts an entry into `Clause`s. `verbs`: the verbs a clause may start with after "and" or a
    comma ("print the set list and ring Priya"); `fit` takes them from the labelled highlights'
    first words (at least `min_verb_count` times, not a function word)."""

    def __init__(self, verbs: Sequence[str] = (), min_verb_count: int = 5) -> None:
        self.verbs = tuple(verbs)
        self.min_verb_count = min_verb_count

    def fit(self, texts: Sequence[str], highlights: Sequence[Sequence[dict]]) -> ClauseSegmenter:
        counts = Counter(h["text"].split()[0].lower() for labels in highlights for h in labels
                         if h["type"] == "task" and h["text"].split())
        self.verbs = tuple(sorted(w for w, n in counts.items()
                                  if n >= self.min_verb_count and w.isalpha() and w not in STOP_WORDS))
        self._join = None
        return self

    def get_params(self) -> dict[str, object]:
        return {"verbs": list(self.verbs), "min_verb_count": self.min_verb_count}

    @property
    def join(self) -> re.Pattern[str]:
        if getattr(self, "_join", None) is None:
            verbs = "|".join(map(re.escape, self.verbs)) or "(?!)"
            self._join = re.compile(
                r"\s*;\s*|\s+[-\u2013\u2014]+\s+|,\s*but\s+|\s+but\s+(?=" + _SUBJECT + r"\b)"
                r"|,?\s+(?:and|so|then|plus|&)\s+(?=(?:then\s+|also\s+)?(?:" + _SUBJECT + r"|" + verbs + r")\b)"
                r"|,\s+(?=(?:" + verbs + r")\s+(?!(?:and|or|but|to)\b)\w)"
                r"|,\s+(?=(?:(?:i|we)(?:'ll|'m\s+going\s+to|\s+need|\s+have\s+to|\s+must|\s+should|\s+will)|"
                r"need\s+to|needs\s+to|gotta|have\s+to|must)\b)",
                re.IGNORECASE)
        return self._join

    def split(self, text: str) -> list[Clause]:
        clauses: list[Clause] = []
        header = ""
        bulleted = False  # the current list's items have bullets: a line without one ends it
        sentence = 0
        for raw in normalise_text(text or "").split("\n"):
            line = raw.strip()
            if not line:
                header = ""  # a blank line ends a list
                continue
            bullet = BULLET.match(line)
            item = bool(bullet and bullet.group(0).strip())
            body = line[bullet.end():] if bullet else line
            checkbox = CHECKBOX.match(body)
            if checkbox:
                if checkbox.group("mark").strip():
                    continue  # a ticked item is done
                body, item = body[checkbox.end():], True
            body = body.strip()
            if header and item:
                bulleted = True
            elif header and bulleted:
                header, bulleted = "", False
            if not body or DONE_ITEM.search(body) or PROMPT_LINE.match(body):
                continue
            heading = _HEADER.match(body)
            if heading and len(heading.group("head").split()) <= 8:
                header, bulleted = heading.group("head").strip(), False
                continue
            inline = _INLINE.match(body)
            if inline and len(split_line(inline.group("items"))) > 1:
                header, bulleted = inline.group("head").strip(), False  # "Tuesday: The clinic runs. Must..."
                body = inline.group("items")
            elif inline and len(inline.group("head").split()) <= 5 and re.search(r"[,;/]", inline.group("items")):
                items = [i.strip(" .") for i in re.split(r"\s*[,;]\s*(?:and\s+)?|\s+/\s+", inline.group("items"))]
                for part in (i for i in items if i):
                    clauses.append(Clause(part, sentence, inline.group("head").strip(), True, part.endswith("?")))
                    sentence += 1
                header, bulleted = "", False
                continue
            for piece in split_line(body):
                question = piece.rstrip("\"')] ").endswith("?")
                for part in self.join.split(piece):
                    part = part.strip(" ,")
                    if part:
                        clauses.append(Clause(part, sentence, header, item or bool(header), question))
                sentence += 1
        return clauses
