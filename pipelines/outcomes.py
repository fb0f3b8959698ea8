"""What the analysis returns, typed: `pipelines.analysis.analyse_entry` (an entry's analysis) and
`regenerate_profile` (a personal story) make it, and their flows (`pipelines/flows/`) wrap it in
their `FlowResult`.

A module of its own, importing nothing of the analysis core, so both import it without importing
each other (the flows import `pipelines.analysis`; the analysis never imports a flow).
"""

from __future__ import annotations

from typing import Any, Generic, Literal, TypeVar

import msgspec


class AnalysisOutputs(msgspec.Struct, kw_only=True, rename="camel", omit_defaults=True):
    """What one entry's analysis did, and what its flow run added after it: the follow-ups it ran
    for the entry's user, or that it left them to the runner (`pipelines/followups.py`)."""

    provider: str
    fallback: str | None
    mood: str
    created: dict[str, int]
    entry_count: int
    user_id: str
    follow_ups_deferred: bool = False
    profile: dict[str, Any] | None = None
    patterns: dict[str, Any] | None = None


class StoryOutputs(msgspec.Struct, kw_only=True):
    """What one regeneration of a user's personal story did (`pipelines.analysis.regenerate_profile`):
    the provider that wrote it, the user's entries, and how many of them it read."""

    provider: str
    entries: int
    read: int


Outputs = TypeVar("Outputs")


class Outcome(msgspec.Struct, Generic[Outputs], kw_only=True, frozen=True):
    """One run of a piece of the analysis: done, with what it did (`outputs`), or skipped, with the
    reason (deleted, already analysed, changed or analysed meanwhile, not unlocked yet)."""

    status: Literal["done", "skipped"]
    reason: str | None = None
    outputs: Outputs | None = None

    @classmethod
    def skipped(cls, reason: str) -> Outcome[Any]:
        return cls(status="skipped", reason=reason)


# An entry's analysis, and a personal story's regeneration.
EntryAnalysis = Outcome[AnalysisOutputs]
StoryRegeneration = Outcome[StoryOutputs]
