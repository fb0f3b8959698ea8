"""Profile regeneration (the personal story, Meaning & Purpose, Career) for journals of 100, 1,000
and 3,650 entries (a day's entry for ten years): CPU seconds and peak memory.

The subject is `pipelines.analysis.regenerate_profile`, the plain function under the
profile-regeneration flow, on a throwaway embedded PostgreSQL, each journal a user of its own with
analysed entries (the journal corpus' dev split in file order, repeated past its 2,814 entries,
one a day, each with its stored embedding and mood, as analyses leave them). Two ways, in the
same process, each journal size in turn:

- **whole journal** (the baseline): every entry read, as regeneration did before the window
  (`STORY_ENTRIES` lifted), with the same near-linear code;
- **latest entries**: the app's way, the latest `STORY_ENTRIES` entries.

Each way is run cold (this process has never read that journal: the story's per-entry caches are
emptied first) and warm (again, after one new entry: what a regeneration after a new entry costs).
CPU is this process' (`time.process_time`; the model on one thread as the app runs it); peak
memory is the Python heap's peak during one more (untimed) regeneration under tracemalloc, numpy's
arrays included, the model's own buffers not. Budgets: the warm regeneration of the 3,650-entry
journal, its CPU and its peak (budgets.toml [profile]).
"""

from __future__ import annotations

import json
import logging
import tempfile
import time
import uuid
from datetime import date, timedelta
from pathlib import Path

SIZES = (100, 1_000, 3_650)
CORPUS = Path(__file__).resolve().parents[2] / "pipelines" / "data" / "journal_corpus" / "dev.jsonl"


def _corpus() -> list[dict]:
    return [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]


def _journal(rows: list[dict], vectors: dict[str, list[float]], size: int) -> str:
    """A new user with `size` analysed entries, the newest today."""
    from models import JournalEntry, User
    from pipelines import db

    first = date.today() - timedelta(days=size)
    with db.session() as s:
        user = User(username=f"u{uuid.uuid4().hex[:10]}", email=f"{uuid.uuid4().hex[:10]}@bench.example",
                    password_hash="x", is_verified=True, agreed_to_terms=True)
        s.add(user)
        s.flush()
        for i in range(size):
            row = rows[i % len(rows)]
            s.add(JournalEntry(user_id=user.id, content=row["text"], entry_date=first + timedelta(days=i),
                               embedding=vectors[row["text"]], mood={"emoji": "", "text": row["mood"].title()},
                               analysis_state="done", analysed_version=1, analysis_provider="local"))
        s.commit()
        return str(user.id)


def _add_entry(user_id: str, row: dict, vectors: dict[str, list[float]]) -> None:
    from models import JournalEntry
    from pipelines import db

    with db.session() as s:
        s.add(JournalEntry(user_id=uuid.UUID(user_id), content=row["text"] + " One more day.",
                           entry_date=date.today(), embedding=vectors[row["text"]],
                           mood={"emoji": "", "text": row["mood"].title()}, analysis_state="done",
                           analysed_version=1, analysis_provider="local"))
        s.commit()


def _forget() -> None:
    """Empty the story's per-process caches, so the next regeneration reads the journal cold."""
    from pipelines import people, values
    from pipelines.providers import local_provider

    local_provider._highlights_of.cache_clear()
    people._people_by_text.cache_clear()
    values._kept.clear()


def _regenerate(user_id: str) -> tuple[float, int]:
    from pipelines.analysis import regenerate_profile

    started = time.process_time()
    result = regenerate_profile(user_id)
    cpu = time.process_time() - started
    assert result.status == "done" and result.outputs is not None, result
    return cpu, result.outputs.read


def _peak_mb(user_id: str) -> float:
    """The Python heap's peak (numpy's arrays included) during one more regeneration, above its
    level before: tracemalloc slows Python down, so this pass is not timed."""
    import tracemalloc

    from pipelines.analysis import regenerate_profile

    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        regenerate_profile(user_id)
        return (tracemalloc.get_traced_memory()[1] - base) / 1e6
    finally:
        tracemalloc.stop()


def run() -> dict[str, float]:
    import pgserver

    from pipelines import analysis, db
    from pipelines.embeddings import embed, set_model_threads
    from tests.benchmarks.harness import migrated_database

    logging.getLogger("pgserver").propagate = False
    set_model_threads(1)
    rows = _corpus()
    texts = sorted({row["text"] for row in rows})
    started = time.perf_counter()
    vectors = {text: vector.tolist() for text, vector in zip(texts, embed(texts), strict=True)}
    print(f"\n{len(texts):,} corpus entries embedded in {time.perf_counter() - started:.0f}s (not counted)")
    window = analysis.STORY_ENTRIES
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="reverie-bench-profile-") as tmp:
        server = pgserver.get_server(Path(tmp) / "pgdata", cleanup_mode="delete")
        try:
            url = migrated_database(server.get_uri(), "bench_profile")
            db.configure(url)
            _regenerate(_journal(rows, vectors, 12))  # warm-up: the models and the catalogue's vectors
            print(f"\n## Profile regeneration: the whole journal (baseline) and the latest {window} entries")
            print(f"{'entries':>8} {'way':<16} {'read':>6} {'cold CPU s':>11} {'warm CPU s':>11} {'peak MB':>8}")
            for size in SIZES:
                for way, limit in (("whole journal", 10**9), ("latest entries", window)):
                    analysis.STORY_ENTRIES = limit
                    try:
                        user = _journal(rows, vectors, size)
                        _forget()
                        cold, read = _regenerate(user)
                        _add_entry(user, rows[size % len(rows)], vectors)
                        warm, _ = _regenerate(user)
                        peak = _peak_mb(user)
                    finally:
                        analysis.STORY_ENTRIES = window
                    print(f"{size:>8,} {way:<16} {read:>6,} {cold:>11.2f} {warm:>11.2f} {peak:>8.0f}",
                          flush=True)
                    key = "whole" if limit != window else "window"
                    figures[f"profile_{key}_{size}_cold_cpu_s"] = cold
                    figures[f"profile_{key}_{size}_warm_cpu_s"] = warm
                    figures[f"profile_{key}_{size}_peak_mb"] = peak
        finally:
            if db._engine is not None:
                db._engine.dispose()
            server.cleanup()
    for size in SIZES[1:]:
        print(f"{size:,} entries: latest entries / whole journal, cold CPU "
              f"{figures[f'profile_window_{size}_cold_cpu_s'] / figures[f'profile_whole_{size}_cold_cpu_s']:.2f}x, "
              f"warm {figures[f'profile_window_{size}_warm_cpu_s'] / figures[f'profile_whole_{size}_warm_cpu_s']:.2f}x")
    return {"profile_regeneration_cpu_s": figures[f"profile_window_{SIZES[-1]}_warm_cpu_s"],
            "profile_regeneration_peak_mb": figures[f"profile_window_{SIZES[-1]}_peak_mb"]}
