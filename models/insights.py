"""Patterns: what the pattern-clustering flow found across a user's entries (spec part 2 section 3,
"Pattern"), and each user's pattern-run state (when it last ran, on how many analysed entries).
The insights grouped under a pattern are `models.journal.Insight` rows with its `pattern_id`."""

from __future__ import annotations

import uuid
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from models.base import Base, utcnow


class Pattern(Base):
    __tablename__ = "patterns"

    id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, primary_key=True, default=uuid.uuid4)
    user_id: Mapped[uuid.UUID] = mapped_column(sa.ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(sa.String(200))
    description: Mapped[str] = mapped_column(sa.Text, default="")
    keywords: Mapped[list[str]] = mapped_column(JSONB, default=list)
    # The entries the pattern was found in (ids as text), and the texts of the pipeline's
    # insights the user deleted: a re-run does not bring them back.
    entry_ids: Mapped[list[str]] = mapped_column(JSONB, default=list)
    dismissed: Mapped[list[str]] = mapped_column(JSONB, default=list)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow, onupdate=utcnow)


class PatternRun(Base):
    """One per user: the state of their pattern clustering, for the screen's Refresh and the
    'every 5 newly analysed entries' trigger."""

    __tablename__ = "pattern_runs"

    user_id: Mapped[uuid.UUID] = mapped_column(sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    status: Mapped[str] = mapped_column(sa.String(16), default="idle")  # idle|queued|running|done|failed
    analysed_entries: Mapped[int] = mapped_column(default=0)  # analysed entries the last run saw
    requested_at: Mapped[datetime | None] = mapped_column(sa.DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(sa.DateTime(timezone=True))
    error: Mapped[str | None] = mapped_column(sa.String(500))
