"""GET /api/journal/stats: the calendar, the mood trend by week and month with the weekday
pattern, and the writing streak, computed on the server from the stored moods; fast for years."""

from __future__ import annotations

import time
import uuid
from datetime import UTC, date, datetime, timedelta

import pytest
import sqlalchemy as sa

from api.journal.stats import streaks

MOODS = {"Happy": "😊", "Sad": "😢", "Tired": "😴", "Neutral": "😐", "Anxious": "😰"}


def store(database_url: str, user_id: str, rows: list[tuple[date, str | None]]) -> None:
    """Entries with a stored mood (what the analysis writes), straight into the table: the figures
    must come from what is stored, and ten years are written in a second."""
    engine = sa.create_engine(database_url)
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO journal_entries (id, user_id, content, entry_date, entry_time, location, mood, "
            "related_goals, related_projects, analysis_state, analysis_attempts, content_version, analysed_version, "
            "created_at, updated_at) VALUES (:id, :user, :content, :day, '09:00', 'Location unknown', "
            "CAST(:mood AS jsonb), '[]', '[]', 'done', 1, 1, 1, now(), now())"),
            [{"id": uuid.uuid4(), "user": user_id, "content": f"Entry of {day}", "day": day,
              "mood": None if mood is None else f'{{"emoji": "{MOODS[mood]}", "text": "{mood}"}}'}
             for day, mood in rows])
    engine.dispose()


def me(client) -> str:
    return client.get("/api/auth/me").json()["id"]


def test_streaks():
    today = date(2026, 11, 20)
    days = [date(2026, 11, d) for d in (1, 2, 3, 4, 10, 18, 19)]
    assert streaks(days, today) == (2, 4)  # today not written yet: the run up to yesterday counts
    assert streaks([*days, today], today) == (3, 4)
    assert streaks(days[:5], today) == (0, 4)
    assert streaks([], today) == (0, 0)


def test_calendar_trend_weekdays_and_streak(ana, database_url):
    today = datetime.now(UTC).date()
    monday = today - timedelta(days=today.weekday())
    rows: list[tuple[date, str | None]] = []
    # Eight weeks, ending the week before last: heavy Mondays, bright Saturdays, steady days between.
    for week in range(2, 10):
        start = monday - timedelta(weeks=week)
        rows += [(start, "Sad"), (start + timedelta(days=2), "Neutral"), (start + timedelta(days=5), "Happy")]
    rows += [(today - timedelta(days=n), "Tired") for n in range(0, 3)]  # a three-day run up to today
    rows += [(today, "Happy"), (today, None)]  # two more today, one not analysed yet
    store(database_url, me(ana), rows)

    response = ana.get("/api/journal/stats", params={"today": today.isoformat()})
    assert response.status_code == 200, response.text
    stats = response.json()
    assert stats["streak"]["current"] == 3 and stats["streak"]["wroteToday"] is True
    assert stats["streak"]["entries"] == len(rows)
    assert stats["streak"]["daysWritten"] == len({day for day, _ in rows})
    assert stats["streak"]["lastEntryDate"] == today.isoformat()

    days = {d["date"]: d for d in stats["days"]}
    assert days[today.isoformat()]["entries"] == 3
    assert days[today.isoformat()]["score"] == round((1 + 3) / 2, 2)  # Tired 1, Happy 3; the unanalysed one has none
    first_monday = (monday - timedelta(weeks=2)).isoformat()
    assert days[first_monday]["mood"] == "Sad" and days[first_monday]["emoji"] == "😢"
    assert [d["date"] for d in stats["days"]] == sorted(days)

    weeks = stats["weeks"]
    assert len(weeks) == 26 and weeks[-1]["start"] == monday.isoformat()
    last_full = weeks[-3]
    assert last_full["entries"] == 3 and last_full["score"] == round((0 + 2 + 3) / 3, 2)
    assert last_full["moods"] == {"Sad": 1, "Neutral": 1, "Happy": 1}
    assert len(stats["months"]) == 24 and stats["months"][-1]["start"] == today.replace(day=1).isoformat()
    assert sum(m["entries"] for m in stats["months"]) == len(rows)

    weekdays = {w["weekday"]: w for w in stats["weekdays"]}
    assert list(weekdays)[0] == "Monday" and weekdays["Monday"]["entries"] >= 8
    assert stats["weekdayNote"] == "Mondays are heavier"


def test_a_new_journal_and_bad_input(ana):
    empty = ana.get("/api/journal/stats").json()
    assert empty["streak"] == {"current": 0, "longest": 0, "daysWritten": 0, "entries": 0, "lastEntryDate": None,
                               "wroteToday": False}
    assert empty["days"] == [] and empty["weekdayNote"] is None and empty["averageScore"] is None
    assert all(w["entries"] == 0 and w["score"] is None for w in empty["weeks"])
    for params in ({"today": "someday"}, {"today": "2001-01-01"}, {"from": "2026-05-01", "to": "2026-04-01"},
                   {"from": "2010-01-01", "to": "2026-01-01"}):
        response = ana.get("/api/journal/stats", params=params)
        assert response.status_code == 400, (params, response.text)
        assert response.json()["error"]


@pytest.mark.slow
def test_ten_years_of_entries_answer_fast(ana, database_url):
    today = datetime.now(UTC).date()
    moods = list(MOODS)
    rows = [(today - timedelta(days=n), moods[n % len(moods)]) for n in range(3653)]
    rows += [(today - timedelta(days=n), "Happy") for n in range(0, 3653, 3)]  # some days hold two
    store(database_url, me(ana), rows)
    ana.get("/api/journal/stats")  # warm
    started = time.perf_counter()
    response = ana.get("/api/journal/stats", params={"from": (today - timedelta(days=3 * 365)).isoformat()})
    elapsed = time.perf_counter() - started
    assert response.status_code == 200
    stats = response.json()
    assert stats["streak"]["current"] == 3653 == stats["streak"]["longest"]
    assert stats["streak"]["entries"] == len(rows) and len(stats["days"]) == 3 * 365 + 1
    print(f"stats over ten years ({len(rows)} entries): {elapsed * 1000:.0f} ms")
    # A bound with room for a loaded 2-core test machine.
    assert elapsed < 2.0, f"stats for ten years took {elapsed:.2f}s"
