"""Outgoing e-mail: SMTP when SMTP_HOST is set, otherwise `.eml` files in `<data dir>/outbox/`
(and the verification code in the log), so the default install works with no mail server."""

from __future__ import annotations

import os
import smtplib
import ssl
import unicodedata
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from typing import NamedTuple

import anyio

from api.logging import get_logger
from api.settings import Settings

log = get_logger("reverie.mail")


class Attachment(NamedTuple):
    """A file sent with a message: its name, its content type ("application/pdf") and its bytes."""

    filename: str
    content_type: str
    data: bytes


def header_text(value: str) -> str:
    """A header value on one line: line breaks and other control characters (a full name typed
    with a newline, say) become spaces, so no value can end a header or fail the message."""
    return " ".join("".join(" " if unicodedata.category(c) == "Cc" else c for c in value).split())


class Mailer:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def _message(self, to: str, subject: str, text: str,
                 attachments: Sequence[Attachment | tuple[str, str, bytes]] = ()) -> EmailMessage:
        message = EmailMessage()
        message["From"] = self.settings.smtp_from
        message["To"] = header_text(to)
        message["Subject"] = header_text(subject)
        message["Date"] = format_datetime(datetime.now(UTC))
        message["Message-ID"] = make_msgid(domain="reverie.local")
        message.set_content(text)
        for filename, content_type, data in attachments:
            maintype, _, subtype = content_type.partition("/")
            message.add_attachment(data, maintype=maintype, subtype=subtype or "octet-stream", filename=filename)
        return message

    async def send(self, to: str, subject: str, text: str, *, log_fields: dict[str, str] | None = None,
                   attachments: Sequence[Attachment | tuple[str, str, bytes]] = ()) -> None:
        """Send (or write to the outbox) a plain-text message, with optional attachments given as
        (filename, content type, bytes)."""
        message = self._message(to, subject, text, attachments)
        if self.settings.smtp_host:
            await anyio.to_thread.run_sync(self._send_smtp, message)
            log.info("mail_sent", subject=subject)
        else:
            path = await anyio.to_thread.run_sync(self._write_outbox, message)
            # No mail server: the log is where the person running Reverie finds the code.
            log.info("mail_written_to_outbox", subject=subject, to=to, path=str(path), **(log_fields or {}))

    def _send_smtp(self, message: EmailMessage) -> None:
        s = self.settings
        assert s.smtp_host
        if s.smtp_port == 465:
            client: smtplib.SMTP = smtplib.SMTP_SSL(s.smtp_host, s.smtp_port, timeout=20, context=ssl.create_default_context())
        else:
            client = smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=20)
        with client:
            client.ehlo()
            if s.smtp_port != 465 and client.has_extn("starttls"):
                client.starttls(context=ssl.create_default_context())
                client.ehlo()
            if s.smtp_user and s.smtp_password:
                client.login(s.smtp_user, s.smtp_password)
            client.send_message(message)

    def _write_outbox(self, message: EmailMessage):
        outbox = self.settings.outbox_dir
        # Only the account running Reverie may read the outbox: it holds codes and reset links.
        outbox.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(outbox, 0o700)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
        path = outbox / f"{stamp}-{uuid.uuid4().hex[:8]}.eml"
        # Written whole, then renamed into place: whoever reads the outbox never sees half a message.
        partial = path.with_suffix(".part")
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(bytes(message))
        partial.replace(path)
        return path
