"""GET /api/journal/search: the user's own entries ranked by meaning, with plain date phrases
in the query read as filters."""

from __future__ import annotations

from datetime import UTC, datetime

import anyio
import msgspec
import sqlalchemy as sa
from litestar import Controller, Request, get
from litestar.params import Parameter
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth.services import FieldError
from api.errors import documented_errors
from api.journal.dates import extract_date_range
from api.journal.schemas import EntryOut
from models import JournalEntry

MAX_QUERY_CHARS = 500


class SearchHit(msgspec.Struct, kw_only=True):
    entry: EntryOut
    score: float | None  # cosine similarity; None when the query was only a date phrase


class SearchResults(msgspec.Struct, rename="camel", kw_only=True):
    query: str
    text: str
    date_from: str | None
    date_to: str | None
    results: list[SearchHit]


async def search_entries(db: AsyncSession, user_id, text: str, start=None, end=None, limit: int = 10
                         ) -> list[tuple[JournalEntry, float | None]]:
    """Exact cosine ranking within one user's entries (a MATERIALIZED subquery keeps the filter
    ahead of the ordering, so a per-user search never loses hits to an approximate index scan)."""
    mine = sa.select(JournalEntry).where(JournalEntry.user_id == user_id)
    if start is not None:
        mine = mine.where(JournalEntry.entry_date >= start, JournalEntry.entry_date <= end)
    if not text:
        rows = await db.scalars(mine.order_by(JournalEntry.entry_date.desc()).limit(limit))
        return [(entry, None) for entry in rows]
    from pipelines.embeddings import embed

    vector = (await anyio.to_thread.run_sync(lambda: embed([text])))[0].tolist()
    subquery = mine.where(JournalEntry.embedding.is_not(None)).cte("mine").prefix_with("MATERIALIZED")
    alias = sa.orm.aliased(JournalEntry, subquery)
    distance = alias.embedding.cosine_distance(vector)
    rows = await db.execute(sa.select(alias, (1 - distance).label("score")).order_by(distance).limit(limit))
    return [(entry, round(float(score), 4)) for entry, score in rows]


@documented_errors
class JournalSearchController(Controller):
    path = "/api/journal/search"
    tags = ["journal"]

    @get(operation_id="searchEntries")
    async def search(
        self,
        request: Request,
        db_session: AsyncSession,
        q: str = Parameter(description="What to look for; may name dates: 'last week', 'in March'"),
        limit: int = Parameter(default=10, ge=1, le=50),
    ) -> SearchResults:
        query = q.strip()
        if not query:
            raise FieldError("q", "Type something to search for.")
        if len(query) > MAX_QUERY_CHARS:
            raise FieldError("q", f"A search can be at most {MAX_QUERY_CHARS} characters.")
        text, window = extract_date_range(query, datetime.now(UTC).date())
        hits = await search_entries(
            db_session, request.user.id, text, window.start if window else None, window.end if window else None, limit
        )
        return SearchResults(
            query=query, text=text,
            date_from=window.start.isoformat() if window else None,
            date_to=window.end.isoformat() if window else None,
            results=[SearchHit(entry=EntryOut.of(entry), score=score) for entry, score in hits],
        )
