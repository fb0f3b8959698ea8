"""Evaluation on the labelled journal that ships with the repo (`pipelines/data/patterns_journal.jsonl`):
adjusted Rand index against the themes the entries were written for, and the silhouette of the
clusters in the space they were found in."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Literal

import msgspec
import numpy as np
from sklearn.metrics import adjusted_rand_score, silhouette_score

from pipelines.patterns.config import DATA_DIR
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


# -- one writer's journal at a time ---------------------------------------------------------------

WRITER_LABELS = DATA_DIR / "pattern_labels.jsonl"
CLAIMS_JOURNALS = DATA_DIR.parents[1] / "tests" / "pipelines" / "data" / "claims_journals.jsonl"
WriterSplit = Literal["tune", "heldout", "small"]
# A theme of fewer entries than a pattern needs is, like "other", what the pipeline should leave out.
NO_THEME = "other"


# A pattern whose entries share its majority theme less often than this is a wrong claim.
WRONG_PURITY = 0.6


class WriterScores(msgspec.Struct, kw_only=True):
    voice: str
    ari: float
    entries: int
    in_no_pattern: int
    patterns: int
    # per pattern, largest first: its size and the share of its entries of its majority theme
    sizes: list[int] = msgspec.field(default_factory=list)
    purities: list[float] = msgspec.field(default_factory=list)

    @property
    def left_out(self) -> float:
        return self.in_no_pattern / self.entries if self.entries else 0.0

    @property
    def purity(self) -> float:
        """The patterns' purity weighted by their size: the share of the entries in a pattern that
        carry its majority theme (1.0 with no pattern: nothing claimed)."""
        total = sum(self.sizes)
        return sum(n * p for n, p in zip(self.sizes, self.purities, strict=True)) / total if total else 1.0

    @property
    def wrong_patterns(self) -> int:
        return sum(p < WRONG_PURITY for p in self.purities)


def load_writers(split: WriterSplit, *, labels: Path = WRITER_LABELS) -> dict[str, list[LabelledEntry]]:
    """Each labelled journal of `split`, voice -> entries oldest first, with their hand-written
    themes (pipelines/data/pattern_labels.md): `tune` and `heldout` voices of the corpus' dev split,
    `small` the four 12-entry journals of the claims audit."""
    from pipelines.corpus import DEV_PATH

    rows = [json.loads(line) for line in labels.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = [r for r in rows if r["split"] == split]
    source = CLAIMS_JOURNALS if split == "small" else DEV_PATH
    texts = {}
    for line in source.read_text(encoding="utf-8").splitlines():
        if line.strip():
            entry = json.loads(line)
            texts[entry["id"]] = entry
    journals: dict[str, list[LabelledEntry]] = {}
    for r in rows:
        entry = texts[r["id"]]
        journals.setdefault(r["voice"], []).append(LabelledEntry(
            id=r["id"], text=entry["text"], date=_iso(entry["date"]), theme=r["theme"], split=split))
    return {voice: sorted(entries, key=lambda e: (e.date, e.id)) for voice, entries in journals.items()}


def _iso(date: str) -> str:
    """The claims journals write MM/DD/YYYY, the corpus YYYY-MM-DD: both sort as ISO."""
    if "/" in date:
        month, day, year = date.split("/")
        return f"{year}-{month}-{day}"
    return date


def writer_themes(entries: list[LabelledEntry], min_size: int = 3) -> list[str]:
    """The themes as the pipeline should find them: `other` and a theme of fewer than `min_size`
    entries are one group, 'in no pattern'."""
    counts = Counter(e.theme for e in entries)
    return [NO_THEME if e.theme == NO_THEME or counts[e.theme] < min_size else e.theme for e in entries]


def purities(themes: list[str], labels: np.ndarray) -> tuple[list[int], list[float]]:
    """Each pattern's size and purity, in label order: the share of its entries whose hand-written
    theme is the pattern's commonest one. `other` is no theme: a pattern of entries about nothing
    in common is pure only in what it is not, so `other` members never count as agreeing (a
    pattern of `other` entries alone has purity 0)."""
    sizes, out = [], []
    for label in sorted({int(x) for x in labels} - {-1}):
        members = [t for t, lab in zip(themes, labels, strict=True) if lab == label]
        counts = Counter(t for t in members if t != NO_THEME)
        sizes.append(len(members))
        out.append(counts.most_common(1)[0][1] / len(members) if counts else 0.0)
    return sizes, out


def score_writer(pipeline: PatternPipeline, voice: str, entries: list[LabelledEntry],
                 embeddings: np.ndarray) -> WriterScores:
    """Fit on one writer's journal alone and compare with its themes; entries in no pattern are one
    more group on both sides. Purity reads the themes as written (a theme of two entries is still
    what those two share)."""
    labels = pipeline.fit([e.text for e in entries], embeddings, ids=[e.id for e in entries]).labels_
    sizes, pure = purities([e.theme for e in entries], labels)
    return WriterScores(voice=voice, ari=float(adjusted_rand_score(writer_themes(entries), labels)),
                        entries=len(entries), in_no_pattern=int((labels == -1).sum()),
                        patterns=len(set(labels) - {-1}), sizes=sizes, purities=pure)


def score_writers(pipeline: PatternPipeline, journals: dict[str, list[LabelledEntry]],
                  embeddings: dict[str, np.ndarray]) -> list[WriterScores]:
    return [score_writer(pipeline, voice, entries, embeddings[voice]) for voice, entries in journals.items()]


def summary(scores: list[WriterScores]) -> dict[str, float]:
    """Mean ARI over writers, the share of all their entries in no pattern, the mean of each
    journal's purity (journals with a pattern), and the share of all their patterns that are wrong
    (purity under `WRONG_PURITY`)."""
    entries = sum(s.entries for s in scores)
    patterns = sum(s.patterns for s in scores)
    with_patterns = [s.purity for s in scores if s.patterns]
    return {"ari": float(np.mean([s.ari for s in scores])) if scores else 0.0,
            "left_out": sum(s.in_no_pattern for s in scores) / entries if entries else 0.0,
            "min_ari": min((s.ari for s in scores), default=0.0),
            "purity": float(np.mean(with_patterns)) if with_patterns else 1.0,
            "wrong": sum(s.wrong_patterns for s in scores) / patterns if patterns else 0.0,
            "patterns": float(patterns)}


# The most of a journal's entries the chosen config may leave in no pattern.
MAX_LEFT_OUT = 0.25


def choose(scores: list[list[WriterScores]], *, leave_out: str | None = None,
           max_left_out: float = MAX_LEFT_OUT) -> int:
    """The index of the config (one list of per-writer scores each) with the best mean ARI over the
    writers, `leave_out` aside, among those leaving at most `max_left_out` of their entries in no
    pattern; the first on a tie. -1 when none qualifies."""
    best, best_ari = -1, -np.inf
    for i, per_writer in enumerate(scores):
        kept = summary([s for s in per_writer if s.voice != leave_out])
        if kept["left_out"] <= max_left_out and kept["ari"] > best_ari + 1e-12:
            best, best_ari = i, kept["ari"]
    return best


def leave_one_writer_out(scores: list[list[WriterScores]], *, max_left_out: float = MAX_LEFT_OUT
                         ) -> list[WriterScores]:
    """Each writer scored with the config chosen on the other writers alone: what the choice is
    worth on a journal it was not made on."""
    voices = [s.voice for s in scores[0]]
    out = []
    for j, voice in enumerate(voices):
        chosen = choose(scores, leave_out=voice, max_left_out=max_left_out)
        out.append(scores[max(chosen, 0)][j])
    return out
