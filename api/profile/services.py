"""The personal story: one row per user."""

from __future__ import annotations

import uuid
from typing import Any

import sqlalchemy as sa

from api.services import OwnedService, repository_for
from models import JournalEntry, Profile


class ProfileService(OwnedService[Profile]):
    repository_type = repository_for(Profile)
    not_found = "Profile not found"

    async def own_or_new(self, user_id: uuid.UUID) -> Profile:
        profile = await self.own_one(user_id)
        if profile is None:
            profile = await self.add(Profile(user_id=user_id, short_summary="", full_profile="", blindspots=[],
                                             source_entry_ids=[]))
        return profile

    async def reread(self, user_id: uuid.UUID) -> Profile | None:
        """The row as the database has it now (after a pipeline wrote it in another session)."""
        self.repository.session.expire_all()
        return await self.own_one(user_id)


def _shown() -> sa.Select:
    """One row whatever the user has: their entry count and their story's shown columns (all None
    without a story). Binds `user_id`."""
    profiles, entries = Profile.__table__, JournalEntry.__table__
    user_id = sa.bindparam("user_id", type_=sa.Uuid())
    entry_count = (sa.select(sa.func.count()).select_from(entries).where(entries.c.user_id == user_id)
                   .scalar_subquery().label("entry_count_now"))
    one = sa.values(sa.column("one", sa.Integer()), name="one").data([(1,)])
    shown = [profiles.c[name] for name in ("user_id", "short_summary", "full_profile", "blindspots",
                                            "source_entry_ids", "provider", "updated_at", "meaning", "career")]
    return sa.select(entry_count, *shown).select_from(one.outerjoin(profiles, profiles.c.user_id == user_id))


SHOWN = _shown()


async def shown_with_count(session: Any, user_id: uuid.UUID) -> tuple[Any | None, int]:
    """The user's story as `ProfileOut.of` reads it (a plain row, or None without one) and their
    entry count, in one Core statement."""
    row = (await session.execute(SHOWN, {"user_id": user_id})).one()
    return (row if row.user_id is not None else None), row.entry_count_now
