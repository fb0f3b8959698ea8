"""Semantic search over the user's own entries, with date phrases as filters."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

import pytest

from api.journal.dates import extract_date_range
from tests.support.accounts import signed_up
from tests.support.app import app_client
from tests.support.journal import wait_all_analysed, wait_until_analysed, write_entry

TODAY = date(2026, 11, 20)  # a Friday
JOURNALS = Path(__file__).resolve().parents[2] / "pipelines" / "data" / "eval" / "chat_journals.jsonl"


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


def test_entries_with_every_word_rank_above_those_only_near_in_meaning(ana):
    """"half marathon" on a year's journal: the park and the gym (no such words, scores 0.34 and
    0.32) ranked above "Resolutions: ... run a half marathon" (0.24)."""
    entries = {
        "resolutions": ("2026-01-01", (
            "New year. Resolutions: sleep more, run a half marathon, call Lea weekly. Long day working on my "
            "performance review. It was a calm, good day. Need to prepare questions for the client meeting. I keep "
            "noticing that I say yes to everything and then resent it. My sister lea said something about my "
            "performance review that stuck with me: we keep planning and never deciding.")),
        "race": ("2026-06-20", ("Ran my first half marathon! 2:04. Legs destroyed, heart full. Met Tom for coffee. "
                                "Honestly exhausted. Remember to book the car service appointment.")),
        "park": ("2026-08-26", "Spent the morning at the park. Honestly exhausted."),
        "gym": ("2026-09-16", ("Spent the morning at the gym. Couldn't sleep, mind racing. I want this year to be "
                               "about fewer things, done properly.")),
        "bread": ("2026-10-03", "Bought half a loaf at the market and read the paper."),
    }
    ids = {key: write_entry(ana, content, day)["id"] for key, (day, content) in entries.items()}
    wait_all_analysed(ana)
    found = ana.get("/api/journal/search", params={"q": "half marathon"}).json()["results"]
    order = [next(k for k, v in ids.items() if v == hit["entry"]["id"]) for hit in found]
    assert set(order[:2]) == {"resolutions", "race"}, order
    # The entries that say it answer it: the others are shown only when about as near as the best
    # (the park and the gym, nearer in meaning as a whole than the resolutions, are not).
    assert "bread" not in order and "gym" not in order, order
    assert ana.get("/api/journal/search", params={"q": "half marathon", "limit": 1}).json()["results"][0][
        "entry"]["id"] in {ids["resolutions"], ids["race"]}


def _journal(voice: str) -> list[dict]:
    rows = [json.loads(line) for line in JOURNALS.read_text().splitlines()]
    return [row for row in rows if row["voice"] == voice]


def test_a_father_is_found_as_dad_though_the_entry_is_far_as_a_whole(ana):
    """The farmer's one entry about his father, where the results are one sentence of a day about
    other things, for "worried about my father's health": under the old cut-off (0.30) as a whole,
    found by its sentence and by the family word, and first, before his wife's scan and hospital."""
    dad = ("Rain all morning so I did the accounts at the kitchen table. The tractor needs a new clutch before "
           "winter and the quote from Mason's was more than I'd hoped. June made leek soup. Dad's test results "
           "came back and they are not good. Fed the ewes in the bottom field at four and checked the troughs.")
    farm = [row["text"] for row in _journal("wilf") if row["id"] in {"wilf-01", "wilf-03", "wilf-04", "wilf-05", "wilf-08"}]
    today = date.today()
    for back, text in enumerate(farm):
        write_entry(ana, text, (today - timedelta(days=3 * back + 2)).isoformat())
    father = write_entry(ana, dad, (today - timedelta(days=1)).isoformat())
    wait_all_analysed(ana)
    found = ana.get("/api/journal/search", params={"q": "worried about my father's health"}).json()["results"]
    assert found and found[0]["entry"]["id"] == father["id"], [h["entry"]["content"][:40] for h in found]
    assert found[0]["score"] < 0.30, found[0]["score"]
    # The family word alone finds him too.
    assert found[0]["entry"]["id"] in [h["entry"]["id"] for h in
                                       ana.get("/api/journal/search", params={"q": "father"}).json()["results"]]


def test_family_words_find_each_other_both_ways(ana):
    mum = write_entry(ana, "Rang my mother about the Christmas plans and she already had a spreadsheet.")
    nan = write_entry(ana, "Took Nan to the garden centre; she bought three more geraniums.")
    write_entry(ana, "Fixed the bike chain and oiled the gears before the ride to work.")
    wait_all_analysed(ana)

    def first(q: str) -> str:
        return ana.get("/api/journal/search", params={"q": q}).json()["results"][0]["entry"]["id"]

    assert first("mum") == mum["id"]
    assert first("my grandmother") == nan["id"]


def test_a_month_named_with_last_is_a_date_filter(ana):
    today = date.today()
    march = date(today.year if today.month > 3 else today.year - 1, 3, 15)
    inside = write_entry(ana, "Walked the dog along the canal in the rain.", march.isoformat())
    write_entry(ana, "Walked the dog along the canal in the sun.", (march - timedelta(days=40)).isoformat())
    wait_all_analysed(ana)
    found = ana.get("/api/journal/search", params={"q": "walking the dog last March"}).json()
    assert (found["dateFrom"], found["dateTo"]) == (march.replace(day=1).isoformat(), march.replace(day=31).isoformat())
    assert [h["entry"]["id"] for h in found["results"]] == [inside["id"]]
