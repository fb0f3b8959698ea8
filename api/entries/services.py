"""A user's entries, read and written through their id: the one service every domain that reads or
attaches to an entry uses (the journal, photos, insights, tasks, the story, the report)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import TYPE_CHECKING

import anyio
import sqlalchemy as sa
from litestar.exceptions import PermissionDeniedException

from api.entries import rules
from api.errors import FieldError
from api.services import OwnedService, repository_for
from models import Goal, JournalEntry, Photo, Project, Task

if TYPE_CHECKING:
    import numpy as np


MSG_TEMP_ENTRY = "Save the entry before adding anything to it."
MSG_ENTRY_REF = "entryId must be the id of a saved journal entry."


async def embed_text(text: str) -> np.ndarray:
    """One text's embedding, made on a worker thread (the model holds the CPU for milliseconds)."""
    from pipelines.public import embed

    return (await anyio.to_thread.run_sync(lambda: embed([text])))[0]


class EntryService(OwnedService[JournalEntry]):
    repository_type = repository_for(JournalEntry)
    not_found = rules.MSG_NOT_FOUND

    # The entry list's order (newest day, then newest written; id breaks ties), and its paging
    # cursor's key (api.paging; index ix_journal_entries_user_page).
    ORDER = ((JournalEntry.entry_date, True), (JournalEntry.created_at, True), (JournalEntry.id, True))
    # The columns the entry list shows (`EntryOut.of` reads them from a plain row).
    LISTED = ("id", "content", "entry_date", "entry_time", "location", "mood", "summary", "related_goals",
              "related_projects", "timestamp", "created_at", "updated_at", "analysis_state", "analysis_error",
              "analysis_provider")

    async def newest_first(self, user_id: uuid.UUID) -> Sequence[JournalEntry]:
        return await self.mine(user_id, order_by=[column.desc() for column, _ in self.ORDER])

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

    async def analysis_progress(self, user_id: uuid.UUID) -> dict[str, int]:
        """How many of the user's entries are in each analysis state."""
        rows = await self.repository.session.execute(
            sa.select(JournalEntry.analysis_state, sa.func.count()).where(self.of_user(user_id))
            .group_by(JournalEntry.analysis_state))
        return {state: count for state, count in rows}

    async def remove(self, entry: JournalEntry) -> None:
        """Delete the entry with what the analysis drew from it that the user never touched, so a
        deleted entry (or the editor's cleared draft, "no longer kept") gives no tasks that chat
        lists "from your journal". What the user touched stays, unlinked from the entry: a task
        completed, selected (Weekly Focus), liked or disliked, or made by the user or Weekly Focus;
        a goal or project the user made (the analysis' ones carry an intention vector), one with
        progress, or one another entry still states or is about (its related goals / projects).
        Done hints quoting the entry are cleared (the foreign key alone would keep their text)."""
        session = self.repository.session
        user_id = entry.user_id
        unsynced = {"synchronize_session": False}
        await session.execute(sa.delete(Task).where(
            Task.user_id == user_id, Task.entry_id == entry.id, Task.is_ai_generated.is_(True),
            Task.ai_generation_prompt.is_(None), Task.completed.is_(False), Task.is_selected.is_(False),
            Task.liked.is_(None)).execution_options(**unsynced))
        await session.execute(sa.update(Task).where(Task.user_id == user_id, Task.done_hint_entry_id == entry.id)
                              .values(done_hint=None, done_hint_entry_id=None).execution_options(**unsynced))
        others = sa.and_(JournalEntry.user_id == user_id, JournalEntry.id != entry.id)
        for model, name, named_in in ((Goal, Goal.text, JournalEntry.related_goals),
                                      (Project, Project.name, JournalEntry.related_projects)):
            await session.execute(sa.delete(model).where(
                model.user_id == user_id, model.entry_id == entry.id, model.embedding.is_not(None),
                model.progress == 0, ~sa.exists().where(others, named_in.contains(sa.func.jsonb_build_array(name))),
            ).execution_options(**unsynced))
        await super().remove(entry)

    async def photo_files(self, entry: JournalEntry) -> list[str]:
        """The storage keys of an entry's photos (their rows go with the entry by ON DELETE CASCADE)."""
        rows = await self.repository.session.execute(
            sa.select(Photo.storage_key, Photo.thumbnail_key).where(Photo.entry_id == entry.id))
        return [key for keys in rows for key in keys if key]
