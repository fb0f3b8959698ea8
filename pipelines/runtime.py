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
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Literal

import msgspec

from pipelines.flows import FLOWS, load_flow

RunState = Literal["scheduled", "running", "completed", "failed"]
DEPLOYMENT_NAME = "default"
_KEPT_RUNS = 500
# Flows whose queued runs one flow run may take together: flow -> (its one-subject parameter,
# the parameter that takes a list of subjects).
BATCHED_FLOWS = {"highlight-extraction": ("entry_id", "entry_ids")}
MAX_BATCH = 16


class PipelineRun(msgspec.Struct, kw_only=True):
    id: str
    flow: str
    parameters: dict[str, Any]
    state: RunState = "scheduled"
    result: Any = None
    error: str | None = None
    prefect_flow_run_id: str | None = None


def warm_up() -> None:
    """Load the models and run a first (empty) flow now, so the first saved entry does not wait."""
    from pipelines.embeddings import embed
    from pipelines.mood import get_mood_model

    embed(["warm up"])
    get_mood_model()
    load_flow("highlight-extraction")


def _queue_key(flow: str, parameters: dict[str, Any]) -> str:
    return flow + msgspec.json.encode(parameters, order="sorted").decode()


class PipelineRunner:
    def __init__(self, mode: str = "inline", workers: int = 2) -> None:
        if mode not in ("inline", "deployments"):
            raise ValueError(f"Unknown pipelines mode {mode!r}")
        self.mode = mode
        self.workers = workers
        self._executor: ThreadPoolExecutor | None = None
        self._runs: OrderedDict[str, PipelineRun] = OrderedDict()
        self._futures: dict[str, Future[None]] = {}
        self._queued: dict[str, str] = {}  # queue key -> id of the run waiting for a worker
        self._done: dict[str, threading.Event] = {}  # run id -> set when the run has finished
        self._lock = threading.Lock()
        self._prefect_status: str = "stopped"
        self._prefect_error: str | None = None
        self._prefect_api_url: str | None = None

    # -- lifecycle -------------------------------------------------------------------------
    def start(self) -> None:
        """Start the pool and, in the background, bring up and check the Prefect API."""
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="pipeline")
        self._prefect_status = "starting"
        threading.Thread(target=self._check_prefect, name="prefect-check", daemon=True).start()

    def shutdown(self, wait: bool = True) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=wait, cancel_futures=True)
            self._executor = None
        with self._lock:
            for done in self._done.values():  # nobody waits for a run that will never start
                done.set()
        self._prefect_status = "stopped"

    def _check_prefect(self) -> None:
        try:
            from prefect.client.orchestration import get_client

            with get_client(sync_client=True) as client:
                error = client.api_healthcheck()
                self._prefect_api_url = str(client.api_url)
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
    def submit(self, flow: str, **parameters: Any) -> PipelineRun:
        """Start a run of `flow` without waiting for it; poll `get()` for its state.

        Inline, a run asked for while an identical one is still queued (same flow and
        parameters, not yet started) is that run: the flows read their subject's latest state
        when they start, so the queued run covers both requests. Autosave edits an entry every
        few seconds; under load this keeps the queue to one analysis per entry.
        """
        if flow not in FLOWS:
            raise KeyError(f"Unknown flow {flow!r}")
        if self._executor is None:
            raise RuntimeError("The pipeline runner is not started")
        run = PipelineRun(id=uuid.uuid4().hex, flow=flow, parameters=parameters)
        target = self._run_inline if self.mode == "inline" else self._run_deployment
        key = _queue_key(flow, parameters) if self.mode == "inline" else None
        with self._lock:
            queued = self._runs.get(self._queued.get(key, "")) if key else None
            if queued is not None and queued.state == "scheduled":
                return queued
            if key:
                self._queued[key] = run.id
            self._runs[run.id] = run
            self._done[run.id] = threading.Event()
            self._futures[run.id] = self._executor.submit(target, run)
            while len(self._runs) > _KEPT_RUNS:
                old_id, _ = self._runs.popitem(last=False)
                self._futures.pop(old_id, None)
                self._done.pop(old_id, None)
        return run

    def get(self, run_id: str) -> PipelineRun | None:
        with self._lock:
            return self._runs.get(run_id)

    def wait(self, run_id: str, timeout: float | None = None) -> PipelineRun:
        with self._lock:
            done = self._done.get(run_id)
        if done is not None and not done.wait(timeout):
            raise TimeoutError(f"pipeline run {run_id} still {self._runs[run_id].state} after {timeout}s")
        run = self.get(run_id)
        if run is None:
            raise KeyError(run_id)
        return run

    def _run_inline(self, run: PipelineRun) -> None:
        from prefect.settings import PREFECT_FLOWS_HEARTBEAT_FREQUENCY, temporary_settings

        # Prefect starts its local API on first use, and two threads starting it at once can end
        # with a server that is gone: every run waits for the one the start-up check brings up.
        if not self.wait_until_ready(timeout=300):
            run.state = "failed"
            run.error = f"Prefect's API is not available: {self._prefect_error or self._prefect_status}"
            self._finished(run)
            return
        batch = self._claim(run)
        parameters = run.parameters
        if len(batch) > 1:
            single, many = BATCHED_FLOWS[run.flow]
            parameters = {many: [r.parameters[single] for r in batch]}
        try:
            # Heartbeats detect crashed runs on remote workers; inline, the entry's own analysis
            # state does that, and the heartbeat thread would hold each worker ~1 s after its run.
            with temporary_settings(updates={PREFECT_FLOWS_HEARTBEAT_FREQUENCY: None}):
                state = load_flow(run.flow)(**parameters, return_state=True)
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
            for member in batch:
                self._finished(member)

    def _claim(self, run: PipelineRun) -> list[PipelineRun]:
        """Mark `run` running, with, for a batched flow, the same flow's other queued runs (up to
        MAX_BATCH): one flow run then covers them all, and Prefect's fixed cost per flow run
        (about 80 ms of CPU between the app and its API, measured) is paid once under load.
        A run taken into a batch is cancelled in the pool, so no worker picks it up again."""
        with self._lock:
            batch = [run]
            if run.flow in BATCHED_FLOWS:
                for other_id in list(self._queued.values()):
                    if len(batch) >= MAX_BATCH:
                        break
                    other = self._runs.get(other_id)
                    if other is None or other is run or other.flow != run.flow or other.state != "scheduled":
                        continue
                    future = self._futures.get(other_id)
                    if future is not None and future.cancel():
                        batch.append(other)
            for member in batch:
                key = _queue_key(member.flow, member.parameters)
                if self._queued.get(key) == member.id:
                    del self._queued[key]
                member.state = "running"
            return batch

    def _finished(self, run: PipelineRun) -> None:
        with self._lock:
            done = self._done.get(run.id)
        if done is not None:
            done.set()

    def _run_deployment(self, run: PipelineRun) -> None:
        from prefect.deployments import run_deployment

        try:
            flow_run = run_deployment(
                name=f"{run.flow}/{DEPLOYMENT_NAME}", parameters=run.parameters, timeout=0, as_subflow=False
            )
            run.prefect_flow_run_id = str(flow_run.id)
            run.state = "scheduled"
        except Exception as exc:
            run.state = "failed"
            run.error = f"{type(exc).__name__}: {exc}"
        finally:
            self._finished(run)  # handed to Prefect: nothing more to wait for here

    # -- health ----------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        with self._lock:
            runs = list(self._runs.values())
        counts = {state: sum(1 for run in runs if run.state == state) for state in ("scheduled", "running", "completed", "failed")}
        return {
            "status": self._prefect_status,
            "mode": self.mode,
            "workers": self.workers,
            "flows": list(FLOWS),
            "prefectApi": self._prefect_api_url,
            "error": self._prefect_error,
            "runs": counts,
            "lastFailure": next((f"{r.flow}: {r.error}" for r in reversed(runs) if r.state == "failed"), None),
        }
