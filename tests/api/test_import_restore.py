"""Export -> restore into a new account: the .zip export brings back entries, photos, tasks, insights,
patterns and the personal story, each compared object by object with the first account's, with every
link pointing at the new account's own rows. The .zip's Markdown notes carry each entry's front
matter. The plan's limits hold on a restore: insights past the free week's 5 and Weekly Focus past
its limits are left out or unselected, and said so."""

from __future__ import annotations

import io
import json
import time
import zipfile

import pytest
import yaml

from tests.support.accounts import signed_up
from tests.support.app import app_client
from tests.support.database import set_premium
from tests.support.imports import jpeg, upload
from tests.support.journal import wait_all_analysed, write_entry
from tests.support.patterns import ten_entry_journal

SERVER_FIELDS = {"id", "userId", "createdAt", "updatedAt", "completedAt", "exportedAt"}


def _wait(check, what: str, timeout: float = 180):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.5)
    raise AssertionError(f"{what} did not appear")


@pytest.fixture
def lived_in(ana, database_url):
    """Ana's account as it is after some weeks: ten analysed entries with their tasks, goals and
    projects, patterns and their insights, the personal story, a photo, an insight she saved, a
    Weekly Focus task, a resume."""
    ids = [write_entry(ana, r["text"], r["date"])["id"] for r in ten_entry_journal()]
    wait_all_analysed(ana)
    _wait(lambda: ana.get("/api/patterns").json(), "patterns")
    _wait(lambda: ana.get("/api/profile").json()["fullProfile"], "the personal story")
    photo = ana.post(f"/api/journal-photos/{ids[0]}", files={"photo": ("harbour.jpg", jpeg(3, (64, 40)), "image/jpeg")},
                     data={"caption": "The harbour at dawn"})
    assert photo.status_code == 201, photo.text
    assert ana.post("/api/insights", json={"text": "Money worries follow bad sleep", "entryId": ids[1]}).status_code == 201
    assert ana.post("/api/tasks", json={"text": "Plan a calm week", "isSelected": True, "type": "personal",
                                        "entryId": ids[2]}).status_code == 201
    assert ana.post("/api/resume", json={"content": "Ana Lima, designer."}).status_code == 200
    return ana


def _by_id(document: dict, kind: str) -> dict[str, dict]:
    return {row["id"]: row for row in document[kind]}


def _same(row: dict, other: dict, links: dict[str, str], id_map: dict[str, dict[str, str]]) -> None:
    """`other` is `row` restored: equal in every field but the server's, every link re-pointed."""
    for key, value in row.items():
        if key in SERVER_FIELDS or key in ("origin",):
            continue
        if key in links:
            kind = links[key]
            if isinstance(value, list):
                assert other[key] == [id_map[kind][v] for v in value if v in id_map[kind]], key
            else:
                assert other[key] == (id_map[kind].get(value) if value else None), key
        elif key == "photos":
            assert [p["caption"] for p in other[key]] == [p["caption"] for p in value]
        else:
            assert other[key] == value, (key, value, other[key])


def test_export_archive_restores_into_a_new_account_object_by_object(lived_in, app, settings, database_url):
    ana = lived_in
    response = ana.get("/api/export/archive")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/zip"
    assert "attachment" in response.headers["content-disposition"]
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    names = archive.namelist()
    root = names[0].split("/", 1)[0]
    document = json.loads(archive.read(f"{root}/reverie-export.json"))
    assert document == {**ana.get("/api/export").json(), "exportedAt": document["exportedAt"]}
    photo = next(p for e in document["entries"] for p in e["photos"])
    assert f"{root}/{photo['file']}" in names
    notes = sorted(n for n in names if n.startswith(f"{root}/markdown/") and n.endswith(".md"))
    assert len(notes) == len(document["entries"]) == 10

    with app_client(app) as bruno:
        signed_up(bruno, settings.outbox_dir, "bruno", "bruno@example.com")
        set_premium(database_url, "bruno")
        body = upload(bruno, "reverie-export.zip", response.content).json()
        assert (body["count"], body["photos"], body["format"]) == (10, 1, "Reverie export"), body
        assert body["analysing"] == 0  # restored with their analysis
        assert body["notImported"] == []
        again = bruno.get("/api/export").json()

        # Entries by (date, text), then every other kind by its text: the id maps, Ana's -> Bruno's.
        key = {e["id"]: (e["date"], e["content"]) for e in again["entries"]}
        mine = {v: k for k, v in key.items()}
        id_map = {"entries": {e["id"]: mine[(e["date"], e["content"])] for e in document["entries"]}}
        for kind, field in (("patterns", "name"), ("projects", "name"), ("goals", "text"), ("tasks", "text"),
                            ("insights", "text")):
            theirs = {row[field]: row["id"] for row in again[kind]}
            assert sorted(theirs) == sorted(row[field] for row in document[kind]), kind
            id_map[kind] = {row["id"]: theirs[row[field]] for row in document[kind]}
        assert document["patterns"] and document["insights"] and document["tasks"] and document["profile"]

        links = {"entryId": "entries", "doneHintEntryId": "entries", "sourceEntryIds": "entries",
                 "entryIds": "entries", "patternId": "patterns", "parentId": "projects"}
        for kind in ("entries", "patterns", "projects", "goals", "tasks", "insights"):
            theirs = _by_id(again, kind)
            for row in document[kind]:
                _same(row, theirs[id_map[kind][row["id"]]], links, id_map)
        # Every link inside Bruno's account points at Bruno's rows, never at Ana's.
        bruno_ids = {row["id"] for kind in id_map for row in again[kind]}
        ana_ids = {row["id"] for kind in id_map for row in document[kind]}
        for kind in ("patterns", "projects", "goals", "tasks", "insights"):
            for row in again[kind]:
                for link in links:
                    values = row.get(link)
                    for value in values if isinstance(values, list) else [values]:
                        assert value is None or (value in bruno_ids and value not in ana_ids), (kind, link)
        story, restored_story = document["profile"], again["profile"]
        assert {k: v for k, v in restored_story.items() if k != "sourceEntryIds"} == {
            k: v for k, v in story.items() if k != "sourceEntryIds"}
        assert restored_story["sourceEntryIds"] == [id_map["entries"][i] for i in story["sourceEntryIds"]
                                                    if i in id_map["entries"]]
        assert again["resume"] == document["resume"]
        # Per entry, the insights drawn from it and its photos, as the journal shows them.
        ana_entries = {(e["date"], e["content"]): e for e in ana.get("/api/journal", params={"limit": 50}).json()}
        for entry in bruno.get("/api/journal", params={"limit": 50}).json():
            before = ana_entries[(entry["date"], entry["content"])]
            assert sorted(i["text"] for i in entry["insights"]) == sorted(i["text"] for i in before["insights"])
            assert [(p["caption"], p["width"], p["height"]) for p in entry["photos"]] == [
                (p["caption"], p["width"], p["height"]) for p in before["photos"]]
            assert entry["mood"] == before["mood"] and entry["summary"] == before["summary"]
        photo_url = next(p for e in bruno.get("/api/journal").json() for p in e["photos"])["url"]
        assert bruno.get(photo_url).status_code == 200
        # The same .zip again adds nothing.
        twice = upload(bruno, "reverie-export.zip", response.content).json()
        assert twice["count"] == 0 and twice["photos"] == 0
        assert not any(v for v in twice["restored"].values())


def test_the_markdown_notes_carry_front_matter_and_jrnl_date_lines(ana):
    entry = write_entry(ana, "Walked to the harbour with Ines. #walks #family", "03/02/2026")
    ana.post(f"/api/journal-photos/{entry['id']}", files={"photo": ("a.jpg", jpeg(1), "image/jpeg")},
             data={"caption": "Boats"})
    wait_all_analysed(ana)
    archive = zipfile.ZipFile(io.BytesIO(ana.get("/api/export/archive").content))
    name = next(n for n in archive.namelist() if n.endswith("/markdown/2026/2026-03-02.md"))
    text = archive.read(name).decode()
    front, body = text.split("---\n", 2)[1:]
    meta = yaml.safe_load(front)
    assert str(meta["date"]) == "2026-03-02" and meta["tags"] == ["walks", "family"]
    assert meta["mood"] == wait_all_analysed(ana)[0]["mood"]["text"]
    assert "location" not in meta  # "Location unknown" is no place
    assert body.startswith("[2026-03-02 ") and "] Walked to the harbour with Ines." in body
    photo = body.rsplit("![Boats](", 1)[1].split(")", 1)[0]
    assert photo.startswith("../../photos/")
    assert archive.read(name.rsplit("/markdown/", 1)[0] + "/" + photo[len("../../"):])  # the link resolves


def _document(insights: int, focus: int) -> dict:
    return {
        "format": "reverie-export", "version": 1,
        "entries": [{"id": "e1", "date": "2026-03-02", "content": "A full week."}],
        "insights": [{"id": f"i{n}", "text": f"Insight number {n}", "entryId": "e1", "origin": "user"}
                     for n in range(insights)],
        "tasks": [{"id": f"t{n}", "text": f"Focus task {n}", "isSelected": True, "timeframe": "week",
                   "type": "personal"} for n in range(focus)],
    }


def test_a_free_account_restores_the_weeks_insights_and_focus_within_its_limits(ana, database_url):
    body = ana.post("/api/journal/import", json={"content": json.dumps(_document(8, 2)), "format": "json"}).json()
    assert body["restored"]["insights"] == 5 and body["restored"]["tasks"] == 2
    said = {item["kind"]: item["message"] for item in body["notImported"]}
    assert said["insight_quota"].startswith("3 insights were not restored: the free plan keeps 5 new insights a week.")
    assert said["focus_unselected"].startswith("1 Weekly Focus task was restored unselected")
    tasks = ana.get("/api/tasks").json()
    assert sorted(t["isSelected"] for t in tasks) == [False, True]
    # The quota is used up, as after five saves.
    assert ana.post("/api/insights", json={"text": "One more"}).status_code == 429
    # Premium has no weekly limit: the rest come back.
    set_premium(database_url, "ana")
    body = ana.post("/api/journal/import", json={"content": json.dumps(_document(8, 2)), "format": "json"}).json()
    assert body["restored"]["insights"] == 3 and body["notImported"] == []


def test_a_restore_decides_origin_and_creation_time_itself(ana):
    document = _document(1, 0)
    document["insights"][0].update(origin="pipeline", createdAt="2020-01-01T00:00:00+00:00")
    document["entries"][0]["createdAt"] = "2020-01-01T00:00:00+00:00"
    assert ana.post("/api/journal/import", json={"content": json.dumps(document), "format": "json"}).status_code == 200
    insight = ana.get("/api/insights").json()[0]
    assert insight["origin"] == "user"  # no pattern of the export holds it: the user's, counted
    assert insight["createdAt"][:4] != "2020"
    assert ana.get("/api/journal").json()[0]["createdAt"][:4] != "2020"


def test_links_the_database_does_not_hold_are_re_pointed_or_dropped(ana):
    """A project's parent, a pattern's and an insight's entries, the story's sources: re-pointed at
    the restored rows; those naming nothing in the export are dropped, never kept verbatim."""
    document = {
        "format": "reverie-export", "version": 1,
        "entries": [{"id": "e1", "date": "2026-03-02", "content": "Planned the garden."},
                    {"id": "e2", "date": "2026-03-03", "content": "Dug the first bed."}],
        "projects": [{"id": "p1", "name": "Garden"}, {"id": "p2", "name": "Vegetable bed", "parentId": "p1"},
                     {"id": "p3", "name": "Shed", "parentId": "somebody-elses"}],
        "patterns": [{"id": "pa", "name": "Gardening", "entryIds": ["e1", "e2", "gone"]}],
        "insights": [{"id": "i1", "text": "Digging clears my head", "patternId": "pa", "origin": "pipeline",
                      "sourceEntryIds": ["e2", "gone"], "entryId": "e2"}],
        "profile": {"shortSummary": "A gardener.", "fullProfile": "Someone who plans and digs.", "blindspots": [],
                    "sourceEntryIds": ["e1", "gone", "e2"]},
    }
    body = ana.post("/api/journal/import", json={"content": json.dumps(document), "format": "json"}).json()
    assert body["restored"]["projects"] == 3 and body["restored"]["profile"] is True, body
    restored = ana.get("/api/export").json()
    entry = {e["content"]: e["id"] for e in restored["entries"]}
    e1, e2 = entry["Planned the garden."], entry["Dug the first bed."]
    projects = {p["name"]: p for p in restored["projects"]}
    assert projects["Vegetable bed"]["parentId"] == projects["Garden"]["id"]
    assert projects["Shed"]["parentId"] is None
    pattern = restored["patterns"][0]
    assert pattern["entryIds"] == [e1, e2]
    insight = restored["insights"][0]
    assert (insight["sourceEntryIds"], insight["entryId"], insight["patternId"], insight["origin"]) == (
        [e2], e2, pattern["id"], "pipeline")
    assert restored["profile"]["sourceEntryIds"] == [e1, e2]
