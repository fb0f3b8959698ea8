"""Weekly focus for one user and domain (personal, professional, administrative): one suggested task.

Triggered by the weekly-focus call per domain, and weekly on a schedule.
The analysis itself arrives with its issue; until then the flow runs end to end through Prefect
and reports that it skipped the work, so nothing downstream mistakes it for a result.
"""

from __future__ import annotations

from typing import Any

from prefect import flow, task

from pipelines.flows._common import TASK_RETRIES, TASK_RETRY_DELAYS, FlowResult

FLOW_NAME = "weekly-focus"


def run_weekly_focus(user_id: str, domain: str) -> FlowResult:
    """The plain function under the flow: callable from tests and notebooks without Prefect."""
    return FlowResult(
        flow=FLOW_NAME,
        status="skipped",
        subject={"userId": user_id, "domain": domain},
        reason="not implemented yet",
    )


@task(name="weekly-focus-step", retries=TASK_RETRIES, retry_delay_seconds=TASK_RETRY_DELAYS)
def weekly_focus_step(user_id: str, domain: str) -> FlowResult:
    return run_weekly_focus(user_id=user_id, domain=domain)


@flow(name=FLOW_NAME, log_prints=True)
def weekly_focus(user_id: str, domain: str) -> dict[str, Any]:
    return weekly_focus_step(user_id=user_id, domain=domain).to_dict()
