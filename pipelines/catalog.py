"""The four Prefect flows of the analysis core, by the name the API and `prefect.yaml` use, and what
the runners (`pipelines/runtime.py`, `pipelines/deployment_runner.py`, `pipelines/coordination.py`)
need to know of each: they read a flow's `FlowSpec` and never compare with a flow's name.

This module imports nothing of the analysis core (flows are looked up lazily by their entrypoint),
so everything may import it: the flows, what follows an analysis (`pipelines/followups.py`), the
runners, and the API through `pipelines.public` (`pipelines.flows` says the same names again).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Flow(StrEnum):
    """The flows by the names Prefect, `prefect.yaml` and the API use (a Flow is its name)."""

    ANALYSIS = "highlight-extraction"
    PROFILE = "profile-regeneration"
    PATTERNS = "pattern-clustering"
    WEEKLY_FOCUS = "weekly-focus"


@dataclass(frozen=True)
class FlowSpec:
    """What the runners need to know of one flow.

    - `entrypoint`: "module:attribute" of the Prefect flow (prefect.yaml's entrypoints are the same).
    - `subject` / `subjects`: the parameter naming one subject, and the one taking a list of them:
      queued runs of a flow with `subjects` are taken together by one flow run (a batch).
    - `coordinated`: with several app processes, exactly one runs it (`pipelines/coordination.py`);
      a run asked for by its `subject` alone is handed to that process.
    - `defers_follow_ups_by`: the flow may follow up on its users (`pipelines/followups.py`), and
      this parameter names the users whose follow-ups it must leave to the runner.
    - `follow_up`: it is a follow-up itself: never two of a user's at once, nor while a run that may
      follow up on the user is going.
    - `warm`: loaded by the runner's warm-up, so the first run does not wait for the import.
    """

    entrypoint: str
    subject: str | None = None
    subjects: str | None = None
    coordinated: bool = False
    defers_follow_ups_by: str | None = None
    follow_up: bool = False
    warm: bool = False

    @property
    def batched(self) -> bool:
        return self.subject is not None and self.subjects is not None


FLOWS: dict[str, FlowSpec] = {
    Flow.ANALYSIS: FlowSpec(entrypoint="pipelines.flows.highlight_extraction:highlight_extraction",
                            subject="entry_id", subjects="entry_ids", coordinated=True,
                            defers_follow_ups_by="defer_follow_ups_for", warm=True),
    Flow.PROFILE: FlowSpec(entrypoint="pipelines.flows.profile_regeneration:profile_regeneration",
                           follow_up=True),
    Flow.PATTERNS: FlowSpec(entrypoint="pipelines.flows.pattern_clustering:pattern_clustering",
                            follow_up=True),
    Flow.WEEKLY_FOCUS: FlowSpec(entrypoint="pipelines.flows.weekly_focus:weekly_focus"),
}
# A flow the registry does not know (a test's stand-in run): nothing special about it.
PLAIN = FlowSpec(entrypoint="")


def spec_of(name: str) -> FlowSpec:
    """The flow's spec; a plain one for a name the registry does not know."""
    return FLOWS.get(name, PLAIN)


def coordinated_flow() -> Flow:
    """The flow one process of several runs (`pipelines/coordination.py`)."""
    return next(Flow(name) for name, spec in FLOWS.items() if spec.coordinated)


def load_flow(name: str) -> Any:
    try:
        module_name, attribute = FLOWS[name].entrypoint.split(":")
    except KeyError:
        raise KeyError(f"Unknown flow {name!r}; known flows: {', '.join(FLOWS)}") from None
    return getattr(importlib.import_module(module_name), attribute)
