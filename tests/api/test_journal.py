"""The journal API: every field and rule of the spec, per-user isolation, clear 4xx errors."""

from __future__ import annotations

import json

import pytest

from tests.support.accounts import signed_up
from tests.support.app import app_client


def test_create_then_list_with_every_field(ana):
    response = ana.post("/api/journal", json={
        "content": "Walked by the river and planned the week.",
        "date": "November 20, 2026",
        "time": "07:45",
        "location": "Lisbon",
        "mood": '{"emoji": "😊", "text": "Happy"}',
        "summary": "",
        "relatedGoals": '["Run a half marathon"]',
        "relatedProjects": "[]",
        "timestamp": 1795160700,  # 2026-11-20 07:45 UTC: on the entry's date, so it is kept
    })
    assert response.status_code == 201, response.text
    entry = response.json()
    assert entry["date"] == "11/20/2026" and entry["time"] == "07:45" and entry["location"] == "Lisbon"
    assert entry["mood"] == {"emoji": "😊", "text": "Happy"}
    assert entry["relatedGoals"] == ["Run a half marathon"] and entry["relatedProjects"] == []
    assert entry["timestamp"] == 1795160700
    assert entry["analysis"]["state"] in {"pending", "running", "done"}
    listed = ana.get("/api/journal").json()
    assert [e["id"] for e in listed] == [entry["id"]]


def test_defaults(ana):
    entry = ana.post("/api/journal", json={"content": "Just a line."}).json()
    assert entry["location"] == "Location unknown"
    assert entry["mood"] is None and entry["relatedGoals"] == []
    assert entry["timestamp"] > 1_700_000_000 and len(entry["time"]) == 5


def test_an_entry_cannot_be_dated_in_the_future(ana):
    entry = ana.post("/api/journal", json={"content": "Written today.", "date": "11/20/2026"}).json()
    for body in ({"date": "12/25/2030"}, {"date": "12/25/2030", "content": "Changed."}):
        response = ana.patch(f"/api/journal/{entry['id']}", json=body)
        assert response.status_code == 400, response.text
        assert response.json() == {"error": "An entry cannot be dated in the future.", "field": "date"}
    (kept,) = ana.get("/api/journal").json()
    assert kept["date"] == "11/20/2026" and kept["content"] == "Written today."


@pytest.mark.parametrize("date", ["01/01/0001", "12/31/1899", "11/20/0226", "1899-12-31T23:00:00.000Z"])
def test_an_entry_cannot_be_dated_before_1900(ana, date):
    """A year-1 or mistyped year was stored and then opened the story's range ("01/01/0001 to ...")."""
    refused = ana.post("/api/journal", json={"content": "Long ago.", "date": date})
    assert refused.status_code == 400, refused.text
    assert refused.json() == {"error": "An entry cannot be dated before January 1, 1900.", "field": "date"}
    entry = ana.post("/api/journal", json={"content": "The first day there is.", "date": "01/01/1900"}).json()
    assert entry["date"] == "01/01/1900"
    moved = ana.patch(f"/api/journal/{entry['id']}", json={"date": date, "content": "Changed."})
    assert moved.status_code == 400 and moved.json()["field"] == "date"
    imported = ana.post("/api/journal/import", json={"format": "json", "content": json.dumps(
        [{"date": "2026-01-02", "content": "ok"}, {"date": date, "content": "Long ago."}])})
    assert imported.status_code == 400, imported.text
    assert imported.json()["error"] == "Entry 2: An entry cannot be dated before January 1, 1900."
    assert [(e["date"], e["content"]) for e in ana.get("/api/journal").json()] == [
        ("01/01/1900", "The first day there is.")]


def test_a_location_longer_than_200_characters_is_refused_not_cut(ana):
    refused = ana.post("/api/journal", json={"content": "loc test", "location": "L" * 201})
    assert refused.status_code == 400
    assert refused.json() == {"error": "Location can be at most 200 characters.", "field": "location"}
    imported = ana.post("/api/journal/import", json={"format": "json", "content": json.dumps(
        [{"date": "2026-01-02", "content": "Far away.", "location": "L" * 201}])})
    assert imported.status_code == 400
    assert imported.json()["error"] == "Entry 1: Location can be at most 200 characters."
    assert ana.get("/api/journal").json() == []
    kept = ana.post("/api/journal", json={"content": "loc test", "location": "  " + "L" * 200 + " "})
    assert kept.status_code == 201 and kept.json()["location"] == "L" * 200


@pytest.mark.parametrize("date", ["11/20/2026", "2026-11-20", "November 20, 2026", "Friday, November 20, 2026",
                                  "2026-11-20T08:00:00.000Z"])
def test_date_formats(ana, date):
    entry = ana.post("/api/journal", json={"content": "x", "date": date}).json()
    assert entry["date"] == "11/20/2026"


@pytest.mark.parametrize(
    "body, field",
    [
        ({"content": "   "}, "content"),
        ({"content": "x" * 100_001}, "content"),
        ({"content": "ok", "date": "someday"}, "date"),
        ({"content": "ok", "time": "25:00"}, "time"),
        ({"content": "ok", "timestamp": -5}, "timestamp"),
        ({"content": "ok", "timestamp": 99999999999}, "timestamp"),  # the year 5138
        ({"content": "ok", "date": "12/25/2030"}, "date"),
        ({"content": "ok", "mood": "{not json"}, "mood"),
        ({"content": "ok", "relatedGoals": '["a","b","c","d"]'}, "relatedGoals"),
        ({"content": "ok", "relatedProjects": '"just text"'}, "relatedProjects"),
    ],
)
def test_bad_input_is_400_naming_the_field_and_saves_nothing(ana, body, field):
    response = ana.post("/api/journal", json=body)
    assert response.status_code == 400, response.text
    assert response.json()["field"] == field and response.json()["error"]
    assert ana.get("/api/journal").json() == []


def test_malformed_json_and_unknown_fields_are_400(ana):
    assert ana.post("/api/journal", content=b"{", headers={"content-type": "application/json"}).status_code == 400
    assert ana.post("/api/journal", json={"content": "x", "colour": "red"}).status_code == 400
    assert ana.post("/api/journal", json={}).status_code == 400


def test_edit_variants_and_delete(ana):
    entry = ana.post("/api/journal", json={"content": "First draft."}).json()
    edited = ana.patch(f"/api/journal/{entry['id']}", json={"content": "Second draft.", "date": "01/02/2026",
                                                            "summary": "A draft.", "relatedGoals": ["Write"]})
    assert edited.status_code == 200
    assert edited.json()["content"] == "Second draft." and edited.json()["date"] == "01/02/2026"
    assert edited.json()["relatedGoals"] == ["Write"]
    editor = ana.patch(f"/api/journal/{entry['id']}", json={"content": "Third.", "generateSummary": True},
                       headers={"Cache-Control": "no-cache"})
    assert editor.status_code == 200 and editor.json()["content"] == "Third."
    keep_alive = ana.patch(f"/api/journal/{entry['id']}", json={"content": "Fourth."})
    assert keep_alive.status_code == 200 and keep_alive.json()["content"] == "Fourth."
    blank = ana.patch(f"/api/journal/{entry['id']}", json={"content": " "})
    assert blank.status_code == 400
    deleted = ana.delete(f"/api/journal/{entry['id']}")
    assert deleted.status_code == 200 and deleted.json()["message"] == "Entry deleted"
    assert ana.get("/api/journal").json() == []
    assert ana.delete(f"/api/journal/{entry['id']}").status_code == 404


def test_another_users_entries_are_not_found(ana, app, settings):
    entry = ana.post("/api/journal", json={"content": "Private thoughts."}).json()
    with app_client(app) as other:
        signed_up(other, settings.outbox_dir, "bruno", "bruno@example.com")
        assert other.get("/api/journal").json() == []
        assert other.patch(f"/api/journal/{entry['id']}", json={"content": "mine now"}).status_code == 404
        assert other.delete(f"/api/journal/{entry['id']}").status_code == 404
    assert ana.get("/api/journal").json()[0]["content"] == "Private thoughts."


def test_temporary_and_malformed_ids_are_404(ana):
    assert ana.patch("/api/journal/temp-123", json={"content": "x"}).status_code == 404
    assert ana.delete("/api/journal/00000000-0000-0000-0000-000000000000").status_code == 404



def test_an_edit_waits_for_a_concurrent_one_and_makes_its_own_content_version(ana, database_url):
    """Two edits of one entry at the same moment are applied one after the other, each its own
    content version, so an analysis of one content is never recorded as covering the other.
    Here the other edit holds the row (as a concurrent PATCH would) while this one arrives."""
    import threading

    import sqlalchemy as sa

    entry = ana.post("/api/journal", json={"content": "First words."}).json()
    engine = sa.create_engine(database_url)
    responses = []
    with engine.connect() as other:
        other.execute(sa.text("SELECT 1 FROM journal_entries WHERE id = :id FOR UPDATE"), {"id": entry["id"]})
        patch = threading.Thread(target=lambda: responses.append(
            ana.patch(f"/api/journal/{entry['id']}", json={"content": "The edit that arrived second."})))
        patch.start()
        patch.join(timeout=1.5)
        assert patch.is_alive(), "the edit did not wait for the row held by the concurrent one"
        other.execute(sa.text(
            "UPDATE journal_entries SET content = 'The edit that arrived first.', "
            "content_version = content_version + 1 WHERE id = :id"), {"id": entry["id"]})
        other.commit()
    patch.join(timeout=30)
    assert responses and responses[0].status_code == 200, responses
    with engine.connect() as conn:
        row = conn.execute(sa.text("SELECT content, content_version FROM journal_entries WHERE id = :id"),
                           {"id": entry["id"]}).one()
    engine.dispose()
    assert tuple(row) == ("The edit that arrived second.", 3)
