"""Entry embedding throughput on a bulk import of 1,000 journal entries: Reverie's own path against the
bare model's `encode` on the same texts, with the same batch size.

Reverie's path is what an import does per entry before the row is written: `pipelines.embeddings.embed`
(duplicate texts folded, batched encode, L2 normalisation, float32) and the vector turned into the
list the pgvector column takes (`entry.embedding = vector.tolist()`, as the analysis stores it). The
baseline is `SentenceTransformer.encode` alone, without normalisation. Both run on the one model
instance, alternately, after a warm-up, so the ratio is the cost of Reverie's wrapping.
"""

from __future__ import annotations

import time

import numpy as np

from tests.benchmarks import budgets
from tests.benchmarks.corpus import journal_entries
from tests.benchmarks.harness import Throughput, report_throughput

ENTRIES = 1000
BATCH_SIZE = 64  # embed()'s default
PASSES = 3


def _reverie_import(texts: list[str]) -> list[list[float]]:
    from pipelines.embeddings import embed

    vectors = embed(texts, batch_size=BATCH_SIZE)
    return [vector.tolist() for vector in vectors]


def _bare_encode(texts: list[str]) -> np.ndarray:
    from pipelines.embeddings import get_model

    return get_model().encode(texts, batch_size=BATCH_SIZE, convert_to_numpy=True, show_progress_bar=False)


def run() -> dict[str, float]:
    from pipelines.embeddings import EMBEDDING_DIM, get_model

    texts = journal_entries(ENTRIES)
    words = [len(text.split()) for text in texts]
    started = time.perf_counter()
    get_model()
    load_seconds = time.perf_counter() - started
    _bare_encode(texts[:BATCH_SIZE])  # warm-up: first-call allocations, thread pools
    _reverie_import(texts[:BATCH_SIZE])

    timings: dict[str, list[float]] = {"bare model encode": [], "reverie import path": []}
    for _ in range(PASSES):
        for name, step in (("bare model encode", _bare_encode), ("reverie import path", _reverie_import)):
            started = time.perf_counter()
            out = step(texts)
            timings[name].append(time.perf_counter() - started)
            assert len(out) == ENTRIES and len(out[0]) == EMBEDDING_DIM

    print(
        f"\n{ENTRIES} distinct entries, {min(words)}-{max(words)} words (median {int(np.median(words))}), "
        f"batch size {BATCH_SIZE}, {PASSES} passes each; model load {load_seconds:.1f}s (not counted)"
    )
    bare = Throughput("bare model encode", ENTRIES, timings["bare model encode"])
    reverie = Throughput("reverie import path", ENTRIES, timings["reverie import path"])
    report_throughput("Entry embedding on a bulk import (entries/s)", bare, reverie, unit="entries",
                      budget_ratio=budgets.load()["embedding"]["min_throughput_ratio"])
    return {"embedding_ratio": reverie.per_second / bare.per_second}
