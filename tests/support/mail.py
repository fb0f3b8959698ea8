"""A real SMTP server on loopback (aiosmtpd) that keeps every message it receives."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Iterator
from email import message_from_bytes, policy


class SmtpSink:
    def __init__(self) -> None:
        self.messages = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"


@contextlib.contextmanager
def smtp_server() -> Iterator[tuple[SmtpSink, int]]:
    """Runs an SMTP server on a free loopback port; yields its sink and the port."""
    from aiosmtpd.controller import Controller

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    sink = SmtpSink()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield sink, port
    finally:
        controller.stop()
