"""Insights: an owner-scoped service, with the free plan's weekly quota."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from api.insights import rules
from api.services import OwnedService, repository_for
from models import Insight


class InsightService(OwnedService[Insight]):
    repository_type = repository_for(Insight)
    not_found = rules.MSG_NOT_FOUND

    async def newest_first(self, user_id: uuid.UUID) -> Sequence[Insight]:
        return await self.mine(user_id, order_by=(Insight.created_at.desc(),))

    async def saved_this_week(self, user_id: uuid.UUID) -> int:
        since = datetime.now(UTC) - timedelta(days=rules.QUOTA_WINDOW_DAYS)
        return await self.count_mine(user_id, Insight.created_at >= since)
