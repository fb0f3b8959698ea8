"""The AI provider interface: what the analysis core asks of an AI, whichever one runs.

Two implementations: `local` (offline: embeddings, scikit-learn and rules; the default, so no
journal text leaves the machine) and `openai` (any OpenAI-compatible endpoint). Every call of the
openai provider falls back to the local one on any failure, and says so in its result.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Literal, Protocol

import msgspec

from pipelines.highlights import Highlight

if TYPE_CHECKING:
    from pipelines.weekly_focus import FocusDraft, FocusMaterial

Mood = Literal["happy", "sad", "angry", "anxious", "loving", "tired", "neutral"]


class MoodOut(msgspec.Struct, kw_only=True):
    mood: Mood
    emoji: str
    text: str


class AnalysisContext(msgspec.Struct, kw_only=True):
    today: date
    existing_goals: list[str] = msgspec.field(default_factory=list)
    existing_projects: list[str] = msgspec.field(default_factory=list)


class EntryAnalysis(msgspec.Struct, kw_only=True, rename="camel"):
    mood: MoodOut
    summary: str | None
    highlights: list[Highlight]
    related_goals: list[str] = msgspec.field(default_factory=list)
    related_projects: list[str] = msgspec.field(default_factory=list)


class ProfileEntry(msgspec.Struct, kw_only=True):
    id: str
    date: str
    content: str
    summary: str | None = None
    mood: str | None = None  # the mood the entry's analysis found, when there is one
    embedding: list[float] | None = None  # the entry's stored embedding, when there is one
    # The entry's tasks and goals that are still open and recent (not completed, not stale), when
    # the caller knows them (the profile flow does); None: unknown, read from the text instead.
    open_tasks: list[str] | None = None
    open_goals: list[str] | None = None


class ProfileDraft(msgspec.Struct, kw_only=True, rename="camel"):
    short_summary: str
    full_profile: str
    blindspots: list[str]
    source_entry_ids: list[str]


class Passage(msgspec.Struct, kw_only=True):
    entry_id: str
    date: str
    text: str
    score: float
    mood: str | None = None  # the entry's mood text ("Sad"), for questions about moods


class AIProvider(Protocol):
    name: str

    def analyze_entry(self, text: str, *, want_summary: bool, context: AnalysisContext,
                      embedding: object = None) -> EntryAnalysis: ...

    def summarize(self, text: str) -> str: ...

    def build_profile(self, entries: list[ProfileEntry]) -> ProfileDraft: ...

    def answer(self, question: str, passages: list[Passage]) -> str: ...

    # Weekly focus: one suggestion from the user's material (pipelines/weekly_focus).
    def suggest_weekly_focus(self, material: FocusMaterial) -> FocusDraft: ...
