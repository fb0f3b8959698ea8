"""Questions about what is left to do are answered from the open tasks (`pipelines.task_answers`)."""

from __future__ import annotations

from datetime import date

import pytest

from pipelines.task_answers import NOTHING_OPEN, OpenTask, compose_task_answer, is_task_question

WED = date(2026, 11, 25)
TASKS = [
    OpenTask("Call the landlord about the dripping tap", None, date(2026, 11, 23), "e23"),
    OpenTask("Pay the electricity bill", date(2026, 11, 27), date(2026, 11, 23), "e23"),
    OpenTask("Book the MOT", date(2026, 12, 4), date(2026, 11, 20), "e20"),
    OpenTask("Book train tickets to Leeds", None, date(2026, 11, 16), "e16",
             done_hint='On 11/21/2026 you wrote: "Booked the train tickets to Leeds!"'),
]


@pytest.mark.parametrize("question", ["What do I need to do before Friday?", "what's on my to-do list",
                                      "Any deadlines this week?", "What have I got to get done?", "my tasks?",
                                      "What haven't I done yet?", "What haven’t I finished?", "What's left?",
                                      "What is still outstanding?", "What am I behind on?"])
def test_questions_about_what_is_left_to_do(question):
    assert is_task_question(question)


@pytest.mark.parametrize("question", ["What did I do on Friday?", "How was I feeling?", "What helps me sleep?",
                                      "Did I pay the bill?", "What have I done?", "What's left of my savings?"])
def test_other_questions_are_not(question):
    assert not is_task_question(question)


def test_by_a_day_the_tasks_due_by_then_with_their_entry():
    answer = compose_task_answer("What do I need to do before Friday?", TASKS, WED, "e23")
    assert answer == ("Still to do by Fri, Nov 27, from your journal:\n"
                      "- Pay the electricity bill (due Fri, Nov 27; from your entry of 11/23/2026)")


def test_without_a_day_every_open_task_the_open_entrys_first_and_a_done_hint_said():
    lines = compose_task_answer("What's on my to-do list?", TASKS, WED, "e23").splitlines()
    assert lines[0] == "Still to do, from your journal:"
    assert lines[1:3] == ["- Pay the electricity bill (due Fri, Nov 27; from your entry of 11/23/2026)",
                          "- Call the landlord about the dripping tap (from your entry of 11/23/2026)"]
    # what a later entry reads as done comes last, under its own heading, with what that entry said
    hinted = lines.index("Maybe done already:")
    assert lines[hinted + 1:] == ['- Book train tickets to Leeds (from your entry of 11/16/2026). '
                                  'On 11/21/2026 you wrote: "Booked the train tickets to Leeds!"']


def test_nothing_due_by_then_or_nothing_open_is_said_plainly():
    assert compose_task_answer("What do I need to do today?", TASKS, WED).startswith(
        "Nothing you wrote about is due by Wed, Nov 25. Still open from your journal: Call the landlord")
    assert compose_task_answer("What do I need to do?", [], WED) == NOTHING_OPEN
