"""Insights: an owner-scoped service, with the free plan's weekly quota."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

import sqlalchemy as sa

from api.insights import rules
from api.services import OwnedService, repository_for
from models import Insight


class InsightService(OwnedService[Insight]):
    repository_type = repository_for(Insight)
    not_found = rules.MSG_NOT_FOUND

    # The insight list's order (newest first; id breaks ties) and its paging cursor's key (api.paging).
    ORDER = ((Insight.created_at, True), (Insight.id, True))

    async def newest_first(self, user_id: uuid.UUID) -> Sequence[Insight]:
        return await self.mine(user_id, order_by=(Insight.created_at.desc(), Insight.id.desc()))

    async def by_entry(self, user_id: uuid.UUID, entry_ids: Sequence[uuid.UUID] | None = None
                       ) -> dict[uuid.UUID, list[Insight]]:
        """The user's insights drawn from each of their entries (its `entryId`, or one of the entries
        a pattern insight came from), newest first; only those of `entry_ids` when given (a page)."""
        if entry_ids is None:
            rows = await self.newest_first(user_id)
        else:
            drawn = sa.or_(Insight.entry_id.in_(entry_ids),
                           Insight.source_entry_ids.has_any(sa.cast([str(i) for i in entry_ids],
                                                                    sa.ARRAY(sa.Text))))
            rows = await self.mine(user_id, drawn, order_by=(Insight.created_at.desc(),))
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
