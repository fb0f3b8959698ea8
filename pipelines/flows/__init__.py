"""The four Prefect flows of the analysis core, by the name the API and `prefect.yaml` use.

Flows are looked up lazily so importing this registry does not import Prefect.
"""

from __future__ import annotations

import importlib
from typing import Any

# flow name -> "module:attribute"; the entrypoints in prefect.yaml are the same.
FLOWS: dict[str, str] = {
    "highlight-extraction": "pipelines.flows.highlight_extraction:highlight_extraction",
    "profile-regeneration": "pipelines.flows.profile_regeneration:profile_regeneration",
    "pattern-clustering": "pipelines.flows.pattern_clustering:pattern_clustering",
    "weekly-focus": "pipelines.flows.weekly_focus:weekly_focus",
}


def load_flow(name: str) -> Any:
    try:
        module_name, attribute = FLOWS[name].split(":")
    except KeyError:
        raise KeyError(f"Unknown flow {name!r}; known flows: {', '.join(FLOWS)}") from None
    return getattr(importlib.import_module(module_name), attribute)
