"""End to end through the API with AI_PROVIDER=openai: when the OpenAI-compatible server fails,
a saved entry is still analysed (by the local provider), the entry says which provider ran and why,
and no API call fails; once the server answers again, the next analysis comes from it."""

from __future__ import annotations

import msgspec
import pytest
import sqlalchemy as sa

from pipelines.providers import ProviderConfig
from pipelines.providers import configure as configure_providers
from tests.support.accounts import signed_up
from tests.support.app import SharedRunner, app_client
from tests.support.journal import wait_until_analysed
from tests.support.openai_standin import DEFAULT_ANSWERS, STANDIN_API_KEY, ok, status

MODEL = "test-model"
SDK_ATTEMPTS = 3  # the settings do not choose max_retries: the provider's default of 2 retries applies


@pytest.fixture
def openai_client(settings, database_url, pipeline_runner, standin):
    """A signed-in client of an app configured for the openai provider, pointed at the stand-in.
    Every response is kept (`client.responses`) so a test can check that none was a 5xx."""
    from api.app import create_app

    openai_settings = msgspec.structs.replace(
        settings, ai_provider="openai", openai_base_url=standin.base_url, openai_api_key=STANDIN_API_KEY,
        openai_model=MODEL, openai_timeout_seconds=2.0,
    )
    app = create_app(openai_settings, database_url=database_url, pipelines=SharedRunner(pipeline_runner))
    try:
        with app_client(app, raise_server_exceptions=False) as client:
            client.responses = []
            client.event_hooks["response"].append(client.responses.append)
            signed_up(client, settings.outbox_dir)
            yield client
    finally:
        configure_providers(ProviderConfig())  # create_app configured the providers globally


def task_texts(database_url: str) -> list[str]:
    engine = sa.create_engine(database_url)
    try:
        with engine.connect() as conn:
            return [r.text for r in conn.execute(sa.text("SELECT text FROM tasks ORDER BY text"))]
    finally:
        engine.dispose()


def test_a_failing_openai_falls_back_to_local_and_recovers(openai_client, standin, database_url):
    client = openai_client
    standin.always(status(500))

    created = client.post("/api/journal", json={"content": (
        "Work was exhausting today and I barely slept. I need to call the landlord before Friday about "
        "the leaking pipe. The evening walk helped me calm down."
    )})
    assert created.status_code == 201, created.text
    entry = wait_until_analysed(client, created.json()["id"])

    assert entry["analysis"]["state"] == "done" and entry["analysis"]["provider"] == "local"
    error = entry["analysis"]["error"]
    assert "openai" in error and "InternalServerError" in error
    assert entry["mood"]["emoji"] and entry["mood"]["text"]
    assert entry["summary"]
    assert any("landlord" in t.lower() for t in task_texts(database_url))
    # The SDK retried before the fallback; every attempt was the analysis, with the configured model and key.
    assert [r.status_code for r in standin.requests] == [500] * SDK_ATTEMPTS
    assert {r.schema_name for r in standin.requests} == {"entry_analysis"}
    assert {r.body["model"] for r in standin.requests} == {MODEL}
    assert {r.headers["authorization"] for r in standin.requests} == {f"Bearer {STANDIN_API_KEY}"}
    assert all(r.status_code < 500 for r in client.responses), [(r.url.path, r.status_code)
                                                               for r in client.responses]

    standin.reset()  # the server answers again, with valid analyses
    edited = client.patch(f"/api/journal/{entry['id']}", json={"content": (
        "Slept well at last. I need to send the quarterly report by Friday, and I feel grateful for my "
        "friends who helped me move."
    )})
    assert edited.status_code == 200, edited.text
    assert edited.json()["analysis"]["state"] == "pending"
    entry = wait_until_analysed(client, entry["id"])

    assert entry["analysis"] == {"state": "done", "provider": "openai", "error": None}
    answer = DEFAULT_ANSWERS["entry_analysis"]
    assert entry["mood"] == {"emoji": answer["mood"]["emoji"], "text": answer["mood"]["text"]}
    assert "Send the stand-in report" in task_texts(database_url)
    [request] = standin.requests
    assert "quarterly report" in request.body["messages"][-1]["content"]
    assert all(r.status_code < 500 for r in client.responses)


def test_the_openai_analysis_does_not_replace_the_summary_when_none_was_asked_for(
    openai_client, standin
):
    """Spec: the summary is made again only when the content length moved by more than 150
    characters. The prompt then asks the model for `summary null`, but a model that writes one
    anyway must not overwrite the summary (here, one the user wrote)."""
    client = openai_client
    created = client.post("/api/journal", json={"content": "A quiet day at home, reading by the window."})
    entry = wait_until_analysed(client, created.json()["id"])
    assert entry["analysis"]["provider"] == "openai"
    kept = client.patch(f"/api/journal/{entry['id']}", json={"summary": "My own words about the day."})
    assert kept.status_code == 200, kept.text

    standin.reset()
    standin.script(ok({**DEFAULT_ANSWERS["entry_analysis"], "summary": "A summary nobody asked for."}))
    edited = client.patch(f"/api/journal/{entry['id']}",
                          json={"content": "A quiet day at home, reading by the open window."})
    assert edited.status_code == 200, edited.text
    entry = wait_until_analysed(client, entry["id"])

    [request] = standin.requests
    assert "summary null" in request.body["messages"][-1]["content"]  # none was asked for
    assert entry["analysis"]["provider"] == "openai"
    assert entry["summary"] == "My own words about the day."


def test_a_question_about_the_open_entry_goes_to_openai_with_that_entry_first(openai_client, standin):
    """An entry's chat, 'How did I feel?': the OpenAI-compatible model gets the open entry first and
    is told the question is about it (its date); when the model fails, the local provider answers
    from the entry, with its date, never a 500."""
    client = openai_client
    created = client.post("/api/journal", json={"content": "The council closed the library. I am furious.",
                                                "date": "10/16/2025"})
    entry = wait_until_analysed(client, created.json()["id"])
    standin.reset()
    reply = client.post(f"/api/journal/{entry['id']}/chat", json={"message": "How did I feel?"})
    assert reply.status_code == 200, reply.text
    assert reply.json()["response"] == DEFAULT_ANSWERS["answer"]["answer"]
    [request] = standin.requests
    prompt = request.body["messages"][-1]["content"]
    assert "Asked about the journal entry of 10/16/2025" in prompt
    assert prompt.index("(10/16/2025) The council closed the library.") < prompt.index("Question:")

    standin.always(status(500))
    fallback = client.post(f"/api/journal/{entry['id']}/chat", json={"message": "How did I feel?"})
    assert fallback.status_code == 200, fallback.text
    assert fallback.json()["response"].startswith("On 10/16/2025 ")
    assert "furious" in fallback.json()["response"]
