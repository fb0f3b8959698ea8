"""SQLAlchemy 2 ORM models: tables, columns, indexes and relationships. No business logic.

`models.constants` and `models.dates` are the product constants and date formats that `api` and
`pipelines` share. Importing them does not load SQLAlchemy: the ORM names below are imported on
first use of any of them (all modules at once, so `Base.metadata` is always complete).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from models.auth import AuthSession, PasswordResetToken, VerificationCode
    from models.base import Base
    from models.constants import EMBEDDING_DIM
    from models.imports import JournalImport
    from models.insights import Pattern, PatternRun
    from models.journal import Goal, Insight, JournalEntry, Profile, Project, Resume, Task
    from models.photo import Photo
    from models.shared_state import AnalysisStatus, PipelineRunRecord, RateLimitCounter
    from models.subscription import AdminAction, PromoCode, PromoRedemption, WaitlistEntry
    from models.user import User
    from models.weekly_focus import TaskGeneration, WeeklyFocusSuggestion

__all__ = [
    "EMBEDDING_DIM",
    "AdminAction",
    "AnalysisStatus",
    "AuthSession",
    "Base",
    "Goal",
    "Insight",
    "JournalEntry",
    "JournalImport",
    "PasswordResetToken",
    "Pattern",
    "PatternRun",
    "Photo",
    "PipelineRunRecord",
    "Profile",
    "Project",
    "PromoCode",
    "PromoRedemption",
    "RateLimitCounter",
    "Resume",
    "Task",
    "TaskGeneration",
    "User",
    "VerificationCode",
    "WaitlistEntry",
    "WeeklyFocusSuggestion",
]

_MODULES = ("models.constants", "models.base", "models.auth", "models.journal", "models.imports", "models.insights", "models.photo", "models.shared_state", "models.subscription",
            "models.user", "models.weekly_focus")


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    modules = [importlib.import_module(module) for module in _MODULES]
    for each in __all__:
        globals()[each] = next(vars(module)[each] for module in modules if each in vars(module))
    return globals()[name]
