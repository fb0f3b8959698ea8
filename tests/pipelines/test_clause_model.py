"""The fine-tuned clause model (pipelines/highlights/clause_model.py) and how the pipeline mixes it
with the linear detector."""

from __future__ import annotations

import numpy as np
import pytest

from pipelines.highlights.clause_model import CLAUSE_MODEL_PATH, ClauseModel, pair, pairs
from pipelines.highlights.pipeline import HighlightPipeline, default_pipeline
from pipelines.highlights.segment import ClauseSegmenter
from pipelines.highlights.steps import lexical_texts


def test_a_clause_is_read_with_its_header_and_the_clause_before_it_in_its_sentence():
    clauses = ClauseSegmenter().split("Long day at work, need to ring the vet about Bo. The garden looks nice.")
    read = pairs(clauses)
    assert len(read) == len(clauses) >= 3
    assert read[0][1] == ""  # nothing before the first clause
    ring = next(i for i, c in enumerate(clauses) if "vet" in c.text)
    assert read[ring] == (clauses[ring].text, clauses[ring - 1].text)
    garden = next(i for i, c in enumerate(clauses) if "garden" in c.text)
    assert pair(clauses, garden)[1] == ""  # a new sentence starts without the one before
    listed = ClauseSegmenter().split("To do this week:\n- ring the vet\n- pay the gas bill")
    item = next(c for c in listed if "gas" in c.text)
    assert item.header and pair(listed, listed.index(item))[1].startswith(f"{item.header} | ")


@pytest.fixture(scope="module")
def shipped():
    assert CLAUSE_MODEL_PATH.exists(), "the clause model ships with the repository"
    return ClauseModel()


def test_the_shipped_model_reads_what_a_clause_means(shipped):
    p = shipped([("need to ring the vet on tuesday about Bo's ear", ""),
                 ("still gotta email his counselor back", "she sent me something monday"),
                 ("we had a lovely walk along the beach", ""),
                 ("the film was ok, bit long", "")])
    assert p.shape == (4,) and ((p >= 0) & (p <= 1)).all()
    assert min(p[0], p[1]) > max(p[2], p[3])
    assert shipped([]).shape == (0,)


def test_the_shipped_pipeline_mixes_the_clause_model_and_finds_a_task_said_in_slang():
    pipeline = default_pipeline()
    assert 0 < pipeline.clause_mix <= 1 and isinstance(pipeline.clause_model, ClauseModel)
    (found,) = pipeline.predict(["ugh still gotta email jalen's counselor back, she sent me something monday"])
    assert any("counselor" in h.reformulation.lower() for h in found)


class Constant:
    """A clause model that gives every clause the same probability: the mixing's arithmetic."""

    def __init__(self, value: float) -> None:
        self.value = value
        self.read: list[tuple[str, str]] = []

    def __call__(self, batch):
        self.read += list(batch)
        return np.full(len(batch), self.value)


def test_the_mix_weighs_the_clause_model_only_on_clauses_the_word_screen_passes():
    pipeline = HighlightPipeline.load()
    text = "Need to ring the vet on Tuesday. The sky was grey."
    clauses = pipeline.segmenter.split(text)
    lexical = lexical_texts(clauses)
    screen = pipeline.detector.screen(lexical)
    p = np.full(len(clauses), 0.2)
    assert screen.min() < screen.max()
    midway = float(screen.min() + screen.max()) / 2
    pipeline.clause_model, pipeline.clause_mix, pipeline.clause_screen = Constant(1.0), 0.5, midway
    mixed = pipeline.mix_clause_model(p, lexical, pairs(clauses))
    passed = screen >= midway
    assert passed.any() and (~passed).any()
    assert np.allclose(mixed[passed], 0.6) and np.allclose(mixed[~passed], 0.2)
    assert len(pipeline.clause_model.read) == int(passed.sum())


def test_without_a_mix_the_clause_model_is_never_read():
    pipeline = HighlightPipeline.load()
    model = Constant(1.0)
    pipeline.clause_model, pipeline.clause_mix = model, 0.0
    pipeline.predict(["Need to ring the vet on Tuesday."])
    assert model.read == []
