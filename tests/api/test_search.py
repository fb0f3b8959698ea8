"""Semantic search over the user's own entries, with date phrases as filters."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from api.journal.dates import extract_date_range
from tests.support.accounts import signed_up
from tests.support.app import app_client
from tests.support.journal import wait_until_analysed

TODAY = date(2026, 11, 20)  # a Friday


@pytest.mark.parametrize(
    "query, text, start, end",
    [
        ("what did I write yesterday", "", date(2026, 11, 19), date(2026, 11, 19)),
        ("running last week", "running", date(2026, 11, 9), date(2026, 11, 15)),
        ("sleep this week", "sleep", date(2026, 11, 16), TODAY),
        ("arguments with my sister in March", "arguments with my sister", date(2026, 3, 1), date(2026, 3, 31)),
        ("in December", "", date(2025, 12, 1), date(2025, 12, 31)),
        ("work stress in March 2025", "work stress", date(2025, 3, 1), date(2025, 3, 31)),
        ("last month", "", date(2026, 10, 1), date(2026, 10, 31)),
        ("last 3 days", "", date(2026, 11, 18), TODAY),
        ("two days ago", "", date(2026, 11, 18), date(2026, 11, 18)),
        ("last monday", "", date(2026, 11, 16), date(2026, 11, 16)),
        ("What did I do on 11/14?", "", date(2026, 11, 14), date(2026, 11, 14)),
        ("sleep on 12/1", "sleep", date(2025, 12, 1), date(2025, 12, 1)),
        ("Hannah on 14 November 2025", "Hannah", date(2025, 11, 14), date(2025, 11, 14)),
        ("run on Nov 3rd", "run", date(2026, 11, 3), date(2026, 11, 3)),
        ("13/45 stuff", "13/45 stuff", None, None),
        ("marathon training", "marathon training", None, None),
        ("may I rest?", "may I rest?", None, None),
    ],
)
def test_date_phrases(query, text, start, end):
    rest, window = extract_date_range(query, TODAY)
    assert rest == text
    if start is not None:
        assert (window.start, window.end) == (start, end)
    else:
        assert window is None


def test_search_ranks_by_meaning_and_filters_by_date(ana):
    today = date.today()
    entries = {
        "run": ("Went for a long run by the river, my legs are sore but I feel strong.", today - timedelta(days=1)),
        "sister": ("Argued with my sister about the holidays again; we both said things we regret.", today),
        "work": ("The quarterly report at work took all day and my manager wants more changes.", today - timedelta(days=40)),
    }
    ids = {}
    for key, (content, day) in entries.items():
        entry = ana.post("/api/journal", json={"content": content, "date": day.isoformat()}).json()
        wait_until_analysed(ana, entry["id"])
        ids[key] = entry["id"]

    found = ana.get("/api/journal/search", params={"q": "jogging and exercise"}).json()
    # Ranked by meaning, and a filter: the entries about something else are not results.
    assert [hit["entry"]["id"] for hit in found["results"]] == [ids["run"]]

    family = ana.get("/api/journal/search", params={"q": "family conflict"}).json()
    assert family["results"][0]["entry"]["id"] == ids["sister"]

    yesterday = ana.get("/api/journal/search", params={"q": "what did I write yesterday"}).json()
    assert [r["entry"]["id"] for r in yesterday["results"]] == [ids["run"]]
    assert yesterday["dateFrom"] == yesterday["dateTo"] == (today - timedelta(days=1)).isoformat()


def test_search_is_per_user_and_validates_input(ana, app, settings):
    entry = ana.post("/api/journal", json={"content": "A secret about the garden."}).json()
    wait_until_analysed(ana, entry["id"])
    assert ana.get("/api/journal/search", params={"q": "  "}).status_code == 400
    assert ana.get("/api/journal/search").status_code == 400
    assert ana.get("/api/journal/search", params={"q": "x", "limit": 500}).status_code == 400
    with app_client(app) as other:
        signed_up(other, settings.outbox_dir, "bruno", "bruno@example.com")
        assert other.get("/api/journal/search", params={"q": "garden"}).json()["results"] == []
