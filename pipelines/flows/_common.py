"""What every flow shares: its result shape, the body of a flow over users, its retry policy, and
one-at-a-time per user on workers."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Generic, Literal, TypeVar

import msgspec

# Failures are retried with exponential backoff: 2 s, 4 s, 8 s.
TASK_RETRIES = 3
TASK_RETRY_DELAYS = [2, 4, 8]
# A worker that dies holding a user's slot gives it back when its lease runs out (60 s: the
# shortest lease Prefect grants).
SLOT_LEASE_SECONDS = 60
_limits_made: set[str] = set()


def step(name: str) -> Callable[[Callable[..., Any]], Any]:
    """A flow's step: the Prefect task of that name, retried with the policy above."""
    from prefect import task

    return task(name=name, retries=TASK_RETRIES, retry_delay_seconds=TASK_RETRY_DELAYS)


@contextmanager
def one_at_a_time(kind: str, user_id: str) -> Iterator[None]:
    """On Prefect workers (PIPELINES_MODE=deployments, set by prefect.yaml's job variables) a
    user's `kind` of work (their story, their patterns) runs one at a time, whichever flow runs ask
    for it at once (an analysis batch's follow-up, the regenerate call, Refresh, the nightly run):
    each holds the slot of a Prefect global concurrency limit of 1 for that user and kind, made on
    first use. Inline, the app's runner already keeps a user's follow-ups to one at a time."""
    if os.environ.get("PIPELINES_MODE") != "deployments":
        yield
        return
    from prefect.concurrency.sync import concurrency

    name = f"reverie-{kind}-{user_id}"
    if name not in _limits_made:
        import sqlalchemy as sa
        from prefect.client.orchestration import get_client

        from pipelines import db

        # Read, and made when missing, by one worker at a time (a transaction-level advisory lock on
        # the name): two creates of one limit are an IntegrityError in Prefect's server log.
        with db.session() as s, get_client(sync_client=True) as client:
            s.execute(sa.text("SELECT pg_advisory_xact_lock(hashtext(:name))"), {"name": name})
            client.upsert_global_concurrency_limit_by_name(name, 1)
            s.commit()
        _limits_made.add(name)
    with concurrency(name, occupy=1, lease_duration=SLOT_LEASE_SECONDS, strict=True):
        yield


class Subject(msgspec.Struct, kw_only=True, rename="camel", omit_defaults=True):
    """What a flow run was about: an entry, a user (and a domain), or every active user (`users`)."""

    entry_id: str | None = None
    user_id: str | None = None
    domain: str | None = None
    users: Literal["active"] | None = None


Outputs = TypeVar("Outputs")


class FlowResult(msgspec.Struct, Generic[Outputs], kw_only=True):
    """One subject's result. `outputs` is what the work made (a dict, or a typed struct where the
    code reads it: `pipelines.outcomes.AnalysisOutputs`); None when it made nothing (skipped or failed)."""

    flow: str
    status: Literal["done", "skipped", "failed"]
    subject: Subject
    outputs: Outputs | None = None
    reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The serialised form the runner keeps, the admin panel and the API show: outputs `{}`
        when there are none."""
        out = msgspec.to_builtins(self)
        if out["outputs"] is None:
            out["outputs"] = {}
        return out


def result_of(flow: str, subject: Subject, work: dict[str, Any]) -> FlowResult[Any]:
    """A flow's work (a dict with its `status`, a `reason` when skipped, and what it made) as the
    flow's result."""
    made = dict(work)
    status, reason = made.pop("status"), made.pop("reason", None)
    return FlowResult(flow=flow, status=status, subject=subject, outputs=made, reason=reason)


def for_users(step: Callable[..., FlowResult[Any]], flow: str, users: list[str], *, one: bool,
              failed: Callable[[str, str], None] | None = None,
              **parameters: Any) -> dict[str, Any] | list[dict[str, Any]]:
    """The body of a flow over users: its step (a Prefect task) for each user, in order. One user
    (`one`): their result, and the flow fails when the step does; several: a result each, one
    user failing fails only their own. `failed(user_id, reason)` hears of a failure first."""
    results = []
    for user_id in users:
        try:
            results.append(step(user_id=user_id, **parameters).to_dict())
        except Exception as exc:  # one user's failure leaves the others'
            reason = f"{type(exc).__name__}: {exc}"
            if failed is not None:
                failed(user_id, reason)
            if one:
                raise
            logging.getLogger("reverie.pipelines").warning("flow_step_failed %s %s", flow, user_id, exc_info=True)
            results.append(FlowResult(flow=flow, status="failed", subject=Subject(user_id=user_id),
                                      reason=reason).to_dict())
    return results[0] if one else results
