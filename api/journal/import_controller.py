"""POST /api/journal/import: journals written elsewhere, brought in safely (spec part 2, sections
4, 5, 7 and 8; issue 14), and GET /api/journal/import/progress: how far their analysis has got.

Safe means: every bad input is a 400 with the spec's message that writes nothing; an import is all
or nothing (one transaction); an entry already in the journal (same date, same text) is not added
again, so running the same import twice adds nothing the second time (count 0, which the screen
shows as 'No Entries Imported'). Imported entries are embedded in one batch as they are written,
then analysed like any other entry: one pipeline run each, which the runner takes in batches.
"""

from __future__ import annotations

from datetime import UTC, datetime

import msgspec
from litestar import Controller, Request, get, post
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import documented_errors, error_responses
from api.journal.importing import MAX_IMPORT_BYTES, MAX_IMPORT_ENTRIES, parse_import
from api.journal.rules import format_entry_date
from api.journal.services import EntryService
from api.logging import get_logger
from api.services import provide
from api.users.backup import Restored, restore_account

log = get_logger("reverie.journal.import")

FORMAT_ALIASES = {"txt": "text", "md": "text", "markdown": "text"}


class ImportIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    content: str
    # text (plain text or Markdown), csv or json; the file picker's "txt" is read as text.
    format: str = "text"


class ImportOut(msgspec.Struct, rename="camel", kw_only=True):
    success: bool
    # Entries added (0 when every entry was already in the journal, or none was found).
    count: int
    # Entries left out because the journal already had them (same date and same text).
    skipped: int = 0
    # Entries waiting for their analysis (GET /api/journal/import/progress follows them).
    analysing: int = 0
    # What a Reverie export brought back besides entries.
    restored: Restored | None = None
    error: str | None = None
    # The earliest and latest dates of the entries added (MM/DD/YYYY), so the writer sees how a
    # date such as 11/03/2026 was read (a date opening an entry's text is day-first, as the spec says).
    first_date: str | None = None
    last_date: str | None = None


class ImportProgressOut(msgspec.Struct, rename="camel", kw_only=True):
    """The analysis of the user's entries: `waiting` are queued or running."""

    total: int
    analysed: int
    waiting: int
    failed: int


@documented_errors
class JournalImportController(Controller):
    path = "/api/journal/import"
    tags = ["journal"]
    dependencies = provide(entries=EntryService)

    @post(operation_id="importJournal", status_code=200, responses=error_responses(413),
          description=f"Import journal entries from text, Markdown, CSV or JSON (a list of {{date, content}}, a Day "
                      f"One export, or Reverie's own export, which brings back tasks, insights and the rest too). At "
                      f"most {MAX_IMPORT_BYTES // (1024 * 1024)} MB and {MAX_IMPORT_ENTRIES:,} entries at once.")
    async def import_journal(self, request: Request, entries: EntryService, db_session: AsyncSession,
                             data: ImportIn) -> ImportOut:
        format = FORMAT_ALIASES.get(data.format.strip().lower(), data.format.strip().lower())
        parsed = parse_import(data.content, format, datetime.now(UTC).date())
        user_id = request.user.id
        outcome = await entries.import_drafts(user_id, parsed.drafts)
        restored = None
        if parsed.backup is not None:
            restored = await restore_account(db_session, user_id, parsed.backup, outcome.ids)
        await entries.commit()
        waiting = outcome.to_analyse
        for entry in waiting:
            try:
                request.app.state.pipelines.submit("highlight-extraction", entry_id=str(entry.id))
            except Exception as exc:  # pending entries are picked up again at start-up
                log.warning("analysis_not_submitted", entry_id=str(entry.id), error=str(exc))
        log.info("journal_imported", format=format, count=len(outcome.created), skipped=outcome.skipped,
                 restored=parsed.backup is not None)
        days = sorted(entry.entry_date for entry in outcome.created)
        return ImportOut(success=True, count=len(outcome.created), skipped=outcome.skipped, analysing=len(waiting),
                         restored=restored, first_date=format_entry_date(days[0]) if days else None,
                         last_date=format_entry_date(days[-1]) if days else None)

    @get("/progress", operation_id="importProgress",
         description="How many of the signed-in user's entries are analysed, waiting or failed.")
    async def import_progress(self, request: Request, entries: EntryService) -> ImportProgressOut:
        states = await entries.analysis_progress(request.user.id)
        return ImportProgressOut(
            total=sum(states.values()), analysed=states.get("done", 0), failed=states.get("failed", 0),
            waiting=states.get("pending", 0) + states.get("running", 0),
        )
