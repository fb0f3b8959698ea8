"""Timing helpers shared by the benchmarks."""

from __future__ import annotations

import logging
import statistics
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Measurement:
    name: str
    samples: list[float]  # seconds per operation

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def p95(self) -> float:
        ordered = sorted(self.samples)
        return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]

    @property
    def per_second(self) -> float:
        return 1.0 / self.median if self.median else float("inf")


async def measure_async(name: str, operation: Callable[[], Awaitable[object]], *, warmup: int, runs: int) -> Measurement:
    for _ in range(warmup):
        await operation()
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        await operation()
        samples.append(time.perf_counter() - started)
    return Measurement(name, samples)


def report(title: str, baseline: Measurement, candidate: Measurement, *, budget_ratio: float | None = None) -> None:
    ratio = candidate.median / baseline.median
    print(f"\n## {title}")
    print(f"{'':34} {'median':>10} {'p95':>10} {'ops/s':>10}")
    for m in (baseline, candidate):
        print(f"{m.name:34} {m.median * 1e3:>8.3f}ms {m.p95 * 1e3:>8.3f}ms {m.per_second:>10.0f}")
    verdict = ""
    if budget_ratio is not None:
        verdict = "  within budget" if ratio <= budget_ratio else f"  OVER BUDGET ({budget_ratio:.2f}x)"
    print(f"ratio {candidate.name} / {baseline.name}: {ratio:.2f}x{verdict}")


def report_latencies(title: str, baseline: Measurement, *candidates: Measurement,
                     notes: dict[str, str] | None = None) -> None:
    """Median and p95 of a baseline and several candidates, and each candidate's median ratio to it.

    `notes` adds a column per name (a recall, a count...)."""
    notes = notes or {}
    print(f"\n## {title}")
    print(f"{'':34} {'median':>10} {'p95':>10} {'n':>5}")
    for m in (baseline, *candidates):
        note = notes.get(m.name, "")
        print(f"{m.name:34} {_ms(m.median):>10} {_ms(m.p95):>10} {len(m.samples):>5}  {note}".rstrip())
    for m in candidates:
        ratio = m.median / baseline.median
        faster = f" ({1 / ratio:.1f}x faster)" if ratio < 1 else ""
        print(f"ratio {m.name} / {baseline.name} (median): {ratio:.3g}x{faster}")


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.3f}ms" if seconds < 1 else f"{seconds * 1e3:.0f}ms"


@dataclass
class Throughput:
    """Items processed per pass, timed over several passes; the rate uses the median pass."""

    name: str
    items: int
    passes: list[float]  # seconds per pass

    @property
    def median(self) -> float:
        return statistics.median(self.passes)

    @property
    def per_second(self) -> float:
        return self.items / self.median


def report_throughput(title: str, baseline: Throughput, candidate: Throughput, *, unit: str = "items",
                      budget_ratio: float | None = None) -> None:
    """Both rates and candidate/baseline (above 1: the candidate is faster). `budget_ratio` is the
    lowest acceptable ratio."""
    ratio = candidate.per_second / baseline.per_second
    print(f"\n## {title}")
    print(f"{'':34} {unit + '/s':>12} {'median pass':>12} {'passes':>7}")
    for t in (baseline, candidate):
        print(f"{t.name:34} {t.per_second:>12.1f} {t.median:>11.2f}s {len(t.passes):>7}")
    verdict = ""
    if budget_ratio is not None:
        verdict = "  within budget" if ratio >= budget_ratio else f"  UNDER BUDGET ({budget_ratio:.2f}x)"
    print(f"ratio {candidate.name} / {baseline.name} ({unit}/s): {ratio:.3f}x{verdict}")


def migrated_database(server_uri: str, name: str) -> str:
    """A new database `name` on the embedded PostgreSQL at `server_uri` (pgserver's), migrated to
    the app's schema; its SQLAlchemy URL."""
    import sqlalchemy as sa

    from api.database import migrate, sqlalchemy_url

    admin_url = sqlalchemy_url(server_uri)
    engine = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
    with engine.connect() as conn:
        conn.execute(sa.text(f"CREATE DATABASE {name}"))
    engine.dispose()
    url = sa.make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    migrate(url)
    return url


@contextmanager
def embedded_database(pgdata: Path, name: str) -> Iterator[str]:
    """A throwaway embedded PostgreSQL in `pgdata` holding one migrated database `name`; yields its
    URL and deletes the cluster afterwards."""
    import pgserver

    logging.getLogger("pgserver").propagate = False  # its atexit handler logs after logging is gone
    server = pgserver.get_server(pgdata, cleanup_mode="delete")
    try:
        yield migrated_database(server.get_uri(), name)
    finally:
        server.cleanup()
