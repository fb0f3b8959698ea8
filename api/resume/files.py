"""Reading a resume file on the server: .txt, .pdf (pypdf) and .docx (its document part, streamed)
become text.

An old Word .doc is refused with a message saying what to do instead (it is a binary format no
maintained pure-Python library reads well). Every problem is `ResumeFileRejected` with a message
for the person uploading; nothing here raises anything else for bad input.

The parsers run in a child process (`api/resume/extract.py`), never in the app's: a crafted file
(a .docx that unpacks to 49 MB, a PDF whose 50 pages share one 70 MB stream) costs at most
CPU_SECONDS of CPU and MEMORY_BYTES of memory, all of it given back when the child exits, and the
readers stop at the resume's character limit. At most EXTRACTIONS files are read at once.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path, PurePosixPath

from api.resume.extract import (
    MAX_DOCX_UNPACKED_BYTES,
    MAX_PDF_PAGES,
    MAX_RESUME_CHARS,
    MSG_ENCRYPTED,
    MSG_NO_TEXT,
    MSG_TOO_COMPLEX,
    MSG_TOO_LONG,
    MSG_UNREADABLE,
)

__all__ = ["MAX_DOCX_UNPACKED_BYTES", "MAX_PDF_PAGES", "MAX_RESUME_CHARS", "MSG_ENCRYPTED", "MSG_NO_TEXT",
           "MSG_TOO_COMPLEX", "MSG_TOO_LONG", "MSG_UNREADABLE", "ResumeFileRejected", "resume_text"]

MAX_RESUME_FILE_BYTES = 5 * 1024 * 1024
ACCEPTED_EXTENSIONS = (".txt", ".pdf", ".docx")
# The child's bounds: CPU seconds (then the kernel stops it), address space, and the wall-clock time
# the app waits (a busy machine shares its cores) before it ends the child itself.
CPU_SECONDS = 10
MEMORY_BYTES = 1024 * 1024 * 1024
WALL_SECONDS = 30
EXTRACTIONS = 2

MSG_UNSUPPORTED = "Unsupported File Type: please upload a .txt, .pdf or .docx file."
MSG_DOC = ("Old Word documents (.doc) cannot be read. Please save the resume as .docx or PDF in your word "
           "processor and upload that, or paste its text.")
MSG_TOO_LARGE = "That file is too large. A resume file can be at most 5 MB."

_ROOT = Path(__file__).resolve().parents[2]
_running = threading.BoundedSemaphore(EXTRACTIONS)


class ResumeFileRejected(ValueError):
    pass


def _extract(extension: str, data: bytes) -> str:
    """The text, read by a bounded child process; ResumeFileRejected for anything else."""
    environment = {**os.environ, "PYTHONPATH": str(_ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    with _running:
        try:
            done = subprocess.run(
                [sys.executable, "-m", "api.resume.extract", extension, str(CPU_SECONDS), str(MEMORY_BYTES)],
                input=data, capture_output=True, timeout=WALL_SECONDS, cwd=_ROOT, env=environment, check=False)
        except subprocess.TimeoutExpired:
            raise ResumeFileRejected(MSG_TOO_COMPLEX) from None
    try:
        answer = json.loads(done.stdout) if done.returncode == 0 else None
    except ValueError:
        answer = None
    if not isinstance(answer, dict):  # stopped by its CPU or memory limit
        raise ResumeFileRejected(MSG_TOO_COMPLEX)
    if isinstance(answer.get("rejected"), str):
        raise ResumeFileRejected(answer["rejected"])
    text = answer.get("text")
    if not isinstance(text, str) or not text:
        raise ResumeFileRejected(MSG_NO_TEXT)
    return text


def resume_text(filename: str, data: bytes) -> str:
    """The text of an uploaded resume file (at most MAX_RESUME_CHARS characters), or
    ResumeFileRejected. Blocks while the child reads it: call it from a worker thread."""
    extension = PurePosixPath((filename or "").replace("\\", "/")).suffix.lower()
    if extension == ".doc" or data[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1":
        raise ResumeFileRejected(MSG_DOC)
    if extension not in ACCEPTED_EXTENSIONS:
        raise ResumeFileRejected(MSG_UNSUPPORTED)
    if len(data) > MAX_RESUME_FILE_BYTES:
        raise ResumeFileRejected(MSG_TOO_LARGE)
    return _extract(extension, data)
