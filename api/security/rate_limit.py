"""Fixed-window rate limits, per client address and per account, answered with 429 + Retry-After.

Counters live in a Litestar store (memory by default: one app process, as the embedded install
runs). Several app processes would share a store such as Redis through the same interface.
"""

from __future__ import annotations

import ipaddress
import math
import time
import uuid
from dataclasses import dataclass

from litestar import Request
from litestar.exceptions import HTTPException
from litestar.stores.base import Store
from litestar.stores.memory import MemoryStore

MSG_TOO_MANY = "Too many attempts. Please wait a moment and try again."


@dataclass(frozen=True)
class Limit:
    attempts: int
    window_seconds: int


# action -> (per client address, per account). For the actions in PER_CLIENT_ACCOUNT the second
# limit counts an account's attempts from one client address, never from everywhere: strangers
# failing to sign in as someone must not lock the owner out.
LIMITS: dict[str, tuple[Limit, Limit]] = {
    "login": (Limit(30, 15 * 60), Limit(10, 15 * 60)),
    "register": (Limit(10, 60 * 60), Limit(5, 60 * 60)),
    "verify": (Limit(30, 15 * 60), Limit(15, 15 * 60)),
    "resend": (Limit(10, 60 * 60), Limit(5, 60 * 60)),
    "forgot": (Limit(10, 60 * 60), Limit(3, 60 * 60)),
    "reset": (Limit(20, 15 * 60), Limit(10, 15 * 60)),
    # Reports per day (the fixed window is the UTC day); the account is the user id.
    "therapist_report": (Limit(100, 24 * 60 * 60), Limit(5, 24 * 60 * 60)),
    # Early-access code attempts: a code cannot be found by trying many.
    "promo_code": (Limit(30, 60 * 60), Limit(10, 60 * 60)),
}
PER_CLIENT_ACCOUNT = frozenset({"login"})
# Writes of one signed-in user (per user id): any write, and new entries (each starts an analysis;
# bulk belongs to the import path, one request for many entries).
USER_WRITE_LIMIT = Limit(300, 60)
USER_ROUTE_LIMITS: dict[tuple[str, str], Limit] = {
    ("POST", "/api/journal"): Limit(60, 10 * 60),
}
# Failed logins of one account from one client: after this many, that client must wait, with
# the wait doubling per further failure. Other clients, and the owner's own signed-in devices,
# are not affected, so an attacker cannot lock the owner out.
LOGIN_FAILURES_FREE = 5
LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60
LOGIN_BACKOFF_BASE_SECONDS = 30
LOGIN_BACKOFF_MAX_SECONDS = 15 * 60


class TooManyRequests(HTTPException):
    status_code = 429

    def __init__(self, retry_after: float) -> None:
        seconds = max(1, math.ceil(retry_after))
        super().__init__(detail=MSG_TOO_MANY, headers={"Retry-After": str(seconds)}, extra={"retryAfter": seconds})


def _in(address: str, networks: frozenset[str]) -> bool:
    if address in networks:  # a peer that is a name, not an address (a test client, a socket)
        return True
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    for net in networks:
        try:
            if ip in ipaddress.ip_network(net, strict=False):
                return True
        except ValueError:
            continue
    return False


def client_address(request: Request) -> str:
    """The address rate limits count. The connection's own address, unless TRUST_FORWARDED_FOR
    is on and the connection comes from a trusted proxy: then the nearest address in
    X-Forwarded-For that is not itself a trusted proxy (the leftmost entries are whatever the
    client chose to send, so they are never taken on trust)."""
    settings = request.app.state.settings
    peer = request.client.host if request.client else "unknown"
    if settings.trust_forwarded_for and _in(peer, settings.trusted_proxies):
        hops = [h.strip() for h in ",".join(request.headers.getall("x-forwarded-for", [])).split(",") if h.strip()]
        for hop in reversed(hops):
            if not _in(hop, settings.trusted_proxies):
                return hop
    return peer


def account_key(value: str) -> str:
    """One spelling per account: a UUID in any of its spellings is the same account."""
    text = value.strip().lower()
    try:
        return str(uuid.UUID(text))
    except ValueError:
        return text


class RateLimiter:
    def __init__(self, store: Store | None = None) -> None:
        self.store = store or MemoryStore()

    async def _hit(self, key: str, limit: Limit) -> float | None:
        """Count one attempt; the seconds to wait when over the limit, else None."""
        window = int(time.time() // limit.window_seconds)
        bucket = f"{key}:{window}"
        count = int((await self.store.get(bucket)) or 0) + 1
        await self.store.set(bucket, str(count), expires_in=limit.window_seconds)
        if count > limit.attempts:
            return (window + 1) * limit.window_seconds - time.time()
        return None

    async def check(self, action: str, request: Request, account: str | None = None) -> None:
        per_client, per_account = LIMITS[action]
        client = client_address(request)
        wait = await self._hit(f"rl:{action}:ip:{client}", per_client)
        if wait is None and account:
            scope = f"{client}:" if action in PER_CLIENT_ACCOUNT else ""
            wait = await self._hit(f"rl:{action}:acct:{scope}{account_key(account)}", per_account)
        if wait is not None:
            raise TooManyRequests(wait)

    async def check_user_write(self, user_id: object, method: str, path: str) -> None:
        """Per-user write limits (see USER_WRITE_LIMIT): 429 with Retry-After when over."""
        wait = await self._hit(f"rl:write:{user_id}", USER_WRITE_LIMIT)
        route = USER_ROUTE_LIMITS.get((method, path.rstrip("/")))
        if wait is None and route is not None:
            wait = await self._hit(f"rl:write:{method}:{path.rstrip('/')}:{user_id}", route)
        if wait is not None:
            raise TooManyRequests(wait)

    # -- failed logins ---------------------------------------------------------------------
    def _failure_key(self, account: str, client: str) -> str:
        return f"lf:{account.lower()}:{client}"

    async def check_login_backoff(self, account: str, client: str) -> None:
        raw = await self.store.get(self._failure_key(account, client))
        if not raw:
            return
        failures, last = raw.decode().split(":")
        extra = int(failures) - LOGIN_FAILURES_FREE
        if extra < 0:
            return
        wait = min(LOGIN_BACKOFF_MAX_SECONDS, LOGIN_BACKOFF_BASE_SECONDS * 2**extra) - (time.time() - float(last))
        if wait > 0:
            raise TooManyRequests(wait)

    async def record_login_failure(self, account: str, client: str) -> None:
        key = self._failure_key(account, client)
        raw = await self.store.get(key)
        failures = int(raw.decode().split(":")[0]) + 1 if raw else 1
        await self.store.set(key, f"{failures}:{time.time()}", expires_in=LOGIN_FAILURE_WINDOW_SECONDS)

    async def clear_login_failures(self, account: str, client: str) -> None:
        await self.store.delete(self._failure_key(account, client))
