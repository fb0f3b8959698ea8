"""E-mail over a real SMTP server on loopback (aiosmtpd): the messages it receives carry the code
and the reset link; nothing goes to the outbox when SMTP is configured."""

from __future__ import annotations

import re

from tests.support.accounts import PASSWORD, register, verification_code
from tests.support.app import app_client


def test_verification_and_reset_mail_go_over_smtp(smtp, settings):
    app, sink = smtp
    with app_client(app) as client:
        user_id = register(client).json()["id"]
        assert len(sink.messages) == 1
        message = sink.messages[0]
        assert message["To"] == "ana@example.com" and message["From"] == "Reverie <hello@reverie.test>"
        code = verification_code(message)
        verified = client.post("/api/auth/verify-email", json={"userId": user_id, "verificationCode": code})
        assert verified.status_code == 200

        client.post("/api/auth/forgot-password", json={"email": "ana@example.com"})
        reset_mail = sink.messages[-1]
        link = re.search(r"(http\S+/auth/reset-password/(\S+))", reset_mail.get_content())
        # Built from PUBLIC_URL (here the default, the bound address), never from the request's Host.
        assert link and link.group(1).startswith(f"{settings.public_base_url}/auth/reset-password/")
        done = client.post("/api/auth/reset-password", json={"token": link.group(2), "newPassword": PASSWORD + "!"})
        assert done.status_code == 200
    assert not settings.outbox_dir.exists() or not list(settings.outbox_dir.glob("*.eml"))
