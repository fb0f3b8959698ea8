"""Mood: general ways of saying a feeling the keyword rule missed on dev (pipelines/README.md,
"Mood"), the rest rule, and the product tour's two wrong moods as required readings."""

from __future__ import annotations

import numpy as np
import pytest

from pipelines.lab.mood_readings import REQUIRED_READINGS, TOUR_READINGS
from pipelines.mood import MOODS, MoodModel, keyword_mood, keyword_scores, predict_mood
from pipelines.mood.vocabulary import is_sarcastic, keyword_evidence, says_rest, stated_heavy


@pytest.mark.parametrize(
    ("text", "mood"),
    [
        # "cannot" is "can't": the phrases written with "can't" read it too
        ("Cannot sleep. Stomach like a stone.", "anxious"),
        ("I cannot wait for Saturday", "happy"),
        ("I cannot stand the way he talks to her", "angry"),
        # someone telling the writer not to worry says the writer is worried
        ("Vet says don't panic, most of these come back clear.", "anxious"),
        ("Amma told me not to worry. Ringing uncle tomorrow.", "anxious"),
        ("Jun Hao says don't stress the boy. Easy for him to say.", "anxious"),
        # the body's worry
        ("Heart hammering since lunch.", "anxious"),
        ("Couldn't eat my tea.", "anxious"),
        ("Not sleeping. Obviously.", "anxious"),
        ("study study study. brain is soup.", "tired"),
        # sarcasm in the first person
        ("The talk is in one week and he wants it restructured. I love this for me.", "angry"),
    ],
)
def test_general_ways_of_saying_a_heavy_feeling(text, mood):
    assert keyword_mood(text).mood == mood


def test_a_negated_worry_in_the_writers_voice_is_still_no_worry():
    assert keyword_scores("I'm not worried about it.")["anxious"] == 0
    assert keyword_scores("No worries, all sorted.")["anxious"] == 0


def test_sleep_lost_is_worry_not_tiredness():
    scores = keyword_scores("Slept badly again, worried about everything at once.")
    assert scores["tired"] == 0 and scores["anxious"] == pytest.approx(1.5)


def test_happiness_for_someone_else_weighs_less_than_the_writers_own():
    """"I'm happy for her, really. But..." is said of a friend leaving (six of six dev entries sad)."""
    assert keyword_scores("I'm happy for her.")["happy"] == pytest.approx(0.25)
    assert keyword_scores("I'm happy.")["happy"] == pytest.approx(1.0)


def test_laughing_something_off_is_no_happiness():
    scores = keyword_scores("Granny called me Frankie this morning. She laughed it off.")
    assert scores["happy"] == 0 and scores["sad"] > 0


def test_love_this_for_me_is_sarcasm():
    assert is_sarcastic("At 2:40am. I love this for me.")
    assert not is_sarcastic("I love this song.")


@pytest.mark.parametrize(
    ("text", "stated"),
    [
        ("Long day. I'm so angry.", "angry"),
        ("Feeling so anxious about tomorrow.", "anxious"),
        ("Honestly feeling heartbroken.", "sad"),
        ("Im furious", "angry"),
        ("I'm nervous but excited!", None),  # a turn in the sentence
        ("I don't feel anxious.", None),
        ("She's furious.", None),  # someone else's
        ("I'm sorry I missed it.", None),  # not a full-weight word
    ],
)
def test_stated_heavy_reads_a_heavy_feeling_said_outright_in_the_writers_voice(text, stated):
    assert stated_heavy(text) == stated


def test_a_heavy_feeling_said_outright_is_never_shown_light():
    """The floor: whatever the learned scores and calibrations say, "I'm furious" is not Happy."""
    row = dict.fromkeys(MOODS, 0.0) | {"happy": 0.7, "neutral": 0.3}
    scores = np.asarray([[row[m] for m in MOODS]])
    for text, mood in [("Great weekend away. I'm furious with the landlord.", "angry"),
                       ("Great weekend away. Jo is furious with the landlord.", "happy")]:
        assert MoodModel().combine([text], scores, keyword_evidence([text]))[0].mood == mood, text


@pytest.mark.parametrize(
    ("text", "rest"),
    [
        ("Finally slept 8 hours!", True),
        ("Slept like a log.", True),
        ("Feel human again.", True),
        ("Slept through two alarms and missed choir.", False),  # three dev entries: tiredness
        ("Barely slept.", False),
    ],
)
def test_says_rest(text, rest):
    assert says_rest(text) is rest


def test_a_tired_reading_yields_to_rest_told_in_words():
    """The classifier reads sleep as a topic of tired entries; with no tired word and rest told, the
    words' mood stands. A tired word keeps Tired."""
    row = dict.fromkeys(MOODS, 0.0) | {"tired": 0.5, "happy": 0.3, "loving": 0.2}
    scores = np.asarray([[row[m] for m in MOODS]])
    for text, mood in [
        ("Finally slept 8 hours! Feel like a person again.", "happy"),
        ("Slept 8 hours! Good day.", "tired"),  # no rest told
        ("Finally slept 8 hours but still exhausted.", "tired"),  # a tired word
    ]:
        assert MoodModel().combine([text], scores, keyword_evidence([text]))[0].mood == mood, text


def test_the_tours_two_wrong_moods_are_required_and_read():
    assert set(TOUR_READINGS) <= set(REQUIRED_READINGS)
    for text, moods in TOUR_READINGS:
        assert predict_mood(text).mood in (moods if isinstance(moods, tuple) else (moods,)), text
