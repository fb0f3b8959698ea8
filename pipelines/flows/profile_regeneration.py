"""Profile regeneration for one user: short summary, full profile with Concrete Actions,
blindspots, and the ids of the entries it drew on.

Triggered by analysed entries once the personal story is unlocked, and by the regenerate call.
The story is given each entry's stored mood and its open, recent tasks and goals (not completed,
not stale), so its mood mix matches the journal and its Concrete Actions are still to do.
"""

from __future__ import annotations

import logging
from typing import Any

from prefect import flow, task

from pipelines.flows._common import TASK_RETRIES, TASK_RETRY_DELAYS, FlowResult, one_at_a_time

FLOW_NAME = "profile-regeneration"


def run_profile_regeneration(user_id: str, force: bool = False) -> FlowResult:
    """The plain function under the flow: callable from tests and notebooks without Prefect."""
    from pipelines.analysis import regenerate_profile

    outputs = regenerate_profile(user_id, force=force)
    return FlowResult(flow=FLOW_NAME, status=outputs.pop("status"), subject={"userId": user_id},
                      outputs=outputs, reason=outputs.pop("reason", None))


@task(name="profile-regeneration-step", retries=TASK_RETRIES, retry_delay_seconds=TASK_RETRY_DELAYS)
def profile_regeneration_step(user_id: str, force: bool = False) -> FlowResult:
    with one_at_a_time("story", user_id):
        return run_profile_regeneration(user_id=user_id, force=force)


@flow(name=FLOW_NAME)
def profile_regeneration(user_id: str | None = None, force: bool = False,
                         user_ids: list[str] | None = None) -> dict[str, Any] | list[dict[str, Any]]:
    """One user's story (`user_id`: its result, and the flow fails when it does), or several users'
    (`user_ids`: the stories due after one batch of analyses, one step each in one flow run, so
    Prefect's bookkeeping per flow run is paid once; one user failing fails only their result)."""
    if (user_id is None) == (user_ids is None):
        raise ValueError("give user_id or user_ids")
    if user_id is not None:
        return profile_regeneration_step(user_id=user_id, force=force).to_dict()
    results = []
    for one in user_ids or []:
        try:
            results.append(profile_regeneration_step(user_id=one, force=force).to_dict())
        except Exception as exc:  # one user's story failing leaves the others'
            logging.getLogger("reverie.pipelines").warning("profile_failed %s", one, exc_info=True)
            results.append(FlowResult(flow=FLOW_NAME, status="failed", subject={"userId": one},
                                      reason=f"{type(exc).__name__}: {exc}").to_dict())
    return results
