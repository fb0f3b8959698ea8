"""POST /api/resume/file (issue 14): .txt, .pdf and .docx resumes are read on the server; .doc and
anything else are refused with a clear message and change nothing. The files are made here."""

from __future__ import annotations

import io

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
