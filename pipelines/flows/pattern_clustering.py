"""Pattern clustering over one user's entry embeddings: patterns and the insights grouped under them.

Triggered nightly (the `nightly_patterns` schedule in prefect.yaml: every user with new analyses),
after every 5 newly analysed entries of a user (where highlight extraction finishes), and by the
patterns screen's Refresh (POST /api/patterns/refresh). The work is `pipelines.patterns.store.
refresh_patterns` with the saved `PatternConfig` (what notebooks/pattern_tuning.ipynb tunes).
"""

from __future__ import annotations

from typing import Any

from prefect import flow, task

from pipelines.flows._common import TASK_RETRIES, TASK_RETRY_DELAYS, FlowResult, one_at_a_time

FLOW_NAME = "pattern-clustering"


def run_pattern_clustering(user_id: str) -> FlowResult:
    """The plain function under the flow: callable from tests and notebooks without Prefect."""
    from pipelines.patterns.store import refresh_patterns

    outputs = refresh_patterns(user_id)
    return FlowResult(flow=FLOW_NAME, status=outputs.pop("status"), subject={"userId": user_id},
                      outputs=outputs, reason=outputs.pop("reason", None))


def mark_failed(user_id: str, reason: str) -> None:
    import uuid

    from models import PatternRun
    from pipelines import db

    with db.session() as s:
        state = s.get(PatternRun, uuid.UUID(user_id))
        if state is not None:
            state.status = "failed"
            state.error = reason[:500]
            s.commit()


@task(name="pattern-clustering-step", retries=TASK_RETRIES, retry_delay_seconds=TASK_RETRY_DELAYS)
def pattern_clustering_step(user_id: str) -> FlowResult:
    with one_at_a_time("patterns", user_id):
        return run_pattern_clustering(user_id=user_id)


@flow(name=FLOW_NAME, log_prints=True)
def pattern_clustering(user_id: str | None = None,
                       user_ids: list[str] | None = None) -> dict[str, Any] | list[dict[str, Any]]:
    """One user (`user_id`), several (`user_ids`: the users due after one batch of analyses, in one
    flow run), or, on the nightly schedule (neither), every user with entries analysed since their
    last run; one user failing does not stop the others."""
    from pipelines.patterns.store import users_to_refresh

    if user_id is not None:
        users = [user_id]
    else:
        users = list(user_ids) if user_ids is not None else users_to_refresh()
    results = []
    for one in users:
        try:
            results.append(pattern_clustering_step(user_id=one).to_dict())
        except Exception as exc:
            reason = f"{type(exc).__name__}: {exc}"
            mark_failed(one, reason)
            if user_id is not None:
                raise
            results.append(FlowResult(flow=FLOW_NAME, status="failed", subject={"userId": one},
                                      reason=reason).to_dict())
    return results[0] if user_id is not None else results
