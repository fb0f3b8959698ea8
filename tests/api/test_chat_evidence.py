"""Journal chat with the OpenAI-compatible provider (the real `openai` client against the local
stand-in server, tests/support/openai_standin.py): the model is handed the evidence the local
answerer found (the entries that answer the question, with their dates and the sentences quoted),
and its answer is used only when it cites that evidence by date and nothing else; otherwise the
local answer stands. When nothing in the journal answers, the model is not asked."""

from __future__ import annotations

import json
import time
from datetime import date, timedelta
from pathlib import Path

import msgspec
import pytest

from pipelines.providers import ProviderConfig
from pipelines.providers import configure as configure_providers
from tests.support.accounts import signed_up
from tests.support.app import SharedRunner, app_client
from tests.support.journal import ask_help, wait_all_analysed, write_entry
from tests.support.openai_standin import STANDIN_API_KEY, OpenAIStandIn, ok

NOT_FOUND = "I couldn't find anything in your journal about that yet."
JOURNALS = Path(__file__).resolve().parents[2] / "pipelines" / "data" / "eval" / "chat_journals.jsonl"


@pytest.fixture
def farmer(settings, database_url, pipeline_runner, standin):
    """A signed-in client of an app on the openai provider (the stand-in), with the farmer's journal
    written and analysed; yields (client, each entry's date as answers write it, by id)."""
    from api.app import create_app

    openai_settings = msgspec.structs.replace(
        settings, ai_provider="openai", openai_base_url=standin.base_url, openai_api_key=STANDIN_API_KEY,
        openai_model="test-model", openai_timeout_seconds=2.0)
    app = create_app(openai_settings, database_url=database_url, pipelines=SharedRunner(pipeline_runner))
    rows = [json.loads(line) for line in JOURNALS.read_text().splitlines()]
    entries = [row for row in rows if row["voice"] == "wilf"]
    shift = date.today() - timedelta(days=2) - date.fromisoformat(entries[-1]["date"])
    try:
        with app_client(app, raise_server_exceptions=False) as client:
            signed_up(client, settings.outbox_dir)
            dates = {}
            for row in entries:
                day = date.fromisoformat(row["date"]) + shift
                write_entry(client, row["text"], day.isoformat())
                dates[row["id"]] = day.strftime("%m/%d/%Y")
            wait_all_analysed(client)
            _settle(standin)  # the personal story a 12-entry journal starts asks the model too
            standin.reset()
            yield client, dates
    finally:
        configure_providers(ProviderConfig())  # create_app configured the providers globally


def _settle(standin: OpenAIStandIn, quiet: float = 2.0, timeout: float = 90.0) -> None:
    """Wait until the stand-in has had no request for `quiet` seconds."""
    deadline, seen = time.monotonic() + timeout, -1
    while time.monotonic() < deadline and len(standin.requests) != seen:
        seen = len(standin.requests)
        time.sleep(quiet)


def _answers(standin: OpenAIStandIn) -> list:
    return [r for r in standin.requests if r.schema_name == "answer"]


def test_the_model_gets_the_evidence_and_its_answer_citing_it_is_used(farmer, standin):
    client, dates = farmer
    scanned = dates["wilf-10"]
    said = f"Nine of your 62 ewes were empty at scanning (your entry of {scanned})."
    standin.script(ok({"answer": said}))
    assert ask_help(client, "How many ewes were empty at scanning?") == said
    [request] = _answers(standin)
    prompt = request.body["messages"][-1]["content"]
    # the evidence: the entry that states it, with its date, and the sentence the local answerer chose
    assert f"({scanned}) The scanning man came for the ewes." in prompt, prompt
    assert f'On {scanned} you wrote: "The scanning man came for the ewes. 62 scanned, 9 of them empty' in prompt, prompt
    # only the evidence: not the rest of the journal
    assert dates["wilf-06"] not in prompt and "Meg didn't get up" not in prompt, prompt


@pytest.mark.parametrize("reply", [
    "Nine of them were empty.",  # cites nothing
    "Nine were empty, on {other}.",  # cites an entry it was not given
])
def test_an_answer_that_does_not_cite_the_evidence_is_replaced_by_the_local_one(farmer, standin, reply):
    client, dates = farmer
    standin.always(ok({"answer": reply.format(other=dates["wilf-06"])}))
    answer = ask_help(client, "How many ewes were empty at scanning?")
    assert answer.startswith("Here is what your journal says:"), answer
    assert f'On {dates["wilf-10"]} you wrote: "The scanning man came for the ewes. 62 scanned, 9 of them empty' in answer, answer
    assert _answers(standin), "the model was asked"


def test_when_nothing_answers_the_model_is_not_asked(farmer, standin):
    client, _ = farmer
    assert ask_help(client, "Did I go to the dentist?") == NOT_FOUND
    assert _answers(standin) == []
