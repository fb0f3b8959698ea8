"""Patterns: an owner-scoped service; the insights under them come from `InsightService`."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

import sqlalchemy as sa

from api.patterns import rules
from api.services import OwnedService, repository_for
from models import Insight, JournalEntry, Pattern


class PatternService(OwnedService[Pattern]):
    repository_type = repository_for(Pattern)
    not_found = rules.MSG_PATTERN_NOT_FOUND

    async def with_insights(self, user_id: uuid.UUID) -> list[tuple[Pattern, list[Insight]]]:
        """The user's patterns that have insights, most insights first (spec part 2 section 4),
        each with its insights newest first."""
        session = self.repository.session
        patterns = await self.mine(user_id, order_by=(Pattern.created_at,))
        rows = (await session.scalars(
            sa.select(Insight).where(Insight.user_id == user_id, Insight.pattern_id.is_not(None))
            .order_by(Insight.created_at.desc(), Insight.id))).all()
        grouped: dict[uuid.UUID, list[Insight]] = {}
        for insight in rows:
            grouped.setdefault(insight.pattern_id, []).append(insight)  # type: ignore[arg-type]
        kept = [(p, grouped[p.id]) for p in patterns if grouped.get(p.id)]
        return sorted(kept, key=lambda pair: -len(pair[1]))

    async def entries_behind(self, user_id: uuid.UUID, pattern: Pattern, insights: Sequence[Insight]
                             ) -> Sequence[JournalEntry]:
        """The user's entries the pattern's insights (or, without sources, the pattern) came from,
        oldest first, at most MAX_GO_DEEP_ENTRIES (the newest)."""
        ids = {i for insight in insights for i in (insight.source_entry_ids or [])}
        ids |= {str(insight.entry_id) for insight in insights if insight.entry_id}
        ids |= set(pattern.entry_ids or [])
        keys = []
        for value in ids:
            try:
                keys.append(uuid.UUID(value))
            except ValueError:
                continue
        if not keys:
            return []
        rows = (await self.repository.session.scalars(
            sa.select(JournalEntry).where(JournalEntry.user_id == user_id, JournalEntry.id.in_(keys))
            .order_by(JournalEntry.entry_date.desc(), JournalEntry.created_at.desc())
            .limit(rules.MAX_GO_DEEP_ENTRIES))).all()
        return list(reversed(rows))
