"""The local chat answers on the AI tour's journal: a negated activity is no time it happened, and a
feeling about a topic quotes only sentences about that topic."""

from __future__ import annotations

from pipelines.providers.base import Passage
from pipelines.providers.local_answers import NO_ANSWER, compose_answer
from pipelines.providers.question_topics import negated, took_place
from tests.support.tour_journal import JOURNAL, entry_id

PASSAGES = [Passage(entry_id=entry_id(day), date=day, text=text, score=0.0, mood=mood) for day, mood, text in JOURNAL]


def test_a_negated_activity_is_not_the_last_time_it_happened():
    last = compose_answer("When did I last run?", PASSAGES)
    assert last.startswith('The last time you wrote about it was 11/19/2026: "Ran 8 miles'), last
    assert "Didn't run" not in last and "Skipped my run" not in last, last
    assert "Ran 6 miles along the river" in last, last  # "ran" is run's past
    # the only gym sentence cancels it: nothing found, not "the last time" it happened
    assert compose_answer("When did I last go to the gym?", PASSAGES) == NO_ANSWER


def test_a_cue_before_the_topic_in_its_clause_negates_it():
    assert negated("No run today.", ["run"]) and negated("Skipped the gym again.", ["gym"])
    assert negated("Fell asleep early, didn't run.", ["run"])
    assert not negated("Couldn't sleep, so I went for a run.", ["run"])
    assert not negated("Ran 6 miles, no stopping.", ["ran"])


def test_a_plan_or_a_figure_of_speech_is_not_a_time_it_happened():
    """The lead's tour: "When did I last swim?" answered "Going swimming tomorrow morning." and "When
    did I last run?" "Standup ran long"."""
    assert not took_place("Going swimming tomorrow morning.", ["swim"])
    assert not took_place("I'll run on Sunday with Maya.", ["run"])
    assert not took_place("Standup ran long and the client is unhappy.", ["run"])
    assert took_place("Swam 40 lengths.", ["swim"]) and took_place("Ran 6 miles, then coffee.", ["run"])
    assert took_place("Went for a run before work, going to bed early tonight.", ["run"])
    journal = [Passage(entry_id="a", date="11/20/2026", text="Swam 40 lengths. Standup ran long.", score=0.0),
               Passage(entry_id="b", date="11/24/2026", text="Going swimming tomorrow morning.", score=0.0)]
    last = compose_answer("When did I last swim?", journal)
    assert last.startswith('The last time you wrote about it was 11/20/2026: "Swam 40 lengths."'), last
    assert compose_answer("When did I last run?", journal) == NO_ANSWER


def test_a_feeling_about_work_quotes_only_sentences_about_work():
    work = compose_answer("How did I feel about work?", PASSAGES)
    assert "Greg" in work or "job" in work, work
    # 11/23's feeling is about sleep and everything at once, not work
    assert "Slept badly again" not in work, work
    # a person's entry still gets its feeling sentence ("we" at Mum's)
    hannah = compose_answer("How did I feel after talking to Hannah at Mum's?", PASSAGES)
    assert "Best conversation we've had in years." in hannah, hannah
