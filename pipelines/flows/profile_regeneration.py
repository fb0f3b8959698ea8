"""Profile regeneration for one user: short summary, full profile with Concrete Actions,
blindspots, and the ids of the entries it drew on.

Triggered by analysed entries once the personal story is unlocked, and by the regenerate call.
The story is given each entry's stored mood and its open, recent tasks and goals (not completed,
not stale), so its mood mix matches the journal and its Concrete Actions are still to do.
"""

from __future__ import annotations

from typing import Any

from prefect import flow, task

from pipelines.flows._common import TASK_RETRIES, TASK_RETRY_DELAYS, FlowResult

FLOW_NAME = "profile-regeneration"


def run_profile_regeneration(user_id: str, force: bool = False) -> FlowResult:
    """The plain function under the flow: callable from tests and notebooks without Prefect."""
    from pipelines.analysis import regenerate_profile

    outputs = regenerate_profile(user_id, force=force)
    return FlowResult(flow=FLOW_NAME, status=outputs.pop("status"), subject={"userId": user_id},
                      outputs=outputs, reason=outputs.pop("reason", None))


@task(name="profile-regeneration-step", retries=TASK_RETRIES, retry_delay_seconds=TASK_RETRY_DELAYS)
def profile_regeneration_step(user_id: str, force: bool = False) -> FlowResult:
    return run_profile_regeneration(user_id=user_id, force=force)


@flow(name=FLOW_NAME)
def profile_regeneration(user_id: str, force: bool = False) -> dict[str, Any]:
    return profile_regeneration_step(user_id=user_id, force=force).to_dict()
