"""Chat with the journal: POST /api/journal/{id}/chat, and the retrieval both it and the
ask-help call answer from. Answers are built from the user's own entries."""

from __future__ import annotations

import uuid
from datetime import date
from typing import TYPE_CHECKING, Any

import anyio
import numpy as np
import sqlalchemy as sa
from litestar import Controller, Request, post

from api.errors import documented_errors
from api.journal.rules import format_entry_date
from api.journal.schemas import ChatIn, ChatOut
from api.journal.services import EntryService, embed_text
from api.services import provide
from api.validation import required_text
from models import JournalEntry, Task
from models.constants import ASK_HELP_RECENT_ENTRIES

if TYPE_CHECKING:
    from pipelines.providers.base import Passage

RETRIEVED_PASSAGES = 5
# A question about moods reads the moods of this many latest entries.
MOOD_QUESTION_ENTRIES = max(ASK_HELP_RECENT_ENTRIES, 30)
MAX_QUESTION_CHARS = 2000


async def answer_from_journal(entries: EntryService, user_id: uuid.UUID, question: str,
                              focus: JournalEntry | None = None) -> str:
    """Answer from the best evidence across all of the user's entries (pgvector + word search).

    The open entry (`focus`) is context, not the answer: it is scored against the question like
    any other entry, so it is quoted only when it is among the best evidence. Below the provider's
    relevance threshold the answer is "I couldn't find anything...". A question about moods, or
    about one feeling ("What was I worried about?"), is answered from the stored moods of the
    user's recent entries (and the open one), with their dates. A question in an entry's chat
    about that entry itself ("How did I feel?", "What happened that day?") is answered from that
    entry first, with its date and mood (`local_provider.is_entry_question`).
    """
    from pipelines.embeddings import embedded_together
    from pipelines.providers import get_providers
    from pipelines.providers.base import Passage
    from pipelines.providers.local_provider import is_entry_question, is_help_question, is_mood_question
    from pipelines.task_answers import is_task_question

    def passage(entry: JournalEntry, score: float) -> Passage:
        return Passage(entry_id=str(entry.id), date=format_entry_date(entry.entry_date), text=entry.content,
                       score=score, mood=(entry.mood or {}).get("text"))

    if is_task_question(question):
        return await _answer_tasks(entries, user_id, question, focus)
    if focus is not None and is_entry_question(question):
        return await _answer_about_entry(question, passage(focus, 1.0),
                                         [passage(e, 0.0) for e in await entries.recent(user_id, MOOD_QUESTION_ENTRIES)]
                                         if is_mood_question(question) else [])

    passages: dict[uuid.UUID, Passage] = {}
    vector = None
    # "What helps me when I'm anxious?" names a feeling but asks what helps: it retrieves.
    if is_mood_question(question) and not is_help_question(question):
        for entry in await entries.recent(user_id, MOOD_QUESTION_ENTRIES):
            passages[entry.id] = passage(entry, 0.0)
        if focus is not None:  # the open entry counts even when it is older than the recent ones
            passages.setdefault(focus.id, passage(focus, 0.0))
    else:
        # The question goes through the model once: the search and the open entry's score share it.
        vector = await embed_text(question)
        for entry, score in await entries.search(user_id, question, limit=RETRIEVED_PASSAGES, vector=vector):
            passages[entry.id] = passage(entry, score or 0.0)
        if focus is not None and focus.id not in passages:
            stored = await entries.repository.session.scalar(
                sa.select(JournalEntry.embedding).where(JournalEntry.id == focus.id))
            if stored is not None:
                passages[focus.id] = passage(focus, float(np.asarray(stored, dtype=np.float32) @ vector))
    ordered = sorted(passages.values(), key=lambda p: -p.score)
    # The question's vector, made above, is not made again by the local provider's answer.
    known = {question: vector} if vector is not None else None

    def answer():
        with embedded_together([], known=known):
            return get_providers().run(lambda p: p.answer(question, ordered))

    outcome = await anyio.to_thread.run_sync(answer)
    return outcome.value


async def _answer_tasks(entries: EntryService, user_id: uuid.UUID, question: str, focus: JournalEntry | None) -> str:
    """"What do I need to do before Friday?": the user's open tasks, from the task list (whatever the
    provider: it is a lookup, not a reading), the open entry's first (`pipelines.task_answers`)."""
    from pipelines.task_answers import OpenTask, compose_task_answer

    rows = (await entries.repository.session.execute(
        sa.select(Task.text, Task.due_date, Task.entry_id, Task.done_hint, JournalEntry.entry_date)
        .outerjoin(JournalEntry, Task.entry_id == JournalEntry.id)
        .where(Task.user_id == user_id, Task.completed.is_(False))
        .order_by(Task.created_at.desc()))).all()
    tasks = [OpenTask(text=r.text, due=r.due_date, said_on=r.entry_date, entry_id=str(r.entry_id) if r.entry_id else None,
                      done_hint=r.done_hint) for r in rows]
    return compose_task_answer(question, tasks, date.today(), str(focus.id) if focus is not None else None)


async def _answer_about_entry(question: str, entry: Passage, recent: list[Passage]) -> str:
    """A question about the open entry itself ("How did I feel?", "What happened that day?"):
    answered from that entry first, with its date and mood, then (for a question about feelings)
    the trend of the recent entries' moods. Another provider gets the entry first and is told so;
    the local one composes it from the stored entry and moods."""
    from pipelines.providers import get_providers
    from pipelines.providers.local_provider import LocalProvider, compose_entry_answer

    def answer(provider: Any) -> str:
        if isinstance(provider, LocalProvider):
            return compose_entry_answer(question, entry, recent)
        asked = f"{question}\n(Asked about the journal entry of {entry.date}: answer from that entry first.)"
        return provider.answer(asked, [entry, *(p for p in recent if p.entry_id != entry.entry_id)])

    return (await anyio.to_thread.run_sync(lambda: get_providers().run(answer))).value


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
