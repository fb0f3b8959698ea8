"""Mood: the keyword rule, the learned model and the embeddings under it (the real model, no mocks).

The GoEmotions test sample (notebooks/data) is embedded once per run for the figures check.
"""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest
from sklearn.linear_model import LogisticRegression

from pipelines.embeddings import EMBEDDING_DIM, SentenceEmbedder, embed, get_model
from pipelines.lab.mood import (
    GOEMOTIONS_DIR,
    GOEMOTIONS_TO_MOOD,
    METRICS_PATH,
    goemotions_mood,
    goemotions_sample,
)
from pipelines.lab.mood_readings import ONE_OF_EACH
from pipelines.mood import (
    MODEL_PATH,
    MOOD_EMOJI,
    MOODS,
    MoodModel,
    MoodPrediction,
    get_mood_model,
    keyword_mood,
    keyword_scores,
    predict_mood,
)

REPO = Path(__file__).resolve().parents[2]
# Embeddings differ in the last digits between CPUs and library versions.
TOLERANCE = 0.02

# a line of each feeling and a plain day (pipelines/lab/mood_readings.py)
JOURNAL_SENTENCES = [*ONE_OF_EACH, ("Went to the store, bought milk, came home.", "neutral")]


@pytest.fixture(scope="module")
def model() -> MoodModel:
    return get_mood_model()


@pytest.fixture(scope="module")
def recorded() -> dict:
    return json.loads(METRICS_PATH.read_text(encoding="utf-8"))


# -- the keyword rule ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("not happy at all", "sad"),  # negated happiness leans sad
        ("I'm not sad anymore", "neutral"),
        ("I'm no longer sad", "neutral"),
        ("I'm not tired", "neutral"),
        ("I don't feel anxious about it", "neutral"),
        ("no worries", "neutral"),
        ("not so happy today", "sad"),
        ("I don't care", "neutral"),
        ("I'm not okay", "sad"),
        ("Oh no, I'm so sad", "sad"),  # "no" as an interjection negates nothing
    ],
)
def test_keyword_rule_reads_negation(text, expected):
    assert keyword_mood(text).mood == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I couldn't be happier", "happy"),
        ("I've never been this sad in my life!", "sad"),
        ("I can't stop worrying about the exam tomorrow", "anxious"),
        ("can't wait for the weekend", "happy"),
        ("I can't stand my neighbour", "angry"),
    ],
)
def test_negation_words_that_do_not_negate(text, expected):
    assert keyword_mood(text).mood == expected


@pytest.mark.parametrize(
    ("stronger", "weaker", "mood"),
    [
        ("I'm so happy", "I'm happy", "happy"),
        ("really really angry", "angry", "angry"),
        ("I'm SO TIRED", "I'm tired", "tired"),
        ("sooo tired", "tired", "tired"),
        ("tired af", "tired", "tired"),
        ("I'm sad!", "I'm sad", "sad"),
        ("I'm sad", "I'm a bit sad", "sad"),
        ("I'm anxious", "I'm kind of anxious", "anxious"),
    ],
)
def test_intensifiers_and_softeners_change_the_weight(stronger, weaker, mood):
    assert keyword_scores(stronger)[mood] > keyword_scores(weaker)[mood] > 0


def test_mixed_feelings_pick_the_dominant_one_and_keep_the_other_visible():
    scores = keyword_scores("I'm a bit tired but so happy we won")
    assert scores["happy"] > scores["tired"] > 0
    assert keyword_mood("I'm a bit tired but so happy we won").mood == "happy"


@pytest.mark.parametrize(
    "text",
    [
        "exhausted",
        "so drained after this week, I just want to sleep",
        "I'm completely worn out",
        "burnt out from work",
        "I could barely keep my eyes open in the meeting",
        "😴",
    ],
)
def test_tired_comes_from_keywords(model, text):
    assert keyword_mood(text).mood == "tired"
    prediction = model.predict([text])[0]
    assert prediction.mood == "tired"
    assert prediction.source == "keywords"


def test_tired_of_is_not_tired():
    assert keyword_mood("I'm sick and tired of this").mood == "angry"
    assert keyword_mood("tired of waiting for him").mood == "angry"


@pytest.mark.parametrize("text", ["", "   ", "\n\t "])
def test_empty_text_is_neutral(model, text):
    for prediction in (keyword_mood(text), predict_mood(text), model.predict([text])[0]):
        assert prediction.mood == "neutral"
        assert prediction.entry_mood().to_json() == {"emoji": "😐", "text": "Neutral"}


def test_the_seven_moods_have_their_emoji_and_text():
    assert MOOD_EMOJI == {
        "happy": "😊", "sad": "😢", "angry": "😠", "anxious": "😰", "loving": "🥰", "tired": "😴",
        "neutral": "😐",
    }  # fmt: skip
    assert [keyword_mood(text).text for text in ("glad", "sad", "furious", "nervous", "adore", "sleepy", "ok")] == [
        "Happy", "Sad", "Angry", "Anxious", "Loving", "Tired", "Neutral",
    ]  # fmt: skip


# -- the GoEmotions mapping ---------------------------------------------------------------------


def test_mapping_covers_every_goemotions_label():
    labels = (GOEMOTIONS_DIR / "emotions.txt").read_text(encoding="utf-8").split("\n")
    assert sorted(GOEMOTIONS_TO_MOOD) == sorted(labels) and len(labels) == 28
    assert set(GOEMOTIONS_TO_MOOD.values()) == set(MOODS) - {"tired"}  # GoEmotions has no tired


def test_multi_label_rows_keep_a_mood_only_when_their_labels_agree():
    assert goemotions_mood(["joy", "excitement"]) == "happy"
    assert goemotions_mood(["fear"]) == "anxious"
    assert goemotions_mood(["approval", "neutral"]) is None
    assert goemotions_mood(["sadness", "love"]) is None


# -- the learned model --------------------------------------------------------------------------


def test_journal_sentences_get_the_mood_a_person_would_give(model):
    texts = [text for text, _ in JOURNAL_SENTENCES]
    predictions = model.predict(texts, embed(texts))
    assert [p.mood for p in predictions] == [mood for _, mood in JOURNAL_SENTENCES]


def test_the_model_reads_negation_too(model):
    texts = ["I'm not sad anymore", "not happy at all", "I'm not tired"]
    moods = [p.mood for p in model.predict(texts)]
    assert moods[0] != "sad" and moods[1] != "happy" and moods[2] != "tired"


def test_predictions_expose_scores_that_sum_to_one(model):
    for prediction in model.predict(["I'm exhausted but so happy we won", "I love you"]):
        assert isinstance(prediction, MoodPrediction)
        assert set(prediction.scores) == set(MOODS)
        assert sum(prediction.scores.values()) == pytest.approx(1.0, abs=1e-3)
        assert prediction.confidence == prediction.scores[prediction.mood] == max(prediction.scores.values())
        assert prediction.emoji == MOOD_EMOJI[prediction.mood]
    mixed = model.predict(["I'm exhausted but so happy we won"])[0]
    assert mixed.mood == "happy" and mixed.scores["tired"] > 0


def test_precomputed_embeddings_give_the_same_moods(model):
    texts = [text for text, _ in JOURNAL_SENTENCES] + ["", "I'm not okay"]
    vectors = embed(texts)
    assert model.predict(texts, vectors) == model.predict(texts)
    assert predict_mood(texts[0], vectors[0]) == model.predict(texts[:1])[0]
    with pytest.raises(ValueError):
        model.predict(texts, vectors[:2])


def test_model_steps_are_swappable_the_scikit_learn_way(model):
    params = model.get_params()
    assert {"embedder", "keyword_features", "classifier", "keyword_blend", "negated_mood_factor"} <= set(
        params
    )
    texts = [text for text, _ in JOURNAL_SENTENCES] * 2
    moods = [mood if mood != "tired" else "neutral" for _, mood in JOURNAL_SENTENCES] * 2
    swapped = MoodModel(keyword_features=None).set_params(
        classifier=LogisticRegression(C=10.0), keyword_blend=0.5
    )
    swapped.fit(texts, moods, embed(texts))
    assert swapped.predict(["I miss my grandmother so much"])[0].mood == "sad"


def test_artifact_is_small_and_loads_without_pickle():
    assert MODEL_PATH.stat().st_size < 1_000_000  # the brief: under 1 MB (with the lexical voice)
    with np.load(MODEL_PATH, allow_pickle=False) as data:
        settings = json.loads(str(data["settings"]))
        step = settings["keyword_features"] or {}
        blocks = [step.get("weight"), step.get("sentence_weight"), step.get("last_weight")]
        keyword_columns = 6 * sum(1 for weight in blocks if weight)
        prototype_columns = 42 if settings.get("prototype_weight") else 0  # the prototype similarities
        assert data["coef"].shape[1] == EMBEDDING_DIM + keyword_columns + prototype_columns
        if prototype_columns:
            assert data["prototype_vectors"].shape == (len(data["prototype_sentences"]), EMBEDDING_DIM)
        if settings.get("lexical_weight"):
            assert data["lexical_coef"].shape == (len(data["lexical_classes"]), len(data["lexical_terms"]))
            assert len(data["lexical_idf"]) == len(data["lexical_terms"])
    assert MoodModel.load(MODEL_PATH).predict(["so glad"])[0].mood == "happy"


def test_the_goemotions_sample_reads_as_recorded(model, recorded):
    """Reddit comments from GoEmotions' test split, never trained on: the issue asks 0.55 macro-F1."""
    measured, expected = goemotions_sample(model), recorded["train"]["goemotions_sample"]
    assert measured["rows"] == expected["rows"] == 332
    assert measured["macro_f1"] >= expected["macro_f1"] - TOLERANCE and expected["macro_f1"] >= 0.55
    assert measured["accuracy"] >= expected["accuracy"] - TOLERANCE


# -- embeddings ---------------------------------------------------------------------------------


def test_embed_returns_normalised_float32_vectors():
    vectors = embed(["I slept well.", "A long walk by the sea.", ""])
    assert vectors.shape == (3, EMBEDDING_DIM) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert embed([]).shape == (0, EMBEDDING_DIM)
    with pytest.raises(TypeError):
        embed("one string")


def test_identical_texts_give_identical_vectors():
    texts = ["Coffee with Sam.", "A quiet evening.", "Coffee with Sam."]
    vectors = embed(texts)
    assert np.array_equal(vectors[0], vectors[2])
    assert np.array_equal(embed(["Coffee with Sam."])[0], embed(["Coffee with Sam."])[0])
    assert np.allclose(vectors[0], embed(["Coffee with Sam."])[0], atol=1e-6)


def test_the_model_is_loaded_once_across_threads():
    barrier = threading.Barrier(4)

    def load():
        barrier.wait()
        return get_model()

    with ThreadPoolExecutor(4) as pool:
        models = list(pool.map(lambda _: load(), range(4)))
    assert all(m is models[0] for m in models)


def test_sentence_embedder_is_a_scikit_learn_step():
    embedder = SentenceEmbedder()
    assert embedder.get_params() == {"batch_size": 64}
    assert embedder.set_params(batch_size=8).batch_size == 8
    texts = ["one entry", "another entry"]
    assert np.allclose(embedder.fit_transform(texts), embed(texts), atol=1e-6)


@pytest.mark.parametrize("text", ["Ok.", "Fine.", "Not bad today.", "Went to the store, bought milk, came home."])
def test_a_short_entry_without_a_feeling_word_is_neutral_unless_the_reading_is_clear(model, text):
    # No corpus entry is under seven words; "Ok." had been read as Angry, "Fine." too.
    assert model.short_min_confidence is not None
    assert predict_mood(text).mood == "neutral"


def test_a_rough_night_barely_slept_is_tired_but_worry_that_kept_one_awake_is_not_decided_by_it(model):
    assert predict_mood("Rough night, barely slept. Work was heavy.").mood == "tired"
    assert keyword_scores("I barely slept for worrying about the interview.")["tired"] < 1.0  # does not decide alone


def test_the_short_entry_setting_round_trips_through_the_artifact(tmp_path, model):
    path = model.save(tmp_path / "m.npz")
    assert MoodModel.load(path).short_min_confidence == model.short_min_confidence


def test_a_short_understated_heavy_entry_keeps_its_heavy_reading():
    # The short-entry rule never turns a heavy reading Neutral: the issue says a heavy entry is
    # never shown as Neutral or Happy.
    text = "I'm fine, I keep telling everyone. I'm not. I haven't opened the curtains since Sunday."
    assert predict_mood(text).mood in ("sad", "anxious")  # heavy (pipelines/lab/mood_readings.py says why not only Sad)
