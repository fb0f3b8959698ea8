"""Issue 18 against the real server process (`python -m api`), where the fault lived in the process:
uvicorn's proxy headers, the pipeline queue under one user's flood, and the embedded PostgreSQL
after a SIGKILL. The in-process cases are in tests/api/test_hardening.py.

Only the last is about the embedded PostgreSQL: the others run on a database of their own in the
test run's PostgreSQL (`database_url`, a clone of the migrated template), which spares each server
an initdb and the migrations (test_run_command.py starts the app on its embedded one)."""

from __future__ import annotations

import os
import signal
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import date

import httpx
import psutil
import pytest
import sqlalchemy as sa

from tests.e2e.server import ServerProcess
from tests.support.accounts import make_user
from tests.support.app import APP_HEADERS

pytestmark = pytest.mark.slow

BACKLOG = 400  # analyses of the flooding user queued when the other user writes
FAIRNESS_SECONDS = 90


def _user(server: ServerProcess, name: str) -> httpx.Client:
    api = httpx.Client(base_url=server.url, headers=APP_HEADERS, timeout=60)
    make_user(api, server.data_dir / "outbox", name, f"{name}@example.com")
    return api


def test_forwarded_for_from_loopback_is_not_believed_when_not_configured(tmp_path, database_url):
    """uvicorn took X-Forwarded-For from loopback whatever TRUST_FORWARDED_FOR said: rotating it
    escaped every per-address limit."""
    server = ServerProcess(tmp_path / "data", database_url=database_url)
    try:
        server.wait_healthy(timeout=180)
        statuses = [
            httpx.post(server.url + "/api/auth/forgot-password", json={"email": f"p{i}@example.com"},
                       headers={**APP_HEADERS, "X-Forwarded-For": f"198.51.100.{i}"}, timeout=30).status_code
            for i in range(12)
        ]
        assert 429 in statuses, statuses
        # No Host outside the allow-list, and the security headers on the app itself.
        assert httpx.get(server.url + "/api/health", headers={"Host": "evil.example"}).status_code == 400
        page = httpx.get(server.url + "/")
        assert page.headers["x-frame-options"] == "DENY"
        assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
        assert "server" not in page.headers
    finally:
        server.stop()


def test_one_users_flood_does_not_delay_another_users_analysis(tmp_path, database_url):
    """While one user has a backlog of analyses, floods new entries and asks to regenerate their
    story 30 times at once, another user's new entry is analysed within 90 s and their reads keep
    answering 200 quickly."""
    data_dir = tmp_path / "data"
    server = ServerProcess(data_dir, database_url=database_url, extra_env={"LOG_LEVEL": "WARNING"})
    try:
        server.wait_healthy(timeout=180)
        flooder, other = _user(server, "flooder"), _user(server, "other")
        for index in range(4):
            assert flooder.post("/api/journal", json={"content": f"Day {index}: garden, work, a run."}).status_code == 201
        other.post("/api/journal", json={"content": "A quiet first day."}).raise_for_status()
        flooder_id = flooder.get("/api/auth/me").json()["id"]
        # The backlog: entries waiting for analysis, as an import or a crash leaves them; the
        # restart hands them all to the pipelines at once.
        engine = sa.create_engine(database_url, poolclass=sa.pool.NullPool)
        with engine.begin() as conn:
            conn.execute(sa.text(
                "INSERT INTO journal_entries (id, user_id, content, entry_date, entry_time, location, timestamp, "
                "analysis_state, analysis_attempts, content_version, analysed_version, related_goals, related_projects, "
                "created_at, updated_at) "
                "SELECT gen_random_uuid(), :user_id, 'Backlog entry ' || n || ': I plan to call the bank, '"
                " || 'finish the report and go running before the week ends.', :day, '09:00', 'Home', 0, "
                "'pending', 0, 1, 0, '[]', '[]', now(), now() FROM generate_series(1, :count) AS n"),
                {"user_id": flooder_id, "day": date.today(), "count": BACKLOG})
        engine.dispose()
        flooder.close()
        other.close()
        server.stop()

        server = ServerProcess(data_dir, database_url=database_url, extra_env={"LOG_LEVEL": "WARNING"})
        health = server.wait_healthy(timeout=180)
        deadline = time.monotonic() + 180  # the service is up: its pipelines are ready, the models loaded
        while health["pipelines"]["status"] == "starting" and time.monotonic() < deadline:
            time.sleep(0.2)
            health = server.wait_healthy()
        flooder = httpx.Client(base_url=server.url, headers=APP_HEADERS, timeout=120)
        other = httpx.Client(base_url=server.url, headers=APP_HEADERS, timeout=120)
        for api, name in ((flooder, "flooder"), (other, "other")):
            signed = api.post("/api/auth/login", json={"username": name, "password": "correct horse battery staple"})
            assert signed.status_code == 200, signed.text
        stop = threading.Event()
        reads: list[tuple[int, float]] = []

        def read_loop() -> None:
            while not stop.is_set():
                for path in ("/api/journal", "/api/tasks", "/api/profile"):
                    started = time.perf_counter()
                    status = other.get(path).status_code
                    reads.append((status, time.perf_counter() - started))
                time.sleep(0.2)

        def flood(worker: int) -> list[int]:
            return [flooder.post("/api/journal", json={"content": f"Flood {worker}-{i}: {uuid.uuid4()}"}).status_code
                    for i in range(25)]

        with ThreadPoolExecutor(max_workers=40) as pool:
            reader = pool.submit(read_loop)
            floods = [pool.submit(flood, worker) for worker in range(4)]
            regenerations = [pool.submit(flooder.post, "/api/profile/regenerate") for _ in range(30)]
            started = time.monotonic()
            created = other.post("/api/journal", json={"content": "Today I decided to repaint the kitchen."})
            assert created.status_code == 201, created.text
            entry_id = created.json()["id"]
            state = "pending"
            while time.monotonic() - started < FAIRNESS_SECONDS + 30:
                entry = next(e for e in other.get("/api/journal").json() if e["id"] == entry_id)
                state = entry["analysis"]["state"]
                if state in ("done", "failed"):
                    break
                time.sleep(0.5)
            analysed_after = time.monotonic() - started
            regenerated = [future.result() for future in regenerations]
            flooded = [status for future in floods for status in future.result()]
            stop.set()
            reader.result()
        # The analysis queue, as the pipeline process last reported it (every few seconds).
        backlog_left = httpx.get(server.url + "/api/health").json()["pipelines"]["detail"]["queue"]["depth"]

        assert state == "done", state
        assert analysed_after <= FAIRNESS_SECONDS, f"the other user's entry took {analysed_after:.0f}s"
        assert backlog_left > 0, "the backlog was gone already: the test proved nothing"
        assert {r.status_code for r in regenerated} == {202}, {r.status_code for r in regenerated}
        assert len({r.json()["runId"] for r in regenerated}) <= 2
        assert set(flooded) <= {201, 429} and 429 in flooded, sorted(set(flooded))
        statuses = {status for status, _ in reads}
        timings = sorted(seconds for _, seconds in reads)
        p95 = timings[int(len(timings) * 0.95)]
        print(f"fairness: entry analysed in {analysed_after:.1f}s with {backlog_left} queued; "
              f"{len(reads)} reads, p50 {timings[len(timings) // 2] * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
              f"max {timings[-1] * 1000:.0f} ms")
        assert statuses == {200}, statuses
        assert p95 < 2.0, f"reads p95 {p95:.2f}s"
    finally:
        server.stop()


def _child(app: psutil.Process, wanted, timeout: float = 60) -> psutil.Process:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for child in app.children(recursive=True):
            try:
                if wanted(child.cmdline()):
                    return child
            except psutil.Error:
                continue
        time.sleep(0.2)
    raise AssertionError("the app did not start the child wanted")


def test_ctrl_c_after_a_sigkill_stops_the_embedded_database(tmp_path):
    data_dir = tmp_path / "data"
    first = ServerProcess(data_dir)
    first.wait_healthy(timeout=180)
    app = psutil.Process(first.process.pid)
    pipelines = _child(app, lambda cmd: cmd[-2:] == ["api", "pipelines"])
    prefect = _child(app, lambda cmd: "prefect.server.api.server:create_app" in cmd)
    os.kill(first.process.pid, signal.SIGKILL)  # the app alone, as the OOM killer would
    first.process.wait(timeout=30)
    first.stop()
    # Its pipeline process notices it is orphaned and ends itself, even when it was still starting.
    _, alive = psutil.wait_procs([pipelines], timeout=60)
    assert not [p for p in alive if p.is_running() and p.status() != psutil.STATUS_ZOMBIE], \
        "the pipeline process outlived its SIGKILLed parent"
    # Prefect's local API server (started by the app through Prefect's SubprocessASGIServer) does
    # not notice: a known limit (docs/architecture.md, Runtime); the test does not leave it behind.
    prefect.kill()

    second = ServerProcess(data_dir)
    try:
        second.wait_healthy(timeout=180)
        postmaster = psutil.Process(int((data_dir / "pgdata" / "postmaster.pid").read_text().split()[0]))
        second.interrupt()
        second.process.wait(timeout=60)
        _, alive = psutil.wait_procs([postmaster], timeout=30)
        assert not [p for p in alive if p.is_running() and p.status() != psutil.STATUS_ZOMBIE], \
            "the embedded PostgreSQL outlived Ctrl-C"
    finally:
        second.stop()
        try:
            psutil.Process(int((data_dir / "pgdata" / "postmaster.pid").read_text().split()[0])).kill()
        except (OSError, ValueError, psutil.NoSuchProcess):
            pass
