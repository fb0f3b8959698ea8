"""Reading a resume file on the server: .txt, .pdf (pypdf) and .docx (python-docx) become text.

An old Word .doc is refused with a message saying what to do instead (it is a binary format no
maintained pure-Python library reads well). Every problem is `ResumeFileRejected` with a message
for the person uploading; nothing here raises anything else for bad input.
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import PurePosixPath

MAX_RESUME_FILE_BYTES = 5 * 1024 * 1024
MAX_PDF_PAGES = 50
# A .docx is a zip: refuse one that would unpack to more than this (a "zip bomb").
MAX_DOCX_UNPACKED_BYTES = 50 * 1024 * 1024
ACCEPTED_EXTENSIONS = (".txt", ".pdf", ".docx")

MSG_UNSUPPORTED = "Unsupported File Type: please upload a .txt, .pdf or .docx file."
MSG_DOC = ("Old Word documents (.doc) cannot be read. Please save the resume as .docx or PDF in your word "
           "processor and upload that, or paste its text.")
MSG_TOO_LARGE = "That file is too large. A resume file can be at most 5 MB."
MSG_UNREADABLE = "The file could not be read. Please check that it is a valid {kind} file, or paste the text instead."
MSG_NO_TEXT = ("No text was found in the file (a scanned image has none). Please paste the resume's text "
               "instead.")
MSG_ENCRYPTED = "The PDF is password-protected. Please upload a copy without a password, or paste the text."


class ResumeFileRejected(ValueError):
    pass


def _tidy(text: str) -> str:
    text = text.replace("\x00", "").replace("\r\n", "\n").replace("\r", "\n")
    text = "\n".join(line.rstrip() for line in text.split("\n"))
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def _txt(data: bytes) -> str:
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16", errors="replace")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _pdf(data: bytes) -> str:
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    if not data.lstrip()[:5] == b"%PDF-":
        raise ResumeFileRejected(MSG_UNREADABLE.format(kind="PDF"))
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            raise ResumeFileRejected(MSG_ENCRYPTED)
        return "\n\n".join((page.extract_text() or "") for page in reader.pages[:MAX_PDF_PAGES])
    except ResumeFileRejected:
        raise
    except (PdfReadError, ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError,
            NotImplementedError, OSError):
        raise ResumeFileRejected(MSG_UNREADABLE.format(kind="PDF")) from None


def _docx(data: bytes) -> str:
    from docx import Document

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            if sum(info.file_size for info in archive.infolist()) > MAX_DOCX_UNPACKED_BYTES:
                raise ResumeFileRejected(MSG_UNREADABLE.format(kind="Word .docx"))
        document = Document(io.BytesIO(data))
    except ResumeFileRejected:
        raise
    except Exception:  # python-docx raises many kinds (zip, XML, missing parts) for a damaged file
        raise ResumeFileRejected(MSG_UNREADABLE.format(kind="Word .docx")) from None
    lines = [paragraph.text for paragraph in document.paragraphs]
    for table in document.tables:  # many resumes lay out dates and roles in tables
        for row in table.rows:
            cells = []
            for cell in row.cells:
                if cell.text.strip() and cell.text not in cells:
                    cells.append(cell.text.strip())
            if cells:
                lines.append(" | ".join(cells))
    return "\n".join(lines)


def resume_text(filename: str, data: bytes) -> str:
    """The text of an uploaded resume file, or ResumeFileRejected."""
    extension = PurePosixPath((filename or "").replace("\\", "/")).suffix.lower()
    if extension == ".doc" or data[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1":
        raise ResumeFileRejected(MSG_DOC)
    if extension not in ACCEPTED_EXTENSIONS:
        raise ResumeFileRejected(MSG_UNSUPPORTED)
    if len(data) > MAX_RESUME_FILE_BYTES:
        raise ResumeFileRejected(MSG_TOO_LARGE)
    reader = {".txt": _txt, ".pdf": _pdf, ".docx": _docx}[extension]
    text = _tidy(reader(data))
    if not text:
        raise ResumeFileRejected(MSG_NO_TEXT)
    return text
