"""Train, tune and measure the mood model (`python -m pipelines.lab mood train | evaluate`).

Data: the journal corpus' dev split, and GoEmotions' dev split (pipelines/data/goemotions, Reddit
comments) mapped to Reverie's moods, three quarters of it to learn from and a quarter to choose
by. A model fitted on journals alone learns the corpus' voices (its lexical voice above all) and
reads other writing worse; comments weighted below entries teach it how people say feelings
elsewhere.

Tuning: leave one author out on dev (every author's entries read by a model fitted on the other
authors' and on the GoEmotions training rows), scored by accuracy; among the grid points whose
macro-F1 on the GoEmotions validation quarter is at least GOEMOTIONS_FLOOR and which read every
required reading (`pipelines.lab.mood_readings`), the most accurate is fitted on all of dev and
the GoEmotions training rows and shipped (pipelines/data/mood_model.npz). Never reads the test
split or the fresh writers; `evaluate` reads them, once, and writes what it read into the record.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.metrics import accuracy_score, f1_score

from pipelines.corpus import author_of_voices, load_split
from pipelines.lab.mood_readings import REQUIRED_READINGS, misreadings
from pipelines.mood.model import DATA_DIR, MODEL_PATH, MoodModel, default_classifier
from pipelines.mood.vocabulary import MOODS, Mood

METRICS_PATH = DATA_DIR / "mood_metrics.json"
GOEMOTIONS_DIR = DATA_DIR / "goemotions"
SAMPLE_PATH = DATA_DIR.parent.parent / "notebooks" / "data" / "goemotions_test_sample.tsv"
SAMPLE_NAMES = SAMPLE_PATH.with_name("goemotions_emotions.txt")
GOEMOTIONS_FLOOR = 0.5  # macro-F1 on GoEmotions' validation quarter a shipped model must reach

# GoEmotions' 28 labels as Reverie's moods. GoEmotions has no tired: only the journal teaches it.
GOEMOTIONS_TO_MOOD: dict[str, Mood] = {
    # pleasant, self-directed or appreciative feelings: a happy day
    "joy": "happy", "amusement": "happy", "excitement": "happy", "gratitude": "happy", "optimism": "happy",
    "pride": "happy", "relief": "happy", "admiration": "happy", "approval": "happy",
    # warmth towards someone
    "love": "loving", "caring": "loving",
    # loss, letdown and self-blame
    "sadness": "sad", "grief": "sad", "disappointment": "sad", "remorse": "sad", "embarrassment": "sad",
    # hostility and rejection
    "anger": "angry", "annoyance": "angry", "disapproval": "angry", "disgust": "angry",
    # threat and worry
    "fear": "anxious", "nervousness": "anxious",
    # what the writer thinks or wants rather than feels
    "neutral": "neutral", "surprise": "neutral", "realization": "neutral", "curiosity": "neutral",
    "confusion": "neutral", "desire": "neutral",
}

# The settings every grid point shares: the calibration the shipped model has read journals with
# (the keyword rule's share, the clause after "but", negation, the heavy share, the Neutral prior,
# short entries), and the lexical voice's strength and minimum terms.
FIXED: dict[str, Any] = {"keyword_blend": 0.2, "negated_mood_factor": 0.0, "short_min_confidence": 0.7,
                         "contrast_blend": 0.5, "heavy_share": 0.45, "neutral_prior": 0.8, "lexical_C": 64.0,
                         "lexical_terms": 15.0}
GRID: tuple[dict[str, Any], ...] = tuple(
    {"goemotions_weight": w, "lexical_weight": lw, "C": 2.0} for w in (0.1, 0.2) for lw in (0.6, 0.7))


def goemotions_mood(labels: Iterable[str]) -> Mood | None:
    """A GoEmotions row's mood, or None when its labels map to different moods ("sadness,love")."""
    moods = {GOEMOTIONS_TO_MOOD[label] for label in labels}
    return moods.pop() if len(moods) == 1 else None


def read_goemotions(path: Path, names_path: Path) -> tuple[list[str], list[Mood]]:
    """The rows of a GoEmotions file whose labels agree on one mood: texts and moods."""
    names = names_path.read_text(encoding="utf-8").split("\n")
    texts, moods = [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line:
            continue
        text, ids, _ = line.split("\t")
        mood = goemotions_mood(names[int(i)] for i in ids.split(","))
        if mood is not None:
            texts.append(text)
            moods.append(mood)
    return texts, moods


def cached_embeddings(name: str, texts: Sequence[str]) -> np.ndarray:
    """`embed(texts)`, kept under REVERIE_MODEL_CACHE by the texts' hash and the runtime."""
    from pipelines.embeddings import cache_dir, embed, precision, runtime_name

    key = hashlib.sha256(("\x00".join(texts) + runtime_name() + precision()).encode()).hexdigest()[:16]
    path = cache_dir() / f"{name}-{key}.npy"
    if path.exists():
        return np.load(path)
    vectors = embed(list(texts), batch_size=128)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.save(path, vectors)
    return vectors


class Data:
    """The journal's dev entries and GoEmotions' dev rows (training three quarters, validation one)."""

    def __init__(self) -> None:
        dev = load_split("dev")
        authors = author_of_voices()
        self.texts = [e["text"] for e in dev]
        self.moods = [e["mood"] for e in dev]
        self.authors = np.asarray([authors[e["voice"]] for e in dev])
        self.vectors = cached_embeddings("journal-dev", self.texts)
        go_texts, go_moods = read_goemotions(GOEMOTIONS_DIR / "dev.tsv", GOEMOTIONS_DIR / "emotions.txt")
        order = np.random.default_rng(0).permutation(len(go_texts))
        validation = set(order[: len(go_texts) // 4].tolist())
        go_vectors = cached_embeddings("goemotions-dev", go_texts)
        rows = [i for i in range(len(go_texts)) if i not in validation]
        held = sorted(validation)
        self.go_texts, self.go_moods, self.go_vectors = [go_texts[i] for i in rows], [go_moods[i] for i in rows], \
            go_vectors[rows]
        self.val_texts, self.val_moods, self.val_vectors = [go_texts[i] for i in held], [go_moods[i] for i in held], \
            go_vectors[held]
        self.sha256 = hashlib.sha256("\x00".join(self.texts).encode()).hexdigest()[:16]


def make_model(point: dict[str, Any]) -> MoodModel:
    settings = {k: v for k, v in point.items() if k not in ("goemotions_weight", "C")}
    return MoodModel(classifier=default_classifier(point["C"]), **{**FIXED, **settings})


def fit(point: dict[str, Any], texts: Sequence[str], moods: Sequence[str], vectors: np.ndarray,
        data: Data) -> MoodModel:
    """A model of `point` fitted on these journal rows and GoEmotions' training rows."""
    weight = point["goemotions_weight"]
    return make_model(point).fit(
        list(texts) + data.go_texts, list(moods) + data.go_moods, np.vstack([vectors, data.go_vectors]),
        sample_weight=[1.0] * len(texts) + [weight] * len(data.go_texts))


def leave_one_author_out(point: dict[str, Any], data: Data) -> np.ndarray:
    predicted = np.empty(len(data.texts), dtype=object)
    for author in sorted(set(data.authors)):
        held, rest = np.flatnonzero(data.authors == author), np.flatnonzero(data.authors != author)
        model = fit(point, [data.texts[i] for i in rest], [data.moods[i] for i in rest], data.vectors[rest], data)
        predicted[held] = [p.mood for p in model.predict([data.texts[i] for i in held], data.vectors[held])]
    return predicted.astype(str)


def figures(gold: Sequence[str], predicted: Sequence[str]) -> dict[str, Any]:
    labels = [m for m in MOODS if m in set(gold)]
    return {"rows": len(gold), "accuracy": round(float(accuracy_score(gold, predicted)), 4),
            "macro_f1": round(float(f1_score(gold, predicted, labels=labels, average="macro", zero_division=0)), 4)}


def goemotions_sample(model: MoodModel) -> dict[str, Any]:
    """The model on the GoEmotions test sample shipped with the notebooks (never trained on)."""
    texts, moods = read_goemotions(SAMPLE_PATH, SAMPLE_NAMES)
    predicted = [p.mood for p in model.predict(texts, cached_embeddings("goemotions-sample", texts))]
    return figures(moods, predicted)


def train(*, save: bool = True, grid: Sequence[dict[str, Any]] = GRID,
          progress: Callable[[str], None] | None = print) -> dict[str, Any]:
    """Choose by leave one author out (see the module docstring), fit, save the model and the record."""
    from threadpoolctl import threadpool_limits

    started = time.monotonic()
    data = Data()
    results = []
    with threadpool_limits(1):
        for point in grid:
            predicted = leave_one_author_out(point, data)
            validation = fit(point, data.texts, data.moods, data.vectors, data)
            val = figures(data.val_moods, [p.mood for p in validation.predict(data.val_texts, data.val_vectors)])
            result = {"settings": point, "cv": figures(data.moods, predicted), "goemotions_validation": val,
                      "misread": misreadings(validation)}
            results.append(result)
            if progress:
                progress(f"{json.dumps(point)}: journal {result['cv']}  goemotions {val}  "
                         f"misread {len(result['misread'])}")
        chosen = choose(results)
        model = fit(chosen["settings"], data.texts, data.moods, data.vectors, data)
    record = {
        "data": {"dev_entries": len(data.texts), "dev_sha256": data.sha256, "dev_authors": len(set(data.authors)),
                 "goemotions_training_rows": len(data.go_texts), "goemotions_validation_rows": len(data.val_texts)},
        "cv": "leave one author out on dev, GoEmotions' training rows always in training; chosen: the most "
              f"accurate of the points reading every required reading with GoEmotions validation macro-F1 >= "
              f"{GOEMOTIONS_FLOOR}",
        "fixed": FIXED, "chosen": chosen, "grid": results, "goemotions_sample": goemotions_sample(model),
        "required_readings": len(REQUIRED_READINGS), "train_seconds": round(time.monotonic() - started),
    }
    if save:
        model.save(MODEL_PATH, metadata={"chosen": chosen["settings"], "cv_accuracy": chosen["cv"]["accuracy"]})
        kept = json.loads(METRICS_PATH.read_text(encoding="utf-8")) if METRICS_PATH.exists() else {}
        METRICS_PATH.write_text(json.dumps({"train": record, **{k: v for k, v in kept.items() if k in ("test", "fresh")}},
                                           indent=1) + "\n", encoding="utf-8")
    return record


def choose(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The most accurate point (leave one author out) of those that read every required reading and
    reach GOEMOTIONS_FLOOR on the validation quarter; ties: the smaller GoEmotions weight."""
    eligible = [r for r in results if not r["misread"] and r["goemotions_validation"]["macro_f1"] >= GOEMOTIONS_FLOOR]
    pool = eligible or [r for r in results if not r["misread"]] or list(results)
    return max(pool, key=lambda r: (r["cv"]["accuracy"], -r["settings"]["goemotions_weight"]))
