"""Which journal an uploaded file is: from its bytes first (a .zip, JSON, a Daylio or other CSV,
jrnl's or Daygram's text), its name second (a daily note's date, .csv). Settings' file picker
accepts the files as the apps export them: .zip, .json, .csv, .txt, .md, .markdown and .journal."""

from __future__ import annotations

import posixpath
from datetime import date
from typing import IO

from api.errors import FieldError
from api.journal.importing import (
    FORMATS,
    MAX_IMPORT_BYTES,
    MSG_EMPTY,
    MSG_FORMAT,
    MSG_TOO_LARGE,
    ParsedImport,
)
from api.journal.imports import archive, documents, limits, tabular, text

EXTENSIONS = (".zip", ".json", ".csv", ".txt", ".md", ".markdown", ".journal")
MSG_EXTENSION = "Reverie reads .zip, .json, .csv, .txt, .md and .journal files. Please choose one of those."
MSG_TEXT_TOO_LARGE = "A text, CSV or JSON file can be at most 64 MB. Please split the journal into smaller files."
MSG_EMPTY_FILE = "The file is empty."


def extension(name: str) -> str:
    base = posixpath.basename(name.replace("\\", "/")).lower()
    return "." + base.rsplit(".", 1)[1] if "." in base else ""


def read_text_file(data: bytes, name: str, today: date) -> ParsedImport:
    """A text, Markdown, CSV or JSON file, by its content (the extension only breaks ties)."""
    content = text.decode_text(data)
    if not content.strip():
        raise FieldError("file", MSG_EMPTY_FILE)
    kind = extension(name)
    opening = content.lstrip("\ufeff \t\r\n")
    # JSON opens with an object, or a list of objects ("[2013-04-09 15:39]" is jrnl's text).
    json_like = opening[:1] == "{" or (opening[:1] == "[" and opening[1:].lstrip()[:1] in ("{", "]"))
    if kind == ".json" or (json_like and kind not in (".md", ".markdown", ".journal")):
        return documents.parse_json(content, today)
    first = content.lstrip("\ufeff").split("\n", 1)[0]
    if kind == ".csv" or tabular.is_daylio(first.split(",")):
        return tabular.parse_csv(content, today)
    return text.parse_text(content, today, name)


def read_file(file: IO[bytes], name: str, size: int, today: date) -> tuple[ParsedImport, archive.Archive | None]:
    """The journal in an uploaded file, and its archive when it is a .zip (for its photos)."""
    kind = extension(name)
    if kind and kind not in EXTENSIONS:
        raise FieldError("file", MSG_EXTENSION)
    if size == 0:
        raise FieldError("file", MSG_EMPTY_FILE)
    head = file.read(4)
    file.seek(0)
    if head.startswith((b"PK\x03\x04", b"PK\x05\x06")):
        return archive.parse_zip(file, today)
    if kind == ".zip":
        raise FieldError("file", archive.MSG_NOT_ZIP)
    if size > limits.MAX_TEXT_FILE_BYTES:
        raise FieldError("file", MSG_TEXT_TOO_LARGE)
    return read_text_file(file.read(), name, today), None


def parse_import(content: str, format: str, today: date) -> ParsedImport:
    """Read a whole pasted import, or raise FieldError (400) with the spec's message. Writes nothing.
    Each format family finds the app that wrote it (a Day One or jrnl JSON, a Daylio CSV, jrnl's
    or Daygram's text) from the content itself."""
    if format not in FORMATS:
        raise FieldError("format", MSG_FORMAT)
    if not content or not content.strip():
        raise FieldError("content", MSG_EMPTY)
    if len(content.encode("utf-8", "surrogatepass")) > MAX_IMPORT_BYTES:
        raise FieldError("content", MSG_TOO_LARGE)
    if format == "csv":
        return tabular.parse_csv(content, today)
    if format == "json":
        return documents.parse_json(content, today)
    return text.parse_text(content, today)
