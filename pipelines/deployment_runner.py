"""The pipelines' deployments mode: flows run on Prefect workers, and the app follows each flow run
to its end.

`PipelineRunner(mode="deployments")` is a `DeploymentRunner`: the same interface as inline
(`submit`, `active`, `get`, `wait`, `status`), with the flows run as flow runs of the deployments
in prefect.yaml on whatever workers serve the work pool. One thread of the app talks to Prefect's
API; no request waits for it.

- Analyses: one flow run per batch of a user's entries (up to MAX_ENTRIES_PER_RUN, `entry_ids`),
  and at most one flow run in flight per user, so a user's backlog holds one worker slot while
  another user's new entry gets the next (the work pool's concurrency limit bounds the slots). A
  batch followed by more of the same user's entries leaves the story rebuild to the last batch
  (`defer_follow_ups_for`). With several app processes, one dispatches the analyses: the analysis
  owner of `pipelines/coordination.py`; the others hand entries to it. A process that becomes the
  owner first adopts the analysis flow runs Prefect still has in flight (their tags say whose and
  which attempt), so a takeover runs nothing twice.
- Following: every FOLLOW_SECONDS one API call reads the states of the flow runs in flight. A
  flow run that ended Failed, Crashed (its worker died: `prefect-automations.yaml` marks it) or
  Cancelled is run again, RETRY_DELAYS later (a flow run Prefect holds Scheduled until then), up to
  MAX_ATTEMPTS; meanwhile its entries stay pending with the reason in `analysis_error`, and after
  the last attempt they are `failed` with it. Health counts the failures and shows the last.
- Runs a client polls by id (profile regeneration, pattern refresh) are recorded in
  `pipeline_runs`, so any app process answers the poll (as inline with several processes).
"""

from __future__ import annotations

import contextvars
import logging
import threading
import time
import uuid
from collections import OrderedDict
from datetime import UTC, datetime, timedelta
from typing import Any

from models.values import AnalysisState
from pipelines.catalog import FLOWS, spec_of
from pipelines.deployment_jobs import (
    ANALYSIS_FLOW,
    WAITING_STATES,
    Job,
    entries_to_analyse,
    failed_entries,
    in_flight,
    key_of,
    mark_entries,
    read_flow_runs,
    tag_value,
)
from pipelines.followups import FollowUps
from pipelines.runs import SHARED_LANE, PipelineRun, RunBook

log = logging.getLogger("reverie.pipelines.deployments")

DEPLOYMENT_NAME = "default"
# A flow run loads the models once for its batch: 50 entries take well under a minute of a worker.
MAX_ENTRIES_PER_RUN = 50
# A user's first waiting entry waits this long for more (autosave, an import handing over its
# entries one by one) before their batch goes: a flow run costs a worker a process and the
# models' loading, seconds of CPU, against a second of waiting.
GATHER_SECONDS = 1.0
# A flow run that failed, crashed or was cancelled is run again after these delays (seconds),
# MAX_ATTEMPTS runs in all.
MAX_ATTEMPTS = 3
RETRY_DELAYS = (15, 60)
FOLLOW_SECONDS = 2.0
# In-flight runs' records are touched this often, so a run waiting in a long queue never looks
# like the run of a process that died (RECORD_STALE_SECONDS).
TOUCH_SECONDS = 60.0
# A run that could not be handed to Prefect for this long, its API unreachable, counts a failed attempt.
UNREACHABLE_SECONDS = 30.0
# While the deployments or the crash automation are missing, they are looked for again this often.
CHECK_SECONDS = 5.0
# A flow run due this long without a worker starting it: the queue does not move (health "degraded").
# Longer than inline's: a worker starts a process and loads the models for each flow run, and a
# batch of MAX_ENTRIES_PER_RUN holds its slot for a while.
STALLED_SECONDS = 300.0
CRASH_AUTOMATION = "reverie: crash flow runs that stop sending heartbeats"
ENDED_BADLY = frozenset({"FAILED", "CRASHED", "CANCELLED"})


class DeploymentRunner(RunBook):
    def __init__(self, workers: int = 2) -> None:
        self.mode = "deployments"
        self.workers = workers
        super().__init__()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._waiting: OrderedDict[str, OrderedDict[str, PipelineRun]] = OrderedDict()  # owner -> entry -> run
        self._new: list[Job] = []  # jobs whose flow run is still to be created
        self._jobs: dict[str, Job] = {}  # jobs with a flow run in Prefect, not ended
        self._entry_jobs: dict[str, Job] = {}  # entry id -> the job analysing it
        self._arrived: dict[str, float] = {}  # entry id -> when its analysis was asked for (monotonic)
        self._deployments: dict[str, uuid.UUID] = {}
        self._adopted = False
        self.follow_ups = FollowUps()  # whose batches leave their follow-ups to a later batch
        self._status = "stopped"
        self._error: str | None = None
        self._warning: str | None = None
        self._api_url: str | None = None
        self._failures = 0
        self._last_failure: str | None = None

    def coordinate(self, database_url: str, *, may_own: bool = True) -> None:
        """Several app processes on one database: one dispatches the analyses (`may_own` false: never
        this one), polled runs are recorded for all (pipelines/coordination.py)."""
        from pipelines.coordination import AnalysisOwnership

        self.coordination = AnalysisOwnership(self, database_url, may_own=may_own)

    # -- lifecycle -------------------------------------------------------------------------
    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._status = "starting"
        # The thread runs in this context: Prefect's settings (PREFECT_API_URL) as the caller has them.
        context = contextvars.copy_context()
        self._thread = threading.Thread(target=context.run, args=(self._serve,), name="pipelines-deployments",
                                        daemon=True)
        self._thread.start()
        if self.coordination is not None:
            self.coordination.start()

    def shutdown(self, wait: bool = True) -> None:
        if self.coordination is not None:
            self.coordination.stop()
        self._stop.set()
        self._wake.set()
        thread, self._thread = self._thread, None
        if wait and thread is not None:
            thread.join(timeout=30)
        with self._lock:
            for done in self._done.values():  # nobody waits for what this process no longer follows
                done.set()
        self._status = "stopped"

    def wait_until_ready(self, timeout: float = 120.0) -> bool:
        deadline = time.monotonic() + timeout
        while self._status == "starting" and time.monotonic() < deadline:
            time.sleep(0.1)
        return self._status == "ready"

    # -- runs ------------------------------------------------------------------------------
    def submit(self, flow: str, *, owner: str | None = None, **parameters: Any) -> PipelineRun:
        """Have a worker run `flow`; poll `get()` for its state. An analysis asked for while the
        entry's is still waiting for a worker is that one."""
        if flow not in FLOWS:
            raise KeyError(f"Unknown flow {flow!r}")
        if self._thread is None:
            raise RuntimeError("The pipeline runner is not started")
        spec = spec_of(flow)
        if self.coordination is not None and spec.coordinated and set(parameters) == {spec.subject}:
            return self.coordination.request(str(parameters[spec.subject]), str(owner or SHARED_LANE), parameters)
        return self.enqueue(flow, owner=owner, **parameters)

    def enqueue(self, flow: str, *, owner: str | None = None, **parameters: Any) -> PipelineRun:
        """`submit`, dispatched by this process."""
        if self._thread is None:
            raise RuntimeError("The pipeline runner is not started")
        lane = str(owner or parameters.get("user_id") or SHARED_LANE)
        with self._lock:
            if flow == ANALYSIS_FLOW and set(parameters) == {"entry_id"}:
                entry_id = str(parameters["entry_id"])
                job = self._entry_jobs.get(entry_id)
                if job is not None and job.not_started:
                    return next(m for m in job.members if m.parameters["entry_id"] == entry_id)
                for waiting in self._waiting.values():
                    if entry_id in waiting:
                        return waiting[entry_id]
                run = self._new_run(flow, parameters, lane)
                self._waiting.setdefault(lane, OrderedDict())[entry_id] = run
                self._arrived[entry_id] = time.monotonic()
            else:
                key = key_of(flow, parameters)
                same = next((j for j in [*self._new, *self._jobs.values()] if j.key == key and j.not_started), None)
                if same is not None:
                    return same.members[0]
                run = self._new_run(flow, parameters, lane)
                self._new.append(Job(flow, parameters, lane, [run]))
        self._record([run])
        self._wake.set()
        return run

    def _new_run(self, flow: str, parameters: dict[str, Any], owner: str) -> PipelineRun:
        run = PipelineRun(id=uuid.uuid4().hex, flow=flow, parameters=parameters, owner=owner)
        return self._keep(run)

    # -- the thread that talks to Prefect --------------------------------------------------
    def _serve(self) -> None:
        from prefect.client.orchestration import get_client

        touched = time.monotonic()
        while not self._stop.is_set():
            try:
                with get_client(sync_client=True) as client:
                    checked = None
                    while not self._stop.is_set():
                        unsure = self._status != "ready" or self._warning is not None
                        if unsure and (checked is None or time.monotonic() - checked >= CHECK_SECONDS):
                            checked = time.monotonic()
                            self._check(client)
                        gathering = self._round(client)
                        if time.monotonic() - touched >= TOUCH_SECONDS:
                            touched = time.monotonic()
                            self._touch_records()
                        self._wake.wait(min(FOLLOW_SECONDS, gathering))
                        self._wake.clear()
            except Exception as exc:  # noqa: BLE001  Prefect's API went away: reported by health, tried again
                self._status, self._error = "error", f"Prefect's API is not available: {type(exc).__name__}: {exc}"
                log.warning("prefect_unavailable %s", self._error)
                with self._lock:  # what waits to be handed over for long counts an attempt: no screen waits for ever
                    due = [job for job in self._new
                           if time.monotonic() - max(job.due_at, job.create_after) > UNREACHABLE_SECONDS]
                for job in due:
                    self._ended_badly(job, self._error, created=False)
                self._stop.wait(FOLLOW_SECONDS * 5)

    def _check(self, client: Any) -> None:
        """Prefect's API answers and has the deployments; the crash automation is there."""
        error = client.api_healthcheck()
        if error is not None:
            raise error
        self._api_url = str(client.api_url)
        from prefect.exceptions import ObjectNotFound

        missing = []
        for flow in FLOWS:
            try:
                self._deployments[flow] = client.read_deployment_by_name(f"{flow}/{DEPLOYMENT_NAME}").id
            except ObjectNotFound:
                missing.append(f"{flow}/{DEPLOYMENT_NAME}")
        if missing:
            self._status = "error"
            self._error = (f"Prefect's server has no deployment {', '.join(missing)}: run `prefect deploy --all` "
                           "(README, Scaling out the pipelines)")
            return
        self._warning = None if client.read_automations_by_name(CRASH_AUTOMATION) else (
            f"Prefect's server has no automation {CRASH_AUTOMATION!r}: a flow run whose worker dies stays Running "
            "and is never run again (prefect automation create --from-file prefect-automations.yaml)")
        self._status, self._error = "ready", None

    def _round(self, client: Any) -> float:
        """One round; returns how long until a lane still gathering is due."""
        dispatcher = self.coordination is None or self.coordination.is_owner
        if dispatcher and not self._adopted:
            self._adopted = self._adopt(client)
        elif not dispatcher and self._adopted:
            self._let_go()
        gathering = self._dispatch() if dispatcher and self._adopted else FOLLOW_SECONDS
        self._create(client)
        self._follow(client)
        return gathering

    # -- analyses: batches per user ----------------------------------------------------------
    def _dispatch(self) -> float:
        """Each user with entries waiting and no analysis flow run in flight gets one, for up to
        MAX_ENTRIES_PER_RUN of them, once the first has waited GATHER_SECONDS; entries deleted or
        analysed meanwhile need none. Returns how long until a lane still gathering is due."""
        with self._lock:
            waiting = [(owner, entry_id) for owner, runs in self._waiting.items() for entry_id in runs]
        if not waiting:
            return FOLLOW_SECONDS
        try:
            owners = entries_to_analyse([entry_id for _, entry_id in waiting])
        except Exception as exc:  # noqa: BLE001  the database is away: the entries wait for the next round
            log.warning("analyses_not_dispatched %s: %s", type(exc).__name__, exc)
            return FOLLOW_SECONDS
        gathering = FOLLOW_SECONDS
        finished: list[PipelineRun] = []
        now = time.monotonic()
        with self._lock:
            for lane, entry_id in waiting:  # to the lane of the entry's user (imports come without one)
                run = self._waiting.get(lane, OrderedDict()).pop(entry_id, None)
                user = owners.get(entry_id)
                if run is None:
                    continue
                if user is None:
                    run.state = "completed"
                    finished.append(run)
                    self._arrived.pop(entry_id, None)
                else:
                    run.owner = user
                    self._waiting.setdefault(user, OrderedDict())[entry_id] = run
            busy = {j.owner for j in [*self._new, *self._jobs.values()] if j.flow == ANALYSIS_FLOW}
            for owner in list(self._waiting):
                runs = self._waiting[owner]
                if owner in busy or not runs:
                    if not runs:
                        del self._waiting[owner]
                    continue
                waited = now - min(self._arrived.get(entry_id, 0.0) for entry_id in runs)
                if waited < GATHER_SECONDS and len(runs) < MAX_ENTRIES_PER_RUN:
                    gathering = min(gathering, GATHER_SECONDS - waited)
                    continue
                members = [runs.pop(entry_id) for entry_id in list(runs)[:MAX_ENTRIES_PER_RUN]]
                for member in members:
                    self._arrived.pop(member.parameters["entry_id"], None)
                more = bool(runs)
                if not more:
                    del self._waiting[owner]
                # The story and patterns follow the backlog's last batch (or one every few
                # minutes of a long backlog), not every batch (pipelines/followups.py).
                defer = self.follow_ups.defer_batch(owner, more, now)
                spec = spec_of(ANALYSIS_FLOW)
                parameters = {str(spec.subjects): [m.parameters["entry_id"] for m in members],
                              str(spec.defers_follow_ups_by): [owner] if defer else []}
                job = Job(ANALYSIS_FLOW, parameters, owner, members)
                self._new.append(job)
                for member in members:
                    self._entry_jobs[member.parameters["entry_id"]] = job
        for run in finished:
            self._finished(run)
        return gathering

    def _adopt(self, client: Any) -> bool:
        """The analysis flow runs still in flight in Prefect (another owner's, or this one's before
        a restart): followed from here, so their entries are not analysed twice."""
        deployment = self._deployments.get(ANALYSIS_FLOW)
        if deployment is None:
            return False
        flow_runs = in_flight(client, deployment)
        with self._lock:
            for flow_run in flow_runs:
                owner = tag_value(flow_run.tags, "reverie-user") or SHARED_LANE
                entry_ids = [str(e) for e in flow_run.parameters.get("entry_ids") or []]
                members = []
                for entry_id in entry_ids:
                    run = (self._waiting.get(owner) or {}).pop(entry_id, None) or self._new_run(
                        ANALYSIS_FLOW, {"entry_id": entry_id}, owner)
                    self._arrived.pop(entry_id, None)
                    members.append(run)
                job = Job(ANALYSIS_FLOW, dict(flow_run.parameters), owner, members,
                          attempt=int(tag_value(flow_run.tags, "reverie-attempt") or 1),
                          job_id=tag_value(flow_run.tags, "reverie-run"))
                job.flow_run_id, job.prefect_state = str(flow_run.id), flow_run.state.type.value
                self._jobs[job.id] = job
                for member in members:
                    member.prefect_flow_run_id = job.flow_run_id
                    self._entry_jobs[member.parameters["entry_id"]] = job
        if flow_runs:
            log.info("analysis_flow_runs_adopted %s", len(flow_runs))
        return True

    def _let_go(self) -> None:
        """Not the analysis owner any more: the new owner adopts the analyses in flight."""
        with self._lock:
            jobs = [j for j in [*self._new, *self._jobs.values()] if j.flow == ANALYSIS_FLOW]
            for job in jobs:
                self._jobs.pop(job.id, None)
                if job in self._new:
                    self._new.remove(job)
            self._entry_jobs.clear()
            dropped = [run for runs in self._waiting.values() for run in runs.values()]
            self._waiting.clear()
            self._arrived.clear()
            self._adopted = False
        for run in [m for j in jobs for m in j.members] + dropped:
            self._finished(run)

    # -- flow runs ---------------------------------------------------------------------------
    def _create(self, client: Any) -> None:
        from prefect.states import Scheduled

        now = time.monotonic()
        with self._lock:
            due = [job for job in self._new if job.create_after <= now]
        for job in due:
            deployment = self._deployments.get(job.flow)
            if deployment is None:
                self._ended_badly(job, self._error or f"Prefect's server has no deployment of {job.flow}.", created=False)
                continue
            try:
                flow_run = client.create_flow_run_from_deployment(
                    deployment, parameters=job.parameters, tags=job.tags(),
                    state=Scheduled(scheduled_time=job.start_at) if job.start_at else None,
                    idempotency_key=f"{job.id}-{job.attempt}")
            except Exception as exc:  # noqa: BLE001  counted as an attempt
                self._ended_badly(job, f"Prefect did not take the flow run ({type(exc).__name__}: {exc}).", created=False)
                continue
            with self._lock:
                if job in self._new:
                    self._new.remove(job)
                job.flow_run_id, job.prefect_state = str(flow_run.id), flow_run.state.type.value
                self._jobs[job.id] = job
                for member in job.members:
                    member.prefect_flow_run_id = job.flow_run_id

    def _follow(self, client: Any) -> None:
        """One call for the states of every flow run in flight (in pages of 200)."""
        with self._lock:
            jobs = [job for job in self._jobs.values() if job.flow_run_id]
        for start in range(0, len(jobs), 200):
            page = jobs[start:start + 200]
            flow_runs = read_flow_runs(client, [job.flow_run_id for job in page if job.flow_run_id])
            for job in page:
                flow_run = flow_runs.get(job.flow_run_id or "")
                if flow_run is None:
                    self._ended_badly(job, "The flow run was deleted from Prefect.")
                    continue
                state = flow_run.state
                kind = state.type.value if state is not None else "SCHEDULED"
                if kind == job.prefect_state:
                    continue
                job.prefect_state = kind
                if kind == "COMPLETED":
                    self._completed(job)
                elif kind in ENDED_BADLY:
                    message = (state.message or "").strip() if state is not None else ""
                    self._ended_badly(job, f"The flow run ended {state.name if state else kind}"
                                           + (f": {message}" if message else "."))
                else:
                    shown = "scheduled" if kind in WAITING_STATES else "running"
                    for member in job.members:
                        member.state = shown
                    self._record(job.members)

    def _completed(self, job: Job) -> None:
        failed: set[str] = set()
        if job.flow == ANALYSIS_FLOW:
            try:  # an entry whose own analysis failed (after its step's retries) is shown failed
                failed = failed_entries(job.parameters["entry_ids"])
            except Exception:  # noqa: BLE001
                failed = set()
        for member in job.members:
            member.state = "failed" if member.parameters.get("entry_id") in failed else "completed"
            member.error = "The analysis failed." if member.state == "failed" else None
        self._end(job)

    def _ended_badly(self, job: Job, reason: str, created: bool = True) -> None:
        """Run it again RETRY_DELAYS later, or, after MAX_ATTEMPTS, show it failed."""
        self._failures += 1
        self._last_failure = f"{job.flow}: {reason}"
        log.warning("flow_run_ended_badly %s attempt %s of %s: %s", job.flow, job.attempt, MAX_ATTEMPTS, reason)
        last = job.attempt >= MAX_ATTEMPTS
        entry_ids = job.parameters.get("entry_ids") if job.flow == ANALYSIS_FLOW else None
        delay = 0 if last else RETRY_DELAYS[min(job.attempt, len(RETRY_DELAYS)) - 1]
        said = reason if last else f"{reason} Trying again in {delay} s (attempt {job.attempt + 1} of {MAX_ATTEMPTS})."
        if entry_ids:
            try:
                left = set(mark_entries(entry_ids, AnalysisState.FAILED if last else AnalysisState.PENDING, said))
            except Exception:  # noqa: BLE001
                left = set(entry_ids)  # the database is away: every entry is tried again
            done = [m for m in job.members if m.parameters["entry_id"] not in left]
            for member in done:  # analysed already, or failed on its own: not run again
                member.state = "completed"
                self._finished(member)
            with self._lock:
                for member in done:
                    if self._entry_jobs.get(member.parameters["entry_id"]) is job:
                        del self._entry_jobs[member.parameters["entry_id"]]
                job.members = [m for m in job.members if m not in done]
                job.parameters = {**job.parameters, "entry_ids": [e for e in entry_ids if e in left]}
            if not job.members:
                self._end(job)
                return
        for member in job.members:
            member.error = said
            member.state = "failed" if last else "scheduled"
        if last:
            self._end(job)
            return
        with self._lock:
            job.attempt += 1
            if created:
                job.start_at = datetime.now(UTC) + timedelta(seconds=delay)
            else:
                job.create_after = time.monotonic() + delay
            job.due_at = time.monotonic() + delay
            job.flow_run_id, job.prefect_state = None, "SCHEDULED"
            self._jobs.pop(job.id, None)
            if job not in self._new:
                self._new.append(job)
        self._record(job.members)

    def _end(self, job: Job) -> None:
        with self._lock:
            self._jobs.pop(job.id, None)
            if job in self._new:
                self._new.remove(job)
            for member in job.members:
                entry_id = member.parameters.get("entry_id")
                if entry_id is not None and self._entry_jobs.get(entry_id) is job:
                    del self._entry_jobs[entry_id]
        for member in job.members:
            self._finished(member)
        self._wake.set()  # the user's next batch may go

    # -- runs other processes poll ---------------------------------------------------------
    def _touch_records(self) -> None:
        with self._lock:
            runs = [m for j in [*self._new, *self._jobs.values()] for m in j.members]
        self._record(runs)

    # -- health ----------------------------------------------------------------------------
    def queue(self) -> dict[str, Any]:
        """The queue as health shows it: analyses waiting for their user's batch in flight, flow
        runs not started, and how long the one due longest has waited for a worker; `stalled`
        past STALLED_SECONDS (no worker serves the pool, or the workers are far behind)."""
        now = time.monotonic()
        with self._lock:
            jobs = [*self._new, *self._jobs.values()]
            waiting = {owner: len(runs) for owner, runs in self._waiting.items() if runs}
        queued = [job for job in jobs if job.not_started]
        waited = max((now - job.due_at for job in queued if job.due_at <= now), default=0.0)
        return {"depth": sum(waiting.values()) + len(queued),
                "waitingOwners": len(set(waiting) | {job.owner for job in queued}),
                "running": sum(1 for job in jobs if not job.not_started),
                "oldestWaitSeconds": round(waited, 1), "stalled": waited > STALLED_SECONDS}

    def status(self) -> dict[str, Any]:
        """Health's pipelines part. In a process that does not dispatch the analyses, the queue and
        the last failure are the dispatcher's, as it last published them (pipelines/coordination.py)."""
        from pipelines.coordination import PUBLISHED_STALE_SECONDS

        with self._lock:
            runs = list(self._runs.values())
            jobs = [*self._new, *self._jobs.values()]
        counts = {state: sum(1 for r in runs if r.state == state) for state in ("scheduled", "running", "completed", "failed")}
        queue, status, error, last_failure = self.queue(), self._status, self._error, self._last_failure
        owner = self.coordination is None or self.coordination.is_owner
        analysing = None if owner else self.coordination.published()
        if not owner and (analysing is None or analysing["ageSeconds"] > PUBLISHED_STALE_SECONDS):
            status, error = "degraded", "No app process is dispatching the analyses."
        elif analysing is not None:
            queue, last_failure = analysing.get("queue") or queue, analysing.get("lastFailure") or last_failure
        return {
            "status": "degraded" if status == "ready" and queue["stalled"] else status,
            "queue": queue, "mode": self.mode, "workers": self.workers, "flows": list(FLOWS),
            "prefectApi": self._api_url, "error": error, "warning": self._warning, "runs": counts,
            "flowRunsInFlight": len(jobs), "retrying": sum(1 for j in jobs if j.attempt > 1),
            "flowRunFailures": self._failures, "analysisOwner": owner, "lastFailure": last_failure,
        }
