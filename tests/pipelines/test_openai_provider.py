"""The OpenAI-compatible provider through the real `openai` client, over HTTP, against a local
stand-in server (tests/support/openai_standin.py), including its failure modes: whatever the
primary does, `Providers.run` ends with an answer (the local provider's, on the real embedding
model, when openai fails) and says why; no exception escapes."""

from __future__ import annotations

import json
import time
from datetime import date

import msgspec
import pytest

from pipelines.providers import Outcome, ProviderConfig, Providers
from pipelines.providers.base import AnalysisContext, EntryAnalysis, Passage, ProfileEntry
from pipelines.providers.local_provider import LocalProvider
from pipelines.providers.openai_provider import json_schema
from tests.support.openai_standin import (
    DEFAULT_ANSWERS,
    STANDIN_API_KEY,
    OpenAIStandIn,
    empty_choices,
    hang,
    malformed,
    ok,
    status,
)

MODEL = "test-model"
MAX_RETRIES = 2
TEXT = (
    "Work was exhausting today and I barely slept. I need to call the landlord before Friday about the "
    "leaking pipe. I want to keep training for the half marathon."
)
CONTEXT = AnalysisContext(
    today=date(2025, 3, 14), existing_goals=["Run a half marathon"], existing_projects=["Kitchen renovation"]
)
STANDIN_ANALYSIS = {
    "mood": {"mood": "tired", "emoji": "\U0001f634", "text": "Tired"},
    "summary": "Exhausted after work; the landlord must hear about the leak.",
    "highlights": [
        {"type": "task", "reformulation": "Call the landlord about the leaking pipe",
         "metadata": {"timeframe": "week", "priority": "high"}},
    ],
    "relatedGoals": ["Run a half marathon"],
    "relatedProjects": [],
}


def providers(standin: OpenAIStandIn, *, timeout: float = 2.0, max_retries: int = MAX_RETRIES,
              api_key: str = STANDIN_API_KEY) -> Providers:
    return Providers(ProviderConfig(
        provider="openai", openai_base_url=standin.base_url, openai_api_key=api_key, openai_model=MODEL,
        timeout_seconds=timeout, max_retries=max_retries,
    ))


def analyse(p: Providers) -> Outcome[EntryAnalysis]:
    return p.run(lambda provider: provider.analyze_entry(TEXT, want_summary=True, context=CONTEXT))


@pytest.fixture(scope="module")
def local_analysis() -> EntryAnalysis:
    """What the local provider (real embedding model) says about TEXT: the fallback's answer."""
    return LocalProvider().analyze_entry(TEXT, want_summary=True, context=CONTEXT)


def test_the_analysis_comes_from_openai_with_model_key_and_json_schema(standin):
    standin.script(ok(STANDIN_ANALYSIS))
    outcome = analyse(providers(standin))

    assert outcome.provider == "openai" and outcome.fallback_reason is None
    assert outcome.value == msgspec.convert(STANDIN_ANALYSIS, EntryAnalysis)
    [request] = standin.requests
    assert (request.method, request.path, request.status_code) == ("POST", "/v1/chat/completions", 200)
    assert request.headers["authorization"] == f"Bearer {STANDIN_API_KEY}"
    assert request.body["model"] == MODEL
    response_format = request.body["response_format"]
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["name"] == "entry_analysis"
    schema = response_format["json_schema"]["schema"]
    assert schema == json_schema(EntryAnalysis)
    assert schema["type"] == "object" and {"mood", "summary", "highlights"} <= set(schema["required"])
    assert "$ref" not in json.dumps(schema)  # inlined, for servers that do not follow references
    system, user = request.body["messages"]
    assert system["role"] == "system" and user["role"] == "user"
    assert "leaking pipe" in user["content"] and "Run a half marathon" in user["content"]


def test_every_call_is_answered_by_openai_with_its_own_schema(standin):
    p = providers(standin)
    entries = [ProfileEntry(id="e1", date="03/14/2025", content=TEXT)]
    passages = [Passage(entry_id="e1", date="03/14/2025", text=TEXT, score=0.9)]

    summary = p.run(lambda provider: provider.summarize(TEXT))
    profile = p.run(lambda provider: provider.build_profile(entries))
    answer = p.run(lambda provider: provider.answer("How did I sleep?", passages))

    assert [o.provider for o in (summary, profile, answer)] == ["openai"] * 3
    assert summary.value == DEFAULT_ANSWERS["summary"]["summary"]
    assert profile.value.short_summary == DEFAULT_ANSWERS["profile"]["shortSummary"]
    assert answer.value == DEFAULT_ANSWERS["answer"]["answer"]
    assert [r.schema_name for r in standin.requests] == ["summary", "profile", "answer"]
    for request in standin.requests:
        assert request.body["response_format"]["json_schema"]["schema"]["type"] == "object"


# (failure, what the stand-in answers every time, the error type named, requests the SDK makes, timeout)
FAILURES = [
    pytest.param(status(429, retry_after=0.01), "RateLimitError", MAX_RETRIES + 1, 2.0, id="429"),
    pytest.param(status(500), "InternalServerError", MAX_RETRIES + 1, 2.0, id="500"),
    pytest.param(hang(10), "APITimeoutError", MAX_RETRIES + 1, 0.3, id="timeout"),
    pytest.param(malformed(), "ProviderError", 1, 2.0, id="not-json"),
    pytest.param(malformed('{"summary": "no mood, no highlights"}'), "ProviderError", 1, 2.0,
                 id="json-missing-fields"),
    pytest.param(empty_choices(), "ProviderError", 1, 2.0, id="empty-choices"),
]


@pytest.mark.parametrize(("failure", "error_type", "attempts", "timeout"), FAILURES)
def test_a_failing_openai_falls_back_to_the_local_answer(standin, local_analysis, failure, error_type,
                                                          attempts, timeout):
    standin.always(failure)
    started = time.monotonic()
    outcome = analyse(providers(standin, timeout=timeout))  # no exception escapes
    elapsed = time.monotonic() - started

    assert outcome.provider == "local"
    assert outcome.value == local_analysis
    assert outcome.fallback_reason is not None
    assert "openai" in outcome.fallback_reason and error_type in outcome.fallback_reason
    # 429, 5xx and timeouts are retried by the SDK (max_retries), unusable content is not.
    assert len(standin.requests) == attempts
    if error_type == "APITimeoutError":
        assert all(r.status_code is None for r in standin.requests)  # each attempt was given up on
        assert timeout * attempts <= elapsed < 10  # the timeout applied to every attempt, not the hang


def test_a_429_then_success_is_retried_and_answered_by_openai(standin):
    standin.script(status(429, retry_after=0.01), ok(STANDIN_ANALYSIS))
    outcome = analyse(providers(standin))

    assert outcome.provider == "openai" and outcome.fallback_reason is None
    assert outcome.value == msgspec.convert(STANDIN_ANALYSIS, EntryAnalysis)
    assert [r.status_code for r in standin.requests] == [429, 200]


def test_a_wrong_key_is_not_retried_and_falls_back(standin, local_analysis):
    outcome = analyse(providers(standin, api_key="wrong-key"))

    assert outcome.provider == "local" and outcome.value == local_analysis
    assert "AuthenticationError" in outcome.fallback_reason
    assert [r.status_code for r in standin.requests] == [401]


@pytest.mark.parametrize("call", ["summarize", "build_profile", "answer"])
def test_every_call_falls_back_when_openai_fails(standin, call):
    standin.always(status(503, retry_after=0.01))
    p = providers(standin)
    entries = [ProfileEntry(id="e1", date="03/14/2025", content=TEXT)]
    passages = [Passage(entry_id="e1", date="03/14/2025", text=TEXT, score=0.9)]
    calls = {
        "summarize": lambda provider: provider.summarize(TEXT),
        "build_profile": lambda provider: provider.build_profile(entries),
        "answer": lambda provider: provider.answer("How did I sleep?", passages),
    }
    outcome = p.run(calls[call])

    assert outcome.provider == "local" and "InternalServerError" in outcome.fallback_reason
    assert outcome.value == calls[call](LocalProvider())
    assert len(standin.requests) == MAX_RETRIES + 1
