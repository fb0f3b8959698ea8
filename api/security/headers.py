"""Security headers on every response: no framing by other sites, no MIME sniffing, no referrer
sent to other sites, and a Content-Security-Policy that lets the app load only its own code.

The web app's one inline script (the theme, applied before first paint) is allowed by its hash,
read from the built `index.html`, so no other inline script can run.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

from litestar.enums import ScopeType
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Message, Receive, Scope, Send

_INLINE_SCRIPT = re.compile(rb"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.S | re.I)


def inline_script_hashes(index_html: Path) -> list[str]:
    """CSP source expressions for each inline script of the built web app."""
    try:
        html = index_html.read_bytes()
    except OSError:
        return []
    return [f"'sha256-{base64.b64encode(hashlib.sha256(body).digest()).decode()}'"
            for body in _INLINE_SCRIPT.findall(html)]


def content_security_policy(script_hashes: list[str]) -> str:
    return "; ".join((
        "default-src 'self'",
        "script-src " + " ".join(["'self'", *script_hashes]),
        # React and the UI primitives set element styles; style attributes need this.
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ))


class SecurityHeadersMiddleware(ASGIMiddleware):
    scopes = (ScopeType.HTTP,)

    def __init__(self, web_dist: Path) -> None:
        csp = content_security_policy(inline_script_hashes(web_dist / "index.html"))
        self.headers = [
            (b"x-frame-options", b"DENY"),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"same-origin"),
            (b"content-security-policy", csp.encode()),
            (b"cross-origin-opener-policy", b"same-origin"),
        ]

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *(h for h in self.headers if h[0] not in present)]
            await send(message)

        await next_app(scope, receive, send_with_headers)
