"""Cross-site request forgery defence for cookie-authenticated requests.

A state-changing `/api` request must carry the `X-Requested-With` header, unless it
authenticates with `Authorization: Bearer` (which a foreign site cannot attach). A cross-site
HTML form cannot set a custom header, and a cross-site script cannot send one without a CORS
preflight, which this app never grants. A present `Origin` must also be our own: scheme, host and
port (`own_origins`).
The session cookie is SameSite=Lax as a second layer.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from litestar.enums import ScopeType
from litestar.exceptions import PermissionDeniedException
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Receive, Scope, Send

CSRF_HEADER = "x-requested-with"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
MSG_CSRF = "This request was refused because it did not come from the Reverie app."


def own_origins(scope: Scope, host: str) -> set[str]:
    """The origins the app is served from: the request's own scheme and Host, https on that Host
    (a TLS proxy in front, which this process sees as http) and PUBLIC_URL's origin when set."""
    origins = {f"{scope.get('scheme', 'http')}://{host}", f"https://{host}"}
    public_url = scope["app"].state.settings.public_url
    if public_url:
        parts = urlsplit(public_url)
        origins.add(f"{parts.scheme}://{parts.netloc}".lower())
    return origins


class CSRFMiddleware(ASGIMiddleware):
    scopes = (ScopeType.HTTP,)

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        if scope["method"] in SAFE_METHODS or not scope["path"].startswith("/api/"):
            await next_app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        if headers.get("authorization", "").lower().startswith("bearer "):
            await next_app(scope, receive, send)
            return
        origin = headers.get("origin")
        host = headers.get("host", "")
        origin_ok = origin is None or origin.lower() in own_origins(scope, host.lower())
        if not headers.get(CSRF_HEADER) or not origin_ok:
            raise PermissionDeniedException(MSG_CSRF)
        await next_app(scope, receive, send)
