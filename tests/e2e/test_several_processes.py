"""The app as several processes on one PostgreSQL (issue 17): `WEB_CONCURRENCY=2` serves one port
with two uvicorn workers. Each response names the process that answered (X-Reverie-Pid, only with
REVERIE_TEST_PID_HEADER=1), so the test can show both answered.

- A rate limit holds across the processes: the per-address limit of reset-password trips at the
  same count as with one process, though the requests were spread over both.
- The pipeline process beside them analyses: entries written to either are analysed there, never
  by an app process; when it is killed, health says so, it is started again, and nothing written is
  lost.

The database is one of its own in the test run's PostgreSQL (`database_url`, a clone of the migrated
template), which spares the server an initdb and the migrations; two app processes on the embedded
PostgreSQL are the load test's (tests/load) and the scale-out test's setting.
"""

from __future__ import annotations

import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from api.security.rate_limit import LIMITS, too_many
from pipelines.coordination import PUBLISH_SECONDS
from tests.e2e.server import ServerProcess
from tests.support.accounts import make_user
from tests.support.app import APP_HEADERS
from tests.support.journal import wait_until_analysed

pytestmark = pytest.mark.slow


def _fresh(server: ServerProcess, **kwargs) -> httpx.Client:
    """A client that opens a new connection per request, so the kernel may hand each to either
    process (a kept-alive connection stays with one)."""
    return httpx.Client(base_url=server.url, headers=APP_HEADERS, timeout=60,
                        limits=httpx.Limits(max_keepalive_connections=0), **kwargs)


def _at_once(send, items) -> list[httpx.Response]:
    """`send` over `items`, four requests in flight at a time."""
    with ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(send, items))


def _processes(server: ServerProcess, timeout: float = 240, not_analysed_by: int | None = None) -> dict[int, dict]:
    """pid -> pipelines detail of health, once two app processes answered ready, neither analysing
    (a pipeline process of their own does, and is heard of by both; not `not_analysed_by`)."""
    seen: dict[int, dict] = {}
    deadline = time.monotonic() + timeout
    with _fresh(server) as api:
        while time.monotonic() < deadline:
            response = api.get("/api/health")
            pipelines = response.json().get("pipelines", {})
            if response.status_code == 200 and pipelines.get("status") == "ready":
                seen[int(response.headers["x-reverie-pid"])] = pipelines["detail"]
                analysers = {d["analysisProcess"]["pid"] for d in seen.values() if d.get("analysisProcess")}
                if (len(seen) == 2 and not any(d["analysisOwner"] for d in seen.values()) and len(analysers) == 1
                        and not analysers & set(seen) and not_analysed_by not in analysers):
                    return seen
            time.sleep(0.2)
    raise AssertionError(f"two ready app processes and one pipeline process not seen in {timeout}s: {seen}\n"
                         f"{server.log()}")


def test_two_processes_share_the_rate_limits_and_the_analyses(tmp_path, database_url):
    server = ServerProcess(tmp_path / "data", database_url=database_url, extra_env={
        "WEB_CONCURRENCY": "2", "REVERIE_TEST_PID_HEADER": "1", "LOG_LEVEL": "WARNING"})
    try:
        server.wait_healthy(timeout=300)
        processes = _processes(server)
        owner, other = sorted(processes)
        analyser = next(iter(processes.values()))["analysisProcess"]["pid"]

        # 1. The per-address limit of reset-password, counted across both processes.
        limit = LIMITS["reset"][0].attempts
        with _fresh(server) as api:
            # Four at a time: sent one after another, every new connection can go to the same idle
            # process; while one is busy the other takes the next.
            allowed = _at_once(lambda _: api.post("/api/auth/reset-password",
                                                  json={"token": "x" * 43, "newPassword": "n" * 12}), range(limit))
            assert all(r.status_code == 400 for r in allowed), [r.text for r in allowed]  # unknown token, no 429 yet
            allowed_by = [int(r.headers["x-reverie-pid"]) for r in allowed]
            refused = [api.post("/api/auth/reset-password", json={"token": "x" * 43, "newPassword": "n" * 12})
                       for _ in range(6)]
        assert set(allowed_by) == {owner, other}, allowed_by  # both processes counted attempts
        assert all(r.status_code == 429 for r in refused), [r.status_code for r in refused]
        wait = int(refused[0].headers["Retry-After"])
        assert refused[0].json()["error"] == too_many("reset", wait) and wait >= 1
        refused_by = {int(r.headers["x-reverie-pid"]) for r in refused}
        assert refused_by <= {owner, other}

        # 2. Entries written through either process are analysed, by the pipeline process only.
        with _fresh(server) as api:
            make_user(api, server.data_dir / "outbox", "twoproc", "twoproc@example.com")
            responses = _at_once(lambda index: api.post(
                "/api/journal", json={"content": f"Day {index}: a walk by the river, then work."}), range(8))
            assert all(r.status_code == 201 for r in responses), [r.text for r in responses]
            written = {r.json()["id"]: int(r.headers["x-reverie-pid"]) for r in responses}
            assert set(written.values()) == {owner, other}, written
            for entry_id in written:
                assert wait_until_analysed(api, entry_id, timeout=180)["analysis"]["state"] == "done"
            # The pipeline process writes how it stands every PUBLISH_SECONDS: its runs show once
            # it has written after them.
            deadline = time.monotonic() + 6 * PUBLISH_SECONDS
            after = _processes(server)
            while after[owner]["analysisProcess"]["runs"]["completed"] < 1 and time.monotonic() < deadline:
                time.sleep(1)
                after = _processes(server)
            for pid in (owner, other):
                assert after[pid]["runs"]["completed"] == 0 and after[pid]["runs"]["running"] == 0
                assert after[pid]["analysisProcess"]["pid"] == analyser
            assert after[owner]["analysisProcess"]["runs"]["completed"] >= 1

            # 3. The pipeline process dies: it is started again, and an entry written meanwhile (to
            # whichever process answers) is analysed. (Health while none runs: test_runner_queue.py.)
            os.kill(analyser, signal.SIGKILL)
            response = api.post("/api/journal", json={"content": "After the crash: still here, still writing."})
            assert response.status_code == 201, response.text
            late = response.json()["id"]
            assert wait_until_analysed(api, late, timeout=240)["analysis"]["state"] == "done"
            again = _processes(server, not_analysed_by=analyser)
            assert set(again) == {owner, other}  # the app processes lived on
            assert "pipeline_process_exited" in server.log()
    finally:
        server.stop()
