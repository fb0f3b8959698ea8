"""The free plan's weekly usage: the ONE place it is counted and enforced.

Two quotas (spec part 1 section 9, part 2 section 9; the server enforces them, spec README point 1):

- insights saved: FREE_INSIGHTS_PER_WEEK (5) in any seven days;
- task generations: FREE_TASK_GENERATIONS_PER_WEEK (30) in any seven days; one weekly-focus call
  that produced a suggestion is one generation (a `TaskGeneration` row).

"This week" is a rolling window of the last seven days (`USAGE_WINDOW`): a use stops counting
seven days after it was made, so the quota frees up one use at a time, never all at once on a
Monday. Premium users have no limit (their `*_limit` is None), but their use is still counted.

Use it from a controller like any owner-scoped service:

    dependencies = provide(usage=UsageService)
    usage.weekly(user)                       # WeeklyUsage, e.g. for GET /api/subscription
    await usage.take_task_generation(user, "personal")   # or 429 TaskGenerationLimit
"""

from __future__ import annotations

import math
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec
import sqlalchemy as sa
from litestar.exceptions import HTTPException

from api.services import OwnedService, repository_for
from models import Insight, TaskGeneration
from models.constants import FREE_INSIGHTS_PER_WEEK, FREE_TASK_GENERATIONS_PER_WEEK

USAGE_WINDOW = timedelta(days=7)

MSG_TASK_GENERATION_LIMIT = (
    f"You have used your {FREE_TASK_GENERATIONS_PER_WEEK} task generations for this week, the limit of the free "
    "plan. A generation becomes available again seven days after it was used; Premium has no limit."
)
MSG_INSIGHT_LIMIT = (
    f"You have used your {FREE_INSIGHTS_PER_WEEK} insights for this week, the limit of the free plan. "
    "An insight becomes available again seven days after it was saved; Premium has no limit."
)


class QuotaReached(HTTPException):
    """429 with Retry-After: one of the free plan's weekly quotas is used up."""

    status_code = 429

    def __init__(self, message: str, used: int, limit: int, retry_after: float) -> None:
        seconds = max(1, math.ceil(retry_after))
        super().__init__(detail=message, headers={"Retry-After": str(seconds)},
                         extra={"retryAfter": seconds, "used": used, "limit": limit})


class InsightLimit(QuotaReached):
    def __init__(self, used: int, retry_after: float) -> None:
        super().__init__(MSG_INSIGHT_LIMIT, used, FREE_INSIGHTS_PER_WEEK, retry_after)


class TaskGenerationLimit(QuotaReached):
    """429: the free plan's task generations for the week are used up."""

    def __init__(self, used: int, retry_after: float) -> None:
        super().__init__(MSG_TASK_GENERATION_LIMIT, used, FREE_TASK_GENERATIONS_PER_WEEK, retry_after)


class WeeklyUsage(msgspec.Struct, rename="camel", kw_only=True):
    """What a user has used in the last seven days; a limit is None when the user has none."""

    insights_used_this_week: int
    insights_limit: int | None
    task_generations_this_week: int
    task_generations_limit: int | None


def _since(now: datetime | None = None) -> datetime:
    return (now or datetime.now(UTC)) - USAGE_WINDOW


class UsageService(OwnedService[TaskGeneration]):
    repository_type = repository_for(TaskGeneration)
    not_found = "Not found"

    @property
    def session(self) -> Any:
        return self.repository.session

    def _insights_this_week(self, user_id: uuid.UUID) -> Any:
        """Insights the user saved in the last seven days (not those the pattern pipeline drew)."""
        return (Insight.user_id == user_id, Insight.created_at >= _since(), Insight.origin != "pipeline")

    async def insights_used_this_week(self, user_id: uuid.UUID) -> int:
        statement = sa.select(sa.func.count()).where(*self._insights_this_week(user_id))
        return int(await self.session.scalar(statement) or 0)

    async def check_insight_quota(self, user: Any, *, reserve: bool = False) -> None:
        """Raise InsightLimit (429) when a free user has saved the week's insights already.
        `reserve` is for a request that saves one: the count then holds the user's transaction lock
        until the request commits its insert, so two saves at once cannot both take the last one."""
        if user.is_premium:
            return
        if reserve:
            key = f"insights:{user.id}"
            await self.session.execute(sa.select(sa.func.pg_advisory_xact_lock(sa.func.hashtext(key))))
        times = (await self.session.scalars(
            sa.select(Insight.created_at).where(*self._insights_this_week(user.id)).order_by(Insight.created_at)
        )).all()
        if len(times) >= FREE_INSIGHTS_PER_WEEK:
            freed_at = times[len(times) - FREE_INSIGHTS_PER_WEEK] + USAGE_WINDOW
            raise InsightLimit(len(times), (freed_at - datetime.now(UTC)).total_seconds())

    async def task_generations_this_week(self, user_id: uuid.UUID) -> int:
        """Weekly-focus generations the user made in the last seven days."""
        return await self.count_mine(user_id, TaskGeneration.created_at >= _since())

    async def weekly(self, user: Any) -> WeeklyUsage:
        premium = bool(user.is_premium)
        return WeeklyUsage(
            insights_used_this_week=await self.insights_used_this_week(user.id),
            insights_limit=None if premium else FREE_INSIGHTS_PER_WEEK,
            task_generations_this_week=await self.task_generations_this_week(user.id),
            task_generations_limit=None if premium else FREE_TASK_GENERATIONS_PER_WEEK,
        )

    async def take_task_generation(self, user: Any, domain: str) -> TaskGeneration:
        """Count one task generation for `user`, committed before the (slow) generation runs, or
        raise TaskGenerationLimit (429) when a free user has none left. Two calls at once cannot
        both take the last one: the user's count and insert run under a transaction lock."""
        key = f"task-generations:{user.id}"
        await self.session.execute(sa.select(sa.func.pg_advisory_xact_lock(sa.func.hashtext(key))))
        if not user.is_premium:
            since = _since()
            times = (await self.session.scalars(
                sa.select(TaskGeneration.created_at)
                .where(TaskGeneration.user_id == user.id, TaskGeneration.created_at >= since)
                .order_by(TaskGeneration.created_at)
            )).all()
            if len(times) >= FREE_TASK_GENERATIONS_PER_WEEK:
                # The oldest use in the window frees a generation when it leaves the window.
                freed_at = times[len(times) - FREE_TASK_GENERATIONS_PER_WEEK] + USAGE_WINDOW
                await self.session.rollback()
                raise TaskGenerationLimit(len(times), (freed_at - datetime.now(UTC)).total_seconds())
        generation = await self.add(TaskGeneration(user_id=user.id, domain=domain))
        await self.commit()
        return generation

    async def give_back(self, generation: TaskGeneration) -> None:
        """Un-count a generation that produced nothing the user got (the pipeline failed)."""
        await self.session.execute(sa.delete(TaskGeneration).where(TaskGeneration.id == generation.id))
        await self.commit()
