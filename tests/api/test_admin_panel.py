"""The admin panel beyond the spec's calls, as Django admin, Ghost and Mastodon give it: promo codes
that can be deactivated, changed and deleted (with a state each); a page per user with their facts
and actions (end sessions, resend verification); a CSV export of the filtered users; a complete
audit log with filters and paging."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

import msgspec

from tests.support.accounts import PASSWORD, last_code, register
from tests.support.app import app_client
from tests.support.database import sql


def _generate(boss, **body) -> dict:
    made = boss.post("/api/admin/generate-promo-code", json={"influencerName": "Mia", **body})
    assert made.status_code == 201, made.text
    return made.json()["promoCode"]


def _redeem(client, code: str):
    return client.post("/api/subscription/promo-code", json={"code": code.lower()})


def _states(boss) -> dict[str, str]:
    return {c["code"]: c["state"] for c in boss.get("/api/admin/promo-codes").json()}


def test_a_code_can_be_deactivated_reactivated_changed_and_deleted(boss, clients, database_url):
    ana, ben, cara, dan = clients("ana"), clients("ben"), clients("cara"), clients("dan")
    code = _generate(boss, maxUses=2)
    assert code["state"] == "active" and code["deactivatedAt"] is None

    assert _redeem(ana, code["code"]).status_code == 200
    off = boss.patch(f"/api/admin/promo-codes/{code['id']}", json={"active": False})
    assert off.status_code == 200, off.text
    assert off.json()["state"] == "deactivated" and off.json()["deactivatedAt"]
    refused = _redeem(ben, code["code"])
    assert refused.status_code == 400
    assert refused.json() == {"error": "This promotional code has been deactivated and can no longer be used.",
                              "field": "code", "reason": "deactivated"}
    assert ben.get("/api/auth/me").json()["isPremium"] is False
    assert ana.get("/api/auth/me").json()["isPremium"] is True  # what it granted stays until it ends

    back = boss.patch(f"/api/admin/promo-codes/{code['id']}", json={"active": True})
    assert back.json()["state"] == "active"
    assert _redeem(ben, code["code"]).status_code == 200
    assert _states(boss)[code["code"]] == "used_up"
    assert _redeem(cara, code["code"]).json()["reason"] == "used_up"

    # The limit, the grant's length and the expiry, changed in the panel.
    below = boss.patch(f"/api/admin/promo-codes/{code['id']}", json={"maxUses": 1})
    assert below.status_code == 400
    assert below.json()["error"] == "maxUses cannot be lower than the 2 uses already made."
    day = (datetime.now(UTC) + timedelta(days=10)).date()
    changed = boss.patch(f"/api/admin/promo-codes/{code['id']}",
                         json={"maxUses": 3, "durationDays": 7, "expiresOn": day.isoformat()})
    assert changed.status_code == 200, changed.text
    body = changed.json()
    assert (body["maxUses"], body["durationDays"], body["expiresOn"], body["state"]) == (3, 7, day.isoformat(),
                                                                                           "active")
    assert _redeem(cara, code["code"]).status_code == 200
    cara_until = datetime.fromisoformat(cara.get("/api/subscription/promo-access").json()["expiresAt"])
    assert timedelta(days=6, hours=23) < cara_until - datetime.now(UTC) <= timedelta(days=7)
    for bad in ({"expiresOn": "2020-01-01"}, {"expiresOn": day.isoformat(), "neverExpires": True},
                {"durationDays": 3}, {"maxUses": 0}, {"active": "no"}):
        assert boss.patch(f"/api/admin/promo-codes/{code['id']}", json=bad).status_code == 400, bad

    sql(database_url, "UPDATE promo_codes SET expires_at = now() - interval '1 minute', max_uses = 10")
    assert _states(boss)[code["code"]] == "expired"
    assert boss.patch(f"/api/admin/promo-codes/{code['id']}",
                      json={"neverExpires": True}).json()["expiresAt"] is None
    assert _states(boss)[code["code"]] == "active"

    gone = boss.delete(f"/api/admin/promo-codes/{code['id']}")
    assert gone.status_code == 200 and gone.json()["message"] == "Promo code deleted"
    assert boss.get("/api/admin/promo-codes").json() == []
    assert _redeem(dan, code["code"]).json()["reason"] == "unknown"
    assert boss.delete(f"/api/admin/promo-codes/{code['id']}").status_code == 404
    assert ana.get("/api/auth/me").json()["isPremium"] is True

    details = [a["detail"] for a in boss.get("/api/admin/audit-log", params={"targetId": code["id"]}).json()]
    assert details == [
        f"{code['code']}: redeemed by 3 people",
        f"{code['code']}: never expires",
        f"{code['code']}: limit 3 uses, grants 7 days, redeemable until {day:%B} {day.day}, {day.year}",
        f"{code['code']}: reactivated",
        f"{code['code']}: deactivated",
        f"{code['code']}: 30 days, 2 uses, redeemable until " + _long(code["expiresOn"]),
    ]


def _long(iso: str) -> str:
    day = datetime.fromisoformat(iso)
    return f"{day:%B} {day.day}, {day.year}"


def test_a_code_made_with_its_limit_and_expiry_and_one_use_said_so(boss, clients):
    day = (datetime.now(UTC) + timedelta(days=3)).date()
    one = _generate(boss, maxUses=1, durationDays=90, expiresOn=day.isoformat())
    assert (one["maxUses"], one["durationDays"], one["expiresOn"]) == (1, 90, day.isoformat())
    assert datetime.fromisoformat(one["expiresAt"]) == datetime(day.year, day.month, day.day, tzinfo=UTC) + \
        timedelta(days=1)
    forever = _generate(boss, neverExpires=True)
    assert forever["expiresAt"] is None and forever["expiresOn"] is None and forever["state"] == "active"
    for bad in ({"expiresOn": "2001-01-01"}, {"expiresOn": "2999-01-01"}, {"expiresOn": "soon"}):
        assert boss.post("/api/admin/generate-promo-code", json={"influencerName": "Mia", **bad}).status_code == 400

    lines = [a["detail"] for a in boss.get("/api/admin/audit-log", params={"action": "generate_promo_code"}).json()]
    assert lines[1] == f"{one['code']}: 90 days, 1 use, redeemable until {day:%B} {day.day}, {day.year}"
    assert lines[0] == f"{forever['code']}: 30 days, 100 uses, never expires"
    assert _redeem(clients("ana"), one["code"]).status_code == 200
    assert _redeem(clients("ben"), one["code"]).json()["error"] == (
        "This promotional code has been used as many times as it allows.")


def test_a_users_page_with_their_facts(app, boss, clients, database_url, settings):
    ana = clients("ana")
    assert ana.post("/api/journal", json={"content": "First entry.", "date": "2026-03-02"}).status_code == 201
    with app_client(app, raise_server_exceptions=False) as phone:  # a second device
        assert phone.post("/api/auth/login", json={"username": "ana", "password": PASSWORD}).status_code == 200
        page = boss.get(f"/api/admin/users/{ana.user_id}")
        assert page.status_code == 200, page.text
        facts = page.json()
        assert facts["user"]["email"] == "ana@example.com" and facts["user"]["journalEntryCount"] == 1
        assert facts["user"]["isVerified"] is True and facts["verificationSentAt"] is None
        assert len(facts["sessions"]) == 2 and not any(s["current"] for s in facts["sessions"])
        assert facts["lastEntryAt"] and facts["user"]["lastActivityAt"] >= facts["lastEntryAt"]
        assert (facts["tasks"], facts["photos"], facts["hasResume"], facts["waitlistSubscribed"]) == (0, 0, False,
                                                                                                     None)

        ended = boss.post(f"/api/admin/users/{ana.user_id}/end-sessions")
        assert ended.status_code == 200 and ended.json()["ended"] == 2
        assert ended.json()["message"] == "2 sessions ended."
        assert ana.get("/api/auth/me").status_code == 401 and phone.get("/api/auth/me").status_code == 401
    assert boss.get(f"/api/admin/users/{ana.user_id}").json()["sessions"] == []
    again = boss.post(f"/api/admin/users/{ana.user_id}/end-sessions").json()
    assert again["ended"] == 0

    # On one's own page: every other session ends, this one stays.
    own = boss.get(f"/api/admin/users/{boss.user_id}").json()
    assert [s["current"] for s in own["sessions"]] == [True]
    assert boss.post(f"/api/admin/users/{boss.user_id}/end-sessions").json()["ended"] == 0
    assert boss.get("/api/auth/me").status_code == 200

    about = [(a["action"], a["detail"]) for a in own["auditLog"]]
    assert about == [("admin_from_command", "now an admin")]
    ana_log = boss.get(f"/api/admin/users/{ana.user_id}").json()["auditLog"]
    assert [(a["action"], a["detail"], a["targetUsername"]) for a in ana_log] == [("end_sessions", "2 sessions",
                                                                                   "ana")]
    assert boss.get("/api/admin/users/00000000-0000-0000-0000-000000000000").status_code == 404


def test_an_unverified_user_gets_a_new_code_from_the_admin(app, boss, settings):
    with app_client(app, raise_server_exceptions=False) as eve:
        user_id = register(eve, "eve", "eve@example.com").json()["id"]
        first = last_code(settings.outbox_dir, "eve@example.com")
        facts = boss.get(f"/api/admin/users/{user_id}").json()
        assert facts["user"]["isVerified"] is False and facts["verificationSentAt"]

        sent = boss.post(f"/api/admin/users/{user_id}/resend-verification")
        assert sent.status_code == 200, sent.text
        assert sent.json()["message"] == "A new verification code was sent to eve@example.com."
        second = last_code(settings.outbox_dir, "eve@example.com")
        if second != first:  # the old code no longer works (a 1-in-a-million clash aside)
            old = eve.post("/api/auth/verify-email", json={"userId": user_id, "verificationCode": first})
            assert old.status_code == 400
        done = eve.post("/api/auth/verify-email", json={"userId": user_id, "verificationCode": second})
        assert done.status_code == 200, done.text

    verified = boss.post(f"/api/admin/users/{user_id}/resend-verification")
    assert verified.status_code == 409
    assert verified.json()["error"] == "This account's e-mail address is already verified."
    lines = boss.get("/api/admin/audit-log", params={"targetId": user_id}).json()
    assert [(a["action"], a["targetUsername"]) for a in lines] == [("resend_verification", "eve")]


def test_the_users_as_csv_with_the_panels_filters_and_order(app, boss, clients, database_url):
    ana, ben = clients("ana"), clients("ben", sign_up=False)
    assert register(ben, "-cmd", "minus@example.com").status_code == 201  # unverified, a formula-like name
    boss.post(f"/api/admin/users/{ana.user_id}/premium-access", json={"enabled": True})
    ana.post("/api/journal", json={"content": "One.", "date": "2026-03-02"})

    def export(**params) -> list[dict]:
        response = boss.get("/api/admin/users/export", params=params)
        assert response.status_code == 200, response.text
        assert response.headers["content-type"].startswith("text/csv")
        assert response.headers["content-disposition"].startswith('attachment; filename="reverie-users-')
        return list(csv.DictReader(io.StringIO(response.text)))

    everyone = export(sort="username", descending="false")
    assert [r["username"] for r in everyone] == ["'-cmd", "ana", "boss"]  # a formula is written as text
    assert everyone[1]["email"] == "ana@example.com" and everyone[1]["entries"] == "1"
    assert everyone[1]["plan"] == "Premium Trial" and everyone[1]["promo"] == "admin"
    assert [r["username"] for r in export(premium="true")] == ["ana"]
    assert [r["username"] for r in export(admin="true")] == ["boss"]
    assert [r["username"] for r in export(verified="false")] == ["'-cmd"]
    assert [r["username"] for r in export(q="AN", sort="entries")] == ["ana"]
    assert boss.get("/api/admin/users/export", params={"sort": "password"}).status_code == 400
    assert ana.get("/api/admin/users/export").status_code == 403

    lines = boss.get("/api/admin/audit-log", params={"action": "export_users"}).json()
    assert [a["detail"] for a in lines] == ["1 user", "1 user", "1 user", "1 user", "3 users"]


def test_the_audit_log_pages_and_filters_and_counts_config_admins(app, boss, clients):
    app.state.settings = msgspec.structs.replace(app.state.settings, admin_emails=frozenset({"cleo@example.com"}))
    cleo = clients("cleo")  # an admin from sign-up by ADMIN_EMAILS
    assert cleo.get("/api/auth/me").json()["isAdmin"] is True
    for n in range(5):
        _generate(boss, influencerName=f"Partner {n}")
    cleo.post("/api/admin/generate-promo-code", json={"influencerName": "Cleo's"})

    first = boss.get("/api/admin/audit-log", params={"limit": 3})
    assert first.status_code == 200
    assert first.headers["x-total-count"] == "8" and len(first.json()) == 3
    second = boss.get("/api/admin/audit-log", params={"limit": 3, "before": first.headers["x-next-cursor"]})
    third = boss.get("/api/admin/audit-log", params={"limit": 3, "before": second.headers["x-next-cursor"]})
    assert "x-next-cursor" not in third.headers and len(third.json()) == 2
    ids = [a["id"] for page in (first, second, third) for a in page.json()]
    assert len(set(ids)) == 8
    everything = boss.get("/api/admin/audit-log").json()
    assert [a["id"] for a in everything] == ids  # newest first, the same order page by page
    assert [(a["action"], a["targetUsername"]) for a in everything[-2:]] == [
        ("admin_from_config", "cleo"), ("admin_from_command", "boss")]

    by_cleo = boss.get("/api/admin/audit-log", params={"adminId": cleo.user_id}).json()
    assert [a["action"] for a in by_cleo] == ["generate_promo_code", "admin_from_config"]
    codes = boss.get("/api/admin/audit-log", params={"action": "generate_promo_code", "limit": 2})
    assert codes.headers["x-total-count"] == "6" and len(codes.json()) == 2
    for bad in ({"action": "drop_tables"}, {"before": "not-a-cursor"}, {"limit": 0}, {"adminId": "x"}):
        assert boss.get("/api/admin/audit-log", params=bad).status_code == 400, bad
