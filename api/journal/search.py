"""GET /api/journal/search: the user's own entries ranked by meaning, with plain date phrases
in the query read as filters."""

from __future__ import annotations

from datetime import UTC, datetime

from litestar import Controller, Request, get
from litestar.params import Parameter

from api.errors import FieldError, documented_errors
from api.journal.dates import extract_date_range
from api.journal.details import entry_details
from api.journal.schemas import EntryOut, SearchHit, SearchResults
from api.journal.services import EntryService
from api.services import provide
from api.validation import looks_blank

MAX_QUERY_CHARS = 500


@documented_errors
class JournalSearchController(Controller):
    path = "/api/journal/search"
    tags = ["journal"]
    dependencies = provide(entries=EntryService)

    @get(operation_id="searchEntries")
    async def search(
        self,
        request: Request,
        entries: EntryService,
        q: str = Parameter(description="What to look for; may name dates: 'last week', 'in March'"),
        limit: int = Parameter(default=10, ge=1, le=50),
    ) -> SearchResults:
        query = q.strip()
        if looks_blank(query):  # "", or only NUL or format characters: nothing to look for
            raise FieldError("q", "Type something to search for.")
        if len(query) > MAX_QUERY_CHARS:
            raise FieldError("q", f"A search can be at most {MAX_QUERY_CHARS} characters.")
        text, window = extract_date_range(query, datetime.now(UTC).date())
        hits = await entries.search(
            request.user.id, text, window.start if window else None, window.end if window else None, limit
        )
        details = await entry_details(entries.repository.session, request.user.id, [entry for entry, _ in hits])
        return SearchResults(
            query=query, text=text,
            date_from=window.start.isoformat() if window else None,
            date_to=window.end.isoformat() if window else None,
            results=[SearchHit(entry=EntryOut.of(entry, **details.of(entry.id)), score=score) for entry, score in hits],
        )
