"""Pattern clustering over one user's entry embeddings: patterns and the insights grouped under them.

Triggered nightly (the `nightly_patterns` schedule in prefect.yaml: every user with new analyses),
after every 5 newly analysed entries of a user (where highlight extraction finishes), and by the
patterns screen's Refresh (POST /api/patterns/refresh). The work is `pipelines.patterns.store.
refresh_patterns` with the saved `PatternConfig` (what notebooks/pattern_tuning.ipynb tunes).
"""

from __future__ import annotations

from typing import Any

from prefect import flow

from pipelines.catalog import Flow
from pipelines.flows._common import FlowResult, Subject, for_users, one_at_a_time, result_of, step

FLOW_NAME = Flow.PATTERNS


def run_pattern_clustering(user_id: str) -> FlowResult[dict[str, Any]]:
    """The plain function under the flow: callable from tests and notebooks without Prefect."""
    from pipelines.patterns.store import refresh_patterns

    return result_of(FLOW_NAME, Subject(user_id=user_id), refresh_patterns(user_id))


def mark_failed(user_id: str, reason: str) -> None:
    """The user's pattern run failed: said on their run's row."""
    import uuid

    from models import PatternRun
    from pipelines import db

    with db.session() as s:
        state = s.get(PatternRun, uuid.UUID(user_id))
        if state is not None:
            state.status = "failed"
            state.error = reason[:500]
            s.commit()


@step("pattern-clustering-step")
def pattern_clustering_step(user_id: str) -> FlowResult[dict[str, Any]]:
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
    return for_users(pattern_clustering_step, FLOW_NAME, users, one=user_id is not None, failed=mark_failed)
