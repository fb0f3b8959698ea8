"""Go Deep: a new layer of insight built from a pattern's insights, grounded in the entries behind
them. Extractive and local: it finds what those entries say that the insights do not yet say
(the sentence closest to the insights' common thread that repeats none of them) and the words the
entries share beyond the insights' own, so everything it states comes from the journal."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

import msgspec
import numpy as np

from pipelines.embeddings import embed
from pipelines.patterns.steps import as_spelt, count_analyzer, sentences

# A sentence this close to an input insight says the same thing: it is not a new layer.
REPEAT_SIMILARITY = 0.8
MAX_QUOTE_CHARS = 200
# The closing question follows the mood of what is quoted: "What would change if you looked at
# that directly?" after "Best conversation we've had in years" read as if the reconciliation were
# a problem (a tour's Go Deep on "Hannah and Mum").
GOOD_MOODS = frozenset({"happy", "loving"})
HARD_MOODS = frozenset({"sad", "angry", "anxious", "tired"})
ASK_GOOD = "What made that go well, and what would help you keep it?"
ASK_HARD = "What would change if you looked at that directly?"
ASK_NEUTRAL = "What does that moment tell you about this part of your life?"


class SourceEntry(msgspec.Struct, kw_only=True):
    id: str
    date: str
    content: str


class DeeperInsight(msgspec.Struct, kw_only=True, rename="camel"):
    text: str
    entry_ids: list[str]


def _norm(text: str) -> str:
    return re.sub(r"\W+", " ", text.lower()).strip()


def _repeats(candidate: str, inputs: Sequence[str]) -> bool:
    c = _norm(candidate)
    return any(c and (c in _norm(i) or _norm(i) in c) for i in inputs if _norm(i))


def deeper_insight(pattern_name: str, insights: Sequence[str], entries: Sequence[SourceEntry]) -> DeeperInsight:
    """One new observation for the pattern. `insights`: the texts it builds on (never repeated);
    `entries`: the entries behind them, oldest first."""
    inputs = [i.strip() for i in insights if i.strip()]
    candidates = [(e, s) for e in entries for s in sentences(e.content)]
    if not inputs or not candidates:
        theme = pattern_name or "this pattern"
        return DeeperInsight(text=f"There is not enough written about {theme} yet to go deeper: "
                                  "a few more entries on it will give this pattern another layer.", entry_ids=[])
    vectors = embed(inputs + [s for _, s in candidates])
    thread, own = vectors[: len(inputs)], vectors[len(inputs):]
    centre = thread.mean(axis=0)
    closeness = own @ centre
    repeat = (own @ thread.T).max(axis=1) >= REPEAT_SIMILARITY
    order = [i for i in np.argsort(-closeness, kind="stable")
             if not repeat[i] and not _repeats(candidates[i][1], inputs)]
    # Words the entries share that the insights never used: what the insights leave out.
    analyze = count_analyzer().build_analyzer()
    said = {w for text in inputs for w in analyze(text)}
    shared = Counter(w for e in entries for w in set(analyze(e.content)) if w not in said)
    unsaid = [w for w, n in shared.most_common(6) if n >= 2][:3]
    parts = []
    used: list[str] = []
    question = ASK_HARD
    if order:
        entry, sentence = candidates[order[0]]
        quote = sentence if len(sentence) <= MAX_QUOTE_CHARS else sentence[:MAX_QUOTE_CHARS].rsplit(" ", 1)[0] + "…"
        parts.append(f"Beneath these insights, on {entry.date} you wrote: “{quote}”")
        used.append(entry.id)
        question = _question_for(sentence)
    if unsaid:
        spelt = as_spelt([e.content for e in entries])
        listed = ", ".join(f"“{spelt.get(w, w)}”" for w in unsaid)
        with_words = [e.id for e in entries if any(w in set(analyze(e.content)) for w in unsaid)]
        parts.append(f"The entries behind {pattern_name or 'this pattern'} also keep coming back to {listed}, "
                     "which none of the insights mention yet.")
        used += [i for i in with_words if i not in used]
    if not parts:
        return DeeperInsight(text=f"Everything your entries say about {pattern_name or 'this pattern'} is already in "
                                  "these insights: write about it again to add a new layer.", entry_ids=[])
    parts.append(question)
    return DeeperInsight(text=" ".join(parts), entry_ids=used)


def _question_for(sentence: str) -> str:
    """The closing question for a quoted sentence, by its mood (the mood model of entries)."""
    from pipelines.mood import predict_mood

    mood = predict_mood(sentence).mood
    return ASK_GOOD if mood in GOOD_MOODS else ASK_HARD if mood in HARD_MOODS else ASK_NEUTRAL
