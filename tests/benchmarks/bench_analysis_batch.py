"""Analysis cost per entry, in CPU and in load-invariant counts, several ways in one process:

- **before**: as analyses ran until issue 17's cut: every analysis embeds all of the user's goal and
  project names again for `_related`, and each new intention twice (its duplicate check, then its
  vector to store); one by one;
- **one by one**: each analysis embeds its own entry and sentences (names kept per user, each new
  intention once);
- **batched**: the same entries as a batch (`embedded_ahead`: the batch's texts and summary
  sentences through the model together, imported entries' stored vectors reused);
- **imported, batched**: entries embedded on import, analysed as a batch.

The analysis is `pipelines.analysis.analyse_entry`, the plain function under the highlight-extraction
step, on a throwaway embedded PostgreSQL; Prefect is not involved (its bookkeeping per flow run is
`bench_analysis_flow`). Each pass is a user of its own with `HISTORY` entries already analysed (so
they have goals, projects and tasks, and this process has analysed them, as the app's analysis
owner has) and `ENTRIES` new ones (the same texts in every pass); passes alternate after a warm-up.
Figures: CPU seconds of this process per entry (`time.process_time`; the model runs on one thread,
as `MODEL_THREADS=1` has it in the app), the model calls and texts in the timed passes, and from
one extra pass per way (not timed): tokens through the model, SQL statements and Python function
calls per entry.
"""

from __future__ import annotations

import logging
import statistics
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, timedelta
from pathlib import Path

ENTRIES = 8  # the inline runner's MAX_BATCH
HISTORY = 8
PASSES = 3


class ModelCalls:
    """Counts calls of the model's encode and the texts they carried."""

    def __init__(self) -> None:
        from pipelines.embeddings import get_model

        self.model = get_model()
        self.original = self.model.encode
        self.calls = self.texts = self.tokens = 0
        self.count_tokens = False

        def counted(texts, *args, **kwargs):
            self.calls += 1
            self.texts += len(texts)
            if self.count_tokens:
                self.tokens += sum(len(ids) for ids in self.model.tokenizer(list(texts))["input_ids"])
            return self.original(texts, *args, **kwargs)

        self.model.encode = counted

    def reset(self) -> None:
        self.calls = self.texts = self.tokens = 0


def _user_with_entries(texts: list[str], *, imported: bool, history: list[str] | None = None) -> list[str]:
    """A new user's entries of `texts`; `history` entries before them, already analysed."""
    from models import JournalEntry, User
    from pipelines import db
    from pipelines.analysis import analyse_entry
    from pipelines.embeddings import embed

    with db.session() as s:
        user = User(username=f"u{uuid.uuid4().hex[:10]}", email=f"{uuid.uuid4().hex[:10]}@bench.example",
                    password_hash="x", is_verified=True, agreed_to_terms=True)
        s.add(user)
        s.flush()
        earlier = [JournalEntry(user_id=user.id, content=text, entry_date=date(2026, 2, 1) + timedelta(days=i))
                   for i, text in enumerate(history or [])]
        s.add_all(earlier)
        s.commit()
        for entry in earlier:
            assert analyse_entry(str(entry.id)).status == "done"
        vectors = embed(texts) if imported else [None] * len(texts)
        entries = [JournalEntry(user_id=user.id, content=text, entry_date=date(2026, 3, 1) + timedelta(days=i),
                                embedding=None if vector is None else vector.tolist())
                   for i, (text, vector) in enumerate(zip(texts, vectors, strict=True))]
        s.add_all(entries)
        s.commit()
        return [str(e.id) for e in entries]


@contextmanager
def as_before() -> Iterator[None]:
    """Analyses as they were before issue 17's cut: no kept name vectors (`_related` embeds every
    goal and project name), and no vectors handed to the duplicate check (each new intention is
    embedded twice)."""
    from pipelines import analysis

    @contextmanager
    def nothing_ahead(texts, known=None):
        yield 0

    saved = analysis.name_vectors, analysis.embedded_together
    analysis.name_vectors, analysis.embedded_together = (lambda owner, names: {}), nothing_ahead
    try:
        yield
    finally:
        analysis.name_vectors, analysis.embedded_together = saved


def _before(ids: list[str]) -> None:
    with as_before():
        _one_by_one(ids)


def _one_by_one(ids: list[str]) -> None:
    from pipelines.analysis import analyse_entry

    for entry_id in ids:
        assert analyse_entry(entry_id).status == "done"


def _batched(ids: list[str]) -> None:
    from pipelines.analysis import analyse_entry
    from pipelines.flows.highlight_extraction import embedded_ahead

    with embedded_ahead(ids):
        for entry_id in ids:
            assert analyse_entry(entry_id).status == "done"


def _counted(analyse, ids: list[str], counter: ModelCalls) -> dict[str, float]:
    """Tokens through the model, SQL statements and Python function calls per entry (a pass of its own:
    counting costs CPU)."""
    import cProfile
    import pstats

    import sqlalchemy as sa

    from pipelines import db

    statements = [0]

    def one(*_args, **_kwargs) -> None:
        statements[0] += 1

    sa.event.listen(db._engine, "before_cursor_execute", one)
    counter.reset()
    counter.count_tokens = True
    profile = cProfile.Profile()
    try:
        profile.runcall(analyse, ids)
    finally:
        counter.count_tokens = False
        sa.event.remove(db._engine, "before_cursor_execute", one)
    calls = pstats.Stats(profile).total_calls  # type: ignore[attr-defined]
    return {"tokens": counter.tokens / len(ids), "statements": statements[0] / len(ids),
            "function calls": calls / len(ids)}


def run() -> dict[str, float]:
    import pgserver

    from pipelines import db
    from pipelines.embeddings import set_model_threads
    from tests.benchmarks.corpus import journal_entries
    from tests.benchmarks.harness import migrated_database

    logging.getLogger("pgserver").propagate = False
    set_model_threads(1)
    texts = journal_entries(ENTRIES + HISTORY, seed=11)
    history, texts = texts[:HISTORY], texts[HISTORY:]
    with tempfile.TemporaryDirectory(prefix="reverie-bench-analysis-") as tmp:
        server = pgserver.get_server(Path(tmp) / "pgdata", cleanup_mode="delete")
        try:
            url = migrated_database(server.get_uri(), "bench_analysis")
            db.configure(url)
            counter = ModelCalls()
            _batched(_user_with_entries(texts, imported=False))  # warm-up: model, mood model, caches
            paths = {"before (issue 17)": (_before, False), "one by one": (_one_by_one, False),
                     "batched": (_batched, False), "imported, batched": (_batched, True)}
            cpu: dict[str, list[float]] = {name: [] for name in paths}
            model: dict[str, tuple[int, int]] = {}
            for _ in range(PASSES):
                for name, (analyse, imported) in paths.items():
                    ids = _user_with_entries(texts, imported=imported, history=history)
                    counter.reset()
                    started = time.process_time()
                    analyse(ids)
                    cpu[name].append((time.process_time() - started) / ENTRIES)
                    model[name] = (counter.calls, counter.texts)
            counts = {name: _counted(analyse, _user_with_entries(texts, imported=imported, history=history), counter)
                      for name, (analyse, imported) in paths.items()}
        finally:
            server.cleanup()
    base = statistics.median(cpu["one by one"])
    before = statistics.median(cpu["before (issue 17)"])
    print(f"\n## Analysis cost per entry ({ENTRIES} new entries of a user with {HISTORY} analysed, "
          f"{PASSES} passes each, local provider, one model thread)")
    print(f"{'':20} {'CPU / entry':>12} {'/ before':>9} {'model calls':>12} {'texts':>6} {'tokens':>7} "
          f"{'statements':>11} {'Python calls':>13}")
    for name in paths:
        median = statistics.median(cpu[name])
        calls, embedded = model[name]
        c = counts[name]
        print(f"{name:20} {median * 1e3:>10.1f}ms {median / before:>8.2f}x {calls / ENTRIES:>12.2f} "
              f"{embedded / ENTRIES:>6.2f} {c['tokens']:>7.1f} {c['statements']:>11.1f} {c['function calls']:>13,.0f}")
    print("(model calls, texts, tokens, statements and Python calls per entry)")
    return {"analysis_batched_ratio": statistics.median(cpu["batched"]) / base}
