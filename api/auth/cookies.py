"""The session cookies: the HttpOnly session token, and a readable flag that one exists."""

from __future__ import annotations

from litestar import Request
from litestar.datastructures import Cookie

from api.auth.access import SESSION_COOKIE, SIGNED_IN_COOKIE


def session_cookies(request: Request, token: str) -> list[Cookie]:
    settings = request.app.state.settings
    common = {"path": "/", "samesite": "lax", "secure": settings.session_cookie_secure,
              "max_age": settings.session_max_age_hours * 3600}
    return [
        Cookie(key=SESSION_COOKIE, value=token, httponly=True, **common),  # type: ignore[arg-type]
        Cookie(key=SIGNED_IN_COOKIE, value="1", httponly=False, **common),  # type: ignore[arg-type]
    ]


def cleared_session_cookies(request: Request) -> list[Cookie]:
    secure = request.app.state.settings.session_cookie_secure
    return [
        Cookie(key=SESSION_COOKIE, value="", path="/", httponly=True, samesite="lax", max_age=0, secure=secure),
        Cookie(key=SIGNED_IN_COOKIE, value="", path="/", httponly=False, samesite="lax", max_age=0, secure=secure),
    ]
