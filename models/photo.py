"""Photos attached to journal entries. The bytes live in file storage; the row keeps the keys."""

from __future__ import annotations

import uuid
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from models.base import Base, utcnow


class Photo(Base):
    __tablename__ = "photos"

    id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, primary_key=True, default=uuid.uuid4)
    user_id: Mapped[uuid.UUID] = mapped_column(sa.ForeignKey("users.id", ondelete="CASCADE"), index=True)
    entry_id: Mapped[uuid.UUID] = mapped_column(sa.ForeignKey("journal_entries.id", ondelete="CASCADE"), index=True)
    caption: Mapped[str | None] = mapped_column(sa.String(300))
    content_type: Mapped[str] = mapped_column(sa.String(64))
    width: Mapped[int] = mapped_column()
    height: Mapped[int] = mapped_column()
    size_bytes: Mapped[int] = mapped_column()
    storage_key: Mapped[str] = mapped_column(sa.String(255))
    thumbnail_key: Mapped[str] = mapped_column(sa.String(255))
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
