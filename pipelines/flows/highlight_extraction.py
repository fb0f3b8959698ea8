"""Highlight extraction for one saved entry: mood, summary, related goals and projects, and the
tasks, projects and goals created from its highlights; then the personal story when due.

Triggered when an entry is created or its content changes (and at start-up for entries whose
analysis a crash interrupted).
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import sqlalchemy as sa
from prefect import flow

from pipelines.catalog import Flow
from pipelines.flows._common import FlowResult, Subject, step
from pipelines.outcomes import AnalysisOutputs

FLOW_NAME = Flow.ANALYSIS


def run_highlight_extraction(entry_id: str) -> FlowResult[AnalysisOutputs]:
    """The plain function under the flow: callable from tests and notebooks without Prefect."""
    from pipelines.analysis import analyse_entry

    done = analyse_entry(entry_id)
    return FlowResult(flow=FLOW_NAME, status=done.status, subject=Subject(entry_id=entry_id), outputs=done.outputs,
                      reason=done.reason)


def mark_failed(entry_id: str, reason: str) -> None:
    """The entry's analysis failed: said on the entry, in plain SQL rather than the entry's methods
    (a row the ORM could not load must still be marked, or it would be picked up again and again)."""
    from models.values import AnalysisState
    from pipelines import db

    with db.session() as s:
        s.execute(sa.text("UPDATE journal_entries SET analysis_state = :failed, analysis_error = :reason "
                          "WHERE id = CAST(:id AS uuid) AND analysis_state <> :done"),
                  {"id": entry_id, "reason": reason[:500], "failed": AnalysisState.FAILED.value,
                   "done": AnalysisState.DONE.value})
        s.commit()


def run_starts(entry_id: str) -> bool:
    """Counts a run of the entry's current content (the analysis sets the count back to 0 when it
    finishes); False when earlier runs of it failed or were interrupted MAX_UNFINISHED_RUNS times:
    the entry is then marked failed, for the writer to retry, instead of being analysed again (an
    entry that kills its process would otherwise be picked up by every scan and start-up for ever)."""
    from models.constants import ANALYSIS_FAILED_MESSAGE, MAX_UNFINISHED_RUNS
    from models.values import AnalysisState
    from pipelines import db

    try:
        uuid.UUID(entry_id)
    except ValueError:
        return True  # no such entry: the analysis says so
    with db.session() as s:
        runs = s.scalar(sa.text(
            "UPDATE journal_entries SET unfinished_runs = unfinished_runs + 1 WHERE id = CAST(:id AS uuid) "
            "AND NOT (analysis_state = :done AND analysed_version >= content_version) RETURNING unfinished_runs"),
            {"id": entry_id, "done": AnalysisState.DONE.value})
        s.commit()
    if runs is not None and runs > MAX_UNFINISHED_RUNS:
        mark_failed(entry_id, ANALYSIS_FAILED_MESSAGE)
        return False
    return True


# An entry's analysis that raises is tried once more after this long before it is marked failed.
RETRY_SECONDS = 2.0


def analyse_one(entry_id: str) -> FlowResult[AnalysisOutputs]:
    """One entry of a batch: counted as a run of its content, tried twice, marked failed when it
    still fails; never raises, so one entry cannot fail the others."""
    if not run_starts(entry_id):
        return FlowResult(flow=FLOW_NAME, status="failed", subject=Subject(entry_id=entry_id),
                          reason="stopped after repeated failures")
    for attempt in (1, 2):
        try:
            return run_highlight_extraction(entry_id=entry_id)
        except Exception as exc:
            reason = f"{type(exc).__name__}: {exc}"
            logging.getLogger("reverie.pipelines").warning("analysis_failed %s (try %s): %s", entry_id, attempt, reason)
            if attempt == 1:
                time.sleep(RETRY_SECONDS)
    mark_failed(entry_id, reason)
    return FlowResult(flow=FLOW_NAME, status="failed", subject=Subject(entry_id=entry_id), reason=reason)


@step("highlight-extraction-step")
def highlight_extraction_step(entry_ids: list[str]) -> list[FlowResult[AnalysisOutputs]]:
    """The batch's analyses, one task run for all of them: Prefect's bookkeeping per task run (its
    API's state changes, about 50 ms of its server's CPU and as much of the app's, measured) is
    paid once per batch, not once per entry. The task is retried as a whole only when something
    beyond one entry fails (the database gone); entries already analysed are then skipped."""
    return [analyse_one(entry_id) for entry_id in entry_ids]


@contextmanager
def embedded_ahead(entry_ids: list[str]) -> Iterator[None]:
    """The batch's texts (entries and the sentences their summaries rank) through the embedding
    model in one call before the steps run, and imported entries' stored vectors reused; each step
    then takes its vectors from there. A plain call, not a task: the steps stay as the Prefect UI
    shows them, and a step works the same when this made nothing ahead (it embeds what it needs),
    so a failure here only costs the batching, never an analysis."""
    from pipelines.analysis import batch_texts
    from pipelines.embeddings import embedded_together

    with ExitStack() as stack:
        try:
            texts, known = batch_texts(entry_ids)
            stack.enter_context(embedded_together(texts, known))
        except Exception:
            logging.getLogger("reverie.pipelines").warning("batch_embedding_skipped", exc_info=True)
        yield


def _each(subflow: Any, user_ids: list[str]) -> list[Any]:
    """`subflow` for these users: one flow run for one user (as before), one flow run with a step
    per user for several; a result per user, in order."""
    if not user_ids:
        return []
    if len(user_ids) == 1:
        return [subflow(user_id=user_ids[0])]
    return list(subflow(user_ids=user_ids))


@flow(name=FLOW_NAME)
def highlight_extraction(entry_id: str | None = None, entry_ids: list[str] | None = None,
                         defer_follow_ups_for: list[str] | None = None) -> dict[str, Any] | list[dict[str, Any]]:
    """One entry (`entry_id`: its result, and the flow fails when its analysis does), or several
    (`entry_ids`, as the inline runner batches queued analyses: one result per entry, in order;
    one entry failing fails only its own result). Then each user's follow-ups that are due
    (`pipelines.followups`: the personal story, the patterns), at most once per flow run, after
    their entries; not for the users in `defer_follow_ups_for`, whose results say so
    (`followUpsDeferred`): the inline runner names those with more analyses queued or running,
    and follows up once their backlog has drained (coalesced, never one per batch)."""
    from pipelines.flows.pattern_clustering import pattern_clustering
    from pipelines.flows.profile_regeneration import profile_regeneration
    from pipelines.followups import PATTERNS_FLOW, PROFILE_FLOW, due_follow_ups

    if (entry_id is None) == (entry_ids is None):
        raise ValueError("give entry_id or entry_ids")
    ids = [entry_id] if entry_id is not None else list(entry_ids or [])
    with embedded_ahead(ids):
        results = highlight_extraction_step(entry_ids=ids)
    if entry_id is not None and results[0].status == "failed":
        raise RuntimeError(results[0].reason)
    deferred = set(defer_follow_ups_for or ())
    first: dict[str, AnalysisOutputs] = {}  # user -> their first analysed entry's outputs
    for result in results:
        outputs = result.outputs if result.status == "done" else None
        if outputs is None:
            continue
        if outputs.user_id in deferred:
            outputs.follow_ups_deferred = True
        elif outputs.user_id not in first:
            first[outputs.user_id] = outputs
    due = {user_id: due_follow_ups(user_id) for user_id in first}
    # Each follow-up due, in one flow run for all the batch's users (a step per user): Prefect's
    # bookkeeping per flow run, more than a story costs, is paid once per batch, not once per user.
    users = [user_id for user_id, flows in due.items() if PROFILE_FLOW in flows]
    for user_id, outcome in zip(users, _each(profile_regeneration, users), strict=True):
        first[user_id].profile = outcome
    users = [user_id for user_id, flows in due.items() if PATTERNS_FLOW in flows]
    for user_id, outcome in zip(users, _each(pattern_clustering, users), strict=True):
        first[user_id].patterns = outcome
    out = [result.to_dict() for result in results]
    return out[0] if entry_id is not None else out
