"""The readers of resume files, run in a child process of their own (`api/resume/files.py` starts it
as `python -m api.resume.extract <extension>` with the file on stdin; the answer is one JSON object
on stdout: `{"text": ...}` or `{"rejected": "message for the person uploading"}`).

Each reader stops as soon as the text passes the resume's character limit, whatever the file holds:
- .docx: the main document part is read as a stream (lxml `iterparse`), paragraph by paragraph and
  table row by table row, each freed once read; the part may unpack to at most
  MAX_DOCX_PART_BYTES and the whole archive to MAX_DOCX_UNPACKED_BYTES. No DTD, no entities, no
  network.
- .pdf: pypdf, at most MAX_PDF_PAGES pages, with its own limits lowered (PDF_LIMITS: a content
  stream inflates to at most 8 MB and is parsed in at most 400,000 steps); any of its errors is a
  refusal.
- .txt: decoded as UTF-8 (or UTF-16 with a byte order mark, else Windows-1252).

Whatever else goes wrong inside a parser is a refusal too ("could not be read"), never a crash.
The child limits its own CPU time and address space (rlimits) before it reads the file; the parent
waits for it a bounded time.
"""

from __future__ import annotations

import io
import json
import sys
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import PurePosixPath

# The stored resume's limit (the paste and the file alike).
MAX_RESUME_CHARS = 100_000
MAX_PDF_PAGES = 50
# A .docx is a zip: what it may unpack to, in all and for the document part that is read.
MAX_DOCX_UNPACKED_BYTES = 50 * 1024 * 1024
MAX_DOCX_PART_BYTES = 16 * 1024 * 1024
# The package's relationships part (where the document part is named) is a few hundred bytes.
MAX_RELS_BYTES = 256 * 1024
# pypdf's limits for a resume (its defaults are for documents of any size).
PDF_LIMITS = {
    "zlib_maximum_output_length": 8_000_000,
    "lzw_maximum_output_length": 8_000_000,
    "run_length_maximum_output_length": 8_000_000,
    "array_based_stream_maximum_output_length": 8_000_000,
    "brotli_maximum_output_length": 8_000_000,
    "maximum_declared_stream_length": 8_000_000,
    "stream_decoding_work_maximum_length": 32_000_000,
    "stream_parsing_work_maximum_count": 400_000,
    "xform_maximum_invocations_per_extraction": 200,
}

MSG_UNREADABLE = "The file could not be read. Please check that it is a valid {kind} file, or paste the text instead."
MSG_NO_TEXT = ("No text was found in the file (a scanned image has none). Please paste the resume's text "
               "instead.")
MSG_ENCRYPTED = "The PDF is password-protected. Please upload a copy without a password, or paste the text."
MSG_TOO_LONG = f"A resume can be at most {MAX_RESUME_CHARS:,} characters."
MSG_TOO_COMPLEX = ("The file is too complex to read. Please upload a simpler copy (a plain .docx or PDF), or "
                   "paste the text instead.")
MSG_TOO_BIG_UNPACKED = ("The file is too large to read once unpacked. Please upload a simpler copy (a plain .docx "
                        "or PDF), or paste the text instead.")

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
P, T, TAB, BR, CR, TBL, TR, TC, BODY = (f"{W}{tag}" for tag in ("p", "t", "tab", "br", "cr", "tbl", "tr", "tc",
                                                                 "body"))
OFFICE_DOCUMENT = "/officeDocument"


class Rejected(ValueError):
    """The file cannot be a resume; the message is for the person uploading."""


class Collected:
    """The text read so far, tidied as it comes (no NUL, no trailing spaces, at most one blank line
    in a row, none at the start); Rejected(MSG_TOO_LONG) once it passes `limit` characters."""

    def __init__(self, limit: int = MAX_RESUME_CHARS) -> None:
        self.limit = limit
        self.lines: list[str] = []
        self.size = 0
        self.blank = False

    def add(self, text: str) -> None:
        for line in text.replace("\x00", "").replace("\r\n", "\n").replace("\r", "\n").split("\n"):
            line = line.rstrip() if self.lines else line.strip()
            if not line:
                self.blank = bool(self.lines)
                continue
            if self.blank:
                self.lines.append("")
                self.size += 1
                self.blank = False
            self.size += len(line) + (1 if self.lines else 0)
            self.lines.append(line)
            if self.size > self.limit:
                raise Rejected(MSG_TOO_LONG)

    def break_paragraph(self) -> None:
        self.blank = bool(self.lines)

    def text(self) -> str:
        return "\n".join(self.lines)


def read_txt(data: bytes, out: Collected) -> None:
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = data.decode("utf-16", errors="replace")
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")
    out.add(text)


def read_pdf(data: bytes, out: Collected) -> None:
    from pypdf import PdfReader, apply_configuration
    from pypdf.errors import LimitReachedError

    if not data.lstrip()[:5] == b"%PDF-":
        raise Rejected(MSG_UNREADABLE.format(kind="PDF"))
    with apply_configuration(**PDF_LIMITS), _refused(LimitReachedError, MSG_TOO_COMPLEX):
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            raise Rejected(MSG_ENCRYPTED)
        for number, page in enumerate(reader.pages):
            if number >= MAX_PDF_PAGES:
                break
            out.add(page.extract_text() or "")
            out.break_paragraph()


@contextmanager
def _refused(error: type[Exception], message: str) -> Iterator[None]:
    try:
        yield
    except error:
        raise Rejected(message) from None


def _text_of(element) -> str:
    """The words of a paragraph, cell or row as Word shows them: runs' text, tabs, line breaks, and
    a space between paragraphs."""
    parts: list[str] = []
    for node in element.iter(P, T, TAB, BR, CR):
        if node.tag == T:
            parts.append(node.text or "")
        elif node.tag == TAB:
            parts.append("\t")
        elif node.tag == P:
            if parts and node is not element:
                parts.append(" ")
        else:
            parts.append("\n")
    return "".join(parts)


def _main_part(archive: zipfile.ZipFile) -> str:
    """The name of the package's main document part (word/document.xml unless its relationships
    say otherwise)."""
    from lxml import etree

    try:
        info = archive.getinfo("_rels/.rels")
    except KeyError:
        return "word/document.xml"
    if info.file_size > MAX_RELS_BYTES:
        raise Rejected(MSG_TOO_BIG_UNPACKED)
    root = etree.fromstring(archive.read(info), etree.XMLParser(resolve_entities=False, no_network=True,
                                                                  load_dtd=False))
    for rel in root:
        if str(rel.get("Type", "")).endswith(OFFICE_DOCUMENT) and rel.get("TargetMode") != "External":
            return str(rel.get("Target", "")).lstrip("/") or "word/document.xml"
    return "word/document.xml"


def read_docx(data: bytes, out: Collected) -> None:
    from lxml import etree

    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise Rejected(MSG_UNREADABLE.format(kind="Word .docx")) from None
    with archive:
        if sum(info.file_size for info in archive.infolist()) > MAX_DOCX_UNPACKED_BYTES:
            raise Rejected(MSG_TOO_BIG_UNPACKED)
        try:
            info = archive.getinfo(_main_part(archive))
        except KeyError:
            raise Rejected(MSG_UNREADABLE.format(kind="Word .docx")) from None
        if info.file_size > MAX_DOCX_PART_BYTES:
            raise Rejected(MSG_TOO_BIG_UNPACKED)
        with archive.open(info) as part:  # reads no more than the part's declared size
            tables = paragraphs = 0
            for event, element in etree.iterparse(
                    part, events=("start", "end"), tag=(P, TBL, TR), resolve_entities=False, no_network=True,
                    load_dtd=False, huge_tree=False, remove_comments=True, remove_pis=True):
                if event == "start":
                    tables += element.tag == TBL
                    paragraphs += element.tag == P
                    continue
                if element.tag == TBL:
                    tables -= 1
                    if tables or paragraphs:
                        continue  # a table inside a cell: read with the outer table's row
                elif element.tag == P:
                    paragraphs -= 1
                    if tables or paragraphs:
                        continue  # read with its table row, or inside the paragraph holding it
                    out.add(_text_of(element))
                elif tables == 1 and not paragraphs:
                    cells: list[str] = []
                    for cell in element.iterchildren(TC):
                        text = " ".join(_text_of(cell).split())
                        if text and text not in cells:
                            cells.append(text)
                    if cells:
                        out.add(" | ".join(cells))
                else:
                    continue  # a row of a table inside a cell
                _forget(element)


def _forget(element) -> None:
    """Free what was read: the element's content and the body's children before it."""
    element.clear()
    parent = element.getparent()
    while parent is not None and element.getprevious() is not None:
        del parent[0]


READERS: dict[str, Callable[[bytes, Collected], None]] = {".txt": read_txt, ".pdf": read_pdf, ".docx": read_docx}
KINDS = {".txt": "text", ".pdf": "PDF", ".docx": "Word .docx"}


def read(extension: str, data: bytes) -> str:
    """The tidied text of `data` read as `extension`, or Rejected."""
    out = Collected()
    try:
        READERS[extension](data, out)
    except (Rejected, MemoryError):
        raise
    except Exception:  # noqa: BLE001 - any parser's failure on this file is a refusal of the file
        raise Rejected(MSG_UNREADABLE.format(kind=KINDS[extension])) from None
    text = out.text()
    if not text:
        raise Rejected(MSG_NO_TEXT)
    return text


def limit_self(cpu_seconds: int, memory_bytes: int) -> None:
    """The child's own bounds, set before it reads anything: past `cpu_seconds` of CPU the kernel
    stops it, past `memory_bytes` of address space an allocation fails (MemoryError)."""
    import resource

    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 2))
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))


def main(argv: list[str]) -> int:
    """`extension cpu_seconds memory_bytes`, the file on stdin."""
    if len(argv) != 4:
        print("usage: python -m api.resume.extract .pdf|.docx|.txt CPU_SECONDS MEMORY_BYTES", file=sys.stderr)
        return 2
    limit_self(int(argv[2]), int(argv[3]))
    extension = PurePosixPath("x" + argv[1]).suffix.lower()
    if extension not in READERS:
        print(json.dumps({"rejected": "Unsupported file type."}))
        return 0
    data = sys.stdin.buffer.read()
    try:
        answer = {"text": read(extension, data)}
    except Rejected as exc:
        answer = {"rejected": str(exc)}
    sys.stdout.write(json.dumps(answer))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
