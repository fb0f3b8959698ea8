"""The long tour's year of entries (tour_long finding 7) gave no project and no goal: the New Year
resolutions are goals, and a piece of work the writer says they are working on ("Long day working
on the migration project") is a project; said in passing, it is not. Rules only."""

from __future__ import annotations

from datetime import date

import pytest

from pipelines.highlights import extract_highlights


def _found(text: str, today: date) -> list[tuple[str, str]]:
    return [(h.type, h.reformulation) for h in extract_highlights(text, today=today, scorer=None)]


def test_new_year_resolutions_are_goals():
    text = ("New year. Resolutions: sleep more, run a half marathon, call Lea weekly. Long day working on my "
            "performance review. It was a calm, good day.")
    assert _found(text, date(2026, 1, 1)) == [("goal", "Sleep more"), ("goal", "Run a half marathon"),
                                              ("goal", "Call Lea weekly")]


@pytest.mark.parametrize(("text", "expected"), [
    ("Long day working on the migration project. Honestly exhausted.", [("project", "Migration project")]),
    ("Long day working on the client pitch for Halvorsen. I laughed a lot.",
     [("project", "Client pitch for Halvorsen")]),
    ("Made good progress on the garden project this weekend.", [("project", "Garden project")]),
    # said in passing, or work that is no named piece of it: no project
    ("Dana said something about the migration project that stuck with me: we keep planning and never deciding.",
     []),
    ("The client pitch for Halvorsen went badly. Feeling low.", []),
    ("Long day working on the roadmap slides. I laughed a lot.", []),
    ("Took Mum to the eden project. She loved it.", []),
])
def test_a_named_piece_of_work_the_writer_works_on_is_a_project(text, expected):
    assert _found(text, date(2026, 3, 10)) == expected
