"""Insights: an owner-scoped service; an insight may belong to one of the user's patterns."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

import sqlalchemy as sa
from advanced_alchemy.exceptions import NotFoundError

from api.insights import rules
from api.services import OwnedService, repository_for
from models import Insight, Pattern


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

    async def pattern_of(self, user_id: uuid.UUID, pattern_id: uuid.UUID) -> uuid.UUID:
        """The id of the user's pattern an insight is saved under; another user's is the same 404 as
        an unknown one."""
        found = await self.repository.session.scalar(
            sa.select(Pattern.id).where(Pattern.id == pattern_id, Pattern.user_id == user_id))
        if found is None:
            raise NotFoundError(detail=rules.MSG_PATTERN_NOT_FOUND)
        return found

    async def forget_drawn(self, user_id: uuid.UUID, insight: Insight) -> None:
        """A pipeline insight the user deleted or reworded: its pattern remembers the text, so a
        refresh does not draw it again."""
        if insight.origin != "pipeline" or insight.pattern_id is None:
            return
        pattern = await self.repository.session.scalar(
            sa.select(Pattern).where(Pattern.id == insight.pattern_id, Pattern.user_id == user_id))
        if pattern is not None:
            pattern.dismissed = [*(pattern.dismissed or []), insight.text][-rules.MAX_DISMISSED:]
