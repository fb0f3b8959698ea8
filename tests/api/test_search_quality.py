"""The search's labelled query set, measured on the real search (PostgreSQL full-text and pgvector,
the real embedding model) against the figures recorded in pipelines/data/eval/search_metrics.json:
recall@5 and MRR per split (the tuning voices and the held-out ones), and how often a query no
entry is about finds nothing (tests/support/search_eval.py)."""

from __future__ import annotations

import json

from tests.support.search_eval import METRICS, app_search, evaluate

# The figures are deterministic up to float noise in close rankings.
TOLERANCE = 0.015


def test_recall_and_mrr_hold_their_recorded_floors(database_url):
    recorded = json.loads(METRICS.read_text())
    figures, _ = evaluate(database_url, app_search)
    for split in ("tune", "heldout"):
        after, now = recorded["after"][split], figures[split]
        assert now["queries"] == after["queries"]
        for key in ("recall_at_5", "mrr"):
            assert now[key] >= after[key] - TOLERANCE, (split, key, now, after)
        assert now["empty_when_nothing_is_about_it"] >= after["empty_when_nothing_is_about_it"] - 0.1, (split, now)
    # What hybrid retrieval was for: more of what should be found, in the first five, on voices never tuned on.
    assert figures["heldout"]["recall_at_5"] > recorded["before"]["heldout"]["recall_at_5"] + 0.04, figures
