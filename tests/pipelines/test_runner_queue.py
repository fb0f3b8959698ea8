"""The inline runner's queue, without running flows: which run a free worker takes, when a user's
story waits, and what health says of a queue that does not move."""

from __future__ import annotations

import time
import uuid

import pytest

from pipelines.runtime import MAX_BATCH, PREFECT_START_SECONDS, PipelineRunner


@pytest.fixture
def runner() -> PipelineRunner:
    """A runner whose pool only collects tickets: nothing runs unless the test takes it."""
    made = PipelineRunner(mode="inline", workers=2)
    made._executor = type("Pool", (), {"submit": lambda self, fn: None, "shutdown": lambda self, **kw: None})()
    return made


def analysis(runner: PipelineRunner, owner: str):
    return runner.enqueue("highlight-extraction", owner=owner, entry_id=str(uuid.uuid4()))


def test_a_user_with_a_run_going_waits_behind_whoever_has_none(runner):
    """A backlog's owner already holding a worker is passed over for another user's run, though
    their lane comes first in turn: one import never holds two workers while someone waits."""
    for _ in range(3):
        runner.enqueue("weekly-focus", owner="importer", user_id="importer", domain=str(uuid.uuid4()))
    first, _ = runner._take()
    assert [run.owner for run in first] == ["importer"]
    runner.enqueue("weekly-focus", owner="writer", user_id="writer", domain="personal")
    second, _ = runner._take()
    assert [run.owner for run in second] == ["writer"]
    # With nobody else waiting, the backlog may use the free worker.
    runner._after(second, [])
    third, _ = runner._take()
    assert [run.owner for run in third] == ["importer"]


def test_a_users_story_is_never_rebuilt_twice_at_once(runner):
    runner.enqueue("profile-regeneration", owner="u", user_id="u")
    running, _ = runner._take()
    assert [run.flow for run in running] == ["profile-regeneration"]
    runner.enqueue("profile-regeneration", owner="u", user_id="u", force=True)
    assert runner._take() == ([], [])  # waits while the first one runs
    runner._after(running, [])
    following, _ = runner._take()
    assert [(run.flow, run.parameters.get("force")) for run in following] == [("profile-regeneration", True)]


def test_an_analysis_with_more_of_its_users_queued_or_running_defers_the_follow_ups(runner):
    """The batch that takes a user's last queued analysis while another of their batches runs
    defers too: only the last batch to finish leaves the follow-ups owed, so they run once."""
    for _ in range(MAX_BATCH + 4):
        analysis(runner, "u")
    first, deferred_first = runner._take()
    assert len(first) == MAX_BATCH and deferred_first == ["u"]  # four more are queued
    second, deferred_second = runner._take()
    assert len(second) == 4 and deferred_second == ["u"]  # none queued, but the first batch runs
    assert runner.follow_ups.holding["u"] == 0
    # Alone, an analysis follows up itself, and a story asked for meanwhile waits for it.
    analysis(runner, "v")
    lone, deferred_lone = runner._take()
    assert deferred_lone == [] and runner.follow_ups.holding["v"] == 1
    runner.enqueue("profile-regeneration", owner="v", user_id="v")
    assert runner._take() == ([], [])
    runner._after(lone, deferred_lone)
    assert runner.follow_ups.holding["v"] == 0
    assert [run.flow for run in runner._take()[0]] == ["profile-regeneration"]


def test_follow_ups_are_owed_once_by_the_last_batch_to_finish(runner, monkeypatch):
    queued: list[str] = []
    monkeypatch.setattr(runner, "_follow_up", queued.append)
    for _ in range(MAX_BATCH + 4):
        analysis(runner, "u")
    first, deferred_first = runner._take()
    second, deferred_second = runner._take()
    for run in (*first, *second):
        run.result = {"status": "done", "outputs": {"userId": "u", "followUpsDeferred": True}}
    runner._after(second, deferred_second)  # the later batch finishes first
    assert queued == [] and "u" in runner.follow_ups.owed
    runner._after(first, deferred_first)
    assert queued == ["u"] and runner.follow_ups.owed == {}


def test_a_long_backlog_is_followed_up_at_most_every_few_minutes(runner, monkeypatch):
    from pipelines import followups

    queued: list[str] = []
    monkeypatch.setattr(runner, "_follow_up", queued.append)
    monkeypatch.setattr(followups, "BACKLOG_FOLLOW_UP_SECONDS", 0.2)
    for _ in range(5 * MAX_BATCH):
        analysis(runner, "u")
    batches = []
    for _ in range(5):
        batch, deferred = runner._take()
        for run in batch:
            run.result = {"status": "done", "outputs": {"userId": "u", "followUpsDeferred": True}}
        batches.append((batch, deferred))
    runner._after(*batches[0])
    assert queued == []  # the backlog has only just begun
    time.sleep(0.25)
    runner._after(*batches[1])
    assert queued == ["u"]  # it has lasted: a story now, though more is queued
    runner._after(*batches[2])
    assert queued == ["u"]
    runner._after(*batches[3])
    runner._after(*batches[4])
    assert queued == ["u", "u"]  # and once more when it drains


def test_health_says_degraded_when_a_lane_waits_too_long(runner, monkeypatch):
    from pipelines import runtime

    runner._prefect_status = "ready"
    assert runner.status()["status"] == "ready" and runner.queue()["depth"] == 0
    analysis(runner, "u")
    analysis(runner, "w")
    queue = runner.queue()
    assert queue["depth"] == 2 and queue["waitingOwners"] == 2 and queue["stalled"] is False
    monkeypatch.setattr(runtime, "STALLED_SECONDS", 0.1)
    time.sleep(0.15)
    status = runner.status()
    assert status["status"] == "degraded" and status["queue"]["stalled"] is True
    assert status["queue"]["oldestWaitSeconds"] >= 0.1
    runner._take()  # the queue moves: both taken in one batch
    assert runner.status()["status"] == "ready" and runner.queue()["depth"] == 0


def test_an_app_process_reports_the_pipeline_process_and_says_when_none_is_heard_of(runner, monkeypatch):
    """Where another process analyses, health shows its queue as it last wrote it, and 'degraded'
    when it has not written for PUBLISHED_STALE_SECONDS (it died, or never started)."""
    from pipelines.coordination import PUBLISHED_STALE_SECONDS

    heard: dict = {}
    runner._prefect_status = "ready"
    runner.coordination = type("Elsewhere", (), {"is_owner": False, "published": lambda self: heard.get("last")})()
    runner._started_at = time.monotonic()  # just started: the pipeline process has not spoken yet
    status = runner.status()
    assert status["status"] == "starting" and status["error"] is None
    runner._started_at = time.monotonic() - PREFECT_START_SECONDS - 1
    status = runner.status()
    assert status["status"] == "degraded" and status["error"] == "No process is analysing entries."
    queue = {"depth": 40, "waitingOwners": 1, "running": 2, "oldestWaitSeconds": 1.5, "stalled": False}
    heard["last"] = {"pid": 4242, "status": "ready", "queue": queue, "runs": {"completed": 7}, "ageSeconds": 3.0}
    status = runner.status()
    assert status["status"] == "ready" and status["queue"] == queue
    assert status["analysisProcess"] == {"pid": 4242, "ageSeconds": 3.0, "runs": {"completed": 7}}
    heard["last"] = {**heard["last"], "ageSeconds": PUBLISHED_STALE_SECONDS + 1}
    status = runner.status()
    assert status["status"] == "degraded"
    assert status["error"] == f"No process is analysing entries (last heard of {PUBLISHED_STALE_SECONDS + 1:.0f} s ago)."
    heard["last"] = {**heard["last"], "ageSeconds": 2.0, "status": "starting"}
    assert runner.status()["status"] == "starting"
    heard["last"] = {**heard["last"], "ageSeconds": 2.0, "queue": {**queue, "stalled": True}, "status": "degraded"}
    assert runner.status()["status"] == "degraded"
