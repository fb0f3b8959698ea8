from __future__ import annotations

import importlib
import os
import pkgutil
import sys
import time

import tests.benchmarks as package
from tests.benchmarks import budgets


def main(selected: list[str]) -> int:
    names = sorted(m.name for m in pkgutil.iter_modules(package.__path__) if m.name.startswith("bench_"))
    if selected:
        unknown = set(selected) - set(names)
        if unknown:
            print(f"unknown benchmark(s): {', '.join(sorted(unknown))}; known: {', '.join(names)}", file=sys.stderr)
            return 2
        names = [n for n in names if n in selected]
    print(f"# Reverie benchmarks ({len(names)})")
    # Figures from a busy machine are slower across the board; the ratios hold up better.
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{os.cpu_count()} cores, load average {load} (1/5/15 min)")
    figures: dict[str, float] = {}
    for name in names:
        started = time.perf_counter()
        figures.update(importlib.import_module(f"tests.benchmarks.{name}").run() or {})
        print(f"({name} took {time.perf_counter() - started:.1f}s)")
    within = budgets.check(figures, complete=not selected)
    return 0 if within else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
