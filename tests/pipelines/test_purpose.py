"""Meaning & Purpose and Career Vision & Growth (pipelines/purpose.py) on a journal written for
these tests: values only from 3 entries on and each cited with dates, principles quoted verbatim,
a purpose statement of counts and dates only, and a career read only from what the CV states."""

from __future__ import annotations

import pytest

from pipelines.providers.base import ProfileEntry
from pipelines.purpose import (
    MIN_VALUE_ENTRIES,
    GrowthArea,
    WorkItem,
    build_career,
    build_meaning,
    career_resources,
    core_values,
    growth_areas,
    principles,
    purpose_statement,
    resume_role,
)

JOURNAL = [
    ("09/02/2026", "Called Mum after dinner and we talked for an hour about Dad's garden. Work was quiet."),
    ("09/05/2026", "Spent Saturday at my parents' place with my sister and her kids. Loud, lovely, exhausting."),
    ("09/09/2026", "Long day on the quarterly forecast. My manager wants the numbers by Friday."),
    ("09/12/2026", "Went for a 5k run before breakfast and felt strong for once."),
    ("09/15/2026", "Dad's birthday. The whole family came over and my brother made the cake. "
                   "I've learned that the evenings with my family are the ones I remember."),
    ("09/18/2026", "Still stuck on the quarterly forecast, the client keeps changing the scope."),
    ("09/21/2026", "Ran 8k along the river. Legs heavy but happy. Did some climbing after work."),
    ("09/24/2026", "Presented the quarterly forecast to the client. Note to self: send the slides by Monday."),
    ("09/27/2026", "Mum's hip is worse, so I drove up to help my parents with the shopping. "
                   "From now on I call Mum every Sunday, no matter how busy the week is."),
    ("09/30/2026", "Slept eight hours and went to the gym. What if I just slept like this every night?"),
    ("10/03/2026", "Quiet evening with a book. Nothing else to report."),
    ("10/06/2026", "Lunch with Priya. She is thinking of leaving her job. "
                   "I've learned that the evenings with my family are the ones I remember."),
]


def entries(rows=JOURNAL) -> list[ProfileEntry]:
    return [ProfileEntry(id=f"e{i}", date=day, content=text) for i, (day, text) in enumerate(rows)]


def test_core_values_come_from_three_entries_and_cite_dated_entries():
    values = core_values(entries())
    by_name = {v.name: v for v in values}
    assert "Family" in by_name and "Health" in by_name
    family = by_name["Family"]
    assert family.entry_count >= MIN_VALUE_ENTRIES
    assert family.first_date == "09/02/2026" and family.last_date in ("09/27/2026", "10/06/2026")
    assert 2 <= len(family.entries) <= 3
    written = dict(JOURNAL)
    for cited in family.entries:
        assert cited.quote and cited.quote in written[cited.date]  # quoted verbatim from that entry
    # Creativity, faith, adventure: nothing in this journal speaks of them.
    assert not {"Creativity", "Faith & spirituality", "Freedom & adventure"} & by_name.keys()
    assert all(v.entry_count >= MIN_VALUE_ENTRIES for v in values)


def test_a_value_in_two_entries_is_not_shown():
    two = [("09/01/2026", "Prayed at church this morning."), ("09/08/2026", "Went to church and prayed for Mum."),
           ("09/10/2026", "Bought a new kettle.")]
    assert core_values(entries(two)) == []


def test_principles_are_quoted_verbatim_grouped_and_dated():
    found = principles(entries())
    texts = [p.text for p in found]
    assert texts[0] == "I've learned that the evenings with my family are the ones I remember."
    assert found[0].entry_count == 2 and [c.date for c in found[0].entries] == ["09/15/2026", "10/06/2026"]
    assert "From now on I call Mum every Sunday, no matter how busy the week is." in texts
    # A "note to self" with a deadline is a to-do; a question is no rule.
    assert not any("send the slides" in t or t.endswith("?") for t in texts)


def test_no_principle_gives_an_empty_list():
    assert principles(entries([("09/01/2026", "I always forget my keys. Rainy day, stayed in.")])) == []


def test_purpose_statement_is_counts_and_dates_only():
    journal = entries()
    meaning = build_meaning(journal)
    top = meaning.core_values[0]
    assert meaning.purpose.startswith("Across 12 entries (09/02/2026 to 10/06/2026), you come back most to ")
    assert f"{top.name.lower()} ({top.entry_count} entries, most recently {top.last_date})" in meaning.purpose
    assert purpose_statement(journal, [], []) == (
        "Across 12 entries (09/02/2026 to 10/06/2026), no value has come up in 3 or more entries yet, so there "
        "is nothing to draw a purpose statement from.")


@pytest.mark.parametrize(("cv", "role", "direction"), [
    ("Jo Bloggs\nObjective: Move into product management.\nExperience\n"
     "Senior Analyst, Halvorsen Ltd    2021 - Present\nAnalyst, Brightway   2018 - 2021",
     "Senior Analyst, Halvorsen Ltd", "Move into product management."),
    ("Experience\nData Engineer at Acme\nMar 2022 – present\nIntern, Acme\n2020 - 2022",
     "Data Engineer at Acme", None),
    ("Current role: Head of Operations\nSkills: Excel, SQL", "Head of Operations", None),
    ("Skills\nExcel, SQL\nEducation\nBSc Economics, 2015 - 2018", None, None),
])
def test_the_cv_gives_a_role_and_direction_only_when_it_states_them(cv, role, direction):
    assert resume_role(cv) == (role, direction)


def test_growth_areas_are_recurring_professional_phrases_with_dates():
    areas = growth_areas(entries(), [WorkItem(text="Send the quarterly forecast slides to the client",
                                              kind="task", professional=True, entry_id="e7")])
    names = [area.name for area, _ in areas]
    assert "the quarterly forecast" in names
    forecast = next(area for area, _ in areas if area.name == "the quarterly forecast")
    assert forecast.entry_count == 3
    assert [c.date for c in forecast.entries] == ["09/09/2026", "09/18/2026", "09/24/2026"]
    # "climbing after work" and "Priya" (a person) are no growth areas.
    assert not any("climbing" in n.lower() or n == "Priya" for n in names)


def test_career_without_cv_states_no_role_and_recommends_from_the_catalogue_only():
    career = build_career(entries(), None, [
        WorkItem(text="Finish the quarterly forecast", kind="project", professional=True, entry_id="e2"),
        WorkItem(text="Call Mum", kind="task", professional=False, entry_id="e0")])
    assert career.has_resume is False and career.role is None and career.direction is None
    assert [(a.text, a.entry.date) for a in career.activities] == [("Finish the quarterly forecast", "09/09/2026")]
    for resource in career.resources:
        assert resource.url.startswith("https://")


def test_a_cv_objective_finds_career_resources():
    career = build_career(entries(), "Objective: Change career into product management at a company that "
                                     "does good.\nAnalyst, Brightway 2019 - present", [])
    assert career.role == "Analyst, Brightway"
    assert any(r.area == "your CV's objective" and "career" in (r.title + r.description).lower()
               for r in career.resources)


def test_a_work_spreadsheet_gets_no_budgeting_app_and_a_long_day_no_running_guide():
    """By meaning alone the year tour's career part matched a budgeting app to a work spreadsheet."""
    spreadsheet = (GrowthArea(name="the budget spreadsheet", entry_count=3, entries=[]),
                   ["Rebuilt the budget spreadsheet for the client.", "The budget spreadsheet for the Q3 review is due.",
                    "Fixed the formulas in the budget spreadsheet before the meeting."])
    forecast = (GrowthArea(name="the quarterly forecast", entry_count=2, entries=[]),
                ["Long day on the quarterly forecast.", "Sent the quarterly forecast slides to the client."])
    assert career_resources([spreadsheet, forecast], None) == []
    found = career_resources([spreadsheet], "Change career into product management at a company that does good.")
    assert found and all(r.area == "your CV's objective" for r in found)


WORK_JOURNAL = [
    ("10/14/2026", "The Atlas migration at work is officially mine now: Dev handed me the project plan and said "
                   "the warehouse cutover has to happen before December 15."),
    ("10/21/2026", "Kickoff with the data team went okay but Marcus pushed back hard on the cutover date."),
    ("10/28/2026", "Told Dev I need another analyst on Atlas."),
    ("11/01/2026", "Spent the afternoon sanding the shelves. I feel calm when I work with my hands."),
    ("11/04/2026", "The Atlas test run failed on the returns data though, we have to fix the duplicate SKUs "
                   "before the next run."),
    ("11/12/2026", "Skipped swimming, too many late meetings. Feeling anxious about the cutover."),
    ("11/16/2026", "Had an honest talk with Dev about my role after Atlas. I want to move towards product strategy."),
    ("11/18/2026", "Couldn't sleep. I keep checking my phone at midnight. I need to stop working in bed."),
    ("11/22/2026", "Wrote the note for Dev about my next role: product strategy for the warehouse tools."),
    ("11/23/2026", "Atlas dress rehearsal went well. Marcus admitted the date might work."),
]


def test_work_is_read_by_context_not_by_the_word_work():
    """A tour's Career said no work subject recurred beside a story listing Atlas in 8 entries,
    and listed "Stop working in bed" as what the writer was working on."""
    journal = entries(WORK_JOURNAL)
    ids = {day: f"e{i}" for i, (day, _) in enumerate(WORK_JOURNAL)}
    items = [WorkItem(text="Stop working in bed", kind="goal", professional=True, entry_id=ids["11/18/2026"]),
             WorkItem(text="Move towards product strategy", kind="goal", professional=False,
                      entry_id=ids["11/16/2026"]),
             WorkItem(text="Fix the duplicate SKUs before the next run", kind="task", professional=False,
                      entry_id=ids["11/04/2026"])]
    career = build_career(journal, None, items)
    names = [area.name for area in career.growth_areas]
    assert names[:2] == ["Atlas", "the cutover"]
    assert career.growth_areas[0].entry_count == 5
    assert [a.text for a in career.activities] == ["Move towards product strategy",
                                                   "Fix the duplicate SKUs before the next run"]


def test_a_principle_is_no_growth_area_and_a_growth_area_is_a_subject():
    """A teacher's "honesty with students works" (a fragment of her principle) was a growth area."""
    rows = []
    for i in range(4):
        rows.append((f"03/0{i + 1}/2026", "I've learned that honesty with students works better than pretending."))
        rows.append((f"04/0{i + 1}/2026", "Marked thirty essays tonight, my eyes hurt. Parents' evening ran late."))
    names = [area.name for area, _ in growth_areas(entries(rows), [])]
    assert names == ["Parents' evening"]
