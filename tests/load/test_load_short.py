"""The load test, short: 30 s of mixed journalers against the app started as the README starts it.
It must show no failed request, and write its figures (requests/s, p50/p95/p99 per endpoint).

The full-size run is `make load` (or `python -m tests.load --users 50 --duration 60s`); `make bench`
runs it at the size budgets.toml sets and checks the budget.
"""

from __future__ import annotations

import json

import pytest

from tests.load.__main__ import main

pytestmark = pytest.mark.slow

ENDPOINTS = {
    "GET /api/journal", "GET /api/tasks", "GET /api/profile", "GET /api/auth/me", "GET /api/journal/search",
    "POST /api/journal", "PATCH /api/journal/{id}", "POST /api/journal/{id}/chat",
}


def test_thirty_seconds_of_journalers_without_a_failure(tmp_path, capsys):
    output = tmp_path / "load.json"
    code = main(["--users", "10", "--duration", "30s", "--entries", "1", "--output", str(output)])
    printed = capsys.readouterr().out
    result = json.loads(output.read_text())

    assert code == 0, printed
    assert result["failures"] == [] and result["total"]["failures"] == 0, result["failures"]
    assert result["duration_s"] == 30 and result["users"] == 10
    assert result["total"]["requests"] > 100 and result["total"]["rps"] > 3, result["total"]
    ran = [row for row in result["endpoints"] if row["requests"]]
    seen = {row["name"] for row in ran}
    assert ENDPOINTS <= seen, ENDPOINTS - seen  # reads, writes, edits, search and chat all ran
    for row in ran:
        assert 0 < row["p50_ms"] <= row["p95_ms"] <= row["p99_ms"], row
    assert "all requests" in printed and "p95 ms" in printed
