"""The import probe's inputs: values no calendar, clock or database can hold, and links that point
nowhere, in every format that can carry them. Each is a 400 naming the entry or row, and changes
nothing: the account answers every list and its export as before (no row that cannot be read back
gets in)."""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa

from tests.support.imports import upload


def reverie(changes: dict | None = None) -> dict:
    """A small valid Reverie export, with `changes` applied to its rows (key: (list, index, field))."""
    document = {
        "format": "reverie-export", "version": 1,
        "entries": [{"id": "e1", "date": "2026-03-02", "time": "09:15", "content": "Walked to the harbour.",
                     "createdAt": "2026-03-02T09:15:00+00:00"}],
        "tasks": [{"id": "t1", "text": "Call the harbour office", "entryId": "e1", "doneHintEntryId": None}],
        "insights": [{"id": "i1", "text": "The sea calms me", "entryId": "e1", "sourceEntryIds": ["e1"]}],
        "patterns": [],
    }
    for (kind, index, field), value in (changes or {}).items():
        document[kind][index][field] = value
    return document


def day_one(**changes) -> dict:
    entry = {"uuid": "A1", "creationDate": "2026-03-02T09:15:00Z", "timeZone": "Europe/Lisbon",
             "text": "Morning swim."}
    entry.update(changes)
    return {"metadata": {"version": "1.0"}, "entries": [entry]}


LONE = "Half a pair: \ud800 here"

CASES = [
    # Reverie's own export: the probe's createdAt of year 1 and 9999, a time of minute 99, a
    # timestamp before 1970, a task's done hint naming no entry, an insight's pattern naming none.
    ("export-created-year-1", reverie({("entries", 0, "createdAt"): "0001-01-01T00:00:00+00:00"}), "Entry 1: createdAt"),
    ("export-created-year-9999", reverie({("entries", 0, "createdAt"): "9999-12-31T23:59:59+14:00"}), "Entry 1: createdAt"),
    ("export-task-created-9999", reverie({("tasks", 0, "createdAt"): "9999-12-31T00:00:00Z"}), "Task 1: createdAt"),
    ("export-minute-99", reverie({("entries", 0, "time"): "10:99"}), "Entry 1: Time must be"),
    ("export-negative-timestamp", reverie({("entries", 0, "timestamp"): -5}), "Entry 1: Timestamp"),
    ("export-done-hint-nowhere", reverie({("tasks", 0, "doneHintEntryId"): "gone"}), "Task 1: doneHintEntryId"),
    ("export-task-entry-nowhere", reverie({("tasks", 0, "entryId"): "gone"}), "Task 1: entryId"),
    ("export-pattern-nowhere", reverie({("insights", 0, "patternId"): "p9"}), "Insight 1: patternId"),
    ("export-due-9999", reverie({("tasks", 0, "dueDate"): "9999-12-31"}), "Task 1: dueDate"),
    ("export-completed-offset", reverie({("tasks", 0, "completedAt"): "2026-01-01T10:00:00+99:99"}),
     "The Reverie export could not be read"),
    ("export-control-character", reverie({("entries", 0, "content"): "Bell \u0007 rings"}), "Entry 1: content"),
    ("export-context-control", reverie({("insights", 0, "context"): {"note": "tab ok, bell \u0007 not"}}),
     "Insight 1: context"),
    ("export-wrong-type", reverie({("tasks", 0, "completed"): "yes"}), "The Reverie export could not be read"),
    # Day One: the day before 1900 or after today, minute 99, offset +99:99, time zones that are none.
    ("day-one-year-1", day_one(creationDate="0001-01-01T00:00:00Z"), "Entry 1: An entry cannot be dated before"),
    ("day-one-year-9999", day_one(creationDate="9999-12-31T10:00:00Z"), "Entry 1: An entry cannot be dated in the future."),
    ("day-one-minute-99", day_one(creationDate="2026-03-02T10:99:00Z"), "Entry 1: the date"),
    ("day-one-offset-99", day_one(creationDate="2026-03-02T10:00:00+99:99"), "Entry 1: the date"),
    ("day-one-zone-america", day_one(timeZone="America"), "Entry 1: the time zone 'America'"),
    ("day-one-zone-300", day_one(timeZone="Europe/" + "x" * 293), "Entry 1: the time zone"),
    ("day-one-zone-climbing", day_one(timeZone="../../etc/passwd"), "Entry 1: the time zone"),
    # A list of {date, content} and jrnl's JSON.
    ("list-year-1", [{"date": "0001-01-01", "content": "Old."}], "Entry 1: An entry cannot be dated before"),
    ("list-hour-25", [{"date": "2026-01-01T25:00:00", "content": "Late."}], "Entry 1: the date"),
    ("jrnl-year-1", {"tags": {}, "entries": [{"title": "Old.", "body": "", "date": "0001-01-01", "time": "10:00"}]},
     "Entry 1: An entry cannot be dated before"),
]


def _unchanged(client, db) -> None:
    assert [e["content"] for e in client.get("/api/journal").json()] == ["Already here."]
    with db.connect() as conn:
        for table in ("journal_entries", "tasks", "insights", "patterns", "photos"):
            expected = 1 if table == "journal_entries" else 0
            assert conn.execute(sa.text(f"SELECT count(*) FROM {table}")).scalar() == expected, table
    for path in ("/api/journal", "/api/tasks", "/api/insights", "/api/export", "/api/journal/stats"):
        assert client.get(path).status_code == 200, path


@pytest.mark.parametrize("name, document, error", CASES, ids=[c[0] for c in CASES])
def test_the_probe_inputs_are_refused_and_change_nothing(ana, db, name, document, error):
    ana.post("/api/journal", json={"content": "Already here.", "date": "01/01/2026"})
    pasted = ana.post("/api/journal/import", json={"content": json.dumps(document), "format": "json"})
    assert pasted.status_code == 400, pasted.text
    assert pasted.json()["error"].startswith(error), pasted.json()
    filed = upload(ana, "journal.json", json.dumps(document).encode())
    assert filed.status_code == 400 and filed.json()["error"] == pasted.json()["error"]
    _unchanged(ana, db)


@pytest.mark.parametrize("document", [day_one(text=LONE), reverie({("entries", 0, "content"): LONE}),
                                      [{"date": "2026-01-01", "content": LONE}]], ids=["day-one", "export", "list"])
def test_a_lone_surrogate_inside_the_content_is_refused(ana, db, document):
    ana.post("/api/journal", json={"content": "Already here.", "date": "01/01/2026"})
    text = json.dumps(document)  # ensure_ascii: the half pair travels as the escape \ud800
    assert "\\ud800" in text
    pasted = ana.post("/api/journal/import", json={"content": text, "format": "json"})
    assert pasted.status_code == 400
    assert pasted.json()["error"] == "The JSON content appears to be invalid. Please check the format."
    filed = upload(ana, "journal.json", text.encode())
    assert filed.status_code == 400
    # Its UTF-8 form (the bytes of a lone surrogate) is not UTF-8 at all.
    raw = upload(ana, "journal.txt", b"2026-01-02\nHalf a pair: " + b"\xed\xa0\x80")
    assert raw.status_code == 400 and "not text Reverie can read" in raw.json()["error"]
    _unchanged(ana, db)


@pytest.mark.parametrize("content, fmt, error", [
    ("Date,Time,Content\n2026-01-02,10:99,Minute ninety-nine.\n", "csv", "Row 2: the time '10:99'"),
    ("full_date,date,weekday,time,mood,activities,note_title,note\n2021-09-28,28 September,Tuesday,13:00 pm,sad,,,\n",
     "csv", "Row 2: the time '13:00 pm'"),
    ("Date,Content\n0001-01-01,Year one.\n", "csv", "Row 2: An entry cannot be dated before"),
    ("2026-01-02\nA bell \u0007 rings.\n", "text", "Entry 1: content cannot contain control characters."),
], ids=["csv-minute-99", "daylio-13pm", "csv-year-1", "text-control"])
def test_text_and_csv_values_no_clock_holds_are_refused(ana, db, content, fmt, error):
    ana.post("/api/journal", json={"content": "Already here.", "date": "01/01/2026"})
    response = ana.post("/api/journal/import", json={"content": content, "format": fmt})
    assert response.status_code == 400, response.text
    assert response.json()["error"].startswith(error), response.json()
    _unchanged(ana, db)


def test_the_edges_that_are_real_dates_import_and_read_back(ana):
    """The earliest day, midnight, the last minute, a UTC+14 offset: kept, and every list answers."""
    document = [{"date": "1900-01-01", "time": "00:00", "content": "The first day there is."},
                {"date": "2024-02-29T23:59:00+14:00", "content": "A leap day's last minute, in Kiribati."}]
    response = ana.post("/api/journal/import", json={"content": json.dumps(document), "format": "json"})
    assert response.status_code == 200 and response.json()["count"] == 2, response.text
    for path in ("/api/journal", "/api/export", "/api/journal/stats", "/api/journal/import/progress"):
        assert ana.get(path).status_code == 200, path
    days = {e["date"]: e for e in ana.get("/api/journal").json()}
    assert days["01/01/1900"]["time"] == "00:00" and days["02/29/2024"]["time"] == "23:59"
