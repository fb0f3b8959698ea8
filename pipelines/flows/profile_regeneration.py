"""Profile regeneration for one user: short summary, full profile with Concrete Actions,
blindspots, and the ids of the entries it drew on.

Triggered by analysed entries once the personal story is unlocked, and by the regenerate call.
The story is given each entry's stored mood and its open, recent tasks and goals (not completed,
not stale), so its mood mix matches the journal and its Concrete Actions are still to do.
"""

from __future__ import annotations

from typing import Any

from prefect import flow

from pipelines.catalog import Flow
from pipelines.flows._common import FlowResult, Subject, for_users, one_at_a_time, step
from pipelines.outcomes import StoryOutputs

FLOW_NAME = Flow.PROFILE


def run_profile_regeneration(user_id: str, force: bool = False) -> FlowResult[StoryOutputs]:
    """The plain function under the flow: callable from tests and notebooks without Prefect."""
    from pipelines.analysis import regenerate_profile

    done = regenerate_profile(user_id, force=force)
    return FlowResult(flow=FLOW_NAME, status=done.status, subject=Subject(user_id=user_id), outputs=done.outputs,
                      reason=done.reason)


@step("profile-regeneration-step")
def profile_regeneration_step(user_id: str, force: bool = False) -> FlowResult[StoryOutputs]:
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
    users = [user_id] if user_id is not None else list(user_ids or [])
    return for_users(profile_regeneration_step, FLOW_NAME, users, one=user_id is not None, force=force)
