from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal
from uuid import UUID

import msgspec

from api.insights.schemas import InsightOut
from api.journal.rules import format_entry_date
from api.photos.schemas import PhotoOut
from models import JournalEntry
from models.values import Mood
from pipelines.public import InsightPrompt, SelfAnalysis


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
            mood=Mood.from_json(entry.mood),
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


# -- the journal's AI calls (/api/openai/*: api/journal/reflection.py) --------------------------
class AnalyzeOut(msgspec.Struct, rename="camel", kw_only=True):
    highlights: list[Any]
    summary: str
    mood: dict[str, str]
    profile: dict[str, Any] | None
    provider: str


class GenerateSummaryIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    entry_ids: list[str] | None = None
    content: str | None = None


class GenerateSummaryOut(msgspec.Struct, kw_only=True, omit_defaults=True):
    """With entryIds: `analysis` (the Self Analysis). With content: `summary` ("" when it failed)
    and the `provider` that wrote it."""

    analysis: SelfAnalysis | None = None
    summary: str | None = None
    provider: str | None = None


ContextText = Annotated[str, msgspec.Meta(max_length=2000)]
ContextList = Annotated[list[ContextText], msgspec.Meta(max_length=500)]


class PromptContextIn(msgspec.Struct, rename="camel", kw_only=True):
    """What the editor knows while the user writes (spec part 2): typed, so a wrong shape is a 400."""

    entry_count: int | None = None
    task_count: int | None = None
    project_count: int | None = None
    goal_count: int | None = None
    existing_tasks: ContextList = msgspec.field(default_factory=list)
    existing_projects: ContextList = msgspec.field(default_factory=list)
    existing_goals: ContextList = msgspec.field(default_factory=list)
    priority_tasks: ContextList = msgspec.field(default_factory=list)
    time_of_day: ContextText | None = None
    current_hour: int | None = None
    current_day: ContextText | None = None
    timestamp: ContextText | None = None


class PromptsIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    text: str
    context: PromptContextIn = msgspec.field(default_factory=PromptContextIn)


class PromptsOut(msgspec.Struct, kw_only=True):
    prompts: list[InsightPrompt]


class AskHelpIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    question: str
    context: dict[str, Any] = msgspec.field(default_factory=dict)


class AskHelpOut(msgspec.Struct, kw_only=True):
    response: str
