"""`python -m pipelines <step>`: the real command, run as a subprocess on small JSON Lines files.

The runs that load the model are few and each checks several things; the error cases fail before
any model loads, so they are quick.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
MOODS = {"happy", "sad", "angry", "anxious", "loving", "tired", "neutral"}

TIRED = "So exhausted today. I barely slept and can hardly keep my eyes open, I just want to sleep."
TASKS = "I need to call the landlord by Friday about the rent. Also don't forget to renew my passport."
HAPPY = "What a wonderful day! We laughed all afternoon at the beach and I feel so happy and grateful."
GOAL = "My goal this year is to run a half marathon. I'm working on a podcast about local history."


def run_cli(*args: str | Path, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pipelines", *map(str, args)],
        cwd=REPO,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
        check=False,
    )


def write_jsonl(path: Path, rows: list[dict | str]) -> Path:
    path.write_text(
        "".join((row if isinstance(row, str) else json.dumps(row)) + "\n" for row in rows), encoding="utf-8"
    )
    return path


def json_lines(text: str) -> list[dict]:
    """Every line of the output, each of which must be JSON: nothing else may reach the output."""
    return [json.loads(line) for line in text.splitlines()]


def test_mood_writes_one_line_per_entry_to_stdout(tmp_path):
    source = write_jsonl(
        tmp_path / "entries.jsonl",
        [
            {"id": "tired", "text": TIRED, "date": "2025-03-14"},
            {"id": "happy", "text": HAPPY},
            "",  # blank lines are skipped
            {"id": "empty", "text": "", "extra": "ignored"},
        ],
    )
    result = run_cli("mood", "--input", source)
    assert result.returncode == 0, result.stderr
    rows = json_lines(result.stdout)
    assert [row["id"] for row in rows] == ["tired", "happy", "empty"]
    for row in rows:
        assert set(row) == {"id", "mood", "emoji"}
        assert row["mood"] in MOODS
    by_id = {row["id"]: row for row in rows}
    assert by_id["tired"]["mood"] == "tired" and by_id["tired"]["emoji"] == "😴"
    assert by_id["happy"]["mood"] == "happy"
    assert by_id["empty"]["mood"] == "neutral"  # nothing written: the spec's default


def test_highlights_to_an_output_file_use_the_entry_date_as_today(tmp_path):
    source = write_jsonl(
        tmp_path / "entries.jsonl",
        [
            {"id": "friday", "text": TASKS, "date": "2025-03-14"},  # a Friday: "by Friday" is today
            {"id": "wednesday", "text": TASKS, "date": "2025-03-12"},
            {"id": "goal", "text": GOAL, "date": "2025-01-02"},
            {"id": "feeling", "text": TIRED},
        ],
    )
    output = tmp_path / "highlights.jsonl"
    result = run_cli("highlights", "--input", source, "--output", output)
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    rows = json_lines(output.read_text(encoding="utf-8"))
    assert [row["id"] for row in rows] == ["friday", "wednesday", "goal", "feeling"]
    for row in rows:
        assert set(row) == {"id", "summary", "highlights"}
        assert isinstance(row["summary"], str) and row["summary"]
        for highlight in row["highlights"]:
            assert highlight["type"] in {"task", "project", "goal"}
            assert highlight["reformulation"]
            assert {"timeframe", "priority"} <= set(highlight["metadata"])
    by_id = {row["id"]: row for row in rows}

    tasks = {h["reformulation"]: h["metadata"] for h in by_id["friday"]["highlights"] if h["type"] == "task"}
    assert any("landlord" in text for text in tasks) and any("passport" in text for text in tasks)
    landlord = next(meta for text, meta in tasks.items() if "landlord" in text)
    assert landlord == {**landlord, "timeframe": "today", "priority": "high"}
    later = next(h for h in by_id["wednesday"]["highlights"] if "landlord" in h["reformulation"])
    assert later["metadata"]["timeframe"] == "week"

    kinds = {h["type"]: h["reformulation"] for h in by_id["goal"]["highlights"]}
    assert "marathon" in kinds["goal"].lower()
    assert by_id["feeling"]["highlights"] == []  # a feeling is not an intention


def test_profile_writes_one_line_for_the_whole_file(tmp_path):
    source = write_jsonl(
        tmp_path / "entries.jsonl",
        [
            {"id": "e3", "text": TIRED + " Work has been relentless this month.", "date": "2025-03-14"},
            {"id": "e1", "text": TASKS, "date": "2025-03-12"},
            {"id": "e2", "text": HAPPY + " I must repaint the shed.", "date": "2025-03-01"},
            {"id": "e4", "text": GOAL, "date": "2025-03-20"},
        ],
    )
    result = run_cli("profile", "--input", source)
    assert result.returncode == 0, result.stderr
    [profile] = json_lines(result.stdout)
    assert set(profile) == {"shortSummary", "fullProfile", "blindspots", "sourceEntryIds"}
    assert profile["shortSummary"].startswith("Across 4 entries (03/01/2025 to 03/20/2025)")
    assert profile["fullProfile"].startswith(profile["shortSummary"])
    assert isinstance(profile["blindspots"], list)
    assert profile["sourceEntryIds"] and set(profile["sourceEntryIds"]) <= {"e1", "e2", "e3", "e4"}
    # Concrete Actions: the landlord task, with its date; the shed, said 19 days before the newest
    # entry, is stale and left out
    assert re.search(r"landlord[^\n]*\(from 03/12/2025\)", profile["fullProfile"], re.IGNORECASE)
    assert "shed" not in profile["fullProfile"].lower()


ERRORS = {
    "not JSON": (['{"id": "a", "text": "fine"}', "{not json"], r"line 2: not valid JSON"),
    "no text": (
        [{"id": "a", "text": "fine"}, {"id": "b", "text": "fine"}, {"id": "c"}],
        r"line 3: missing 'text'",
    ),
    "no id": ([{"text": "fine"}], r"line 1: missing 'id'"),
    "neither": ([{"date": "2025-01-01"}], r"line 1: missing 'id' and 'text'"),
    "not an object": (["[1, 2]"], r"line 1: expected a JSON object"),
    "id not a string": ([{"id": 7, "text": "fine"}], r"line 1: 'id' must be a non-empty string"),
    "text not a string": ([{"id": "a", "text": None}], r"line 1: 'text' must be a string, got null"),
    "bad date": (
        [{"id": "a", "text": "ok"}, {"id": "b", "text": "ok", "date": "2025-02-30"}],
        r"line 2: 'date' must be a date as YYYY-MM-DD, got '2025-02-30'",
    ),
    "date in another format": ([{"id": "a", "text": "ok", "date": "03/14/2025"}], r"line 1: 'date' must be"),
    "duplicate id": (
        [{"id": "a", "text": "ok"}, {"id": "a", "text": "again"}],
        r"line 2: duplicate id 'a' \(first on line 1\)",
    ),
}


@pytest.mark.parametrize("step", ["mood", "profile"])
@pytest.mark.parametrize("case", list(ERRORS))
def test_a_bad_line_is_named_and_nothing_is_written(tmp_path, case, step):
    rows, message = ERRORS[case]
    source = write_jsonl(tmp_path / "entries.jsonl", rows)
    output = tmp_path / "out.jsonl"
    result = run_cli(step, "--input", source, "--output", output, timeout=60)
    assert result.returncode == 1
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert result.stderr.startswith("python -m pipelines: error: ")
    assert re.search(message, result.stderr), result.stderr
    assert str(source) in result.stderr
    assert not output.exists() and list(tmp_path.iterdir()) == [source]


def test_a_missing_input_file_is_one_clear_line(tmp_path):
    result = run_cli("mood", "--input", tmp_path / "nowhere.jsonl", timeout=60)
    assert result.returncode == 1
    assert (
        result.stderr.strip()
        == f"python -m pipelines: error: input file not found: {tmp_path / 'nowhere.jsonl'}"
    )


def test_an_output_folder_that_does_not_exist_is_refused(tmp_path):
    source = write_jsonl(tmp_path / "entries.jsonl", [{"id": "a", "text": "A quiet day."}])
    result = run_cli("mood", "--input", source, "--output", tmp_path / "missing" / "out.jsonl", timeout=60)
    assert result.returncode == 1
    assert "output folder does not exist" in result.stderr


def test_an_unknown_step_or_missing_input_is_a_usage_error(tmp_path):
    source = write_jsonl(tmp_path / "entries.jsonl", [{"id": "a", "text": "A quiet day."}])
    unknown = run_cli("horoscope", "--input", source, timeout=60)
    assert unknown.returncode == 2
    assert "invalid choice: 'horoscope'" in unknown.stderr
    assert all(step in unknown.stderr.splitlines()[-1] for step in ("mood", "highlights", "profile", "patterns", "evaluate"))
    no_input = run_cli("mood", timeout=60)
    assert no_input.returncode == 2
    assert "the following arguments are required: --input" in no_input.stderr
