"""The journal's service: a user's entries, read and written through their id."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

import anyio
import sqlalchemy as sa
from litestar.exceptions import PermissionDeniedException

from api.errors import FieldError
from api.journal import rules
from api.services import OwnedService, repository_for
from models import JournalEntry, Photo

MSG_TEMP_ENTRY = "Save the entry before adding anything to it."
MSG_ENTRY_REF = "entryId must be the id of a saved journal entry."


class EntryService(OwnedService[JournalEntry]):
    repository_type = repository_for(JournalEntry)
    not_found = rules.MSG_NOT_FOUND

    async def newest_first(self, user_id: uuid.UUID) -> Sequence[JournalEntry]:
        return await self.mine(user_id, order_by=(JournalEntry.entry_date.desc(), JournalEntry.created_at.desc()))

    async def chosen(self, user_id: uuid.UUID, ids: list[uuid.UUID]) -> Sequence[JournalEntry]:
        """The user's entries among `ids`, oldest first (ids of other users' entries are ignored)."""
        return await self.mine(user_id, JournalEntry.id.in_(ids), order_by=(JournalEntry.entry_date,))

    async def between(self, user_id: uuid.UUID, start, end) -> Sequence[JournalEntry]:
        """The user's entries dated from `start` to `end` (inclusive), oldest first."""
        return await self.mine(user_id, JournalEntry.entry_date >= start, JournalEntry.entry_date <= end,
                               order_by=(JournalEntry.entry_date, JournalEntry.created_at))

    async def recent(self, user_id: uuid.UUID, limit: int) -> Sequence[JournalEntry]:
        query = (sa.select(JournalEntry).where(self.of_user(user_id))
                 .order_by(JournalEntry.entry_date.desc(), JournalEntry.created_at.desc()).limit(limit))
        return (await self.repository.session.scalars(query)).all()

    async def search(self, user_id: uuid.UUID, text: str, start=None, end=None, limit: int = 10
                     ) -> list[tuple[JournalEntry, float | None]]:
        """The user's entries ranked by meaning (exact cosine ranking: a MATERIALIZED subquery keeps
        the user filter ahead of the ordering, so a per-user search never loses hits to an
        approximate index scan). With no text, the newest entries in the date window."""
        session = self.repository.session
        mine = sa.select(JournalEntry).where(self.of_user(user_id))
        if start is not None:
            mine = mine.where(JournalEntry.entry_date >= start, JournalEntry.entry_date <= end)
        if not text:
            rows = await session.scalars(mine.order_by(JournalEntry.entry_date.desc()).limit(limit))
            return [(entry, None) for entry in rows]
        from pipelines.embeddings import embed

        vector = (await anyio.to_thread.run_sync(lambda: embed([text])))[0].tolist()
        subquery = mine.where(JournalEntry.embedding.is_not(None)).cte("mine").prefix_with("MATERIALIZED")
        alias = sa.orm.aliased(JournalEntry, subquery)
        distance = alias.embedding.cosine_distance(vector)
        rows = await session.execute(sa.select(alias, (1 - distance).label("score")).order_by(distance).limit(limit))
        return [(entry, round(float(score), 4)) for entry, score in rows]

    async def require_unlocked(self, user_id: uuid.UUID, needed: int, feature: str) -> int:
        """The progressive unlocks, enforced by the server: 403 until the user has `needed` entries."""
        count = await self.count_mine(user_id)
        if count < needed:
            entries = "entry" if needed == 1 else "entries"
            raise PermissionDeniedException(
                f"{feature} unlock after {needed} journal {entries}. Keep writing!",
                extra={"locked": True, "unlocksAt": needed, "entryCount": count},
            )
        return count

    async def own_ref(self, user_id: uuid.UUID, value: str | None) -> uuid.UUID | None:
        """An entry id given with a task, project, goal or insight: one of the user's saved entries."""
        if value is None or value == "":
            return None
        if value.startswith(rules.TEMP_ID_PREFIX):
            raise FieldError("entryId", MSG_TEMP_ENTRY)
        try:
            key = uuid.UUID(value)
        except ValueError:
            raise FieldError("entryId", MSG_ENTRY_REF) from None
        return (await self.own(user_id, key)).id

    async def photo_files(self, entry: JournalEntry) -> list[str]:
        """The storage keys of an entry's photos (their rows go with the entry by ON DELETE CASCADE)."""
        rows = await self.repository.session.execute(
            sa.select(Photo.storage_key, Photo.thumbnail_key).where(Photo.entry_id == entry.id))
        return [key for keys in rows for key in keys if key]
