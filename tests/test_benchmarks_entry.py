"""`make bench` runs: the entry point finds the benchmarks and each prints a ratio to its baseline."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_benchmark_command_prints_ratios():
    result = subprocess.run(
        [sys.executable, "-m", "tests.benchmarks", "bench_request_overhead"],
        cwd=REPO, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "ratio reverie app / bare litestar:" in result.stdout


def test_unknown_benchmark_is_refused():
    result = subprocess.run(
        [sys.executable, "-m", "tests.benchmarks", "bench_nothing"], cwd=REPO, capture_output=True, text=True
    )
    assert result.returncode == 2
    assert "unknown benchmark" in result.stderr
