"""Who is calling, and may they: the session middleware and the guards.

Every route needs a signed-in, verified user who agreed to the terms, unless its handler says
otherwise with `opt`: `public=True` (no session), `allow_pending=True` (a session whose user has
not yet verified or agreed). Admin routes add the `admin_only` guard.
"""

from __future__ import annotations

import uuid
from typing import Any

from litestar.connection import ASGIConnection
from litestar.enums import ScopeType
from litestar.exceptions import NotAuthorizedException, PermissionDeniedException
from litestar.handlers.base import BaseRouteHandler
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Receive, Scope, Send

from api.accounts import rules
from api.accounts.schemas import UserOut
from api.accounts.sessions import resolve_session, resolve_session_for_read
from api.security.cookies import SESSION_COOKIE

PUBLIC_PATH_PREFIXES = ("/api/schema",)
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
READ_METHODS = frozenset({"GET", "HEAD"})  # the OpenAPI schema is public; the API itself is not
# Set in the request's scope when its database session runs on an autocommit connection: the app
# then closes that session without a commit (api/app.py, `database_session_finisher`).
AUTOCOMMIT_READ = "reverie_autocommit_read"


def token_from(scope: Scope) -> str | None:
    """The session token from `Authorization: Bearer` or the session cookie — never the query."""
    for name, value in scope.get("headers", []):
        if name == b"authorization":
            scheme, _, credentials = value.decode("latin-1").partition(" ")
            if scheme.lower() == "bearer" and credentials.strip():
                return credentials.strip()
    for name, value in scope.get("headers", []):
        if name == b"cookie":
            for part in value.decode("latin-1").split(";"):
                key, _, cookie_value = part.strip().partition("=")
                if key == SESSION_COOKIE and cookie_value:
                    return cookie_value
    return None


class SessionMiddleware(ASGIMiddleware):
    scopes = (ScopeType.HTTP,)

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        scope["user"] = None
        scope["auth"] = None
        token = token_from(scope) if scope["path"].startswith("/api/") else None
        if token:
            app = scope["litestar_app"]
            # The request's own database session (the one the handlers' services run on): one
            # connection per request, closed when the response starts.
            db = app.state.db_config.provide_session(app.state, scope)
            # A plain read writes nothing: the session's last-seen time is written at most once a
            # minute (TOUCH_INTERVAL), which keeps the idle expiry honest to within that minute.
            if scope["method"] in READ_METHODS:
                # A read runs its statements without BEGIN/COMMIT: two round trips fewer per request,
                # and nothing is lost, since under READ COMMITTED each statement takes its own
                # snapshot anyway. (The connection's mode is reset when it goes back to the pool.)
                await db.connection(execution_options={"isolation_level": "AUTOCOMMIT"})
                scope[AUTOCOMMIT_READ] = True  # type: ignore[typeddict-unknown-key]
                # Its user is plain values from one Core statement: a read changes no user.
                found = await resolve_session_for_read(db, app.state.settings, token)
            else:
                found = await resolve_session(db, app.state.settings, token)
            if found:
                user, session = found
                scope["user"], scope["auth"] = user, session if isinstance(session, uuid.UUID) else session.id
            else:
                scope.setdefault("state", {})["stale_session"] = True
        await next_app(scope, receive, send)


def pending_body(user: Any) -> dict[str, Any]:
    import msgspec

    return {
        "needsTermsAgreement": not user.agreed_to_terms,
        "needsVerification": not user.is_verified,
        "user": msgspec.to_builtins(UserOut.of(user)),
    }


# The guards are coroutines: Litestar runs a plain-function guard on a worker thread, a thread hop
# on every request for a check that never blocks.
async def access_guard(connection: ASGIConnection, handler: BaseRouteHandler) -> None:
    if handler.opt.get("public") or connection.scope["path"].startswith(PUBLIC_PATH_PREFIXES):
        return
    user = connection.scope.get("user")
    if user is None:
        raise NotAuthorizedException(rules.MSG_NOT_SIGNED_IN)
    if handler.opt.get("allow_pending"):
        return
    if not user.is_verified:
        raise PermissionDeniedException(rules.MSG_VERIFY_NEEDED, extra=pending_body(user))
    if not user.agreed_to_terms:
        raise PermissionDeniedException(rules.MSG_TERMS_NEEDED, extra=pending_body(user))
    if connection.scope["method"] in WRITE_METHODS:
        await connection.app.state.rate_limiter.check_user_write(user.id, connection.scope["method"],
                                                                 connection.scope["path"])


async def admin_only(connection: ASGIConnection, handler: BaseRouteHandler) -> None:
    user = connection.scope.get("user")
    if user is None:
        raise NotAuthorizedException(rules.MSG_NOT_SIGNED_IN)
    if not user.is_admin:
        raise PermissionDeniedException(rules.MSG_ADMIN_ONLY)
