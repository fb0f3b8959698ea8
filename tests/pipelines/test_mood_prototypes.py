"""The mood model's prototype layer: the entry's and its sentences' similarities to the mood
prototypes (pipelines/mood/prototypes.py), off in the shipped model, kept for the lab to try."""

from __future__ import annotations

import json
from contextlib import contextmanager

import numpy as np
import pytest

from pipelines import embeddings as embeddings_module
from pipelines.embeddings import embed, embedded_together
from pipelines.mood import (
    MOOD_PROTOTYPES,
    MOODS,
    MoodModel,
    mood_sentences,
    prototype_features,
    prototype_table,
)
from pipelines.mood.prototypes import PROTOTYPE_COLUMNS, sentence_vectors_for

ENTRIES = [
    ("Got the promotion today. I'm over the moon, we celebrated with cake.", "happy"),
    ("The house is so quiet without her. I keep setting two cups out.", "sad"),
    ("They cancelled my shift again without asking. I am livid.", "angry"),
    ("Interview tomorrow. I can't eat, I keep running through the questions.", "anxious"),
    ("Watched my daughter sleep for ages tonight. She is everything to me.", "loving"),
    ("Double shift then the school run. I could sleep standing up.", "tired"),
    ("Dentist at nine, then the bank. Paid the gas bill.", "neutral"),
]


@contextmanager
def counting_model_calls():
    """The texts sent to the embedding model while the block runs, one list per call."""
    calls: list[list[str]] = []
    original = embeddings_module.get_model

    class Counting:
        def __init__(self, inner):
            self.inner = inner

        def encode(self, batch, *args, **kwargs):
            calls.append(list(batch))
            return self.inner.encode(batch, *args, **kwargs)

    embeddings_module.get_model = lambda: Counting(original())
    try:
        yield calls
    finally:
        embeddings_module.get_model = original


@pytest.fixture(scope="module")
def fitted() -> tuple[MoodModel, list[str], np.ndarray]:
    texts = [text for text, _ in ENTRIES] * 2
    moods = [mood for _, mood in ENTRIES] * 2
    vectors = embed(texts)
    model = MoodModel(keyword_features=None, keyword_blend=0.2, prototype_weight=0.1).fit(texts, moods, vectors)
    return model, texts, vectors


def test_the_prototypes_cover_every_mood_and_give_42_columns():
    sentences, moods = prototype_table()
    assert set(moods) == set(MOODS) and len(sentences) == sum(len(v) for v in MOOD_PROTOTYPES.values())
    vectors = embed(sentences)
    entry = embed(["I'm so tired I can barely keep my eyes open. Bed now."])
    raw = prototype_features(entry, [embed(mood_sentences("I'm so tired I can barely keep my eyes open. Bed now."))],
                             vectors, moods)
    assert raw.shape == (1, PROTOTYPE_COLUMNS) == (1, 42)
    # the entry's closest mood by its largest similarity is tired
    assert MOODS[int(np.argmax(raw[0, :7]))] == "tired"
    # a text without sentences counts as its one sentence: the sentence blocks equal the entry's
    alone = prototype_features(entry, [np.zeros((0, entry.shape[1]), np.float32)], vectors, moods)
    assert np.allclose(alone[0, 14:28], alone[0, :14]) and np.allclose(alone[0, 28:], alone[0, :14])
    with pytest.raises(ValueError):
        prototype_features(entry, [], vectors, moods)


def test_sentence_vectors_given_or_embedded_give_the_same_moods(fitted):
    model, texts, vectors = fitted
    given = [embed(mood_sentences(text)) for text in texts]
    assert model.predict(texts, vectors, given) == model.predict(texts, vectors) == model.predict(texts)


def test_a_one_sentence_entry_reuses_its_own_vector():
    text = "Quiet day."
    vector = embed([text])
    with counting_model_calls() as calls:
        out = sentence_vectors_for([mood_sentences(text)], [text], vector)
    assert mood_sentences(text) == [text] and calls == []
    assert np.array_equal(out[0], vector)


def test_sentences_made_ahead_are_not_embedded_again(fitted):
    model, texts, vectors = fitted
    ahead = [s for text in texts for s in mood_sentences(text)]
    with embedded_together(ahead), counting_model_calls() as calls:
        inside = model.predict(texts, vectors)
    assert calls == []  # every sentence came from the batch made ahead
    assert inside == model.predict(texts, vectors)


def test_the_artifact_ships_the_prototypes_and_loads_without_pickle(fitted, tmp_path):
    model, texts, vectors = fitted
    path = model.save(tmp_path / "mood.npz")
    with np.load(path, allow_pickle=False) as data:
        assert list(data["prototype_sentences"]) == prototype_table()[0]
        assert data["prototype_vectors"].shape == (len(prototype_table()[0]), vectors.shape[1])
        assert data["coef"].shape[1] == vectors.shape[1] + PROTOTYPE_COLUMNS
        assert json.loads(str(data["settings"]))["prototype_weight"] == 0.1
    loaded = MoodModel.load(path)
    assert loaded.prototype_weight == 0.1
    assert loaded.predict(texts, vectors) == model.predict(texts, vectors)


def test_without_vectors_the_text_and_its_sentences_go_through_the_model_once(fitted):
    model, texts, vectors = fitted
    with counting_model_calls() as calls:
        alone = model.predict(texts[:3])
    assert len(calls) == 1
    assert alone == model.predict(texts[:3], vectors[:3])


def test_the_analysis_embeds_the_sentences_once_for_the_mood_and_the_summary(fitted, monkeypatch):
    from datetime import date

    from pipelines.mood import model as mood_model
    from pipelines.providers.base import AnalysisContext
    from pipelines.providers.local_provider import LocalProvider
    from pipelines.summaries import summarize

    model, _, _ = fitted
    monkeypatch.setattr(mood_model, "_default_model", model)
    text = ("Long day at the depot. The van broke down twice and I missed lunch. Mum rang about the "
            "weekend and I snapped at her, which I regret. Then the rota came out and I'm on nights "
            "again. Honestly I'm shattered and a bit low. Bed early tonight, I hope.")
    vector = embed([text])[0]
    context = AnalysisContext(today=date(2026, 3, 1), existing_goals=[], existing_projects=[])
    with counting_model_calls() as calls:
        analysis = LocalProvider().analyze_entry(text, want_summary=True, context=context, embedding=vector)
    from pipelines.highlights import embedding_texts

    # one call for the sentences (the mood's and the summary's) and the clauses the highlight
    # detector reads, each text once ("I missed lunch." is a clause of a sentence, embedded too)
    [made] = calls
    assert set(made) == set(mood_sentences(text)) | set(embedding_texts(text))
    assert len(made) == len(set(made))
    assert analysis.summary == summarize(text)
    assert analysis.mood.mood == model.predict([text], vector[None, :])[0].mood
