"""Chat with the journal: POST /api/journal/{id}/chat, and the retrieval both it and the
ask-help call answer from. Answers are built from the user's own entries."""

from __future__ import annotations

import uuid

import anyio
from litestar import Controller, Request, post

from api.errors import documented_errors
from api.journal.rules import format_entry_date
from api.journal.schemas import ChatIn, ChatOut
from api.journal.services import EntryService
from api.services import provide
from api.validation import required_text
from models import JournalEntry
from models.constants import ASK_HELP_RECENT_ENTRIES

RETRIEVED_PASSAGES = 5
MAX_QUESTION_CHARS = 2000


async def answer_from_journal(entries: EntryService, user_id: uuid.UUID, question: str,
                              focus: JournalEntry | None = None) -> str:
    """Retrieve the most relevant entries (pgvector) plus the latest ones, and answer from them."""
    from pipelines.providers import get_providers
    from pipelines.providers.base import Passage

    hits = await entries.search(user_id, question, limit=RETRIEVED_PASSAGES)
    recent = await entries.recent(user_id, ASK_HELP_RECENT_ENTRIES)
    passages: dict[uuid.UUID, Passage] = {}
    if focus is not None:
        passages[focus.id] = Passage(entry_id=str(focus.id), date=format_entry_date(focus.entry_date),
                                     text=focus.content, score=1.0)
    for entry, score in hits:
        passages.setdefault(entry.id, Passage(entry_id=str(entry.id), date=format_entry_date(entry.entry_date),
                                              text=entry.content, score=score or 0.0))
    for entry in recent:
        passages.setdefault(entry.id, Passage(entry_id=str(entry.id), date=format_entry_date(entry.entry_date),
                                              text=entry.content, score=0.0))
    ordered = sorted(passages.values(), key=lambda p: -p.score)
    outcome = await anyio.to_thread.run_sync(lambda: get_providers().run(lambda p: p.answer(question, ordered)))
    return outcome.value


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
