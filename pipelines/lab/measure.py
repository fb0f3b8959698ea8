"""A held-out reading of the shipped core (`python -m pipelines.lab measure test | fresh`).

The local provider analyses every entry of the held-out set exactly as `python -m pipelines
evaluate` does (the app's own call, `analyze_entry`), and the figures are written into the records
(pipelines/data/highlight_metrics.json and mood_metrics.json, under "test" or "fresh"), with the
GoEmotions sample's figure beside them. A held-out set is read once, when tuning is done: reading
it after each change would be tuning on it.
"""

from __future__ import annotations

import json
import time
from datetime import date
from typing import Any

from pipelines.corpus import load_split
from pipelines.lab.highlights import METRICS_PATH as HIGHLIGHT_METRICS
from pipelines.lab.mood import METRICS_PATH as MOOD_METRICS
from pipelines.lab.mood import goemotions_sample
from pipelines.lab.scoring import LabelledEntry, predict_with, score


def headline(report: dict[str, Any]) -> dict[str, Any]:
    """The figures the model card reports, from a `score` report."""
    h = report["highlights"]
    due = h["due_dates"]

    def recall(block: dict[str, Any]) -> dict[str, Any]:
        return {k: block[k] for k in ("gold", "matched", "recall")}

    return {
        "entries": report["entries"],
        "mood": {k: report["mood"][k] for k in ("accuracy", "macro_f1")},
        "highlights": {
            "recall": h["any_type"]["recall"], "precision": h["any_type"]["precision"],
            "recall_same_type": h["strict"]["recall"], "precision_same_type": h["strict"]["precision"],
            "labelled": h["any_type"]["gold"], "predicted": h["any_type"]["predicted"],
            "by_type": {t: recall(b) for t, b in h["by_type"].items()},
            "written": recall(h["written"]), "implied": recall(h["implied"]),
            "wrong_referents": h["wrong_referents"]["count"],
            "due_dates": {k: due[k] for k in ("dated_tasks", "right", "accuracy", "found", "accuracy_when_found",
                                              "invented", "unmatched_with_due_date")},
        },
    }


def measure(split: str, *, write: bool = True) -> dict[str, Any]:
    """The shipped core on `split` ("test" or "fresh"), recorded in both records."""
    from pipelines.mood import get_mood_model
    from pipelines.providers import get_providers

    entries = load_split(split)
    labelled = [LabelledEntry(e["id"], e["text"], date.fromisoformat(e["date"]), e["mood"], e["highlights"])
                for e in entries]
    started = time.monotonic()
    predictions, _ = predict_with(get_providers(), labelled)
    report = score(labelled, predictions)
    result = {"split": split, "read_on": date.today().isoformat(), **headline(report),
              "goemotions_sample": goemotions_sample(get_mood_model()),
              "seconds": round(time.monotonic() - started)}
    if write:
        for path in (HIGHLIGHT_METRICS, MOOD_METRICS):
            record = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
            record[split] = result
            path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return result
