"""A later entry that reads as saying an open task is done gives that task a hint, never a
completion: the user confirms it by ticking the task (issue 16; pipelines/highlights/done.py)."""

from __future__ import annotations

from tests.support.journal import tasks_by_text, wait_until_analysed, write_entry


def test_a_later_entry_saying_it_is_done_hints_the_task_until_the_user_answers(ana):
    first = write_entry(ana, "Mum's birthday is coming up. I need to book train tickets to Leeds. I also have to "
                             "pay the electricity bill by Friday.", "11/16/2026")
    wait_until_analysed(ana, first["id"])
    assert {"Book train tickets to Leeds", "Pay the electricity bill"} <= set(tasks_by_text(ana))

    later = write_entry(ana, "Booked the train tickets to Leeds! Still haven't paid the electricity bill though, "
                             "and paid the gas one instead by mistake.", "11/21/2026")
    wait_until_analysed(ana, later["id"])
    tasks = tasks_by_text(ana)
    tickets, bill = tasks["Book train tickets to Leeds"], tasks["Pay the electricity bill"]
    assert tickets["doneHint"] == 'On 11/21/2026 you wrote: "Booked the train tickets to Leeds!"'
    assert (tickets["doneHintEntryId"], tickets["completed"]) == (later["id"], False)  # a hint, not a completion
    assert bill["doneHint"] is None  # not paid, and the gas bill is another bill

    # An edit that no longer says so takes the hint away.
    edited = ana.patch(f"/api/journal/{later['id']}", json={"content": "Looked at train times to Leeds, all dear."})
    assert edited.status_code == 200, edited.text
    wait_until_analysed(ana, later["id"])
    assert tasks_by_text(ana)["Book train tickets to Leeds"]["doneHint"] is None

    # Said again, then confirmed by the user: the task is completed and the hint has done its job.
    again = write_entry(ana, "Finally booked the train tickets to Leeds.", "11/22/2026")
    wait_until_analysed(ana, again["id"])
    task = tasks_by_text(ana)["Book train tickets to Leeds"]
    assert task["doneHint"] and task["completed"] is False
    done = ana.patch(f"/api/tasks/{task['id']}/complete", json={"completed": True}).json()
    assert (done["completed"], done["doneHint"], done["doneHintEntryId"]) == (True, None, None)


def test_an_entry_dated_before_the_task_gives_no_hint(ana):
    task_entry = write_entry(ana, "I need to book train tickets to Leeds.", "11/16/2026")
    wait_until_analysed(ana, task_entry["id"])
    earlier = write_entry(ana, "Booked the train tickets to Leeds for the conference.", "11/10/2026")
    wait_until_analysed(ana, earlier["id"])
    assert tasks_by_text(ana)["Book train tickets to Leeds"]["doneHint"] is None
