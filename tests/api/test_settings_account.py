"""Settings (issue 14): the profile rules, deleting the account (no row and no file left), and the
whole-account export that imports back into a new account with nothing lost."""

from __future__ import annotations

import json

import sqlalchemy as sa

from tests.support.accounts import PASSWORD, signed_up
from tests.support.app import app_client
from tests.support.images import png_bytes
from tests.support.journal import wait_all_analysed, write_entries

ENTRIES = [
    ("2026-03-02", "Called the plumber about the leak. I need to renew my passport before the trip."),
    ("2026-03-03", "Long run by the river. I want to run a half marathon next spring."),
    ("2026-03-04", "The launch at work was stressful and I feel anxious about the deadlines."),
    ("2026-03-05", "Quiet Sunday. Finished the budget and felt proud and calm."),
]


def test_profile_rules(ana, app, settings):
    short = ana.put("/api/users/profile", json={"username": "ab"})
    assert (short.status_code, short.json()["error"]) == (400, "Username must be at least 3 characters")
    assert ana.put("/api/users/profile", json={"username": ""}).status_code == 200  # optional: left as it was
    assert ana.get("/api/auth/me").json()["username"] == "ana"
    too_long = ana.put("/api/users/profile", json={"fullName": "x" * 201})
    assert (too_long.status_code, too_long.json()["field"]) == (400, "fullName")
    assert ana.put("/api/users/profile", json={"journalingExperience": "guru"}).status_code == 400
    assert ana.put("/api/users/profile", json={"birthDate": "not a date"}).status_code == 400
    with app_client(app) as other:
        signed_up(other, settings.outbox_dir, "bruno", "bruno@example.com")
    assert ana.put("/api/users/profile", json={"username": "Bruno"}).status_code == 409
    saved = ana.put("/api/users/profile", json={
        "username": "ana_lima", "fullName": "Ana Lima", "gender": "non-binary", "birthDate": "1991-02-03",
        "journalingExperience": "beginner", "darkMode": False, "showDarkModeToggle": False})
    assert saved.status_code == 200, saved.text
    me = ana.get("/api/auth/me").json()
    assert (me["username"], me["fullName"], me["gender"], me["birthDate"], me["journalingExperience"],
            me["darkMode"], me["showDarkModeToggle"]) == (
        "ana_lima", "Ana Lima", "non-binary", "1991-02-03", "beginner", False, False)


def test_changing_the_password_checks_the_current_one_and_signs_other_devices_out(ana, app):
    with app_client(app) as phone:
        assert phone.post("/api/auth/login", json={"username": "ana", "password": PASSWORD}).status_code == 200
        assert phone.get("/api/auth/me").status_code == 200

        wrong = ana.post("/api/users/password", json={"currentPassword": "not it at all", "newPassword": "a new secret"})
        assert (wrong.status_code, wrong.json()["field"], wrong.json()["error"]) == (
            400, "currentPassword", "Your current password is incorrect.")
        short = ana.post("/api/users/password", json={"currentPassword": PASSWORD, "newPassword": "abc"})
        assert (short.status_code, short.json()["error"]) == (400, "Password must be at least 6 characters")
        long = ana.post("/api/users/password", json={"currentPassword": "x" * 5000, "newPassword": "a new secret"})
        assert long.status_code == 400
        same = ana.post("/api/users/password", json={"currentPassword": PASSWORD, "newPassword": PASSWORD})
        assert (same.status_code, same.json()["field"]) == (400, "newPassword")
        assert ana.post("/api/users/password", json={"password": "x"}).status_code == 400  # unknown field
        assert phone.get("/api/auth/me").status_code == 200  # nothing changed yet

        done = ana.post("/api/users/password", json={"currentPassword": PASSWORD, "newPassword": "a new secret"})
        assert done.status_code == 200, done.text
        assert ana.get("/api/auth/me").status_code == 200  # this session stays
        assert phone.get("/api/auth/me").status_code == 401  # the other device is signed out
        assert phone.post("/api/auth/login", json={"username": "ana", "password": PASSWORD}).status_code == 401
        assert phone.post("/api/auth/login", json={"username": "ana", "password": "a new secret"}).status_code == 200


def test_deleting_the_account_leaves_no_row_and_no_file(ana, db, settings):
    write_entries(ana, ENTRIES)
    wait_all_analysed(ana)
    entry = ana.get("/api/journal").json()[0]["id"]
    photo = ana.post(f"/api/journal-photos/{entry}", files={"photo": ("a.png", png_bytes(), "image/png")})
    assert photo.status_code == 201, photo.text
    assert ana.post("/api/resume", json={"content": "Designer"}).status_code == 200
    assert ana.post("/api/tasks", json={"text": "Book the dentist"}).status_code == 201
    user_id = ana.get("/api/auth/me").json()["id"]
    files = settings.data_dir / "files" / user_id
    assert any(files.iterdir())
    deleted = ana.request("DELETE", "/api/users/account", json={"currentPassword": PASSWORD})
    assert deleted.status_code == 200 and deleted.json()["message"] == "Account deleted"
    with db.connect() as conn:
        tables = [t for t in sa.inspect(conn).get_table_names() if t != "alembic_version"]
        holding = {}
        for table in tables:
            columns = {c["name"] for c in sa.inspect(conn).get_columns(table)}
            key = "user_id" if "user_id" in columns else ("id" if table == "users" else None)
            if key:
                holding[table] = conn.execute(sa.text(f"SELECT count(*) FROM {table} WHERE {key} = :u"),
                                              {"u": user_id}).scalar()
        assert holding and not any(holding.values()), holding
    assert not files.exists()
    assert ana.get("/api/auth/me").status_code == 401  # the session ended with it


def _comparable(document: dict) -> dict:
    """An export without what necessarily differs between two accounts (ids, and the times the rows were
    written: a restore's rows are written when it runs)."""
    def strip(row: dict) -> dict:
        return {k: v for k, v in row.items() if k not in ("id", "entryId", "patternId", "parentId", "createdAt",
                                                          "updatedAt", "userId", "photos")}

    out = {key: sorted(json.dumps(strip(r), sort_keys=True) for r in document[key])
           for key in ("entries", "tasks", "projects", "goals", "insights")}
    out["links"] = sorted(
        (next(e["content"] for e in document["entries"] if e["id"] == t["entryId"]) if t.get("entryId") else None,
         t["text"]) for t in document["tasks"])
    out["profile"], out["resume"] = document["profile"], document["resume"]
    return out


def test_a_full_export_imports_into_a_new_account_with_nothing_lost(ana, app, settings):
    write_entries(ana, ENTRIES)
    wait_all_analysed(ana)
    entry = ana.get("/api/journal").json()[-1]["id"]
    assert ana.post("/api/tasks", json={"text": "Return the ladder", "entryId": entry}).status_code == 201
    assert ana.post("/api/insights", json={"text": "Running calms me down", "entryId": entry}).status_code in (200, 201)
    assert ana.post("/api/goals", json={"text": "Read twelve books", "timeframe": "year"}).status_code == 201
    assert ana.post("/api/resume", json={"content": "Ana Lima, designer."}).status_code == 200
    assert ana.put("/api/users/profile", json={"fullName": "Ana Lima", "gender": "female"}).status_code == 200
    exported = ana.get("/api/export")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["content-disposition"]
    document = exported.json()
    assert document["format"] == "reverie-export" and len(document["entries"]) == 4
    assert document["tasks"] and document["insights"] and document["goals"]
    assert all(e["mood"] for e in document["entries"])

    with app_client(app) as bruno:
        signed_up(bruno, settings.outbox_dir, "bruno", "bruno@example.com")
        restored = bruno.post("/api/journal/import", json={"content": json.dumps(document), "format": "json"})
        assert restored.status_code == 200, restored.text
        body = restored.json()
        assert body["count"] == 4 and body["analysing"] == 0  # already analysed: not analysed again
        assert body["restored"]["tasks"] == len(document["tasks"])
        again = bruno.get("/api/export").json()
        assert _comparable(again) == _comparable(document)
        assert again["user"]["fullName"] == "Ana Lima" and again["user"]["username"] == "bruno"
        listed = bruno.get("/api/journal").json()
        assert all(e["analysis"]["state"] == "done" and e["mood"] for e in listed)
        # Importing the same export twice adds nothing.
        twice = bruno.post("/api/journal/import", json={"content": json.dumps(document), "format": "json"}).json()
        assert twice["count"] == 0 and not any(v for v in twice["restored"].values())
        assert _comparable(bruno.get("/api/export").json()) == _comparable(document)


def test_a_broken_export_changes_nothing(ana):
    document = {"format": "reverie-export", "version": 1,
                "entries": [{"id": "e1", "date": "2026-03-02", "content": "Kept out", "mood": None}],
                "tasks": [{"id": "t1", "text": "x", "priority": "p" * 50}]}
    response = ana.post("/api/journal/import", json={"content": json.dumps(document), "format": "json"})
    assert response.status_code == 400 and "priority" in response.json()["error"]
    assert ana.get("/api/journal").json() == [] and ana.get("/api/tasks").json() == []
