"""One guard for every request body under /api, whatever its content type, before any handler runs.

- Size: a body over `MAX_BODY_BYTES` is refused with a 413 while it streams in (at once when its
  Content-Length says so), so no request is ever held in memory past the limit. Routes that take
  bigger bodies (photo uploads, multipart) keep their own streaming limit in Litestar.
- Text that cannot be stored: PostgreSQL's text type cannot hold NUL (U+0000), so a body holding it
  anywhere is a 400 and changes nothing: raw in a text body or one without a content type,
  escaped in a JSON string, or inside JSON that a string field carries (mood, relatedGoals...).
- Malformed JSON that would crash the decoder rather than fail it: bytes that are not UTF-8, and
  nesting deeper than `MAX_JSON_DEPTH` (the decoder recurses; ~1,000 levels raised RecursionError).
- Values of the wrong JSON type: a JSON body for a handler whose `data` is a msgspec Struct is
  decoded against it strictly first. Litestar converts bodies leniently (`strict=False`), which turns
  `{"isAdmin": "true"}` or `1` into True and `"30"` into 30; here they are a 400 naming the field,
  in the words Litestar uses for the values it does refuse.

The body is read once and replayed to the app unchanged. A body that is plainly valid (no NUL
escape, few brackets, valid UTF-8) costs one scan and no decode.
"""

from __future__ import annotations

from typing import Any

import msgspec
from litestar.enums import ScopeType
from litestar.exceptions import ClientException, ValidationException
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Message, Receive, Scope, Send

MSG_NUL = "Text cannot contain the NUL character (\\u0000)."
MSG_NOT_UTF8 = "The request body must be UTF-8 text."
MSG_TOO_DEEP = "The request body is nested too deeply."
MSG_BODY_TOO_LARGE = "The request is too large."
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MAX_BODY_BYTES = 10 * 1024 * 1024
MAX_JSON_DEPTH = 32
# Content types Litestar streams to the handler itself, under each route's own size limit.
STREAMED_TYPES = (b"multipart/form-data", b"application/x-www-form-urlencoded")


class BodyTooLarge(ClientException):
    status_code = 413


def _holds_nul(value: Any, depth: int = 0) -> bool:
    if isinstance(value, str):
        if "\x00" in value:
            return True
        # JSON carried in a string field (the web app sends mood and related goals that way).
        text = value.lstrip()
        if depth < 2 and text[:1] in ("{", "[", '"') and "\\u0000" in text:
            try:
                return _holds_nul(msgspec.json.decode(text), depth + 1)
            except (msgspec.DecodeError, RecursionError):
                return False
        return False
    if isinstance(value, dict):
        return any(_holds_nul(k, depth) or _holds_nul(v, depth) for k, v in value.items())
    if isinstance(value, list):
        return any(_holds_nul(v, depth) for v in value)
    return False


def _depth(value: Any) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            if deepest > MAX_JSON_DEPTH:
                return deepest
            stack.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def check_body(body: bytes) -> None:
    """Raise a 400 for a body the app must not try to store or decode (see the module docstring)."""
    if not body:
        return
    if b"\x00" in body:
        raise ValidationException(MSG_NUL)
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        raise ValidationException(MSG_NOT_UTF8) from None
    deep = body.count(b"[") + body.count(b"{") > MAX_JSON_DEPTH
    if not deep and b"\\u0000" not in body:
        return
    try:
        decoded = msgspec.json.decode(body)
    except RecursionError:
        raise ValidationException(MSG_TOO_DEEP) from None
    except msgspec.DecodeError:
        if b"\\u0000" in body:  # not JSON, so the escape is the text itself: harmless
            return
        return  # malformed JSON: the app answers it with its own 400
    if deep and _depth(decoded) > MAX_JSON_DEPTH:
        raise ValidationException(MSG_TOO_DEEP)
    if _holds_nul(decoded):
        raise ValidationException(MSG_NUL)


def _struct_of(scope: Scope) -> type[msgspec.Struct] | None:
    """The msgspec Struct the route's handler takes as its JSON body, if it takes one."""
    handler = scope.get("route_handler")
    field = getattr(handler, "parsed_data_field", None)
    annotation = getattr(field, "annotation", None)
    return annotation if isinstance(annotation, type) and issubclass(annotation, msgspec.Struct) else None


def check_types(body: bytes, struct: type[msgspec.Struct]) -> None:
    """Raise a 400 when the JSON `body` does not hold `struct`'s fields with their own JSON types.
    Malformed JSON and unknown fields are left to the app's decoding, which answers them."""
    try:
        msgspec.json.decode(body, type=struct, strict=True)
    except msgspec.ValidationError as exc:
        problem, _, where = str(exc).partition(" - at `$")
        key = where.rstrip("`").lstrip(".") if where else None
        if not key or problem.startswith("Object contains unknown field"):
            return
        raise ValidationException(detail="Validation failed", extra=[
            {"key": key, "message": problem, "source": "body"}]) from None
    except (msgspec.DecodeError, TypeError, RecursionError):
        return


class RejectNulText(ASGIMiddleware):
    """The body guard (its old name kept: it began as the NUL check)."""

    scopes = (ScopeType.HTTP,)

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        if scope["method"] not in BODY_METHODS or not scope["path"].startswith("/api/"):
            await next_app(scope, receive, send)
            return
        headers = dict(scope.get("headers", []))
        if headers.get(b"content-type", b"").lower().startswith(STREAMED_TYPES):
            await next_app(scope, receive, send)
            return
        try:
            declared = int(headers.get(b"content-length", b"0") or 0)
        except ValueError:
            declared = 0
        if declared > MAX_BODY_BYTES:
            raise BodyTooLarge(MSG_BODY_TOO_LARGE)
        messages: list[Message] = []
        size = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            size += len(message.get("body", b""))
            if size > MAX_BODY_BYTES:
                raise BodyTooLarge(MSG_BODY_TOO_LARGE)
            if not message.get("more_body", False):
                break
        body = b"".join(m.get("body", b"") for m in messages if m["type"] == "http.request")
        check_body(body)
        struct = _struct_of(scope)
        if body and struct is not None and headers.get(b"content-type", b"application/json").lower().startswith(
                b"application/json"):
            check_types(body, struct)

        async def replay() -> Message:
            return messages.pop(0) if messages else await receive()

        await next_app(scope, replay, send)
