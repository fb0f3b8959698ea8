"""Accounts as the tests make them: register, read the code or the reset link from the outbox,
verify, agree. Works with any client that has `.post` (Litestar's TestClient, an httpx.Client of
a running server)."""

from __future__ import annotations

import email
import re
from email import policy
from pathlib import Path

PASSWORD = "correct horse battery staple"


def outbox_messages(outbox: Path) -> list[email.message.EmailMessage]:
    if not outbox.exists():
        return []
    return [
        email.message_from_bytes(path.read_bytes(), policy=policy.default)  # type: ignore[misc]
        for path in sorted(outbox.glob("*.eml"))
    ]


def verification_code(message: email.message.EmailMessage) -> str:
    """The six-digit code in a verification mail."""
    return re.search(r"\b(\d{6})\b", message.get_content()).group(1)


def last_code(outbox: Path, to: str) -> str:
    for message in reversed(outbox_messages(outbox)):
        if message["To"].lower() == to.lower() and "verification code" in message["Subject"]:
            return verification_code(message)
    raise AssertionError(f"no verification code was sent to {to}")


def last_reset_link(outbox: Path, to: str) -> str:
    for message in reversed(outbox_messages(outbox)):
        if message["To"].lower() == to.lower() and "Reset" in message["Subject"]:
            return re.search(r"(http\S+/auth/reset-password/\S+)", message.get_content()).group(1)
    raise AssertionError(f"no reset link was sent to {to}")


def register(client, username: str = "ana", email_address: str = "ana@example.com", password: str = PASSWORD,
             **extra):
    body = {
        "username": username,
        "email": email_address,
        "password": password,
        "journalingExperience": "beginner",
        "journalingPreferences": {"status": "yes", "frequency": "daily"},
        **extra,
    }
    return client.post("/api/auth/register", json=body)


def signed_up(client, outbox: Path, username: str = "ana", email_address: str = "ana@example.com",
              password: str = PASSWORD, agree: bool = True) -> dict:
    """A verified user who agreed to the terms, signed in on `client`; returns the verify body."""
    registered = register(client, username, email_address, password)
    assert registered.status_code == 201, registered.text
    user_id = registered.json()["id"]
    verified = client.post(
        "/api/auth/verify-email", json={"userId": user_id, "verificationCode": last_code(outbox, email_address)}
    )
    assert verified.status_code == 200, verified.text
    if agree:
        agreed = client.post("/api/auth/terms-agreement", json={"userId": user_id})
        assert agreed.status_code == 200, agreed.text
    return verified.json()


def make_user(api, outbox: Path, username: str = "ana", email_address: str = "ana@example.com",
              password: str = PASSWORD) -> str:
    """A user made through a running server's API as a person makes one (the sign-up form sends no
    journaling experience): register, verify with the e-mailed code, agree. `api` is an
    httpx.Client of the server; it is left signed in as the user. Returns the user's id."""
    registered = api.post("/api/auth/register", json={
        "username": username, "email": email_address, "password": password,
        "journalingPreferences": {"status": "yes", "frequency": "daily"},
    })
    assert registered.status_code == 201, registered.text
    user_id = registered.json()["id"]
    code = last_code(outbox, email_address)
    verified = api.post("/api/auth/verify-email", json={"userId": user_id, "verificationCode": code})
    assert verified.status_code == 200, verified.text
    agreed = api.post("/api/auth/terms-agreement", json={"userId": user_id})
    assert agreed.status_code == 200, agreed.text
    return user_id
