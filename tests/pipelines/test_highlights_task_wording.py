"""Task wording seen on dev (tour_ds 10): a comment with its own subject after the task is no part of
it, and an errand's verb with no object takes the thing named as needed earlier in the sentence."""

from __future__ import annotations

from datetime import date

import pytest

from pipelines.highlights import extract_highlights

WEDNESDAY = date(2025, 9, 10)


def _tasks(text: str) -> list[tuple[str, str | None]]:
    return [(h.reformulation, h.metadata.due_date) for h in extract_highlights(text, today=WEDNESDAY, scorer=None)
            if h.type == "task"]


def test_an_errand_with_no_object_takes_the_thing_needed_and_drops_the_comment() -> None:
    """agnieszka-02 gave "Buy, teacher wrote it twice in the letter"."""
    text = ("Still he needs scientific calculator for maths and I must buy before Friday, teacher wrote it "
            "twice in the letter.")
    assert _tasks(text) == [("Buy scientific calculator", "2025-09-12")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Need to book the flights for August, Nusrat found ones for £720 each via Doha.", "Book the flights for August"),
        ("I'll order new tubes for his nebuliser, the old ones are going yellow.", "Order new tubes for his nebuliser"),
        ("Must ring the funeral directors, Kelly says she'll do the phone calls to the family.",
         "Ring the funeral directors"),
        ("Need to buy Calpol, bottle is empty.", "Buy Calpol"),
    ],
)
def test_a_comment_with_its_own_subject_is_cut_from_the_task(text: str, expected: str) -> None:
    assert [wording for wording, _ in _tasks(text)] == [expected]


def test_a_task_with_its_object_already_is_left_alone() -> None:
    assert [w for w, _ in _tasks("He needs new boots and I must buy the calculator before Friday.")] == [
        "Buy the calculator"]
