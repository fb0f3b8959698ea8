"""A pipeline run as the API sees it, whichever runner runs it (`pipelines/runtime.py` inline,
`pipelines/deployment_runner.py` on Prefect workers), and the records of the runs a client polls by
id: with several app processes the poll may reach another process than the one running the run,
so their states are also kept in `pipeline_runs`, where any process reads them."""

from __future__ import annotations

import logging
from typing import Any, Literal

import msgspec

from pipelines.catalog import Flow

log = logging.getLogger("reverie.pipelines")

RunState = Literal["scheduled", "running", "completed", "failed"]
# The lane of runs submitted without an owner.
SHARED_LANE = "~"
# Runs a client polls by id (`get`, `active`).
RECORDED_FLOWS = frozenset({Flow.PROFILE, Flow.PATTERNS})
# A recorded run not updated for this long belonged to a process that stopped: it counts as failed.
RECORD_STALE_SECONDS = 15 * 60


class PipelineRun(msgspec.Struct, kw_only=True):
    id: str
    flow: str
    parameters: dict[str, Any]
    state: RunState = "scheduled"
    result: Any = None
    error: str | None = None
    prefect_flow_run_id: str | None = None
    # Whose work this is (a user id): the queue is fair between owners.
    owner: str = SHARED_LANE


def record_runs(runs: list[PipelineRun]) -> None:
    """Keep polled runs' states in `pipeline_runs` (never raises: the poll then answers from the
    process that runs them only)."""
    runs = [run for run in runs if run.flow in RECORDED_FLOWS]
    if not runs:
        return
    import sqlalchemy as sa

    from pipelines import db

    try:
        with db.session() as s:
            for run in runs:
                s.execute(sa.text(
                    "INSERT INTO pipeline_runs (id, flow, owner, state, error, updated_at) "
                    "VALUES (:id, :flow, :owner, :state, :error, now()) ON CONFLICT (id) DO UPDATE "
                    "SET state = EXCLUDED.state, error = EXCLUDED.error, updated_at = now()"),
                    {"id": run.id, "flow": str(run.flow), "owner": run.owner[:64], "state": run.state,
                     "error": run.error})
            s.execute(sa.text("DELETE FROM pipeline_runs WHERE updated_at < now() - interval '1 day'"))
            s.commit()
    except Exception as exc:  # noqa: BLE001
        log.warning("run_not_recorded %s: %s", type(exc).__name__, exc)


def recorded_run(*, run_id: str | None = None, flow: str | None = None,
                 owner: str | None = None) -> PipelineRun | None:
    """A run by id, or the owner's newest waiting or running run of `flow`, as recorded. A record
    not touched for RECORD_STALE_SECONDS belonged to a process that stopped: that run failed."""
    import sqlalchemy as sa

    from pipelines import db

    query = ("SELECT id, flow, owner, state, error, now() - updated_at > make_interval(secs => :stale) "
             "FROM pipeline_runs WHERE ")
    if run_id is not None:
        query += "id = :id"
    else:
        query += ("owner = :owner AND flow = :flow AND state IN ('scheduled', 'running') "
                  "AND now() - updated_at <= make_interval(secs => :stale) ORDER BY updated_at DESC LIMIT 1")
    try:
        with db.session() as s:
            row = s.execute(sa.text(query), {"id": run_id, "owner": owner, "flow": None if flow is None else str(flow),
                                             "stale": RECORD_STALE_SECONDS}).first()
    except Exception:  # noqa: BLE001  unknown here: the caller answers from its own runs
        return None
    if row is None:
        return None
    state, error = row.state, row.error
    if row[5] and state in ("scheduled", "running"):
        state, error = "failed", "The process following it stopped."
    return PipelineRun(id=row.id, flow=row.flow, parameters={}, owner=row.owner, state=state, error=error)


# Finished runs kept for `get()` and health; queued and running runs are always kept, however many.
KEPT_FINISHED = 500


class RunBook:
    """The runs a runner knows of, as both runners keep them: each run with an event set when it
    ends, the newest KEPT_FINISHED finished ones kept, and the runs clients poll recorded in
    `pipeline_runs` when several processes may answer the poll (`coordination` set)."""

    def __init__(self) -> None:
        import threading
        from collections import OrderedDict

        self.coordination: Any = None
        self._lock = threading.Lock()
        self._runs: dict[str, PipelineRun] = {}
        self._done: dict[str, threading.Event] = {}
        self._finished_order: OrderedDict[str, None] = OrderedDict()

    def _keep(self, run: PipelineRun) -> PipelineRun:
        """A new run, known from now on (the caller holds the lock)."""
        import threading

        self._runs[run.id] = run
        self._done[run.id] = threading.Event()
        return run

    def active(self, flow: str, owner: str) -> PipelineRun | None:
        """The owner's queued or running run of `flow`, if any (the newest); with several
        processes, also one another process runs."""
        with self._lock:
            found = [r for r in self._runs.values()
                     if r.flow == flow and r.owner == owner and r.state in ("scheduled", "running")
                     and not self._done[r.id].is_set()]
        if found:
            return found[-1]
        if self.coordination is not None and flow in RECORDED_FLOWS:
            return recorded_run(flow=flow, owner=owner)
        return None

    def get(self, run_id: str) -> PipelineRun | None:
        with self._lock:
            run = self._runs.get(run_id)
        if run is None and self.coordination is not None:
            run = recorded_run(run_id=run_id)
        return run

    def wait(self, run_id: str, timeout: float | None = None) -> PipelineRun:
        with self._lock:
            done = self._done.get(run_id)
            run = self._runs.get(run_id)
        if run is None or done is None:
            raise KeyError(run_id)
        if not done.wait(timeout):
            raise TimeoutError(f"pipeline run {run_id} still {run.state} after {timeout}s")
        return run

    def _record(self, runs: list[PipelineRun]) -> None:
        """Keep polled runs' states in `pipeline_runs` (several processes only; never raises)."""
        if self.coordination is not None:
            record_runs(runs)

    def _finished(self, run: PipelineRun) -> None:
        """The run ended: recorded, kept among the newest finished ones, and whoever waits told."""
        self._record([run])
        with self._lock:
            done = self._done.get(run.id)
            self._finished_order[run.id] = None
            while len(self._finished_order) > KEPT_FINISHED:
                old, _ = self._finished_order.popitem(last=False)
                self._runs.pop(old, None)
                self._done.pop(old, None)
        if done is not None:
            done.set()
