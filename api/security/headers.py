"""Security headers on every response: no framing by other sites, no MIME sniffing, no referrer
sent to other sites, and a Content-Security-Policy that lets the app load only its own code.

API answers that set no Cache-Control of their own get `no-store`.

They are added by a `before_send` hook of the app (`SecurityHeaders`), not a middleware: a
middleware runs around route handlers only, so the router's own 404 and 405 went out without them.

The web app's one inline script (the theme, applied before first paint) is allowed by its hash,
read from the built `index.html`, so no other inline script can run.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

from litestar.types import Message, Scope

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


# An API answer holds the user's data: kept off the browser's disk (a shared computer keeps nothing
# after sign-out), unless the route says otherwise. The lists the screens poll (entries, tasks,
# insights: api/paging.py) say "private, no-cache" with an ETag, so a poll is a cheap 304.
NO_STORE = (b"cache-control", b"no-store")


class SecurityHeaders:
    """The app's `before_send` hook: each response start gets the headers it does not set itself."""

    def __init__(self, web_dist: Path) -> None:
        csp = content_security_policy(inline_script_hashes(web_dist / "index.html"))
        self.headers = [
            (b"x-frame-options", b"DENY"),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"same-origin"),
            (b"content-security-policy", csp.encode()),
            (b"cross-origin-opener-policy", b"same-origin"),
        ]

    async def __call__(self, message: Message, scope: Scope) -> None:
        if message["type"] == "http.response.start":
            present = {name.lower() for name, _ in message.get("headers", [])}
            added = [h for h in self.headers if h[0] not in present]
            if scope.get("path", "").startswith("/api/") and b"cache-control" not in present:
                added.append(NO_STORE)
            message["headers"] = [*message.get("headers", []), *added]
