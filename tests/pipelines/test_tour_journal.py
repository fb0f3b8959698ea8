"""What the local AI says about a whole journal a touring tester wrote (the personal story's themes
and people, Self Analysis, the weekly focus, real-time prompts), against what the entries say."""

from __future__ import annotations

from datetime import date

from pipelines.providers.base import ProfileEntry
from pipelines.providers.local_provider import build_local_profile, build_local_story
from pipelines.reflection import PromptContext, ReflectionEntry, realtime_prompts, self_analysis
from pipelines.themes import known_people, people_in, recurring_themes
from pipelines.weekly_focus import FocusEntry, FocusMaterial, FocusSentence, local_suggestion
from tests.support.tour_journal import JOURNAL, entry_id


def story_entries() -> list[ProfileEntry]:
    return [ProfileEntry(id=entry_id(day), date=day, mood=mood, content=text) for day, mood, text in JOURNAL]


def test_a_dates_ordinal_is_no_theme_and_names_keep_their_capital():
    """"November 30th", "November 12th", "November 28th" made a theme "November th"; "Greg" was
    shown as "greg" because another journal in the corpus types names in lower case."""
    themes = recurring_themes(story_entries(), limit=20)
    titles = [t.title for t in themes]
    assert not [t for t in titles if t.lower().startswith("november")], titles
    assert not [t for t in themes if "th" in t.key], titles
    names = {t.title: t.name for t in themes}
    assert names.get("Greg") == "Greg", names
    assert names.get("The movers") == "the movers", names  # an ordinary phrase still reads in lower case
    short = build_local_profile(story_entries()).short_summary
    assert "November th" not in short and "greg" not in short


def test_a_company_is_not_a_person_and_named_colleagues_are():
    """Fernwood (the company applied to: "a role at Fernwood", "the Fernwood interview") was listed
    among the people; Greg (4 entries) and Tom (2) were missing."""
    assert "Fernwood" not in known_people([text for _, _, text in JOURNAL])
    people = {p.title: p.dates for p in build_local_story(story_entries()).people}
    assert "Fernwood" not in people
    assert people.get("Greg") == ["10/12/2026", "10/30/2026", "11/01/2026", "11/10/2026"], people
    assert people.get("Tom") == ["10/21/2026", "11/21/2026"], people
    assert {"Hannah", "Mum", "Maya"} <= set(people)


def test_a_name_is_someone_by_what_they_do_not_by_where_it_stands():
    assert people_in("The demo crashed and Greg blamed my team.") == ["Greg"]
    assert people_in("Tom says we should take the flat.") == ["Tom"]
    assert people_in("Ran the loop with Greg after work.") == ["Greg"]
    assert people_in("She said it was fine.") == []  # a pronoun is no name
    assert people_in("Prep for the Fernwood interview.") == []
    assert people_in("Doctor said to rest.") == []


def test_growth_headline_agrees_with_the_figures_under_it():
    """Earlier Tired 3 of 7, recently Happy 3 of 8: the headline said "Your moods have held steady"."""
    entries = [ReflectionEntry(id=entry_id(day), date=day, mood=mood, content=text) for day, mood, text in JOURNAL]
    overall = self_analysis(entries[6:]).growth[0]  # the last 15, as the Growth tab sends them
    assert "Tired 3" in overall.description.split("Recently")[0]
    assert "Happy 3" in overall.description.split("Recently")[1]
    assert "steady" not in (overall.title + overall.description).lower()
    assert "most often tired earlier (3 of 7) and most often happy recently (3 of 8)" in overall.description


def test_growth_says_steady_only_when_the_same_mood_leads_both_halves():
    moods = ["Tired", "Tired", "Happy", "Anxious", "Tired", "Tired", "Neutral", "Anxious"]
    entries = [ReflectionEntry(id=f"s{i}", date=f"11/{10 + i}/2026", mood=mood, content=f"Day {i} at the allotment.")
               for i, mood in enumerate(moods)]
    overall = self_analysis(entries).growth[0]
    assert overall.title == "Steady moods"
    assert "tired led both your earlier and your recent entries" in overall.description
    mixed = ["Tired", "Happy", "Anxious", "Neutral", "Tired", "Happy", "Anxious", "Neutral"]
    entries = [ReflectionEntry(id=f"m{i}", date=f"11/{10 + i}/2026", mood=mood, content=f"Day {i} at the allotment.")
               for i, mood in enumerate(mixed)]
    overall = self_analysis(entries).growth[0]
    assert overall.title == "Mixed moods" and "held steady" not in overall.description


def focus_entry(day: str, sentence: str) -> FocusEntry:
    """The tour's entry of `day`, with `sentence` placed in the domain asked for."""
    mood, text = next((m, t) for d, m, t in JOURNAL if d == day)
    return FocusEntry(id=entry_id(day), day=date(2026, int(day[:2]), int(day[3:5])), content=text, mood=mood,
                      similarity=0.4, sentences=[FocusSentence(text=sentence, score=0.4)])


def test_weekly_focus_does_not_suggest_what_the_same_entry_says_is_paid():
    """"Clear the admin that has been nagging you. On 11/17/2026 you wrote 'Car insurance went up
    to £780'", though the entry goes on "Ugh. Paid it"."""
    insurance = focus_entry("11/17/2026", "Car insurance went up to £780.")
    draft = local_suggestion(FocusMaterial(domain="administrative", today=date(2026, 11, 25), entries=[insurance]))
    assert "£780" not in draft.text and draft.general
    # Not paid, it is still the suggestion.
    unpaid = FocusEntry(id="x", day=insurance.day, mood="Angry", similarity=0.4, sentences=insurance.sentences,
                        content="Car insurance went up to £780. Ugh. Trying not to panic.")
    draft = local_suggestion(FocusMaterial(domain="administrative", today=date(2026, 11, 25), entries=[unpaid]))
    assert draft.text.startswith("Clear the admin that has been nagging you. On 11/17/2026 you wrote “Car insurance")


def test_a_happy_days_plain_sentence_is_not_what_went_well_at_work():
    """The interview prep for another job (11/24, a happy day) was "Build on what went well at work"."""
    prep = focus_entry("11/24/2026", "Prepped interview answers for two hours.")
    draft = local_suggestion(FocusMaterial(domain="professional", today=date(2026, 11, 25), entries=[prep]))
    assert not draft.text.startswith("Build on what went well"), draft.text
    praised = FocusEntry(id="p", day=prep.day, mood="Happy", similarity=0.4, content="The demo went really well.",
                         sentences=[FocusSentence(text="The demo went really well and my boss thanked me.", score=0.4)])
    draft = local_suggestion(FocusMaterial(domain="professional", today=date(2026, 11, 25), entries=[praised]))
    assert draft.text.startswith("Build on what went well at work")


def test_self_analysis_words_its_questions_for_people():
    """"What part of Hannah weighs on you most" and "How does Hannah affect Mum for you?" treated
    people as topics."""
    analysis = self_analysis([ReflectionEntry(id=entry_id(day), date=day, mood=mood, content=text)
                              for day, mood, text in JOURNAL])
    hannah = next(p for p in analysis.patterns if p.title == "Hannah")
    assert "What weighs on you most between you and Hannah, and which part is in your hands?" in hannah.prompts
    assert not [q for p in analysis.patterns for q in p.prompts if "part of Hannah" in q or "part of Mum" in q]
    link = next(c for c in analysis.connections if c.title == "Hannah and Mum")
    assert link.prompts == ["How do things with Hannah and with Mum affect each other for you?",
                            "When you write about Hannah and Mum together, what is usually going on?"]
    # A thing keeps the topic wording; car insurance (2 entries) is no longer among the journal's four
    # widest patterns, so it is read from its own entries.
    insurance = self_analysis([ReflectionEntry(id=entry_id(day), date=day, mood=mood, content=text)
                               for day, mood, text in JOURNAL if "insurance" in text.lower()])
    things = next(p for p in insurance.patterns if p.title == "Car insurance")
    assert "What part of car insurance weighs on you most, and which part is in your hands?" in things.prompts


def test_a_contradiction_prompt_names_only_feelings_the_text_states():
    plain = "I never have time for myself, but I spent three hours scrolling on my phone tonight."
    assert not [p for p in realtime_prompts(plain, PromptContext()) if p.type == "contradiction"]
    [mixed] = [p for p in realtime_prompts("I am completely exhausted but so proud of the team.", PromptContext())
               if p.type == "contradiction"]
    assert mixed.text == "Part of you feels tired and part happy. Which one needs attention now?"


def test_a_task_keeps_coming_back_only_when_earlier_entries_name_it():
    """"Pay rent" was written once, two days before: no "keeps coming back"."""
    earlier = [text for _, _, text in JOURNAL]
    context = PromptContext(existing_tasks=["Pay rent"], earlier_entries=earlier)
    assert not [p for p in realtime_prompts("Need to pay rent by Friday.", context) if p.type == "blindspot"]
    context.earlier_entries = [*earlier, "Must pay rent this week, the landlord asked again."]
    [again] = [p for p in realtime_prompts("Need to pay rent by Friday.", context) if p.type == "blindspot"]
    assert again.text == "“Pay rent” keeps coming back. What is really stopping you?"
