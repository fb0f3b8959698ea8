"""The chat's labelled question set on the writers the chat was never tuned on (the held-out split
of pipelines/data/eval/chat_questions.jsonl), through the real analysis and chat, against the
figures recorded in pipelines/data/eval/chat_metrics.json: right answers at least as many as
recorded (and at least three in four), none invented (tests/support/chat_eval.py)."""

from __future__ import annotations

import json

from tests.support.chat_eval import METRICS, evaluate, load_questions

# Close calls between two sentences can move one answer with float noise.
TOLERANCE = 1


def test_held_out_writers_are_answered_right_and_nothing_is_invented(database_url):
    recorded = json.loads(METRICS.read_text())["after"]["heldout"]
    questions = [q for q in load_questions() if q.split == "heldout"]
    figures, grades, answers = evaluate(database_url, questions)
    now = figures["heldout"]
    assert now["questions"] == recorded["questions"]
    wrong = {qid: answers[qid] for qid, g in grades.items() if g in ("wrong", "invented")}
    assert now["invented"] == 0, {qid: answers[qid] for qid, g in grades.items() if g == "invented"}
    assert now["right"] >= recorded["right"] - TOLERANCE, (now, wrong)
    assert now["right"] / now["questions"] >= 0.75, (now, wrong)
