"""CPU per entry of the shipped core (`python -m pipelines.lab cost`): highlights, mood, and the
local provider's whole `analyze_entry` (with a summary), one thread, on dev entries, after a
warm-up. Process CPU time, which counts every thread of the process: the figure stays comparable
on a busy machine where wall time does not."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import date
from typing import Any


def _per_entry(run: Callable[[dict[str, Any]], object], entries: list[dict[str, Any]]) -> float:
    for entry in entries[:10]:
        run(entry)
    started = time.process_time()
    for entry in entries:
        run(entry)
    return round((time.process_time() - started) / len(entries) * 1000, 2)


def cost(entries: int = 300) -> dict[str, Any]:
    from threadpoolctl import threadpool_limits

    from pipelines.corpus import load_split
    from pipelines.embeddings import embed, set_model_threads
    from pipelines.highlights import extract_highlights, limit_projects
    from pipelines.mood import predict_mood
    from pipelines.providers.base import AnalysisContext
    from pipelines.providers.local_provider import LocalProvider

    set_model_threads(1)
    chosen = load_split("dev")[::9][:entries]
    vectors = dict(zip((e["id"] for e in chosen), embed([e["text"] for e in chosen]), strict=True))
    provider = LocalProvider()
    with threadpool_limits(1):
        figures = {
            "entries": len(chosen),
            "highlights_cpu_ms": _per_entry(lambda e: limit_projects(extract_highlights(
                e["text"], today=date.fromisoformat(e["date"]))), chosen),
            "mood_cpu_ms": _per_entry(lambda e: predict_mood(e["text"], vectors[e["id"]]), chosen),
            "analyze_entry_cpu_ms": _per_entry(lambda e: provider.analyze_entry(
                e["text"], want_summary=True, context=AnalysisContext(today=date.fromisoformat(e["date"]))),
                chosen),
        }
    return figures
