"""The AI calls of the spec against the real model and database: shapes, answers built from the
user's own entries, bad input, other users' ids, and the free-tier insight limit."""

from __future__ import annotations

import pytest

from tests.support.accounts import signed_up
from tests.support.app import app_client
from tests.support.journal import wait_until_analysed, write_entry

ENTRIES = [
    ("2026-11-02", "Work has been stressful, my manager keeps adding deadlines and I can't sleep well."),
    ("2026-11-05", "Another long day at work. The deadlines are piling up and I feel anxious about the launch."),
    ("2026-11-09", "Went running with Maya in the park. Running clears my head more than anything."),
    ("2026-11-12", "Work finally calmed down after the launch and I feel relieved and proud of the team."),
    ("2026-11-15", "A long run on Sunday morning, I want to run a half marathon next spring."),
]


@pytest.fixture
def journal(ana):
    ids = []
    for day, content in ENTRIES:
        entry = write_entry(ana, content, day)
        ids.append(wait_until_analysed(ana, entry["id"])["id"])
    return ids


def test_analyze_and_extract_tasks(ana):
    analysed = ana.post("/api/openai/analyze", json={"text": "I need to email the client before Friday. So tired."})
    assert analysed.status_code == 200
    body = analysed.json()
    assert body["summary"] and body["mood"]["text"] and body["provider"] == "local"
    assert any(h["type"] == "task" for h in body["highlights"])
    tasks = ana.post("/api/openai/extract-tasks", json={"text": "Don't forget to renew my passport."}).json()
    assert [t["reformulation"] for t in tasks["tasks"]] and tasks["tasks"][0]["type"] == "task"
    assert ana.post("/api/openai/analyze", json={"text": "  "}).status_code == 400
    assert ana.post("/api/openai/analyze", content=b"{", headers={"content-type": "application/json"}).status_code == 400


def test_generate_profile_from_given_entries(ana, journal):
    body = ana.post("/api/openai/generate-profile", json={"entries": [e[1] for e in ENTRIES]}).json()
    assert body["shortSummary"] and "**Concrete Actions**:" in body["fullProfile"]
    assert ana.post("/api/openai/generate-profile", json={"entries": []}).status_code == 400


def test_generate_summary_both_forms(ana, journal):
    summary = ana.post("/api/openai/generate-summary", json={"content": ENTRIES[0][1] + " " + ENTRIES[1][1]}).json()
    assert summary["summary"]
    analysis = ana.post("/api/openai/generate-summary", json={"entryIds": journal}).json()["analysis"]
    assert set(analysis) == {"patterns", "connections", "growth", "reflections", "notes"}
    assert analysis["patterns"], analysis
    item = analysis["patterns"][0]
    assert set(item) == {"title", "description", "prompts", "highlighted", "sources"} and item["prompts"]
    # Every highlighted quote is the user's own words.
    all_text = " ".join(e[1] for e in ENTRIES)
    for pattern in analysis["patterns"]:
        for quote in pattern["highlighted"]:
            assert quote.strip('"') in all_text
    too_few = ana.post("/api/openai/generate-summary", json={"entryIds": journal[:2]})
    assert too_few.status_code == 400
    assert too_few.json()["error"] == "You need at least 3 journal entries to perform a meaningful analysis."


def test_real_time_prompts(ana):
    body = ana.post("/api/openai/real-time-prompts", json={
        "text": "I had lunch with Maya but I need to call the landlord before Friday and I'm dreading it.",
        "context": {"entryCount": 3, "existingTasks": [], "existingGoals": ["Run a half marathon"],
                    "timeOfDay": "afternoon"},
    }).json()
    types = {p["type"] for p in body["prompts"]}
    assert "task" in types and "person" in types
    for prompt in body["prompts"]:
        assert set(prompt) >= {"id", "type", "text", "context", "timeEstimate", "relatedTasks"}
    short = ana.post("/api/openai/real-time-prompts", json={"text": "Too short."}).json()
    assert short["prompts"] == []


def test_ask_help_and_chat_quote_the_users_entries_with_dates(ana, journal):
    answer = ana.post("/api/openai/ask-help", json={"question": "What helps me when work is stressful?",
                                                     "context": {"recentEntries": []}}).json()["response"]
    assert "you wrote" in answer.lower()
    assert any(day[5:7] + "/" + day[8:10] + "/" + day[:4] in answer for day, _ in ENTRIES)
    chat = ana.post(f"/api/journal/{journal[2]}/chat", json={"message": "Who did I go running with?"})
    assert chat.status_code == 200 and chat.json()["success"] is True
    assert "Maya" in chat.json()["response"]
    assert ana.post(f"/api/journal/{journal[2]}/chat", json={"message": " "}).status_code == 400


def test_chat_puts_the_question_through_the_model_once_for_search_and_the_open_entry(ana, journal, encode_calls):
    question = "Who did I go running with?"
    # The open entry (work stress) is no answer to it: it is scored with the search's vector.
    chat = ana.post(f"/api/journal/{journal[0]}/chat", json={"message": question})
    assert chat.status_code == 200 and "Maya" in chat.json()["response"]
    assert "manager" not in chat.json()["response"]
    assert encode_calls.count([question]) == 1


def test_nothing_is_invented_without_entries(ana):
    answer = ana.post("/api/openai/ask-help", json={"question": "What did I do in Paris?"}).json()["response"]
    assert answer == "I couldn't find anything in your journal about that yet."


def test_other_users_entries_are_out_of_reach(ana, journal, app, settings):
    with app_client(app) as other:
        signed_up(other, settings.outbox_dir, "bruno", "bruno@example.com")
        assert other.post(f"/api/journal/{journal[0]}/chat", json={"message": "hi"}).status_code == 404
        refused = other.post("/api/openai/generate-summary", json={"entryIds": journal})
        assert refused.status_code == 400  # none of them are bruno's
        answer = other.post("/api/openai/ask-help", json={"question": "work deadlines"}).json()["response"]
        assert "deadline" not in answer.lower()


def test_insights_are_saved_and_limited_to_five_a_week(ana, journal):
    for i in range(5):
        saved = ana.post("/api/insights", json={
            "text": f"Insight {i}", "type": "insight", "context": {"currentEntryId": journal[0]},
            "timeEstimate": "5 min", "relatedTasks": [], "entryId": journal[0],
        })
        assert saved.status_code == 201, saved.text
    limited = ana.post("/api/insights", json={"text": "One more", "type": "insight"})
    assert limited.status_code == 429 and limited.json()["limit"] == 5 and int(limited.headers["Retry-After"]) > 0
    assert len(ana.get("/api/insights").json()) == 5
    assert ana.post("/api/insights", json={"text": "x", "type": "nonsense"}).status_code in (400, 403)
