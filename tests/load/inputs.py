"""What the load test's journalers type: their searches, chat questions and entry texts.

Kept apart from the locustfile so the benchmarks can use the same inputs without importing locust
(which patches the standard library for gevent on import)."""

from __future__ import annotations

from tests.benchmarks.corpus import journal_entries

SEARCHES = [
    "when did I feel drained", "what did my sister say", "work stress", "last week",
    "the park", "sleep", "running", "in March", "what made me happy", "deadline",
]
QUESTIONS = ["What did I plan for this week?", "How have I been feeling lately?", "Who did I see recently?"]
# Every written or edited entry is one of these texts.
TEXTS = journal_entries(400, seed=99)
