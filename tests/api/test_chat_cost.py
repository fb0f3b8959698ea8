"""What a chat puts through the embedding model: the quoted entries' sentences once per entry and
process, the question once; the same answers as when nothing is kept."""

from __future__ import annotations

import pytest

from tests.support.accounts import signed_up
from tests.support.app import app_client
from tests.support.journal import wait_until_analysed, write_entry

RUNNING = "Went running with Maya in the park. Running clears my head more than anything. We stopped for coffee."
WORK = "Work has been stressful, my manager keeps adding deadlines and I can't sleep well."


@pytest.fixture
def journal(ana):
    from pipelines.providers.local_provider import forget_sentence_vectors

    forget_sentence_vectors()
    return [wait_until_analysed(ana, write_entry(ana, text, day)["id"])["id"]
            for day, text in (("2026-11-02", WORK), ("2026-11-09", RUNNING))]


def _sentences_sent(calls: list[list[str]], question: str) -> list[str]:
    return [text for call in calls for text in call if text != question]


def test_a_quoted_entrys_sentences_go_through_the_model_once(ana, journal, encode_calls):
    first = ana.post(f"/api/journal/{journal[1]}/chat", json={"message": "Who did I go running with?"})
    assert first.status_code == 200 and "Maya" in first.json()["response"]
    assert "11/09/2026" in first.json()["response"]
    sent = _sentences_sent(encode_calls, "Who did I go running with?")
    assert "Went running with Maya in the park." in sent  # the quoted entry's sentences, the first time
    encode_calls.clear()
    again = ana.post(f"/api/journal/{journal[1]}/chat", json={"message": "Who was with me in the park?"})
    assert again.status_code == 200 and "Maya" in again.json()["response"]
    # Only the new question went through the model: the sentences' vectors were kept.
    assert encode_calls == [["Who was with me in the park?"]]


def test_kept_vectors_give_the_same_answers_as_fresh_ones(ana, journal):
    from pipelines.providers.local_provider import forget_sentence_vectors

    questions = ["Who did I go running with?", "What keeps me from sleeping?", "What did I do in Paris?"]
    fresh = []
    for question in questions:
        forget_sentence_vectors()
        fresh.append(ana.post(f"/api/journal/{journal[0]}/chat", json={"message": question}).json()["response"])
    kept = [ana.post(f"/api/journal/{journal[0]}/chat", json={"message": q}).json()["response"] for q in questions]
    assert kept == fresh
    assert "manager" in fresh[1] and fresh[2] == "I couldn't find anything in your journal about that yet."


def test_an_edited_entry_is_quoted_from_its_new_text(ana, journal):
    asked = ana.post(f"/api/journal/{journal[1]}/chat", json={"message": "Who did I go running with?"})
    assert "Maya" in asked.json()["response"]
    edited = ana.patch(f"/api/journal/{journal[1]}", json={"content": RUNNING.replace("Maya", "Lena")})
    assert edited.status_code == 200
    wait_until_analysed(ana, journal[1])
    answer = ana.post(f"/api/journal/{journal[1]}/chat", json={"message": "Who did I go running with?"})
    assert "Lena" in answer.json()["response"] and "Maya" not in answer.json()["response"]


def test_another_users_same_sentences_are_not_kept_for_them(ana, journal, app, settings, encode_calls):
    question = "Who did I go running with?"
    assert "Maya" in ana.post(f"/api/journal/{journal[1]}/chat", json={"message": question}).json()["response"]
    with app_client(app) as other:
        signed_up(other, settings.outbox_dir, "bruno", "bruno@example.com")
        theirs = wait_until_analysed(other, write_entry(other, RUNNING, "2026-11-10")["id"])["id"]
        encode_calls.clear()
        answer = other.post(f"/api/journal/{theirs}/chat", json={"message": question}).json()["response"]
        assert "Maya" in answer and "11/10/2026" in answer
        # Bruno's copy of the text is his entry: its sentences are embedded for him, not taken from Ana's.
        assert "Went running with Maya in the park." in _sentences_sent(encode_calls, question)
