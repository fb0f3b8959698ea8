"""Summaries keep the day's key fact: the outcome, the feeling, the decision (tour_premium 3), measured on a
small hand-labelled set of dev entries (real embedding model)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from pipelines.embeddings import embed
from pipelines.summaries import summarize, summary_sentences

CORPUS = Path(__file__).parents[2] / "pipelines" / "data" / "journal_corpus" / "dev.jsonl"
# For each of 40 dev entries, the sentences a careful reader would keep (labelled before any tuning).
KEYS = Path(__file__).parent / "data" / "summary_keys.jsonl"


# The dev split as it stood when the keys were chosen: the twenty-second author's voices came after.
LATER_VOICES = frozenset({"otis", "noreen", "peishan", "ikaika"})


def _dev() -> dict[str, str]:
    with CORPUS.open(encoding="utf-8") as lines:
        return {row["id"]: row["text"] for row in map(json.loads, lines) if row["voice"] not in LATER_VOICES}


def _keys() -> list[dict]:
    with KEYS.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


# Three entries of the premium tour's journal (tour_premium 3) and the fact their summary dropped.
SURGERY = ("Drove Dad to the hospital at 6am. The surgery went well, the surgeon said the new knee looks good. "
           "He was grumpy and funny at the same time. I'm exhausted but grateful.")
RESTED = ("Jo took over with Dad today. I slept nine hours. Honestly I did not realise how much I was carrying. "
          "From now on I will ask for help before I am exhausted, not after.")
SLEEPLESS = ("Couldn't sleep. Worried the warehouse cutover will go wrong and it will be my fault. I keep checking "
             "Slack at midnight. I need to stop working in bed.")


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        # Was "Drove Dad to the hospital at 6am. He was grumpy and funny at the same time."
        (SURGERY, "The surgery went well"),
        # Was "Jo took over with Dad today. Honestly I did not realise how much I was carrying."
        (RESTED, "I slept nine hours."),
        # Was "I keep checking Slack at midnight. I need to stop working in bed."
        (SLEEPLESS, "Worried the warehouse cutover will go wrong"),
    ],
)
def test_the_summary_keeps_what_the_day_came_to(text: str, kept: str) -> None:
    """tour_premium 3: the scene-setting sentences most like the rest won over the outcome."""
    assert kept in summarize(text)


def test_a_date_line_does_not_take_the_openings_place() -> None:
    """"Tue 06/01." says when, not what: the bonus for the opening goes to the first real sentence."""
    text = ("Tue 06/01. Arjun took me to Cubbon Park on Sunday morning. We talked about the engagement plans. "
            "The corn seller near the gate had run out of lime.")
    # The last sentence is a little more central than the second; the opening's bonus decides.
    vectors = np.array([[1, 0, 0], [2, 1, 3], [1, 3, 2], [3, 2, 0]], dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    sentences = summary_sentences(text)
    assert summarize(text, max_sentences=1, embeddings=vectors) == sentences[1]


def test_the_key_set_follows_its_rule() -> None:
    """Every 13th dev entry longer than 400 characters with more than two sentences, first 40; each key
    is one of the entry's own sentences."""
    dev = _dev()
    chosen = [i for i, text in dev.items() if len(text) > 400 and len(summary_sentences(text)) > 2][::13][:40]
    keys = _keys()
    assert [row["id"] for row in keys] == chosen
    for row in keys:
        assert row["key"] and set(row["key"]) <= set(summary_sentences(dev[row["id"]])), row["id"]


def test_summaries_keep_a_key_sentence_on_both_halves() -> None:
    """Even lines tuned the bonuses, odd lines only check them. Before the key-sentence bonuses and the
    opening past a date line: 15/20 and 16/20."""
    dev = _dev()
    hits = {0: 0, 1: 0}
    for n, row in enumerate(_keys()):
        text = dev[row["id"]]
        summary = summarize(text, embeddings=embed(summary_sentences(text)))
        hits[n % 2] += any(s in row["key"] for s in summary_sentences(summary))
    assert hits[0] >= 18 and hits[1] >= 16, hits
