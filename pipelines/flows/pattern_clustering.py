"""Pattern clustering over one user's entry embeddings: patterns and the insights grouped under them.

Triggered on a schedule and after new entries.
The analysis itself arrives with its issue; until then the flow runs end to end through Prefect
and reports that it skipped the work, so nothing downstream mistakes it for a result.
"""

from __future__ import annotations

from typing import Any

from prefect import flow, task

from pipelines.flows._common import TASK_RETRIES, TASK_RETRY_DELAYS, FlowResult

FLOW_NAME = "pattern-clustering"


def run_pattern_clustering(user_id: str) -> FlowResult:
    """The plain function under the flow: callable from tests and notebooks without Prefect."""
    return FlowResult(
        flow=FLOW_NAME,
        status="skipped",
        subject={"userId": user_id},
        reason="not implemented yet",
    )


@task(name="pattern-clustering-step", retries=TASK_RETRIES, retry_delay_seconds=TASK_RETRY_DELAYS)
def pattern_clustering_step(user_id: str) -> FlowResult:
    return run_pattern_clustering(user_id=user_id)


@flow(name=FLOW_NAME, log_prints=True)
def pattern_clustering(user_id: str) -> dict[str, Any]:
    return pattern_clustering_step(user_id=user_id).to_dict()
