"""Bodies of the AI calls (/api/openai/*)."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from pipelines.reflection import InsightPrompt, SelfAnalysis


class TextIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    text: str


class AnalyzeOut(msgspec.Struct, rename="camel", kw_only=True):
    highlights: list[Any]
    summary: str
    mood: dict[str, str]
    profile: dict[str, Any] | None
    provider: str


class ExtractTasksOut(msgspec.Struct, kw_only=True):
    tasks: list[Any]
    highlights: list[Any]


class ProfileEntryIn(msgspec.Struct, kw_only=True):
    content: str
    date: str | None = None
    id: str | None = None


class GenerateProfileIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    entries: list[ProfileEntryIn | str]


class GeneratedProfileOut(msgspec.Struct, rename="camel", kw_only=True):
    short_summary: str
    full_profile: str
    blindspots: list[str]
    source_entry_ids: list[str]
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
