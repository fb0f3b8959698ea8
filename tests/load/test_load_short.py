"""The load test, short: 30 s of mixed journalers against the app started as the README starts it,
as two app processes (WEB_CONCURRENCY=2). It must show no failed request, and write its figures
(requests/s, p50/p95/p99 per endpoint, the server's CPU ms per request).

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

    # Two app processes served it, and the server's CPU per request is recorded and printed.
    cpu = result["server_cpu"]
    assert result["processes"] == 2
    assert cpu["requests"] >= result["total"]["requests"], cpu
    assert cpu["ms_per_request"] == pytest.approx(1000 * cpu["total_s"] / cpu["requests"], rel=0.01)
    assert 0.1 < cpu["ms_per_request"] < 1000, cpu
    assert cpu["by_kind_s"]["postgres"] > 0 and cpu["by_kind_s"]["app"] > 0, cpu
    busy = [p for p in cpu["app_processes"] if p["cpu_s"] >= 0.5]
    assert len(busy) >= 2, cpu["app_processes"]  # both workers did real work
    assert "ms per request" in printed and "2 app processes" in printed
    # PostgreSQL's own counts per request: every request is at least one transaction (autocommit
    # reads are one each), and the pools open their connections once, not once per request.
    activity = cpu["postgres_per_request"]
    assert activity["transactions"] >= 1 and activity["rows_read"] > 0, activity
    assert 0 <= activity["sessions"] < 0.5, activity
    assert "PostgreSQL per request" in printed
