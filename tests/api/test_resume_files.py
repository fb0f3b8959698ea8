"""POST /api/resume/file (issue 14): .txt, .pdf and .docx resumes are read on the server; .doc and
anything else are refused with a clear message and change nothing. The files are made here."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

RESUME_LINES = ["Ana Lima", "Senior product designer, Lisbon", "2019-2026: Design lead at Orchard Labs",
                "Skills: research, prototyping, facilitation"]


def make_pdf(lines: list[str], second_page: bool = True) -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    page = canvas.Canvas(buffer, pagesize=A4)
    y = 800
    for line in lines:
        page.drawString(72, y, line)
        y -= 20
    page.showPage()
    if second_page:
        page.drawString(72, 800, "Page two: references on request")
    page.save()
    return buffer.getvalue()


def make_docx(lines: list[str]) -> bytes:
    from docx import Document

    document = Document()
    document.add_heading(lines[0], level=1)
    for line in lines[1:]:
        document.add_paragraph(line)
    table = document.add_table(rows=1, cols=2)
    table.rows[0].cells[0].text = "Languages"
    table.rows[0].cells[1].text = "Portuguese, English"
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def _upload(client, name: str, data: bytes, content_type: str = "application/octet-stream"):
    return client.post("/api/resume/file", files={"file": (name, data, content_type)})


def test_a_pdf_resume_is_read_on_the_server(ana):
    response = _upload(ana, "cv.pdf", make_pdf(RESUME_LINES), "application/pdf")
    assert response.status_code == 200, response.text
    content = response.json()["content"]
    assert all(line in content for line in RESUME_LINES) and "references on request" in content
    assert ana.get("/api/resume").json()["content"] == content


def test_a_docx_resume_is_read_with_its_tables(ana):
    docx_type = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    response = _upload(ana, "CV.DOCX", make_docx(RESUME_LINES), docx_type)
    assert response.status_code == 200, response.text
    content = response.json()["content"]
    assert content.splitlines()[:4] == RESUME_LINES
    assert "Languages | Portuguese, English" in content


def test_a_text_resume_replaces_the_earlier_one(ana):
    assert ana.post("/api/resume", json={"content": "Old resume"}).status_code == 200
    response = _upload(ana, "cv.txt", "Ana Lima\r\nDesigner — café owner\r\n".encode(), "text/plain")
    assert response.status_code == 200
    assert ana.get("/api/resume").json()["content"] == "Ana Lima\nDesigner — café owner"


@pytest.mark.parametrize("name, data, message", [
    ("cv.doc", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600, "Old Word documents (.doc) cannot be read"),
    ("cv.docx", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600, "Old Word documents (.doc) cannot be read"),
    ("cv.rtf", b"{\\rtf1 Ana}", "Unsupported File Type"),
    ("cv.pdf", b"this is not a pdf", "could not be read"),
    ("cv.docx", b"PK\x03\x04 broken zip", "could not be read"),
    ("cv.txt", b"   \n  ", "No text was found"),
    ("blank.pdf", None, "No text was found"),
], ids=["doc", "doc-renamed-docx", "rtf", "fake-pdf", "broken-docx", "blank-txt", "pdf-without-text"])
def test_unreadable_files_are_refused_and_change_nothing(ana, name, data, message):
    if data is None:
        data = make_pdf([], second_page=False)
    assert ana.post("/api/resume", json={"content": "Kept resume"}).status_code == 200
    response = _upload(ana, name, data)
    assert response.status_code == 400, response.text
    assert message in response.json()["error"] and response.json()["field"] == "file"
    assert ana.get("/api/resume").json()["content"] == "Kept resume"


def test_a_file_over_the_limit_is_refused(ana):
    response = _upload(ana, "cv.txt", b"a" * (5 * 1024 * 1024 + 10))
    assert response.status_code == 413
    assert response.json()["error"] == "That file is too large. A resume file can be at most 5 MB."
    assert ana.get("/api/resume").json().get("error")  # still no resume


def test_no_file_is_a_400(ana):
    response = ana.post("/api/resume/file", files={"other": ("x.txt", b"hello", "text/plain")})
    assert response.status_code == 400


# -- crafted files: bounded in unpacked size and CPU, every parser error a 400 -----------------------
def _docx_with_body(body: str) -> bytes:
    """A real .docx (python-docx's own package) whose document part holds `body`."""
    import zipfile

    from docx import Document

    package = io.BytesIO()
    Document().save(package)
    source = zipfile.ZipFile(io.BytesIO(package.getvalue()))
    head = source.read("word/document.xml").decode().partition("<w:body>")[0]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for item in source.infolist():
            archive.writestr(item.filename, f"{head}<w:body>{body}<w:sectPr/></w:body></w:document>"
                             if item.filename == "word/document.xml" else source.read(item.filename))
    return out.getvalue()


def _repeated(unit: str, megabytes: float) -> str:
    return unit * int(megabytes * 1024 * 1024 // len(unit))


PARAGRAPH = "<w:p><w:r><w:t>Experienced designer with many skills.</w:t></w:r></w:p>"


def _pdf_of_pages_sharing_one_stream(pages: int = 50, megabytes: int = 70) -> bytes:
    """`pages` pages whose contents are one FlateDecode stream inflating to `megabytes` MB: the
    probe's 110 KB file."""
    import zlib

    operators = b"BT /F1 12 Tf 72 700 Td (A) Tj ET\n"
    stream = zlib.compress(operators * (megabytes * 1024 * 1024 // len(operators)), 9)
    font = b"<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>"
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % (4 + i) for i in range(pages)),
                                                           pages),
               b"<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream" % (len(stream), stream)]
    objects += [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources %s >>" % font
                ] * pages
    out = io.BytesIO(b"%PDF-1.4\n")
    out.seek(0, 2)
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n%s\nendobj\n" % (number, body))
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    out.write(b"".join(b"%010d 00000 n \n" % offset for offset in offsets))
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref))
    return out.getvalue()


class Used:
    cpu_seconds = 0.0  # this process's and its children's, while the block ran
    peak_growth_mb = 0.0  # how far this process's peak memory rose


@contextmanager
def resource_use() -> Iterator[Used]:
    import resource

    def cpu() -> float:
        me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime

    used, start, peak = Used(), cpu(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    yield used
    used.cpu_seconds = cpu() - start
    used.peak_growth_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak) / 1024


def _refused(client, name: str, data: bytes, message: str) -> None:
    assert client.post("/api/resume", json={"content": "Kept resume"}).status_code == 200
    response = _upload(client, name, data)
    assert response.status_code == 400, response.text
    assert response.json()["error"] == message and response.json()["field"] == "file"
    assert client.get("/api/resume").json()["content"] == "Kept resume"


def test_a_docx_that_unpacks_to_49_mb_is_refused_without_reading_it(ana):
    bomb = _docx_with_body(_repeated(PARAGRAPH, 49))
    assert len(bomb) < 400_000  # the probe's file was 186 KB
    with resource_use() as used:
        _refused(ana, "cv.docx", bomb, "The file is too large to read once unpacked. Please upload a simpler copy "
                                      "(a plain .docx or PDF), or paste the text instead.")
    assert used.cpu_seconds < 2 and used.peak_growth_mb < 100, used


@pytest.mark.parametrize("body", [_repeated(PARAGRAPH, 12), "<w:tbl>" + _repeated(
    "<w:tr><w:tc><w:p><w:r><w:t>Design lead</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Orchard Labs, "
    "2019-2026</w:t></w:r></w:p></w:tc></w:tr>", 12) + "</w:tbl>"], ids=["paragraphs", "table-rows"])
def test_reading_stops_at_the_character_limit(ana, body):
    with resource_use() as used:
        _refused(ana, "cv.docx", _docx_with_body(body), "A resume can be at most 100,000 characters.")
    assert used.cpu_seconds < 2 and used.peak_growth_mb < 100, used  # not the 12 MB part


def test_a_pdf_whose_pages_share_one_huge_stream_is_a_400(ana):
    pdf = _pdf_of_pages_sharing_one_stream()
    assert len(pdf) < 400_000  # the probe's file was 110 KB
    with resource_use() as used:
        _refused(ana, "cv.pdf", pdf, "The file is too complex to read. Please upload a simpler copy (a plain .docx "
                                     "or PDF), or paste the text instead.")
    assert used.cpu_seconds < 3 and used.peak_growth_mb < 100, used


def test_the_reader_is_stopped_at_its_cpu_limit(ana, monkeypatch):
    """A document part of 15 MB of empty paragraphs is read to its end (about 2 s of CPU) unless
    the child's CPU limit stops it first: with a one-second limit it is refused as too complex."""
    from api.resume import files

    monkeypatch.setattr(files, "CPU_SECONDS", 1)
    _refused(ana, "cv.docx", _docx_with_body(_repeated("<w:p><w:r><w:rPr><w:b/></w:rPr></w:r></w:p>", 15)),
             files.MSG_TOO_COMPLEX)


def test_a_docx_reads_in_document_order_with_nested_tables(ana):
    body = ("<w:p><w:r><w:t>Ana Lima</w:t></w:r></w:p>"
            "<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Skills</w:t></w:r></w:p></w:tc>"
            "<w:tc><w:p><w:r><w:t>Research</w:t></w:r><w:r><w:tab/><w:t>prototyping</w:t></w:r></w:p>"
            "<w:tbl><w:tr><w:tc><w:p><w:r><w:t>nested</w:t></w:r></w:p></w:tc></w:tr></w:tbl></w:tc></w:tr></w:tbl>"
            "<w:p><w:r><w:t>References on request</w:t></w:r></w:p>")
    response = _upload(ana, "cv.docx", _docx_with_body(body))
    assert response.status_code == 200, response.text
    assert response.json()["content"].splitlines() == ["Ana Lima", "Skills | Research prototyping nested",
                                                       "References on request"]
