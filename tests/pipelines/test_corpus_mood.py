"""The mood model: the issue's hard cases read right (explicit feelings, sarcasm, thanks inside
worry, tiredness, heavy entries, love in a sad week), the lab's record says how the shipped model
was chosen (leave one author out on dev, GoEmotions' validation quarter, every required reading),
and the model's layers behave as documented."""

from __future__ import annotations

import json

import pytest

from pipelines.corpus import load_split
from pipelines.embeddings import embed
from pipelines.lab.mood import GOEMOTIONS_FLOOR, METRICS_PATH, choose
from pipelines.lab.mood_readings import (
    ISSUE_CASES,
    KNOWN_MISREADINGS,
    LOVE_AND_LOSS,
    OTHER_WORDS,
    REQUIRED_READINGS,
    misreadings,
)
from pipelines.mood import get_mood_model, predict_mood


@pytest.mark.parametrize(("text", "mood"), ISSUE_CASES + LOVE_AND_LOSS)
def test_the_issues_hard_cases_and_love_in_a_sad_week(text, mood):
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


def test_the_shipped_model_reads_every_required_reading_and_still_misreads_the_known_limit():
    assert misreadings(get_mood_model()) == []
    texts = [text for text, _ in KNOWN_MISREADINGS]
    assert [p.mood for p in get_mood_model().predict(texts)] != [mood for _, mood in KNOWN_MISREADINGS]


def test_the_record_says_how_the_shipped_model_was_chosen():
    record = json.loads(METRICS_PATH.read_text(encoding="utf-8"))["train"]
    dev = load_split("dev")
    assert record["data"]["dev_entries"] == len(dev)
    chosen = record["chosen"]
    assert chosen == choose(record["grid"])
    assert not chosen["misread"] and chosen["goemotions_validation"]["macro_f1"] >= GOEMOTIONS_FLOOR
    assert record["required_readings"] == len(REQUIRED_READINGS)
    assert get_mood_model().metadata_["chosen"] == chosen["settings"]
    # the GoEmotions sample (test rows never trained on) reads as recorded, and above the issue's 0.55
    assert record["goemotions_sample"]["macro_f1"] >= 0.55


def test_choose_takes_the_most_accurate_point_that_reads_everything_and_carries_to_goemotions():
    def point(weight, accuracy, goemotions, misread=()):
        return {"settings": {"goemotions_weight": weight}, "cv": {"accuracy": accuracy},
                "goemotions_validation": {"macro_f1": goemotions}, "misread": list(misread)}

    best_journal = point(0.0, 0.80, 0.40)
    misreads = point(0.1, 0.79, 0.56, [{"text": "Ok."}])
    carries = point(0.2, 0.77, 0.55)
    also = point(0.3, 0.77, 0.60)
    assert choose([best_journal, misreads, carries, also]) is carries  # ties: the smaller weight
    assert choose([best_journal]) is best_journal  # nothing eligible: the best that reads everything


def test_sentence_features_read_how_much_of_the_entry_a_feeling_holds_and_how_it_ends():
    import numpy as np

    from pipelines.mood import KEYWORD_MOODS, KeywordFeatures
    from pipelines.mood.sentences import sentence_evidence, sentences_of
    from pipelines.mood.vocabulary import keyword_evidence

    text = "I was so sad this morning. Did the shopping.\nPaid the bills. Shattered now."
    assert len(sentences_of(text)) == 4
    share, last = sentence_evidence([text])
    assert share[0, KEYWORD_MOODS.index("sad")] == pytest.approx(0.25)  # one sentence in four
    assert last[0, KEYWORD_MOODS.index("tired")] > 0 and last[0, KEYWORD_MOODS.index("sad")] == 0
    evidence = keyword_evidence([text])
    assert KeywordFeatures(weight=1.0).from_evidence(evidence, [text]).shape == (1, 6)
    both = KeywordFeatures(weight=0.0, sentence_weight=1.0, last_weight=0.5)
    features = both.from_evidence(evidence, [text])
    assert features.shape == (1, 12) and len(both.get_feature_names_out()) == 12
    assert np.allclose(both.transform([text]), features)


def test_the_neutral_prior_makes_neutral_win_by_more():
    import numpy as np

    from pipelines.mood import MOODS, MoodModel
    from pipelines.mood.vocabulary import keyword_evidence

    text = "Drove to the coast and back, then watched the news."
    scores = dict.fromkeys(MOODS, 0.05) | {"neutral": 0.4, "sad": 0.35}
    row = np.asarray([[scores[m] for m in MOODS]])
    evidence = keyword_evidence([text])
    assert evidence[:, :6].sum() == 0
    assert MoodModel().combine([text], row, evidence)[0].mood == "neutral"
    shown = MoodModel(neutral_prior=0.8).combine([text], row, evidence)[0]
    assert shown.mood == "sad" and sum(shown.scores.values()) == pytest.approx(1.0, abs=1e-3)


@pytest.mark.parametrize(
    ("text", "mood", "weight"),
    [
        ("They looked happy.", "happy", 0.5),
        ("She cried.", "sad", 0.5),
        ("He fell asleep on the sofa.", "tired", 0.5),
        ("She made me cry.", "sad", 1.0),  # the writer's own
        ("I fell asleep on the sofa.", "tired", 1.0),
        # the AI tour: worry and anger are states another person can be in too
        ("She admitted she's been overwhelmed for months.", "anxious", 0.5),
        ("He was furious.", "angry", 0.5),
        ("I was furious.", "angry", 1.0),
    ],
)
def test_another_persons_feeling_weighs_less_than_the_writers(text, mood, weight):
    from pipelines.mood import keyword_scores

    assert keyword_scores(text)[mood] == pytest.approx(weight)


def test_a_good_night_is_rest_not_tiredness():
    """"Finally slept 8 hours! Feel like a person again." had read as tired evidence ("slept")."""
    from pipelines.mood import keyword_scores

    rested = keyword_scores("Finally slept 8 hours! Feel like a person again.")
    assert rested["tired"] == 0 and rested["happy"] > 1
    assert keyword_scores("I slept well for once.")["tired"] == 0
    assert keyword_scores("Barely slept, up at 3am again.")["tired"] > 0


def test_another_persons_overwhelm_does_not_make_a_warm_evening_anxious():
    """The tour's 11/14 entry: the classifier reads it loving; 'she's been overwhelmed' is the
    sister's state and no longer pulls it to anxious."""
    from pipelines.mood import predict_mood

    text = ("At Mum's. Hannah and I cooked dinner together and actually talked properly, about Dad, about "
            "everything. She admitted she's been overwhelmed for months. I promised to come up every other "
            "weekend until Mum is walking again. Best conversation we've had in years.")
    assert predict_mood(text).mood in {"happy", "loving"}


def test_heavy_share_shows_a_heavy_mood_instead_of_neutral_unless_nothing_stands_out():
    import numpy as np

    from pipelines.mood import MOODS, MoodModel
    from pipelines.mood.vocabulary import keyword_evidence

    text = "Drove past the old house again today."
    scores = dict.fromkeys(MOODS, 0.0) | {"neutral": 0.34, "sad": 0.33, "anxious": 0.2, "happy": 0.13}
    row = np.asarray([[scores[m] for m in MOODS]])
    evidence = keyword_evidence([text])
    assert evidence[:, :6].sum() == 0  # no feeling word: the classifier's shares decide
    assert MoodModel(heavy_share=None).combine([text], row, evidence)[0].mood == "neutral"
    assert MoodModel(heavy_share=0.5).combine([text], row, evidence)[0].mood == "sad"
    # no mood above min_confidence and no feeling word: nothing stands out, Neutral stays
    diffuse = np.asarray([[0.16, 0.2, 0.2, 0.16, 0.08, 0.05, 0.15]])
    assert MoodModel(heavy_share=0.5, min_confidence=0.3).combine([text], diffuse, evidence)[0].mood == "neutral"
    assert MoodModel(heavy_share=0.5).combine([text], diffuse, evidence)[0].mood in ("sad", "angry")


@pytest.mark.parametrize(("text", "mood"), OTHER_WORDS)
def test_journal_prose_in_new_words(text, mood):
    assert predict_mood(text).mood in ((mood,) if isinstance(mood, str) else mood)


# -- the lexical voice ------------------------------------------------------------------------------


def test_the_lexical_voice_round_trips_through_the_artifact(tmp_path):
    import numpy as np

    from pipelines.mood import MOODS, MoodModel
    from pipelines.mood.lexical import LexicalVoice

    dev = load_split("dev")[:120]
    texts, moods = [e["text"] for e in dev], [e["mood"] for e in dev]
    vectors = embed(texts)
    model = MoodModel(keyword_features=None, lexical_weight=0.4, lexical_C=16.0, lexical_terms=15.0)
    model.fit(texts, moods, vectors)
    assert isinstance(model.lexical_, LexicalVoice)
    scores, share = model.lexical_scores(texts)
    assert scores.shape == (len(texts), len(MOODS)) and np.allclose(scores.sum(axis=1), 1.0)
    assert set(np.unique(share)) <= {0.0, 0.4}
    loaded = MoodModel.load(model.save(tmp_path / "mood.npz"))
    assert loaded.lexical_weight == 0.4 and loaded.lexical_terms == 15.0
    before = [p.scores for p in model.predict(texts, vectors)]
    after = [p.scores for p in loaded.predict(texts, vectors)]
    assert all(a == pytest.approx(b, abs=1e-4) for a, b in zip(after, before, strict=True))
    # no lexical voice: the learned scores are the embedding classifier's
    plain = MoodModel(keyword_features=None).fit(texts, moods, vectors)
    assert plain.lexical_scores(texts) is None
    assert np.allclose(plain.learned_scores(texts, vectors), plain.classifier_scores(texts, vectors))


def test_a_text_with_few_of_the_lexical_voices_terms_is_read_without_it():
    import numpy as np

    from pipelines.mood.lexical import lexical_share
    from pipelines.mood.model import mix_voices

    share = lexical_share(0.4, np.asarray([3.0, 14.0, 15.0, 80.0]), 15.0)
    assert share.tolist() == [0.0, 0.0, 0.4, 0.4]
    assert lexical_share(0.4, np.asarray([3.0]), None).tolist() == [0.4]
    classifier, lexical = np.asarray([[0.8, 0.2], [0.8, 0.2]]), np.asarray([[0.0, 1.0], [0.0, 1.0]])
    assert np.allclose(mix_voices(classifier, lexical, np.asarray([0.0, 0.5])), [[0.8, 0.2], [0.4, 0.6]])
    model = get_mood_model()
    if model.lexical_weight:  # the committed model: a one-line errand day knows too few of its terms
        _, shares = model.lexical_scores(["Went to the store, bought milk, came home."])
        assert shares.tolist() == [0.0]
