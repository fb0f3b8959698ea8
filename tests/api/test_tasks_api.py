"""The Task API to the spec (part 2 sections 3, 4, 7): every field of a task, completing and
reopening, deleting, quick tasks, and lengths checked before anything is stored."""

from __future__ import annotations

from datetime import datetime

from tests.support.journal import write_entry

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
