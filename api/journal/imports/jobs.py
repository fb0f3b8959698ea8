"""A file import's progress, kept in `journal_imports` so any app process can report it.

Each change is its own short transaction on a session of its own (the import's entries are written
in the request's transaction, which commits only at the end). Progress is written at most every
half second; the states are waiting (for a reader), reading, photos, saving, done and failed.
"""

from __future__ import annotations

import time
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from models.imports import JournalImport

MIN_INTERVAL_SECONDS = 0.5
# An import shown by GET /api/journal/import/progress: the latest one, while it is this recent.
SHOWN_FOR = timedelta(days=1)
# An import not updated for this long was cut short (its app process stopped): shown as failed.
STALLED_AFTER = timedelta(minutes=10)
MSG_STALLED = "The import stopped before it finished (the server restarted). Nothing was imported: please try again."


class ImportJobOut(msgspec.Struct, rename="camel", kw_only=True):
    """The signed-in user's latest file import: `state` is waiting, reading, photos, saving, done or
    failed; `done` of `total` is how far the current step has got; `result` is the import's answer
    once done, `error` the reason once failed."""

    id: uuid.UUID
    state: str
    file_name: str | None
    done: int
    total: int
    error: str | None
    result: dict[str, Any] | None
    started_at: datetime


class ImportJob:
    def __init__(self, sessions: async_sessionmaker[AsyncSession], job_id: uuid.UUID) -> None:
        self.sessions, self.id, self._last = sessions, job_id, 0.0

    @classmethod
    async def start(cls, sessions: async_sessionmaker[AsyncSession], user_id: uuid.UUID, file_name: str | None,
                    size: int) -> ImportJob:
        job_id = uuid.uuid4()
        async with sessions() as session:
            session.add(JournalImport(id=job_id, user_id=user_id, state="waiting", file_name=file_name,
                                      size_bytes=size))
            await session.commit()
        return cls(sessions, job_id)

    async def _set(self, **values: Any) -> None:
        async with self.sessions() as session:
            await session.execute(sa.update(JournalImport).where(JournalImport.id == self.id).values(
                updated_at=datetime.now(UTC), **values))
            await session.commit()

    async def progress(self, state: str, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self._last < MIN_INTERVAL_SECONDS and done < total:
            return
        self._last = now
        await self._set(state=state, done=done, total=total)

    async def finish(self, result: dict[str, Any]) -> None:
        await self._set(state="done", result=result, error=None)

    async def fail(self, message: str) -> None:
        await self._set(state="failed", error=message)


async def latest(session: AsyncSession, user_id: uuid.UUID) -> ImportJobOut | None:
    row = await session.scalar(
        sa.select(JournalImport).where(JournalImport.user_id == user_id,
                                       JournalImport.created_at >= datetime.now(UTC) - SHOWN_FOR)
        .order_by(JournalImport.created_at.desc()).limit(1))
    if row is None:
        return None
    state, error = row.state, row.error
    if state not in ("done", "failed") and row.updated_at < datetime.now(UTC) - STALLED_AFTER:
        state, error = "failed", MSG_STALLED
    return ImportJobOut(id=row.id, state=state, file_name=row.file_name, done=row.done, total=row.total,
                        error=error, result=row.result, started_at=row.created_at)
