"""State that several app processes share (issue 17): rate-limit counters, and the records of the
pipeline runs whose state a client polls by id (any process may answer the poll)."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from models.base import Base, utcnow


class RateLimitCounter(Base):
    """One rate-limit counter (api/security/rate_limit.py): attempts counted until `expires_at`
    (seconds since the epoch); a hit after that starts again at one. `last_at` is the latest hit."""

    __tablename__ = "rate_limit_counters"

    key: Mapped[str] = mapped_column(sa.Text, primary_key=True)
    count: Mapped[int] = mapped_column(sa.Integer)
    expires_at: Mapped[float] = mapped_column(sa.Double, index=True)
    last_at: Mapped[float] = mapped_column(sa.Double)


class PipelineRunRecord(Base):
    """A pipeline run's state as `pipelines/runtime.py` reports it, for runs a client polls by id
    (profile regeneration, pattern refresh): the process that runs it writes it, any answers."""

    __tablename__ = "pipeline_runs"

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True)
    flow: Mapped[str] = mapped_column(sa.String(64))
    owner: Mapped[str] = mapped_column(sa.String(64))
    state: Mapped[str] = mapped_column(sa.String(16))
    error: Mapped[str | None] = mapped_column(sa.Text)
    updated_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)

    __table_args__ = (sa.Index("ix_pipeline_runs_owner_flow", "owner", "flow"),)


class AnalysisStatus(Base):
    """How the process that analyses entries is doing (`pipelines/coordination.py`): it writes its
    queue here every few seconds, so the app's other processes (and the app beside a pipeline
    process of its own) can say in health whether analysis is alive and moving. One row."""

    __tablename__ = "analysis_status"

    id: Mapped[int] = mapped_column(sa.SmallInteger, primary_key=True, default=1)
    pid: Mapped[int] = mapped_column(sa.Integer)
    status: Mapped[str] = mapped_column(sa.String(16))
    detail: Mapped[dict] = mapped_column(JSONB)
    updated_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
