from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal
from uuid import UUID

import msgspec

from api.insights.schemas import InsightOut
from api.journal.rules import format_entry_date
from api.photos.schemas import PhotoOut
from models import JournalEntry


class Mood(msgspec.Struct):
    emoji: str
    text: str


class AnalysisOut(msgspec.Struct, kw_only=True):
    state: Literal["pending", "running", "done", "failed"]
    error: str | None = None
    provider: str | None = None


class HighlightMeta(msgspec.Struct, rename="camel", kw_only=True):
    timeframe: str | None
    priority: str | None = None
    project_ref: str | None = None
    parent_id: str | None = None


class EntryHighlight(msgspec.Struct, kw_only=True):
    """A task, project or goal the analysis drew from the entry (spec section 3, "Highlight"), with
    the id of the row it became."""

    id: UUID
    type: Literal["task", "project", "goal"]
    reformulation: str
    metadata: HighlightMeta


class EntryOut(msgspec.Struct, rename="camel", kw_only=True):
    id: UUID
    content: str
    date: str  # MM/DD/YYYY
    time: str | None
    location: str
    mood: Mood | None
    summary: str | None
    related_goals: list[str]
    related_projects: list[str]
    timestamp: int | None
    created_at: datetime
    updated_at: datetime
    insights: list[InsightOut]  # the insights saved from or drawn from this entry
    highlights: list[EntryHighlight]  # the tasks, projects and goals drawn from it
    photos: list[PhotoOut]
    analysis: AnalysisOut

    @classmethod
    def of(cls, entry: JournalEntry, *, insights: list[Any] | None = None, highlights: list[Any] | None = None,
           photos: list[Any] | None = None) -> EntryOut:
        return cls(
            id=entry.id,
            content=entry.content,
            date=format_entry_date(entry.entry_date),
            time=entry.entry_time,
            location=entry.location,
            mood=Mood(**entry.mood) if entry.mood else None,
            summary=entry.summary,
            related_goals=list(entry.related_goals or []),
            related_projects=list(entry.related_projects or []),
            timestamp=entry.timestamp,
            created_at=entry.created_at,
            updated_at=entry.updated_at,
            insights=list(insights or []),
            highlights=list(highlights or []),
            photos=list(photos or []),
            analysis=AnalysisOut(
                state=entry.analysis_state,  # type: ignore[arg-type]
                error=entry.analysis_error,
                provider=entry.analysis_provider,
            ),
        )


# mood and the related lists arrive as JSON text in the spec's client; JSON values are accepted too.
JsonText = str | dict[str, Any] | list[Any] | None
# A summary is a few sentences; the Text column would take megabytes.
MAX_SUMMARY_CHARS = 10_000
Summary = Annotated[str, msgspec.Meta(max_length=MAX_SUMMARY_CHARS)]


class EntryCreate(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    content: str
    date: str | None = None
    time: str | None = None
    location: str | None = None
    mood: JsonText = None
    summary: Summary | None = None
    related_goals: JsonText = None
    related_projects: JsonText = None
    timestamp: int | None = None


class EntryUpdate(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    content: str | None = None
    date: str | None = None
    summary: Summary | None = None
    related_goals: JsonText = None
    related_projects: JsonText = None
    generate_summary: bool | None = None


class DeletedOut(msgspec.Struct, rename="camel", kw_only=True):
    message: str
    success: bool = True
    # The personal story's rewrite without the deleted entry (GET /api/profile/regenerate/{id}).
    profile_run_id: str | None = None
    # The patterns' rebuild without it, when pattern insights came from it (GET /api/patterns/refresh/{id}).
    patterns_run_id: str | None = None


class SearchHit(msgspec.Struct, kw_only=True):
    entry: EntryOut
    score: float | None  # cosine similarity; None when the query was only a date phrase


class SearchResults(msgspec.Struct, rename="camel", kw_only=True):
    query: str
    text: str
    date_from: str | None
    date_to: str | None
    results: list[SearchHit]


class ChatIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    message: str


class ChatOut(msgspec.Struct, kw_only=True):
    success: bool
    response: str
