"""Product constants the analysis core and the API share (spec part 1 sections 4, 5 and 9).

They live in `models.constants` now (the bottom layer both import); these names stay importable
from here for existing callers.
"""

from models.constants import (
    ASK_HELP_RECENT_ENTRIES,
    FREE_INSIGHTS_PER_WEEK,
    FREE_TASK_GENERATIONS_PER_WEEK,
    MAX_PROJECTS_PER_TYPE,
    PROFILE_REGENERATE_FROM,
    SELF_ANALYSIS_MAX_ENTRIES,
    SELF_ANALYSIS_MIN_ENTRIES,
    UNLOCK_GOALS,
    UNLOCK_PROFILE,
    UNLOCK_PROJECTS,
    UNLOCK_PURPOSE,
    UNLOCK_TASKS,
)

__all__ = [
    "ASK_HELP_RECENT_ENTRIES",
    "FREE_INSIGHTS_PER_WEEK",
    "FREE_TASK_GENERATIONS_PER_WEEK",
    "MAX_PROJECTS_PER_TYPE",
    "PROFILE_REGENERATE_FROM",
    "SELF_ANALYSIS_MAX_ENTRIES",
    "SELF_ANALYSIS_MIN_ENTRIES",
    "UNLOCK_GOALS",
    "UNLOCK_PROFILE",
    "UNLOCK_PROJECTS",
    "UNLOCK_PURPOSE",
    "UNLOCK_TASKS",
]
