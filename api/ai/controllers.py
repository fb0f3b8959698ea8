"""The AI calls of the spec (part 1 section 7, "AI"), whichever provider runs: /api/openai/*.
Answers about the journal are built from the user's own entries."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, date, datetime

import anyio
import msgspec
from litestar import Controller, Request, post

from api.ai.schemas import (
    AnalyzeOut,
    AskHelpIn,
    AskHelpOut,
    ExtractTasksOut,
    GeneratedProfileOut,
    GenerateProfileIn,
    GenerateSummaryIn,
    GenerateSummaryOut,
    PromptsIn,
    PromptsOut,
    TextIn,
)
from api.errors import FieldError, documented_errors, error_responses
from api.journal.chat import MAX_QUESTION_CHARS, answer_from_journal
from api.journal.rules import MAX_CONTENT_CHARS, format_entry_date
from api.journal.services import EntryService
from api.profile.controllers import MSG_LOCKED_FEATURE
from api.profile.services import ProfileService
from api.services import provide
from api.validation import required_text
from models.constants import SELF_ANALYSIS_MAX_ENTRIES, SELF_ANALYSIS_MIN_ENTRIES, UNLOCK_PROFILE

MSG_SELF_ANALYSIS_MIN = "You need at least 3 journal entries to perform a meaningful analysis."
MSG_ENTRY_IDS = "entryIds must be ids of saved journal entries."
MSG_SUMMARY_INPUT = "Send entryIds for a Self Analysis or content for a summary."
MSG_ENTRIES_EMPTY = "entries cannot be empty."
MAX_PROFILE_ENTRIES = 200
# Real-time prompts learn who the user's people are from this many of their latest entries.
PEOPLE_FROM_ENTRIES = 30


async def _in_thread(fn):
    """Model work runs off the event loop."""
    return await anyio.to_thread.run_sync(fn)


def _today() -> date:
    return datetime.now(UTC).date()


# The story dates what it says by the entries' dates: "(11/02/2026 to 11/20/2026)", "(from 11/20/2026)".
# Entries sent without dates leave only the words around them, "( to )", which are dropped.
_EMPTY_DATES = re.compile(r" ?\((?:from|last written)?[\s,]*(?:(?:to|and|most recently)[\s,]*)*\)")


def _without_empty_dates(text: str) -> str:
    return _EMPTY_DATES.sub("", text)


def _content(value: str, field: str) -> str:
    return required_text(value, field, MAX_CONTENT_CHARS)


@documented_errors
class AIController(Controller):
    path = "/api/openai"
    tags = ["ai"]
    dependencies = provide(entries=EntryService, profiles=ProfileService)

    @post("/analyze", operation_id="analyzeText", status_code=200)
    async def analyze(self, request: Request, profiles: ProfileService, data: TextIn) -> AnalyzeOut:
        from pipelines.providers import get_providers
        from pipelines.providers.base import AnalysisContext

        text = _content(data.text, "text")
        outcome = await _in_thread(lambda: get_providers().run(
            lambda p: p.analyze_entry(text, want_summary=True, context=AnalysisContext(today=_today()))))
        profile = await profiles.own_one(request.user.id)
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

        text = _content(data.text, "text")
        highlights = await _in_thread(lambda: extract_highlights(text, today=_today()))
        as_json = msgspec.to_builtins(highlights)
        return ExtractTasksOut(tasks=[h for h in as_json if h["type"] == "task"], highlights=as_json)

    # A story of the entries sent (not saved), once the caller's own entries unlock the stored one;
    # sourceEntryIds holds only ids that were sent.
    @post("/generate-profile", operation_id="generateProfile", status_code=200, responses=error_responses(403))
    async def generate_profile(self, request: Request, entries: EntryService,
                               data: GenerateProfileIn) -> GeneratedProfileOut:
        from pipelines.providers import get_providers
        from pipelines.providers.base import ProfileEntry

        await entries.require_unlocked(request.user.id, UNLOCK_PROFILE, MSG_LOCKED_FEATURE)
        material, unsent = [], set()
        for item in data.entries[:MAX_PROFILE_ENTRIES]:
            content = item if isinstance(item, str) else item.content
            day = "" if isinstance(item, str) else (item.date or "")
            ident = None if isinstance(item, str) else item.id
            if not ident:  # the story tells entries apart by id; this one is never answered
                ident = f"unsent-{uuid.uuid4()}"
                unsent.add(ident)
            if content.strip():
                material.append(ProfileEntry(id=ident, date=day, content=content[:MAX_CONTENT_CHARS]))
        if not material:
            raise FieldError("entries", MSG_ENTRIES_EMPTY)
        outcome = await _in_thread(lambda: get_providers().run(lambda p: p.build_profile(material)))
        draft = outcome.value
        return GeneratedProfileOut(short_summary=_without_empty_dates(draft.short_summary),
                                   full_profile=_without_empty_dates(draft.full_profile),
                                   blindspots=[_without_empty_dates(b) for b in draft.blindspots],
                                   source_entry_ids=[i for i in draft.source_entry_ids if i not in unsent],
                                   provider=outcome.provider)

    @post("/generate-summary", operation_id="generateSummary", status_code=200,
          description="With entryIds (3 to 15 of the user's entries): the Self Analysis {patterns, connections, "
                      "growth, reflections}. With content: {summary}.")
    async def generate_summary(self, request: Request, entries: EntryService,
                               data: GenerateSummaryIn) -> GenerateSummaryOut:
        if data.entry_ids is not None:
            return await self._self_analysis(request, entries, data.entry_ids)
        if data.content is None:
            raise FieldError("entryIds", MSG_SUMMARY_INPUT)
        from pipelines.providers import get_providers

        content = _content(data.content, "content")
        try:
            outcome = await _in_thread(lambda: get_providers().run(lambda p: p.summarize(content)))
            return GenerateSummaryOut(summary=outcome.value, provider=outcome.provider)
        except Exception:  # the spec's client expects an empty summary on failure
            return GenerateSummaryOut(summary="")

    async def _self_analysis(self, request: Request, entries: EntryService, entry_ids: list[str]
                             ) -> GenerateSummaryOut:
        from pipelines.reflection import ReflectionEntry, read_scope, self_analysis

        keys = []
        for value in entry_ids[:SELF_ANALYSIS_MAX_ENTRIES]:
            try:
                keys.append(uuid.UUID(value))
            except ValueError:
                raise FieldError("entryIds", MSG_ENTRY_IDS) from None
        rows = await entries.chosen(request.user.id, keys)
        if len(rows) < SELF_ANALYSIS_MIN_ENTRIES:
            raise FieldError("entryIds", MSG_SELF_ANALYSIS_MIN)
        material = [ReflectionEntry(id=str(e.id), date=format_entry_date(e.entry_date), content=e.content,
                                    mood=(e.mood or {}).get("text")) for e in rows]
        # Which entries were read, said first: the user's latest ones (and whether there are more)?
        newest = [e.id for e in await entries.recent(request.user.id, len(rows) + 1)]
        scope = read_scope(material, latest=set(newest[:len(rows)]) == {e.id for e in rows},
                           more=len(newest) > len(rows))
        return GenerateSummaryOut(analysis=await _in_thread(lambda: self_analysis(material, scope=scope)))

    @post("/real-time-prompts", operation_id="realTimePrompts", status_code=200)
    async def real_time_prompts(self, request: Request, entries: EntryService, data: PromptsIn) -> PromptsOut:
        from pipelines.reflection import PromptContext, known_people, realtime_prompts

        text = _content(data.text, "text")
        # The people the user has written about before: a name there is a person here, even at
        # the start of a sentence ("Jo rang."); an ordinary capitalised word never is.
        earlier = [e.content for e in await entries.recent(request.user.id, PEOPLE_FROM_ENTRIES)]

        def run():
            context = PromptContext(existing_tasks=data.context.existing_tasks,
                                    existing_goals=data.context.existing_goals,
                                    existing_projects=data.context.existing_projects,
                                    known_people=known_people(earlier), earlier_entries=earlier)
            return realtime_prompts(text, context)

        return PromptsOut(prompts=await _in_thread(run))

    @post("/ask-help", operation_id="askHelp", status_code=200)
    async def ask_help(self, request: Request, entries: EntryService, data: AskHelpIn) -> AskHelpOut:
        question = required_text(data.question, "question", MAX_QUESTION_CHARS)
        return AskHelpOut(response=await answer_from_journal(entries, request.user.id, question))
