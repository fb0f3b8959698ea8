"""One JSON error shape for every error: `{"error": "<message>"}` plus detail where useful.

A 500 is always a bug: it is logged with its traceback under the request id, and the client gets
only the id, never the traceback.
"""

from __future__ import annotations

from typing import Any

from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.status_codes import HTTP_500_INTERNAL_SERVER_ERROR

from api.logging import get_logger

log = get_logger("reverie.errors")


def error_response(status_code: int, message: str, headers: dict[str, str] | None = None, **extra: Any) -> Response:
    body: dict[str, Any] = {"error": message}
    body.update({key: value for key, value in extra.items() if value is not None})
    return Response(content=body, status_code=status_code, headers=headers, media_type="application/json")


def _request_id(request: Request) -> str | None:
    return request.scope.get("state", {}).get("request_id")


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
    return error_response(400, message, field=field, detail=problems or None)


def handle_http_error(request: Request, exc: HTTPException) -> Response:
    if exc.status_code == HTTP_500_INTERNAL_SERVER_ERROR:
        return handle_internal_error(request, exc)
    extra = exc.extra if isinstance(exc.extra, dict) else {}
    response = error_response(exc.status_code, exc.detail, headers=exc.headers, **extra)
    if exc.status_code == 401 and request.scope.get("state", {}).get("stale_session"):
        # The session the browser holds is gone: forget its cookies, so the app stops asking.
        from api.auth.cookies import cleared_session_cookies

        response.cookies.extend(cleared_session_cookies(request))
    return response


def handle_internal_error(request: Request, exc: Exception) -> Response:
    request_id = _request_id(request)
    log.error(
        "unhandled_error",
        request_id=request_id,
        method=request.method,
        path=request.url.path,
        exc_info=exc,
    )
    return error_response(HTTP_500_INTERNAL_SERVER_ERROR, "Internal server error", requestId=request_id)


EXCEPTION_HANDLERS = {
    ValidationException: handle_validation_error,
    HTTPException: handle_http_error,
    Exception: handle_internal_error,
}
