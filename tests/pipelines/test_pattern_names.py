"""What a pattern card says about its thread: a title that is a real phrase (a topic, people, a noun
phrase; never a verb or a stemmed remnant), a Go Deep question that follows the quote's mood, and
Explore Further resources about the thread's topic or none."""

from __future__ import annotations

import numpy as np
import pytest

from pipelines.embeddings import embed
from pipelines.patterns import CTfidfNamer, KeywordNamer, PatternConfig, PatternPipeline
from pipelines.patterns.deepen import ASK_GOOD, ASK_HARD, SourceEntry, _question_for, deeper_insight
from pipelines.patterns.evaluation import load_labelled
from pipelines.patterns.resources import explore
from tests.support.tour_journal import JOURNAL, entry_id


@pytest.fixture(scope="module")
def tour():
    texts = [t for _, _, t in JOURNAL]
    return PatternPipeline(config=PatternConfig.load()).fit(
        texts, embed(texts), ids=[entry_id(d) for d, _, _ in JOURNAL], dates=[d for d, _, _ in JOURNAL],
        moods=[m for _, m, _ in JOURNAL])


def test_the_tour_journal_s_patterns_are_named_by_phrases(tour):
    """A tour saw "Mile & Ran", "Car & Insurance" (a card about rent, the deposit and the move) and
    "Hannah & Mum"."""
    assert [(p.name, len(p.entry_ids)) for p in tour.patterns_] == [
        ("Hannah and Mum", 7), ("Money and the move", 6), ("Maya", 5)]


def test_the_labelled_journal_s_patterns_are_named_by_their_topics():
    """Before: "Change & Work" (the fitness entries), "Asleep & Sleep", "Account & Expense"."""
    tune = load_labelled("tune")
    fitted = PatternPipeline(config=PatternConfig.load()).fit([e.text for e in tune], embed([e.text for e in tune]))
    assert [p.name for p in fitted.patterns_] == ["Work", "Sleep", "Money", "Sam", "Art", "Running"]


def test_a_verb_or_a_stemmed_remnant_never_names_a_pattern():
    """On a dev voice: "Bev & Held", and "goe" among the most distinctive words (from "goes")."""
    texts = ["Bev held my hand at the clinic. The pain goes down my leg.",
             "Held the door for Bev. The ache goes and comes back.",
             "Bev held the umbrella while I locked up. It goes on.",
             "Quiet day at the port. Loaded the trailer.",
             "Port queue again, two hours at the port gates.",
             "The port was shut by the wind."]
    labels = np.array([0, 0, 0, 1, 1, 1])
    names = CTfidfNamer().name(texts, labels)
    assert names[0].name == "Bev" and names[1].name == "The port"
    assert "goes" in names[0].keywords and "goe" not in names[0].keywords
    assert "goes," in names[0].description and "goe," not in names[0].description


def _entry(day: str) -> SourceEntry:
    return SourceEntry(id=entry_id(day), date=day, content=next(t for d, _, t in JOURNAL if d == day))


@pytest.mark.xfail(strict=True, reason="the mood model reads the quoted reconciliation Loving at 0.69, under the 0.7 a "
                   "short text with no feeling word needs, so Neutral (pipelines/README.md, Known limits)")
def test_go_deep_asks_what_made_a_good_moment_good():
    """A tour's Go Deep quoted the 11/14 reconciliation and asked "What would change if you looked
    at that directly?", as if it were a problem."""
    deeper = deeper_insight("Hannah and Mum", ["You came back to “Hannah” and “Mum” in 3 entries.",
                                               "Hannah and I made up after years of the same roles."],
                            [_entry("11/07/2026"), _entry("11/14/2026")])
    assert "on 11/14/2026 you wrote: “Hannah and I cooked dinner together" in deeper.text
    assert deeper.text.endswith(ASK_GOOD) and ASK_HARD not in deeper.text
    assert _question_for("Best conversation we've had in years.") == ASK_GOOD
    assert _question_for("I feel guilty and annoyed at the same time, and I cried all night.") == ASK_HARD


def _titles(text: str) -> list[str]:
    return [r.title for r in explore(text)]


def test_explore_further_matches_the_thread_s_topic_not_its_mood():
    running = _titles("Mile & Ran. 3 related entries, most distinctive words: mile, ran, work, run, bike.")
    assert running and "Couch to 5K (NHS)" not in running
    assert not any("procrastinat" in t.lower() for t in running)
    family = _titles("Hannah & Mum. 5 related entries, most distinctive words: hannah, mum, photo, surgery, tired.")
    assert family == ["Carers UK"]
    money = _titles("You came back to “car” and “insurance” in 2 entries, from 10/25/2026 to 11/17/2026.")
    assert money == ["MoneyHelper"]
    # a text only about a feeling is matched by it; nothing about the topic: nothing at all
    assert all("sleep" in t.lower() for t in _titles("3 of these 5 entries felt tired."))
    assert _titles("I keep thinking about the lighthouse and the gulls, tired as ever.") == []
    assert _titles("zxqv blorft 7731") == []


def test_the_recurrence_insight_says_the_card_s_topic_not_a_list_of_words(tour):
    """A tour read "You came back to “car” and “insurance” in 2 entries" on the card "Money and the move"."""
    lines = {p.name: p.insights[0].text for p in tour.patterns_}
    assert lines["Hannah and Mum"].startswith("You came back to Hannah and Mum in "), lines
    assert not any("“" in line.split(" in ")[0] for line in lines.values()), lines
    assert lines["Money and the move"].startswith("You came back to money and the move in 5 entries"), lines


def test_a_number_phrase_does_not_name_a_pattern():
    texts = ["Meditated for the seven minutes before work, the breathing helped.",
             "Only managed the seven minutes of breathing today but it counted.",
             "The seven minutes of meditation again, calmer after the breathing.",
             "Dinner with Sam at the new Thai place.", "Sam cooked, we watched a film.",
             "Long walk with Sam by the river."]
    names = CTfidfNamer().name(texts, np.array([0, 0, 0, 1, 1, 1]))
    assert "seven" not in names[0].name.lower() and names[1].name == "Sam", names


def test_the_keyword_grouping_never_gives_two_cards_one_name():
    """A tour saw two "Well-being & Balance" cards (fitness and sleep)."""
    texts = ["Slept badly again, awake at 3am.", "Could not sleep, too much coffee.",
             "Tired all day after no sleep.", "Sleep was better, rested.",
             "Gym this morning, energy up.", "Gym again, tired but happy.", "A run in the rain, gym after."]
    names = KeywordNamer().name(texts, np.array([0, 0, 0, 0, 1, 1, 1]))
    assert names[0].name == "Well-being & Balance" and names[1].name == "Exercise", names
