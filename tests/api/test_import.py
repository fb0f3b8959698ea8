"""POST /api/journal/import (issue 14): each format brings in the right entries with the right dates,
a second identical import adds nothing, and every bad input is a 400 that writes nothing."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa

from api.journal.importing import MAX_IMPORT_BYTES, MAX_IMPORT_ENTRIES
from tests.support.journal import wait_all_analysed

CSV = (
    "ID,Date,Content,Mood\n"
    '1,03/02/2026,"Long walk by the river.\nThe herons were back, finally.",calm\n'
    "2,2026-03-04,Cooked dinner for my sister and we talked for hours,\n"
    '3,"March 7, 2026","Quoted ""words"" stay, and so do commas",\n'
)
JSON_LIST = [
    {"date": "2026-04-01", "content": "April begins with rain and a good book."},
    {"date": "April 2, 2026", "content": "Finished the book. I need to call the library about the next one."},
]
DAY_ONE = {
    "metadata": {"version": "1.0"},
    "entries": [
        {"uuid": "A1", "creationDate": "2026-05-10T07:45:00Z", "timeZone": "Europe/Lisbon",
         "text": "Morning swim at the lido. ![](dayone-moment://8F2A)\nCold but wonderful.",
         "location": {"placeName": "Lido", "localityName": "Lisbon", "country": "Portugal"}},
        {"uuid": "A2", "creationDate": "2026-05-11T22:30:00Z", "timeZone": "Europe/Lisbon",
         "text": "Late night. Planning the garden for next spring."},
    ],
}
MARKDOWN = """# My old journal

## 3/6/2026
First day on the new project. I should book the dentist.

## June 5, 2026
A quiet evening with tea.

Two paragraphs in one entry.

### 2026-06-07
Sunday market with friends.
"""
PLAIN = """12.07.2026
Took the train to the coast.
13-07-2026 - Rain all day, read on the porch.
2026-07-14
Home again, tired and happy.
"""


def _import(client, content, fmt):
    return client.post("/api/journal/import", json={"content": content, "format": fmt})


def _listed(client) -> dict[str, list[str]]:
    """Entry contents by date (MM/DD/YYYY), as the journal lists them."""
    by_date: dict[str, list[str]] = {}
    for entry in client.get("/api/journal").json():
        by_date.setdefault(entry["date"], []).append(entry["content"])
    return by_date


@pytest.mark.parametrize("fmt, content, expected", [
    ("csv", CSV, {"03/02/2026": "Long walk by the river.\nThe herons were back, finally.",
                  "03/04/2026": "Cooked dinner for my sister and we talked for hours",
                  "03/07/2026": 'Quoted "words" stay, and so do commas'}),
    ("json", json.dumps(JSON_LIST), {"04/01/2026": JSON_LIST[0]["content"], "04/02/2026": JSON_LIST[1]["content"]}),
    # Day One's times are UTC; the entry's day is the writer's own (Lisbon is UTC+1 in May).
    ("json", json.dumps(DAY_ONE), {"05/10/2026": "Morning swim at the lido. \nCold but wonderful.",
                                   "05/11/2026": "Late night. Planning the garden for next spring."}),
    ("text", MARKDOWN, {"06/03/2026": "First day on the new project. I should book the dentist.",
                        "06/05/2026": "A quiet evening with tea.\n\nTwo paragraphs in one entry.",
                        "06/07/2026": "Sunday market with friends."}),
    ("text", PLAIN, {"07/12/2026": "Took the train to the coast.",
                     "07/13/2026": "Rain all day, read on the porch.",
                     "07/14/2026": "Home again, tired and happy."}),
], ids=["csv", "json-list", "day-one", "markdown-headings", "plain-date-lines"])
def test_each_format_imports_its_entries_with_their_dates(ana, fmt, content, expected):
    response = _import(ana, content, fmt)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["success"] is True and body["count"] == len(expected) and body["skipped"] == 0
    assert _listed(ana) == {day: [text] for day, text in expected.items()}
    days = sorted(expected, key=lambda d: (d[6:], d[:5]))  # the dates read, so the writer can check them
    assert (body["firstDate"], body["lastDate"]) == (days[0], days[-1])
    again = _import(ana, content, fmt)  # safe to re-run: nothing is added twice
    assert again.status_code == 200 and again.json()["count"] == 0
    assert again.json()["firstDate"] is None
    assert again.json()["skipped"] == len(expected)
    assert len(ana.get("/api/journal").json()) == len(expected)


def test_day_one_keeps_time_place_and_moment(ana):
    assert _import(ana, json.dumps(DAY_ONE), "json").json()["count"] == 2
    swim = next(e for e in ana.get("/api/journal").json() if e["date"] == "05/10/2026")
    assert swim["time"] == "08:45" and swim["location"] == "Lido, Lisbon, Portugal"
    assert swim["timestamp"] == 1778399100  # 2026-05-10T07:45:00Z


def test_imported_entries_are_embedded_at_once_and_then_analysed(ana, db):
    body = _import(ana, MARKDOWN, "text").json()
    assert body["analysing"] == 3
    with db.connect() as conn:  # embedded in the import itself: searchable straight away
        assert conn.execute(sa.text("SELECT count(*) FROM journal_entries WHERE embedding IS NOT NULL")).scalar() == 3
    progress = ana.get("/api/journal/import/progress").json()
    assert progress["total"] == 3 and progress["analysed"] + progress["waiting"] + progress["failed"] == 3
    entries = wait_all_analysed(ana)
    assert all(e["mood"] and e["analysis"]["state"] == "done" for e in entries)
    progress = ana.get("/api/journal/import/progress").json()
    assert {k: progress[k] for k in ("total", "analysed", "waiting", "failed")} == {
        "total": 3, "analysed": 3, "waiting": 0, "failed": 0}
    assert progress["current"]["state"] == "done" and progress["current"]["result"]["count"] == 3
    tasks = [t["text"].lower() for t in ana.get("/api/tasks").json()]
    assert any("dentist" in t for t in tasks), tasks  # the analysis ran on the imported text
    hits = ana.get("/api/journal/search", params={"q": "tea in the evening"}).json()["results"]
    assert hits and "tea" in hits[0]["entry"]["content"]


def test_an_import_that_overlaps_adds_only_the_new_entries(ana):
    ana.post("/api/journal", json={"content": "A quiet evening with tea.\n\nTwo paragraphs in one entry.",
                                   "date": "06/05/2026"})
    body = _import(ana, MARKDOWN, "text").json()
    assert (body["count"], body["skipped"]) == (2, 1)
    same_text_other_day = _import(ana, "2026-06-06\nA quiet evening with tea.\n\nTwo paragraphs in one entry.",
                                  "text").json()
    assert same_text_other_day["count"] == 1  # same text, another day: another entry


def test_text_without_dates_is_one_entry_of_today_and_txt_is_text(ana):
    body = _import(ana, "Just some thoughts.\nNo dates at all.", "txt").json()
    assert body["count"] == 1
    assert ana.get("/api/journal").json()[0]["content"] == "Just some thoughts.\nNo dates at all."


def test_content_with_no_entries_answers_count_zero(ana):
    body = _import(ana, json.dumps([{"date": "2026-01-01", "content": "   "}]), "json").json()
    assert (body["success"], body["count"], body["skipped"], body["analysing"]) == (True, 0, 0, 0)
    assert ana.get("/api/journal").json() == []


BIG = "x" * (MAX_IMPORT_BYTES + 1)


@pytest.mark.parametrize("content, fmt, message", [
    ("   \n ", "text", "Empty Content"),
    ("", "csv", "Empty Content"),
    ("Date;Content\n2026-01-01;no commas here", "csv",
     "The CSV content doesn't appear to contain any commas. Please check the format."),
    ('[{"date": "2026-01-01", "content": "unclosed"', "json",
     "The JSON content appears to be invalid. Please check the format."),
    (BIG, "text", "Pasted text can be at most 5 MB. Choose the file instead: a file can be up to 256 MB "
                  "(a .zip with photos)."),
    ("hello", "xml", "Format must be one of: text, csv, json."),
    ('{"title": "not a journal"}', "json", None),
    ("Name,Age\nana,3", "csv", None),  # no content column
    ("Date,Content\nsometime,text", "csv", None),  # a date that cannot be read
    (json.dumps([{"date": "2026-01-01", "content": "ok"}, {"date": "2026-01-02", "content": "x" * 100_001}]),
     "json", None),  # one entry too long: the whole import is refused
    (json.dumps([{"date": "2026-01-01", "content": "ok"}, "just a string"]), "json", None),
    (json.dumps([{"date": "2026-01-01", "content": f"entry {i}"} for i in range(MAX_IMPORT_ENTRIES + 1)]),
     "json", f"An import can hold at most {MAX_IMPORT_ENTRIES:,} entries. Please split the journal into smaller "
             "files (for example one per year)."),
], ids=["blank", "empty-csv", "csv-no-commas", "invalid-json", "too-large", "unknown-format", "json-shape",
        "csv-no-content-column", "csv-bad-date", "entry-too-long", "json-not-object", "too-many-entries"])
def test_bad_input_is_a_400_that_writes_nothing(ana, db, content, fmt, message):
    ana.post("/api/journal", json={"content": "Already here.", "date": "01/01/2026"})
    response = _import(ana, content, fmt)
    assert response.status_code == 400, response.text[:300]
    error = response.json()["error"]
    assert error if message is None else error == message
    with db.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM journal_entries")).scalar() == 1
    assert [e["content"] for e in ana.get("/api/journal").json()] == ["Already here."]


def test_import_needs_a_session(client):
    response = _import(client, "2026-01-01\nhello", "text")
    assert response.status_code == 401


def _future(days: int):
    """The latest day anyone on Earth has reached (UTC+14), `days` after it."""
    return (datetime.now(UTC) + timedelta(hours=14)).date() + timedelta(days=days)


@pytest.mark.parametrize("fmt, content, where", [
    ("json", lambda d: json.dumps([{"date": "2026-01-02", "content": "ok"},
                                   {"date": d.isoformat(), "content": "Written ahead of time."}]), "Entry 2"),
    ("csv", lambda d: f"Date,Content\n2026-01-02,ok\n{d.strftime('%m/%d/%Y')},Written ahead of time.\n", "Row 3"),  # the header is row 1
    ("text", lambda d: f"2026-01-02\nok\n\n{d.isoformat()}\nWritten ahead of time.\n", "Entry 2"),
    ("json", lambda d: json.dumps({"entries": [{"uuid": "A", "creationDate": d.isoformat() + "T10:00:00Z",
                                                "text": "Written ahead of time."}]}), "Entry 1"),
    ("json", lambda d: json.dumps({"format": "reverie-export", "entries": [
        {"date": d.strftime("%m/%d/%Y"), "content": "Written ahead of time."}]}), "Entry 1"),
], ids=["json-list", "csv", "text", "day-one", "reverie-export"])
def test_a_future_dated_entry_is_refused_like_post_and_patch(ana, db, fmt, content, where):
    """POST/PATCH /api/journal refuse a day no one has reached yet; an import holds the same line,
    naming the entry, and brings in nothing (not even the entries before it)."""
    ana.post("/api/journal", json={"content": "Already here.", "date": "01/01/2026"})
    response = _import(ana, content(_future(1)), fmt)
    assert response.status_code == 400, response.text[:300]
    assert response.json()["error"].startswith(where + ": ")
    assert response.json()["error"].endswith("An entry cannot be dated in the future.")
    assert [e["content"] for e in ana.get("/api/journal").json()] == ["Already here."]


def test_an_entry_dated_today_anywhere_on_earth_is_imported(ana):
    """The line is the one POST uses (UTC+14): the day already begun in Kiribati is accepted."""
    latest = _future(0)
    response = _import(ana, json.dumps([{"date": latest.isoformat(), "content": "Kiribati morning."}]), "json")
    assert response.status_code == 200, response.text[:300]
    assert response.json()["count"] == 1
