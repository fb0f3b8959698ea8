"""A task a later entry states again takes that mention: its due date and its entry (the long tour's
"Must pay the electricity bill by Friday", written in December, October and November, stayed one task
due the December Friday, shown overdue a year later). The user's marks stay; a completed task said
again is a new one, except by its own entry re-analysed after an edit."""

from __future__ import annotations

from datetime import date, timedelta

import sqlalchemy as sa

from pipelines.highlights.dates import resolve_due_date
from tests.support.journal import wait_until_analysed, write_entry

BILL = "Must pay the electricity bill by Friday."


def _write(client, content: str, day: date) -> dict:
    entry = write_entry(client, content, day.strftime("%m/%d/%Y"))
    wait_until_analysed(client, entry["id"])
    return entry


def _bills(client) -> list[dict]:
    return [t for t in client.get("/api/tasks").json() if "electricity bill" in t["text"].lower()]


def test_a_task_said_again_takes_the_latest_mention_and_keeps_the_users_marks(ana, database_url):
    today = date.today()
    first_day, second_day, last_day = today - timedelta(days=355), today - timedelta(days=50), today - timedelta(days=2)
    _write(ana, f"Cold and dark. {BILL}", first_day)
    [task] = _bills(ana)
    assert task["dueDate"] == resolve_due_date("by Friday", first_day).isoformat()
    engine = sa.create_engine(database_url)
    with engine.begin() as conn:  # the user's marks on it
        conn.execute(sa.text("UPDATE tasks SET liked = true, is_selected = true, timeframe = 'today'"))

    _write(ana, f"Windy. {BILL}", second_day)
    latest = _write(ana, f"Foggy. {BILL}", last_day)
    [task] = _bills(ana)
    assert task["entryId"] == latest["id"] and task["saidOn"] == last_day.isoformat()
    assert task["dueDate"] == resolve_due_date("by Friday", last_day).isoformat()
    assert (task["liked"], task["isSelected"], task["timeframe"], task["completed"]) == (True, True, "today", False)

    # An earlier entry analysed afterwards does not take it back.
    _write(ana, f"Grey. {BILL}", second_day - timedelta(days=5))
    assert [(t["entryId"], t["dueDate"]) for t in _bills(ana)] == [(latest["id"], task["dueDate"])]

    # Completed, then its own entry edited: the re-analysis says it again, and it is still the one task.
    done = ana.patch(f"/api/tasks/{task['id']}/complete", json={"completed": True})
    assert done.status_code == 200, done.text
    edited = ana.patch(f"/api/journal/{latest['id']}", json={"content": f"Foggy and cold. {BILL}"})
    assert edited.status_code == 200, edited.text
    wait_until_analysed(ana, latest["id"])
    assert [(t["id"], t["completed"]) for t in _bills(ana)] == [(task["id"], True)]

    # Said again by a later entry once done: the errand came back, a new task.
    again = _write(ana, f"Bills again. {BILL}", today)
    bills = {t["completed"]: t for t in _bills(ana)}
    assert len(_bills(ana)) == 2 and bills[True]["id"] == task["id"]
    assert bills[False]["entryId"] == again["id"]
    assert bills[False]["dueDate"] == resolve_due_date("by Friday", today).isoformat()
    engine.dispose()


def test_a_later_mention_without_a_date_keeps_a_deadline_still_ahead(ana):
    today = date.today()
    monday = today - timedelta(days=today.weekday() + 7)  # last week's Monday: its Friday is past
    _write(ana, "I have to renew my passport by Friday.", monday)
    due = resolve_due_date("by Friday", monday)
    later = _write(ana, "Still need to renew my passport.", monday + timedelta(days=2))
    [task] = [t for t in ana.get("/api/tasks").json() if "passport" in t["text"].lower()]
    assert (task["entryId"], task["dueDate"]) == (later["id"], due.isoformat())
    # Said again after that Friday with no new deadline: the passed one is not kept.
    last = _write(ana, "Still need to renew my passport.", due + timedelta(days=3))
    [task] = [t for t in ana.get("/api/tasks").json() if "passport" in t["text"].lower()]
    assert (task["entryId"], task["dueDate"]) == (last["id"], None)
