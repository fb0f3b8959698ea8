"""The weekly-focus pipeline on the real database and embedding model: suggestions grounded in
the user's own entries (found through the stored pgvector embeddings), never an open task or one
done this week, general suggestions only when the journal holds nothing for the domain, the
schedule's prepared suggestions, and the OpenAI-compatible path through the real `openai` client
against the local stand-in server, falling back to the local suggester on any failure."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest

from pipelines.providers import ProviderConfig, Providers
from pipelines.weekly_focus import (
    CANNED,
    FocusEntry,
    FocusItem,
    FocusMaterial,
    FocusSentence,
    local_suggestion,
)
from tests.support.database import sql
from tests.support.dates import TODAY, day, us
from tests.support.journal import wait_all_analysed, write_entries
from tests.support.openai_standin import STANDIN_API_KEY, malformed, ok, status

ANA_ENTRIES = [
    (day(6), "I keep thinking about learning the cello again. I want to learn to play the cello this year."),
    (day(3), "Slept badly, my shoulders ache and I feel anxious about my sister Marta's surgery on Thursday."),
    (day(1), "Lovely evening walk by the river with Marta's dog. I want to take more walks in the evening."),
]


@pytest.fixture
def ana(ana, database_url):
    """The signed-in Ana of tests/conftest.py, the pipelines reading this test's database."""
    from pipelines import db

    db.configure(database_url)
    return ana


def user_id(client) -> str:
    return client.get("/api/auth/me").json()["id"]




def journal(client, entries) -> list[str]:
    ids = write_entries(client, entries)
    wait_all_analysed(client)
    return ids


def test_a_personal_suggestion_is_grounded_in_the_users_own_entries(ana, database_url):
    from pipelines.weekly_focus.service import suggest_weekly_focus

    ids = journal(ana, ANA_ENTRIES)
    result = suggest_weekly_focus(user_id(ana), "personal")
    suggestion = result["suggestion"]

    assert result["status"] == "done" and not result["servedPrepared"]
    assert suggestion["general"] is False and suggestion["provider"] == "local"
    assert suggestion["type"] == "personal"
    headline, _, detail = suggestion["text"].partition(". ")
    assert headline and detail, suggestion["text"]  # "headline. detail"
    # The "Why now" names the entry it came from by its date, and that entry is one of Ana's.
    assert suggestion["entryId"] in ids
    entry_day = next(d for (d, _), i in zip(ANA_ENTRIES, ids, strict=True) if i == suggestion["entryId"])
    assert suggestion["entryDate"] == us(entry_day) and us(entry_day) in suggestion["relevance"]
    assert any(word in (suggestion["text"] + suggestion["relevance"]).lower() for word in ("cello", "marta", "walk"))
    # It is stored as served.
    rows = sql(database_url, "SELECT origin, served_at IS NOT NULL, entry_id FROM weekly_focus_suggestions")
    assert rows == [("request", True, uuid.UUID(suggestion["entryId"]))]


def test_never_an_open_task_nor_one_completed_this_week(ana, database_url):
    from pipelines.weekly_focus.service import suggest_weekly_focus

    journal(ana, ANA_ENTRIES)
    me = user_id(ana)
    seen = []
    for _ in range(3):
        text = suggest_weekly_focus(me, "personal")["suggestion"]["text"]
        assert text not in seen, (text, seen)
        seen.append(text)
        # Added as an open task, it is never suggested again...
        created = ana.post("/api/tasks", json={"text": text, "type": "personal"})
        assert created.status_code == 201, created.text
        # ...and neither once it is completed this week.
        done = ana.patch(f"/api/tasks/{created.json()['id']}/complete", json={"completed": True})
        assert done.status_code == 200
    open_or_done = {r[0] for r in sql(database_url, "SELECT text FROM tasks")}
    assert set(seen) <= open_or_done


def test_general_suggestions_only_when_the_journal_holds_nothing_for_the_domain(ana):
    from pipelines.weekly_focus.canned import CANNED
    from pipelines.weekly_focus.service import suggest_weekly_focus

    journal(ana, ANA_ENTRIES)  # nothing about paperwork, bills or appointments
    suggestion = suggest_weekly_focus(user_id(ana), "administrative")["suggestion"]
    assert suggestion["general"] is True
    assert suggestion["text"] in {c.text for c in CANNED["administrative"]}
    assert suggestion["relevance"].startswith("General suggestion")
    assert suggestion["entryId"] is None

    # an entry about paperwork that the analysis does not make a task (one it makes a task is on the
    # task list, and a suggestion never repeats an open task)
    journal(ana, [(day(0), "Spent the evening sorting old bank statements and tax forms into folders, oddly satisfying.")])
    grounded = suggest_weekly_focus(user_id(ana), "administrative")["suggestion"]
    assert grounded["general"] is False
    assert us(day(0)) in grounded["relevance"] and "tax" in (grounded["text"] + grounded["relevance"]).lower()


def test_unknown_domain_is_personal_and_unknown_user_is_skipped(ana):
    from pipelines.weekly_focus.service import suggest_weekly_focus

    journal(ana, ANA_ENTRIES[:1])
    assert suggest_weekly_focus(user_id(ana), "gardening")["suggestion"]["type"] == "personal"
    assert suggest_weekly_focus(str(uuid.uuid4()), "personal") == {"status": "skipped", "reason": "no such user"}
    assert suggest_weekly_focus("not-a-uuid", "personal")["status"] == "skipped"


def test_the_schedule_prepares_three_and_the_next_call_serves_them(ana, database_url):
    from pipelines.weekly_focus.service import prepare_weekly_focus, suggest_weekly_focus

    journal(ana, ANA_ENTRIES)
    assert prepare_weekly_focus() == {"status": "done", "users": 1, "prepared": 3}
    assert prepare_weekly_focus()["prepared"] == 0  # once a week
    prepared = dict(sql(database_url, "SELECT domain, text FROM weekly_focus_suggestions "
                                      "WHERE origin = 'schedule' AND served_at IS NULL"))
    assert set(prepared) == {"personal", "professional", "administrative"}

    first = suggest_weekly_focus(user_id(ana), "personal")
    assert first["servedPrepared"] is True and first["suggestion"]["text"] == prepared["personal"]
    second = suggest_weekly_focus(user_id(ana), "personal")
    assert second["servedPrepared"] is False


def test_a_prepared_suggestion_that_became_a_task_is_not_served(ana):
    from pipelines.weekly_focus.service import prepare_weekly_focus, suggest_weekly_focus

    journal(ana, ANA_ENTRIES)
    prepare_weekly_focus([user_id(ana)])
    first = suggest_weekly_focus(user_id(ana), "personal")["suggestion"]["text"]
    # The same suggestion prepared again, then added as a task by hand before it is served.
    prepare_weekly_focus([user_id(ana)])
    assert ana.post("/api/tasks", json={"text": first}).status_code == 201
    again = suggest_weekly_focus(user_id(ana), "personal")
    assert again["suggestion"]["text"] != first


# -- the local suggester on material built by hand (no database) ------------------------------

def material(**overrides) -> FocusMaterial:
    entry = FocusEntry(id="e1", day=TODAY - timedelta(days=2), content="", mood="Anxious", similarity=0.4,
                       sentences=[FocusSentence(text="I need to book a physiotherapy session for my back.",
                                                score=0.3)])
    fields = {"domain": "personal", "today": TODAY, "entries": [entry]}
    fields.update(overrides)
    return FocusMaterial(**fields)


def test_an_intention_from_an_entry_is_suggested_with_its_date():
    draft = local_suggestion(material())
    assert draft.text.startswith("Book a physiotherapy session for your back. ")
    assert draft.entry_id == "e1" and (TODAY - timedelta(days=2)).strftime("%m/%d/%Y") in draft.relevance
    assert "anxious" in draft.relevance


def test_an_intention_already_an_open_task_gives_way_to_the_next_candidate():
    goal = FocusItem(kind="goal", text="Swim twice a week", entry_id="e1", day=TODAY - timedelta(days=2))
    draft = local_suggestion(material(goals=[goal], open_tasks=["Book a physio session for my back"]))
    assert "physio" not in draft.text.split(". ")[0].lower()
    assert "Swim twice a week" in draft.text


def test_an_intention_a_later_entry_says_is_done_is_not_suggested():
    goal = FocusItem(kind="goal", text="Swim twice a week", entry_id="e1", day=TODAY - timedelta(days=2))
    later = FocusEntry(id="e2", day=TODAY - timedelta(days=1), mood="Happy", similarity=0.3,
                       content="Booked a physiotherapy session for my back at last. Thursday at 9.")
    draft = local_suggestion(material(goals=[goal], entries=[*material().entries, later]))
    assert "physio" not in draft.text.lower() and "Swim twice a week" in draft.text
    # Not yet done, it is still the suggestion.
    meant = FocusEntry(id="e2", day=TODAY - timedelta(days=1), mood="Tired", similarity=0.3,
                       content="Meant to book a physiotherapy session for my back but ran out of time.")
    assert local_suggestion(material(goals=[goal], entries=[*material().entries, meant])).text.startswith(
        "Book a physiotherapy session")


def test_nothing_for_the_domain_is_a_general_suggestion_that_says_so():
    draft = local_suggestion(material(domain="professional", entries=[]))
    assert draft.general and draft.text in {c.text for c in CANNED["professional"]}
    assert "does not mention your professional life" in draft.relevance


def test_everything_already_a_task_is_a_general_suggestion_that_says_why():
    draft = local_suggestion(material(open_tasks=["Book a physiotherapy session for my back",
                                                  "Make time for what is weighing on you"]))
    assert draft.general and "already among your open tasks" in draft.relevance


# -- the OpenAI-compatible path through the real openai client ---------------------------------

def openai_providers(standin) -> Providers:
    return Providers(ProviderConfig(provider="openai", openai_base_url=standin.base_url,
                                    openai_api_key=STANDIN_API_KEY, openai_model="test-model",
                                    timeout_seconds=2.0, max_retries=0))


def model_answer(**overrides):
    answer = {"headline": "Book the physio appointment", "detail": "Call the clinic on Monday morning.",
              "priority": "high", "estimatedTime": "10 minutes or less", "entryId": "e1",
              "why": "your back has been hurting and you felt anxious"}
    answer.update(overrides)
    return answer


def test_openai_answers_with_the_json_schema_and_the_entry_date(standin):
    standin.script(ok(model_answer()))
    outcome = openai_providers(standin).run(lambda p: p.suggest_weekly_focus(material()))
    assert outcome.provider == "openai" and outcome.fallback_reason is None
    draft = outcome.value
    assert draft.text == "Book the physio appointment. Call the clinic on Monday morning."
    assert draft.relevance.startswith(f"From your entry of {(TODAY - timedelta(days=2)).strftime('%m/%d/%Y')}:")
    request = standin.requests[-1]
    assert request.schema_name == "weekly_focus"
    schema = request.body["response_format"]["json_schema"]["schema"]
    assert {"headline", "detail", "priority", "estimatedTime", "entryId", "why"} <= set(schema["properties"])
    prompt = request.body["messages"][-1]["content"]
    assert "physiotherapy" in prompt and "entryId e1" in prompt


@pytest.mark.parametrize("behaviour", [
    status(500), malformed("{not json"), ok(model_answer(entryId="someone-elses-entry")),
    ok(model_answer(headline="  ")), ok(model_answer(headline="Book a physiotherapy session for your back")),
], ids=["server-error", "malformed", "unknown-entry", "blank", "repeats-open-task"])
def test_any_openai_failure_falls_back_to_the_local_suggestion(standin, behaviour):
    standin.always(behaviour)
    goal = FocusItem(kind="goal", text="Swim twice a week", entry_id="e1", day=TODAY - timedelta(days=2))
    mine = material(goals=[goal], open_tasks=["Book a physiotherapy session for my back"])
    outcome = openai_providers(standin).run(lambda p: p.suggest_weekly_focus(mine))
    assert outcome.provider == "local" and outcome.fallback_reason
    assert outcome.value == local_suggestion(mine)
    assert "Swim twice a week" in outcome.value.text


def test_the_service_uses_the_configured_openai_provider_and_records_it(ana, standin, database_url):
    from pipelines import providers as providers_module
    from pipelines.weekly_focus.service import suggest_weekly_focus

    ids = journal(ana, ANA_ENTRIES)
    standin.always(ok(model_answer(entryId=ids[0], headline="Find a cello teacher")))
    previous = providers_module._providers
    providers_module._providers = openai_providers(standin)
    try:
        suggestion = suggest_weekly_focus(user_id(ana), "personal")["suggestion"]
    finally:
        providers_module._providers = previous
    assert suggestion["provider"] == "openai" and suggestion["text"].startswith("Find a cello teacher. ")
    assert suggestion["entryId"] == ids[0] and us(ANA_ENTRIES[0][0]) in suggestion["relevance"]
    sent = standin.requests[-1].body["messages"][-1]["content"]
    assert "cello" in sent.lower()
