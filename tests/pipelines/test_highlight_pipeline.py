"""`HighlightPipeline`: its structure (steps passed in, fit/predict on plain lists, one versioned
artifact), and the shipped pipeline's behaviour on what it must get right: implied tasks and
projects found, no due date without a stated time, a pronoun named only when one person fits."""

from __future__ import annotations

import hashlib
import json
from datetime import date

import msgspec
import numpy as np
import pytest

from pipelines.highlights import Highlight, HighlightPipeline, default_pipeline, extract_highlights
from pipelines.highlights.pipeline import ARTIFACT_PATH, FORMAT_VERSION, align
from pipelines.highlights.segment import ClauseSegmenter
from pipelines.highlights.wording import DueDateResolver, PronounResolver, Reformulator, named_people

TUESDAY = date(2025, 9, 16)


def fake_embed(texts):
    """A stand-in for the embedding model in the structure tests: a fixed vector per text."""
    rows = [np.frombuffer(hashlib.sha256(t.encode()).digest() * 12, dtype=np.uint8)[:384] for t in texts]
    return np.asarray(rows, dtype=np.float32).reshape(len(texts), 384) / 255.0


TEXTS = [
    "Need to ring the vet Tuesday. Rain all day.",
    "Bo was sick on the floor. I cleaned it up.",
    "Gotta pay the gas bill by Friday. Long day.",
    "Quiet day. Read the paper.",
    "I should email Jo about the rota. Tired.",
    "Started building a shed in the garden this weekend.",
] * 4
LABELS = [
    [{"type": "task", "text": "Ring the vet"}],
    [],
    [{"type": "task", "text": "Pay the gas bill"}],
    [],
    [{"type": "task", "text": "Email Jo about the rota"}],
    [{"type": "project", "text": "Build a shed in the garden"}],
] * 4


@pytest.fixture(scope="module")
def small() -> HighlightPipeline:
    return HighlightPipeline(embed=fake_embed, segmenter=ClauseSegmenter(min_verb_count=1),
                             reformulator=Reformulator(min_verb_count=1)).fit(TEXTS, LABELS)


def test_fit_and_predict_take_plain_lists(small):
    found = small.predict(["Need to ring the vet Tuesday.", "Quiet day. Read the paper."], [TUESDAY, TUESDAY])
    assert len(found) == 2 and found[1] == []
    [task] = found[0]
    assert (task.type, task.reformulation, task.metadata.due_date) == ("task", "Ring the vet", "2025-09-16")
    assert small.info["labels"] == sum(len(labels) for labels in LABELS)


def test_every_step_is_a_parameter_and_can_be_swapped(small):
    params = small.get_params()
    for step in HighlightPipeline.STEPS:
        assert step in params
    assert params["detector__threshold"] == small.detector.threshold
    small.set_params(detector__threshold=0.99)
    assert small.detector.threshold == 0.99
    small.set_params(detector__threshold=0.5)

    class NoDates:
        def get_params(self):
            return {}

        def __call__(self, clause, today):
            return None

    swapped = HighlightPipeline(embed=fake_embed, dater=NoDates()).fit(TEXTS, LABELS)
    for highlights in swapped.predict(TEXTS[:3], [TUESDAY] * 3):
        assert all(h.metadata.due_date is None for h in highlights)
    with pytest.raises(ValueError, match="no parameter"):
        small.set_params(nonsense=1)


def test_the_artifact_round_trips_and_says_its_version(small, tmp_path):
    path = small.save(tmp_path / "p.npz", about={"note": "test"})
    loaded = HighlightPipeline.load(path)
    loaded.embed = fake_embed
    texts = TEXTS[:6]
    assert loaded.predict(texts, [TUESDAY] * 6) == small.predict(texts, [TUESDAY] * 6)
    assert loaded.get_params(deep=True)["detector__C"] == small.detector.C
    assert loaded.info["about"] == {"note": "test"}
    with np.load(path, allow_pickle=False) as data:
        header = json.loads(str(data["__header__"]))
        assert not any(data[key].dtype == object for key in data.files)
    assert header["format"] == FORMAT_VERSION
    header["format"] = FORMAT_VERSION + 1
    arrays = dict(np.load(path, allow_pickle=False))
    arrays["__header__"] = np.asarray(json.dumps(header))
    np.savez(tmp_path / "future.npz", **arrays)
    with pytest.raises(ValueError, match="artifact format"):
        HighlightPipeline.load(tmp_path / "future.npz")


def test_a_label_goes_to_the_clause_it_was_written_for():
    clauses = ClauseSegmenter(verbs=("ring",)).split("Long day. Need to ring the vet; the boiler is broken.")
    assert [c.text for c in clauses] == ["Long day.", "Need to ring the vet", "the boiler is broken."]
    assert align(clauses, [{"type": "task", "text": "Get the boiler fixed"}, {"type": "task", "text": "Ring the vet"}]) \
        == [-1, 1, 0]


def test_segmenter_lists_headers_and_done_items():
    clauses = ClauseSegmenter(verbs=("pay", "email")).split(
        "To do:\n- pay the feed bill\n- [x] ring the bank\n- email Jo ✓\nBefore Friday: pay the tax, email Jo\nSunny.")
    assert [(c.text, c.header, c.list_item) for c in clauses] == [
        ("pay the feed bill", "To do", True), ("pay the tax", "Before Friday", True),
        ("email Jo", "Before Friday", True), ("Sunny.", "", False)]


def test_reformulation_is_an_instruction_in_the_second_person():
    words = Reformulator(verbs=("ring", "book", "take"))
    assert words("ok so I really need to ring my sister tomorrow because she's upset", "task", True) == "Ring your sister"
    assert words("Booking the hall for the party (deposit paid)", "task", False) == "Book the hall for the party"
    assert words("I'm taking her to get new shoes", "task", False) == "Take her to get new shoes"
    assert words("gotta", "task", False) == "Gotta"  # nothing would be left: kept
    # "I" and its forms lose their capital inside a sentence, and "I am" reads "you are".
    assert words("Need to get the mirror looked at when I'm back at the yard", "task", False) == (
        "Get the mirror looked at when you're back at the yard")
    assert words("Ringing the council, I am not paying for it", "task", False) == (
        "Ring the council, you are not paying for it")


def test_a_due_date_only_when_the_clause_or_its_list_states_a_time():
    [clause] = ClauseSegmenter().split("the boiler's making that noise again")
    assert DueDateResolver()(clause, TUESDAY) is None
    [listed] = ClauseSegmenter().split("Before Friday:\n- ring the plumber")
    assert DueDateResolver()(listed, TUESDAY) == date(2025, 9, 19)


def test_a_pronoun_is_named_only_when_one_person_fits():
    segmenter, resolver = ClauseSegmenter(), PronounResolver()

    def last(text):
        clauses = segmenter.split(text)
        return resolver(clauses[-1].text, clauses, len(clauses) - 1)

    assert last("Kayla called. Need to fix her brakes.") == "Need to fix Kayla's brakes."
    assert last("Mum rang from Cork. Need to take her to the GP.") == "Need to take Mum to the GP."
    assert last("Deb and Carol came by. Said I would sharpen it for her.") == "Said I would sharpen it for her."
    assert last("My sister and Jo were here. Ring her tomorrow.") == "Ring her tomorrow."
    assert last("Long week. Ring her tomorrow.") == "Ring her tomorrow."
    # Someone named after the pronoun may be whom it means; a number word opening a sentence is no one.
    assert last("Shopping with Tomasz. For her visa Valentina needs a letter.") == "For her visa Valentina needs a letter."
    assert last("Drove Joe back to Leeds. Twenty years old and I still want to carry him. Sending him a parcel.") == (
        "Sending him a parcel.")
    assert [name for _, name, _ in named_people("Kayla called. We drove from Cork with my dad.")] == ["Kayla", "your dad"]


# -- the shipped pipeline ---------------------------------------------------------------------------


def test_the_shipped_artifact_is_the_one_the_record_describes():
    pipeline = default_pipeline()
    record = json.loads(ARTIFACT_PATH.with_name("highlight_metrics.json").read_text(encoding="utf-8"))
    params = pipeline.get_params()
    # the linear steps' settings, then the clause model's mix and the threshold chosen with it
    chosen = {**record["chosen"], **record["clause_model"]["chosen"]}
    assert all(params[key] == value for key, value in chosen.items() if key != "train_only_weight")
    assert params["clause_mix"] > 0 and record["clause_model"]["artifact"]["max_difference_from_torch"] <= 0.1
    assert pipeline.info["entries"] == record["data"]["dev"]["entries"] + record["data"]["train_only"]["entries"]
    assert record["cv_figures"]["precision"] >= record["precision_floor"]


def test_extraction_returns_the_spec_shape_and_nothing_for_empty_text():
    assert extract_highlights("") == [] and extract_highlights("  \n ") == []
    [task] = extract_highlights("I need to call the landlord before Friday.", today=date(2025, 3, 12))
    assert msgspec.to_builtins(task) == {
        "type": "task", "reformulation": "Call the landlord",
        "metadata": {"timeframe": "week", "priority": "high", "projectRef": None, "parentId": None,
                     "dueDate": "2025-03-14"}}
    assert msgspec.json.decode(msgspec.json.encode(task), type=Highlight) == task


# The mixed detector gives these two 0.49 and 0.46, under its threshold 0.55 (chosen with the clause
# model, authors in three folds, at the precision floor); the linear detector alone gave them 0.57
# and 0.50 at its threshold 0.4. pipelines/README.md, Known limits.
_UNDER_THRESHOLD = "the mixed detector reads this implied task just under its threshold"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        pytest.param("The boiler's making that banging noise again. Really should get someone out to look at it.",
                     "someone out", marks=pytest.mark.xfail(strict=True, reason=_UNDER_THRESHOLD)),
        ("The washing machine is broken again.", "washing machine"),
        pytest.param("Sarah's still waiting for an answer about the spare room.", "sarah",
                     marks=pytest.mark.xfail(strict=True, reason=_UNDER_THRESHOLD)),
    ],
)
def test_implied_tasks_are_found(text, words):
    """A broken thing, someone waiting for an answer: tasks no trigger word states."""
    found = extract_highlights(text, today=TUESDAY)
    assert any(h.type == "task" and words in h.reformulation.lower() and h.metadata.due_date is None
               for h in found), found


@pytest.mark.parametrize(("text", "kind", "words"), [
    pytest.param("I'm working on a podcast about local history.", "project", "podcast",
                 marks=pytest.mark.xfail(strict=True, reason="the detector finds few projects (authors in three "
                                         "folds: 12 of 82 on dev; pipelines/README.md, Known limits)")),
    ("I want to learn to play the cello this year.", "goal", "cello"),
])
def test_a_project_or_goal_said_plainly_is_found(text, kind, words):
    found = extract_highlights(text, today=TUESDAY)
    assert any(h.type == kind and words in h.reformulation.lower() for h in found), found


def test_a_task_without_a_stated_time_has_no_due_date():
    found = extract_highlights("Need to renew my passport at some point. Long shift.", today=TUESDAY)
    assert found and all(h.metadata.due_date is None for h in found)


def test_nothing_is_found_in_a_plain_day():
    assert extract_highlights("Rain all day. Watched the match with Dad. Fish and chips for tea.", today=TUESDAY) == []


def test_word_and_embedding_features_are_stacked_as_scipy_stacks_them():
    """The detector and the typer read one matrix of a clause's word features beside its embedding;
    it is built in one step, entry for entry what `sparse.hstack` makes, so the models' products
    with it, and every decision on them, are the same to the bit."""
    from scipy import sparse

    from pipelines.highlights.steps import Words, _stack

    words = Words(min_df=1)
    lexical = words.fit_transform(["ring the vet", "pay the gas bill", "quiet day", "email jo about the rota"])
    lexical = words.transform(["ring the vet tuesday", "the the gas", "nothing known here", "quiet day"])
    rng = np.random.default_rng(7)
    rows = [0, 2, 3]
    dense = rng.standard_normal((len(rows), 5)).astype(np.float32)
    dense[1, [0, 3]] = 0.0  # a zero is not stored, as scipy leaves it out
    expected = sparse.hstack([lexical[rows], sparse.csr_matrix(dense)]).tocsr()
    stacked = _stack(lexical, dense, rows)
    assert stacked.shape == expected.shape and stacked.dtype == expected.dtype
    assert stacked.indptr.tolist() == expected.indptr.tolist()
    assert stacked.indices.tolist() == expected.indices.tolist()
    assert stacked.data.tobytes() == expected.data.tobytes()
    coef = rng.standard_normal((2, stacked.shape[1])).astype(np.float32)
    assert np.asarray(stacked @ coef.T).tobytes() == np.asarray(expected @ coef.T).tobytes()
    every = rng.standard_normal((4, 5)).astype(np.float32)
    assert (_stack(lexical, every) != sparse.hstack([lexical, sparse.csr_matrix(every)]).tocsr()).nnz == 0
    with pytest.raises(ValueError, match="3 rows of words"):
        _stack(lexical, every, rows)


def test_the_analysis_embeds_each_text_once_in_one_call(encode_calls):
    """The local analysis sends the entry, the sentences its summary ranks and the clauses the
    detector reads through the model together: a clause that is also a sentence (or the whole
    entry) is embedded once, and the highlights are the ones extraction alone finds."""
    from pipelines.highlights import limit_projects
    from pipelines.providers.base import AnalysisContext
    from pipelines.providers.local_provider import LocalProvider

    text = ("Long day at the depot and the van broke down twice on the ring road. The boiler's making that banging "
            "noise again. Really should get someone out to look at it. Need to ring the vet Tuesday about Bo's "
            "jab. Mum rang in the evening and we talked about the holiday for a good hour. Then I watched the "
            "match with Dad and fell asleep before the end of it. Tomorrow is another early start at six.")
    alone = limit_projects(extract_highlights(text, today=TUESDAY))
    encode_calls.clear()
    analysis = LocalProvider().analyze_entry(text, want_summary=True, context=AnalysisContext(today=TUESDAY))
    embedded = [t for call in encode_calls for t in call]
    assert len(encode_calls) == 1, encode_calls
    assert len(embedded) == len(set(embedded)), embedded
    assert text in embedded and "Need to ring the vet Tuesday about Bo's jab." in embedded, embedded
    assert analysis.summary and analysis.highlights == alone and alone, (analysis, alone)
