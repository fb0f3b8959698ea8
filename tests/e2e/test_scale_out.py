"""The pipelines' deployments mode against a real Prefect server (`prefect server start` on a free
loopback port with a PREFECT_HOME of its own, set up by the README's deploy step), first without a
worker, flow runs' states set through Prefect's API as a worker or the crash automation sets them:

- the deploy step: the work pool's concurrency limit, the deployments' job variables, the crash
  automation; Prefect's scheduler makes the scheduled runs and logs no error;
- one flow run per batch of a user's entries; a flow run that crashed, failed or was cancelled is
  run again with backoff, up to the limit, then its entries are failed with the reason;
- polled runs (pattern refresh) end; a process taking over adopts the flow runs in flight;
- a user's story runs one at a time on workers (Prefect's global concurrency limits);

then the whole scale-out path with real processes, as the README's "Scaling out the pipelines" sets
it up: the app as two processes (WEB_CONCURRENCY=2) in deployments mode on one PostgreSQL (the
embedded one, reached by the worker through its socket) with Redis for the rate limits, and a
process worker:

- entries are analysed through the worker (flow runs of the highlight-extraction deployment);
- Patterns' Refresh, the story's regeneration and weekly focus end;
- the worker is killed mid-run, with the flow run's process it started (SIGKILL to both, as when
  their machine dies; a worker killed alone takes its flow run's process with it): Prefect marks the
  flow run Crashed when its heartbeats stop (prefect-automations.yaml), the app shows it on the
  entries and in health and runs it again; a new worker analyses them; nothing is lost;
- Prefect's server logs no scheduler error throughout.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from datetime import UTC, date, datetime

import httpx
import psutil
import pytest
import sqlalchemy as sa

from tests.e2e.server import ServerProcess
from tests.support.accounts import make_user
from tests.support.app import APP_HEADERS
from tests.support.journal import wait_until_analysed
from tests.support.prefect_server import (
    POOL,
    POOL_CONCURRENCY,
    PREFECT,
    PrefectServer,
    start_process,
    stop_process,
)
from tests.support.redis_server import redis_url  # noqa: F401  (the fixture)

pytestmark = pytest.mark.slow

SCHEDULED_FLOWS = {"pattern-clustering": "30 3 * * *", "weekly-focus": "0 6 * * 1"}


@pytest.fixture(scope="module")
def prefect(tmp_path_factory):
    """Prefect's server, deployed to as the README says, for the module: the tests without a worker
    first, then the whole path with one (each reads only its own users' flow runs)."""
    server = PrefectServer(tmp_path_factory.mktemp("prefect"))
    try:
        server.wait_healthy()
        server.deploy()
        yield server
    finally:
        server.stop()


@pytest.fixture
def client(prefect):
    """This process's Prefect client settings pointed at the test server (the runner's thread
    takes them from the context that starts it)."""
    from prefect.client.orchestration import get_client
    from prefect.settings import PREFECT_API_URL, temporary_settings

    with temporary_settings(updates={PREFECT_API_URL: prefect.api_url}), get_client(sync_client=True) as api:
        yield api


@pytest.fixture
def journal(database_url):
    """Two users with unanalysed entries in this test's database: user id -> entry ids."""
    from models import JournalEntry, User
    from pipelines import db

    db.configure(database_url)
    made: dict[str, list[str]] = {}
    with db.session() as s:
        for name, count in (("ada", 3), ("bo", 1)):
            user = User(username=name, email=f"{name}@example.com", password_hash="x", is_verified=True)
            s.add(user)
            s.flush()
            entries = [JournalEntry(user_id=user.id, content=f"{name}'s day {i}: a walk, then work.",
                                    entry_date=date(2026, 3, i + 1)) for i in range(count)]
            s.add_all(entries)
            s.flush()
            made[str(user.id)] = [str(e.id) for e in entries]
        s.commit()
    return made


def _eventually(check, timeout: float = 20.0, what: str = "", every: float = 0.2):
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout}s: {what}")
        time.sleep(every)


def _runner():
    from pipelines.runtime import PipelineRunner

    runner = PipelineRunner(mode="deployments", workers=2)
    runner.start()
    assert runner.wait_until_ready(60), runner.status()
    return runner


def _flow_runs(client, flow: str, user: str, *tags: str):
    """The app's flow runs of `flow` for this user (their tags say whose)."""
    from prefect.client.schemas.filters import FlowFilter, FlowFilterName, FlowRunFilter, FlowRunFilterTags

    return client.read_flow_runs(flow_filter=FlowFilter(name=FlowFilterName(any_=[flow])),
                                 flow_run_filter=FlowRunFilter(tags=FlowRunFilterTags(
                                     all_=["reverie-app", f"reverie-user:{user}", *tags])))


def _set_state(client, flow_run_id, state) -> None:
    client.set_flow_run_state(flow_run_id, state, force=True)


def _entries(ids: list[str]) -> dict[str, tuple[str, str | None]]:
    from pipelines import db

    with db.session() as s:
        rows = s.execute(sa.text("SELECT id::text, analysis_state, analysis_error FROM journal_entries "
                                 "WHERE id = ANY(CAST(:ids AS uuid[]))"), {"ids": ids}).all()
    return {row[0]: (row[1], row[2]) for row in rows}


def _analysed(ids: list[str]) -> None:
    """What a worker's analysis leaves on an entry."""
    from pipelines import db

    with db.session() as s:
        s.execute(sa.text("UPDATE journal_entries SET analysis_state = 'done', analysed_version = content_version "
                          "WHERE id = ANY(CAST(:ids AS uuid[]))"), {"ids": ids})
        s.commit()


def test_the_deploy_step_sets_up_prefect_and_its_scheduler_makes_the_scheduled_runs(prefect, client):
    from prefect.client.schemas.objects import StateType

    assert client.read_work_pool(POOL).concurrency_limit == POOL_CONCURRENCY
    for flow in ("highlight-extraction", "profile-regeneration", *SCHEDULED_FLOWS):
        deployment = client.read_deployment_by_name(f"{flow}/default")
        assert deployment.work_pool_name == POOL
        env = deployment.job_variables["env"]
        assert env["PIPELINES_MODE"] == "deployments" and int(env["PREFECT_FLOWS_HEARTBEAT_FREQUENCY"]) == 30
        crons = [s.schedule.cron for s in deployment.schedules]
        assert crons == ([SCHEDULED_FLOWS[flow]] if flow in SCHEDULED_FLOWS else []), crons
    assert client.read_automations_by_name("reverie: crash flow runs that stop sending heartbeats")

    # Prefect's scheduler makes the upcoming runs of the nightly patterns and Monday's weekly focus.
    def scheduled(flow):
        return [r for r in _flow_runs_of(client, flow) if r.state.type == StateType.SCHEDULED]

    for flow in SCHEDULED_FLOWS:
        runs = _eventually(lambda flow=flow: scheduled(flow), timeout=60, what=f"scheduled runs of {flow}")
        times = [r.expected_start_time.astimezone(UTC) for r in runs]
        assert all(t > datetime.now(UTC) for t in times)
        if flow == "pattern-clustering":
            assert {(t.hour, t.minute) for t in times} == {(3, 30)}
        else:
            assert {(t.weekday(), t.hour, t.minute) for t in times} == {(0, 6, 0)}
    assert not prefect.errors(), "\n".join(prefect.errors())


def _flow_runs_of(client, flow: str):
    from prefect.client.schemas.filters import FlowFilter, FlowFilterName

    return client.read_flow_runs(flow_filter=FlowFilter(name=FlowFilterName(any_=[flow])))


def test_one_flow_run_per_user_batch_followed_and_run_again_until_it_fails(prefect, client, journal):
    from prefect.states import Cancelled, Completed, Crashed, Failed, Running

    from pipelines import deployment_runner

    (ada, ada_entries), (bo, bo_entries) = journal.items()
    runner = _runner()
    try:
        # Ada's come without an owner (as an import's do), Bo's with theirs.
        runs = {e: runner.submit("highlight-extraction", entry_id=e) for e in ada_entries}
        runs |= {e: runner.submit("highlight-extraction", entry_id=e, owner=bo) for e in bo_entries}
        assert runner.submit("highlight-extraction", entry_id=ada_entries[0]) is runs[ada_entries[0]]
        flow_runs = _eventually(lambda: len(both := _flow_runs(client, "highlight-extraction", ada)
                                            + _flow_runs(client, "highlight-extraction", bo)) == 2 and both,
                                what="two flow runs")
        by_user = {next(t for t in r.tags if t.startswith("reverie-user:")).split(":")[1]: r for r in flow_runs}
        assert set(by_user) == {ada, bo}
        assert sorted(by_user[ada].parameters["entry_ids"]) == sorted(ada_entries)
        assert by_user[bo].parameters["entry_ids"] == bo_entries
        assert all(run.state == "scheduled" and run.owner in (ada, bo) for run in runs.values())

        # Bo's is run by a worker and completes.
        _set_state(client, by_user[bo].id, Running())
        _eventually(lambda: runs[bo_entries[0]].state == "running", what="Bo's run shown running")
        _analysed(bo_entries)
        _set_state(client, by_user[bo].id, Completed())
        assert runner.wait(runs[bo_entries[0]].id, timeout=20).state == "completed"

        # Ada's crashes: shown on her entries, and run again 15 s later as attempt 2.
        _set_state(client, by_user[ada].id, Running())
        _set_state(client, by_user[ada].id, Crashed(message="The flow run sent no heartbeat for 60 seconds."))
        second = _eventually(lambda: _flow_runs(client, "highlight-extraction", ada, "reverie-attempt:2"),
                             what="the second attempt")[0]
        assert sorted(second.parameters["entry_ids"]) == sorted(ada_entries)
        wait = (second.expected_start_time.astimezone(UTC) - datetime.now(UTC)).total_seconds()
        assert 0 < wait <= deployment_runner.RETRY_DELAYS[0], wait
        for state, error in _entries(ada_entries).values():
            assert state == "pending" and "Crashed" in error and "attempt 2 of 3" in error, error
        status = runner.status()
        assert status["flowRunFailures"] == 1 and status["retrying"] == 1, status
        assert "highlight-extraction: The flow run ended Crashed" in status["lastFailure"]

        # One entry got analysed before attempt 2 failed: attempt 3 takes only the other two.
        _analysed(ada_entries[:1])
        _set_state(client, second.id, Failed(message="ModuleNotFoundError: no module named 'pipelines'"))
        third = _eventually(lambda: _flow_runs(client, "highlight-extraction", ada, "reverie-attempt:3"),
                            what="the third attempt")[0]
        assert sorted(third.parameters["entry_ids"]) == sorted(ada_entries[1:])
        assert runner.wait(runs[ada_entries[0]].id, timeout=10).state == "completed"
        wait = (third.expected_start_time.astimezone(UTC) - datetime.now(UTC)).total_seconds()
        assert deployment_runner.RETRY_DELAYS[0] < wait <= deployment_runner.RETRY_DELAYS[1], wait

        # The last attempt is cancelled: the entries are failed with the reason, for the writer to retry.
        _set_state(client, third.id, Cancelled(message="Cancelled by an operator."))
        for entry in ada_entries[1:]:
            run = runner.wait(runs[entry].id, timeout=20)
            assert run.state == "failed" and "Cancelled" in run.error
        for state, error in list(_entries(ada_entries[1:]).values()):
            assert state == "failed" and "Cancelled by an operator" in error
        assert _entries(ada_entries[:1])[ada_entries[0]][0] == "done"
        status = runner.status()
        assert status["flowRunFailures"] == 3 and status["retrying"] == 0 and status["flowRunsInFlight"] == 0
        assert status["runs"]["failed"] == 2 and status["runs"]["completed"] == 2, status
        assert len(_flow_runs(client, "highlight-extraction", ada)) == 3  # the batch and 2 more attempts
    finally:
        runner.shutdown()


def test_a_polled_run_ends_and_a_process_taking_over_adopts_the_analyses_in_flight(prefect, client, journal):
    from prefect.states import Completed, Running

    ada, entries = next(iter(journal.items()))
    first = _runner()
    try:
        # Patterns' Refresh: the poll follows the flow run to its end.
        refresh = first.submit("pattern-clustering", user_id=ada, owner=ada)
        assert first.submit("pattern-clustering", user_id=ada, owner=ada) is refresh  # asked again while waiting
        flow_run = _eventually(lambda: _flow_runs(client, "pattern-clustering", ada, f"reverie-run:{refresh.id}"),
                               what="the refresh's flow run")[0]
        assert first.get(refresh.id).state == "scheduled"
        _set_state(client, flow_run.id, Running())
        _eventually(lambda: first.get(refresh.id).state == "running", what="refresh shown running")
        _set_state(client, flow_run.id, Completed())
        _eventually(lambda: first.get(refresh.id).state == "completed", what="refresh shown completed")

        first.submit("highlight-extraction", entry_id=entries[0], owner=ada)
        analysis = _eventually(lambda: _flow_runs(client, "highlight-extraction", ada), what="the analysis' flow run")[0]
    finally:
        first.shutdown()

    second = _runner()  # another process (or this one restarted) now dispatches the analyses
    try:
        run = second.submit("highlight-extraction", entry_id=entries[0], owner=ada)
        _eventually(lambda: second.status()["flowRunsInFlight"] == 1, what="the flow run adopted")
        time.sleep(3)  # a round or two: no second flow run for the same entry
        assert len(_flow_runs(client, "highlight-extraction", ada)) == 1
        assert run.prefect_flow_run_id == str(analysis.id)
        _analysed(entries[:1])
        _set_state(client, analysis.id, Completed())
        assert second.wait(run.id, timeout=20).state == "completed"
    finally:
        second.shutdown()


def test_a_users_story_runs_one_at_a_time_on_workers(prefect, client, database_url, monkeypatch):
    """Two flow runs asking for the same user's story at once: the second waits for the first
    (Prefect's global concurrency limit of that user, made once though both ask for it at the same
    moment); another user's does not wait."""
    import contextvars

    from pipelines import db
    from pipelines.flows._common import one_at_a_time

    db.configure(database_url)
    monkeypatch.setenv("PIPELINES_MODE", "deployments")
    inside: list[tuple[str, str, float]] = []
    first_in = threading.Event()

    def rebuild(user: str, hold: float, after: threading.Event | None) -> None:
        if after is not None:
            after.wait(30)
        with one_at_a_time("story", user):
            inside.append((user, "in", time.monotonic()))
            first_in.set()
            time.sleep(hold)
            inside.append((user, "out", time.monotonic()))

    # Two of u1's ask at once (the limit is made by one of them), each holding it 2 s; u2's asks
    # once one of u1's is in.
    threads = [threading.Thread(target=contextvars.copy_context().run, args=(rebuild, *job))  # the test's Prefect
               for job in (("u1", 2.0, None), ("u1", 2.0, None), ("u2", 0.1, first_in))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    times = {(u, what): sorted(t for uu, w, t in inside if uu == u and w == what) for u, what in
             (("u1", "in"), ("u1", "out"), ("u2", "in"), ("u2", "out"))}
    assert len(times[("u1", "in")]) == 2 and len(times[("u2", "in")]) == 1, inside
    assert times[("u1", "in")][1] >= times[("u1", "out")][0]  # one of u1's went in once the other was out
    assert times[("u2", "out")][0] < times[("u1", "out")][0]  # u2's did not wait for u1's
    assert not prefect.errors(), "\n".join(prefect.errors())  # u1's limit was made once
    limit = client.read_global_concurrency_limit_by_name("reverie-story-u1")
    assert limit.limit == 1 and limit.active_slots == 0


def test_without_the_deployments_the_runner_says_so_and_a_polled_run_ends_failed(prefect, client, monkeypatch):
    """A Prefect server that has no deployments of this name: health says what to run, and a polled
    run ends failed (after its attempts) instead of waiting for ever."""
    from pipelines import deployment_runner

    monkeypatch.setattr(deployment_runner, "DEPLOYMENT_NAME", "never-deployed")
    monkeypatch.setattr(deployment_runner, "RETRY_DELAYS", (0, 0))
    runner = deployment_runner.DeploymentRunner(workers=2)
    runner.start()
    try:
        _eventually(lambda: runner.status()["status"] == "error", what="the runner's error")
        assert "prefect deploy --all" in runner.status()["error"]
        run = runner.submit("profile-regeneration", user_id="u1", owner="u1")
        finished = runner.wait(run.id, timeout=30)
        assert finished.state == "failed" and "profile-regeneration/never-deployed" in finished.error
        assert runner.status()["flowRunFailures"] == deployment_runner.MAX_ATTEMPTS
    finally:
        runner.shutdown()


def _fresh(server: ServerProcess) -> httpx.Client:
    """New connection per request, so the kernel hands requests to either app process."""
    return httpx.Client(base_url=server.url, headers=APP_HEADERS, timeout=60,
                        limits=httpx.Limits(max_keepalive_connections=0))


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


def _listed(api: httpx.Client) -> dict[str, dict]:
    listed = api.get("/api/journal", params={"limit": 100})
    assert listed.status_code == 200, listed.text
    return {entry["id"]: entry for entry in listed.json()}


def _socket_dir(data_dir) -> str:
    """What the README has workers on the app's machine read: line 5 of the embedded server's postmaster.pid."""
    return (data_dir / "pgdata" / "postmaster.pid").read_text().splitlines()[4].strip()


def test_the_pipelines_scale_out_to_prefect_workers(prefect, tmp_path, redis_url):  # noqa: F811
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowFilter, FlowFilterName, FlowRunFilter, FlowRunFilterTags
    from prefect.settings import PREFECT_API_URL, temporary_settings

    app = ServerProcess(tmp_path / "data", extra_env={
        "PIPELINES_MODE": "deployments", "PREFECT_API_URL": prefect.api_url, "WEB_CONCURRENCY": "2",
        "REDIS_URL": redis_url, "SECRET_KEY": "scale-out-test-" + "k" * 40, "REVERIE_TEST_PID_HEADER": "1",
        "LOG_LEVEL": "WARNING"})
    worker_log = tmp_path / "worker.log"
    worker = None
    try:
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

            # 1. Four entries (the story unlocks at four), analysed through the worker in one flow
            # run (a user's entries gathered for a second) or two; meanwhile the screens that wait
            # for a run end: Refresh, the story's regeneration, weekly focus (which the app answers).
            user = make_user(api, app.data_dir / "outbox", "scale", "scale@example.com")
            written = [api.post("/api/journal", json={"content": text}).json()["id"] for text in (
                "I want to learn the cello this year. Rosalind lent me hers and I practised scales.",
                "Work was calm today; I finished the quarterly report early.",
                "Walked by the river with Sam. We talked about moving to Lisbon.",
                "Slept badly, worried about the dentist on Friday.")]
            refresh = api.post("/api/patterns/refresh")
            assert refresh.status_code == 202, refresh.text
            regenerate = api.post("/api/profile/regenerate")
            assert regenerate.status_code == 202, regenerate.text
            focus = api.post("/api/tasks-ai/weekly-focus", json={"domain": "personal"})
            assert focus.status_code == 200 and focus.json()["text"], focus.text
            refresh_id, story_id = refresh.json()["runId"], regenerate.json()["runId"]
            _eventually(lambda: api.get(f"/api/patterns/refresh/{refresh_id}").json()["state"] == "completed", 240,
                        "Refresh completed")
            story = _eventually(lambda: (polled := api.get(f"/api/profile/regenerate/{story_id}").json())["state"]
                                == "completed" and polled, 240, "the story regenerated")
            assert story["success"] is True and story["profile"]["fullProfile"], story
            for entry_id in written:
                entry = wait_until_analysed(api, entry_id, timeout=240)
                assert entry["analysis"]["state"] == "done" and entry["mood"], entry

            def analysed_by_flow_runs():
                runs = flow_runs("highlight-extraction", f"reverie-user:{user}")
                return all(r.state.type.value == "COMPLETED" for r in runs) and runs

            batches = _eventually(analysed_by_flow_runs, 60, "the analyses' flow runs completed")
            assert sorted(e for r in batches for e in r.parameters["entry_ids"]) == sorted(written)
            assert len(batches) <= 2, [r.parameters["entry_ids"] for r in batches]

            # 2. Prefect's scheduler made the upcoming nightly pattern runs and Monday's weekly focus.
            for flow in ("pattern-clustering", "weekly-focus"):
                upcoming = [r for r in flow_runs(flow) if r.state.type.value == "SCHEDULED" and r.auto_scheduled]
                assert upcoming, f"no scheduled run of {flow}"

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
            states = {e: _listed(api)[e]["analysis"]["state"] for e in crashed}
            assert set(states.values()) != {"done"}, states  # killed before the batch was through

            # Prefect marks it Crashed (no heartbeat), and the app shows it, and tries again.
            def shown_crashed():
                entries = _listed(api)
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
            entries = _listed(api)
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
