"""Weekly focus: one suggested task for a user and domain (personal, professional, administrative),
grounded in that user's journal (`pipelines/weekly_focus`).

Triggered two ways:
- the weekly-focus call (`user_id` and `domain`): one suggestion, answered at once; a suggestion
  the schedule prepared this week is served first when it still fits;
- the weekly schedule in prefect.yaml (no parameters): every active user's three suggestions are
  prepared, to be served by their next call for each domain. `user_id` alone prepares one user's.
"""

from __future__ import annotations

from typing import Any

from prefect import flow, task

from pipelines.flows._common import TASK_RETRIES, TASK_RETRY_DELAYS, FlowResult

FLOW_NAME = "weekly-focus"


def run_weekly_focus(user_id: str | None = None, domain: str | None = None) -> FlowResult:
    """The plain function under the flow: callable from tests and notebooks without Prefect."""
    from pipelines.weekly_focus.service import prepare_weekly_focus, suggest_weekly_focus

    if user_id is not None and domain is not None:
        outputs = suggest_weekly_focus(user_id, domain)
        subject: dict[str, Any] = {"userId": user_id, "domain": domain}
    else:
        outputs = prepare_weekly_focus(None if user_id is None else [user_id])
        subject = {"userId": user_id} if user_id is not None else {"users": "active"}
    return FlowResult(flow=FLOW_NAME, status=outputs.pop("status"), subject=subject, outputs=outputs,
                      reason=outputs.pop("reason", None))


@task(name="weekly-focus-step", retries=TASK_RETRIES, retry_delay_seconds=TASK_RETRY_DELAYS)
def weekly_focus_step(user_id: str | None = None, domain: str | None = None) -> FlowResult:
    return run_weekly_focus(user_id=user_id, domain=domain)


@flow(name=FLOW_NAME, log_prints=True)
def weekly_focus(user_id: str | None = None, domain: str | None = None) -> dict[str, Any]:
    return weekly_focus_step(user_id=user_id, domain=domain).to_dict()
