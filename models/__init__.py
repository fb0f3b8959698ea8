"""SQLAlchemy 2 ORM models: tables, columns, indexes and relationships. No business logic."""

from models.auth import AuthSession, PasswordResetToken, VerificationCode
from models.base import Base
from models.user import User

__all__ = ["AuthSession", "Base", "PasswordResetToken", "User", "VerificationCode"]
