"""A plan of several items in one sentence is one highlight per item, and a rule for life is no task
(issue 16, dev-split extraction, third pass). Rules only, but for the check that the learned
scorer does not bring a rule for life back."""

from __future__ import annotations

from datetime import date

import pytest

from pipelines.highlights import extract_highlights

WEDNESDAY = date(2026, 1, 14)


def _found(text: str, scorer: object = None) -> list[tuple[str, str, str | None]]:
    return [(h.type, h.reformulation, h.metadata.due_date)
            for h in extract_highlights(text, today=WEDNESDAY, scorer=scorer)]


def test_a_weeks_plan_is_one_highlight_per_item_and_a_habit_is_a_goal():
    assert _found("This week: fix the slow report, swim twice, Spanish every day, and keep my evenings free.") == [
        ("task", "Fix the slow report", "2026-01-16"),
        ("goal", "Swim twice", None),
        ("goal", "Spanish every day", None),
        ("task", "Keep your evenings free", "2026-01-16"),
    ]


@pytest.mark.parametrize(("text", "expected"), [
    ("ok fix: post the room on the housing group tonight, ask greg for the saturday opens, and stop ordering food.",
     ["Post the room on the housing group", "Ask greg for the opens", "Stop ordering food"]),
    ("need to: apply for youth allowance, enrol subjects by end of month, buy a laptop",
     ["Apply for youth allowance", "Enrol subjects", "Buy a laptop"]),
    # A remark on an item is no part of it.
    ("plan: redo the whole mock paper timed this weekend, and book a one to one with the tutor, the firm pays for one.",
     ["Redo the whole mock paper timed", "Book a one to one with the tutor"]),
    # Things to buy are still one item.
    ("Before Friday: buy milk, eggs and bread, and ring Jo.", ["Buy milk, eggs, bread", "Ring Jo"]),
])
def test_a_plans_items_each_start_a_highlight(text, expected):
    assert [text for _, text, _ in _found(text)] == expected


def test_a_plan_in_the_progressive_is_one_task_per_action():
    text = ("Going to the student support office first thing tomorrow and asking about the hardship fund, "
            "and emailing the landlord tonight so he knows.")
    assert _found(text) == [
        ("task", "Go to the student support office and ask about the hardship fund", "2026-01-15"),
        ("task", "Email the landlord", "2026-01-14"),
    ]


def test_a_habit_in_a_prose_plan_is_a_goal():
    assert _found("This week I will fix the slow report and do Spanish every day.") == [
        ("task", "Fix the slow report", "2026-01-16"), ("goal", "Do Spanish every day", None)]
    # A day in the habit is no due date.
    assert _found("I shall try to ring her every Friday after Jumma.") == [
        ("goal", "Ring her every Friday after Jumma", None)]
    assert _found("From this Saturday I will take the children every Saturday morning.") == [
        ("goal", "Take the children every Saturday morning", None)]
    assert _found("- call Amma every Sunday, not only when I'm sad") == [("goal", "Call Amma every Sunday", None)]
    assert _found("I'll read the NICE guidance at least once before Monday.") == [
        ("task", "Read the NICE guidance at least once", "2026-01-19")]  # once is no habit


@pytest.mark.parametrize("text", [
    "From now on I will ask for help before I am exhausted.",  # how to be
    "Whenever I feel stuck I will go for a walk.",
    "Every time I snap at him I'll apologise.",
    "I'll hear that in my head every time the phone goes now.",
    "Next time I'll bring a book.",
    "I will bring more next time, but I am boiling.",
])
def test_a_rule_for_life_is_no_task(text):
    assert _found(text) == []


def test_a_rule_for_life_stays_out_with_the_learned_scorer():
    assert _found("From now on I will ask for help before I am exhausted.", scorer="default") == []


@pytest.mark.parametrize(("text", "expected"), [
    ("From now on I'll call Mum every Sunday.", [("goal", "Call Mum every Sunday", None)]),
    ("From now on I'm going to walk to work.", [("goal", "Walk to work", None)]),
    # "from now on" is the tips' only: the talk is a task.
    ("i'm writing down every week's tips from now on and talking to the others before the meeting on the 18th",
     [("goal", "Write down every week's tips from now on", None),
      ("task", "Talk to the others before the meeting", "2026-01-18")]),
    # A condition in a clause of its own, or a chance to do an errand, is no rule.
    ("I'll ring the council tomorrow, they can call me whenever they like.", [("task", "Ring the council", "2026-01-15")]),
    ("I'll ask him about the will next time I see him.",
     [("task", "Ask him about the will next time you see him", None)]),
])
def test_a_habit_taken_on_is_a_goal_and_an_errand_stays(text, expected):
    assert _found(text) == expected
