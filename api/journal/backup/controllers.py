"""GET /api/export: the whole account as one JSON document (Reverie's own export, described in
`api.journal.backup.export`), and GET /api/export/archive: the same in a .zip with the photos and a
Markdown note per entry (`api.journal.backup.archive`). POST /api/journal/import and /api/journal/import/file bring
either back into any account. The spec's four CSV files are made in the browser from the lists the
app already reads."""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import anyio
import anyio.to_thread
import msgspec
from litestar import Controller, Request, Response, get
from litestar.background_tasks import BackgroundTask
from litestar.response import File

from api.dependencies import AppSettings, Storage
from api.errors import documented_errors
from api.journal.backup.archive import archive_name, write_archive
from api.journal.backup.export import ReverieExport
from api.journal.backup.services import BackupService
from api.services import provide

# Archives written at once per app process (each reads every photo of an account).
_WRITERS: dict[int, anyio.Semaphore] = {}


def _writers() -> anyio.Semaphore:
    import asyncio

    loop = id(asyncio.get_running_loop())
    return _WRITERS.setdefault(loop, anyio.Semaphore(2))


# A .zip whose sending never finished (the browser went away) is removed by the next export.
STALE_SECONDS = 3600


def _remove(path: Path) -> None:
    path.unlink(missing_ok=True)


def _prepare(folder: Path) -> None:
    import time

    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    now = time.time()
    for old in folder.glob("*.zip"):
        try:
            if now - old.stat().st_mtime > STALE_SECONDS:
                old.unlink(missing_ok=True)
        except OSError:
            continue


@documented_errors
class ExportController(Controller):
    path = "/api/export"
    tags = ["users"]
    dependencies = provide(backups=BackupService)

    @get(operation_id="exportAccount",
         description="Everything of the signed-in user's account as one JSON document: entries with their dates "
                     "and moods, tasks, projects, goals, insights, patterns, personal story, resume and profile "
                     "settings. Import it with POST /api/journal/import (format json).")
    async def export_everything(self, request: Request, backups: BackupService) -> Response[ReverieExport]:
        document = await backups.document(request.user.id)
        day = document["exportedAt"][:10]
        return Response(msgspec.convert(document, ReverieExport), headers={
            "Content-Disposition": f'attachment; filename="reverie-export-{day}.json"',
            "Cache-Control": "no-store",
        })

    @get("/archive", operation_id="exportAccountArchive", media_type="application/zip",
         description="Everything of the signed-in user's account as a .zip: reverie-export.json (as GET "
                     "/api/export), the photos, and a Markdown note per entry with YAML front matter (date, time, "
                     "mood, location, tags) that Obsidian and jrnl's import read. Import it with POST "
                     "/api/journal/import/file to restore the account with its photos.")
    async def export_archive(self, request: Request, backups: BackupService, settings: AppSettings,
                             storage: Storage) -> File:
        document = await backups.document(request.user.id)
        keys = await backups.photo_files(request.user.id)
        await backups.release()  # nothing held open while the photos are read
        folder = settings.data_dir / "exports"
        await anyio.to_thread.run_sync(_prepare, folder)
        target = folder / f"{uuid.uuid4().hex}.zip"
        name = archive_name(document["exportedAt"])
        try:
            async with _writers():
                await anyio.to_thread.run_sync(write_archive, target, name, document, keys, storage.read)
        except BaseException:
            await anyio.to_thread.run_sync(_remove, target)
            raise
        return File(path=target, filename=f"{name}.zip", media_type="application/zip",
                    headers={"Cache-Control": "no-store"}, background=BackgroundTask(_remove, target),
                    stat_result=os.stat(target))
