"""The learned clause scorer (pipelines/highlights/learned.py), its proposals and its trainer
(pipelines/highlights/train.py): rules only, no embedding model, a few seconds."""

from __future__ import annotations

import json
from datetime import date

import pytest

from pipelines.highlights import extract_highlights
from pipelines.highlights import train as trainer
from pipelines.highlights.extraction import extract_candidates
from pipelines.highlights.learned import MODEL_PATH, ClauseScorer, default_scorer, features

TODAY = date(2026, 5, 6)  # a Wednesday


def _proposals(text: str) -> list[tuple[str, str, str | None]]:
    # With shadows: a proposal of a clause the rules also read ("Monday I ring the garage." is a
    # rule's since the day-first notes) is still made, for training.
    _, candidates = extract_candidates(text, TODAY, shadows=True)
    return [(c.trigger, c.highlight.reformulation, c.highlight.metadata.due_date)
            for c in candidates if c.source in ("proposal", "shadow")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Tomorrow I tell Marcus, finally.", ("present for the future", "Tell Marcus", "2026-05-07")),
        ("Monday I ring the garage.", ("present for the future", "Ring the garage", "2026-05-11")),
        ("the crush needs mending before Friday.", ("needs doing", "Mend the crush", "2026-05-08")),
        ("The boiler still needs servicing.", ("needs doing", "Service the boiler", None)),
        ("Partnership accounts have to go to Rhian at the accountants by the 10th.",
         ("has to go", "Send the partnership accounts to Rhian at the accountants", "2026-05-10")),
        ("Still haven't sent the form to the council.", ("not done yet", "Send the form to the council", None)),
        ("Going to the branch meeting in Carmarthen on Thursday.",
         ("going to a place", "Go to the branch meeting in Carmarthen", "2026-05-07")),
        ("Taking Mum to Rudyard Lake on Sunday.", ("planned", "Take Mum to Rudyard Lake", "2026-05-10")),
        ("Ringing Des before bed", ("planned", "Ring Des", "2026-05-06")),
    ],
)
def test_proposals_turn_ways_of_saying_a_task_without_a_trigger_into_actions(text, expected):
    assert _proposals(text) == [expected]


@pytest.mark.parametrize(
    "text",
    [
        "If the car fails its MOT I'll have to borrow Mark's.",  # only if
        "Should I ring her?",  # a question
        '"You must rest," she said.',  # someone's words
        "Yesterday I rang the garage.",  # past
        "I walk the dog every day.",  # a habit told, no time to come
        "Mark is going to repaint the shed this weekend.",  # someone else's plan
        "She'll pick the kids up on Friday.",
        "I'll just have to wait and see.",  # the trigger inside was the rules' to read
        "Meeting Friday about the restructure.",  # a gerund that is a noun
    ],
)
def test_no_proposal_from_conditions_questions_quotes_or_what_is_done(text):
    assert _proposals(text) == []


def test_a_clause_the_rules_found_something_in_gets_no_proposal_outside_training():
    text = "Jo says I should call the bank tomorrow."
    _, shown = extract_candidates(text, TODAY)
    assert [c.source for c in shown] == ["rule"]
    _, trained = extract_candidates(text, TODAY, shadows=True)
    assert [c.source for c in trained] == ["rule", "shadow"]


def test_the_shipped_scorer_never_drops_what_the_rules_found():
    """Decision (grouped CV, see train.KEEP_GRID): the learned part only adds; so the rules'
    highlights are all there with it, in the same order, for every dev entry with a highlight."""
    scorer = default_scorer()
    assert scorer is not None and scorer.keep_threshold == 0.0
    rows = [json.loads(line) for line in trainer.DEV_PATH.read_text(encoding="utf-8").splitlines()]
    checked = 0
    for row in rows[::3]:
        today = date.fromisoformat(row["date"])
        rules = extract_highlights(row["text"], today=today, scorer=None)
        learned = extract_highlights(row["text"], today=today)
        assert [h for h in learned if h in rules] == rules
        checked += bool(rules)
    assert checked > 50


def test_the_scorer_round_trips_through_its_file_format():
    scorer = ClauseScorer({"src=proposal": -1.5, "w=tomorrow": 2.0, "trig=has to go": 1.0}, 0.25, 0.0, 0.8,
                          {"C": 1.0})
    again = ClauseScorer.from_json(json.loads(json.dumps(scorer.to_json())))
    _, candidates = extract_candidates("Partnership accounts have to go to Rhian's office by tomorrow.", TODAY)
    (candidate,) = candidates
    assert {"src=proposal", "w=tomorrow", "trig=has to go", "due"} <= set(features(candidate))
    assert again.probability(candidate) == scorer.probability(candidate)
    assert scorer.probability(candidate) == pytest.approx(1 / (1 + 2.718281828459045 ** -(0.25 - 1.5 + 2.0 + 1.0)))
    assert scorer.accepts(candidate)  # 0.905 >= 0.8
    assert not ClauseScorer(scorer.weights, 0.25, 0.0, 0.95).accepts(candidate)


def test_the_shipped_model_and_its_record_agree():
    model = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
    metrics = json.loads(trainer.METRICS_PATH.read_text(encoding="utf-8"))
    chosen = metrics["chosen"]
    assert (model["keep_threshold"], model["propose_threshold"]) == (chosen["keep_threshold"],
                                                                     chosen["propose_threshold"])
    assert len(model["weights"]) == chosen["features"]
    cv = metrics["grouped_cv"]
    assert set(cv) == {"rules_alone", "rules_and_learned"}
    assert set(cv["rules_alone"]["by_author"]) == set(metrics["train"]["authors"])
    assert len(metrics["train"]["authors"]) >= 3  # leave one author out needs several


def test_authors_come_from_the_source_files():
    authors = trainer.author_of_voices()
    assert authors["maya"] == "first author"
    assert authors["nadia"] == "extraction-round author"
    assert authors["keith"] == "third author"
    assert authors["grace"] == "second author"  # a test voice: never loaded by the trainer


def test_training_never_reads_the_test_split_and_is_deterministic(monkeypatch):
    small = trainer.load_rows(per_author=20)
    assert all(r.raw["split"] == "dev" for r in small)
    assert len(small) == 20 * len({r.author for r in small}) and len({r.author for r in small}) >= 3
    monkeypatch.setattr(trainer, "C_GRID", (1.0,))
    monkeypatch.setattr(trainer, "CLASS_WEIGHTS", (None,))
    monkeypatch.setattr(trainer, "PROPOSE_GRID", (0.8, 1.01))
    first, results = trainer.grouped_cv(small, log=lambda *_: None)
    second, _ = trainer.grouped_cv(small, log=lambda *_: None)
    assert first == second
    assert len(results) == 2
    off = next(r for r in results if r["propose_threshold"] == 1.01)
    # Without proposals the scorer decides nothing: the figures are the rules' own.
    assert off["pooled"] == trainer.figures(small, trainer.predict(small, None))
