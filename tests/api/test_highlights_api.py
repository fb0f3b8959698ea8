"""Tasks, projects, goals and the profile: fields, defaults, unlocks enforced by the server,
per-user isolation, clear errors."""

from __future__ import annotations

import time

from tests.support.accounts import signed_up
from tests.support.app import app_client
from tests.support.journal import wait_until_analysed, write_entry


def write(client, n: int) -> list[dict]:
    entries = []
    for i in range(n):
        entry = write_entry(client, f"Day {i}: a quiet walk and some reading.")
        entries.append(wait_until_analysed(client, entry["id"]))
    return entries


def test_everything_is_locked_before_the_first_entry(ana):
    for path, body in (("/api/tasks", {"text": "Call mum"}), ("/api/projects", {"name": "Garden"}),
                       ("/api/goals", {"text": "Run 10k"}), ("/api/profile/regenerate", None)):
        response = ana.post(path, json=body)
        assert response.status_code == 403, path
        assert response.json()["locked"] is True
    profile = ana.get("/api/profile").json()
    assert profile["unlocked"] is False and profile["fullProfile"] == ""


def test_tasks_with_the_spec_defaults_and_rules(ana):
    entry = write(ana, 1)[0]
    created = ana.post("/api/tasks", json={"text": "Call mum", "entryId": entry["id"]})
    assert created.status_code == 201
    task = created.json()
    assert (task["timeframe"], task["priority"], task["type"], task["completed"]) == ("week", "medium", "personal", False)
    odd = ana.post("/api/tasks", json={"text": "Sort receipts", "type": "chores"}).json()
    assert odd["type"] == "personal"  # unknown types fall back to personal
    assert ana.post("/api/tasks", json={"text": " "}).status_code == 400
    assert ana.post("/api/tasks", json={"text": "x", "priority": "urgent"}).status_code == 400
    assert ana.post("/api/tasks", json={"text": "x", "entryId": "temp-123"}).json()["field"] == "entryId"
    assert ana.post("/api/tasks", json={"text": "x", "entryId": "8f1b5f4e-0000-4000-8000-000000000009"}).status_code == 404
    done = ana.patch(f"/api/tasks/{task['id']}/complete", json={"completed": True}).json()
    assert done["completed"] is True and done["completedAt"]
    assert ana.delete(f"/api/tasks/{task['id']}").status_code == 200
    assert task["id"] not in [t["id"] for t in ana.get("/api/tasks").json()]


def test_projects_unlock_at_two_and_goals_at_three(ana):
    write(ana, 1)
    assert ana.post("/api/projects", json={"name": "Garden"}).status_code == 403
    write(ana, 1)
    project = ana.post("/api/projects", json={"name": "Garden", "type": "personal"}).json()
    assert (project["status"], project["progress"]) == ("Active", 0)
    assert ana.post("/api/projects", json={"name": "x", "progress": 101}).status_code == 400
    assert ana.post("/api/goals", json={"text": "Run 10k"}).status_code == 403
    write(ana, 1)
    goal = ana.post("/api/goals", json={"text": "Run 10k"}).json()
    assert (goal["timeframe"], goal["progress"]) == ("year", 0)
    assert [g["id"] for g in ana.get("/api/goals").json()] == [goal["id"]]


def test_profile_unlocks_at_four_and_regenerates_from_the_entries(ana):
    entries = write(ana, 4)
    profile = ana.get("/api/profile").json()
    assert profile["unlocked"] is True
    regenerated = ana.post("/api/profile/regenerate")
    assert regenerated.status_code == 202, regenerated.text  # answered at once, built in the background
    assert regenerated.json()["success"] is True
    run_id = regenerated.json()["runId"]
    deadline = time.monotonic() + 120
    body = ana.get(f"/api/profile/regenerate/{run_id}").json()
    while body["state"] not in ("completed", "failed") and time.monotonic() < deadline:
        time.sleep(0.3)
        body = ana.get(f"/api/profile/regenerate/{run_id}").json()
    assert body["state"] == "completed" and body["success"] is True and body["profile"]["shortSummary"]
    assert set(body["profile"]["sourceEntryIds"]) <= {e["id"] for e in entries}
    assert body["profile"]["sourceEntryIds"]
    saved = ana.post("/api/profile", json={"shortSummary": "Mine.", "fullProfile": "All mine."}).json()
    assert saved["shortSummary"] == "Mine." and saved["provider"] == "user"


def test_other_users_never_see_or_touch_them(ana, app, settings):
    write(ana, 1)
    task = ana.post("/api/tasks", json={"text": "Private errand"}).json()
    with app_client(app) as other:
        signed_up(other, settings.outbox_dir, "bruno", "bruno@example.com")
        assert other.get("/api/tasks").json() == []
        assert other.patch(f"/api/tasks/{task['id']}/complete", json={"completed": True}).status_code == 404
        assert other.delete(f"/api/tasks/{task['id']}").status_code == 404
