"""The import worker: reads one import in a process of its own, never in the app's.

The app starts it (`api.journal.imports.runner`) from a fork server that has these modules loaded,
so it starts in milliseconds. Before reading anything the process lowers its scheduling priority
(the app's requests come first on a busy machine) and sets its own budget: CPU seconds (the kernel
stops it with SIGXCPU when they are spent) and address space (a file that would need more memory
fails its own allocation). It reads the job from `job.msgpack` in its folder, reports progress in
`progress.json` and leaves `result.msgpack`: what was read (drafts, photos written into the folder,
what could not be kept), or the 400 to answer.
"""

from __future__ import annotations

import json
import os
import resource
import time
from datetime import date
from pathlib import Path

import msgspec

from api.errors import FieldError
from api.journal.importing import ParsedImport
from api.journal.imports import detect, limits
from api.journal.imports.photos import process_photos

JOB_FILE, PROGRESS_FILE, RESULT_FILE = "job.msgpack", "progress.json", "result.msgpack"
MSG_OUT_OF_MEMORY = "The file needs more memory to read than an import may use. Please split it into smaller files."


class Job(msgspec.Struct, kw_only=True):
    """One import to read: an uploaded file, or pasted text with its format."""

    today: date
    cpu_seconds: int
    file: str | None = None
    name: str = ""
    size: int = 0
    content: str | None = None
    format: str = "text"


class Outcome(msgspec.Struct, kw_only=True):
    parsed: ParsedImport | None = None
    error: str | None = None
    field: str = "content"
    seconds: float = 0.0
    pid: int = 0


class Progress:
    """Writes the phase and how far it has got, at most every 0.2 s (the app polls the file)."""

    def __init__(self, folder: Path) -> None:
        self.path, self.last = folder / PROGRESS_FILE, 0.0

    def __call__(self, phase: str, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.last < 0.2 and done < total:
            return
        self.last = now
        temporary = self.path.with_suffix(".tmp")
        temporary.write_text(json.dumps({"phase": phase, "done": done, "total": total}))
        os.replace(temporary, self.path)


def _budget(cpu_seconds: int) -> None:
    os.nice(max(0, limits.NICENESS - os.nice(0)))  # the fork server is niced already (lowpriority)
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 5))
    try:
        with open("/proc/self/statm") as statm:
            virtual = int(statm.read().split()[0]) * resource.getpagesize()
        resource.setrlimit(resource.RLIMIT_AS, (virtual + limits.MEMORY_BYTES, virtual + limits.MEMORY_BYTES))
    except (OSError, ValueError):  # not Linux: the CPU budget and the size limits still hold
        pass


def read(job: Job, folder: Path, progress: Progress) -> ParsedImport:
    if job.file is None:
        progress("reading", 0, 1)
        return detect.parse_import(job.content or "", job.format, job.today)
    progress("reading", 0, 1)
    with open(job.file, "rb") as file:
        parsed, archive = detect.read_file(file, job.name, job.size, job.today)
        try:
            progress("reading", 1, 1)
            process_photos(parsed, archive, folder / "photos", progress)
        finally:
            if archive is not None:
                archive.close()
    return parsed


def run(folder_name: str) -> None:
    """The process's entry point."""
    started = time.monotonic()
    folder = Path(folder_name)
    job = msgspec.msgpack.decode((folder / JOB_FILE).read_bytes(), type=Job)
    _budget(job.cpu_seconds)
    outcome = Outcome(pid=os.getpid())
    try:
        outcome.parsed = read(job, folder, Progress(folder))
    except FieldError as problem:
        outcome.error, outcome.field = str(problem.detail), str((problem.extra or {}).get("field", "content"))
    except MemoryError:
        outcome.parsed, outcome.error = None, MSG_OUT_OF_MEMORY
    outcome.seconds = time.monotonic() - started
    temporary = folder / (RESULT_FILE + ".tmp")
    temporary.write_bytes(msgspec.msgpack.encode(outcome))
    os.replace(temporary, folder / RESULT_FILE)
