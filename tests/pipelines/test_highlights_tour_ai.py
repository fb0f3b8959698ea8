"""The AI-honesty tour's journal (tour_ai findings 2 and 10): a refused expectation is no task, a
"My goal:" label gives goals, the tasks' domains, and "Updated my CV tonight" as done. Rules only."""

from __future__ import annotations

from datetime import date

import pytest

from pipelines.highlights import extract_highlights, task_type
from pipelines.highlights.done import completed_by


def _found(text: str, today: date) -> list[tuple[str, str]]:
    return [(h.type, h.reformulation) for h in extract_highlights(text, today=today, scorer=None)]


def test_someone_elses_assumption_the_writer_refuses_is_no_task():
    text = ("Long call with my sister Hannah tonight. Mum's hip surgery is booked for November 12th and Hannah just "
            "assumes I'll take the week off to help. I can't, not with the launch. We ended up snapping at each other.")
    assert _found(text, date(2026, 10, 19)) == []
    # Not refused, or refused only in a turn of phrase: still the writer's task.
    assert _found("Hannah just assumes I'll take the week off to help. I can't wait to see Mum.",
                  date(2026, 10, 19)) == [("task", "Take the week off to help")]
    assert _found("I need to call the bank tomorrow. I can't, not with the launch.", date(2026, 10, 19)) == [
        ("task", "Call the bank")]


def test_a_my_goal_label_makes_goals_not_tasks():
    text = ("Signed up for the Riverside Half Marathon on March 14th. Slightly terrified. My goal: run three times a "
            "week and get my long run up to 10 miles by Christmas. Did 3 miles after work tonight, slow, but it felt "
            "good to be outside. Sent the vendor report at 4:55, made it.")
    found = _found(text, date(2026, 10, 14))
    assert [kind for kind, _ in found] == ["goal", "goal"], found
    assert found[0][1] == "Run three times a week" and "10 miles" in found[1][1]
    # A to-do label still gives tasks.
    assert _found("Busy day. To do: call the bank, pay the rent.", date(2026, 10, 14)) == [
        ("task", "Call the bank"), ("task", "Pay the rent")]


@pytest.mark.parametrize(("text", "expected"), [
    ("Finish the vendor report", "professional"),
    ("Prep for the Fernwood interview", "professional"),
    ("Pay rent", "administrative"),
    ("Cancel the gym membership", "administrative"),
    ("Cancel the streaming subscription", "administrative"),
    ("Renew the car insurance", "administrative"),
    # round 11: a report, a meeting or an office alone is no work
    ("Read Ella's school report", "personal"),
    ("Post the parcel at the post office", "personal"),
    ("Rent a bike for the weekend", "personal"),
])
def test_the_tours_tasks_get_their_domain(text, expected):
    assert task_type(text) == expected


def test_updated_tonight_is_done_a_plan_for_tonight_is_not():
    said = "Updated my CV tonight and applied for a product manager role at Fernwood. Nervous."
    assert completed_by(said, ["Update your CV"]) == {0: "Updated my CV tonight"}
    for plan in ("My CV gets sorted tonight.", "I will update my CV tonight.", "Mum updated my CV tonight."):
        assert completed_by(plan, ["Update your CV"]) == {}, plan
