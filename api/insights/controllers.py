"""GET/POST /api/insights: the insights a user saved. The free plan's weekly quota is the server's."""

from __future__ import annotations

import uuid

from litestar import Controller, Request, Response, delete, get, patch, post
from litestar.params import Parameter

from api.entries.services import EntryService
from api.errors import FieldError, documented_errors, error_responses
from api.insights import rules
from api.insights.schemas import InsightDeletedOut, InsightIn, InsightOut, InsightTextIn
from api.insights.services import InsightService
from api.paging import NOT_MODIFIED, PAGE_HEADERS, conditional, keyset_page
from api.services import provide
from api.subscription.usage import UsageService
from api.validation import required_text
from models import Insight
from models.constants import FREE_INSIGHTS_PER_WEEK


@documented_errors
class InsightsController(Controller):
    path = "/api/insights"
    tags = ["insights"]
    dependencies = provide(insights=InsightService, entries=EntryService, usage=UsageService)

    @get(operation_id="listInsights", response_headers=PAGE_HEADERS, responses=NOT_MODIFIED,
         description="The caller's insights, newest first: all of them, or a page with `limit` (then `before` = "
                     "the previous page's X-Next-Cursor). X-Total-Count is the number of insights in all. "
                     "Conditional: an If-None-Match with the ETag answers 304, no body.")
    async def list_insights(
        self, request: Request, insights: InsightService,
        limit: int | None = Parameter(default=None, ge=1, le=rules.MAX_PAGE_SIZE,
                                      description="At most this many insights (default: all)."),
        before: str | None = Parameter(default=None, min_length=1, max_length=300,
                                       description="X-Next-Cursor of the previous page: the insights after it."),
    ) -> Response[list[InsightOut]]:
        page = await keyset_page(insights, request.user.id, InsightService.ORDER, limit=limit, before=before)
        return conditional(request, [InsightOut.of(i) for i in page.rows], page.headers)

    @post(operation_id="saveInsight", status_code=201, responses=error_responses(404, 429),
          description=f"Free plan: at most {FREE_INSIGHTS_PER_WEEK} insights in any seven days (429 past that).")
    async def save_insight(self, request: Request, insights: InsightService, entries: EntryService,
                           usage: UsageService, data: InsightIn) -> InsightOut:
        user_id = request.user.id
        text = required_text(data.text, "text", rules.MAX_TEXT_CHARS)
        if data.type not in rules.INSIGHT_TYPES:
            raise FieldError("type", rules.MSG_TYPE)
        await usage.check_insight_quota(request.user, reserve=True)
        context = data.context if isinstance(data.context, dict) else ({"text": data.context} if data.context else None)
        pattern_id = None
        if data.pattern_id:
            try:
                pattern_id = uuid.UUID(data.pattern_id)
            except ValueError:
                raise FieldError("patternId", rules.MSG_PATTERN_ID) from None
            pattern_id = await insights.pattern_of(user_id, pattern_id)  # another user's pattern: 404
        insight = await insights.add(Insight(
            user_id=user_id, text=text, type=data.type, context=context, time_estimate=data.time_estimate,
            related_tasks=[t[:rules.MAX_RELATED_TASK_CHARS] for t in data.related_tasks[:rules.MAX_RELATED_TASKS]],
            is_ai_generated=data.is_ai_generated, entry_id=await entries.own_ref(user_id, data.entry_id),
            pattern_id=pattern_id, short_title=text[:rules.SHORT_TITLE_CHARS],
        ))
        return InsightOut.of(insight)

    @patch("/{insight_id:uuid}/text", operation_id="updateInsightText", responses=error_responses(404),
           description="Edit an insight's text (non-blank). An edited insight is the user's: a pattern "
                       "refresh keeps it.")
    async def update_text(self, request: Request, insights: InsightService, insight_id: uuid.UUID,
                          data: InsightTextIn) -> InsightOut:
        text = required_text(data.text, "text", rules.MAX_TEXT_CHARS)
        insight = await insights.own(request.user.id, insight_id)
        await insights.forget_drawn(request.user.id, insight)  # the edit replaces the pipeline's wording
        insight.text = text
        insight.short_title = text[:rules.SHORT_TITLE_CHARS]
        insight.origin = "user"
        return InsightOut.of(await insights.save(insight))

    @delete("/{insight_id:uuid}", operation_id="deleteInsight", status_code=200, responses=error_responses(404),
            description="Delete an insight. One the pattern pipeline drew does not come back on a refresh.")
    async def delete_insight(self, request: Request, insights: InsightService,
                             insight_id: uuid.UUID) -> InsightDeletedOut:
        insight = await insights.own(request.user.id, insight_id)
        await insights.forget_drawn(request.user.id, insight)
        await insights.remove(insight)
        return InsightDeletedOut(success=True, message=rules.MSG_DELETED)
