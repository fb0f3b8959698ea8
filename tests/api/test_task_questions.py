"""An entry's chat asked what is left to do answers from the open tasks, with their due days and the
entries they came from (the product tour: the answer had quoted two unrelated days)."""

from __future__ import annotations

from datetime import date, timedelta

from pipelines.highlights.dates import resolve_due_date
from tests.support.journal import wait_until_analysed, write_entry


def test_what_do_i_need_to_do_before_friday_is_answered_from_the_tasks(ana):
    today = date.today()
    day = (today - timedelta(days=1)).strftime("%m/%d/%Y")
    bill = write_entry(ana, "The electricity bill came, higher than last month. I have to pay the electricity bill "
                            "by Friday. Also need to call the landlord about the dripping tap.", day)
    other = write_entry(ana, "Lovely dinner with Sam. Maybe I should start going to bed earlier.", day)
    for entry in (bill, other):
        wait_until_analysed(ana, entry["id"])
    asked = ana.post(f"/api/journal/{bill['id']}/chat", json={"message": "What do I need to do before Friday?"})
    assert asked.status_code == 200, asked.text
    answer = asked.json()["response"]
    friday = resolve_due_date("before Friday", today)
    tasks = {t["text"]: t for t in ana.get("/api/tasks").json()}
    due = date.fromisoformat(tasks["Pay the electricity bill"]["dueDate"])
    if due <= friday:
        assert answer.splitlines()[0] == f"Still to do by {friday:%a}, {friday:%b} {friday.day}, from your journal:"
        assert f"- Pay the electricity bill (due {due:%a}, {due:%b} {due.day}; from your entry of {day})" in answer
    assert "Sam" not in answer and "bed earlier" not in answer
    listed = ana.post(f"/api/journal/{other['id']}/chat", json={"message": "What's on my to-do list?"}).json()
    assert "- Call the landlord about the dripping tap" in listed["response"]
