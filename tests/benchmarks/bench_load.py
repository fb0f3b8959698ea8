"""The load test (tests/load) at the size budgets.toml sets: mixed journalers against
`python -m api` on loopback. Prints requests/s and p50/p95/p99 per endpoint; the figures also go to
.data/load/latest.json."""

from __future__ import annotations

from tests.benchmarks import budgets


def run() -> dict[str, float]:
    from tests.load.__main__ import parse_duration, print_figures
    from tests.load.__main__ import run as run_load

    config = budgets.load()["load"]
    result = run_load(config["users"], parse_duration(config["duration"]))
    print_figures(result)
    total = result["total"]
    figures = {"load_rps": total["rps"], "load_p95_ms": total["p95_ms"], "load_failures": total["failures"]}
    cpu = (result.get("server_cpu") or {}).get("ms_per_request")
    if cpu is not None:  # the server's CPU (app processes, PostgreSQL, Prefect's API) per request
        figures["load_cpu_ms"] = cpu
    return figures
