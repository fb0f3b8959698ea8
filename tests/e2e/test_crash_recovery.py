"""Saving never loses work: kill the app while analyses run, start it again, and every entry is
there and analysed exactly once (no task created twice)."""

from __future__ import annotations

import os
import signal
import time

import httpx
import pytest
import sqlalchemy as sa

from tests.e2e.server import ServerProcess
from tests.e2e.test_accounts_browser import HEADERS, create_user
from tests.api.accounts import PASSWORD

pytestmark = pytest.mark.slow

ENTRIES = [
    "I need to call the landlord before Friday about the heating.",
    "Don't forget to renew my passport this week.",
    "Remind me to book the dentist appointment.",
    "I have to finish the client report for work by Thursday.",
    "Need to buy a birthday present for my sister.",
    "Must fix the bike's flat tyre before the weekend.",
]


def test_killed_mid_analysis_then_restarted_analyses_everything_once(tmp_path, database_url):
    data_dir = tmp_path / "data"
    server = ServerProcess(data_dir, database_url=database_url)
    engine = sa.create_engine(database_url)
    try:
        server.wait_healthy()
        create_user(server)
        with httpx.Client(base_url=server.url, headers=HEADERS, timeout=30) as api:
            assert api.post("/api/auth/login", json={"username": "ana", "password": PASSWORD}).status_code == 200
            saved = [api.post("/api/journal", json={"content": text}) for text in ENTRIES]
        assert all(r.status_code == 201 for r in saved)
        ids = {r.json()["id"] for r in saved}

        # Kill the whole app (and the Prefect API it started) while analysis is under way.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with engine.connect() as conn:
                states = [r[0] for r in conn.execute(sa.text("SELECT analysis_state FROM journal_entries"))]
            if "running" in states:
                break
            time.sleep(0.05)
        assert "running" in states, states
        os.killpg(server.process.pid, signal.SIGKILL)
        server.process.wait(timeout=30)
        with engine.connect() as conn:
            unfinished = conn.execute(sa.text(
                "SELECT count(*) FROM journal_entries WHERE analysis_state <> 'done'")).scalar()
        assert unfinished > 0, "the kill came too late to interrupt anything"
    finally:
        server.stop()

    again = ServerProcess(data_dir, database_url=database_url)
    try:
        again.wait_healthy()
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            with engine.connect() as conn:
                rows = conn.execute(sa.text(
                    "SELECT id::text, analysis_state, analysed_version, content_version FROM journal_entries")).all()
            if rows and all(r.analysis_state == "done" for r in rows):
                break
            time.sleep(0.5)
        assert {r.id for r in rows} == ids, "an entry was lost"
        assert all(r.analysis_state == "done" and r.analysed_version == r.content_version for r in rows), (
            rows, again.log())
        with engine.connect() as conn:
            tasks = [r[0] for r in conn.execute(sa.text("SELECT lower(text) FROM tasks"))]
        assert len(tasks) == len(set(tasks)), f"a task was created twice: {tasks}"
        for keyword in ("landlord", "passport", "dentist", "client report", "present", "tyre"):
            assert sum(keyword in t for t in tasks) == 1, (keyword, tasks)
    finally:
        again.stop()
        engine.dispose()
