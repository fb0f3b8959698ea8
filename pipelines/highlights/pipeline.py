"""`HighlightPipeline`: the tasks, goals and projects of journal entries, learned from the labelled
corpus and read over every clause of an entry.

Six steps, each an object passed in (or its default), scikit-learn style (`get_params`,
`set_params`):

1. `segmenter` (`ClauseSegmenter`): the entry cut into clauses, list items and their headers.
2. `detector` (`ClauseDetector`): P(a clause states something the writer means to do), from its
   words and its sentence embedding; the clauses from `detector.threshold` on are highlights.
3. `typer` (`ClauseTyper`): task, goal or project.
4. `resolver` (`PronounResolver`): "her"/"him" named only when the entry leaves one likely reading.
5. `reformulator` (`Reformulator`): the clause's words as an instruction.
6. `dater` (`DueDateResolver`): a task's due date, only when the text states a time for it.

`fit(texts, highlights)` takes plain lists: entries and, per entry, its labelled highlights
(`{"type", "text"}`, as in pipelines/data/journal_corpus). `predict(texts, dates)` gives each
entry's `Highlight`s. `save()` writes one versioned artifact (`highlight_pipeline.npz`: the fitted
numbers and a JSON header); `HighlightPipeline.load()` reads it, and `default_pipeline()` is the
process-wide one the app uses. Training and tuning are in `pipelines.lab`.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import Any

import msgspec
import numpy as np

from pipelines.highlights.clause_model import ClauseModel, pairs
from pipelines.highlights.schema import DEFAULT_PRIORITY, Highlight, HighlightMetadata, Priority
from pipelines.highlights.segment import Clause, ClauseSegmenter
from pipelines.highlights.steps import ClauseDetector, ClauseTyper, lexical_texts
from pipelines.highlights.wording import DueDateResolver, PronounResolver, Reformulator, named_people
from pipelines.language import HEDGES, URGENCY, content_words, overlap

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
ARTIFACT_PATH = DATA_DIR / "highlight_pipeline.npz"
FORMAT_VERSION = 1
Embed = Callable[[Sequence[str]], np.ndarray]


def _default_embed(texts: Sequence[str]) -> np.ndarray:
    from pipelines.embeddings import embed

    return embed(list(texts))


def align(clauses: Sequence[Clause], labels: Sequence[dict[str, Any]], min_overlap: float = 0.25) -> list[int]:
    """Which label each clause was written for (-1: none): each label goes to the clause whose
    words it shares most (`overlap`), from `min_overlap` on, one label per clause."""
    owner = [-1] * len(clauses)
    for k, label in enumerate(labels):
        scores = [overlap(label["text"], clause.text) for clause in clauses]
        if scores:
            best = int(np.argmax(scores))
            if scores[best] >= min_overlap and owner[best] == -1:
                owner[best] = k
    return owner


def _has(text: str, phrases: Sequence[str]) -> bool:
    return any(re.search(rf"\b{re.escape(p)}\b", text, re.IGNORECASE) for p in phrases)


_MONTH_HORIZON = re.compile(r"\b(?:this|next)\s+month\b|\bin\s+(?:two|three|four|[234])\s+weeks\b|\b30\s+days\b",
                            re.IGNORECASE)
_QUARTER_HORIZON = re.compile(r"\b(?:this\s+quarter|q[1-4]|this\s+(?:spring|summer|autumn|fall|winter)|"
                              r"in\s+(?:two|three|four|five|six|[2-6])\s+months)\b", re.IGNORECASE)


def metadata_for(kind: str, clause: Clause, due: date | None, today: date) -> HighlightMetadata:
    """Timeframe and priority from what the clause says: a task is "today" when due by today,
    else "week"; a goal or project "month"/"quarter" when the clause says so, else "year". A hedge
    makes it low priority, urgency or a task due within a week high."""
    text = f"{clause.header} {clause.text}"
    if kind == "task":
        timeframe = "today" if due is not None and due <= today else "week"
    elif _MONTH_HORIZON.search(text):
        timeframe = "month"
    elif _QUARTER_HORIZON.search(text):
        timeframe = "quarter"
    else:
        timeframe = "year"
    priority: Priority = DEFAULT_PRIORITY
    if _has(text, HEDGES):
        priority = "low"
    elif _has(text, URGENCY) or (kind == "task" and due is not None and (due - today).days <= 7):
        priority = "high"
    return HighlightMetadata(timeframe=timeframe, priority=priority,
                             due_date=due.isoformat() if due is not None else None)


class HighlightPipeline:
    """See the module docstring. `>>> HighlightPipeline.load().predict(["need to ring the vet Tuesday"])`"""

    def __init__(self, segmenter: Any = None, detector: Any = None, typer: Any = None, resolver: Any = None,
                 reformulator: Any = None, dater: Any = None, embed: Embed | None = None,
                 align_min_overlap: float = 0.25, clause_model: Any = None, clause_mix: float = 0.0,
                 clause_screen: float = 0.05) -> None:
        self.segmenter = segmenter if segmenter is not None else ClauseSegmenter()
        self.detector = detector if detector is not None else ClauseDetector()
        self.typer = typer if typer is not None else ClauseTyper()
        self.resolver = resolver if resolver is not None else PronounResolver()
        self.reformulator = reformulator if reformulator is not None else Reformulator()
        self.dater = dater if dater is not None else DueDateResolver()
        self.embed = embed
        self.align_min_overlap = align_min_overlap
        # The fine-tuned clause model (`clause_model.py`): its probability, weighted `clause_mix`,
        # is mixed with the detector's for the clauses the word screen gives `clause_screen` or more.
        self.clause_model = clause_model if clause_model is not None else ClauseModel()
        self.clause_mix = clause_mix
        self.clause_screen = clause_screen
        self.info: dict[str, Any] = {}

    STEPS = ("segmenter", "detector", "typer", "resolver", "reformulator", "dater")

    def get_params(self, deep: bool = True) -> dict[str, Any]:
        params: dict[str, Any] = {name: getattr(self, name) for name in self.STEPS}
        params["align_min_overlap"] = self.align_min_overlap
        params["clause_mix"] = self.clause_mix
        params["clause_screen"] = self.clause_screen
        if deep:
            for name in self.STEPS:
                for key, value in getattr(self, name).get_params().items():
                    params[f"{name}__{key}"] = value
        return params

    def set_params(self, **params: Any) -> HighlightPipeline:
        for key, value in params.items():
            step, _, name = key.partition("__")
            if name:
                setattr(getattr(self, step), name, value)
            elif key in (*self.STEPS, "align_min_overlap", "clause_model", "clause_mix", "clause_screen"):
                setattr(self, key, value)
            else:
                raise ValueError(f"HighlightPipeline has no parameter {key!r}")
        return self

    def _embedder(self) -> Embed:
        return self.embed if self.embed is not None else _default_embed

    # -- fitting ---------------------------------------------------------------------------------

    def clauses(self, texts: Sequence[str]) -> list[list[Clause]]:
        return [self.segmenter.split(text) for text in texts]

    def fit(self, texts: Sequence[str], highlights: Sequence[Sequence[dict[str, Any]]],
            sample_weight: Sequence[float] | None = None) -> HighlightPipeline:
        """Fit every learned step on entries and their labelled highlights; `sample_weight`: each
        entry's weight (its clauses' in the detector and the typer), 1 by default."""
        texts, highlights = list(texts), [list(h) for h in highlights]
        if len(texts) != len(highlights):
            raise ValueError(f"{len(texts)} texts but {len(highlights)} lists of highlights")
        entry_weights = [1.0] * len(texts) if sample_weight is None else [float(w) for w in sample_weight]
        self.segmenter.fit(texts, highlights)
        rows: list[tuple[str, str, str | None, str | None]] = []  # clause, lexical text, type, label
        weights: list[float] = []
        neighbours: list[tuple[int, int]] = []
        for clauses, labels, weight in zip(self.clauses(texts), highlights, entry_weights, strict=True):
            neighbours += _neighbours(len(rows), len(clauses))
            weights += [weight] * len(clauses)
            owner = align(clauses, labels, self.align_min_overlap)
            for i, (clause, lexical) in enumerate(zip(clauses, lexical_texts(clauses), strict=True)):
                label = labels[owner[i]] if owner[i] >= 0 else None
                rows.append((clause.text, lexical, label["type"] if label else None, label["text"] if label else None))
        vectors = np.asarray(self._embedder()([r[0] for r in rows]), dtype=np.float32)
        lexical = [r[1] for r in rows]
        self.detector.fit(lexical, vectors, [r[2] is not None for r in rows], neighbours, sample_weight=weights)
        positive = [i for i, r in enumerate(rows) if r[2] is not None]
        self.typer.fit([lexical[i] for i in positive], vectors[positive], [rows[i][2] for i in positive],
                       sample_weight=[weights[i] for i in positive])
        self.reformulator.fit([rows[i][0] for i in positive], [rows[i][3] for i in positive],
                              [rows[i][2] for i in positive])
        digest = hashlib.sha256("\x00".join(texts).encode()).hexdigest()[:16]
        self.info = {"entries": len(texts), "clauses": len(rows), "labelled_clauses": len(positive),
                     "labels": sum(len(h) for h in highlights), "texts_sha256": digest}
        return self

    # -- predicting ------------------------------------------------------------------------------

    def predict(self, texts: Sequence[str], dates: Sequence[date | None] | None = None) -> list[list[Highlight]]:
        """Each entry's highlights, in the order written; `dates`: each entry's date (the day its
        weekdays and deadlines are read from; default today)."""
        texts = list(texts)
        dates = list(dates) if dates is not None else [None] * len(texts)
        entries = self.clauses(texts)
        lexical = [text for clauses in entries for text in lexical_texts(clauses)]
        flat = [c for clauses in entries for c in clauses]
        neighbours: list[tuple[int, int]] = []
        for clauses in entries:
            neighbours += _neighbours(len(neighbours), len(clauses))
        made: dict[int, np.ndarray] = {}

        def vectors(rows: list[int]) -> np.ndarray:
            missing = [r for r in rows if r not in made]
            if missing:
                for r, v in zip(missing, self._embedder()([flat[r].text for r in missing]), strict=True):
                    made[r] = np.asarray(v, dtype=np.float32)
            return np.vstack([made[r] for r in rows])

        # Every clause of every entry at once: the embedding model is called once for them all.
        p = self.detector.predict_proba(lexical, vectors, neighbours)
        if self.clause_mix > 0 and flat:
            p = self.mix_clause_model(p, lexical, [pair for clauses in entries for pair in pairs(clauses)])
        kept = [i for i in range(len(flat)) if p[i] >= self.detector.threshold]
        kinds = dict(zip(kept, self.typer.predict([lexical[i] for i in kept], vectors(kept)) if kept else [],
                         strict=True))
        out: list[list[Highlight]] = []
        start = 0
        for clauses, day in zip(entries, dates, strict=True):
            today = day or date.today()
            found = []
            for i, clause in enumerate(clauses):
                kind = kinds.get(start + i)
                if kind is not None:
                    highlight = self.highlight(kind, clauses, i, today)
                    if highlight is not None:
                        found.append(highlight)
            out.append(finish(found))
            start += len(clauses)
        return out

    def mix_clause_model(self, p: np.ndarray, lexical: Sequence[str], read: Sequence[tuple[str, str]]) -> np.ndarray:
        """`p` with the clause model's probability mixed in (weight `clause_mix`) for the clauses
        the detector's word screen gives `clause_screen` or more; the others keep `p`."""
        screen = self.detector.screen(lexical)
        rows = [i for i, value in enumerate(screen) if value >= self.clause_screen]
        if not rows:
            return p
        q = np.asarray(self.clause_model([read[i] for i in rows]), dtype=np.float64)
        p = np.array(p, dtype=np.float64)
        p[rows] = (1 - self.clause_mix) * p[rows] + self.clause_mix * q
        return p

    def embedding_texts(self, text: str) -> list[str]:
        """The clauses of `text` that `predict` will send to the embedding model (those the
        detector's word screen passes, with their neighbours when it reads them): what a batch
        embeds ahead in one call (`pipelines.embeddings.embedded_together`)."""
        clauses = self.segmenter.split(text)
        if not clauses:
            return []
        p = self.detector.screen(lexical_texts(clauses))
        rows = {i for i, value in enumerate(p) if value >= self.detector.screen_threshold}
        if getattr(self.detector, "context", False):
            rows |= {j for i in rows for j in (i - 1, i + 1) if 0 <= j < len(clauses)}
        return [clauses[i].text for i in sorted(rows)]

    def highlight(self, kind: str, clauses: Sequence[Clause], i: int, today: date) -> Highlight | None:
        """One detected clause as a highlight: named, worded and dated."""
        clause = clauses[i]
        due = self.dater(clause, today) if kind == "task" else None
        names = [name for _, name, _ in named_people(" ".join(c.text for c in clauses[: i + 1]))]
        words = self.reformulator(self.resolver(clause.text, clauses, i), kind, due is not None, names)
        if not content_words(words):
            return None
        return Highlight(type=kind, reformulation=words, metadata=metadata_for(kind, clause, due, today))  # type: ignore[arg-type]

    # -- the artifact ----------------------------------------------------------------------------

    def save(self, path: Path | str = ARTIFACT_PATH, *, about: dict[str, Any] | None = None) -> Path:
        path = Path(path)
        header = {"format": FORMAT_VERSION, "params": {k: v for k, v in self.get_params().items() if "__" in k},
                  "align_min_overlap": self.align_min_overlap, "clause_mix": self.clause_mix,
                  "clause_screen": self.clause_screen, "trained_on": self.info, "about": about or {}}
        arrays = {**self.detector.state(), **self.typer.state(), **self.reformulator.state()}
        with open(path, "wb") as handle:
            np.savez_compressed(handle, __header__=np.asarray(json.dumps(header, sort_keys=True)), **arrays)
        return path

    @classmethod
    def load(cls, path: Path | str = ARTIFACT_PATH) -> HighlightPipeline:
        with np.load(Path(path), allow_pickle=False) as data:
            state = {key: data[key] for key in data.files}
        header = json.loads(str(state.pop("__header__")))
        if header.get("format") != FORMAT_VERSION:
            raise ValueError(f"{path}: artifact format {header.get('format')!r}, this code reads {FORMAT_VERSION}")
        pipeline = cls(align_min_overlap=header["align_min_overlap"], clause_mix=header.get("clause_mix", 0.0),
                       clause_screen=header.get("clause_screen", 0.05))
        pipeline.set_params(**header["params"])
        pipeline.detector.load_state(state)
        pipeline.typer.load_state(state)
        pipeline.reformulator.load_state(state)
        pipeline.info = {**header["trained_on"], "about": header.get("about", {})}
        return pipeline


def _neighbours(start: int, n: int) -> list[tuple[int, int]]:
    """(before, after) rows of an entry's `n` clauses from row `start` on; -1 at the ends."""
    return [(start + i - 1 if i else -1, start + i + 1 if i + 1 < n else -1) for i in range(n)]


def finish(found: Sequence[Highlight]) -> list[Highlight]:
    """The same intention said twice in an entry kept once (its first wording, the higher
    priority); a task naming one of the entry's projects refers to it (`projectRef`)."""
    rank = {"low": 0, "medium": 1, "high": 2}
    kept: list[Highlight] = []
    keys: dict[tuple[str, ...], int] = {}
    for highlight in found:
        key = tuple(sorted(set(content_words(highlight.reformulation))))
        if key in keys:
            i = keys[key]
            if rank[highlight.metadata.priority] > rank[kept[i].metadata.priority]:
                metadata = msgspec.structs.replace(kept[i].metadata, priority=highlight.metadata.priority)
                kept[i] = msgspec.structs.replace(kept[i], metadata=metadata)
            continue
        keys[key] = len(kept)
        kept.append(highlight)
    projects = [(h.reformulation, content_words(h.reformulation)[-1]) for h in kept
                if h.type == "project" and content_words(h.reformulation)]
    for i, highlight in enumerate(kept):
        if highlight.type != "task":
            continue
        words = set(content_words(highlight.reformulation))
        for name, head in projects:
            if head in words:
                metadata = msgspec.structs.replace(highlight.metadata, project_ref=name)
                kept[i] = msgspec.structs.replace(highlight, metadata=metadata)
                break
    return kept


_default: HighlightPipeline | None = None
_default_lock = threading.Lock()


def default_pipeline() -> HighlightPipeline:
    """The shipped pipeline (pipelines/data/highlight_pipeline.npz), loaded once per process."""
    global _default
    if _default is None:
        with _default_lock:
            if _default is None:
                _default = HighlightPipeline.load()
    return _default


def known_verbs() -> frozenset[str]:
    """The verbs the corpus' highlights start with ("ring", "book", "pay"...), as the shipped
    pipeline learned them: what reads "-ing" and "-ed" forms back to a plain verb."""
    pipeline = default_pipeline()
    return frozenset(pipeline.reformulator.verbs) | frozenset(getattr(pipeline.segmenter, "verbs", ()))
