"""GET /api/patterns and its refresh; POST /api/ai/generate-insight (Go Deep) and
POST /api/ai/find-resources (Explore Further).

Refresh answers at once (202) with the run's id: the pattern-clustering flow runs in the background
and the screen polls the run, then reads the patterns again. A user has at most one refresh waiting
or running: asking again answers with that one.
"""

from __future__ import annotations

import uuid

import anyio
from litestar import Controller, Request, get, post
from litestar.exceptions import NotFoundException, ServiceUnavailableException

from api.dependencies import Pipelines
from api.errors import FieldError, documented_errors, error_responses
from api.logging import get_logger
from api.patterns import rules
from api.patterns.schemas import (
    FindResourcesIn,
    FindResourcesOut,
    GenerateInsightIn,
    GenerateInsightOut,
    PatternOut,
    RefreshOut,
    ResourceOut,
)
from api.patterns.services import PatternService
from api.services import provide
from api.subscription.usage import UsageService
from api.validation import required_text
from models.constants import FREE_INSIGHTS_PER_WEEK

log = get_logger("reverie.patterns")


def _pattern_id(value: str) -> uuid.UUID:
    try:
        return uuid.UUID(value)
    except (ValueError, AttributeError, TypeError):
        raise FieldError("patternId", "patternId must be a pattern's id.") from None


@documented_errors
class PatternsController(Controller):
    path = "/api/patterns"
    tags = ["patterns"]
    dependencies = provide(patterns=PatternService)

    @get(operation_id="listPatterns",
         description="The signed-in user's patterns that have insights, most insights first, each with its "
                     "insights newest first.")
    async def list_patterns(self, request: Request, patterns: PatternService) -> list[PatternOut]:
        return [PatternOut.of(p, insights) for p, insights in await patterns.with_insights(request.user.id)]

    @post("/refresh", operation_id="refreshPatterns", status_code=202, responses=error_responses(503),
          description="Starts the pattern-clustering flow over the user's analysed entries and answers at once "
                      "with the run's id; a re-run replaces the patterns it found before, never duplicates them.")
    async def refresh(self, request: Request, pipelines: Pipelines) -> RefreshOut:
        user_id = str(request.user.id)
        try:
            run = pipelines.active(rules.PATTERN_FLOW, user_id) or pipelines.submit(
                rules.PATTERN_FLOW, user_id=user_id, owner=user_id)
        except Exception as exc:  # the runner is not running: nothing would refresh
            log.warning("pattern_refresh_not_submitted", error=str(exc))
            raise ServiceUnavailableException(rules.MSG_REFRESH_FAILED) from None
        return RefreshOut(run_id=run.id, state=run.state)

    @get("/refresh/{run_id:str}", operation_id="getPatternRefresh",
         description="A refresh of the signed-in user's patterns: its state (`completed` once the patterns "
                     "are rewritten).")
    async def refresh_state(self, request: Request, pipelines: Pipelines, run_id: str) -> RefreshOut:
        run = pipelines.get(run_id[:64])
        if run is None or run.flow != rules.PATTERN_FLOW or run.owner != str(request.user.id):
            raise NotFoundException(rules.MSG_RUN_NOT_FOUND)
        return RefreshOut(run_id=run.id, state=run.state)


@documented_errors
class PatternAIController(Controller):
    path = "/api/ai"
    tags = ["patterns"]
    dependencies = provide(patterns=PatternService, usage=UsageService)

    @post("/generate-insight", operation_id="generateInsight", status_code=200, responses=error_responses(404, 429),
          description=f"Go Deep: a new insight built from the pattern's insights (`insights`, or the saved ones "
                      f"when empty), grounded in the entries behind them, repeating none of them. Free plan: "
                      f"refused (429) once {FREE_INSIGHTS_PER_WEEK} insights were saved in the last seven days.")
    async def generate_insight(self, request: Request, patterns: PatternService, usage: UsageService,
                               data: GenerateInsightIn) -> GenerateInsightOut:
        from models.dates import format_entry_date
        from pipelines.public import SourceEntry, deeper_insight

        user = request.user
        key = _pattern_id(data.pattern_id)
        if len(data.insights) > rules.MAX_GO_DEEP_INSIGHTS:
            raise FieldError("insights", rules.MSG_INSIGHTS_LIST)
        texts = [t.strip() for t in data.insights if t.strip()]
        if any(len(t) > rules.MAX_TEXT_CHARS for t in texts):
            raise FieldError("insights", f"Each insight can be at most {rules.MAX_TEXT_CHARS:,} characters.")
        pattern = await patterns.own(user.id, key)
        await usage.check_insight_quota(user)
        saved = next((ins for p, ins in await patterns.with_insights(user.id) if p.id == pattern.id), [])
        texts = texts or [i.text for i in saved]
        entries = [SourceEntry(id=str(e.id), date=format_entry_date(e.entry_date), content=e.content)
                   for e in await patterns.entries_behind(user.id, pattern, saved)]
        deeper = await anyio.to_thread.run_sync(deeper_insight, pattern.name, texts, entries)
        return GenerateInsightOut(generated_insight=deeper.text, pattern_id=pattern.id, entry_ids=deeper.entry_ids)

    @post("/find-resources", operation_id="findResources", status_code=200,
          description="Explore Further: up to 3 resources from the curated catalogue shipped with Reverie, matched "
                      "to the text's topic (its mood only orders them; a text only about a feeling is matched by it); "
                      "none when no resource is on the topic. Nothing is generated.")
    async def find_resources(self, data: FindResourcesIn) -> FindResourcesOut:
        from pipelines.public import explore

        text = required_text(data.text, "text", rules.MAX_TEXT_CHARS)
        if data.type not in rules.RESOURCE_KINDS:
            raise FieldError("type", rules.MSG_RESOURCE_KIND)
        found = await anyio.to_thread.run_sync(explore, text)
        return FindResourcesOut(resources=[ResourceOut(type=r.type, title=r.title, description=r.description,  # type: ignore[arg-type]
                                                       url=r.url) for r in found])
