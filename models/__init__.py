"""SQLAlchemy 2 ORM models: tables, columns, indexes and relationships. No business logic."""

from models.auth import AuthSession, PasswordResetToken, VerificationCode
from models.base import Base
from models.journal import EMBEDDING_DIM, Goal, Insight, JournalEntry, Profile, Project, Resume, Task
from models.photo import Photo
from models.user import User

__all__ = [
    "EMBEDDING_DIM",
    "AuthSession",
    "Base",
    "Goal",
    "Insight",
    "JournalEntry",
    "PasswordResetToken",
    "Photo",
    "Profile",
    "Project",
    "Resume",
    "Task",
    "User",
    "VerificationCode",
]
