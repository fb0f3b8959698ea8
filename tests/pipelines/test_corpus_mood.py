"""The mood model on the journal corpus' test split: the recorded figures hold, and the issue's
hard cases read right (explicit feelings, sarcasm, thanks inside worry, tiredness, heavy entries)."""

from __future__ import annotations

import json

import pytest

from pipelines.corpus import load_split
from pipelines.embeddings import embed
from pipelines.mood import METRICS_PATH, evaluate_corpus, get_mood_model, predict_mood

TOLERANCE = 0.02


@pytest.fixture(scope="module")
def figures() -> dict:
    test = load_split("test")
    texts = [e["text"] for e in test]
    return evaluate_corpus(get_mood_model(), texts, [e["mood"] for e in test], embed(texts))


def test_the_recorded_test_figures_hold(figures):
    recorded = json.loads(METRICS_PATH.read_text(encoding="utf-8"))["test"]["model"]
    assert figures["model"]["accuracy"] >= recorded["accuracy"] - TOLERANCE
    assert figures["model"]["macro_f1"] >= recorded["macro_f1"] - TOLERANCE
    assert figures["model"]["labels"] == ["happy", "sad", "angry", "anxious", "loving", "tired", "neutral"]
    assert sum(sum(row.values()) for row in figures["model"]["confusion"].values()) == figures["model"]["rows"]


@pytest.mark.parametrize(
    ("text", "mood"),
    [
        ("I'm worried sick about the interview on Thursday.", "anxious"),
        ("Brilliant. The train was cancelled again. Just what I needed.", "angry"),
        ("Thanks to Callum for the pep talk, but I'm still dreading tomorrow and my hands won't stop shaking.",
         "anxious"),
        ("Up three times in the night with the baby. Running on fumes and cold coffee.", "tired"),
        ("It still hurts how much I love my little nephew.", "loving"),
        ("Mum called. The family dog had to be put down this morning. I didn't get to say goodbye.", "sad"),
        ("Went to the store, bought milk, came home.", "neutral"),
    ],
)
def test_the_issues_hard_cases(text, mood):
    assert predict_mood(text).mood == mood


@pytest.mark.parametrize(
    "text",
    [
        "I feel so low tonight; everyone seems to be leaving.",
        "So angry I had to walk round the block twice.",
        "Terrified something is wrong with her. Sitting next to the cot watching her breathe.",
    ],
)
def test_a_heavy_entry_is_never_neutral_or_happy(text):
    assert predict_mood(text).mood not in ("neutral", "happy")
