"""Core values (pipelines/values.py) on a journal written for these tests, after a premium tour
where a teacher's Core Values counted a school's parents' evening as family, a yoga class as
learning and "rest is part of the work" as work, missed her sister (named, not called "my sister")
and had no place for her hiking or her honesty."""

from __future__ import annotations

from pipelines.providers.base import ProfileEntry
from pipelines.values import VALUES, core_values, family_names

JOURNAL = [
    ("03/03/2026", "Called Ines, my sister, and we laughed about our childhood holidays."),
    ("03/06/2026", "Ines had her baby scan today, everything looks fine."),
    ("03/09/2026", "Being honest with Ines about money was hard but right."),
    ("03/12/2026", "Ines rang late and we talked about the baby's name."),
    ("03/15/2026", "Parents' evening ran late but most conversations were kind."),
    ("03/18/2026", "Parents' evening again, the hall was freezing and the parents were tired."),
    ("03/21/2026", "Yoga class in the evening, my shoulders finally let go."),
    ("03/24/2026", "Yoga class before school, the stretch in my hips was lovely."),
    ("03/27/2026", "Another yoga class after work, my back feels looser."),
    ("03/30/2026", "I've learned that rest is part of the work, not a reward for it."),
    ("04/02/2026", "Hiked up Pen y Fan in the rain, soaked and happy."),
    ("04/05/2026", "Camped one night by the lake, no signal at all."),
    ("04/08/2026", "Walked the river path before school, the herons were out."),
    ("04/11/2026", "I told Omar honestly that the timeline is unrealistic."),
    ("04/14/2026", "I stopped pretending I know everything and told the students the truth."),
    ("04/17/2026", "Best day."),
]


def journal(rows=JOURNAL) -> list[ProfileEntry]:
    return [ProfileEntry(id=f"e{i}", date=day, content=text) for i, (day, text) in enumerate(rows)]


def counts(rows=JOURNAL) -> dict[str, int]:
    return {v.name: v.entry_count for v in core_values(journal(rows))}


def test_nature_and_honesty_are_values():
    assert {"Nature", "Honesty"} <= VALUES.keys()
    found = counts()
    assert found["Nature"] == 3  # hiking, camping, the river path
    assert found["Honesty"] == 3  # honest with Ines, honestly to Omar, the truth to the students


def test_family_counts_the_people_the_journal_links_to_family_words():
    assert family_names([text for _, text in JOURNAL]) == {"Ines"}
    assert counts()["Family"] == 4  # every entry naming Ines; not the parents' evenings


def test_a_cue_word_in_another_sense_does_not_count():
    found = counts()
    assert found["Health"] == 3  # the yoga classes; "Parents' evening ran late" is no run
    assert "Growth & learning" not in found  # a yoga class is exercise, not a lesson
    # The parents' evenings and the students are the teacher's work; rest being "part of the work" is not.
    assert found["Achievement & work"] == 3
    assert "Kindness & service" not in found  # "conversations were kind" is nobody's service


def test_a_sentence_counts_only_for_the_value_it_is_nearest():
    rows = [(f"05/0{i + 1}/2026", text) for i, text in enumerate([
        "Yoga class at the leisure centre, then a long stretch.",
        "Yoga class tonight, my back thanked me.",
        "Went to my yoga class and felt strong afterwards.",
    ])]
    found = counts(rows)
    assert found.get("Health") == 3 and "Growth & learning" not in found


def test_evidence_is_a_sentence_that_shows_the_value():
    rows = [
        ("06/01/2026", "My mum called."),
        ("06/04/2026", "My sister visited."),
        ("06/07/2026", "Took my dad to the hospital for his knee, then we had soup at the cafe."),
        ("06/10/2026", "My brother rang about the flat he wants to rent in town."),
        ("06/13/2026", "Spent Sunday with my parents and my sister, we cooked together."),
    ]
    (family,) = core_values(journal(rows))
    assert family.name == "Family" and family.entry_count == 5  # the fragments count...
    written = dict(rows)
    assert [c.date for c in family.entries] == ["06/07/2026", "06/10/2026", "06/13/2026"]  # ...but show nothing
    assert all(c.quote == written[c.date] for c in family.entries)
    # The tour saw a school's parents' evening quoted first for family, and again for health.
    quoted = {v.name: {c.quote for c in v.entries} for v in core_values(journal())}
    evening = "Parents' evening ran late but most conversations were kind."
    assert evening in quoted["Achievement & work"]
    assert evening not in quoted["Family"] | quoted["Health"]
