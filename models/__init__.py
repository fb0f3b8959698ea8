"""SQLAlchemy 2 ORM models: tables, columns, indexes and relationships. No business logic."""

from models.base import Base

__all__ = ["Base"]
