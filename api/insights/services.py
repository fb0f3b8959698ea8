"""Insights: an owner-scoped service, with the free plan's weekly quota."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from api.insights import rules
from api.services import OwnedService, repository_for
from models import Insight


class InsightService(OwnedService[Insight]):
    repository_type = repository_for(Insight)
    not_found = rules.MSG_NOT_FOUND

    async def newest_first(self, user_id: uuid.UUID) -> Sequence[Insight]:
        return await self.mine(user_id, order_by=(Insight.created_at.desc(),))

    async def by_entry(self, user_id: uuid.UUID) -> dict[uuid.UUID, list[Insight]]:
        """The user's insights drawn from each of their entries (its `entryId`, or one of the entries
        a pattern insight came from), newest first."""
        rows = await self.newest_first(user_id)
        out: dict[uuid.UUID, list[Insight]] = {}
        for insight in rows:
            sources = {str(insight.entry_id)} if insight.entry_id else set()
            sources |= set(insight.source_entry_ids or [])
            for source in sources:
                try:
                    out.setdefault(uuid.UUID(source), []).append(insight)
                except ValueError:
                    continue
        return out
