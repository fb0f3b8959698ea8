"""Analysis cost per entry: entries analysed one by one (each step calling the embedding model for
itself, as before) against the same entries analysed as a batch (`embedded_ahead`: the batch's
texts and summary sentences through the model in one call, imported entries' stored vectors
reused), and imported entries (embedded on import) analysed as a batch.

The analysis is `pipelines.analysis.analyse_entry`, the plain function under the highlight-extraction
step, on a throwaway embedded PostgreSQL; Prefect is not involved (its bookkeeping per flow run is a
separate cost, paid once per batch by the inline runner). Each pass analyses `ENTRIES` entries of a
user of its own (the same texts), so no pass finds the previous one's tasks; passes alternate after
a warm-up. Figures: CPU seconds of this process per entry (`time.process_time`; the model runs on
one thread, as `MODEL_THREADS=1` has it in the app), and the texts sent through the model.
"""

from __future__ import annotations

import logging
import statistics
import tempfile
import time
import uuid
from datetime import date, timedelta
from pathlib import Path

ENTRIES = 8  # the inline runner's MAX_BATCH
PASSES = 3


class ModelCalls:
    """Counts calls of the model's encode and the texts they carried."""

    def __init__(self) -> None:
        from pipelines.embeddings import get_model

        self.model = get_model()
        self.original = self.model.encode
        self.calls = self.texts = 0

        def counted(texts, *args, **kwargs):
            self.calls += 1
            self.texts += len(texts)
            return self.original(texts, *args, **kwargs)

        self.model.encode = counted

    def reset(self) -> None:
        self.calls = self.texts = 0


def _user_with_entries(texts: list[str], *, imported: bool) -> list[str]:
    from models import JournalEntry, User
    from pipelines import db
    from pipelines.embeddings import embed

    with db.session() as s:
        user = User(username=f"u{uuid.uuid4().hex[:10]}", email=f"{uuid.uuid4().hex[:10]}@bench.example",
                    password_hash="x", is_verified=True, agreed_to_terms=True)
        s.add(user)
        s.flush()
        vectors = embed(texts) if imported else [None] * len(texts)
        entries = [JournalEntry(user_id=user.id, content=text, entry_date=date(2026, 3, 1) + timedelta(days=i),
                                embedding=None if vector is None else vector.tolist())
                   for i, (text, vector) in enumerate(zip(texts, vectors, strict=True))]
        s.add_all(entries)
        s.commit()
        return [str(e.id) for e in entries]


def _one_by_one(ids: list[str]) -> None:
    from pipelines.analysis import analyse_entry

    for entry_id in ids:
        assert analyse_entry(entry_id)["status"] == "done"


def _batched(ids: list[str]) -> None:
    from pipelines.analysis import analyse_entry
    from pipelines.flows.highlight_extraction import embedded_ahead

    with embedded_ahead(ids):
        for entry_id in ids:
            assert analyse_entry(entry_id)["status"] == "done"


def run() -> dict[str, float]:
    import pgserver
    import sqlalchemy as sa

    from api.database import migrate, sqlalchemy_url
    from pipelines import db
    from pipelines.embeddings import set_model_threads
    from tests.benchmarks.corpus import journal_entries

    logging.getLogger("pgserver").propagate = False
    set_model_threads(1)
    texts = journal_entries(ENTRIES, seed=11)
    with tempfile.TemporaryDirectory(prefix="reverie-bench-analysis-") as tmp:
        server = pgserver.get_server(Path(tmp) / "pgdata", cleanup_mode="delete")
        try:
            admin_url = sqlalchemy_url(server.get_uri())
            engine = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
            with engine.connect() as conn:
                conn.execute(sa.text("CREATE DATABASE bench_analysis"))
            engine.dispose()
            url = sa.make_url(admin_url).set(database="bench_analysis").render_as_string(hide_password=False)
            migrate(url)
            db.configure(url)
            counter = ModelCalls()
            _batched(_user_with_entries(texts, imported=False))  # warm-up: model, mood model, caches
            paths = {"one by one": (_one_by_one, False), "batched": (_batched, False),
                     "imported, batched": (_batched, True)}
            cpu: dict[str, list[float]] = {name: [] for name in paths}
            model: dict[str, tuple[int, int]] = {}
            for _ in range(PASSES):
                for name, (analyse, imported) in paths.items():
                    ids = _user_with_entries(texts, imported=imported)
                    counter.reset()
                    started = time.process_time()
                    analyse(ids)
                    cpu[name].append((time.process_time() - started) / ENTRIES)
                    model[name] = (counter.calls, counter.texts)
        finally:
            server.cleanup()
    base = statistics.median(cpu["one by one"])
    print(f"\n## Analysis cost per entry ({ENTRIES} entries a batch, {PASSES} passes each, local provider)")
    print(f"{'':24} {'CPU / entry':>12} {'model calls':>12} {'texts embedded':>15} {'ratio':>7}")
    for name in paths:
        median = statistics.median(cpu[name])
        calls, embedded = model[name]
        print(f"{name:24} {median * 1e3:>10.1f}ms {calls:>12} {embedded:>15} {median / base:>6.2f}x")
    return {"analysis_batched_ratio": statistics.median(cpu["batched"]) / base}
