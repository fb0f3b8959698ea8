"""The journal's AI calls (spec part 1 section 7, "AI"), whichever provider runs: /api/openai/analyze
(a text's highlights, summary and mood), /api/openai/generate-summary (a summary of a text, or the
Self Analysis of chosen entries), /api/openai/real-time-prompts (prompts while the user writes) and
/api/openai/ask-help (a question answered from the user's own entries)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import anyio.to_thread
import msgspec
from litestar import Controller, Request, post

from api.entries.rules import required_content
from api.entries.schemas import TextIn
from api.entries.services import EntryService
from api.errors import FieldError, documented_errors
from api.journal.chat import MAX_QUESTION_CHARS, answer_from_journal
from api.journal.rules import format_entry_date
from api.journal.schemas import (
    AnalyzeOut,
    AskHelpIn,
    AskHelpOut,
    GenerateSummaryIn,
    GenerateSummaryOut,
    PromptsIn,
    PromptsOut,
)
from api.profile.services import ProfileService
from api.services import provide
from api.validation import required_text
from models.constants import SELF_ANALYSIS_MAX_ENTRIES, SELF_ANALYSIS_MIN_ENTRIES
from models.values import Mood

MSG_SELF_ANALYSIS_MIN = "You need at least 3 journal entries to perform a meaningful analysis."
MSG_ENTRY_IDS = "entryIds must be ids of saved journal entries."
MSG_SUMMARY_INPUT = "Send entryIds for a Self Analysis or content for a summary."
# Real-time prompts learn who the user's people are from this many of their latest entries.
PEOPLE_FROM_ENTRIES = 30


async def _in_thread(fn):
    """Model work runs off the event loop."""
    return await anyio.to_thread.run_sync(fn)


@documented_errors
class ReflectionController(Controller):
    path = "/api/openai"
    tags = ["ai"]
    dependencies = provide(entries=EntryService, profiles=ProfileService)

    @post("/analyze", operation_id="analyzeText", status_code=200)
    async def analyze(self, request: Request, profiles: ProfileService, data: TextIn) -> AnalyzeOut:
        from pipelines.public import AnalysisContext, get_providers

        text = required_content(data.text, "text")
        today = datetime.now(UTC).date()
        outcome = await _in_thread(lambda: get_providers().run(
            lambda p: p.analyze_entry(text, want_summary=True, context=AnalysisContext(today=today))))
        profile = await profiles.own_one(request.user.id)
        return AnalyzeOut(
            highlights=msgspec.to_builtins(outcome.value.highlights),
            summary=outcome.value.summary or "",
            mood=Mood(emoji=outcome.value.mood.emoji, text=outcome.value.mood.text).to_json(),
            profile={"shortSummary": profile.short_summary, "fullProfile": profile.full_profile} if profile else None,
            provider=outcome.provider,
        )

    @post("/generate-summary", operation_id="generateSummary", status_code=200,
          description="With entryIds (3 to 15 of the user's entries): the Self Analysis {patterns, connections, "
                      "growth, reflections}. With content: {summary}.")
    async def generate_summary(self, request: Request, entries: EntryService,
                               data: GenerateSummaryIn) -> GenerateSummaryOut:
        if data.entry_ids is not None:
            return await self._self_analysis(request, entries, data.entry_ids)
        if data.content is None:
            raise FieldError("entryIds", MSG_SUMMARY_INPUT)
        from pipelines.public import get_providers

        content = required_content(data.content, "content")
        try:
            outcome = await _in_thread(lambda: get_providers().run(lambda p: p.summarize(content)))
            return GenerateSummaryOut(summary=outcome.value, provider=outcome.provider)
        except Exception:  # the spec's client expects an empty summary on failure
            return GenerateSummaryOut(summary="")

    async def _self_analysis(self, request: Request, entries: EntryService, entry_ids: list[str]
                             ) -> GenerateSummaryOut:
        from pipelines.public import ReflectionEntry, read_scope, self_analysis

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
        from pipelines.public import PromptContext, known_people, realtime_prompts

        text = required_content(data.text, "text")
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
