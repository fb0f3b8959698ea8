"""Journal imports: each file import's progress and outcome, so any app process can answer
GET /api/journal/import/progress while another reads the file."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from models.base import Base, utcnow


class JournalImport(Base):
    __tablename__ = "journal_imports"

    id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, primary_key=True, default=uuid.uuid4)
    user_id: Mapped[uuid.UUID] = mapped_column(sa.ForeignKey("users.id", ondelete="CASCADE"), index=True)
    # waiting -> reading -> photos -> saving -> done | failed
    state: Mapped[str] = mapped_column(sa.String(16), default="waiting")
    file_name: Mapped[str | None] = mapped_column(sa.String(255))
    size_bytes: Mapped[int] = mapped_column(sa.BigInteger, default=0)
    # How far the current step has got (photos cleaned, entries saved), of how many.
    done: Mapped[int] = mapped_column(default=0)
    total: Mapped[int] = mapped_column(default=0)
    error: Mapped[str | None] = mapped_column(sa.Text)
    # The import's answer once it is done (POST /api/journal/import/file's body).
    result: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
