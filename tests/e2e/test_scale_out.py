"""The scale-out path with real processes, as the README's "Scaling out the pipelines" sets it up:
Prefect's server, the deploy step (work pool with its concurrency limit, `prefect deploy --all`,
the crash automation), the app as two processes (WEB_CONCURRENCY=2) in deployments mode on one
PostgreSQL (the embedded one, reached by the worker through its socket) with Redis for the rate
limits, and a process worker.

- An entry is analysed through the worker (a flow run of the highlight-extraction deployment).
- Prefect's scheduler makes the nightly pattern runs and Monday's weekly focus.
- Patterns' Refresh, the story's regeneration and weekly focus end.
- The worker is killed mid-run, with the flow run's process it started (SIGKILL to both, as when
  their machine dies; a worker killed alone takes its flow run's process with it): Prefect marks the
  flow run Crashed when its heartbeats stop (prefect-automations.yaml), the app shows it on the
  entries and in health and runs it again; a new worker analyses them; nothing is lost.
- Prefect's server logs no error throughout.
"""

from __future__ import annotations

import os
import signal
import time

import httpx
import psutil
import pytest

from tests.e2e.server import ServerProcess
from tests.support.accounts import make_user
from tests.support.app import APP_HEADERS
from tests.support.journal import wait_until_analysed
from tests.support.prefect_server import POOL, PREFECT, PrefectServer, start_process, stop_process
from tests.support.redis_server import redis_url  # noqa: F401  (the fixture)

pytestmark = pytest.mark.slow


def _fresh(server: ServerProcess) -> httpx.Client:
    """New connection per request, so the kernel hands requests to either app process."""
    return httpx.Client(base_url=server.url, headers=APP_HEADERS, timeout=60,
                        limits=httpx.Limits(max_keepalive_connections=0))


def _eventually(check, timeout: float, what: str, every: float = 0.5):
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout}s: {what}")
        time.sleep(every)


def _pipelines(server: ServerProcess) -> dict[int, dict]:
    """pid -> the pipelines part of health, once two processes answered ready in deployments mode
    and with no warning (the crash automation is there)."""
    seen: dict[int, dict] = {}

    def both_ready():
        with _fresh(server) as api:
            response = api.get("/api/health")
        pipelines = response.json()["pipelines"]
        if pipelines["status"] == "ready" and not pipelines["detail"]["warning"]:
            seen[int(response.headers["x-reverie-pid"])] = pipelines["detail"]
        return len(seen) == 2

    _eventually(both_ready, 240, f"two app processes ready: {seen}\n{server.log()}", every=0.2)
    return seen


def _owner_health(server: ServerProcess, owner: int) -> dict:
    """The pipelines detail of the process that dispatches the analyses."""
    def answered_by_owner():
        with _fresh(server) as api:
            response = api.get("/api/health")
        return int(response.headers["x-reverie-pid"]) == owner and response.json()["pipelines"]["detail"]

    return _eventually(answered_by_owner, 30, "the owner's health", every=0.05)


def _entries(api: httpx.Client) -> dict[str, dict]:
    listed = api.get("/api/journal", params={"limit": 100})
    assert listed.status_code == 200, listed.text
    return {entry["id"]: entry for entry in listed.json()}


def _socket_dir(data_dir) -> str:
    """What the README has workers on the app's machine read: line 5 of the embedded server's postmaster.pid."""
    return (data_dir / "pgdata" / "postmaster.pid").read_text().splitlines()[4].strip()


def test_the_pipelines_scale_out_to_prefect_workers(tmp_path, redis_url):  # noqa: F811
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowFilter, FlowFilterName, FlowRunFilter, FlowRunFilterTags
    from prefect.settings import PREFECT_API_URL, temporary_settings

    prefect = PrefectServer(tmp_path / "prefect")
    # The app starts meanwhile; its pipelines are "ready" once the deployments exist.
    app = ServerProcess(tmp_path / "data", extra_env={
        "PIPELINES_MODE": "deployments", "PREFECT_API_URL": prefect.api_url, "WEB_CONCURRENCY": "2",
        "REDIS_URL": redis_url, "SECRET_KEY": "scale-out-test-" + "k" * 40, "REVERIE_TEST_PID_HEADER": "1",
        "LOG_LEVEL": "WARNING"})
    worker_log = tmp_path / "worker.log"
    worker = None
    try:
        prefect.wait_healthy()
        prefect.deploy()
        app.wait_healthy(timeout=300)
        processes = _pipelines(app)
        assert all(d["mode"] == "deployments" and d["prefectApi"].rstrip("/") == prefect.api_url
                   for d in processes.values()), processes
        owner = next(pid for pid, d in processes.items() if d["analysisOwner"])

        worker_env = {**prefect.client_env,
                      "DATABASE_URL": f"postgresql://postgres@/postgres?host={_socket_dir(app.data_dir)}"}

        def start_worker():
            return start_process([PREFECT, "worker", "start", "--pool", POOL], worker_env, worker_log)

        worker = start_worker()

        with temporary_settings(updates={PREFECT_API_URL: prefect.api_url}), \
                get_client(sync_client=True) as client, _fresh(app) as api:
            def flow_runs(flow: str, *tags: str):
                return client.read_flow_runs(flow_filter=FlowFilter(name=FlowFilterName(any_=[flow])),
                                             flow_run_filter=FlowRunFilter(tags=FlowRunFilterTags(all_=list(tags)))
                                             if tags else None)

            # 1. An entry is analysed, through the worker.
            user = make_user(api, app.data_dir / "outbox", "scale", "scale@example.com")
            first = api.post("/api/journal", json={"content": "I want to learn the cello this year. "
                                                              "Rosalind lent me hers and I practised scales."})
            assert first.status_code == 201, first.text
            entry = wait_until_analysed(api, first.json()["id"], timeout=240)
            assert entry["analysis"]["state"] == "done" and entry["mood"], entry
            analyses = _eventually(lambda: [(r.state.type.value, r.parameters["entry_ids"]) for r in
                                            flow_runs("highlight-extraction", f"reverie-user:{user}")]
                                   == [("COMPLETED", [entry["id"]])], 60, "the flow run completed")
            assert analyses

            # 2. Prefect's scheduler made the upcoming nightly pattern runs and Monday's weekly focus.
            for flow in ("pattern-clustering", "weekly-focus"):
                upcoming = [r for r in flow_runs(flow) if r.state.type.value == "SCHEDULED" and r.auto_scheduled]
                assert upcoming, f"no scheduled run of {flow}"

            # 3. Three more entries (the story unlocks at four), and meanwhile the screens that wait
            # for a run end: Refresh, the story's regeneration, weekly focus.
            more = [api.post("/api/journal", json={"content": text}).json()["id"] for text in (
                "Work was calm today; I finished the quarterly report early.",
                "Walked by the river with Sam. We talked about moving to Lisbon.",
                "Slept badly, worried about the dentist on Friday.")]
            refresh = api.post("/api/patterns/refresh")
            assert refresh.status_code == 202, refresh.text
            regenerate = api.post("/api/profile/regenerate")
            assert regenerate.status_code == 202, regenerate.text
            focus = api.post("/api/tasks-ai/weekly-focus", json={"domain": "personal"})  # the app answers it
            assert focus.status_code == 200 and focus.json()["text"], focus.text
            refresh_id, story_id = refresh.json()["runId"], regenerate.json()["runId"]
            _eventually(lambda: api.get(f"/api/patterns/refresh/{refresh_id}").json()["state"] == "completed", 240,
                        "Refresh completed")
            story = _eventually(lambda: (polled := api.get(f"/api/profile/regenerate/{story_id}").json())["state"]
                                == "completed" and polled, 240, "the story regenerated")
            assert story["success"] is True and story["profile"]["fullProfile"], story
            for entry_id in more:
                assert wait_until_analysed(api, entry_id, timeout=240)["analysis"]["state"] == "done"

            # 4. The worker dies mid-run.
            doomed = [api.post("/api/journal", json={"content": text}).json()["id"] for text in (
                "Called Mum about the garden; she wants help with the hedge on Saturday.",
                "Booked the train to Porto for the conference in May.",
                "A long run in the rain, then soup and an early night.")]
            batch = _eventually(lambda: [r for r in flow_runs("highlight-extraction", f"reverie-user:{user}")
                                         if set(doomed) & set(r.parameters["entry_ids"])
                                         and r.state.type.value == "RUNNING"], 240, "the batch running", every=0.1)[0]
            flow_run_processes = psutil.Process(worker.pid).children(recursive=True)
            assert flow_run_processes, "the worker runs the flow run in a process of its own"
            os.killpg(worker.pid, signal.SIGKILL)
            for process in flow_run_processes:  # in sessions of their own
                process.kill()
            worker.wait()
            crashed = [e for e in doomed if e in batch.parameters["entry_ids"]]
            states = {e: _entries(api)[e]["analysis"]["state"] for e in crashed}
            assert set(states.values()) != {"done"}, states  # killed before the batch was through

            # Prefect marks it Crashed (no heartbeat), and the app shows it, and tries again.
            def shown_crashed():
                entries = _entries(api)
                return all(entries[e]["analysis"]["state"] == "done" or (
                    entries[e]["analysis"]["state"] == "pending" and "Crashed" in (entries[e]["analysis"]["error"] or "")
                    and "Trying again" in entries[e]["analysis"]["error"]) for e in crashed) and entries

            shown = _eventually(shown_crashed, 180, "the crash shown on the entries", every=1.0)
            assert any(shown[e]["analysis"]["state"] == "pending" for e in crashed)
            crash = client.read_flow_run(batch.id).state
            assert crash.type.value == "CRASHED" and "no heartbeat" in crash.message, crash
            health = _owner_health(app, owner)
            assert "Crashed" in health["lastFailure"] and health["flowRunFailures"] >= 1, health
            assert health["retrying"] == 1, health

            # A worker again: the second attempt analyses them; nothing is lost.
            worker = start_worker()
            for entry_id in doomed:
                done = wait_until_analysed(api, entry_id, timeout=240)
                assert done["analysis"]["state"] == "done", done
            entries = _entries(api)
            assert len(entries) == 7 and all(e["analysis"]["state"] == "done" for e in entries.values())
            _eventually(lambda: [r.state.type.value for r in flow_runs(
                "highlight-extraction", f"reverie-user:{user}", "reverie-attempt:2")] == ["COMPLETED"], 60,
                "the second attempt completed")
            health = _eventually(lambda: (h := _owner_health(app, owner))["flowRunsInFlight"] == 0 and h, 30,
                                 "nothing in flight")
            assert health["retrying"] == 0 and health["runs"]["failed"] == 0, health
        assert not prefect.errors(), "\n".join(prefect.errors())
    finally:
        if worker is not None:
            stop_process(worker)
        app.stop()
        prefect.stop()
