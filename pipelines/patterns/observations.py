"""The insights under a pattern: short observations drawn from its entries, each keeping the ids
of the entries it came from. Extractive, so nothing is said that the journal does not say."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

import msgspec
import numpy as np

from pipelines.patterns.naming import FALLBACK_NAME
from pipelines.patterns.steps import sentences
from pipelines.themes import is_family_name, known_people

MAX_QUOTE_CHARS = 160


class InsightDraft(msgspec.Struct, kw_only=True, rename="camel"):
    text: str
    entry_ids: list[str]


def _mentions(text: str, word: str) -> bool:
    return re.search(r"\b" + re.escape(word), text.lower()) is not None


def _quote(sentence: str) -> str:
    sentence = sentence.strip()
    if len(sentence) > MAX_QUOTE_CHARS:
        cut = sentence[:MAX_QUOTE_CHARS].rsplit(" ", 1)[0].rstrip(",;:")
        sentence = cut + "…"
    return f"“{sentence}”"


def as_written(word: str, texts: Sequence[str]) -> str:
    """The word as the user writes it inside a sentence ("Mum", "Dad", "Sam"; "work"): the
    pattern's keywords are lower case, and "You came back to “mum”" read as if Mum were a word."""
    surfaces = Counter(m.group(0) for t in texts for m in re.finditer(r"\b" + re.escape(word) + r"\b", t, re.IGNORECASE)
                       if not re.search(r"(?:^|[.!?:\n]\s*)$", t[:m.start()]))
    return surfaces.most_common(1)[0][0] if surfaces else word


def _listed(words: Sequence[str]) -> str:
    words = [f"“{w}”" for w in words]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _as_topic(name: str, texts: Sequence[str]) -> str:
    """A card's name inside a sentence: "Money and the move" -> money and the move, "Hannah and Mum"
    as they are; a life theme ("Well-being & Balance") quoted as the name it is."""
    if "&" in name:
        return f"“{name}”"
    first, _, rest = name.partition(" ")
    if not (first.isupper() or is_family_name(first) or first in known_people(list(texts))):
        first = first.lower()  # "Running", "The move": capitalised as a title only
    return f"{first} {rest}".strip()


def draw_insights(*, ids: Sequence[str], texts: Sequence[str], embeddings: np.ndarray,
                  keywords: Sequence[str], dates: Sequence[str | None] | None = None,
                  moods: Sequence[str | None] | None = None, max_insights: int = 5,
                  name: str | None = None) -> list[InsightDraft]:
    """Up to `max_insights` observations about one pattern's entries (given in time order):
    how often its words recur and since when, said as the card's `name` when given (a list of
    words, "You came back to “car” and “insurance”", read as a word game), the feeling its entries
    share most (when moods are given), and the sentences of its most typical entries, two entries a
    line."""
    n = len(ids)
    if n == 0 or max_insights <= 0:
        return []
    dates = list(dates) if dates is not None else [None] * n
    out: list[InsightDraft] = []
    # 1. recurrence of the pattern's words: its lead words that recur (in at least two of its
    # entries); for a named card, all its words that do, since the name says their topic
    lead = keywords if name and name != FALLBACK_NAME else keywords[:2]
    words = [w for w in lead if w and sum(_mentions(t, w) for t in texts) >= 2]
    if words:
        with_words = [i for i in range(n) if any(_mentions(texts[i], w) for w in words)]
        if len(with_words) >= 2:
            first, last = dates[with_words[0]], dates[with_words[-1]]
            span = f", from {first} to {last}" if first and last and first != last else ""
            topic = _as_topic(name, texts) if lead is keywords else _listed([as_written(w, texts) for w in words])
            out.append(InsightDraft(
                text=f"You came back to {topic} in {len(with_words)} entries{span}.",
                entry_ids=[ids[i] for i in with_words]))
    # 2. the feeling the entries share
    if moods is not None:
        felt = Counter(m for m in moods if m and m.lower() != "neutral")
        if felt:
            mood, count = felt.most_common(1)[0]
            if count >= 2 and count * 2 >= n:
                out.append(InsightDraft(
                    text=f"{count} of these {n} entries felt {mood.lower()}.",
                    entry_ids=[ids[i] for i in range(n) if moods[i] == mood]))
    # 3. what the most typical entries say, two entries a line (closest to the pattern's centre
    # first, each line in time order): a bare quote of one entry is no insight, and every claim
    # cites at least two entries.
    centre = embeddings.mean(axis=0)
    closeness = embeddings @ centre / (np.linalg.norm(embeddings, axis=1) * (np.linalg.norm(centre) or 1) + 1e-9)
    typical = [int(i) for i in np.argsort(-closeness, kind="stable")]
    for a, b in zip(typical[::2], typical[1::2], strict=False):
        if len(out) >= max_insights:
            break
        first, second = sorted((a, b))
        said = [_typical_sentence(texts[i], keywords) for i in (first, second)]
        if dates[first] and dates[second]:
            text = f"On {dates[first]} you wrote {said[0]}, and on {dates[second]} {said[1]}."
        else:
            text = f"You wrote {said[0]}, and later {said[1]}."
        out.append(InsightDraft(text=text, entry_ids=[ids[first], ids[second]]))
    return out[:max_insights]


def _typical_sentence(text: str, keywords: Sequence[str]) -> str:
    """The entry's sentence that says most of the pattern's words, quoted without its full stop
    (the line goes on after it)."""
    candidates = sentences(text) or [text.strip()]
    best = max(candidates, key=lambda s: (sum(_mentions(s, w) for w in keywords), -candidates.index(s)))
    return _quote(best.strip().removesuffix("."))
