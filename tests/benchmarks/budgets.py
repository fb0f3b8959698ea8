"""The budgets in budgets.toml, checked against the figures the benchmarks return.

Each benchmark's `run()` returns a dict of named figures; `check` pairs every budgeted figure with
its limit. A budgeted figure that no benchmark produced is reported as missing (a miss when the
whole set ran).
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

BUDGETS_FILE = Path(__file__).with_name("budgets.toml")


def load() -> dict:
    # REVERIE_BUDGETS: another budgets file (the tests use one to show a missed budget fails).
    with Path(os.environ.get("REVERIE_BUDGETS") or BUDGETS_FILE).open("rb") as handle:
        return tomllib.load(handle)


@dataclass(frozen=True)
class Budget:
    figure: str  # the key a benchmark returns
    label: str
    limit: float
    at_least: bool  # True: the figure must be >= limit; False: <= limit
    unit: str = ""

    def met(self, value: float) -> bool:
        return value >= self.limit if self.at_least else value <= self.limit


def budgets(config: dict | None = None) -> list[Budget]:
    c = config or load()
    load_, emb, search, web = c["load"], c["embedding"], c["search"], c["web"]
    return [
        Budget("load_rps", "load: requests/s, mixed journalers", load_["min_requests_per_second"], True, "req/s"),
        Budget("load_p95_ms", "load: p95 latency, all requests", load_["max_p95_ms"], False, "ms"),
        Budget("load_failures", "load: failed requests", load_["max_failures"], False),
        Budget("load_cpu_ms", "load: server CPU per request", load_["max_server_cpu_ms"], False, "ms"),
        Budget("embedding_ratio", "embedding: import path / bare model", emb["min_throughput_ratio"], True, "x"),
        Budget("embedding_query_onnx_ratio", "embedding: short query CPU, onnx / torch",
               emb["max_query_onnx_ratio"], False, "x"),
        Budget("search_app_p95_ms", "search: the app's per-user query, p95", search["max_p95_ms"], False, "ms"),
        Budget("search_app_recall", "search: the app's per-user query, recall@10", search["min_recall_at_10"], True),
        Budget("search_hnsw_p95_ms", "search: HNSW over all vectors, p95", search["max_p95_ms"], False, "ms"),
        Budget("search_hnsw_recall", "search: HNSW over all vectors, recall@10", search["min_recall_at_10"], True),
        Budget("web_initial_js_kb", "web: initial JavaScript, gzipped", web["max_initial_js_gzip_kb"], False, "kB"),
        Budget("read_mix_writes", "read path: writes per plain read", c["read_path"]["max_writes_per_read"], False),
        Budget("read_mix_queries", "read path: statements per read (load mix)",
               c["read_path"]["max_statements_per_read"], False),
        Budget("analysis_batched_ratio", "analysis: batched / one by one, CPU per entry",
               c["analysis"]["max_batched_ratio"], False, "x"),
        Budget("journal_first_page_p95_ms", "journal: first page of 5,000 entries, p95",
               c["journal"]["max_first_page_p95_ms"], False, "ms"),
        Budget("journal_first_page_kb", "journal: first page of 5,000 entries, JSON",
               c["journal"]["max_first_page_kb"], False, "kB"),
        Budget("heavy_chat_texts", "chat: texts through the model per chat", c["heavy"]["max_chat_texts"], False),
        Budget("heavy_search_statements", "search: statements per search", c["heavy"]["max_search_statements"], False),
        Budget("profile_regeneration_cpu_s", "profile: regeneration of 3,650 entries, CPU",
               c["profile"]["max_regeneration_cpu_s"], False, "s"),
        Budget("import_entries_per_cpu_s", "import: 1,000 entries analysed per CPU-second",
               c["import"]["min_entries_per_cpu_s"], True, "/s"),
        Budget("import_entries_per_wall_s", "import: 1,000 entries analysed per wall-second",
               c["import"]["min_entries_per_wall_s"], True, "/s"),
        Budget("profile_regeneration_peak_mb", "profile: regeneration of 3,650 entries, peak",
               c["profile"]["max_regeneration_peak_mb"], False, "MB"),
    ]


def check(figures: dict[str, float], *, complete: bool) -> bool:
    """Print every budget beside its figure; True when all measured figures are within budget
    (and, when `complete`, every budget was measured)."""
    ok = True
    print(f"\n## Budgets ({os.environ.get('REVERIE_BUDGETS') or 'tests/benchmarks/budgets.toml'})")
    print(f"{'figure':<46} {'measured':>12} {'budget':>14}  verdict")
    for budget in budgets():
        sign = ">=" if budget.at_least else "<="
        limit = f"{sign} {budget.limit:g} {budget.unit}".rstrip()
        value = figures.get(budget.figure)
        if value is None:
            verdict = "NOT MEASURED" if complete else "not run"
            ok = ok and not complete
            print(f"{budget.label:<46} {'-':>12} {limit:>14}  {verdict}")
            continue
        met = budget.met(value)
        ok = ok and met
        shown = f"{value:,.3f}" if abs(value) < 10 else f"{value:,.1f}"
        print(f"{budget.label:<46} {shown + ' ' + budget.unit:>12} {limit:>14}  {'ok' if met else 'MISSED'}")
    return ok
