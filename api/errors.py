"""One JSON error shape for every error: `{"error": "<message>"}` plus detail where useful.

A 500 is always a bug: it is logged with its traceback under the request id, and the client gets
only the id, never the traceback.

The OpenAPI schema documents that shape (`ErrorOut`) for the error statuses each operation can
answer: `documented_errors` on a controller adds the ones every route shares (400 for input,
401/403 for the session, 404 for an id in the path), and a handler lists its own others with
`responses=error_responses(...)`.
"""

from __future__ import annotations

import inspect
from typing import Any

import msgspec
from advanced_alchemy.exceptions import NotFoundError
from litestar import Request, Response
from litestar.exceptions import ClientException, HTTPException, SerializationException, ValidationException
from litestar.handlers import HTTPRouteHandler
from litestar.openapi import ResponseSpec
from litestar.status_codes import HTTP_500_INTERNAL_SERVER_ERROR
from sqlalchemy.exc import TimeoutError as PoolTimeout

from api.dependencies import DEPENDENCIES
from api.logging import get_logger

log = get_logger("reverie.errors")
MSG_NOT_JSON = "The request body is not valid JSON."


class FieldError(ClientException):
    """400 with the spec's message for one field."""

    def __init__(self, field: str, message: str, **extra: Any) -> None:
        super().__init__(detail=message, extra={"field": field, **extra})


class Conflict(HTTPException):
    status_code = 409


def error_response(status_code: int, message: str, headers: dict[str, str] | None = None, **extra: Any) -> Response:
    body: dict[str, Any] = {"error": message}
    body.update({key: value for key, value in extra.items() if value is not None})
    return Response(content=body, status_code=status_code, headers=headers, media_type="application/json")


def _request_id(request: Request) -> str | None:
    return request.scope.get("state", {}).get("request_id")


def _identified(request: Request, response: Response) -> Response:
    """The request id on an error response too: an error raised by a middleware is answered
    outside the request-id middleware's reach."""
    request_id = _request_id(request)
    if request_id:
        response.headers.setdefault("X-Request-ID", request_id)
    return response


def handle_validation_error(request: Request, exc: ValidationException) -> Response:
    """400 for malformed or invalid input, naming the field at fault."""
    problems = exc.extra if isinstance(exc.extra, list) else []
    field = None
    message = exc.detail or "Invalid request"
    if problems and isinstance(problems[0], dict):
        field = problems[0].get("key")
        first = problems[0].get("message")
        if first:
            message = f"{first}" if not field else f"Invalid value for '{field}': {first}"
    elif message.startswith("Validation failed for"):
        message = "Invalid request"
    return _identified(request, error_response(400, message, field=field, detail=problems or None))


def handle_http_error(request: Request, exc: HTTPException) -> Response:
    if exc.status_code == HTTP_500_INTERNAL_SERVER_ERROR:
        return handle_internal_error(request, exc)
    extra = exc.extra if isinstance(exc.extra, dict) else {}
    # A body the JSON decoder could not read: said in the app's words, not the decoder's
    # ("Input data was truncated", "Number out of range").
    detail = MSG_NOT_JSON if isinstance(exc.__cause__, SerializationException) else exc.detail
    response = error_response(exc.status_code, detail, headers=exc.headers, **extra)
    if exc.status_code == 401 and request.scope.get("state", {}).get("stale_session"):
        # The session the browser holds is gone: forget its cookies, so the app stops asking.
        from api.security.cookies import cleared_session_cookies

        response.cookies.extend(cleared_session_cookies(request.app.state.settings))
    return _identified(request, response)


def handle_not_found(request: Request, exc: NotFoundError) -> Response:
    """A row that is not the signed-in user's, or not there at all: the domain's message."""
    return _identified(request, error_response(404, exc.detail or "Not found"))


def handle_internal_error(request: Request, exc: Exception) -> Response:
    request_id = _request_id(request)
    log.error(
        "unhandled_error",
        request_id=request_id,
        method=request.method,
        path=request.url.path,
        exc_info=exc,
    )
    return _identified(request, error_response(HTTP_500_INTERNAL_SERVER_ERROR, "Internal server error",
                                               requestId=request_id))


MSG_BUSY = "Reverie is busy right now. Please try again in a moment."
BUSY_RETRY_AFTER_SECONDS = 5


def handle_pool_timeout(request: Request, exc: PoolTimeout) -> Response:
    """Every database connection stayed busy for the pool's whole timeout: the service is
    overloaded, not broken. A 503 with Retry-After tells clients to come back."""
    log.warning("database_pool_exhausted", request_id=_request_id(request), path=request.url.path)
    return _identified(request, error_response(503, MSG_BUSY, headers={"Retry-After": str(BUSY_RETRY_AFTER_SECONDS)},
                                               retryAfter=BUSY_RETRY_AFTER_SECONDS))


class ErrorOut(msgspec.Struct, rename="camel", kw_only=True):
    """Every error body. Some errors add more detail next to these (e.g. `needsVerification`)."""

    error: str
    # The request field at fault, for input errors.
    field: str | None = None
    # For malformed input: each problem with its `key`, `message` and `source`.
    detail: list[dict[str, Any]] | None = None
    # For 429: the seconds to wait (also in the Retry-After header).
    retry_after: int | None = None
    # For 500: the id under which the error was logged.
    request_id: str | None = None


ERROR_DESCRIPTIONS = {
    400: "Invalid input: `error` says what is wrong and `field` names the field at fault",
    401: "Not signed in, or the session has ended",
    403: "Not allowed: e-mail not verified, terms not agreed, or not available to this user",
    404: "Not found among the signed-in user's own data",
    409: "Conflicts with existing data",
    413: "The upload is too large",
    429: "Too many attempts: wait `retryAfter` seconds",
    502: "An outside service (e-mail) failed",
    503: "Temporarily unavailable",
}


def error_responses(*codes: int) -> dict[int, ResponseSpec]:
    return {
        code: ResponseSpec(ErrorOut, description=ERROR_DESCRIPTIONS[code], generate_examples=False)
        for code in codes
    }


# Parameters the framework provides, as opposed to input the client sends: its own, and the app's
# dependencies (api/dependencies.py).
_PROVIDED = frozenset({"self", "request", "db_session", "state", "scope", "socket"})


def documented_errors(controller: type) -> type:
    """Documents on each route of `controller` the errors every route of its kind can answer."""
    for handler in vars(controller).values():
        if not isinstance(handler, HTTPRouteHandler):
            continue
        codes: list[int] = []
        injected = set(vars(controller).get("dependencies") or ()) | set(DEPENDENCIES)
        if set(inspect.signature(handler.fn).parameters) - _PROVIDED - injected:
            codes.append(400)
        if not handler.opt.get("public"):
            codes.append(401)
            if not handler.opt.get("allow_pending"):
                codes.append(403)
        if any("{" in path for path in (*handler.paths, getattr(controller, "path", ""))):
            codes.append(404)
        handler.responses = {**error_responses(*codes), **(handler.responses or {})}
    return controller


EXCEPTION_HANDLERS = {
    ValidationException: handle_validation_error,
    NotFoundError: handle_not_found,
    PoolTimeout: handle_pool_timeout,
    HTTPException: handle_http_error,
    Exception: handle_internal_error,
}
