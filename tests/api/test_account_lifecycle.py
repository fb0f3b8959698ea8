"""The account over time: signing in often, the notices a password change or reset sends, and
changing the e-mail address with a code mailed to the new one (tour findings 10, 11 and 14)."""

from __future__ import annotations

import re

import pytest

from api.security.rate_limit import LIMITS
from tests.support.accounts import (
    PASSWORD,
    last_reset_link,
    outbox_messages,
    register,
    signed_up,
    verification_code,
)
from tests.support.app import app_client

NEW = "ana.new@example.com"


def _mails(outbox, to: str, subject: str) -> list:
    return [m for m in outbox_messages(outbox) if m["To"].lower() == to and subject in m["Subject"]]


def _change_code(outbox, to: str) -> str:
    found = _mails(outbox, to, "Confirm your new Reverie e-mail address")
    assert found, f"no e-mail change code was sent to {to}"
    return verification_code(found[-1])


# -- signing in often (finding 14) ---------------------------------------------------------
def test_successful_sign_ins_do_not_use_up_the_account_limit(client, settings):
    signed_up(client, settings.outbox_dir)
    per_account = LIMITS["login"][1].attempts
    for _ in range(per_account + 3):
        client.post("/api/auth/logout")
        signed_in = client.post("/api/auth/login", json={"username": "ana", "password": PASSWORD})
        assert signed_in.status_code == 200, signed_in.text
    # Guessing is still slowed down after all those sign-ins.
    guesses = [client.post("/api/auth/login", json={"username": "ana", "password": f"guess {n}"}).status_code
               for n in range(7)]
    assert guesses[:5] == [401] * 5 and guesses[-1] == 429


# -- notices of a changed password (finding 11) --------------------------------------------
def test_changing_or_resetting_the_password_sends_a_notice(ana, settings):
    outbox = settings.outbox_dir
    assert not _mails(outbox, "ana@example.com", "password was changed")
    done = ana.post("/api/users/password", json={"currentPassword": PASSWORD, "newPassword": "a new secret"})
    assert done.status_code == 200, done.text
    [notice] = _mails(outbox, "ana@example.com", "Your Reverie password was changed")
    text = notice.get_content()
    assert "changed in Settings" in text and "If this wasn't you, reset your password" in text
    assert f"{settings.public_base_url}/auth" in text and "Forgot password" in text
    # A refused change sends nothing.
    wrong = ana.post("/api/users/password", json={"currentPassword": "not it at all", "newPassword": "another one"})
    assert wrong.status_code == 400
    assert len(_mails(outbox, "ana@example.com", "password was changed")) == 1

    ana.post("/api/auth/forgot-password", json={"email": "ana@example.com"})
    token = last_reset_link(outbox, "ana@example.com").rsplit("/", 1)[1]
    reset = ana.post("/api/auth/reset-password", json={"token": token, "newPassword": "a third secret"})
    assert reset.status_code == 200, reset.text
    notices = _mails(outbox, "ana@example.com", "Your Reverie password was changed")
    assert len(notices) == 2 and "reset with a link" in notices[-1].get_content()


def test_a_notice_that_cannot_be_sent_does_not_undo_the_change(ana, app, settings):
    async def broken(*args, **kwargs):
        raise ConnectionRefusedError("the mail server is down")

    app.state.mailer.send = broken
    done = ana.post("/api/users/password", json={"currentPassword": PASSWORD, "newPassword": "a new secret"})
    assert done.status_code == 200, done.text
    ana.post("/api/auth/logout")
    assert ana.post("/api/auth/login", json={"username": "ana", "password": "a new secret"}).status_code == 200
    # The code for a new address is another matter: without it the user cannot go on.
    refused = ana.post("/api/users/email", json={"newEmail": NEW, "currentPassword": "a new secret"})
    assert (refused.status_code, refused.json()["error"]) == (
        502, "The e-mail could not be sent. Please try again later.")


# -- changing the e-mail address (finding 10) ----------------------------------------------
def test_changing_the_email_address_with_a_code_sent_to_the_new_one(ana, app, settings):
    outbox = settings.outbox_dir
    asked = ana.post("/api/users/email", json={"newEmail": " Ana.New@Example.com ", "currentPassword": PASSWORD})
    assert asked.status_code == 200, asked.text
    assert asked.json() == {"email": NEW, "message": f"We sent a 6-digit code to {NEW}. Enter it here to confirm "
                                                     "the change."}
    code = _change_code(outbox, NEW)
    assert ana.get("/api/auth/me").json()["email"] == "ana@example.com"  # nothing changes before the code

    other_code = f"{(int(code) + 1) % 10**6:06d}"
    wrong = ana.post("/api/users/email/confirm", json={"newEmail": NEW, "verificationCode": other_code})
    assert (wrong.status_code, wrong.json()["error"], wrong.json()["attemptsLeft"]) == (
        400, "Invalid verification code", 4)
    # The code is bound to the address it was sent to.
    elsewhere = ana.post("/api/users/email/confirm",
                         json={"newEmail": "mallory@example.com", "verificationCode": code})
    assert elsewhere.status_code == 400
    short = ana.post("/api/users/email/confirm", json={"newEmail": NEW, "verificationCode": "12"})
    assert (short.status_code, short.json()["field"]) == (400, "verificationCode")
    assert ana.get("/api/auth/me").json()["email"] == "ana@example.com"

    done = ana.post("/api/users/email/confirm", json={"newEmail": NEW, "verificationCode": code})
    assert done.status_code == 200, done.text
    assert done.json()["user"]["email"] == NEW and ana.get("/api/auth/me").json()["email"] == NEW
    [notice] = _mails(outbox, "ana@example.com", "Your Reverie e-mail address was changed")
    assert f"from ana@example.com to {NEW}" in notice.get_content()
    again = ana.post("/api/users/email/confirm", json={"newEmail": NEW, "verificationCode": code})
    assert again.status_code == 400 and again.json()["needsNewCode"] is True  # used once

    ana.post("/api/auth/logout")
    assert ana.post("/api/auth/login", json={"username": "ana@example.com", "password": PASSWORD}).status_code == 401
    assert ana.post("/api/auth/login", json={"username": NEW, "password": PASSWORD}).status_code == 200
    ana.post("/api/auth/forgot-password", json={"email": "ana@example.com"})
    ana.post("/api/auth/forgot-password", json={"email": NEW})
    assert last_reset_link(outbox, NEW)
    with pytest.raises(AssertionError):
        last_reset_link(outbox, "ana@example.com")
    # The old address is free again.
    with app_client(app) as other:
        assert register(other, "bruno", "ana@example.com").status_code == 201


def test_an_email_change_is_refused_clearly_and_changes_nothing(ana, app, settings):
    outbox = settings.outbox_dir
    with app_client(app) as other:
        signed_up(other, outbox, "bruno", "bruno@example.com")
    cases = [
        ({"newEmail": NEW, "currentPassword": "not it at all"}, 400, "currentPassword",
         "Your current password is incorrect."),
        ({"newEmail": NEW, "currentPassword": ""}, 400, "currentPassword", "Your current password is incorrect."),
        ({"newEmail": NEW, "currentPassword": "x" * 5000}, 400, "currentPassword",
         "Your current password is incorrect."),
        ({"newEmail": "not-an-address", "currentPassword": PASSWORD}, 400, "newEmail",
         "Please enter a valid email address"),
        ({"newEmail": "ANA@example.com", "currentPassword": PASSWORD}, 400, "newEmail",
         "That is already your e-mail address."),
        ({"newEmail": "Bruno@Example.com", "currentPassword": PASSWORD}, 409, "newEmail",
         "That e-mail address belongs to another account."),
    ]
    for body, status, field, message in cases:
        refused = ana.post("/api/users/email", json=body)
        assert (refused.status_code, refused.json()["field"], refused.json()["error"]) == (status, field, message)
    assert ana.post("/api/users/email", json={"email": NEW}).status_code == 400  # unknown field
    assert not _mails(outbox, NEW, "") and not _mails(outbox, "bruno@example.com", "Confirm")
    assert ana.get("/api/auth/me").json()["email"] == "ana@example.com"


def test_an_address_taken_before_the_code_is_entered_is_a_conflict(ana, app, settings):
    outbox = settings.outbox_dir
    assert ana.post("/api/users/email", json={"newEmail": NEW, "currentPassword": PASSWORD}).status_code == 200
    code = _change_code(outbox, NEW)
    with app_client(app) as other:
        assert register(other, "carla", NEW).status_code == 201
    taken = ana.post("/api/users/email/confirm", json={"newEmail": NEW, "verificationCode": code})
    assert (taken.status_code, taken.json()["error"]) == (409, "That e-mail address belongs to another account.")
    assert ana.get("/api/auth/me").json()["email"] == "ana@example.com"
    assert not _mails(outbox, "ana@example.com", "e-mail address was changed")


def test_email_change_codes_are_rate_limited(ana):
    per_account = LIMITS["email_change"][1].attempts
    statuses = [ana.post("/api/users/email", json={"newEmail": f"ana{n}@example.com", "currentPassword": PASSWORD})
                .status_code for n in range(per_account + 1)]
    assert statuses == [200] * per_account + [429]
    limited = ana.post("/api/users/email", json={"newEmail": NEW, "currentPassword": PASSWORD})
    assert limited.status_code == 429 and int(limited.headers["retry-after"]) >= 1


def test_account_mails_go_over_smtp(smtp, settings):
    """The code and both notices through a real SMTP server, as every other mail."""
    app, sink = smtp
    with app_client(app) as client:
        user_id = register(client).json()["id"]
        code = verification_code(sink.messages[-1])
        verified = client.post("/api/auth/verify-email", json={"userId": user_id, "verificationCode": code})
        assert verified.status_code == 200, verified.text
        assert client.post("/api/auth/terms-agreement", json={"userId": user_id}).status_code == 200

        assert client.post("/api/users/password", json={"currentPassword": PASSWORD, "newPassword": "a new secret"}
                           ).status_code == 200
        notice = sink.messages[-1]
        assert (notice["To"], notice["Subject"]) == ("ana@example.com", "Your Reverie password was changed")
        assert re.search(r"If this wasn't you, reset your password now: open http\S+/auth", notice.get_content())

        assert client.post("/api/users/email", json={"newEmail": NEW, "currentPassword": "a new secret"}
                           ).status_code == 200
        code_mail = sink.messages[-1]
        assert (code_mail["To"], code_mail["Subject"]) == (NEW, "Confirm your new Reverie e-mail address")
        confirmed = client.post("/api/users/email/confirm",
                                json={"newEmail": NEW, "verificationCode": verification_code(code_mail)})
        assert confirmed.status_code == 200, confirmed.text
        changed = sink.messages[-1]
        assert (changed["To"], changed["Subject"]) == ("ana@example.com", "Your Reverie e-mail address was changed")
    assert not settings.outbox_dir.exists() or not list(settings.outbox_dir.glob("*.eml"))
