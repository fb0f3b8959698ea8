"""What every flow shares: its result shape, retry policy, and one-at-a-time per user on workers."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Literal

import msgspec

# Failures are retried with exponential backoff: 2 s, 4 s, 8 s.
TASK_RETRIES = 3
TASK_RETRY_DELAYS = [2, 4, 8]
# A worker that dies holding a user's slot gives it back when its lease runs out (60 s: the
# shortest lease Prefect grants).
SLOT_LEASE_SECONDS = 60
_limits_made: set[str] = set()


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


class FlowResult(msgspec.Struct, kw_only=True):
    flow: str
    status: Literal["done", "skipped", "failed"]
    subject: dict[str, Any]
    outputs: dict[str, Any] = msgspec.field(default_factory=dict)
    reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return msgspec.to_builtins(self)
