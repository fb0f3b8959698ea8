"""`python -m pipelines evaluate`: the scoring, and the real command with the local provider and
with the OpenAI-compatible provider against the stand-in server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from pipelines.lab.scoring import LabelledEntry, Prediction, match_highlights, match_score, score
from pipelines.providers import ProviderConfig, ProviderConfigError
from tests.support.openai_standin import OpenAIStandIn, hang, ok, status

REPO = Path(__file__).resolve().parents[2]

LINES = [
    {"id": "a", "date": "2025-11-18", "mood": "neutral",
     "text": "Plasterers started. Before Friday: pay the council tax, email Jo, and pick up the prescription.",
     "highlights": [{"type": "task", "text": "Pay the council tax", "dueDate": "2025-11-21"},
                    {"type": "task", "text": "Email Jo", "dueDate": "2025-11-21"},
                    {"type": "task", "text": "Pick up the prescription", "dueDate": "2025-11-21"}]},
    {"id": "b", "date": "2025-09-08", "mood": "tired",
     "text": "Absolutely shattered. Staff meeting ran late and then marking until ten.", "highlights": []},
    {"id": "c", "date": "2025-09-22", "mood": "angry",
     "text": "Brilliant. The skip company delivered the skip to the wrong house. Just what I needed.",
     "highlights": []},
]


def test_matching_is_one_to_one_on_content_words():
    assert match_score("Pay the council tax", "Pay the council tax before Friday") == pytest.approx(0.75)
    gold = [{"type": "task", "text": "Email Jo"}, {"type": "task", "text": "Email Jo's mum"}]
    predicted = [{"type": "task", "text": "Email Jo"}]
    assert match_highlights(gold, predicted, strict=True) == [(0, 0)]
    assert match_highlights(gold, [{"type": "goal", "text": "Email Jo"}], strict=True) == []


def test_scores_count_misses_extras_and_due_dates():
    entries = [LabelledEntry("x", "...", date(2025, 1, 1), "sad", [
        {"type": "task", "text": "Call the bank", "dueDate": "2025-01-02"},
        {"type": "goal", "text": "Run a marathon"}])]
    predictions = [Prediction("happy", [{"type": "task", "text": "Call the bank tomorrow", "dueDate": "2025-01-03"},
                                        {"type": "task", "text": "Buy milk", "dueDate": None}])]
    report = score(entries, predictions)
    assert report["mood"]["accuracy"] == 0 and report["mood"]["confusion"]["sad"]["happy"] == 1
    strict = report["highlights"]["strict"]
    assert (strict["recall"], strict["precision"]) == (0.5, 0.5)
    assert report["highlights"]["due_dates"] == {
        "dated_tasks": 1, "right": 0, "accuracy": 0.0, "found": 1, "accuracy_when_found": 0.0,
        "wrong": [{"id": "x", "task": "Call the bank", "gold": "2025-01-02", "predicted": "2025-01-03"}],
        "invented": 0, "invented_cases": [], "unmatched_with_due_date": 0}


def test_recall_is_split_by_type_and_written_or_implied_and_referents_and_invented_dates_are_counted():
    text = "Mum rang from Cork, her boiler's banging again. Take her to the GP Thursday. Pay the gas bill."
    entries = [LabelledEntry("x", text, date(2025, 1, 6), None, [
        {"type": "task", "text": "Get someone out to look at Mum's boiler", "implied": True},
        {"type": "task", "text": "Take her to the GP", "dueDate": "2025-01-09", "ref": {"pronoun": "her"}},
        {"type": "task", "text": "Pay the gas bill"},
        {"type": "project", "text": "The loft conversion"}])]
    predictions = [Prediction("sad", [{"type": "task", "text": "Take Cork to the GP", "dueDate": "2025-01-09"},
                                      {"type": "task", "text": "Pay the gas bill", "dueDate": "2025-01-06"}])]
    highlights = score(entries, predictions)["highlights"]
    assert highlights["written"] == {"gold": 3, "matched": 2, "recall": 0.6667, "matched_same_type": 2,
                                     "recall_same_type": 0.6667}
    assert (highlights["implied"]["gold"], highlights["implied"]["matched"]) == (1, 0)
    assert highlights["by_type"]["project"]["recall"] == 0.0 and highlights["by_type"]["task"]["matched"] == 2
    assert highlights["wrong_referents"]["count"] == 1
    assert highlights["wrong_referents"]["cases"][0]["names"] == ["cork"]
    assert highlights["due_dates"]["invented"] == 1 and highlights["due_dates"]["accuracy"] == 1.0


def _run(path: Path, output: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pipelines", "evaluate", "--input", str(path), "--output", str(output)],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=600,
    )


@pytest.fixture
def labelled(tmp_path) -> Path:
    path = tmp_path / "labelled.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in LINES), encoding="utf-8")
    return path


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AI_PROVIDER", "OPENAI_"))}
    return {**env, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", **extra}


def test_the_command_measures_the_local_provider(labelled, tmp_path):
    out = tmp_path / "report.json"
    done = _run(labelled, out, _env())
    assert done.returncode == 0, done.stderr
    assert "provider: local" in done.stdout
    # The mood model reads all three right (an earlier one showed the plain to-do entry "a" as Anxious).
    assert "mood: accuracy 1.000  macro-F1 1.000  (3 entries)" in done.stdout
    assert "highlights (strict): recall 1.000  precision 1.000" in done.stdout
    assert "due dates: 1.000 right (3 of 3 dated tasks;" in done.stdout
    report = json.loads(out.read_text())
    assert report["provider"] == "local" and report["answered_by"] == {"local": 3}


def test_the_command_measures_an_openai_compatible_provider(labelled, tmp_path):
    answer = {"mood": {"mood": "tired", "emoji": "\U0001f634", "text": "Tired"}, "summary": None,
              "highlights": [{"type": "task", "reformulation": "Pay the council tax",
                              "metadata": {"timeframe": "week", "priority": "high", "dueDate": "2025-11-21"}}],
              "relatedGoals": [], "relatedProjects": []}
    with OpenAIStandIn(api_key="k") as standin:
        standin.always(ok(answer))
        out = tmp_path / "report.json"
        done = _run(labelled, out, _env(AI_PROVIDER="openai", OPENAI_BASE_URL=standin.base_url,
                                        OPENAI_API_KEY="k", OPENAI_MODEL="m"))
        assert done.returncode == 0, done.stderr
        assert len(standin.requests) == 3  # every entry went to the model
    assert "provider: openai" in done.stdout
    report = json.loads(out.read_text())
    assert report["answered_by"] == {"openai": 3}
    # The stand-in says "tired" for all three: one right.
    assert report["mood"]["accuracy"] == pytest.approx(1 / 3, abs=1e-3)
    assert report["highlights"]["strict"]["recall"] == pytest.approx(1 / 3, abs=1e-3)
    assert report["highlights"]["due_dates"]["right"] == 1


def test_a_bad_label_is_a_clear_error(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"id": "a", "text": "x", "mood": "grumpy"}) + "\n", encoding="utf-8")
    done = _run(path, tmp_path / "r.json", _env())
    assert done.returncode == 1 and "'mood' must be one of" in done.stderr


def test_by_a_field_prints_and_reports_each_groups_figures(tmp_path):
    lines = [{**LINES[0], "voice": "maya"}, {**LINES[1], "voice": "maya"}, {**LINES[2], "voice": "dev"}]
    path = tmp_path / "voices.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    out = tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, "-m", "pipelines", "evaluate", "--input", str(path), "--output", str(out), "--by", "voice"],
        cwd=REPO, env=_env(), capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text())
    groups = report["by"]["groups"]
    assert report["by"]["field"] == "voice" and set(groups) == {"maya", "dev"}
    assert groups["maya"]["entries"] == 2 and groups["dev"]["entries"] == 1
    assert groups["maya"]["dated_tasks"] == 3 and groups["dev"]["dated_tasks"] == 0
    assert groups["dev"]["due_dates"] is None  # no dated task: no figure, not a zero
    # The groups add up to the whole.
    assert sum(g["entries"] for g in groups.values()) == report["entries"]
    assert "by voice:" in done.stdout and done.stdout.count("\n  maya ") == 1


def test_by_is_refused_outside_evaluate_and_a_nested_value_is_a_clear_error(tmp_path, labelled):
    done = subprocess.run([sys.executable, "-m", "pipelines", "mood", "--input", str(labelled), "--by", "voice"],
                          cwd=REPO, env=_env(), capture_output=True, text=True, timeout=600)
    assert done.returncode == 1 and "--by goes with evaluate only" in done.stderr and not done.stdout
    path = tmp_path / "nested.jsonl"
    path.write_text(json.dumps({**LINES[1], "voice": {"name": "maya"}}) + "\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pipelines", "evaluate", "--input", str(path), "--by", "voice"],
        cwd=REPO, env=_env(), capture_output=True, text=True, timeout=600)
    assert done.returncode == 1 and "'voice' must be a string or a number to group by" in done.stderr


ANSWER = {"mood": {"mood": "tired", "emoji": "\U0001f634", "text": "Tired"}, "summary": None, "highlights": [],
          "relatedGoals": [], "relatedProjects": []}


def test_the_provider_settings_are_the_apps_and_bad_ones_are_refused():
    """The command line reads every OPENAI_* setting the app reads (api/settings.py), with its
    defaults; a typo in AI_PROVIDER is refused instead of silently measuring the local provider."""
    import re

    settings = (REPO / "api" / "settings.py").read_text(encoding="utf-8")
    providers = (REPO / "pipelines" / "providers" / "__init__.py").read_text(encoding="utf-8")
    names = set(re.findall(r'"((?:OPENAI_|AI_PROVIDER)\w*)"', settings))
    assert names and names == set(re.findall(r'"((?:OPENAI_|AI_PROVIDER)\w*)"', providers))
    config = ProviderConfig.from_env({"AI_PROVIDER": "OpenAI", "OPENAI_TIMEOUT_SECONDS": "1.5", "OPENAI_MODEL": "m"})
    assert (config.provider, config.timeout_seconds, config.openai_model) == ("openai", 1.5, "m")
    assert ProviderConfig.from_env({}) == ProviderConfig()
    with pytest.raises(ProviderConfigError, match="AI_PROVIDER must be one of local, openai, got 'opneai'"):
        ProviderConfig.from_env({"AI_PROVIDER": "opneai"})
    for bad in ("0", "-1", "soon", "nan"):
        with pytest.raises(ProviderConfigError, match="OPENAI_TIMEOUT_SECONDS"):
            ProviderConfig.from_env({"OPENAI_TIMEOUT_SECONDS": bad})


def test_a_typo_in_ai_provider_is_a_one_line_error(labelled, tmp_path):
    out = tmp_path / "report.json"
    done = _run(labelled, out, _env(AI_PROVIDER="opneai"))
    assert done.returncode == 1 and not done.stdout and not out.exists()
    assert done.stderr.strip() == (
        "python -m pipelines: error: AI_PROVIDER must be one of local, openai, got 'opneai'")


def test_the_command_honours_openai_timeout_seconds(labelled, tmp_path):
    """A model slower than OPENAI_TIMEOUT_SECONDS times out (the SDK's retries, then the local
    provider); before, the command line always waited its own 30 s."""
    with OpenAIStandIn(api_key="k") as standin:
        standin.always(hang(3))
        done = _run(labelled, tmp_path / "r.json", _env(
            AI_PROVIDER="openai", OPENAI_BASE_URL=standin.base_url, OPENAI_API_KEY="k", OPENAI_MODEL="m",
            OPENAI_TIMEOUT_SECONDS="0.3"))
    # Every entry timed out and fell back: the run fails on the first (see the next test).
    assert done.returncode == 1, done.stdout
    assert "APITimeoutError" in done.stderr


def test_a_provider_that_answers_nothing_fails_clearly_and_logs_go_to_stderr(labelled, tmp_path):
    """A wrong key: no figures under the provider's name, one clear error line, exit 1; the
    fallback's log lines are on stderr, never mixed into the figures."""
    out = tmp_path / "report.json"
    with OpenAIStandIn(api_key="right") as standin:
        done = _run(labelled, out, _env(AI_PROVIDER="openai", OPENAI_BASE_URL=standin.base_url,
                                        OPENAI_API_KEY="wrong", OPENAI_MODEL="m"))
        assert len(standin.requests) == 1  # it stopped at the first failure (3 entries: 10% is 0 of them)
    assert done.returncode == 1 and not done.stdout and not out.exists()
    error = done.stderr.strip().splitlines()[-1]
    assert error.startswith("python -m pipelines: error: the openai provider failed on 1 of the first 1 entries")
    assert "AuthenticationError" in error and "OPENAI_API_KEY" in error
    assert "provider_fallback" in done.stderr


def test_a_few_fallbacks_are_counted_and_named(tmp_path):
    """Under the stated share (10%), the run goes on, and says how many entries the local provider
    answered, in the headline and on stderr."""
    lines = [{**LINES[1], "id": f"e{i}"} for i in range(10)]
    path = tmp_path / "ten.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    with OpenAIStandIn(api_key="k") as standin:
        standin.script(status(400), *[ok(ANSWER)] * 9)
        done = _run(path, tmp_path / "r.json", _env(AI_PROVIDER="openai", OPENAI_BASE_URL=standin.base_url,
                                                    OPENAI_API_KEY="k", OPENAI_MODEL="m"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("provider: openai (local stood in for 1 of 10 entries)\n")
    assert "warning: the openai provider failed on 1 of 10 entries" in done.stderr
    assert json.loads((tmp_path / "r.json").read_text())["answered_by"] == {"local": 1, "openai": 9}


def test_by_author_reads_the_author_from_the_voice_and_an_absent_field_is_refused(tmp_path):
    from pipelines.corpus import author_of_voices

    lines = [{**LINES[1], "voice": "maya"}, {**LINES[2], "voice": "keith"}]
    path = tmp_path / "voices.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    out = tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, "-m", "pipelines", "evaluate", "-i", str(path), "-o", str(out), "--by", "author"],
        cwd=REPO, env=_env(), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    authors = author_of_voices()
    assert set(json.loads(out.read_text())["by"]["groups"]) == {authors["maya"], authors["keith"]}
    assert "(none)" not in done.stdout
    done = subprocess.run(
        [sys.executable, "-m", "pipelines", "evaluate", "-i", str(path), "--by", "writer"],
        cwd=REPO, env=_env(), capture_output=True, text=True, timeout=600)
    assert done.returncode == 1 and not done.stdout
    assert f"--by writer: no line of {path} has a 'writer' field" in done.stderr
