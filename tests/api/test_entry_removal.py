"""Deleting an entry (also the editor's "Empty entry removed") takes what the analysis drew from it
and the user never touched; what the user touched stays (tour_ai finding 4)."""

from __future__ import annotations

from tests.support.journal import tasks_by_text, wait_until_analysed, write_entry


def _delete(client, entry_id: str) -> None:
    gone = client.delete(f"/api/journal/{entry_id}")
    assert gone.status_code == 200, gone.text


def test_a_deleted_entry_takes_its_untouched_tasks_goals_and_done_hints(ana):
    for day, text in (("11/20/2026", "A quiet day at home."), ("11/21/2026", "Read a good book this afternoon.")):
        wait_until_analysed(ana, write_entry(ana, text, day)["id"])
    note = write_entry(ana, "Quick note. I need to call the plumber tomorrow about the leak. I also need to renew "
                            "my passport at the post office. My goal this year is to run a half marathon.",
                       "11/25/2026")
    wait_until_analysed(ana, note["id"])
    tasks = tasks_by_text(ana)
    assert {"Call the plumber about the leak", "Renew your passport at the post office"} <= set(tasks)
    assert any("half marathon" in g["text"] for g in ana.get("/api/goals").json())
    passport = tasks["Renew your passport at the post office"]
    assert ana.patch(f"/api/tasks/{passport['id']}/complete", json={"completed": True}).status_code == 200
    mine = ana.post("/api/tasks", json={"text": "Buy a bucket for the leak", "entryId": note["id"]})
    assert mine.status_code == 201, mine.text

    _delete(ana, note["id"])
    tasks = tasks_by_text(ana)
    assert "Call the plumber about the leak" not in tasks  # untouched: it goes with the entry
    assert tasks["Renew your passport at the post office"]["completed"] is True  # the user's answer stays
    assert tasks["Buy a bucket for the leak"]["entryId"] is None  # the user's own task stays, unlinked
    assert not any("half marathon" in g["text"] for g in ana.get("/api/goals").json())
    asked = ana.post("/api/openai/ask-help", json={"question": "What do I need to do tomorrow?"})
    assert asked.status_code == 200 and "plumber" not in asked.text

    # A done hint quoting a deleted entry goes; the task it hinted (another entry's) stays open.
    said = write_entry(ana, "I need to book the movers by Friday.", "11/22/2026")
    wait_until_analysed(ana, said["id"])
    done = write_entry(ana, "Booked the movers (Swift Removals, for November 28th).", "11/23/2026")
    wait_until_analysed(ana, done["id"])
    assert tasks_by_text(ana)["Book the movers"]["doneHintEntryId"] == done["id"]
    _delete(ana, done["id"])
    movers = tasks_by_text(ana)["Book the movers"]
    assert (movers["doneHint"], movers["doneHintEntryId"], movers["completed"]) == (None, None, False)


def test_a_goal_another_entry_still_states_stays(ana):
    texts = ("My goal this year is to run a half marathon.", "A quiet day at home.", "Read a good book.",
             "Ran 6 miles along the river. My goal this year is to run a half marathon.")
    ids = [write_entry(ana, text, f"11/{20 + i}/2026")["id"] for i, text in enumerate(texts)]
    for entry_id in ids:
        wait_until_analysed(ana, entry_id)
    assert sum("half marathon" in g["text"] for g in ana.get("/api/goals").json()) == 1
    _delete(ana, ids[0])
    goals = [g for g in ana.get("/api/goals").json() if "half marathon" in g["text"]]
    # It stays: unlinked if the deleted entry made it, else still on the entry that made it (queued
    # analyses run as a batch, so either entry may have been analysed first).
    assert len(goals) == 1 and goals[0]["entryId"] in (None, ids[3]), goals

