"""Self Analysis, real-time prompts and the local personal story on realistic journal prose:
titles in the user's own words, every claim citing two or more entries, growth from the stored
moods, no ordinary word taken for a person, Concrete Actions from open recent tasks only."""

from __future__ import annotations

import re

import pytest

from pipelines.providers.base import ProfileEntry
from pipelines.providers.local_provider import build_local_profile, build_local_story
from pipelines.reflection import PromptContext, ReflectionEntry, people_in, realtime_prompts, self_analysis

# A small journal (a teacher doing up a loft), written as prose; moods are what the entries store.
JOURNAL = [
    ("e1", "09/01/2026", "Anxious", ("First day back with my class. I lay awake worrying about the loft conversion "
     "and whether the builders will actually turn up on Monday.")),
    ("e2", "09/04/2026", "Anxious", ("The builders finally started on the loft conversion. Dust everywhere. "
     "I keep promising myself I'll sleep before midnight and then I'm marking until one.")),
    ("e3", "09/08/2026", "Tired", ("Shattered. Parents' evening ran late and I didn't sleep before midnight again. "
     "Dan made soup, which was kind of him.")),
    ("e4", "09/12/2026", "Happy", ("The loft conversion has a floor now! Stood up there with Dan and pictured "
     "a reading corner. Went to bed at eleven and it felt amazing.")),
    ("e5", "09/15/2026", "Happy", ("Managed to sleep before midnight three nights running. The class was calmer "
     "today and so was I.")),
    ("e6", "09/19/2026", "Loving", ("Dan surprised me with a tiny bookshelf for the loft conversion. I love him "
     "so much it's ridiculous.")),
]


def entries():
    return [ReflectionEntry(id=i, date=d, mood=m, content=c) for i, d, m, c in JOURNAL]


def test_every_self_analysis_item_cites_two_entries_and_titles_are_the_users_phrases():
    analysis = self_analysis(entries())
    text = " ".join(c for *_, c in JOURNAL).lower()
    titles = [p.title for p in analysis.patterns]
    assert "The loft conversion" in titles or "Loft conversion" in titles
    assert any(t.lower() == "sleep before midnight" for t in titles), titles
    for item in analysis.patterns + analysis.connections + analysis.growth + analysis.reflections:
        assert len({s.id for s in item.sources}) >= 2, item
    for item in analysis.patterns:
        assert item.title.lower() in text  # a phrase the user wrote, never two words glued with "&"
        assert "&" not in item.title
        assert f"from {item.sources[0].date} to {item.sources[-1].date}" in item.description
        for quote in item.highlighted:
            assert quote.strip('"').lower() in text


def test_growth_compares_halves_with_the_stored_moods():
    analysis = self_analysis(entries())
    overall = analysis.growth[0]
    assert overall.title == "Lighter days lately"  # Anxious, Anxious, Tired -> Happy, Happy, Loving
    assert "Anxious 2" in overall.description and "Happy 2" in overall.description
    flipped = [ReflectionEntry(id=e.id, date=e.date, content=e.content,
                               mood={"Anxious": "Happy", "Tired": "Loving", "Happy": "Sad", "Loving": "Angry"}[e.mood])
               for e in entries()]
    assert self_analysis(flipped).growth[0].title == "Heavier days lately"  # same words, other moods


def test_too_little_evidence_is_said_not_invented():
    few = [ReflectionEntry(id="a", date="09/01/2026", mood="Happy", content="Baked bread with Nan."),
           ReflectionEntry(id="b", date="09/02/2026", mood="Tired", content="Long shift at the depot."),
           ReflectionEntry(id="c", date="09/03/2026", mood=None, content="Paid the council tax.")]
    analysis = self_analysis(few)
    assert analysis.patterns == [] and analysis.growth == [] and analysis.connections == []
    assert any("no pattern" in n for n in analysis.notes)
    assert any("Growth compares" in n and "at least 4" in n for n in analysis.notes)


ORDINARY = ["Email", "Call", "Work", "Coffee", "Running", "Meeting", "Sleep", "Grateful", "Lunch", "Dinner", "Gym",
            "Tired", "Rain", "Laundry", "Therapy", "Breakfast", "Walked", "Booked", "Finally", "Honestly", "Weekend",
            "Traffic", "Budget", "Deadline", "Pharmacy", "Groceries", "Yoga", "Cooked", "Overslept", "Bins", "Kids",
            "Train", "Payday", "Church", "Text", "Rent", "Today", "Tomorrow", "Exhausted", "Remember"]


@pytest.mark.parametrize("word", ORDINARY)
def test_an_ordinary_word_starting_a_sentence_line_or_clause_is_not_a_person(word):
    for text in (f"{word} the landlord about the boiler before Friday.",
                 f"Long day at school. {word} was on my mind all afternoon.",
                 f"To do:\n- {word} first thing\n- pay the water bill",
                 f"Before Friday: {word} again, then rest properly."):
        assert people_in(text) == [], text
        assert not [p for p in realtime_prompts(text, PromptContext()) if p.type == "person"], text


def test_people_are_names_written_as_people():
    assert people_in("Had lunch with Priya and she told me about her new job.") == ["Priya"]
    assert people_in("Went to Porto with Claire in the summer.") == ["Claire"]  # Porto is a place
    assert people_in("Called my dad about the car.") == ["Dad"]
    assert people_in("Jo was late for the rota.") == []  # sentence-initial and unknown
    assert people_in("Jo was late for the rota.", ["Jo"]) == ["Jo"]  # written as a person before
    assert people_in("Jo rang about the rota.") == ["Jo"]  # someone who rings is someone
    assert people_in("Work rang about the rota.") == []  # but not an ordinary word
    prompts = realtime_prompts("Coffee with Jo this morning, she is moving to Leeds.", PromptContext())
    assert [p.context for p in prompts if p.type == "person"] == ["Jo"]


def story_entries(open_tasks=None):
    return [ProfileEntry(id=i, date=d, mood=m, content=c,
                         open_tasks=None if open_tasks is None else open_tasks.get(i, []),
                         open_goals=None if open_tasks is None else [])
            for i, d, m, c in JOURNAL]


def test_story_mood_mix_is_the_stored_moods_and_threads_cite_their_entries():
    story = build_local_story(story_entries())
    assert story.mood_mix == {"Anxious": 2, "Happy": 2, "Tired": 1, "Loving": 1}
    loft = next(t for t in story.threads if "loft conversion" in t.title.lower())
    assert loft.entry_ids == ["e1", "e2", "e4", "e6"]
    assert all(len(t.entry_ids) >= 2 for t in story.threads + story.people)
    assert [p.title for p in story.people] == ["Dan"]
    draft = build_local_profile(story_entries())
    assert "Anxious 2, Happy 2, Tired 1, Loving 1 (of 6 entries)" in draft.full_profile
    assert set(loft.entry_ids) <= set(draft.source_entry_ids)


def test_concrete_actions_are_the_open_tasks_given_each_with_its_entry():
    story = build_local_story(story_entries({"e5": ["Order the loft insulation"], "e6": ["Book the electrician"]}))
    assert [(a.text, a.entry_id) for a in story.actions[:2]] == [("Book the electrician", "e6"),
                                                                ("Order the loft insulation", "e5")]
    # Nothing else is presented as a task: the rest are steps on the recurring threads.
    assert all(a.kind == "thread" for a in story.actions[2:])
    section = build_local_profile(story_entries({"e6": ["Book the electrician"]})).full_profile.split(
        "**Concrete Actions**:")[1].strip().splitlines()
    assert [re.match(r"^(\d)\. ", line).group(1) for line in section] == ["1", "2", "3", "4", "5"]
    assert section[0] == "1. Book the electrician (from 09/19/2026)"


def test_a_time_of_day_or_an_adverb_alone_is_no_pattern():
    """Seen on a tour: Self Analysis offered "Ahead" and "Midnight" ("You wrote about ahead in 3
    entries"). A phrase around them still counts ("sleep before midnight")."""
    texts = ["Up past midnight again planning the week ahead for the shop.",
             "Midnight and still awake. Big week ahead with the inspection at the shop.",
             "Another midnight finish; the stocktake ahead is huge.",
             "The inspection went fine, the shop looked great."]
    analysis = self_analysis([ReflectionEntry(id=f"e{i}", date=f"11/1{i}/2026", mood="Tired", content=c)
                              for i, c in enumerate(texts)])
    titles = [p.title.lower() for p in analysis.patterns]
    assert titles and not {"ahead", "midnight"} & set(titles), titles
    assert any("shop" in t or "inspection" in t for t in titles), titles


def test_a_family_word_written_as_a_name_is_a_theme():
    """"Phoned Mum tonight." gave no phrase: "Mum" is one short word, dropped as too vague. Written
    with a capital, Mum, Dad and Nan are people, as specific as any name; in lower case ("my mum")
    and as a plain word ("a mum at the school gate") they stay out."""
    from pipelines.themes import is_family_name, recurring_themes

    journal = [ReflectionEntry(id=f"f{i}", date=f"10/0{i}/2026", mood="Neutral", content=text) for i, text in enumerate([
        "Phoned Mum tonight. She sounds tired.",
        "Dad came round to fix the gate. Took Nan to the garden centre.",
        "Long chat with Mum about Christmas.",
        "Nan is back in hospital with her chest. Dad drove me there.",
        "Work all day, nothing else.",
    ], start=1)]
    themes = {t.title: t.entry_ids for t in recurring_themes(journal)}
    assert themes.get("Mum") == {"f1", "f3"}, themes
    assert themes.get("Dad") == {"f2", "f4"}, themes
    assert themes.get("Nan") == {"f2", "f4"}, themes
    assert {t.name for t in recurring_themes(journal)} >= {"Mum", "Dad", "Nan"}  # "You wrote about Mum", not "mum"
    assert "You wrote about Mum in 2 entries" in " ".join(p.description for p in self_analysis(journal).patterns)
    assert is_family_name("Mum") and is_family_name("Nan's")
    assert not is_family_name("mum") and not is_family_name("Sam")
    plain = [ReflectionEntry(id=f"p{i}", date=f"10/0{i}/2026", mood="Neutral", content=text) for i, text in enumerate([
        "Rang my mum at lunch.", "A mum at the gate asked about the trip.", "My mum sent a card."], start=1)]
    assert not any(t.key == ("mum",) for t in recurring_themes(plain))


def test_growth_says_mostly_only_for_a_mood_of_more_than_half():
    """A theme's entries Anxious and Loving earlier, Angry and Sad recently: two ties, no "mostly"."""
    week = [
        ("w1", "11/16/2026", "Anxious", "The review at work is on my mind. Dana wants the slides by Monday."),
        ("w2", "11/17/2026", "Happy", "Lovely walk by the canal with Sam."),
        ("w3", "11/18/2026", "Loving", "The review at work went fine in the end, Tom helped me so much."),
        ("w4", "11/19/2026", "Happy", "Groceries and laundry, then a film with Sam."),
        ("w5", "11/20/2026", "Angry", "The review at work got moved again and nobody told me."),
        ("w6", "11/21/2026", "Tired", "Long day, early night."),
        ("w7", "11/22/2026", "Sad", "The review at work is done, but it felt flat and lonely."),
        ("w8", "11/23/2026", "Happy", "Pancakes with Sam."),
    ]
    analysis = self_analysis([ReflectionEntry(id=i, date=d, mood=m, content=c) for i, d, m, c in week])
    assert analysis.growth, analysis.notes
    assert not [g.description for g in analysis.growth if "mostly" in g.description]


@pytest.mark.parametrize("text", [
    "Priya wants the Hallam Street drawings redone by Friday.",
    "Dropped the forms at Kingsway Primary and went on to St Luke Hospital.",
    "The Marlow Road flat fell through.",
])
def test_a_name_before_a_street_or_a_building_is_a_place_not_a_person(text):
    assert not {"Hallam", "Kingsway", "Luke", "Marlow"} & set(people_in(text))


def test_patterns_are_ordered_by_entries_then_recency():
    """Self Analysis opened on "Desk chair" (2 entries) and listed Atlas (3) last on a tour."""
    texts = ["The Atlas test run failed.", "I need a new desk chair.", "Atlas dress rehearsal went well.",
             "Swim twice this week.", "Ordered a desk chair.", "Swam 40 lengths.", "Atlas is late again.",
             "Went swimming after lunch."]
    analysis = self_analysis([ReflectionEntry(id=f"e{i}", date=f"11/0{i + 1}/2026", content=t)
                              for i, t in enumerate(texts)])
    assert [(p.title, len(p.sources)) for p in analysis.patterns] == [("Swimming", 3), ("Atlas", 3), ("Desk chair", 2)]
