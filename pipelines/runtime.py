"""How the API starts pipeline runs: the one narrow interface between `api` and the flows.

Two modes, chosen by configuration, with the same flows:
- inline (the embedded default): flows run on a small thread pool inside the app's process,
  recorded by Prefect in its local SQLite database under the data dir (Prefect starts its own
  ephemeral API server as a subprocess of the app; it stops with the app).
- deployments (scale-out): the API creates flow runs of the deployments in `prefect.yaml`, and
  Prefect workers on any machine execute them, against the Prefect server in PREFECT_API_URL.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections import Counter, OrderedDict, deque
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import msgspec

from pipelines.catalog import FLOWS, load_flow, spec_of
from pipelines.coordination import PUBLISHED_STALE_SECONDS
from pipelines.followups import FollowUps, queue_due
from pipelines.runs import SHARED_LANE, PipelineRun, RunBook

DEPLOYMENT_NAME = "default"
# Which flows take batches, are coordinated, follow up or are follow-ups: their `FlowSpec`s
# (pipelines/catalog.py); what follows an analysis: pipelines/followups.py.
# A batch is one flow run with one task run (pipelines/flows/highlight_extraction.py), so Prefect's
# fixed cost is shared by its entries; 16 entries hold a worker a few seconds, and whoever else
# waits is served by the other worker meanwhile (a lane with a run going goes last). 300 entries of
# one user, measured: 8 a batch 16 ms of Prefect's API server CPU per entry, 16 a batch 12 ms,
# 32 a batch 11 ms.
MAX_BATCH = 16
# Under load, a worker about to start a batched flow run waits up to GATHER_SECONDS for more
# analyses to queue (until MAX_BATCH): Prefect's bookkeeping per flow run (measured: about 90 ms of
# the app's CPU and 100 ms of its API server's, against 60-80 ms for an analysis itself) is then
# shared by the batch. "Under load": runs of at least BUSY_OWNERS owners were queued in the last
# BUSY_SECONDS. One person saving entries (autosave, an import, a backlog) never waits: their
# analyses start at once, and a backlog fills its batches without waiting.
GATHER_SECONDS = 1.0
BUSY_SECONDS = 2.0
BUSY_OWNERS = 3
# How long a Prefect API that is still starting is waited for (its first start migrates its database).
PREFECT_START_SECONDS = 180.0
# A lane whose next run has waited this long for a worker means the queue is not moving: health
# says "degraded". Fairness keeps every lane's wait to a few batches, far under this.
STALLED_SECONDS = 60.0


def warm_up() -> None:
    """Load the models and run a first (empty) flow now, so the first saved entry does not wait."""
    from pipelines.embeddings import embed
    from pipelines.mood import get_mood_model

    embed(["warm up"])
    get_mood_model()
    for name, spec in FLOWS.items():
        if spec.warm:
            load_flow(name)


# The inline runner's flows (`inline_flow`), and each worker thread's Prefect client.
_inline_flows: dict[str, tuple[Any, Any]] = {}
_thread_state = threading.local()


def inline_flow(name: str) -> Any:
    """The flow as the inline runner runs it: the same flow (name, steps, what the Prefect UI shows),
    with its result settings given rather than asked of the API server on every flow run (two
    `GET /admin/storage` calls each). They are what the server would answer: results kept in
    memory, not persisted (nothing reads a persisted result; the entry rows hold the outcome),
    and Prefect's local result storage path."""
    base = load_flow(name)
    if not hasattr(base, "with_options"):  # not a Prefect flow (a test's stand-in): as it is
        return base
    made = _inline_flows.get(name)
    if made is None or made[0] is not base:
        from prefect.settings import PREFECT_RESULTS_LOCAL_STORAGE_PATH

        made = base, base.with_options(persist_result=False,
                                       result_storage=Path(PREFECT_RESULTS_LOCAL_STORAGE_PATH.value()))
        _inline_flows[name] = made
    return made[1]


def prefect_client_for_this_thread() -> None:
    """One Prefect API client per pipeline worker thread, opened on its first flow run and kept
    open: the flow engine takes the thread's client (`SyncClientContext`) instead of building
    one per flow run. Building one cost more than the flow run's API calls: a TLS context loaded
    with certifi's CA bundle (about 10-20 ms of CPU, for a plain-HTTP loopback API), a `GET
    /csrf-token`, and a new connection."""
    from prefect.context import SyncClientContext

    if SyncClientContext.get() is None:
        context = SyncClientContext()
        context.__enter__()  # sets the context variable in this thread's context, which it keeps
        _thread_state.prefect_client = context


def _queue_key(flow: str, parameters: dict[str, Any]) -> str:
    return flow + msgspec.json.encode(parameters, order="sorted").decode()


class PipelineRunner(RunBook):
    """Runs flows for the API (inline: on `workers` threads of this process).

    The queue is fair between owners: each owner (a user) has a lane of queued runs, and a free
    worker takes the head of the next lane in turn, so one user's backlog of thousands of
    analyses delays another user's new entry by at most the batches already running. A worker
    gets one ticket in the pool per queued run, and takes whatever run is fairest when it starts.
    """

    def __new__(cls, mode: str = "inline", workers: int = 2) -> Any:
        """Deployments mode is another runner with this interface (pipelines/deployment_runner.py)."""
        if mode == "deployments" and cls is PipelineRunner:
            from pipelines.deployment_runner import DeploymentRunner

            return DeploymentRunner(workers=workers)
        return super().__new__(cls)

    def __init__(self, mode: str = "inline", workers: int = 2) -> None:
        if mode not in ("inline", "deployments"):
            raise ValueError(f"Unknown pipelines mode {mode!r}")
        self.mode = mode
        self.workers = workers
        super().__init__()
        self._executor: ThreadPoolExecutor | None = None
        self._lanes: OrderedDict[str, deque[str]] = OrderedDict()  # owner -> ids of queued runs, oldest first
        self._queued: dict[str, str] = {}  # queue key -> id of the run waiting for a worker
        self._inflight: Counter[str] = Counter()  # owner -> their runs now running
        self._running_flows: Counter[tuple[str, str]] = Counter()  # (owner, flow) -> runs now running
        self._lane_waiting: dict[str, float] = {}  # owner -> since when their lane waits for a worker
        # Which owners' follow-ups (story, patterns) a running batch holds, or wait for their backlog.
        self.follow_ups = FollowUps()
        self._grown = threading.Condition(self._lock)  # notified when a run is queued
        self._arrivals: deque[tuple[float, str]] = deque()  # (monotonic time, owner) of recent runs
        self._prefect_status: str = "stopped"
        self._prefect_error: str | None = None
        self._prefect_api_url: str | None = None
        self._started_at: float | None = None  # when start() ran (monotonic)

    def coordinate(self, database_url: str, *, may_own: bool = True) -> None:
        """Share the work with the app's other processes on this database (inline mode): one
        process analyses (`pipelines/coordination.py`), and polled runs are recorded for all.
        `may_own` false: this process never analyses (a pipeline process of its own does)."""
        if self.mode == "inline":
            from pipelines.coordination import AnalysisOwnership

            self.coordination = AnalysisOwnership(self, database_url, may_own=may_own)

    # -- lifecycle -------------------------------------------------------------------------
    def start(self) -> None:
        """Start the pool and, in the background, bring up and check the Prefect API."""
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="pipeline")
        self._prefect_status = "starting"
        self._started_at = time.monotonic()
        threading.Thread(target=self._check_prefect, name="prefect-check", daemon=True).start()
        if self.coordination is not None:
            self.coordination.start()

    def shutdown(self, wait: bool = True) -> None:
        if self.coordination is not None:
            self.coordination.stop()
        if self._executor is not None:
            self._executor.shutdown(wait=wait, cancel_futures=True)
            self._executor = None
        with self._lock:
            self._lanes.clear()
            self._queued.clear()
            for done in self._done.values():  # nobody waits for a run that will never start
                done.set()
        self._prefect_status = "stopped"

    def _check_prefect(self) -> None:
        try:
            from prefect.client.orchestration import get_client

            # Prefect's API may still be starting (`python -m api` starts it beside the app): asked
            # again until it answers, for as long as a first start may take.
            deadline = time.monotonic() + PREFECT_START_SECONDS
            while True:
                with get_client(sync_client=True) as client:
                    error = client.api_healthcheck()
                    self._prefect_api_url = str(client.api_url)
                if error is None or time.monotonic() > deadline or self._executor is None:
                    break
                time.sleep(0.5)
            if error is not None:
                raise error
            self._prefect_status = "ready"
            if self.mode == "inline":
                warm_up()
        except Exception as exc:  # reported by health, never raised into the app
            self._prefect_status = "error"
            self._prefect_error = f"{type(exc).__name__}: {exc}"

    def wait_until_ready(self, timeout: float = 120.0) -> bool:
        deadline = time.monotonic() + timeout
        while self._prefect_status == "starting" and time.monotonic() < deadline:
            time.sleep(0.1)
        return self._prefect_status == "ready"

    # -- runs ------------------------------------------------------------------------------
    def submit(self, flow: str, *, owner: str | None = None, **parameters: Any) -> PipelineRun:
        """Queue a run of `flow` without waiting for it; poll `get()` for its state. `owner` (a
        user id; default: the `user_id` parameter) picks the lane the run waits in.

        A run asked for while an identical one is still queued (same flow and parameters, not
        yet started) is that run: the flows read their subject's latest state when they start,
        so the queued run covers both requests. Autosave edits an entry every few seconds; under
        load this keeps the queue to one analysis per entry.
        """
        if flow not in FLOWS:
            raise KeyError(f"Unknown flow {flow!r}")
        if self._executor is None:
            raise RuntimeError("The pipeline runner is not started")
        spec = spec_of(flow)
        if self.coordination is not None and spec.coordinated and set(parameters) == {spec.subject}:
            lane = str(owner or SHARED_LANE)
            return self.coordination.request(str(parameters[spec.subject]), lane, parameters)
        return self.enqueue(flow, owner=owner, **parameters)

    def enqueue(self, flow: str, *, owner: str | None = None, **parameters: Any) -> PipelineRun:
        """`submit`, on this process's own queue."""
        if self._executor is None:
            raise RuntimeError("The pipeline runner is not started")
        lane = str(owner or parameters.get("user_id") or SHARED_LANE)
        run = PipelineRun(id=uuid.uuid4().hex, flow=flow, parameters=parameters, owner=lane)
        key = _queue_key(flow, parameters)
        with self._lock:
            queued = self._runs.get(self._queued.get(key, ""))
            if queued is not None and queued.state == "scheduled":
                return queued
            self._queued[key] = run.id
            self._keep(run)
            now = time.monotonic()
            self._lanes.setdefault(lane, deque()).append(run.id)
            self._lane_waiting.setdefault(lane, now)
            self._arrivals.append((now, lane))
            while now - self._arrivals[0][0] > BUSY_SECONDS:  # only the last BUSY_SECONDS' are kept
                self._arrivals.popleft()
            self._grown.notify_all()
        self._ticket()
        self._record([run])
        return run

    def _work(self) -> None:
        """One worker ticket: run the fairest queued work there is (none, when a batch took it)."""
        if self.mode == "inline" and not self.wait_until_ready(timeout=300):
            # Prefect starts its local API on first use, and two threads starting it at once can
            # end with a server that is gone: every run waits for the one the start-up check brings up.
            batch, deferred = self._take()
            for run in batch:
                run.state = "failed"
                run.error = f"Prefect's API is not available: {self._prefect_error or self._prefect_status}"
            self._after(batch, deferred)
            return
        if self.mode == "inline":
            self._gather()
        batch, deferred = self._take()
        if not batch:
            return
        self._run_inline(batch, deferred)

    def _busy(self, now: float) -> bool:
        """Whether runs of at least BUSY_OWNERS owners were queued in the last BUSY_SECONDS."""
        while self._arrivals and now - self._arrivals[0][0] > BUSY_SECONDS:
            self._arrivals.popleft()
        return len({owner for _, owner in self._arrivals}) >= BUSY_OWNERS

    def _gather(self) -> None:
        """Under load, wait (at most GATHER_SECONDS) until a full batch of a batched flow is queued."""
        with self._grown:
            deadline = time.monotonic() + GATHER_SECONDS
            while True:
                now = time.monotonic()
                queued = len(self._queued)  # runs waiting for a worker
                if (not queued or queued >= MAX_BATCH or now >= deadline or self._executor is None
                        or not self._busy(now)
                        or not any(spec_of(self._runs[lane[0]].flow).batched
                                   for lane in self._lanes.values() if lane and lane[0] in self._runs)):
                    return
                self._grown.wait(deadline - now)

    def _blocked(self, owner: str, run_id: str) -> bool:
        """A story or pattern run waits while the owner has one running (or an analysis that may
        follow up with one): never two of a user's at once."""
        run = self._runs.get(run_id)
        return (run is not None and spec_of(run.flow).follow_up
                and (self._running_flows[(owner, run.flow)] > 0 or self.follow_ups.blocks(owner)))

    def _next_lane(self) -> str | None:
        """The lane to serve next: the first in turn whose owner has nothing running, else the first
        in turn (a lone user's backlog may use every worker, but whoever else is waiting goes first,
        so one user's import never holds more than one worker while others wait)."""
        ready = [owner for owner, lane in self._lanes.items() if lane and not self._blocked(owner, lane[0])]
        idle = [owner for owner in ready if not self._inflight[owner]]
        return (idle or ready or [None])[0]

    def _pop(self, owner: str, now: float) -> PipelineRun | None:
        """The owner's next queued run, off their lane; the lane goes to the back of the turn order."""
        lane = self._lanes[owner]
        run = self._runs.get(lane.popleft())
        if lane:
            self._lanes.move_to_end(owner)
            self._lane_waiting[owner] = now
        else:
            self._lanes.pop(owner, None)
            self._lane_waiting.pop(owner, None)
        return run if run is not None and run.state == "scheduled" else None

    def _take(self) -> tuple[list[PipelineRun], list[str]]:
        """The next lane's oldest run, marked running; for a batched flow, with more queued runs of
        the same flow taken from the lanes in turn (up to MAX_BATCH), so one flow run covers them
        and Prefect's fixed cost per flow run (about 80 ms of CPU, measured) is paid once.
        Also: the batch's owners whose follow-ups must wait (more of their analyses are queued or
        running), decided here under the lock with the in-flight counts, so that exactly one
        batch, the last of a backlog to finish, leaves them owed."""
        with self._lock:
            now = time.monotonic()
            batch: list[PipelineRun] = []
            while not batch:
                owner = self._next_lane()
                if owner is None:
                    return [], []
                run = self._pop(owner, now)
                if run is not None:
                    batch.append(run)
            flow = batch[0].flow
            spec = spec_of(flow)
            if spec.batched and self.mode == "inline":
                progress = True
                while len(batch) < MAX_BATCH and progress:
                    progress = False
                    for owner in list(self._lanes):
                        if len(batch) >= MAX_BATCH:
                            break
                        lane = self._lanes[owner]
                        head = self._runs.get(lane[0]) if lane else None
                        if head is None or head.flow != flow:
                            continue
                        popped = self._pop(owner, now)
                        if popped is not None:
                            batch.append(popped)
                            progress = True
            deferred: list[str] = []
            if spec.defers_follow_ups_by:
                deferred = self.follow_ups.batch_starts(
                    (member.owner for member in batch),
                    busy=lambda owner: bool(self._inflight[owner] or self._following_up(owner)
                                            or self._queued_of(owner, flow)))
            for member in batch:
                key = _queue_key(member.flow, member.parameters)
                if self._queued.get(key) == member.id:
                    del self._queued[key]
                member.state = "running"
                self._inflight[member.owner] += 1
                self._running_flows[(member.owner, member.flow)] += 1
        self._record(batch)
        return batch, deferred

    def _following_up(self, owner: str) -> bool:
        """A follow-up of the owner's is running (the caller holds the lock)."""
        return any(self._running_flows[(owner, f)] for f, spec in FLOWS.items() if spec.follow_up)

    def _queued_of(self, owner: str, flow: str) -> bool:
        """The owner's lane has a run of `flow` waiting (the caller holds the lock)."""
        return any(self._runs[i].flow == flow for i in self._lanes.get(owner, ()) if i in self._runs)

    def _run_inline(self, batch: list[PipelineRun], deferred: list[str]) -> None:
        from prefect.settings import PREFECT_FLOWS_HEARTBEAT_FREQUENCY, temporary_settings

        run = batch[0]
        spec = spec_of(run.flow)
        parameters = dict(run.parameters)
        if len(batch) > 1 and spec.subject and spec.subjects:
            parameters = {spec.subjects: [r.parameters[spec.subject] for r in batch]}
        if spec.defers_follow_ups_by:
            parameters[spec.defers_follow_ups_by] = deferred
        try:
            prefect_client_for_this_thread()
            # Heartbeats detect crashed runs on remote workers; inline, the entry's own analysis
            # state does that, and the heartbeat thread would hold each worker ~1 s after its run.
            with temporary_settings(updates={PREFECT_FLOWS_HEARTBEAT_FREQUENCY: None}):
                state = inline_flow(run.flow)(**parameters, return_state=True)
            flow_run_id = str(state.state_details.flow_run_id) if state.state_details else None
            result = state.result(raise_on_failure=True)
            results = result if len(batch) > 1 else [result]
            for member, outcome in zip(batch, results, strict=True):
                member.prefect_flow_run_id = flow_run_id
                member.result = outcome
                failed = isinstance(outcome, dict) and outcome.get("status") == "failed" and len(batch) > 1
                member.state = "failed" if failed else "completed"
                member.error = outcome.get("reason") if failed else None
        except Exception as exc:
            for member in batch:
                member.state = "failed"
                member.error = f"{type(exc).__name__}: {exc}"
        finally:
            self._after(batch, deferred)

    def _after(self, batch: list[PipelineRun], deferred: list[str]) -> None:
        """A batch has finished: its runs are released, and the follow-ups its owners are owed are
        queued once their backlog has drained (or has lasted BACKLOG_FOLLOW_UP_SECONDS)."""
        now = time.monotonic()
        with self._lock:
            for member in batch:
                self._inflight[member.owner] -= 1
                self._running_flows[(member.owner, member.flow)] -= 1
            if batch and spec_of(batch[0].flow).defers_follow_ups_by:
                self.follow_ups.batch_ends((m.owner for m in batch), deferred,
                                           [(m.owner, m.result) for m in batch], now)
            self._inflight = +self._inflight  # drops the owners at zero
            self._running_flows = +self._running_flows
            due = self.follow_ups.due(now, drained=lambda owner: not self._inflight[owner] and not any(
                spec_of(self._runs[i].flow).defers_follow_ups_by for i in self._lanes.get(owner, ()) if i in self._runs))
            more_waiting = any(self._lanes.values())
        for owner in due:  # queued before the batch is seen finished: a waiter then sees them
            self._follow_up(owner)
        for member in batch:
            self._finished(member)
        if more_waiting:
            # A lane whose next run waited for this batch (a story while another ran) needs a ticket.
            self._ticket()

    def _ticket(self) -> None:
        try:
            if self._executor is not None:
                self._executor.submit(self._work)
        except RuntimeError:  # shut down meanwhile: nothing more runs
            pass

    def _follow_up(self, owner: str) -> None:
        """Queue the owner's follow-ups that are due (never raises: a failed check costs only them)."""
        queue_due(owner, lambda flow, **parameters: self.enqueue(flow, **parameters)
                  if self._executor is not None else None)

    # -- health ----------------------------------------------------------------------------
    def queue(self) -> dict[str, Any]:
        """The queue as health shows it: runs waiting, lanes (users) waiting, and how long the lane
        that has waited longest for a worker has waited; `stalled` past STALLED_SECONDS."""
        with self._lock:
            depth = sum(len(lane) for lane in self._lanes.values())
            oldest = min(self._lane_waiting.values(), default=None)
            owners = len(self._lanes)
            running = sum(self._inflight.values())
        waited = 0.0 if oldest is None else round(time.monotonic() - oldest, 1)
        return {"depth": depth, "waitingOwners": owners, "running": running, "oldestWaitSeconds": waited,
                "stalled": waited > STALLED_SECONDS}

    def status(self) -> dict[str, Any]:
        with self._lock:
            runs = list(self._runs.values())
            lanes = len(self._lanes)
        counts = {state: sum(1 for run in runs if run.state == state) for state in ("scheduled", "running", "completed", "failed")}
        queue = self.queue()
        status, error = self._prefect_status, self._prefect_error
        if status == "ready" and queue["stalled"]:
            status = "degraded"
        analysing: dict[str, Any] | None = None
        if self.coordination is not None and not self.coordination.is_owner:
            # Another process analyses (a pipeline process of its own, or another app process):
            # its queue is the one that counts, as it last wrote it.
            analysing = self.coordination.published()
            if analysing is None or analysing["ageSeconds"] > PUBLISHED_STALE_SECONDS:
                if self._started_at is not None and time.monotonic() - self._started_at < PREFECT_START_SECONDS:
                    # Just started: the analysing process (started alongside) has not spoken yet.
                    status, error = "starting", None
                else:
                    when = "" if analysing is None else f" (last heard of {analysing['ageSeconds']:.0f} s ago)"
                    status, error = "degraded", f"No process is analysing entries{when}."
            else:
                queue = analysing.get("queue") or queue
                if status == "ready" and analysing["status"] == "starting":
                    status, error = "starting", None
                elif status == "ready" and analysing["status"] != "ready":
                    status, error = "degraded", analysing.get("error") or f"The analysis process is {analysing['status']}."
        return {
            "status": status,
            "queue": queue,
            "analysisProcess": None if analysing is None else {
                "pid": analysing["pid"], "ageSeconds": analysing["ageSeconds"], "runs": analysing.get("runs")},
            "mode": self.mode,
            "workers": self.workers,
            "flows": list(FLOWS),
            "prefectApi": self._prefect_api_url,
            "error": error,
            "runs": counts,
            "queuedOwners": lanes,
            # With several app processes, whether this one runs the analyses (coordination.py).
            "analysisOwner": self.coordination.is_owner if self.coordination is not None else True,
            "lastFailure": next((f"{r.flow}: {r.error}" for r in reversed(runs) if r.state == "failed"), None),
        }
