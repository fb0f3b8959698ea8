"""Only the Host names Reverie is served under are answered (`PUBLIC_URL`'s host, the loopback
names and `ALLOWED_HOSTS`); any other Host gets a 400 before the app sees the request.

This closes DNS rebinding (a foreign name pointed at the app's address, where the browser treats
the app as the attacker's own origin) and any use of the Host header the app might make. Links in
e-mails never come from the Host header anyway: they are built from `PUBLIC_URL`.
"""

from __future__ import annotations

from litestar.enums import ScopeType
from litestar.exceptions import ClientException
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Receive, Scope, Send

MSG_BAD_HOST = "This address is not served here."


def host_name(value: str) -> str:
    """`example.com:8000` -> `example.com`; `[::1]:8000` -> `::1`; lower case."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:].split("]", 1)[0]
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


class AllowedHostsMiddleware(ASGIMiddleware):
    scopes = (ScopeType.HTTP, ScopeType.WEBSOCKET)

    def __init__(self, allowed: frozenset[str]) -> None:
        self.allowed = frozenset(host_name(h) for h in allowed)
        self.any = "*" in self.allowed

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        if not self.any:
            host = next((v for k, v in scope.get("headers", []) if k == b"host"), b"").decode("latin-1")
            if host_name(host) not in self.allowed:
                raise ClientException(MSG_BAD_HOST)
        await next_app(scope, receive, send)
