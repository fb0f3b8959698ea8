"""The mood model on the journal corpus' test split: the recorded figures hold, and the issue's
hard cases read right (explicit feelings, sarcasm, thanks inside worry, tiredness, heavy entries)."""

from __future__ import annotations

import json

import pytest

from pipelines.corpus import load_split
from pipelines.embeddings import embed
from pipelines.mood import METRICS_PATH, evaluate_corpus, get_mood_model, predict_mood
from pipelines.mood.required import ISSUE_CASES, OTHER_WORDS

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


@pytest.mark.parametrize(("text", "mood"), ISSUE_CASES)
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


# -- readings any shipped model must give (pipelines/mood/required.py) -----------------------------


def test_the_shipped_model_reads_every_required_reading_and_the_record_says_what_was_passed_over():
    from pipelines.mood.required import REQUIRED_READINGS, misreadings

    assert misreadings(get_mood_model()) == []
    record = json.loads(METRICS_PATH.read_text(encoding="utf-8"))["train"]["required_readings"]
    assert record["count"] == len(REQUIRED_READINGS)
    best = json.loads(METRICS_PATH.read_text(encoding="utf-8"))["train"]["best"]
    for point in record["passed_over"]:  # before it in the selection's order, but misread a requirement
        # better scored on dev, or (round 10) within the noise of the best: there the simpler first
        assert point["misread"] and (point["cv_score"] >= best["cv_score"] or point["within_noise"])
        assert all(m["read"] != m["mood"] for m in point["misread"])
    close = [p["layers"] for p in sorted(record["passed_over"], key=lambda p: p["rank"]) if p["within_noise"]]
    assert close == sorted(close)  # within the noise, fewer hand-set layers were tried first


# -- issue 16's mood round: carrying over to writers the model has not seen -----------------------


def test_the_record_keeps_each_authors_test_figures_and_the_held_out_authors_improved(figures):
    recorded = json.loads(METRICS_PATH.read_text(encoding="utf-8"))
    parts = recorded["test"]["by_author"]
    assert set(parts["held_out_voices"]) == {"grace", "walter", "zara", "amara", "siobhan", "tamsin", "clive", "kit",
                                             "ifeoma", "dougie", "rhiannon", "lupe", "gabriel", "colleen", "corazon",
                                             "delroy", "eileen", "dakota", "gloria", "faisal"}
    first, held, fresh = parts["first_author"]["model"], parts["held_out"]["model"], parts["seventh_author"]["model"]
    newest, third_fresh = parts["fourteenth_author"]["model"], parts["eighteenth_author"]["model"]
    fourth_fresh = parts["twenty-first_author"]["model"]
    assert (first["rows"] + held["rows"] + fresh["rows"] + newest["rows"] + third_fresh["rows"] + fourth_fresh["rows"]
            == recorded["test"]["rows"] == figures["model"]["rows"])
    # the second author's voices: the round-2 model read 0.700 / 0.700 with 18 of 68 heavy entries
    # shown as Neutral or Happy (pipelines/README.md)
    assert held["accuracy"] > 0.70 and held["macro_f1"] > 0.70
    assert held["heavy_shown_light"] < 18
    # the seventh author (a fresh held-out author, never read): the session-start model read 0.681
    assert fresh["rows"] == 160 and fresh["accuracy"] > 0.70
    # the fourteenth author (a second fresh held-out author, never read): first read 0.625, with 14
    # heavy entries shown as Neutral or Happy (pipelines/README.md, round 9)
    assert newest["rows"] == 160 and newest["accuracy"] >= 0.60
    # the eighteenth author (a third fresh held-out author, never read): the round-9 model read 0.819
    # with 1 heavy entry shown as Neutral or Happy (pipelines/README.md, round 10)
    assert third_fresh["rows"] == 160 and third_fresh["accuracy"] >= 0.78
    # the twenty-first author (a fourth fresh held-out author, never read): the session-start model
    # read 0.806, the round-13 model 0.819 with 1 heavy entry shown light (pipelines/README.md, round 13)
    assert fourth_fresh["rows"] == 160 and fourth_fresh["accuracy"] >= 0.80
    # tuned by leaving one author out at a time, on a dev split with seventeen authors' voices; the
    # fourth author's voices were measured once before they were trained on
    train = recorded["train"]
    assert train["cv"].startswith("leave one author out")
    assert {"keith", "miriam", "hugh", "edna", "imogen", "jago", "marisol", "benji", "noor"} <= set(train["dev_voices"])
    assert set(train["dev_authors"]) == {"first", "nadia", "third", "fourth", "fifth", "sixth", "eighth", "ninth",
                                         "tenth", "eleventh", "twelfth", "thirteenth", "fifteenth", "sixteenth",
                                         "seventeenth", "nineteenth", "twentieth"}
    assert not set(train["dev_voices"]) & set(parts["held_out_voices"])
    looked = {look["voice"] for look in recorded["first_look"]["voices"]}
    assert "bryn" in looked and looked <= set(train["dev_authors"]["fourth"])


def test_the_held_out_voices_are_read_from_the_source_headers():
    from pipelines.corpus import held_out_voices

    held = held_out_voices()
    assert held == {e["voice"] for e in load_split("test")} - {e["voice"] for e in load_split("dev")}


def test_tuning_leaves_one_author_out_at_a_time():
    import numpy as np

    from pipelines.mood.training import CorpusGrid, author_of, tune_on_corpus

    dev = load_split("dev")
    rows = [e for e in dev if e["voice"] in ("keith", "miriam", "nadia")]
    texts = [e["text"] for e in rows]
    groups = [author_of(e["voice"]) for e in rows]
    assert set(groups) == {"third", "nadia"}  # keith and miriam are one author: one fold, not two
    grid = CorpusGrid(C=(1.0,), class_weight_power=(0.0,), keyword_weight=(0.0,), sentence_weight=(0.0, 1.0),
                      last_weight=(0.0,), keyword_blend=(0.3,), heavy_share=(None,), neutral_prior=(1.0, 0.8),
                      lexical_weight=(0.0,), short_min_confidence=(None,),
                      min_confidence=(0.3,), contrast_blend=(0.5,))
    best, results = tune_on_corpus(texts, [e["mood"] for e in rows], embed(texts), grid, groups=groups)
    assert len(results) == 4 and best in results
    assert all(0 <= r["cv_accuracy"] <= 1 and r["cv_heavy_shown_light"] >= 0 for r in results)
    assert all(set(r["cv_accuracy_by_group"]) == {"third", "nadia"} for r in results)
    assert all(set(r["cv_score_by_group"]) == {"third", "nadia"} for r in results)
    assert np.isfinite(best["cv_accuracy_std"])


def test_every_dev_voice_has_its_author():
    """Model selection leaves one author out: a dev voice whose author is not written down would
    be a fold of its own, and its author's other voices would train the model that is measured
    on it."""
    from pipelines.mood.training import AUTHORS, author_of

    voices = {e["voice"] for e in load_split("dev")}
    assert voices <= set(AUTHORS)
    assert {author_of(v) for v in ("maya", "dev", "ruth", "sam", "tomas", "priya", "jonah")} == {"first"}
    assert {author_of(v) for v in ("keith", "miriam", "hugh", "edna")} == {"third"}
    assert author_of("bryn") == "fourth"
    assert {author_of(v) for v in ("imogen", "reece", "frances", "anjali")} == {"fifth"}
    assert {author_of(v) for v in ("declan", "jaxon", "philippa", "jago")} == {"sixth"}
    assert {author_of(v) for v in ("funmi", "gwyn", "elif", "bernadette")} == {"tenth"}


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
        # round 12 (the AI tour): worry and anger are states another person can be in too
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


# -- round 4: the lexical voice ---------------------------------------------------------------------


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


def test_the_committed_model_was_chosen_with_the_lexical_voice_in_the_grid():
    recorded = json.loads(METRICS_PATH.read_text(encoding="utf-8"))
    train = recorded["train"]
    assert 0.0 in train["grid"]["lexical_weight"] and len(train["grid"]["lexical_weight"]) > 1
    best, round_3 = train["best"], train["round_3_settings"]
    # round 4 ships only if it beats round 3's settings by >= 0.01 leaving one author out, with no
    # more heavy dev entries shown as Neutral or Happy (the brief's rule)
    if best["lexical_weight"]:
        assert best["cv_accuracy"] >= round_3["cv_accuracy"] + 0.01
        assert best["cv_heavy_shown_light"] <= round_3["cv_heavy_shown_light"]


def _point(score_by_group, **settings):
    base = {"C": 2.0, "class_weight_power": 0.0, "keyword_weight": 0.0, "sentence_weight": 0.0, "last_weight": 0.0,
            "prototype_weight": 0.0, "keyword_blend": 0.0, "negated_mood_factor": 0.0, "heavy_floor": None,
            "min_confidence": None, "short_min_confidence": None, "heavy_min_confidence": None,
            "contrast_blend": None, "heavy_share": None, "neutral_prior": 1.0, "lexical_weight": 0.7,
            "lexical_C": 64.0, "lexical_terms": 15.0, "cv_heavy_shown_light": 0, "cv_macro_f1": 0.5}
    score = sum(score_by_group.values()) / len(score_by_group)
    return {**base, **settings, "cv_score": round(score, 4), "cv_accuracy": round(score, 4),
            "cv_score_by_group": score_by_group}


def test_selection_takes_the_simplest_point_the_held_out_authors_cannot_tell_from_the_best():
    """Round 10: within one standard error of the best (per-author paired differences) the point with
    the fewest hand-set layers wins; a simpler point clearly worse on every author does not."""
    from pipelines.mood.selection import layers, within_noise

    best = _point({"a": 0.80, "b": 0.70, "c": 0.75, "d": 0.65}, keyword_blend=0.2, contrast_blend=0.5,
                  min_confidence=0.3, heavy_share=0.45)
    # one point lower on average, but better on one author and worse on others: noise
    plain = _point({"a": 0.83, "b": 0.66, "c": 0.74, "d": 0.63})
    # simpler still than `best`, but worse on every author by four points: not noise
    worse = _point({"a": 0.76, "b": 0.66, "c": 0.71, "d": 0.61}, lexical_weight=1.0)
    order, summary = within_noise([worse, best, plain])
    assert layers(best) == 4 and layers(plain) == 0
    assert order[0] is plain and order[1] is best and order[2] is worse
    assert summary["within_noise"] == 2 and summary["best_by_score"] is best
    # on its own, the better-scored point leads
    assert within_noise([worse, best])[0][0] is best
