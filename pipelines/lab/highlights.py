"""Train, tune and measure `HighlightPipeline` (`python -m pipelines.lab highlights ...`).

Data: the corpus' dev split and its train-only entries (`pipelines.corpus.load_split("train")`),
never the test split or the fresh writers. Tuning is leave one author out on dev: every author's
dev entries are predicted by a pipeline fitted on everyone else's (and on the train-only entries),
pooled, and scored as `python -m pipelines evaluate` scores (`pipelines.lab.scoring.score`).

Clause embeddings are cached on disk (`REVERIE_MODEL_CACHE/highlight-clauses-*.npz`, keyed by the
embedding runtime), so a grid re-reads them instead of re-embedding.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np

from pipelines.corpus import author_of_voices, load_split
from pipelines.highlights.pipeline import ARTIFACT_PATH, HighlightPipeline
from pipelines.lab.scoring import LabelledEntry, Prediction, score

METRICS_PATH = ARTIFACT_PATH.with_name("highlight_metrics.json")


class EmbeddingCache:
    """`embed` with memory: texts seen before (in this process or a saved cache) are not embedded
    again. Call `save()` to keep what was added."""

    def __init__(self, path: Path | None = None) -> None:
        from pipelines.embeddings import cache_dir, precision, runtime_name

        self.path = path or cache_dir() / f"highlight-clauses-{runtime_name()}-{precision()}.npz"
        self.vectors: dict[str, np.ndarray] = {}
        self.added = 0
        if self.path.exists():
            with np.load(self.path, allow_pickle=False) as data:
                self.vectors = dict(zip((str(t) for t in data["texts"]), data["vectors"], strict=True))

    def __call__(self, texts: Sequence[str]) -> np.ndarray:
        from pipelines.embeddings import embed

        missing = [t for t in dict.fromkeys(texts) if t not in self.vectors]
        if missing:
            for text, vector in zip(missing, embed(missing, batch_size=128), strict=True):
                self.vectors[text] = vector
            self.added += len(missing)
        return np.vstack([self.vectors[t] for t in texts]) if len(texts) else np.zeros((0, 384), np.float32)

    def save(self) -> None:
        if not self.added:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        texts = list(self.vectors)
        tmp = self.path.with_suffix(".tmp.npz")
        np.savez(tmp, texts=np.asarray(texts), vectors=np.vstack([self.vectors[t] for t in texts]))
        tmp.replace(self.path)
        self.added = 0


class Data:
    """Entries with their labels and authors, as plain lists."""

    def __init__(self, entries: Sequence[dict[str, Any]]) -> None:
        authors = author_of_voices()
        self.entries = list(entries)
        self.texts = [e["text"] for e in self.entries]
        self.labels = [e.get("highlights", []) for e in self.entries]
        self.dates = [date.fromisoformat(e["date"]) if e.get("date") else None for e in self.entries]
        self.authors = [e.get("author") or authors.get(e.get("voice", ""), e.get("voice", "")) for e in self.entries]

    def subset(self, rows: Iterable[int]) -> Data:
        data = Data.__new__(Data)
        rows = list(rows)
        data.entries = [self.entries[i] for i in rows]
        data.texts = [self.texts[i] for i in rows]
        data.labels = [self.labels[i] for i in rows]
        data.dates = [self.dates[i] for i in rows]
        data.authors = [self.authors[i] for i in rows]
        return data

    def labelled(self) -> list[LabelledEntry]:
        return [LabelledEntry(e["id"], e["text"], d, e.get("mood"), e.get("highlights", []))
                for e, d in zip(self.entries, self.dates, strict=True)]


def training_data() -> tuple[Data, Data]:
    """(dev, train-only): what the pipeline is tuned and fitted on."""
    return Data(load_split("dev")), Data(load_split("train"))


def as_predictions(highlights: Sequence[Sequence[Any]]) -> list[Prediction]:
    return [Prediction("neutral", [{"type": h.type, "text": h.reformulation, "dueDate": h.metadata.due_date}
                                   for h in entry]) for entry in highlights]


def leave_one_author_out(make: Callable[[], HighlightPipeline], dev: Data, extra: Data | None = None,
                         *, variants: Sequence[dict[str, Any]] = ({},), folds: int | None = None,
                         extra_weight: float = 1.0, groups: Sequence[str] | None = None,
                         progress: Callable[[str], None] | None = None) -> list[list[list[Any]]]:
    """Each author's `dev` entries predicted by a pipeline `make()` fitted on the other authors'
    entries and on `extra` (the train-only entries, each weighing `extra_weight`), once per
    variant of the prediction settings (`variants`: parameters set after fitting, such as the
    detector's threshold); per variant, in dev's order. `groups`: what to leave out instead of
    the author (the train-only entries' voices); `folds`: the groups dealt into that many folds
    instead (a quicker look while exploring; the record is one group a fold)."""
    predicted: list[list[list[Any]]] = [[[] for _ in dev.texts] for _ in variants]
    of = list(groups) if groups is not None else dev.authors
    names = sorted(set(of))
    folds_of = [names[k::folds] for k in range(folds)] if folds else [[a] for a in names]
    for group in folds_of:
        held = [i for i, a in enumerate(of) if a in group]
        rest = dev.subset(i for i, a in enumerate(of) if a not in group)
        more = extra or Data([])
        started = time.monotonic()
        pipeline = make().fit(rest.texts + more.texts, rest.labels + more.labels,
                              sample_weight=[1.0] * len(rest.texts) + [extra_weight] * len(more.texts))
        held_data = dev.subset(held)
        for v, variant in enumerate(variants):
            pipeline.set_params(**variant)
            for i, highlights in zip(held, pipeline.predict(held_data.texts, held_data.dates), strict=True):
                predicted[v][i] = highlights
        if progress:
            progress(f"{', '.join(group)}: {len(held)} entries, {time.monotonic() - started:.0f} s")
    return predicted


def figures(data: Data, predicted: Sequence[Sequence[Any]], detail: bool = False) -> dict[str, Any]:
    """The headline figures of predictions against labels (`detail`: with every miss and extra)."""
    report = score(data.labelled(), as_predictions(predicted))["highlights"]
    any_type, strict, due = report["any_type"], report["strict"], report["due_dates"]
    r, p = any_type["recall"] or 0.0, any_type["precision"] or 0.0
    out = {
        "recall": r, "precision": p, "f1": round(2 * r * p / (r + p), 4) if r + p else 0.0,
        "recall_strict": strict["recall"], "precision_strict": strict["precision"],
        "labelled": any_type["gold"], "predicted": any_type["predicted"], "matched": any_type["matched"],
        "by_type": {t: {k: v for k, v in b.items() if k in ("gold", "matched", "recall")}
                    for t, b in report["by_type"].items()},
        "written": {k: report["written"][k] for k in ("gold", "matched", "recall")},
        "implied": {k: report["implied"][k] for k in ("gold", "matched", "recall")},
        "due_dates": {k: due[k] for k in ("dated_tasks", "right", "accuracy", "found", "accuracy_when_found",
                                          "invented", "unmatched_with_due_date")},
        "wrong_referents": report["wrong_referents"]["count"],
    }
    if detail:
        out["missed"], out["extra"] = report["missed"], report["extra"]
        out["wrong_referent_cases"] = report["wrong_referents"]["cases"]
        out["invented_due_dates"] = due["invented_cases"]
    return out


def digest(data: Data) -> str:
    return hashlib.sha256("\x00".join(e["id"] + e["text"] for e in data.entries).encode()).hexdigest()[:16]


def write_metrics(record: dict[str, Any], path: Path = METRICS_PATH) -> None:
    path.write_text(json.dumps(record, indent=1, sort_keys=False) + "\n", encoding="utf-8")


# The grid `train` searches: fitted settings (each a refit per fold; `train_only_weight` is the
# weight of the train-only entries, which label what dev labels rarely: implied tasks, bills, people
# waiting, projects) x prediction settings (set on the fitted pipeline). Two held-out measures per
# point: leave one author out on dev, and leave one voice out on the train-only entries (each voice
# read by a pipeline fitted on dev and the other train-only voices). Chosen: among the points whose
# dev precision is at least PRECISION_FLOOR (a wrong claim costs the writer more than a missed one),
# the best mean of the two F1s (any type, the figure `evaluate` prints second); ties: the higher
# threshold, fewer claims.
PRECISION_FLOOR = 0.6
FIT_GRID: tuple[dict[str, Any], ...] = tuple({"detector__C": 3.0, "typer__C": 3.0, "detector__context": c,
                                              "train_only_weight": w}
                                             for c in (False, True) for w in (1.0, 3.0))
PREDICT_GRID: tuple[dict[str, Any], ...] = tuple({"detector__threshold": t} for t in (0.3, 0.35, 0.4, 0.45, 0.5))


def train(*, folds: int | None = None, fit_grid: Sequence[dict[str, Any]] = FIT_GRID,
          predict_grid: Sequence[dict[str, Any]] = PREDICT_GRID, save: bool = True,
          progress: Callable[[str], None] | None = print) -> dict[str, Any]:
    """Choose the settings (see above), fit them on dev and the train-only entries, save the
    artifact and the record (`highlight_metrics.json`). Never reads test or the fresh writers."""
    from threadpoolctl import threadpool_limits

    dev, extra = training_data()
    cache = EmbeddingCache()
    voices = [e.get("voice", "") for e in extra.entries]
    results = []
    with threadpool_limits(1):
        for fitted in fit_grid:
            weight = fitted.get("train_only_weight", 1.0)
            params = {k: v for k, v in fitted.items() if k != "train_only_weight"}

            def make(params: dict[str, Any] = params) -> HighlightPipeline:
                return HighlightPipeline(embed=cache).set_params(**params)

            on_dev = leave_one_author_out(make, dev, extra, variants=predict_grid, folds=folds, extra_weight=weight,
                                          progress=progress)
            on_train = leave_one_author_out(make, extra, dev, variants=predict_grid, groups=voices,
                                            extra_weight=1.0 / weight, progress=progress)
            cache.save()
            for variant, a, b in zip(predict_grid, on_dev, on_train, strict=True):
                f, g = figures(dev, a), figures(extra, b)
                results.append({"settings": {**fitted, **variant}, "figures": f, "train_only": g,
                                "score": round((f["f1"] + g["f1"]) / 2, 4)})
                if progress:
                    progress(f"{json.dumps({**fitted, **variant})}: dev recall {f['recall']} precision "
                             f"{f['precision']} F1 {f['f1']}; train-only F1 {g['f1']} implied {g['implied']['recall']}")
        best = choose(results)
        settings = {k: v for k, v in best["settings"].items() if k != "train_only_weight"}
        weight = best["settings"].get("train_only_weight", 1.0)
        pipeline = HighlightPipeline(embed=cache).set_params(**settings)
        pipeline.fit(dev.texts + extra.texts, dev.labels + extra.labels,
                     sample_weight=[1.0] * len(dev.texts) + [weight] * len(extra.texts))
        cache.save()
    pipeline.embed = None
    record = {
        "data": {"dev": {"entries": len(dev.texts), "authors": len(set(dev.authors)), "sha256": digest(dev)},
                 "train_only": {"entries": len(extra.texts), "voices": len(set(voices)), "sha256": digest(extra)}},
        "precision_floor": PRECISION_FLOOR,
        "cv": ("leave one author out on dev" if not folds else f"dev's authors in {folds} groups") +
              ": each held-out author's entries predicted by a pipeline fitted on the rest and the train-only"
              " entries, pooled, scored as `python -m pipelines evaluate` scores (any type); and leave one"
              " voice out on the train-only entries",
        "chosen": best["settings"], "cv_figures": best["figures"], "train_only_figures": best["train_only"],
        "grid": [{"settings": r["settings"], "score": r["score"],
                  **{k: r["figures"][k] for k in ("recall", "precision", "f1")},
                  "train_only_f1": r["train_only"]["f1"], "train_only_implied_recall": r["train_only"]["implied"]["recall"]}
                 for r in results],
    }
    if save:
        pipeline.save(about={"chosen": best["settings"], "cv_f1": best["figures"]["f1"]})
        write_metrics({**_kept_record(), **record})
    return record


def choose(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The grid point `train` keeps: the best mean F1 (dev and train-only) of those with a dev
    precision at PRECISION_FLOOR or above (else the most precise)."""
    precise = [r for r in results if r["figures"]["precision"] >= PRECISION_FLOOR]
    if not precise:
        return max(results, key=lambda r: r["figures"]["precision"])
    return max(precise, key=lambda r: (r["score"], r["settings"].get("detector__threshold", 0)))


def _kept_record() -> dict[str, Any]:
    """What the record holds besides training (the test and fresh readings), kept across a retrain."""
    if not METRICS_PATH.exists():
        return {}
    old = json.loads(METRICS_PATH.read_text(encoding="utf-8"))
    return {k: v for k, v in old.items() if k in ("test", "fresh")}
