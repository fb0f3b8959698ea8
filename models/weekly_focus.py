"""Weekly focus: the suggestions the pipeline made, and the task generations the free plan counts."""

from __future__ import annotations

import uuid
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from models.base import Base, utcnow


class WeeklyFocusSuggestion(Base):
    """One suggested weekly focus task for one user and domain (personal, professional,
    administrative). `origin` is `request` (made for a weekly-focus call and served at once) or
    `schedule` (prepared by the weekly schedule, served by the user's next call for that domain).
    `entry_id` is the entry the suggestion is grounded in; `is_general` marks the canned
    suggestions used only when the journal holds nothing for the domain."""

    __tablename__ = "weekly_focus_suggestions"

    id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, primary_key=True, default=uuid.uuid4)
    user_id: Mapped[uuid.UUID] = mapped_column(sa.ForeignKey("users.id", ondelete="CASCADE"))
    entry_id: Mapped[uuid.UUID | None] = mapped_column(
        sa.ForeignKey("journal_entries.id", ondelete="SET NULL"), index=True
    )
    domain: Mapped[str] = mapped_column(sa.String(16))
    text: Mapped[str] = mapped_column(sa.Text)
    priority: Mapped[str] = mapped_column(sa.String(8))
    estimated_time: Mapped[str] = mapped_column(sa.String(64))
    relevance: Mapped[str] = mapped_column(sa.Text)
    is_general: Mapped[bool] = mapped_column(default=False)
    provider: Mapped[str] = mapped_column(sa.String(32))
    origin: Mapped[str] = mapped_column(sa.String(16))
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
    served_at: Mapped[datetime | None] = mapped_column(sa.DateTime(timezone=True))

    __table_args__ = (sa.Index("ix_weekly_focus_suggestions_user_domain", "user_id", "domain", "created_at"),)


class TaskGeneration(Base):
    """One task generation (a weekly-focus call that produced a suggestion): the free plan allows
    FREE_TASK_GENERATIONS_PER_WEEK of them in any seven days. Counted by `api.subscription.usage`."""

    __tablename__ = "task_generations"

    id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, primary_key=True, default=uuid.uuid4)
    user_id: Mapped[uuid.UUID] = mapped_column(sa.ForeignKey("users.id", ondelete="CASCADE"))
    domain: Mapped[str] = mapped_column(sa.String(16))
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)

    __table_args__ = (sa.Index("ix_task_generations_user_created", "user_id", "created_at"),)
