"""Reading an import off the app's event loop: in a worker process with a budget of its own.

`read_import` hands the job to a new process (forked from a fork server that has the import
modules loaded, started once per app process) and waits for it without blocking: the app keeps
answering every other request while a 5 MB text or a 200 MB .zip is read, and the reading process
runs at a lower priority than the app (`limits.NICENESS`). At most `limits.READERS` read at once per
app process; the others wait their turn. A reader that exceeds its CPU budget is stopped by the
kernel, one that exceeds its wall-clock time by the app; either is a 400 that says so.
"""

from __future__ import annotations

import json
import multiprocessing
import shutil
import threading
import time
import uuid
from collections.abc import Awaitable, Callable
from datetime import date
from pathlib import Path

import anyio
import anyio.to_thread
import msgspec

from api.errors import FieldError
from api.journal.importing import ParsedImport
from api.journal.imports import limits
from api.journal.imports.worker import JOB_FILE, PROGRESS_FILE, RESULT_FILE, Job, Outcome
from api.logging import get_logger

log = get_logger("reverie.journal.import")
MSG_TOO_SLOW = ("Reading the file took longer than an import may take. Please split the journal into smaller "
                "files (for example one per year).")
MSG_FAILED = "The file could not be read. Please check it is the journal as the app exported it."
POLL_SECONDS = 0.2
# Import folders older than this are leftovers of a stopped app: removed when the next import starts.
STALE_SECONDS = 24 * 3600

Progress = Callable[[str, int, int], Awaitable[None]]

_context_lock = threading.Lock()
_context: multiprocessing.context.ForkServerContext | None = None
_readers: dict[int, anyio.Semaphore] = {}


def _fork_server() -> multiprocessing.context.ForkServerContext:
    """The fork server's context, its modules loaded once (the first import of a process pays for it)."""
    global _context
    with _context_lock:
        if _context is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["api.journal.imports.lowpriority", "api.journal.imports.worker"])
            _context = context
        return _context


def _readers_here() -> anyio.Semaphore:
    import asyncio

    loop = id(asyncio.get_running_loop())
    if loop not in _readers:
        _readers[loop] = anyio.Semaphore(limits.READERS)
    return _readers[loop]


def new_folder(data_dir: Path) -> Path:
    """A private folder for one import, under `<data dir>/imports`; leftovers of a stopped app go."""
    root = data_dir / "imports"
    root.mkdir(mode=0o700, parents=True, exist_ok=True)
    now = time.time()
    for old in root.iterdir():
        try:
            if now - old.stat().st_mtime > STALE_SECONDS:
                shutil.rmtree(old, ignore_errors=True)
        except OSError:
            continue
    folder = root / uuid.uuid4().hex
    folder.mkdir(mode=0o700)
    return folder


def remove_folder(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)


def _start(job: Job, folder: Path) -> multiprocessing.process.BaseProcess:
    from api.journal.imports import worker

    (folder / JOB_FILE).write_bytes(msgspec.msgpack.encode(job))
    process = _fork_server().Process(target=worker.run, args=(str(folder),), daemon=True)
    process.start()
    return process


def _progress_of(folder: Path) -> tuple[str, int, int] | None:
    try:
        state = json.loads((folder / PROGRESS_FILE).read_text())
        return str(state["phase"]), int(state["done"]), int(state["total"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _stop(process: multiprocessing.process.BaseProcess) -> None:
    if process.is_alive():
        process.kill()
    process.join(5)


async def read_import(folder: Path, job: Job, progress: Progress | None = None) -> tuple[ParsedImport, Outcome]:
    """What the worker read, or the 400 it found; the photos it cleaned are in `folder/photos`."""
    async with _readers_here():
        process = await anyio.to_thread.run_sync(_start, job, folder)
        deadline = time.monotonic() + job.cpu_seconds * limits.WALL_CLOCK_FACTOR
        seen = None
        try:
            while process.exitcode is None:
                await anyio.sleep(POLL_SECONDS)
                if time.monotonic() > deadline:
                    log.warning("import_reader_too_slow", folder=folder.name, seconds=job.cpu_seconds)
                    raise FieldError("file", MSG_TOO_SLOW)
                state = _progress_of(folder)
                if progress is not None and state is not None and state != seen:
                    seen = state
                    await progress(*state)
        finally:
            await anyio.to_thread.run_sync(_stop, process, abandon_on_cancel=True)
    result = folder / RESULT_FILE
    if not result.exists():
        if process.exitcode == -24:  # SIGXCPU: its CPU budget is spent
            raise FieldError("file", MSG_TOO_SLOW)
        log.warning("import_reader_failed", folder=folder.name, exitcode=process.exitcode)
        raise FieldError("file", MSG_FAILED)
    outcome = await anyio.to_thread.run_sync(
        lambda: msgspec.msgpack.decode(result.read_bytes(), type=Outcome))
    if outcome.error is not None or outcome.parsed is None:
        raise FieldError(outcome.field if outcome.field in ("file", "content", "format") else "content",
                         outcome.error or MSG_FAILED)
    return outcome.parsed, outcome


def job_for_paste(content: str, format: str, today: date) -> Job:
    size = len(content.encode("utf-8", "surrogatepass"))
    return Job(today=today, content=content, format=format, cpu_seconds=limits.cpu_budget(size))


def job_for_file(path: Path, name: str, size: int, today: date) -> Job:
    return Job(today=today, file=str(path), name=name, size=size, cpu_seconds=limits.cpu_budget(size))
