"""Journal helpers: write entries through the API, wait until their analyses are finished, and read
what the app made of them (tasks, chat answers, the personal story)."""

from __future__ import annotations

import time
from collections.abc import Iterable

# How often the waits below look again: a listing is cheap, and every test waits for analyses.
POLL_SECONDS = 0.1


def write_entry(client, content: str, day: str | None = None) -> dict:
    """POST one entry (with a date when `day` is given); returns the created entry."""
    body = {"content": content} if day is None else {"content": content, "date": day}
    created = client.post("/api/journal", json=body)
    assert created.status_code == 201, created.text
    return created.json()


def write_entries(client, entries: Iterable[tuple[str, str]]) -> list[str]:
    """POST each (date, content) in turn; returns the entries' ids."""
    return [write_entry(client, content, day)["id"] for day, content in entries]


def wait_until_analysed(client, entry_id: str, timeout: float = 90) -> dict:
    """The entry, once its analysis has finished (done or failed), as GET /api/journal lists it."""
    deadline = time.monotonic() + timeout
    while True:
        listed = client.get("/api/journal")
        assert listed.status_code == 200, listed.text
        entry = next(e for e in listed.json() if e["id"] == entry_id)
        if entry["analysis"]["state"] in ("done", "failed"):
            return entry
        if time.monotonic() > deadline:
            raise AssertionError(f"entry {entry_id} not analysed in {timeout}s: {entry['analysis']}")
        time.sleep(POLL_SECONDS)


def wait_all_analysed(client, timeout: float = 120) -> list[dict]:
    """Every entry of the user, once there is one and all are analysed (state done)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        entries = client.get("/api/journal").json()
        if entries and all(e["analysis"]["state"] == "done" for e in entries):
            return entries
        time.sleep(POLL_SECONDS)
    raise AssertionError("entries not analysed in time")


def tasks_by_text(client) -> dict[str, dict]:
    """The user's tasks, by their text."""
    return {t["text"]: t for t in client.get("/api/tasks").json()}


def ask_help(client, question: str) -> str:
    """The chat's answer to `question` about the whole journal (POST /api/openai/ask-help)."""
    asked = client.post("/api/openai/ask-help", json={"question": question})
    assert asked.status_code == 200, asked.text
    return asked.json()["response"]


def regenerated_profile(client, timeout: float = 120) -> dict:
    """Regenerate the personal story and wait for it; returns the new profile."""
    started = client.post("/api/profile/regenerate")
    assert started.status_code == 202, started.text
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        run = client.get(f"/api/profile/regenerate/{started.json()['runId']}").json()
        if run["state"] in ("completed", "failed"):
            assert run["state"] == "completed", run
            return run["profile"]
        time.sleep(0.3)
    raise AssertionError("the personal story was not regenerated in time")
