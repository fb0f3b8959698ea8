"""The session cookies: the HttpOnly session token, and a readable flag that one exists."""

from __future__ import annotations

from litestar.datastructures import Cookie

from api.settings import Settings

SESSION_COOKIE = "reverie_session"
# Not a secret: tells the web app a session cookie exists (it cannot read the HttpOnly one), so a
# visitor's page load makes no session call that can only fail.
SIGNED_IN_COOKIE = "reverie_signed_in"


def session_cookies(settings: Settings, token: str) -> list[Cookie]:
    common = {"path": "/", "samesite": "lax", "secure": settings.session_cookie_secure,
              "max_age": settings.session_max_age_hours * 3600}
    return [
        Cookie(key=SESSION_COOKIE, value=token, httponly=True, **common),  # type: ignore[arg-type]
        Cookie(key=SIGNED_IN_COOKIE, value="1", httponly=False, **common),  # type: ignore[arg-type]
    ]


def cleared_session_cookies(settings: Settings) -> list[Cookie]:
    secure = settings.session_cookie_secure
    return [
        Cookie(key=SESSION_COOKIE, value="", path="/", httponly=True, samesite="lax", max_age=0, secure=secure),
        Cookie(key=SIGNED_IN_COOKIE, value="", path="/", httponly=False, samesite="lax", max_age=0, secure=secure),
    ]
