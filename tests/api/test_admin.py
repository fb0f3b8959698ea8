"""The admin API (spec part 2 sections 3, 6, 7 and 8): guarded on the server for admins only, the
user rows, admin rights and premium access, permanent deletion (no row or file of the user
left), the waitlist, promo codes, statistics and the audit log."""

from __future__ import annotations

import concurrent.futures
import re
import threading
import uuid
from datetime import UTC, datetime, timedelta

import msgspec
import sqlalchemy as sa

from api.accounts.access import admin_only
from api.subscription.rules import PROMO_ALPHABET, PROMO_RANDOM_CHARS
from tests.support.accounts import PASSWORD
from tests.support.app import app_client
from tests.support.database import sql
from tests.support.images import png_bytes
from tests.support.journal import wait_all_analysed, write_entries


def admin_routes(app) -> list[tuple[str, str]]:
    found = []
    for route in app.routes:
        for handler in getattr(route, "route_handlers", ()):
            guards = [getattr(g, "func", g) for g in handler.resolve_guards()]
            for method in handler.http_methods - {"HEAD", "OPTIONS"}:
                if route.path.startswith("/api/admin"):
                    assert admin_only in guards, (method, route.path)
                    found.append((method, re.sub(r"\{[^}]+\}", str(uuid.uuid4()), route.path)))
    return found


def test_every_admin_route_is_401_signed_out_and_403_for_a_non_admin(app, clients):
    routes = admin_routes(app)
    assert len(routes) == 16
    ana = clients("ana")
    with app_client(app, raise_server_exceptions=False) as visitor:
        for method, path in routes:
            signed_out = visitor.request(method, path, json={})
            assert signed_out.status_code == 401, (method, path, signed_out.text)
            refused = ana.request(method, path, json={"isAdmin": True, "influencerName": "x", "enabled": True})
            assert refused.status_code == 403, (method, path, refused.text)
            assert refused.json() == {"error": "Admin access required"}
    assert ana.get("/api/auth/me").json()["isAdmin"] is False


def test_the_user_rows(boss, clients):
    ana = clients("ana")
    write_entries(ana, [("2026-03-02", "A quiet walk by the river."), ("2026-03-03", "Work was busy today.")])
    code = boss.post("/api/admin/generate-promo-code", json={"influencerName": "Mia"}).json()["code"]
    assert ana.post("/api/subscription/promo-code", json={"code": code}).status_code == 200

    rows = boss.get("/api/admin/users").json()
    assert [r["username"] for r in rows] == ["ana", "boss"]  # newest first
    row = rows[0]
    assert row["id"] == ana.user_id and row["email"] == "ana@example.com"
    assert (row["journalEntryCount"], row["sessionCount"]) == (2, 1)
    assert (row["subscriptionTier"], row["subscriptionStatus"], row["isPremium"]) == ("premium", "trialing", True)
    assert (row["isVerified"], row["deletedAt"], row["isAdmin"]) == (True, None, False)
    assert row["promoSource"] == "code" and row["promoCodeApplied"] == code
    assert datetime.fromisoformat(row["promoCodeExpiry"]) > datetime.now(UTC) + timedelta(days=29)
    assert row["lastLoginAt"] is None or datetime.fromisoformat(row["lastLoginAt"])
    assert datetime.fromisoformat(row["createdAt"]) <= datetime.now(UTC)
    boss_row = rows[1]
    assert boss_row["isAdmin"] is True and boss_row["subscriptionTier"] == "free"
    assert boss_row["promoCodeApplied"] is None and boss_row["journalEntryCount"] == 0


def test_admin_rights_and_the_last_admin(boss, clients):
    ana = clients("ana")
    made = boss.post(f"/api/admin/users/{ana.user_id}/set-admin", json={"isAdmin": True})
    assert made.status_code == 200, made.text
    assert made.json()["message"] == "Admin Status Updated" and made.json()["user"]["isAdmin"] is True
    assert ana.get("/api/admin/users").status_code == 200  # the server reads the new right at once

    # Ana removes Boss's rights; then Ana, the last admin, can neither step down nor delete herself.
    assert ana.post(f"/api/admin/users/{boss.user_id}/set-admin", json={"isAdmin": False}).status_code == 200
    assert boss.get("/api/admin/users").status_code == 403
    last = ana.post(f"/api/admin/users/{ana.user_id}/set-admin", json={"isAdmin": False})
    assert last.status_code == 409 and "At least one admin" in last.json()["error"]
    assert ana.delete(f"/api/admin/users/{ana.user_id}").status_code == 409
    assert ana.get("/api/auth/me").json()["isAdmin"] is True

    unknown = ana.post(f"/api/admin/users/{uuid.uuid4()}/set-admin", json={"isAdmin": True})
    assert unknown.status_code == 404 and unknown.json()["error"] == "User not found"
    bad = ana.post(f"/api/admin/users/{boss.user_id}/set-admin", json={"isAdmin": "yes"})
    assert bad.status_code == 400


def test_granting_and_revoking_premium(boss, clients):
    ana = clients("ana")
    url = f"/api/admin/users/{ana.user_id}/premium-access"
    granted = boss.post(url, json={"enabled": True})
    assert granted.status_code == 200 and granted.json()["message"] == "Premium Access Updated"
    assert granted.json()["user"]["subscriptionStatus"] == "trialing"
    assert granted.json()["user"]["promoCodeExpiry"] is None  # until revoked
    assert ana.get("/api/auth/me").json()["isPremium"] is True
    # An admin grant is the user's promo access: the user may switch it off and on.
    assert ana.post("/api/subscription/toggle-promo", json={"enabled": False}).json()["hasAccess"] is False
    assert ana.post("/api/subscription/toggle-promo", json={"enabled": True}).json()["hasAccess"] is True

    assert boss.post(url, json={"enabled": False}).status_code == 200
    assert ana.get("/api/auth/me").json()["isPremium"] is False
    assert ana.post("/api/subscription/toggle-promo", json={"enabled": True}).status_code == 400

    timed = boss.post(url, json={"enabled": True, "durationDays": 14}).json()["user"]
    assert timedelta(days=13) < datetime.fromisoformat(timed["promoCodeExpiry"]) - datetime.now(UTC) <= timedelta(days=14)
    assert boss.post(url, json={"enabled": True, "durationDays": 3}).status_code == 400


def test_deleting_a_user_leaves_no_row_or_file_of_theirs(app, boss, clients, database_url):
    from models import Base

    ana, ben = clients("ana"), clients("ben")
    entries = write_entries(ana, [("2026-03-02", "Marzipan Street flat: call the plumber before Friday."),
                                  ("2026-03-03", "Long run by the canal; I want to run a half marathon."),
                                  ("2026-03-04", "Work on the orchard launch was stressful."),
                                  ("2026-03-05", "Quiet Sunday, finished the budget and felt calm.")])
    write_entries(ben, [("2026-03-02", "Ben's own entry about cycling.")])
    wait_all_analysed(ana)
    assert ana.post(f"/api/journal-photos/{entries[0]}", data={"caption": "dawn"},
                    files={"photo": ("a.png", png_bytes(), "image/png")}).status_code == 201
    assert ben.post("/api/journal-photos/" + ben.get("/api/journal").json()[0]["id"],
                    files={"photo": ("b.png", png_bytes(), "image/png")}).status_code == 201
    assert ana.post("/api/tasks", json={"text": "Call the plumber", "entryId": entries[0]}).status_code == 201
    assert ana.post("/api/insights", json={"text": "Running calms me", "entryId": entries[1]}).status_code in (200, 201)
    assert ana.post("/api/resume", json={"content": "Ana, plumber's friend."}).status_code == 200
    assert ana.post("/api/profile", json={"shortSummary": "Ana.", "fullProfile": "Ana's story."}).status_code == 200
    assert ana.post("/api/waitlist/join", json={"message": "I journal daily."}).status_code == 200
    code = boss.post("/api/admin/generate-promo-code", json={"influencerName": "Mia"}).json()["code"]
    assert ana.post("/api/subscription/promo-code", json={"code": code}).status_code == 200
    files = app.state.settings.data_dir / "files"
    assert any((files / ana.user_id).iterdir()) and any((files / ben.user_id).iterdir())

    def rows_of(user_id: str, email: str) -> dict[str, int]:
        """Every row in the database that refers to the user or holds their address."""
        found = {}
        for table in Base.metadata.sorted_tables:
            for column in table.columns:
                refers = column.name == "user_id" or any(fk.column.table.name == "users" for fk in column.foreign_keys)
                if column.name == "id" and table.name == "users":
                    refers = True
                if refers:
                    clause = f"{column.name} = :v"
                    value = user_id
                elif isinstance(column.type, (sa.String, sa.Text)) or column.type.__class__.__name__ == "JSONB":
                    clause, value = f"{column.name}::text ILIKE :v", f"%{email}%"
                else:
                    continue
                count = sql(database_url, f"SELECT count(*) FROM {table.name} WHERE {clause}", v=value)[0][0]
                if count:
                    found[f"{table.name}.{column.name}"] = count
        return found

    before = rows_of(ana.user_id, "ana@example.com")
    assert {"users.id", "journal_entries.user_id", "photos.user_id", "tasks.user_id", "insights.user_id",
            "resumes.user_id", "profiles.user_id", "auth_sessions.user_id", "waitlist_entries.user_id",
            "promo_redemptions.user_id"} <= before.keys()
    ben_before = rows_of(ben.user_id, "ben@example.com")

    deleted = boss.delete(f"/api/admin/users/{ana.user_id}")
    assert deleted.status_code == 200 and deleted.json() == {"success": True, "message": "User Deleted"}
    assert rows_of(ana.user_id, "ana@example.com") == {}
    assert not (files / ana.user_id).exists()
    assert ana.get("/api/auth/me").status_code == 401  # the session went with the account
    # Nobody else's data went with it.
    assert rows_of(ben.user_id, "ben@example.com") == ben_before
    assert any((files / ben.user_id).iterdir())
    assert [r["username"] for r in boss.get("/api/admin/users").json()] == ["ben", "boss"]
    # The code Ana used is still there, with its count, for the admin.
    assert boss.get("/api/admin/promo-codes").json()[0]["currentUses"] == 1
    assert boss.delete(f"/api/admin/users/{ana.user_id}").status_code == 404


def test_the_waitlist_for_admins(boss, clients):
    ana = clients("ana")
    assert boss.get("/api/admin/waitlist").json() == []
    assert ana.post("/api/waitlist/join", json={"message": "Nightly journaler.", "name": "Ana Lopez",
                                                "interestedFeatures": ["couples-journaling"]}).status_code == 200
    [entry] = boss.get("/api/admin/waitlist").json()
    assert entry | {"id": None, "createdAt": None} == {
        "id": None, "userId": ana.user_id, "name": "Ana Lopez", "email": "ana@example.com",
        "message": "Nightly journaler.", "createdAt": None, "interestedFeatures": ["couples-journaling"],
        "isSubscribed": True}
    assert boss.delete(f"/api/admin/waitlist/{uuid.uuid4()}").status_code == 404
    assert boss.delete(f"/api/admin/waitlist/{entry['id']}").json()["success"] is True
    assert boss.get("/api/admin/waitlist").json() == []
    assert ana.get("/api/auth/me").status_code == 200  # the account stays


def test_generating_promo_codes(boss):
    missing = boss.post("/api/admin/generate-promo-code", json={"influencerName": "  "})
    assert missing.status_code == 400 and missing.json()["error"] == "Please enter an influencer name"
    for body in ({"influencerName": "Mia", "durationDays": 10}, {"influencerName": "Mia", "maxUses": 0},
                 {"influencerName": "M" * 101}, {"influencerName": "Mia", "durationDays": None}):
        assert boss.post("/api/admin/generate-promo-code", json=body).status_code == 400, body
    assert boss.get("/api/admin/promo-codes").json() == []

    first = boss.post("/api/admin/generate-promo-code", json={"influencerName": "Mia Reads!"})
    assert first.status_code == 201
    code = first.json()["code"]
    prefix, random_part = code.split("-")
    assert prefix == "MIAREADS" and len(random_part) == PROMO_RANDOM_CHARS
    assert set(random_part) <= set(PROMO_ALPHABET)
    made = first.json()["promoCode"]
    assert (made["durationDays"], made["maxUses"], made["currentUses"]) == (30, 100, 0)
    lifetime = datetime.fromisoformat(made["expiresAt"]) - datetime.fromisoformat(made["createdAt"])
    assert lifetime == timedelta(days=30)
    year = boss.post("/api/admin/generate-promo-code", json={"influencerName": "Mia Reads", "durationDays": 365,
                                                             "maxUses": 5}).json()
    assert year["code"] != code and year["code"].startswith("MIAREADS-")
    listed = boss.get("/api/admin/promo-codes").json()
    assert [c["code"] for c in listed] == [year["code"], code]  # newest first
    assert (listed[0]["durationDays"], listed[0]["maxUses"]) == (365, 5)


def test_statistics_and_the_audit_log(boss, clients, database_url):
    ana, ben = clients("ana"), clients("ben")
    write_entries(ana, [("2026-03-02", "One entry.")])
    sql(database_url, "UPDATE users SET created_at = now() - interval '3 days' WHERE username IN ('ana', 'boss')")
    sql(database_url, "INSERT INTO journal_entries (id, user_id, content, entry_date, location, related_goals, "
                      "related_projects, analysis_state, analysis_attempts, content_version, analysed_version, "
                      "created_at, updated_at) SELECT gen_random_uuid(), id, 'old', '2025-01-01', 'x', '[]', '[]', "
                      "'done', 0, 1, 1, now() - interval '30 days', now() FROM users WHERE username = 'ana'")
    boss.post(f"/api/admin/users/{ben.user_id}/premium-access", json={"enabled": True})
    boss.post(f"/api/admin/users/{ana.user_id}/set-admin", json={"isAdmin": True})
    code = boss.post("/api/admin/generate-promo-code", json={"influencerName": "Mia"}).json()["code"]
    ben.post("/api/waitlist/join", json={"message": "Hello."})

    stats = boss.get("/api/admin/stats").json()
    assert stats == {"users": 3, "verifiedUsers": 3, "activeUsers": 1, "premiumUsers": 1, "admins": 2,
                     "testAccounts": 2,  # boss (no entries) and ben (no entries, new); ana has entries and is 3 days old
                     "entries": 2, "entriesThisWeek": 1, "waitlistSubscribed": 1, "promoCodes": 1}

    log = boss.get("/api/admin/audit-log").json()
    assert [(a["action"], a["adminUsername"], a["targetUsername"]) for a in log] == [
        ("generate_promo_code", "boss", None), ("set_admin", "boss", "ana"), ("grant_promo", "boss", "ben"),
        ("admin_from_command", "boss", "boss")]  # `python -m api make-admin` made the first admin
    expiry = (datetime.now(UTC) + timedelta(days=30)).date()
    assert log[0]["detail"] == f"{code}: 30 days, 100 uses, redeemable until {expiry:%B} {expiry.day}, {expiry.year}"
    assert log[1]["detail"] == "now an admin"
    boss.delete(f"/api/admin/users/{ben.user_id}")
    latest = boss.get("/api/admin/audit-log").json()[0]
    assert (latest["action"], latest["targetId"], latest["targetUsername"], latest["detail"]) == (
        "delete_user", ben.user_id, "ben", "ben")


def test_the_audit_log_keeps_who_was_affected_and_only_real_changes(boss, clients):
    """Lines name the accounts as they were, so they still read after a deletion; a call that
    changes nothing (the same admin value again, revoking no premium) writes no line."""
    ana, ben = clients("ana"), clients("ben")
    ben.post("/api/waitlist/join", json={"message": "Hello."})
    for _ in range(2):
        assert boss.post(f"/api/admin/users/{ana.user_id}/set-admin", json={"isAdmin": True}).status_code == 200
    assert boss.post(f"/api/admin/users/{ben.user_id}/set-admin", json={"isAdmin": False}).status_code == 200
    assert boss.post(f"/api/admin/users/{ben.user_id}/premium-access", json={"enabled": False}).status_code == 200
    boss.post(f"/api/admin/users/{ben.user_id}/premium-access", json={"enabled": True})
    boss.post(f"/api/admin/users/{ben.user_id}/premium-access", json={"enabled": True, "durationDays": 7})
    [entry] = boss.get("/api/admin/waitlist").json()
    assert boss.delete(f"/api/admin/waitlist/{entry['id']}").status_code == 200
    assert ana.delete(f"/api/admin/users/{ben.user_id}").status_code == 200
    assert ana.post(f"/api/admin/users/{boss.user_id}/set-admin", json={"isAdmin": False}).status_code == 200
    assert ana.delete(f"/api/admin/users/{boss.user_id}").status_code == 200

    log = ana.get("/api/admin/audit-log").json()
    assert [(a["adminUsername"], a["action"], a["targetUsername"], a["detail"]) for a in log] == [
        ("ana", "delete_user", "boss", "boss"),
        ("ana", "set_admin", "boss", "no longer an admin"),
        ("ana", "delete_user", "ben", "ben"),
        ("boss", "delete_waitlist_entry", None, "ben"),
        ("boss", "grant_promo", "ben", "until revoked"),
        ("boss", "set_admin", "ana", "now an admin"),
        ("boss", "admin_from_command", "boss", "now an admin"),
    ]


def test_an_admin_by_configuration_keeps_their_rights(app, boss, clients):
    """ADMIN_EMAILS makes an address an admin at every sign-in: taking the rights away in the panel
    would be undone silently, so it is refused; rights given back at sign-in are logged."""
    cara = clients("cara")
    app.state.settings = msgspec.structs.replace(app.state.settings, admin_emails=frozenset({"cara@example.com"}))
    assert cara.post("/api/auth/login", json={"username": "cara", "password": PASSWORD}).json()["user"]["isAdmin"]
    refused = boss.post(f"/api/admin/users/{cara.user_id}/set-admin", json={"isAdmin": False})
    assert refused.status_code == 409
    assert refused.json()["reason"] == "configured"
    assert refused.json()["error"].startswith("This account is an admin by the server's configuration (ADMIN_EMAILS)")
    assert cara.get("/api/auth/me").json()["isAdmin"] is True
    assert boss.delete(f"/api/admin/users/{cara.user_id}").status_code == 200  # deleting stays possible

    log = boss.get("/api/admin/audit-log").json()
    assert [(a["adminUsername"], a["action"], a["targetUsername"]) for a in log] == [
        ("boss", "delete_user", "cara"), ("cara", "admin_from_config", "cara"), ("boss", "admin_from_command", "boss")]


def test_a_code_that_adds_nothing_to_premium_held_is_not_used(boss, clients):
    """Premium granted until revoked (or for longer than the code gives): redeeming would spend a
    use for nothing and promise a wrong end date, so it is refused and the use stays."""
    cara, dan, ben = clients("cara"), clients("dan"), clients("ben")
    boss.post(f"/api/admin/users/{cara.user_id}/premium-access", json={"enabled": True})
    boss.post(f"/api/admin/users/{dan.user_id}/premium-access", json={"enabled": True, "durationDays": 365})
    code = boss.post("/api/admin/generate-promo-code", json={"influencerName": "Mia", "maxUses": 1}).json()["code"]

    granted = cara.post("/api/subscription/promo-code", json={"code": code})
    assert granted.status_code == 409
    assert (granted.json()["error"], granted.json()["reason"]) == (
        "You already have premium access until it is revoked, so this code was not used.", "granted")
    longer = dan.post("/api/subscription/promo-code", json={"code": code})
    assert longer.status_code == 409 and longer.json()["reason"] == "longer"
    assert re.fullmatch(r"Your premium access already lasts until \w+ \d+, \d{4}, longer than this code gives, "
                        r"so it was not used\.", longer.json()["error"])
    assert boss.get("/api/admin/promo-codes").json()[0]["currentUses"] == 0
    rows = {r["username"]: r for r in boss.get("/api/admin/users").json()}
    assert (rows["cara"]["promoSource"], rows["cara"]["promoCodeExpiry"]) == ("admin", None)
    assert ben.post("/api/subscription/promo-code", json={"code": code}).status_code == 200


def test_two_admins_removing_each_other_at_once_never_fail(boss, clients):
    """Each call locks the target's row and every admin's row, in one statement in id order: the
    two calls queue on the same first row instead of each waiting for the other's (a deadlock, a
    500). The later one finds its own rights gone (403) or itself the last admin (409)."""
    eve = clients("eve", admin=True)
    barrier = threading.Barrier(2)

    def at_once(call, refusals: set[int]) -> list:
        def run(admin, other):
            barrier.wait()
            return call(admin, other)

        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            answers = list(pool.map(run, (boss, eve), (eve, boss)))
        codes = sorted(a.status_code for a in answers)
        assert codes[0] == 200 and codes[1] in refusals, [a.text for a in answers]
        return answers

    for _ in range(15):
        answers = at_once(lambda admin, other: admin.post(f"/api/admin/users/{other.user_id}/set-admin",
                                                          json={"isAdmin": False}), {403, 409})
        winner, loser = (boss, eve) if answers[0].status_code == 200 else (eve, boss)
        assert [u["username"] for u in winner.get("/api/admin/users").json() if u["isAdmin"]] == [winner.username]
        assert winner.post(f"/api/admin/users/{loser.user_id}/set-admin", json={"isAdmin": True}).status_code == 200

    # Deleting each other: the later call's session may already be gone with its account (401).
    answers = at_once(lambda admin, other: admin.delete(f"/api/admin/users/{other.user_id}"), {401, 403, 409})
    survivor = boss if answers[0].status_code == 200 else eve
    assert [u["username"] for u in survivor.get("/api/admin/users").json()] == [survivor.username]
