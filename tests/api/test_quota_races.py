"""The free plan's weekly quotas hold when a user sends many requests at once: the count and the
insert run under the user's transaction lock (api/subscription/usage.py)."""

from __future__ import annotations

import concurrent.futures
import threading

from models.constants import FREE_INSIGHTS_PER_WEEK


def test_insights_saved_at_once_stay_within_the_weekly_limit(ana):
    assert ana.post("/api/insights", json={"text": "The first one"}).status_code == 201
    barrier = threading.Barrier(8)

    def save(index: int) -> int:
        barrier.wait()
        return ana.post("/api/insights", json={"text": f"Saved at once {index}"}).status_code

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        statuses = sorted(pool.map(save, range(8)))
    assert statuses == [201] * (FREE_INSIGHTS_PER_WEEK - 1) + [429] * (9 - FREE_INSIGHTS_PER_WEEK), statuses
    assert len(ana.get("/api/insights").json()) == FREE_INSIGHTS_PER_WEEK
    assert ana.get("/api/subscription").json()["insightsUsedThisWeek"] == FREE_INSIGHTS_PER_WEEK
