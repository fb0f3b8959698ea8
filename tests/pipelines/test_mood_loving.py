"""Mood, the loving readings: love told through a person or a pet, not named
(pipelines/README.md, "Mood"). On dev, leaving one author out, 78 loving entries read Happy."""

from __future__ import annotations

import numpy as np
import pytest

from pipelines.mood import MOODS, MoodModel, keyword_mood, keyword_scores
from pipelines.mood.vocabulary import keyword_evidence


@pytest.mark.parametrize(
    "text",
    [
        # pride in a person is affection for them ("proud" alone is the writer's joy)
        "Told him I was so proud of him.",
        "He said proud of u mate.",
        "Dad told me he was proud of me. He never says that.",
        # a person as the best one there is
        "Best mate in the whole of Cornwall, no contest.",
        "She's the best nan anyone could have.",
        "Forty years. Lucky man.",
        "Wouldn't swap her.",
        # touch and care given
        "Held his hand all the way home.",
        "She put her head on my shoulder and didn't say anything.",
        "Caoimhe put her arm through mine.",
        "Kavita slept on my shoulder the whole way.",
        "Mateo fell asleep on me during Bluey.",
        "He made me breakfast. Toast black on one side.",
    ],
)
def test_affection_for_a_person_is_loving(text):
    assert keyword_mood(text).mood == "loving"


@pytest.mark.parametrize(
    ("text", "mood"),
    [
        ("I finally finished the marathon and I'm so proud of myself", "happy"),
        ("Feeling tired but proud of the team.", "happy"),
        ("Best day of the year.", "happy"),
        ("So lucky with the weather.", "happy"),
        ("Fell asleep on the sofa at nine.", "tired"),
    ],
)
def test_joy_at_events_stays_happy(text, mood):
    assert keyword_mood(text).mood == mood


def test_grateful_for_a_person_weighs_in_full():
    assert keyword_scores("grateful for the lift")["loving"] == pytest.approx(0.5)
    assert keyword_scores("grateful for her")["loving"] == pytest.approx(1.0)


def test_a_loving_reading_stands_without_a_loving_word():
    """The classifier reads love told through a person; a happy word ("best") in the text no longer
    turns that reading into Happy (87 of the 115 dev entries that rule touched were loving)."""
    text = "Harjit left two roti in foil on the seat. Ate them cold anyway. Best thing all week."
    evidence = keyword_evidence([text])
    assert evidence[0, :6].max() > 0 and keyword_scores(text)["loving"] == 0
    row = dict.fromkeys(MOODS, 0.0) | {"loving": 0.8, "happy": 0.1, "neutral": 0.1}
    scores = np.asarray([[row[m] for m in MOODS]])
    assert MoodModel(keyword_blend=0.2).combine([text], scores, evidence)[0].mood == "loving"
