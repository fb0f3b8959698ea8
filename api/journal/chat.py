"""Chat with the journal: POST /api/journal/{id}/chat, and the call both it and the ask-help call
answer with. The answer is the analysis core's (`pipelines.chat`); this module reads the user's own
rows for it."""

from __future__ import annotations

import uuid
from collections.abc import Collection, Sequence
from datetime import date

import numpy as np
import sqlalchemy as sa
from litestar import Controller, Request, post

from api.errors import documented_errors
from api.journal.dates import extract_date_range
from api.journal.schemas import ChatIn, ChatOut
from api.journal.search import find_entries
from api.journal.services import EntryService
from api.services import provide
from api.validation import required_text
from models import Goal, JournalEntry, Task
from pipelines.public import ChatPeriod, answer_question

MAX_QUESTION_CHARS = 2000


class UserJournal:
    """One user's journal as the chat reads it (`pipelines.chat.JournalReader`): every read is
    scoped to that user."""

    def __init__(self, entries: EntryService, user_id: uuid.UUID) -> None:
        self.entries, self.user_id = entries, user_id
        self.session = entries.repository.session

    async def recent(self, limit: int) -> Sequence[JournalEntry]:
        return await self.entries.recent(self.user_id, limit)

    async def between(self, start: date, end: date) -> Sequence[JournalEntry]:
        return await self.entries.between(self.user_id, start, end)

    async def search(self, text: str, start: date | None = None, end: date | None = None, *, limit: int,
                     vector: np.ndarray | None = None) -> list[tuple[sa.Row, float | None]]:
        return await find_entries(self.session, self.user_id, text, start, end, limit=limit, vector=vector)

    async def stored_embedding(self, entry_id: uuid.UUID):
        return await self.session.scalar(sa.select(JournalEntry.embedding).where(
            JournalEntry.id == entry_id, JournalEntry.user_id == self.user_id))

    async def open_tasks(self, due: Collection[date] | None = None) -> Sequence[sa.Row]:
        query = (sa.select(Task.text, Task.due_date, Task.entry_id, Task.done_hint, JournalEntry.entry_date)
                 .outerjoin(JournalEntry, Task.entry_id == JournalEntry.id)
                 .where(Task.user_id == self.user_id, Task.completed.is_(False)))
        if due is None:
            query = query.order_by(Task.created_at.desc())
        else:
            query = query.where(Task.due_date.in_(list(due))).order_by(Task.due_date, Task.created_at)
        return (await self.session.execute(query)).all()

    async def goals(self) -> Sequence[sa.Row]:
        return (await self.session.execute(
            sa.select(Goal.text, JournalEntry.entry_date).outerjoin(JournalEntry, Goal.entry_id == JournalEntry.id)
            .where(Goal.user_id == self.user_id).order_by(Goal.created_at))).all()

    async def matching(self, pattern: str) -> Sequence[JournalEntry]:
        return await self.entries.mine(self.user_id, JournalEntry.content.op("~*")(pattern),
                                       order_by=(JournalEntry.entry_date,))


async def answer_from_journal(entries: EntryService, user_id: uuid.UUID, question: str,
                              focus: JournalEntry | None = None, *, today: date | None = None) -> str:
    """The answer to `question` from the user's journal (`pipelines.chat.answer_question`), `focus`
    the entry whose chat it was asked in; a day or period it names is read here as a filter
    (api/journal/dates.py), as the search reads it."""
    today = today or date.today()
    rest, window = extract_date_range(question, today)
    period = ChatPeriod(rest, window.start, window.end) if window is not None else None
    return await answer_question(UserJournal(entries, user_id), question, today, focus=focus, period=period)


@documented_errors
class EntryChatController(Controller):
    path = "/api/journal/{entry_id:uuid}/chat"
    tags = ["journal"]
    dependencies = provide(entries=EntryService)

    @post(operation_id="chatWithEntry", status_code=200)
    async def chat(self, request: Request, entries: EntryService, entry_id: uuid.UUID, data: ChatIn) -> ChatOut:
        message = required_text(data.message, "message", MAX_QUESTION_CHARS)
        entry = await entries.own(request.user.id, entry_id)
        response = await answer_from_journal(entries, request.user.id, message, focus=entry)
        return ChatOut(success=True, response=response)
