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

from prefect import flow

from pipelines.catalog import Flow
from pipelines.flows._common import FlowResult, Subject, result_of, step

FLOW_NAME = Flow.WEEKLY_FOCUS


def run_weekly_focus(user_id: str | None = None, domain: str | None = None) -> FlowResult[dict[str, Any]]:
    """The plain function under the flow: callable from tests and notebooks without Prefect."""
    from pipelines.weekly_focus.service import prepare_weekly_focus, suggest_weekly_focus

    if user_id is not None and domain is not None:
        return result_of(FLOW_NAME, Subject(user_id=user_id, domain=domain), suggest_weekly_focus(user_id, domain))
    subject = Subject(user_id=user_id) if user_id is not None else Subject(users="active")
    return result_of(FLOW_NAME, subject, prepare_weekly_focus(None if user_id is None else [user_id]))


@step("weekly-focus-step")
def weekly_focus_step(user_id: str | None = None, domain: str | None = None) -> FlowResult[dict[str, Any]]:
    return run_weekly_focus(user_id=user_id, domain=domain)


@flow(name=FLOW_NAME, log_prints=True)
def weekly_focus(user_id: str | None = None, domain: str | None = None) -> dict[str, Any]:
    return weekly_focus_step(user_id=user_id, domain=domain).to_dict()
