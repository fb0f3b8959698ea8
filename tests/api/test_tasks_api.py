"""The Task API to the spec (part 2 sections 3, 4, 7): every field of a task, completing and
reopening, deleting, quick tasks, and lengths checked before anything is stored."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from models.constants import STALE_TASK_DAYS
from tests.support.database import sql
from tests.support.journal import wait_until_analysed, write_entry

FIELDS = {"id", "userId", "text", "completed", "timeframe", "priority", "type", "estimatedTime", "entryId",
          "projectRef", "isSelected", "liked", "isAiGenerated", "aiGenerationPrompt", "relevance", "createdAt",
          "completedAt", "updatedAt"}


def test_a_task_has_every_field_of_the_spec_and_toggles_completed(ana):
    entry = write_entry(ana, "Quiet day. I want to repaint the hallway.")
    created = ana.post("/api/tasks", json={
        "text": "Buy paint. Pick a warm white for the hallway.", "timeframe": "week", "priority": "high",
        "type": "personal", "estimatedTime": "15 min daily", "completed": False, "isSelected": True,
        "entryId": entry["id"]})
    assert created.status_code == 201, created.text
    task = created.json()
    assert FIELDS <= set(task)
    assert (task["estimatedTime"], task["isSelected"], task["entryId"], task["completedAt"]) == (
        "15 min daily", True, entry["id"], None)

    done = ana.patch(f"/api/tasks/{task['id']}/complete", json={"completed": True}).json()
    assert done["completed"] is True and datetime.fromisoformat(done["completedAt"])
    assert done["updatedAt"] >= task["updatedAt"]
    reopened = ana.patch(f"/api/tasks/{task['id']}/complete", json={"completed": False}).json()
    assert reopened["completed"] is False and reopened["completedAt"] is None


def test_quick_tasks_are_for_today(ana):
    write_entry(ana, "First entry.")
    quick = ana.post("/api/tasks", json={"text": "Stretch for ten minutes", "timeframe": "today",
                                         "estimatedTime": "20 minutes or less", "isSelected": True})
    assert quick.status_code == 201 and quick.json()["timeframe"] == "today"
    assert ana.post("/api/tasks", json={"text": "x", "timeframe": "month"}).status_code == 400


def test_delete_removes_the_task(ana):
    write_entry(ana, "First entry.")
    task = ana.post("/api/tasks", json={"text": "Return the library books"}).json()
    ana.patch(f"/api/tasks/{task['id']}/complete", json={"completed": True})
    deleted = ana.delete(f"/api/tasks/{task['id']}")
    assert deleted.status_code == 200 and deleted.json() == {"success": True, "message": "Task deleted"}
    assert task["id"] not in {t["id"] for t in ana.get("/api/tasks").json()}
    assert ana.delete(f"/api/tasks/{task['id']}").status_code == 404


def test_too_long_values_are_a_400_and_store_nothing(ana):
    write_entry(ana, "First entry.")
    for body in ({"text": "x" * 2001}, {"text": "ok", "estimatedTime": "m" * 65},
                 {"text": "ok", "projectRef": "p" * 201}):
        refused = ana.post("/api/tasks", json=body)
        assert refused.status_code == 400, (body, refused.text)
    assert ana.get("/api/tasks").json() == []


def test_unknown_types_are_personal(ana):
    write_entry(ana, "First entry.")
    assert ana.post("/api/tasks", json={"text": "Sort the shed", "type": "garden"}).json()["type"] == "personal"


def test_open_tasks_gone_stale_are_older_and_weekly_focus_tasks_never(ana, database_url):
    """Each task has the day of its entry (saidOn) and whether it is older than this week: moved to
    later, or its due date (else its entry's day) more than STALE_TASK_DAYS past. The whole list's
    ETag follows the entry's day too, so a poll sees a task move."""
    today = datetime.now(UTC).date()
    old_day, new_day = today - timedelta(days=STALE_TASK_DAYS + 1), today - timedelta(days=2)
    old = write_entry(ana, "A quiet day at home.", old_day.strftime("%m/%d/%Y"))
    new = write_entry(ana, "Another quiet day.", new_day.strftime("%m/%d/%Y"))
    for entry in (old, new):
        wait_until_analysed(ana, entry["id"])  # its analysis finds no task: only these are listed
    days = {old["id"]: old_day.isoformat(), new["id"]: new_day.isoformat()}

    def add(text: str, entry: dict, selected: bool = False, **columns) -> None:
        task = ana.post("/api/tasks", json={"text": text, "entryId": entry["id"], "isSelected": selected}).json()
        assert task["saidOn"] == days[entry["id"]]
        for column, value in columns.items():
            sql(database_url, f"UPDATE tasks SET {column} = :v WHERE id = :t", v=value, t=task["id"])

    add("Email Dana about the weekend", old)
    add("Pay the electricity bill", old, due_date=today - timedelta(days=STALE_TASK_DAYS + 1))
    add("Renew the passport", old, due_date=today + timedelta(days=30))
    add("Book the vet", old, due_date=today - timedelta(days=3))
    add("Call Mum", old, selected=True)
    add("Water the plants", new)
    add("Sort the shed", new, timeframe="later")
    listed = ana.get("/api/tasks")
    older = {t["text"]: t["older"] for t in listed.json()}
    assert older == {"Email Dana about the weekend": True, "Pay the electricity bill": True,
                     "Renew the passport": False, "Book the vet": False, "Call Mum": False,
                     "Water the plants": False, "Sort the shed": True}
    paged = ana.get("/api/tasks", params={"limit": 4}).json()
    assert [(t["text"], t["older"], t["saidOn"]) for t in paged] == [
        (t["text"], t["older"], t["saidOn"]) for t in listed.json()[:4]]

    tag = listed.headers["etag"]
    assert ana.get("/api/tasks", headers={"If-None-Match": tag}).status_code == 304
    sql(database_url, "UPDATE journal_entries SET entry_date = :d WHERE id = :e", d=today, e=old["id"])
    moved = ana.get("/api/tasks", headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.headers["etag"] != tag
    dana = next(t for t in moved.json() if t["text"] == "Email Dana about the weekend")
    assert (dana["older"], dana["saidOn"]) == (False, today.isoformat())


def test_a_task_with_no_work_word_of_its_own_is_professional_when_its_entry_is_about_work(ana):
    """The premium tour: "Fix the duplicate SKUs..." from an entry about the office was Personal and
    the Professional column read "No active tasks". The type reads the entry too."""
    work = write_entry(ana, "Standup ran long again and the client is unhappy. "
                            "Need to send the revised estimate before Thursday.")
    home = write_entry(ana, "Quiet weekend. I need to fix the wobbly shelf before Thursday.")
    for entry in (work, home):
        wait_until_analysed(ana, entry["id"])
    types = {t["entryId"]: t["type"] for t in ana.get("/api/tasks").json() if t["isAiGenerated"]}
    assert types == {work["id"]: "professional", home["id"]: "personal"}, types
