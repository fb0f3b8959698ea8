"""What belongs to an account stays with it: the waitlist row (with the person's story) follows the
account, not the address; deleting one's own account asks for its password, and the last admin
cannot delete their own account (the admin route's 409)."""

from __future__ import annotations

import re

from api.__main__ import _make_admin
from tests.support.accounts import PASSWORD, outbox_messages, signed_up, verification_code
from tests.support.app import app_client
from tests.support.database import sql

STORY = "I have journaled every night since my daughter was born."


def _change_address(client, outbox, new: str) -> None:
    asked = client.post("/api/users/email", json={"newEmail": new, "currentPassword": PASSWORD})
    assert asked.status_code == 200, asked.text
    [mail] = [m for m in outbox_messages(outbox) if m["To"].lower() == new and "e-mail address" in m["Subject"]]
    done = client.post("/api/users/email/confirm", json={"newEmail": new, "verificationCode": verification_code(mail)})
    assert done.status_code == 200, done.text


def test_the_waitlist_entry_stays_with_the_account_after_an_address_change(ana, app, settings, database_url):
    joined = ana.post("/api/waitlist/join", json={"message": STORY, "interestedFeatures": ["couples-journaling"]})
    assert joined.status_code == 200, joined.text
    _change_address(ana, settings.outbox_dir, "ana.lima@example.com")

    mine = ana.get("/api/subscription/details").json()["waitlist"]
    assert (mine["email"], mine["message"], mine["isSubscribed"]) == ("ana.lima@example.com", STORY, True)

    # Someone else takes the address Ana gave up: Ana's story is not theirs to see or overwrite.
    with app_client(app, raise_server_exceptions=False) as bruno:
        signed_up(bruno, settings.outbox_dir, "bruno", "ana@example.com")
        details = bruno.get("/api/subscription/details").json()
        assert details["waitlist"] is None
        assert STORY not in str(details)
        assert bruno.post("/api/waitlist/leave").status_code == 404
        own = bruno.post("/api/waitlist/join", json={"message": "New to journaling."})
        assert own.status_code == 200, own.text
        assert (own.json()["entry"]["email"], own.json()["entry"]["message"]) == ("ana@example.com",
                                                                                  "New to journaling.")

    rows = sorted(sql(database_url, "SELECT u.username, w.email, w.message FROM waitlist_entries w "
                                    "JOIN users u ON u.id = w.user_id"))
    assert rows == [("ana", "ana.lima@example.com", STORY), ("bruno", "ana@example.com", "New to journaling.")]
    assert ana.get("/api/subscription/details").json()["waitlist"]["message"] == STORY


def test_deleting_ones_account_asks_for_its_password(ana, database_url):
    for body, field in (({}, "currentPassword"), ({"currentPassword": ""}, "currentPassword"),
                        ({"currentPassword": "not my password"}, "currentPassword")):
        refused = ana.request("DELETE", "/api/users/account", json=body)
        assert refused.status_code == 400, refused.text
        assert refused.json()["field"] == field
        assert re.search(r"password", refused.json()["error"], re.IGNORECASE)
    assert sql(database_url, "SELECT count(*) FROM users")[0][0] == 1
    assert ana.get("/api/auth/me").status_code == 200

    deleted = ana.request("DELETE", "/api/users/account", json={"currentPassword": PASSWORD})
    assert deleted.status_code == 200, deleted.text
    assert sql(database_url, "SELECT count(*) FROM users")[0][0] == 0


def test_the_last_admin_cannot_delete_their_own_account(app, settings, database_url):
    with app_client(app, raise_server_exceptions=False) as boss, \
            app_client(app, raise_server_exceptions=False) as second:
        signed_up(boss, settings.outbox_dir, "boss", "boss@example.com")
        assert _make_admin(database_url, "boss@example.com", True) == 0
        refused = boss.request("DELETE", "/api/users/account", json={"currentPassword": PASSWORD})
        assert refused.status_code == 409, refused.text
        assert refused.json()["error"] == "At least one admin must remain: make another user an admin first."
        assert boss.get("/api/auth/me").json()["isAdmin"] is True

        # With another admin, the account can go.
        signed_up(second, settings.outbox_dir, "second", "second@example.com")
        assert _make_admin(database_url, "second@example.com", True) == 0
        deleted = boss.request("DELETE", "/api/users/account", json={"currentPassword": PASSWORD})
        assert deleted.status_code == 200, deleted.text
        assert sql(database_url, "SELECT username FROM users WHERE is_admin") == [("second",)]
