"""Journals that make patterns, from the labelled pattern journal, and waiting for the patterns."""

from __future__ import annotations

import json
import time
from pathlib import Path

from tests.support.journal import write_entry

LABELLED = Path(__file__).resolve().parents[2] / "pipelines" / "data" / "patterns_journal.jsonl"


def labelled_journal(themes: tuple[str, ...], per_theme: int) -> list[dict]:
    """The first `per_theme` labelled entries of each theme, oldest first."""
    rows = [json.loads(line) for line in LABELLED.read_text().splitlines() if line.strip()]
    picked = [r for theme in themes for r in [r for r in rows if r["theme"] == theme][:per_theme]]
    return sorted(picked, key=lambda r: r["date"])


def ten_entry_journal() -> list[dict]:
    """Ten labelled entries, oldest first: sleep and money four each, relationships two."""
    return sorted(labelled_journal(("sleep", "money"), 4) + labelled_journal(("relationships",), 2),
                  key=lambda r: r["date"])


def write_rows(client, rows: list[dict]) -> dict[str, str]:
    """Writes the rows as entries; returns entry id -> theme."""
    return {write_entry(client, r["text"], r["date"])["id"]: r["theme"] for r in rows}


def wait_for_patterns(client, timeout: float = 120) -> list[dict]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        patterns = client.get("/api/patterns").json()
        if patterns:
            return patterns
        time.sleep(0.5)
    raise AssertionError("no patterns appeared")


def wait_for_run(client, path: str, run_id: str, timeout: float = 120) -> None:
    """Until the run (`path`/{run_id}: /api/patterns/refresh, /api/profile/regenerate) completed."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = client.get(f"{path}/{run_id}").json()["state"]
        if state in ("completed", "failed"):
            assert state == "completed"
            return
        time.sleep(0.3)
    raise AssertionError(f"{path} run did not finish")


def refresh_patterns(client) -> None:
    started = client.post("/api/patterns/refresh")
    assert started.status_code == 202, started.text
    wait_for_run(client, "/api/patterns/refresh", started.json()["runId"])
