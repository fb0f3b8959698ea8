"""What the deployments mode (`pipelines/deployment_runner.py`) keeps about its flow runs: a job
(one flow run's worth of work across its attempts), the entry rows a job reads and marks, and the
records of runs a client polls by id (`pipeline_runs`, any app process answers the poll)."""

from __future__ import annotations

import logging
import time
import uuid
from datetime import datetime
from typing import Any

import msgspec

from models.values import AnalysisState
from pipelines.flows import Flow
from pipelines.runs import PipelineRun

log = logging.getLogger("reverie.pipelines.deployments")

ANALYSIS_FLOW = Flow.ANALYSIS
TAG = "reverie-app"  # on the flow runs the app creates (the deployments tag theirs "reverie")
WAITING_STATES = frozenset({"SCHEDULED", "PENDING"})
IN_FLIGHT_STATES = ("SCHEDULED", "PENDING", "RUNNING", "PAUSED", "CANCELLING")


class Job:
    """One flow run's worth of work, across its attempts: its runs (one per entry for analyses),
    and the flow run of its current attempt. Its flow runs carry tags saying whose it is and which
    attempt (`tags()`), so an app process that takes over can follow them."""

    def __init__(self, flow: str, parameters: dict[str, Any], owner: str, members: list[PipelineRun],
                 attempt: int = 1, job_id: str | None = None) -> None:
        self.id = job_id or (members[0].id if flow != ANALYSIS_FLOW else uuid.uuid4().hex)
        self.flow = flow
        self.parameters = parameters
        self.owner = owner
        self.members = members
        self.attempt = attempt
        self.flow_run_id: str | None = None
        self.prefect_state = "SCHEDULED"  # the type of the flow run's state, as last read
        self.start_at: datetime | None = None  # a retry's flow run is scheduled for then
        self.create_after = 0.0  # monotonic: after Prefect refused the flow run, not before
        self.due_at = time.monotonic()  # monotonic: since when it may start (a retry: after its delay)
        self.key = key_of(flow, parameters)

    @property
    def not_started(self) -> bool:
        return self.flow_run_id is None or self.prefect_state in WAITING_STATES

    def tags(self) -> list[str]:
        return [TAG, f"reverie-run:{self.id}", f"reverie-user:{self.owner}", f"reverie-attempt:{self.attempt}"]


def key_of(flow: str, parameters: dict[str, Any]) -> str:
    return flow + msgspec.json.encode(parameters, order="sorted").decode()


def tag_value(tags: list[str], name: str) -> str | None:
    return next((t.split(":", 1)[1] for t in tags if t.startswith(name + ":")), None)


def _uuids(values: list[str]) -> list[uuid.UUID]:
    keys = []
    for value in values:
        try:
            keys.append(uuid.UUID(str(value)))
        except ValueError:
            continue
    return keys


# -- Prefect's flow runs -----------------------------------------------------------------------
def read_flow_runs(client: Any, flow_run_ids: list[str]) -> dict[str, Any]:
    """flow run id -> the flow run, for these ids (one API call)."""
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterId

    flow_runs = client.read_flow_runs(
        flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=[uuid.UUID(i) for i in flow_run_ids])),
        limit=len(flow_run_ids))
    return {str(flow_run.id): flow_run for flow_run in flow_runs}


def in_flight(client: Any, deployment_id: uuid.UUID) -> list[Any]:
    """The app's flow runs of this deployment that have not ended."""
    from prefect.client.schemas.filters import (
        FlowRunFilter,
        FlowRunFilterDeploymentId,
        FlowRunFilterState,
        FlowRunFilterStateType,
        FlowRunFilterTags,
    )
    from prefect.client.schemas.objects import StateType

    return client.read_flow_runs(flow_run_filter=FlowRunFilter(
        deployment_id=FlowRunFilterDeploymentId(any_=[deployment_id]), tags=FlowRunFilterTags(all_=[TAG]),
        state=FlowRunFilterState(type=FlowRunFilterStateType(any_=[StateType(s) for s in IN_FLIGHT_STATES]))))


# -- the entry rows ---------------------------------------------------------------------------
def entries_to_analyse(entry_ids: list[str]) -> dict[str, str]:
    """entry id -> user id, for the entries that exist and still need an analysis."""
    import sqlalchemy as sa

    from pipelines import db

    with db.session() as s:
        rows = s.execute(sa.text(
            "SELECT id::text, user_id::text FROM journal_entries WHERE id = ANY(:ids) "
            "AND NOT (analysis_state = :done AND analysed_version >= content_version)"),
            {"ids": _uuids(entry_ids), "done": AnalysisState.DONE.value}).all()
    return {entry_id: user_id for entry_id, user_id in rows}


def mark_entries(entry_ids: list[str], state: AnalysisState, error: str) -> list[str]:
    """The entries of a flow run that ended badly and are still unanalysed (pending or running):
    `state` with the reason, in one UPDATE for the batch (bulk SQL rather than the entry's methods:
    a batch is hundreds of rows, and a row the ORM could not load must still be marked). Returns
    their ids (the others were analysed, or failed on their own)."""
    import sqlalchemy as sa

    from pipelines import db

    with db.session() as s:
        rows = s.execute(sa.text(
            "UPDATE journal_entries SET analysis_state = :state, analysis_error = :error "
            "WHERE id = ANY(:ids) AND analysis_state IN (:pending, :running) RETURNING id::text"),
            {"ids": _uuids(entry_ids), "state": AnalysisState(state).value, "error": error[:500],
             "pending": AnalysisState.PENDING.value, "running": AnalysisState.RUNNING.value}).scalars().all()
        s.commit()
    return list(rows)


def failed_entries(entry_ids: list[str]) -> set[str]:
    import sqlalchemy as sa

    from pipelines import db

    with db.session() as s:
        return set(s.execute(sa.text(
            "SELECT id::text FROM journal_entries WHERE id = ANY(:ids) AND analysis_state = :failed"),
            {"ids": _uuids(entry_ids), "failed": AnalysisState.FAILED.value}).scalars())
