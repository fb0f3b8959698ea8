"""What follows the analysis of a user's entries: their personal story and their patterns, when due,
and when they wait for more of the user's analyses.

One place decides it for every path. The highlight-extraction flow asks `due_follow_ups` after a
batch (the single-entry case, and deployments mode) for the users the runner did not name in its
deferral parameter (`FlowSpec.defers_follow_ups_by`). The runners decide whom they name here:
- inline (`FollowUps`, one per runner, called under the runner's lock): a batch defers the users
  with more analyses queued or running, and the follow-ups they are owed are queued once their
  backlog has drained, so a backlog is followed by one rebuild of each, never one per batch and
  never two of a user's at once;
- deployments (`FollowUps.defer_batch`): a user's batch followed by more of their entries defers.
Either way a long backlog is followed up every BACKLOG_FOLLOW_UP_SECONDS, so a long import still
shows a growing story.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from pipelines.catalog import Flow
from pipelines.runs import SHARED_LANE

PROFILE_FLOW = Flow.PROFILE
PATTERNS_FLOW = Flow.PATTERNS
# While a user's backlog lasts, their follow-ups wait for it to drain, but no longer than this
# since the backlog began or their last follow-ups: a long import still shows a growing story.
BACKLOG_FOLLOW_UP_SECONDS = 300.0


def due_follow_ups(user_id: str) -> list[Flow]:
    """The follow-up flows due for this user now, in the order they should run: the story when
    it is unlocked or past its regeneration threshold, the patterns after every few newly
    analysed entries (each rule lives with its data: `pipelines.analysis`, `pipelines.patterns`)."""
    from pipelines.analysis import should_regenerate_profile
    from pipelines.patterns.store import patterns_due

    due = []
    if should_regenerate_profile(user_id):
        due.append(PROFILE_FLOW)
    if patterns_due(user_id):
        due.append(PATTERNS_FLOW)
    return due


def queue_due(user_id: str, enqueue: Callable[..., Any]) -> None:
    """Queue the user's follow-ups that are due with `enqueue(flow, user_id=, owner=)` (never
    raises: a failed check costs only them)."""
    try:
        flows = due_follow_ups(user_id)
    except Exception as exc:  # noqa: BLE001  logged; the follow-ups wait for the next batch
        logging.getLogger("reverie.pipelines").warning("follow_ups_unchecked %s: %s", type(exc).__name__, exc)
        return
    for flow in flows:
        enqueue(flow, user_id=user_id, owner=user_id)


def left_to_the_runner(result: Any) -> bool:
    """Whether a run's result (its flow's `FlowResult` as a dict) says the flow left the user's
    follow-ups to the runner (`AnalysisOutputs.follow_ups_deferred`)."""
    return isinstance(result, dict) and bool((result.get("outputs") or {}).get("followUpsDeferred"))


class FollowUps:
    """A runner's book of its users' follow-ups. The inline runner calls `batch_starts`,
    `batch_ends` and `due` under its own lock, with what it knows of each user's queued and
    running work; the deployments runner calls `defer_batch` likewise."""

    def __init__(self) -> None:
        self.holding: Counter[str] = Counter()  # owner -> their batches running that may follow up
        self.owed: dict[str, float] = {}  # owner -> since when their follow-ups wait for their backlog
        self.followed_up: dict[str, float] = {}  # owner -> when their follow-ups were last queued
        self.deferring: dict[str, float] = {}  # owner -> since when their batches defer (deployments)

    def blocks(self, owner: str) -> bool:
        """A batch that may follow up on the owner is running: their story and patterns wait for it."""
        return self.holding[owner] > 0

    def batch_starts(self, owners: Iterable[str], busy: Callable[[str], bool]) -> list[str]:
        """A batch of analyses of these owners starts. Those with other work queued or running
        (`busy`, or another batch holding their follow-ups) defer their follow-ups, so exactly one
        batch, the last of a backlog to finish, leaves them owed; the others' batch holds them.
        Returns the deferring owners, sorted."""
        deferred = []
        for owner in set(owners):
            if owner == SHARED_LANE:
                continue
            if busy(owner) or self.holding[owner]:
                deferred.append(owner)
            else:
                self.holding[owner] += 1
        return sorted(deferred)

    def batch_ends(self, owners: Iterable[str], deferred: list[str], results: Iterable[tuple[str, Any]],
                   now: float) -> None:
        """The batch has finished: the follow-ups it held are released, and an owner it deferred for
        is owed them when the flow says it left them (`results`: each run's owner and result)."""
        for owner in set(owners) - set(deferred) - {SHARED_LANE}:
            self.holding[owner] -= 1
        self.holding = +self.holding  # drops the owners at zero
        for owner, result in results:
            if owner in deferred and left_to_the_runner(result):
                self.owed.setdefault(owner, now)

    def due(self, now: float, drained: Callable[[str], bool]) -> list[str]:
        """The owners owed follow-ups whose backlog has drained (`drained`: nothing of theirs in
        flight and no analysis queued) or has lasted BACKLOG_FOLLOW_UP_SECONDS; no longer owed."""
        due = []
        for owner, since in list(self.owed.items()):
            if drained(owner) or now - max(since, self.followed_up.get(owner, 0.0)) >= BACKLOG_FOLLOW_UP_SECONDS:
                due.append(owner)
                del self.owed[owner]
                self.followed_up[owner] = now
        return due

    def defer_batch(self, owner: str, more: bool, now: float) -> bool:
        """Deployments: whether the owner's batch, with `more` of their entries still waiting, leaves
        the follow-ups to a later batch (the story and patterns follow the backlog's last batch, or
        one every BACKLOG_FOLLOW_UP_SECONDS of a long backlog)."""
        since = self.deferring.setdefault(owner, now)
        defer = more and now - since < BACKLOG_FOLLOW_UP_SECONDS
        if not more:
            del self.deferring[owner]
        elif not defer:
            self.deferring[owner] = now
        return defer
