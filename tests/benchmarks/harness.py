"""Timing helpers shared by the benchmarks."""

from __future__ import annotations

import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass


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
