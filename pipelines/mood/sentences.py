"""The keyword rule read sentence by sentence, for the mood model's features and blend: how much
of an entry each feeling holds and how it ends (`sentence_evidence`), and whether it turns on
"but" to a clause with feelings of its own (`contrast_mask`). No model call."""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from pipelines.mood.vocabulary import KEYWORD_MOODS, keyword_evidence, keyword_scores

__all__ = ["contrast_mask", "sentence_evidence", "sentences_of"]

# Sentences for the sentence features: after . ! ? and at line breaks.
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+|\n+")


def sentences_of(text: str) -> list[str]:
    return [part for part in (piece.strip() for piece in _SENTENCE_BREAK.split(text or "")) if part]


def sentence_evidence(texts: Sequence[str], last_sentences: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """For each text, (share, last): the share of its sentences with keyword evidence for each
    keyword mood, and the keyword scores of its last `last_sentences` sentences; both (n, 6).
    The keyword rule only: no model call."""
    width = len(KEYWORD_MOODS)
    share, last = np.zeros((len(texts), width)), np.zeros((len(texts), width))
    for row, text in enumerate(texts):
        parts = sentences_of(text) or [""]
        scores = keyword_evidence(parts)[:, :width]
        share[row] = (scores > 0).mean(axis=0)
        last[row] = scores[-last_sentences:].sum(axis=0)
    return share, last


# "X but Y": what follows "but" ("however") is the writer's point (`MoodModel.contrast_blend`).
_CONTRAST_SPLIT = re.compile(r"\b(?:but|however)\b", re.IGNORECASE)


def contrast_mask(texts: Sequence[str]) -> np.ndarray:
    """For each text, whether it turns on "but"/"however" to a clause with feeling words of its
    own ("I'm exhausted but so happy we won"): the text after the last such word has keyword
    evidence."""
    mask = np.zeros(len(texts), dtype=bool)
    for row, text in enumerate(texts):
        parts = _CONTRAST_SPLIT.split(text or "")
        if len(parts) > 1 and sum(keyword_scores(parts[-1]).values()) > 0:
            mask[row] = True
    return mask
