"""One process analyses (pipelines/coordination.py): two processes' coordinators on one database,
each with a runner that only records what it was given. The first takes the owner's lock and the
unfinished entries; the second hands its analyses over by NOTIFY; when the owner goes, the second
takes over and finds what was left unfinished. Nothing is queued twice."""

from __future__ import annotations

import time
import uuid

from pipelines.coordination import AnalysisOwnership
from pipelines.runs import PipelineRun
from tests.support.database import sql
from tests.support.journal import wait_until_analysed


class RecordingRunner:
    def __init__(self) -> None:
        self.runs: list[PipelineRun] = []

    def enqueue(self, flow, *, owner=None, **parameters):
        run = PipelineRun(id=uuid.uuid4().hex, flow=flow, parameters=parameters, owner=owner or "~")
        self.runs.append(run)
        return run

    def entries(self) -> list[str]:
        return [run.parameters["entry_id"] for run in self.runs]


def _until(condition, timeout: float = 15.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def test_one_owner_takes_the_analyses_and_another_takes_over(ana, database_url):
    user_id = ana.get("/api/auth/me").json()["id"]
    left = ana.post("/api/journal", json={"content": "Left unfinished by a crash."}).json()["id"]
    wait_until_analysed(ana, left)
    sql(database_url, "UPDATE journal_entries SET analysis_state = 'pending' WHERE id = :id", id=left)

    first_runner, second_runner = RecordingRunner(), RecordingRunner()
    first = AnalysisOwnership(first_runner, database_url)
    second = AnalysisOwnership(second_runner, database_url)
    first.start()
    try:
        assert _until(lambda: first.is_owner)
        assert _until(lambda: first_runner.entries() == [left]), first_runner.entries()  # the scan found it
        second.start()
        time.sleep(0.5)
        assert not second.is_owner

        # The second process hands its analyses to the owner; asking again while it is queued
        # queues nothing more, on either side.
        handed = str(uuid.uuid4())
        run = second.request(handed, user_id, {"entry_id": handed})
        assert run.state == "scheduled" and second_runner.runs == []
        assert _until(lambda: handed in first_runner.entries()), first_runner.entries()
        second.request(handed, user_id, {"entry_id": handed})
        first.request(left, user_id, {"entry_id": left})
        time.sleep(1.5)
        assert sorted(first_runner.entries()) == sorted([left, handed]) and second_runner.runs == []

        # The owner goes away with `left` never analysed: the second process takes the lock and the
        # unfinished entry over, and now queues what it is asked itself.
        first.stop()
        assert _until(lambda: second.is_owner, timeout=20)
        assert _until(lambda: second_runner.entries() == [left]), second_runner.entries()
        own = str(uuid.uuid4())
        second.request(own, user_id, {"entry_id": own})
        assert second_runner.entries() == [left, own]
    finally:
        first.stop()
        second.stop()
