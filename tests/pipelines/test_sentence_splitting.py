"""One sentence splitter for extraction, summaries and the patterns' quotes: a sentence does not end
after a title or an abbreviation ("email Dr. Patel", "e.g."), so no quote stops at "Dr." (tour_ai 7)."""

from __future__ import annotations

from pipelines.highlights import split_sentences
from pipelines.patterns.steps import sentences

RENT = ("I need to pay rent by Friday (last month at the old place) and email Dr. Patel on Monday about my "
        "blood test results.")
ENTRY = f"Busy week ahead. {RENT} Also have to confirm the movers for Saturday. Slept badly again."


def test_a_title_or_abbreviation_does_not_end_a_sentence():
    assert split_sentences(ENTRY)[1] == RENT
    assert split_sentences("Saw Mr. and Mrs. Tan, Prof. Ode and Ms. Li at St. Mary's. Bought fruit, e.g. pears, "
                           "figs etc. and went home.") == [
        "Saw Mr. and Mrs. Tan, Prof. Ode and Ms. Li at St. Mary's.", "Bought fruit, e.g. pears, figs etc. and went home."]


def test_the_patterns_quote_the_whole_sentence_as_written():
    assert RENT in sentences(ENTRY)
    assert not any(s.endswith("Dr.") for s in sentences(ENTRY))
    # As written: the writer's curly quotes are quoted as they are; a closing one still ends a sentence.
    assert sentences("Maya said \u201cgo for it.\u201d So I sent the form today.") == [
        "Maya said \u201cgo for it.\u201d", "So I sent the form today."]
