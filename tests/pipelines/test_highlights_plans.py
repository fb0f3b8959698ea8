"""Plans said in the present or future progressive, "going to" a place, and a work task's type read
from its entry (issue 16, dev-split recall). Rules only."""

from __future__ import annotations

from datetime import date

import pytest

from pipelines.highlights import extract_highlights, task_type

WEDNESDAY = date(2026, 1, 14)


def _found(text: str) -> list[tuple[str, str, str | None]]:
    return [(h.type, h.reformulation, h.metadata.due_date)
            for h in extract_highlights(text, today=WEDNESDAY, scorer=None)]


@pytest.mark.parametrize(("text", "expected"), [
    # A person, a bare thing sent or bought, someone written to: the gerund is a verb.
    ("Sending money to Tariq tomorrow for the medicines.", ("task", "Send money to Tariq for the medicines", "2026-01-15")),
    ("Taking Mum to Rudyard Lake on Sunday.", ("task", "Take Mum to Rudyard Lake", "2026-01-18")),
    ("Writing to the editor tomorrow with the report attached.",
     ("task", "Write to the editor with the report attached", "2026-01-15")),
    ("Booking two viewings for Saturday.", ("task", "Book two viewings", "2026-01-17")),
    # "and cooking oil": a thing after it, not a second action.
    ("Buying mealie meal and cooking oil for the funeral tomorrow.",
     ("task", "Buy mealie meal and cooking oil for the funeral", "2026-01-15")),
    # Said with "today" in the present, it is the day's plan.
    ("Calling Meera today for an actual date.", ("task", "Call Meera for an actual date", "2026-01-14")),
    ("I am logging a complaint with the ombudsman tomorrow.", ("task", "Log a complaint with the ombudsman", "2026-01-15")),
])
def test_a_plan_in_the_present_continuous(text, expected):
    assert _found(text) == [expected]


@pytest.mark.parametrize("text", [
    "Meeting Friday about the restructure.",  # a noun: a day follows, no object
    "Booking confirmed for Saturday.",
    "Sending love to everyone today.",  # no errand's thing: love is no money
])
def test_a_gerund_that_is_a_noun_or_no_errand_is_no_plan(text):
    assert _found(text) == []


def test_going_to_the_place_or_event_is_going_there():
    assert _found("Going to the NFU branch meeting in Carmarthen on Thursday.") == [
        ("task", "Go to the NFU branch meeting in Carmarthen", "2026-01-15")]
    assert _found("I'm going to ring the vet tomorrow.") == [("task", "Ring the vet", "2026-01-15")]


def test_the_future_in_the_progressive():
    assert _found("I'll be having a word with the principal on Monday about the gate.") == [
        ("task", "Have a word with the principal about the gate", "2026-01-19")]
    assert _found("We'll be painting the hall on Saturday.") == [("task", "Paint the hall", "2026-01-17")]
    assert _found("I should be thanking her every day.") == []  # a feeling, not a plan
    assert _found("I'll be working late all week.") == []
    assert _found("I shall be having a word.") == []  # with no one


WORK_ENTRY = ("Sprint planning ran over again and my manager wants the numbers by Friday. "
              "I need to finish the migration project before the quarterly review.")


@pytest.mark.parametrize(("text", "context", "expected"), [
    # No work word of its own; the entry is about work.
    ("Finish the migration project", WORK_ENTRY, "professional"),
    ("Finish the migration project", "", "personal"),
    # Its sentence says it: "my manager".
    ("Send the numbers", WORK_ENTRY, "professional"),
    # The spec's keyword rule on the text itself comes first.
    ("Renew the parking permit", WORK_ENTRY, "administrative"),
    # Work mentioned, the task not about it: the commute, or another sentence.
    ("Pick up milk", "Long day. Pick up milk after work.", "personal"),
    ("Buy Mum's birthday present", "My boss was awful today. Need to buy Mum's birthday present.", "personal"),
    # A school's or a club's project, in an entry that says work once: personal.
    ("Finish the volcano project with Sam", "Worked late. Sam and I must finish the volcano project.", "personal"),
    # "roof work", "blood work": no working day.
    ("Move the things out of the back kitchen",
     "The roof work starts on Monday, so I need to move the things out of the back kitchen.", "personal"),
])
def test_a_work_task_is_professional_when_its_entry_is_about_work(text, context, expected):
    assert task_type(text, context) == expected
