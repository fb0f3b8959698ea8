"""The AI calls of the spec (part 1 section 7, "AI"), whichever provider runs: /api/openai/*,
POST /api/journal/{id}/chat and /api/insights. Answers are built from the user's own entries."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import anyio
import msgspec
import sqlalchemy as sa
from litestar import Controller, Request, get, post
from litestar.exceptions import NotFoundException, PermissionDeniedException
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth.services import FieldError
from api.errors import documented_errors, error_responses
from api.highlights.controllers import own_entry_id
from api.journal.rules import MAX_CONTENT_CHARS, format_entry_date
from api.journal.search import search_entries
from models import Insight, JournalEntry, Profile
from pipelines.rules import (
    ASK_HELP_RECENT_ENTRIES,
    FREE_INSIGHTS_PER_WEEK,
    SELF_ANALYSIS_MAX_ENTRIES,
    SELF_ANALYSIS_MIN_ENTRIES,
)

MSG_SELF_ANALYSIS_MIN = "You need at least 3 journal entries to perform a meaningful analysis."
MSG_ANALYSIS_FAILED = "Error analyzing journal entry. Please try again later."
MSG_CHAT_FAILED = "Sorry, I was unable to process your message. Please try again."
MSG_ASK_FAILED = "Failed to get a response. Please try again."
MSG_INSIGHT_LIMIT = (
    f"You have saved {FREE_INSIGHTS_PER_WEEK} insights this week, the limit of the free plan. "
    "It resets seven days after your first insight of the week."
)
RETRIEVED_PASSAGES = 5


# -- bodies ----------------------------------------------------------------------------------
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


class GenerateSummaryIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    entry_ids: list[str] | None = None
    content: str | None = None


class PromptsIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    text: str
    context: dict[str, Any] = msgspec.field(default_factory=dict)


class AskHelpIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    question: str
    context: dict[str, Any] = msgspec.field(default_factory=dict)


class ChatIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    message: str


class ChatOut(msgspec.Struct, kw_only=True):
    success: bool
    response: str


class InsightIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    text: str
    type: str = "insight"
    context: dict[str, Any] | str | None = None
    time_estimate: str | None = None
    related_tasks: list[str] = msgspec.field(default_factory=list)
    entry_id: str | None = None
    pattern_id: str | None = None
    is_ai_generated: bool = False


class InsightOut(msgspec.Struct, rename="camel", kw_only=True):
    id: uuid.UUID
    text: str
    type: str
    entry_id: uuid.UUID | None
    pattern_id: uuid.UUID | None
    time_estimate: str | None
    related_tasks: list[str]
    is_ai_generated: bool
    short_title: str | None
    layers: list[Any]
    created_at: datetime

    @classmethod
    def of(cls, i: Insight) -> InsightOut:
        return cls(id=i.id, text=i.text, type=i.type, entry_id=i.entry_id, pattern_id=i.pattern_id,
                   time_estimate=i.time_estimate, related_tasks=list(i.related_tasks or []),
                   is_ai_generated=i.is_ai_generated, short_title=i.short_title, layers=list(i.layers or []),
                   created_at=i.created_at)


# -- helpers ---------------------------------------------------------------------------------
def _text(value: str, field: str, limit: int = MAX_CONTENT_CHARS) -> str:
    if not value or not value.strip():
        raise FieldError(field, f"{field} cannot be empty.")
    if len(value) > limit:
        raise FieldError(field, f"{field} can be at most {limit:,} characters.")
    return value.strip()


async def _in_thread(fn):
    """Model work runs off the event loop."""
    return await anyio.to_thread.run_sync(fn)


def _today() -> Any:
    return datetime.now(UTC).date()


@documented_errors
class AIController(Controller):
    path = "/api/openai"
    tags = ["ai"]

    @post("/analyze", operation_id="analyzeText", status_code=200)
    async def analyze(self, request: Request, db_session: AsyncSession, data: TextIn) -> AnalyzeOut:
        from pipelines.providers import get_providers
        from pipelines.providers.base import AnalysisContext

        text = _text(data.text, "text")
        outcome = await _in_thread(lambda: get_providers().run(
            lambda p: p.analyze_entry(text, want_summary=True, context=AnalysisContext(today=_today()))))
        profile = await db_session.get(Profile, request.user.id)
        return AnalyzeOut(
            highlights=msgspec.to_builtins(outcome.value.highlights),
            summary=outcome.value.summary or "",
            mood={"emoji": outcome.value.mood.emoji, "text": outcome.value.mood.text},
            profile={"shortSummary": profile.short_summary, "fullProfile": profile.full_profile} if profile else None,
            provider=outcome.provider,
        )

    @post("/extract-tasks", operation_id="extractTasks", status_code=200)
    async def extract_tasks(self, data: TextIn) -> ExtractTasksOut:
        from pipelines.highlights import extract_highlights

        text = _text(data.text, "text")
        highlights = await _in_thread(lambda: extract_highlights(text, today=_today()))
        as_json = msgspec.to_builtins(highlights)
        return ExtractTasksOut(tasks=[h for h in as_json if h["type"] == "task"], highlights=as_json)

    @post("/generate-profile", operation_id="generateProfile", status_code=200)
    async def generate_profile(self, data: GenerateProfileIn) -> dict[str, Any]:
        from pipelines.providers import get_providers
        from pipelines.providers.base import ProfileEntry

        if not data.entries:
            raise FieldError("entries", "entries cannot be empty.")
        material = []
        for index, item in enumerate(data.entries[:200]):
            content = item if isinstance(item, str) else item.content
            date = "" if isinstance(item, str) else (item.date or "")
            ident = str(index) if isinstance(item, str) or not item.id else item.id
            if content.strip():
                material.append(ProfileEntry(id=ident, date=date, content=content[:MAX_CONTENT_CHARS]))
        if not material:
            raise FieldError("entries", "entries cannot be empty.")
        outcome = await _in_thread(lambda: get_providers().run(lambda p: p.build_profile(material)))
        return {**msgspec.to_builtins(outcome.value), "provider": outcome.provider}

    @post("/generate-summary", operation_id="generateSummary", status_code=200,
          description="With entryIds (3 to 15 of the user's entries): the Self Analysis {patterns, connections, "
                      "growth, reflections}. With content: {summary}.")
    async def generate_summary(self, request: Request, db_session: AsyncSession,
                               data: GenerateSummaryIn) -> dict[str, Any]:
        if data.entry_ids is not None:
            return await self._self_analysis(request, db_session, data.entry_ids)
        if data.content is None:
            raise FieldError("entryIds", "Send entryIds for a Self Analysis or content for a summary.")
        from pipelines.providers import get_providers

        content = _text(data.content, "content")
        try:
            outcome = await _in_thread(lambda: get_providers().run(lambda p: p.summarize(content)))
            return {"summary": outcome.value, "provider": outcome.provider}
        except Exception:  # the spec's client expects an empty summary on failure
            return {"summary": ""}

    async def _self_analysis(self, request: Request, db: AsyncSession, entry_ids: list[str]) -> dict[str, Any]:
        from pipelines.reflection import ReflectionEntry, self_analysis

        keys = []
        for value in entry_ids[:SELF_ANALYSIS_MAX_ENTRIES]:
            try:
                keys.append(uuid.UUID(value))
            except ValueError:
                raise FieldError("entryIds", "entryIds must be ids of saved journal entries.") from None
        rows = (await db.scalars(
            sa.select(JournalEntry).where(JournalEntry.user_id == request.user.id, JournalEntry.id.in_(keys))
            .order_by(JournalEntry.entry_date)
        )).all()
        if len(rows) < SELF_ANALYSIS_MIN_ENTRIES:
            raise FieldError("entryIds", MSG_SELF_ANALYSIS_MIN)
        material = [ReflectionEntry(id=str(e.id), date=format_entry_date(e.entry_date), content=e.content) for e in rows]
        analysis = await _in_thread(lambda: self_analysis(material))
        return {"analysis": msgspec.to_builtins(analysis)}

    @post("/real-time-prompts", operation_id="realTimePrompts", status_code=200)
    async def real_time_prompts(self, data: PromptsIn) -> dict[str, Any]:
        from pipelines.reflection import PromptContext, realtime_prompts

        text = _text(data.text, "text")
        context = msgspec.convert(
            {k: v for k, v in data.context.items() if k in ("existingTasks", "existingGoals", "existingProjects")},
            PromptContext, strict=False,
        ) if isinstance(data.context, dict) else PromptContext()
        prompts = await _in_thread(lambda: realtime_prompts(text, context))
        return {"prompts": msgspec.to_builtins(prompts)}

    @post("/ask-help", operation_id="askHelp", status_code=200)
    async def ask_help(self, request: Request, db_session: AsyncSession, data: AskHelpIn) -> dict[str, Any]:
        question = _text(data.question, "question", 2000)
        return {"response": await answer_from_journal(db_session, request.user.id, question)}


async def answer_from_journal(db: AsyncSession, user_id: uuid.UUID, question: str,
                              focus: JournalEntry | None = None) -> str:
    """Retrieve the most relevant entries (pgvector) plus the latest ones, and answer from them."""
    from pipelines.providers import get_providers
    from pipelines.providers.base import Passage

    hits = await search_entries(db, user_id, question, limit=RETRIEVED_PASSAGES)
    recent = (await db.scalars(
        sa.select(JournalEntry).where(JournalEntry.user_id == user_id)
        .order_by(JournalEntry.entry_date.desc(), JournalEntry.created_at.desc()).limit(ASK_HELP_RECENT_ENTRIES)
    )).all()
    passages: dict[uuid.UUID, Passage] = {}
    if focus is not None:
        passages[focus.id] = Passage(entry_id=str(focus.id), date=format_entry_date(focus.entry_date),
                                     text=focus.content, score=1.0)
    for entry, score in hits:
        passages.setdefault(entry.id, Passage(entry_id=str(entry.id), date=format_entry_date(entry.entry_date),
                                              text=entry.content, score=score or 0.0))
    for entry in recent:
        passages.setdefault(entry.id, Passage(entry_id=str(entry.id), date=format_entry_date(entry.entry_date),
                                              text=entry.content, score=0.0))
    ordered = sorted(passages.values(), key=lambda p: -p.score)
    outcome = await _in_thread(lambda: get_providers().run(lambda p: p.answer(question, ordered)))
    return outcome.value


@documented_errors
class EntryChatController(Controller):
    path = "/api/journal/{entry_id:uuid}/chat"
    tags = ["journal"]

    @post(operation_id="chatWithEntry", status_code=200)
    async def chat(self, request: Request, db_session: AsyncSession, entry_id: uuid.UUID, data: ChatIn) -> ChatOut:
        message = _text(data.message, "message", 2000)
        entry = await db_session.scalar(
            sa.select(JournalEntry).where(JournalEntry.id == entry_id, JournalEntry.user_id == request.user.id))
        if entry is None:
            raise NotFoundException("Journal entry not found")
        response = await answer_from_journal(db_session, request.user.id, message, focus=entry)
        return ChatOut(success=True, response=response)


@documented_errors
class InsightsController(Controller):
    path = "/api/insights"
    tags = ["insights"]

    @get(operation_id="listInsights")
    async def list_insights(self, request: Request, db_session: AsyncSession) -> list[InsightOut]:
        rows = await db_session.scalars(
            sa.select(Insight).where(Insight.user_id == request.user.id).order_by(Insight.created_at.desc()))
        return [InsightOut.of(i) for i in rows]

    @post(operation_id="saveInsight", status_code=201, responses=error_responses(404),
          description=f"Free plan: at most {FREE_INSIGHTS_PER_WEEK} insights in any seven days (server-enforced).")
    async def save_insight(self, request: Request, db_session: AsyncSession, data: InsightIn) -> InsightOut:
        user_id = request.user.id
        text = _text(data.text, "text", 5000)
        week_ago = datetime.now(UTC) - timedelta(days=7)
        used = await db_session.scalar(
            sa.select(sa.func.count()).where(Insight.user_id == user_id, Insight.created_at >= week_ago)) or 0
        if used >= FREE_INSIGHTS_PER_WEEK:
            raise PermissionDeniedException(MSG_INSIGHT_LIMIT, extra={"limit": FREE_INSIGHTS_PER_WEEK, "used": used})
        if data.type not in ("contradiction", "goal", "person", "insight", "task", "blindspot", "breakthrough",
                             "reflection"):
            raise FieldError("type", "type must be one of the insight types.")
        context = data.context if isinstance(data.context, dict) else ({"text": data.context} if data.context else None)
        pattern_id = None
        if data.pattern_id:
            try:
                pattern_id = uuid.UUID(data.pattern_id)
            except ValueError:
                raise FieldError("patternId", "patternId must be a pattern's id.") from None
        insight = Insight(
            user_id=user_id, text=text, type=data.type, context=context, time_estimate=data.time_estimate,
            related_tasks=[t[:300] for t in data.related_tasks[:10]], is_ai_generated=data.is_ai_generated,
            entry_id=await own_entry_id(db_session, user_id, data.entry_id), pattern_id=pattern_id,
            short_title=text[:50],
        )
        db_session.add(insight)
        await db_session.flush()
        return InsightOut.of(insight)
