"""Journal entries and what the analysis derives from them: tasks, projects, goals, a profile."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from typing import Any

import sqlalchemy as sa
from pgvector.sqlalchemy import Vector
from sqlalchemy.dialects.postgresql import JSONB, TSVECTOR
from sqlalchemy.orm import Mapped, mapped_column

from models.base import Base, utcnow
from models.constants import EMBEDDING_DIM
from models.values import AnalysisState


def _user_fk() -> sa.ForeignKey:
    return sa.ForeignKey("users.id", ondelete="CASCADE")


def _entry_fk() -> sa.ForeignKey:
    # A derived task or goal outlives the entry it came from (the user may still want it).
    return sa.ForeignKey("journal_entries.id", ondelete="SET NULL")


class JournalEntry(Base):
    __tablename__ = "journal_entries"

    id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, primary_key=True, default=uuid.uuid4)
    user_id: Mapped[uuid.UUID] = mapped_column(_user_fk())
    content: Mapped[str] = mapped_column(sa.Text)
    entry_date: Mapped[date] = mapped_column(sa.Date)
    entry_time: Mapped[str | None] = mapped_column(sa.String(5))  # 24-hour HH:MM
    location: Mapped[str] = mapped_column(sa.String(200), default="Location unknown")
    mood: Mapped[dict[str, Any] | None] = mapped_column(JSONB)  # {"emoji", "text"}
    # "writer" when the mood is the writer's own, brought by an import from the app they used
    # (Daylio's mood scale): the analysis keeps it. None: the analysis' reading.
    mood_source: Mapped[str | None] = mapped_column(sa.String(16))
    summary: Mapped[str | None] = mapped_column(sa.Text)
    related_goals: Mapped[list[str]] = mapped_column(JSONB, default=list)
    related_projects: Mapped[list[str]] = mapped_column(JSONB, default=list)
    timestamp: Mapped[int | None] = mapped_column(sa.BigInteger)  # unix seconds, <= 2147483647
    embedding: Mapped[list[float] | None] = mapped_column(Vector(EMBEDDING_DIM), deferred=True)
    # The content's English lexemes for full-text search (api/journal/search.py), kept by PostgreSQL.
    search_text: Mapped[Any] = mapped_column(
        TSVECTOR, sa.Computed("to_tsvector('english'::regconfig, content)", persisted=True), deferred=True)
    # Analysis state: pending -> running -> done | failed; `content_version` grows with every
    # content change, `analysed_version` is the version the last finished analysis saw, so a
    # re-run on the same content creates nothing twice and a crash leaves work to find.
    # The state is an `AnalysisState` (a string column: the enum compares equal to its value), changed
    # only through the methods below.
    analysis_state: Mapped[str] = mapped_column(sa.String(16), default=AnalysisState.PENDING)
    analysis_error: Mapped[str | None] = mapped_column(sa.Text)
    analysis_provider: Mapped[str | None] = mapped_column(sa.String(32))
    analysis_attempts: Mapped[int] = mapped_column(default=0)
    # Runs of the current content that started and did not finish (failed, or the process died);
    # back to 0 when one finishes. At MAX_UNFINISHED_RUNS the entry is failed and waits for the
    # writer's retry instead of being picked up again by itself (pipelines/flows/highlight_extraction.py).
    unfinished_runs: Mapped[int] = mapped_column(sa.SmallInteger, default=0, server_default="0")
    content_version: Mapped[int] = mapped_column(default=1)
    analysed_version: Mapped[int] = mapped_column(default=0)
    summarised_length: Mapped[int | None] = mapped_column()
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow, onupdate=utcnow)

    @property
    def is_analysed(self) -> bool:
        """Whether a finished analysis saw the current content."""
        return self.analysis_state == AnalysisState.DONE and self.analysed_version >= self.content_version

    def analyse_again(self) -> None:
        """A new version to analyse (the content changed, or the editor asks for a summary of this
        very text): pending, with no error and a clean count of unfinished runs."""
        self.content_version += 1
        self.analysis_state = AnalysisState.PENDING
        self.analysis_error = None
        self.unfinished_runs = 0

    def retry_analysis(self) -> None:
        """The writer retries an analysis that failed: pending again, with a clean count."""
        self.analysis_state = AnalysisState.PENDING
        self.analysis_error = None
        self.unfinished_runs = 0

    def start_analysis(self) -> None:
        """A run of the analysis begins on the current content: running, one attempt more."""
        self.analysis_state = AnalysisState.RUNNING
        self.analysis_attempts = (self.analysis_attempts or 0) + 1

    def finish_analysis(self, version: int, provider: str, fallback_reason: str | None) -> None:
        """A run finished on content `version`: done, by `provider`, with the reason the primary
        provider was not used (None when it was); the count of unfinished runs back to 0."""
        self.analysis_state = AnalysisState.DONE
        self.analysed_version = version
        self.analysis_provider = provider
        self.analysis_error = fallback_reason
        self.unfinished_runs = 0

    def restore_analysis(self, provider: str) -> None:
        """An entry imported with the analysis its export carried (mood, summary, related goals):
        done at its first version, not analysed again."""
        self.analysis_state = AnalysisState.DONE
        self.analysed_version = self.content_version or 1
        self.analysis_provider = provider

    __table_args__ = (
        # The entry list's order and paging cursor (GET /api/journal?before=...), newest first.
        sa.Index("ix_journal_entries_user_page", "user_id", "entry_date", "created_at", "id"),
        sa.Index("ix_journal_entries_analysis_state", "analysis_state"),
        sa.Index(
            "ix_journal_entries_embedding_hnsw",
            "embedding",
            postgresql_using="hnsw",
            postgresql_with={"m": 16, "ef_construction": 64},
            postgresql_ops={"embedding": "vector_cosine_ops"},
        ),
        sa.Index("ix_journal_entries_search_text", "search_text", postgresql_using="gin"),
    )


class Task(Base):
    __tablename__ = "tasks"

    id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, primary_key=True, default=uuid.uuid4)
    user_id: Mapped[uuid.UUID] = mapped_column(_user_fk(), index=True)
    entry_id: Mapped[uuid.UUID | None] = mapped_column(_entry_fk(), index=True)
    text: Mapped[str] = mapped_column(sa.Text)
    completed: Mapped[bool] = mapped_column(default=False)
    timeframe: Mapped[str] = mapped_column(sa.String(16), default="week")
    priority: Mapped[str] = mapped_column(sa.String(8), default="medium")
    type: Mapped[str] = mapped_column(sa.String(16), default="personal")
    estimated_time: Mapped[str | None] = mapped_column(sa.String(64))
    project_ref: Mapped[str | None] = mapped_column(sa.String(200))
    # The day the writer said it is due ("by Friday"), resolved against the entry's date.
    due_date: Mapped[date | None] = mapped_column(sa.Date)
    is_selected: Mapped[bool] = mapped_column(default=False)
    liked: Mapped[bool | None] = mapped_column()
    is_ai_generated: Mapped[bool] = mapped_column(default=False)
    ai_generation_prompt: Mapped[str | None] = mapped_column(sa.Text)
    relevance: Mapped[str | None] = mapped_column(sa.Text)
    embedding: Mapped[list[float] | None] = mapped_column(Vector(EMBEDDING_DIM), deferred=True)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow, onupdate=utcnow)
    completed_at: Mapped[datetime | None] = mapped_column(sa.DateTime(timezone=True))
    # A later entry that reads as saying it is done ("Booked the tickets!"): shown beside the open
    # task for the user to confirm, never applied by itself (pipelines/highlights/done.py).
    done_hint: Mapped[str | None] = mapped_column(sa.Text)
    done_hint_entry_id: Mapped[uuid.UUID | None] = mapped_column(_entry_fk())


class Project(Base):
    __tablename__ = "projects"

    id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, primary_key=True, default=uuid.uuid4)
    user_id: Mapped[uuid.UUID] = mapped_column(_user_fk(), index=True)
    entry_id: Mapped[uuid.UUID | None] = mapped_column(_entry_fk())
    parent_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid)
    name: Mapped[str] = mapped_column(sa.String(200))
    description: Mapped[str | None] = mapped_column(sa.Text)
    type: Mapped[str] = mapped_column(sa.String(16), default="personal")
    status: Mapped[str] = mapped_column(sa.String(32), default="Active")
    progress: Mapped[int] = mapped_column(default=0)
    embedding: Mapped[list[float] | None] = mapped_column(Vector(EMBEDDING_DIM), deferred=True)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)


class Goal(Base):
    __tablename__ = "goals"

    id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, primary_key=True, default=uuid.uuid4)
    user_id: Mapped[uuid.UUID] = mapped_column(_user_fk(), index=True)
    entry_id: Mapped[uuid.UUID | None] = mapped_column(_entry_fk())
    text: Mapped[str] = mapped_column(sa.Text)
    timeframe: Mapped[str] = mapped_column(sa.String(16), default="year")
    progress: Mapped[int] = mapped_column(default=0)
    embedding: Mapped[list[float] | None] = mapped_column(Vector(EMBEDDING_DIM), deferred=True)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)


class Profile(Base):
    """One per user: the personal story (spec part 2 section 4)."""

    __tablename__ = "profiles"

    user_id: Mapped[uuid.UUID] = mapped_column(_user_fk(), primary_key=True)
    short_summary: Mapped[str] = mapped_column(sa.Text, default="")
    full_profile: Mapped[str] = mapped_column(sa.Text, default="")
    blindspots: Mapped[list[str]] = mapped_column(JSONB, default=list)
    # The entries each statement was drawn from, so the story can be traced back.
    source_entry_ids: Mapped[list[str]] = mapped_column(JSONB, default=list)
    entry_count: Mapped[int] = mapped_column(default=0)
    provider: Mapped[str | None] = mapped_column(sa.String(32))
    # Meaning & Purpose (purpose, core values, principles) and Career Vision & Growth, as
    # pipelines/purpose.py derives them with their entries' ids and dates; None until computed
    # (Meaning & Purpose from 100 entries). Premium only: the API leaves them out for free users.
    meaning: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    career: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    updated_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow, onupdate=utcnow)


class Insight(Base):
    """An insight the user saved from the editor, or one the pattern pipeline found."""

    __tablename__ = "insights"

    id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, primary_key=True, default=uuid.uuid4)
    user_id: Mapped[uuid.UUID] = mapped_column(_user_fk(), index=True)
    entry_id: Mapped[uuid.UUID | None] = mapped_column(_entry_fk(), index=True)
    pattern_id: Mapped[uuid.UUID | None] = mapped_column(sa.ForeignKey("patterns.id", ondelete="SET NULL"), index=True)
    text: Mapped[str] = mapped_column(sa.Text)
    type: Mapped[str] = mapped_column(sa.String(32), default="insight")
    short_title: Mapped[str | None] = mapped_column(sa.String(120))
    context: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    time_estimate: Mapped[str | None] = mapped_column(sa.String(64))
    related_tasks: Mapped[list[str]] = mapped_column(JSONB, default=list)
    is_ai_generated: Mapped[bool] = mapped_column(default=False)
    layers: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list)
    # Who made it: "user" (saved or edited by the user; a pattern re-run keeps it) or "pipeline"
    # (drawn by the pattern-clustering flow; a re-run replaces it), and the entries it came from.
    origin: Mapped[str] = mapped_column(sa.String(16), default="user", server_default="user")
    source_entry_ids: Mapped[list[str]] = mapped_column(JSONB, default=list, server_default="[]")
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow, index=True)

    # A page of entries reads the insights drawn from its entries (by entry_id, or ?| on the sources).
    __table_args__ = (sa.Index("ix_insights_source_entry_ids", "source_entry_ids", postgresql_using="gin"),)


class Resume(Base):
    """The user's CV as text, one per user (spec part 2, Resume)."""

    __tablename__ = "resumes"

    user_id: Mapped[uuid.UUID] = mapped_column(_user_fk(), primary_key=True)
    content: Mapped[str] = mapped_column(sa.Text)
    updated_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow, onupdate=utcnow)
