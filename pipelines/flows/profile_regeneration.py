"""Profile regeneration for one user: short summary, full profile with Concrete Actions, blindspots.

Triggered by every analysed entry at or past the unlock threshold, and by the regenerate call.
The analysis itself arrives with its issue; until then the flow runs end to end through Prefect
and reports that it skipped the work, so nothing downstream mistakes it for a result.
"""

from __future__ import annotations

from typing import Any

from prefect import flow, task

from pipelines.flows._common import TASK_RETRIES, TASK_RETRY_DELAYS, FlowResult

FLOW_NAME = "profile-regeneration"


def run_profile_regeneration(user_id: str) -> FlowResult:
    """The plain function under the flow: callable from tests and notebooks without Prefect."""
    return FlowResult(
        flow=FLOW_NAME,
        status="skipped",
        subject={"userId": user_id},
        reason="not implemented yet",
    )


@task(name="profile-regeneration-step", retries=TASK_RETRIES, retry_delay_seconds=TASK_RETRY_DELAYS)
def profile_regeneration_step(user_id: str) -> FlowResult:
    return run_profile_regeneration(user_id=user_id)


@flow(name=FLOW_NAME, log_prints=True)
def profile_regeneration(user_id: str) -> dict[str, Any]:
    return profile_regeneration_step(user_id=user_id).to_dict()
