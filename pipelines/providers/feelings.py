"""Which sentence of an entry says how its writer felt: the one the mood model reads as the most
strongly felt (the least neutral), so "How have I been feeling about the bank?" quotes "Came out
feeling about two foot tall" beside "Went into Skipton to the bank" (chat: pipelines/providers/local_answers.py)."""

from __future__ import annotations

import re

# A sentence is quoted for its feeling when the mood model gives neutral at most this share.
MAX_NEUTRAL = 0.5


def strongest_feeling(sentences: list[str], said: re.Pattern[str] | None = None) -> str | None:
    """The sentence the mood model reads as most strongly felt, or None when all read as neutral;
    among those that say a feeling in words (`said`: "Came out feeling about two foot tall",
    "Mostly sad tonight") when there are any."""
    from pipelines.mood.model import get_mood_model

    if not sentences:
        return None
    readings = get_mood_model().predict(sentences)
    read = [(r.scores.get("neutral", 1.0), s) for r, s in zip(readings, sentences, strict=True)]
    stated = [pair for pair in read if said is not None and said.search(pair[1])]
    neutral, sentence = min(stated or read, key=lambda pair: pair[0])
    return sentence if neutral <= MAX_NEUTRAL or stated else None
