"""Sentence vectors of journal entries kept in this process, so a chat that quotes the same entries
again does not send their sentences through the model again (`pipelines.providers.local_answers`)."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict

import numpy as np

from pipelines.embeddings import EMBEDDING_DIM, embed

# (entry id, digest of a sentence of it) -> the sentence's vector, most recently used last.
_sentences: OrderedDict[tuple[str, bytes], np.ndarray] = OrderedDict()
_sentences_lock = threading.Lock()
SENTENCES_KEPT = 20_000  # about 30 MB of vectors at most


def _sentence_key(entry_id: str, sentence: str) -> tuple[str, bytes]:
    return entry_id, hashlib.blake2b(sentence.encode(), digest_size=16).digest()


def forget_sentence_vectors() -> None:
    """Drop every kept sentence vector (the benchmark's "cold" chat: what each chat cost before)."""
    with _sentences_lock:
        _sentences.clear()


def passage_sentence_vectors(question: str, passages: list[tuple[str, list[str]]]) -> np.ndarray:
    """The question's vector, then every sentence's of the passages in order: `embed([question,
    *sentences])`, with the sentences' vectors kept in this process per entry and sentence.

    A chat quotes the entries closest to the question, and a person asks about the same entries
    again and again: their sentences went through the model on every question. Kept per entry (an
    entry is one user's), not per text, so no user's chat is cheaper for what another user wrote;
    an edited entry's new sentences are new keys (the old ones age out). The question's vector comes
    from the caller's when it made one (`embedded_together`), otherwise from the model with the
    sentences not kept yet, in one call."""
    keys = [_sentence_key(entry_id, s) for entry_id, sentences in passages for s in sentences]
    texts = [s for _, sentences in passages for s in sentences]
    found: dict[int, np.ndarray] = {}
    with _sentences_lock:
        for i, key in enumerate(keys):
            vector = _sentences.get(key)
            if vector is not None:
                _sentences.move_to_end(key)
                found[i] = vector
    missing = [i for i in range(len(keys)) if i not in found]
    computed = embed([question, *(texts[i] for i in missing)])
    if missing:
        with _sentences_lock:
            for row, i in enumerate(missing, start=1):
                found[i] = computed[row]
                _sentences[keys[i]] = computed[row]
            while len(_sentences) > SENTENCES_KEPT:
                _sentences.popitem(last=False)
    vectors = np.zeros((len(keys) + 1, EMBEDDING_DIM), dtype=np.float32)
    vectors[0] = computed[0]
    for i, vector in found.items():
        vectors[i + 1] = vector
    return vectors
