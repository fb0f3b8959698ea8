"""Text that cannot be stored is refused at the door: a JSON body whose strings hold the NUL
character (U+0000) gets a 400 and changes nothing.

PostgreSQL's text type cannot hold NUL, so such a string would otherwise fail deep in a handler,
as a 500, after earlier writes of the same request. Every JSON route takes free text somewhere
(entries, resume, tasks, goals, profile...), so the check is one middleware rather than a rule
per field. The body is read once, checked only when it could contain NUL at all, and replayed to
the app unchanged.
"""

from __future__ import annotations

from typing import Any

import msgspec
from litestar.enums import ScopeType
from litestar.exceptions import ValidationException
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Message, Receive, Scope, Send

MSG_NUL = "Text cannot contain the NUL character (\\u0000)."
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def _holds_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_holds_nul(k) or _holds_nul(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_holds_nul(v) for v in value)
    return False


def body_holds_nul(body: bytes) -> bool:
    # JSON writes NUL as \u0000 (a raw NUL byte is invalid JSON, left to the app's own 400).
    if b"\\u0000" not in body:
        return False
    try:
        return _holds_nul(msgspec.json.decode(body))
    except msgspec.DecodeError:
        return False  # malformed JSON: the app answers it with its own 400


class RejectNulText(ASGIMiddleware):
    scopes = (ScopeType.HTTP,)

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        if scope["method"] not in BODY_METHODS or not scope["path"].startswith("/api/"):
            await next_app(scope, receive, send)
            return
        content_type = next((v for k, v in scope.get("headers", []) if k == b"content-type"), b"")
        if b"json" not in content_type.lower():
            await next_app(scope, receive, send)
            return
        messages: list[Message] = []
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request" or not message.get("more_body", False):
                break
        if body_holds_nul(b"".join(m.get("body", b"") for m in messages if m["type"] == "http.request")):
            raise ValidationException(MSG_NUL)

        async def replay() -> Message:
            return messages.pop(0) if messages else await receive()

        await next_app(scope, replay, send)
