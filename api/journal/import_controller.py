"""POST /api/journal/import (pasted text), POST /api/journal/import/file (an uploaded file) and
GET /api/journal/import/progress: journals written elsewhere, brought in safely (spec part 2,
sections 4, 5, 7 and 8).

Safe means: the file is streamed to disk as it arrives and read in a separate process with a budget
of its own (`api.journal.imports.runner`), so no import holds the app's event loop; every bad input
is a 400 with the spec's message (or ours, naming the entry) that writes nothing; an import is all
or nothing (one transaction); an entry already in the journal is not added again, so running the
same import twice adds nothing the second time (count 0, which the screen shows as 'No Entries
Imported'). Imported entries are embedded in batches as they are written, then analysed like any
other entry. Each import's progress is kept in `journal_imports`, which any app process answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import anyio.to_thread
import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.datastructures import UploadFile
from litestar.enums import RequestEncodingType
from litestar.exceptions import HTTPException
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.params import Body

from api.dependencies import AppSettings, Pipelines, Runner, SessionMaker, Storage
from api.entries.services import EntryService
from api.errors import FieldError, documented_errors, error_response, error_responses
from api.journal.backup.restore import Restored
from api.journal.importing import FORMATS, MAX_IMPORT_ENTRIES, MSG_EMPTY, MSG_FORMAT
from api.journal.imports import jobs, limits, runner
from api.journal.imports.report import NotImported, not_imported
from api.journal.imports.service import ImportService
from api.journal.rules import format_entry_date
from api.logging import get_logger
from api.services import provide
from api.storage import FileStorage
from pipelines.public import Flow

log = get_logger("reverie.journal.import")

FORMAT_ALIASES = {"txt": "text", "md": "text", "markdown": "text", "journal": "text"}
MSG_FILE_REQUIRED = "Please choose a file to import."
MSG_FILE_TOO_LARGE = "A file can be at most 256 MB. Please export the journal in parts (for example one per year)."
MSG_FORM_UNREADABLE = "The upload could not be read. Please choose the file again."


class ImportIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    content: str
    # text (plain text or Markdown), csv or json; the file picker's "txt" is read as text.
    format: str = "text"


@dataclass
class ImportFileIn:
    """The multipart form: the file as the other app exported it (.zip, .json, .csv, .txt, .md,
    .journal); its kind is read from its bytes."""

    file: UploadFile | None = None


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
    # What the file was read as ("Day One", "jrnl", "Daylio", "Obsidian vault"...).
    format: str | None = None
    # Photos attached to the imported entries.
    photos: int = 0
    # What the file carried that Reverie could not keep, each with the sentence Settings shows.
    not_imported: list[NotImported] = msgspec.field(default_factory=list)


class ImportProgressOut(msgspec.Struct, rename="camel", kw_only=True):
    """The analysis of the user's entries (`waiting` are queued or running), and the latest file
    import while it is read and saved (and its answer once done)."""

    total: int
    analysed: int
    waiting: int
    failed: int
    current: jobs.ImportJobOut | None = None


class ImportFileTooLarge(HTTPException):
    status_code = 413

    def __init__(self) -> None:
        super().__init__(detail=MSG_FILE_TOO_LARGE, extra={"field": "file"})


def _too_large(request: Request, exc: RequestEntityTooLarge) -> Response:
    return error_response(413, MSG_FILE_TOO_LARGE, field="file")


def _unreadable_form(request: Request, exc: UnicodeDecodeError) -> Response:
    return error_response(400, MSG_FORM_UNREADABLE)


def _format(value: str) -> str:
    fmt = FORMAT_ALIASES.get(value.strip().lower(), value.strip().lower())
    if fmt not in FORMATS:
        raise FieldError("format", MSG_FORMAT)
    return fmt


async def _import(request: Request, imports: ImportService, storage: FileStorage, pipelines: Runner,
                  job: runner.Job, folder: Path, tracker: jobs.ImportJob) -> ImportOut:
    """Read the job in a worker, write what it read in one transaction, then start the analyses."""
    user_id = request.user.id
    try:
        parsed, _ = await runner.read_import(folder, job, tracker.progress)
        skipped = dict(parsed.not_imported)
        outcome, restored = await imports.write(storage, user_id, parsed, folder / "photos", skipped,
                                                tracker.progress)
    except BaseException as problem:
        message = problem.detail if isinstance(problem, HTTPException) else "The import failed."
        await tracker.fail(str(message))
        raise
    finally:
        await anyio.to_thread.run_sync(runner.remove_folder, folder)
    await anyio.to_thread.run_sync(_analyse, pipelines, outcome.to_analyse, user_id)
    days = sorted(entry.entry_date for entry in outcome.created)
    answer = ImportOut(success=True, count=len(outcome.created), skipped=outcome.skipped,
                       analysing=len(outcome.to_analyse), restored=restored,
                       first_date=format_entry_date(days[0]) if days else None,
                       last_date=format_entry_date(days[-1]) if days else None, format=parsed.format or None,
                       photos=outcome.photos, not_imported=not_imported(skipped))
    await tracker.finish(msgspec.to_builtins(answer))
    log.info("journal_imported", format=parsed.format, count=len(outcome.created), skipped=outcome.skipped,
             photos=outcome.photos, restored=parsed.backup is not None)
    return answer


@documented_errors
class JournalImportController(Controller):
    path = "/api/journal/import"
    tags = ["journal"]
    dependencies = provide(entries=EntryService, imports=ImportService)

    @post(operation_id="importJournal", status_code=200, responses=error_responses(413),
          description=f"Import pasted journal text: plain text or Markdown (jrnl's and Daygram's exports too), CSV "
                      f"(Daylio's too) or JSON (a list of {{date, content}}, a Day One or jrnl export, or Reverie's own "
                      f"export, which brings back tasks, insights and the rest too). At most 5 MB and "
                      f"{MAX_IMPORT_ENTRIES:,} entries at once; larger journals and .zip files go through "
                      f"POST /api/journal/import/file.")
    async def import_journal(self, request: Request, imports: ImportService, settings: AppSettings,
                             storage: Storage, pipelines: Pipelines, sessionmaker: SessionMaker,
                             data: ImportIn) -> ImportOut:
        fmt = _format(data.format)
        if not data.content or not data.content.strip():
            raise FieldError("content", MSG_EMPTY)
        folder = await anyio.to_thread.run_sync(runner.new_folder, settings.data_dir)
        job = runner.job_for_paste(data.content, fmt, datetime.now(UTC).date())
        tracker = await jobs.ImportJob.start(sessionmaker, request.user.id, None, 0)
        return await _import(request, imports, storage, pipelines, job, folder, tracker)

    @post("/file", operation_id="importJournalFile", status_code=200,
          request_max_body_size=limits.MAX_UPLOAD_BYTES + limits.MB, responses=error_responses(413),
          exception_handlers={RequestEntityTooLarge: _too_large, UnicodeDecodeError: _unreadable_form},
          description="Import a journal file as the other app exported it (multipart field `file`): a Day One "
                      ".zip (with its photos) or JSON, jrnl's .journal, JSON, txt or Markdown export, a Daylio CSV, "
                      "Daygram's text, Obsidian daily notes (one .md, or a vault as a .zip), any CSV, JSON or text "
                      "journal, or Reverie's own export (.json or .zip). At most 256 MB; the kind is read from the "
                      "file. GET /api/journal/import/progress follows it while it is read and saved.")
    async def import_file(self, request: Request, imports: ImportService, settings: AppSettings,
                          storage: Storage, pipelines: Pipelines, sessionmaker: SessionMaker,
                          data: Annotated[ImportFileIn, Body(media_type=RequestEncodingType.MULTI_PART)]) -> ImportOut:
        upload = data.file
        if not isinstance(upload, UploadFile):
            raise FieldError("file", MSG_FILE_REQUIRED)
        folder = await anyio.to_thread.run_sync(runner.new_folder, settings.data_dir)
        staged = folder / "upload"
        try:
            size = await anyio.to_thread.run_sync(_stage, upload, staged)
        except BaseException:
            await anyio.to_thread.run_sync(runner.remove_folder, folder)
            raise
        finally:
            await upload.close()
        if size > limits.MAX_UPLOAD_BYTES:
            await anyio.to_thread.run_sync(runner.remove_folder, folder)
            raise ImportFileTooLarge()
        name = (upload.filename or "")[:255]
        await imports.release()  # nothing is held open while the file is read
        tracker = await jobs.ImportJob.start(sessionmaker, request.user.id, name, size)
        job = runner.job_for_file(staged, name, size, datetime.now(UTC).date())
        return await _import(request, imports, storage, pipelines, job, folder, tracker)

    @get("/progress", operation_id="importProgress",
         description="How many of the signed-in user's entries are analysed, waiting or failed, and the latest "
                     "import while it is read and saved (with its answer once done).")
    async def import_progress(self, request: Request, entries: EntryService,
                              imports: ImportService) -> ImportProgressOut:
        states = await entries.analysis_progress(request.user.id)
        return ImportProgressOut(
            total=sum(states.values()), analysed=states.get("done", 0), failed=states.get("failed", 0),
            waiting=states.get("pending", 0) + states.get("running", 0),
            current=await imports.latest(request.user.id),
        )


def _analyse(pipelines, entries: list, user_id) -> None:
    """Ask for each new entry's analysis, in its writer's lane of the queue (on a worker thread: ten
    years of entries are thousands of requests to the runner)."""
    for entry in entries:
        try:
            pipelines.submit(Flow.ANALYSIS, entry_id=str(entry.id), owner=str(user_id))
        except Exception as exc:  # noqa: BLE001  (pending entries are picked up again at start-up)
            log.warning("analysis_not_submitted", entry_id=str(entry.id), error=str(exc))


def _stage(upload: UploadFile, target: Path) -> int:
    """Copy the streamed upload (spooled to a temporary file as it arrived) into the import's folder,
    stopping one byte past the limit."""
    source = upload.file
    source.seek(0)
    written = 0
    with open(target, "wb") as out:
        while written <= limits.MAX_UPLOAD_BYTES:
            chunk = source.read(1024 * 1024)
            if not chunk:
                break
            out.write(chunk)
            written += len(chunk)
    return written


