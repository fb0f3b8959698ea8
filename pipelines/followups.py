"""What follows the analysis of a user's entries: their personal story and their patterns, when due.

One place decides it for every path: the highlight-extraction flow asks `due_follow_ups` after a
batch (the single-entry case, and deployments mode), and the inline runner asks it when a user's
backlog of analyses has drained (an import, a burst of saves), so a backlog is followed by one
rebuild of each, never one per batch and never two of a user's at once.
"""

from __future__ import annotations

PROFILE_FLOW = "profile-regeneration"
PATTERNS_FLOW = "pattern-clustering"
FOLLOW_UP_FLOWS = (PROFILE_FLOW, PATTERNS_FLOW)
# While a user's backlog lasts, their follow-ups wait for it to drain, but no longer than this
# since the backlog began or their last follow-ups: a long import still shows a growing story.
BACKLOG_FOLLOW_UP_SECONDS = 300.0


def due_follow_ups(user_id: str) -> list[str]:
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
