"""Evaluation on the labelled journal that ships with the repo (`pipelines/data/patterns_journal.jsonl`):
adjusted Rand index against the themes the entries were written for, and the silhouette of the
clusters in the space they were found in."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

import msgspec
import numpy as np
from sklearn.metrics import adjusted_rand_score, silhouette_score

from pipelines.mood.model import DATA_DIR
from pipelines.patterns.pipeline import PatternPipeline

LABELLED_JOURNAL = DATA_DIR / "patterns_journal.jsonl"
Split = Literal["tune", "heldout", "all"]


class LabelledEntry(msgspec.Struct, kw_only=True):
    id: str
    text: str
    date: str
    theme: str
    split: str


class Scores(msgspec.Struct, kw_only=True):
    ari: float
    silhouette: float | None  # None when fewer than 2 clusters
    patterns: int
    in_no_pattern: int
    entries: int


def load_labelled(split: Split = "all", path: Path = LABELLED_JOURNAL) -> list[LabelledEntry]:
    rows = [msgspec.convert(json.loads(line), LabelledEntry) for line in path.read_text().splitlines() if line.strip()]
    rows = [r for r in rows if split == "all" or r.split == split]
    return sorted(rows, key=lambda r: (r.date, r.id))


def score(pipeline: PatternPipeline, entries: list[LabelledEntry], embeddings: np.ndarray) -> Scores:
    """Fit on `entries` (with their `embeddings`, same order) and compare with their themes.
    Entries in no pattern count as one more group, so leaving entries out is not free."""
    pipeline.fit([e.text for e in entries], embeddings, ids=[e.id for e in entries])
    labels = pipeline.labels_
    clustered = labels != -1
    sil = None
    if len(set(labels[clustered])) >= 2 and clustered.sum() > len(set(labels[clustered])):
        sil = float(silhouette_score(pipeline.reduced_[clustered], labels[clustered], metric="cosine"))
    return Scores(ari=float(adjusted_rand_score([e.theme for e in entries], labels)), silhouette=sil,
                  patterns=len(pipeline.patterns_), in_no_pattern=int((~clustered).sum()), entries=len(entries))
