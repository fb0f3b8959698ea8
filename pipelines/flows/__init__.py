"""The four Prefect flows of the analysis core, by the name the API and `prefect.yaml` use.

Flows are looked up lazily so importing this registry does not import Prefect.
"""

from __future__ import annotations

import importlib
from enum import StrEnum
from typing import Any


class Flow(StrEnum):
    """The flows by the names Prefect, `prefect.yaml` and the API use (a Flow is its name)."""

    ANALYSIS = "highlight-extraction"
    PROFILE = "profile-regeneration"
    PATTERNS = "pattern-clustering"
    WEEKLY_FOCUS = "weekly-focus"


# flow -> "module:attribute"; the entrypoints in prefect.yaml are the same.
FLOWS: dict[str, str] = {
    Flow.ANALYSIS: "pipelines.flows.highlight_extraction:highlight_extraction",
    Flow.PROFILE: "pipelines.flows.profile_regeneration:profile_regeneration",
    Flow.PATTERNS: "pipelines.flows.pattern_clustering:pattern_clustering",
    Flow.WEEKLY_FOCUS: "pipelines.flows.weekly_focus:weekly_focus",
}


def load_flow(name: str) -> Any:
    try:
        module_name, attribute = FLOWS[name].split(":")
    except KeyError:
        raise KeyError(f"Unknown flow {name!r}; known flows: {', '.join(FLOWS)}") from None
    return getattr(importlib.import_module(module_name), attribute)
