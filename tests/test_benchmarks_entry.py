"""`make bench` runs: the entry point finds the benchmarks and each prints a ratio to its baseline."""

from __future__ import annotations

import os
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


def test_budgets_print_each_figure_beside_its_budget_and_fail_when_one_is_missed(tmp_path):
    """`make bench` compares each figure with budgets.toml and exits non-zero on a miss."""
    from tests.benchmarks import budgets

    assert budgets.check({"web_initial_js_kb": 120.0}, complete=False) is True
    assert budgets.check({"web_initial_js_kb": 171.0}, complete=False) is False
    assert budgets.check({"web_initial_js_kb": 120.0}, complete=True) is False  # the others not measured
    tight = budgets.BUDGETS_FILE.read_text().replace("max_initial_js_gzip_kb = 170", "max_initial_js_gzip_kb = 1")
    assert tight != budgets.BUDGETS_FILE.read_text()
    (tmp_path / "budgets.toml").write_text(tight)
    for path, code, verdict in ((budgets.BUDGETS_FILE, 0, "ok"), (tmp_path / "budgets.toml", 1, "MISSED")):
        result = subprocess.run(
            [sys.executable, "-m", "tests.benchmarks", "bench_web_size"], cwd=REPO, capture_output=True, text=True,
            timeout=120, env={**os.environ, "REVERIE_BUDGETS": str(path)},
        )
        assert result.returncode == code, result.stdout + result.stderr
        line = next(l for l in result.stdout.splitlines() if l.startswith("web: initial JavaScript"))
        assert line.split()[-1] == verdict, line
