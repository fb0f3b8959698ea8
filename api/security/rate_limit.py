"""Fixed-window rate limits, per client address and per account, answered with 429 + Retry-After.

Counters live in a store every app process shares (`api/security/counters.py`): PostgreSQL by
default (the `rate_limit_counters` table), Redis when `REDIS_URL` is set; each check is one round
trip to it. A limiter built with no store counts in its own process's memory (tests use that for
fresh counters).
"""

from __future__ import annotations

import hashlib
import ipaddress
import math
import time
import uuid
from dataclasses import dataclass

from litestar import Request
from litestar.exceptions import HTTPException

from api.security.counters import Counters, MemoryCounters

# What was limited, by action; the 429's text goes on to say when to try again (`too_many`).
MSG_LIMITED = {
    "login": "Too many sign-in attempts.",
    "register": "Too many sign-up attempts.",
    "verify": "Too many verification attempts.",
    "resend": "Too many requests for a new code.",
    "forgot": "Too many password reset requests.",
    "reset": "Too many password reset attempts.",
    "email_change": "Too many attempts to change your email address.",
    "change_password": "Too many attempts to change your password.",
    "delete_account": "Too many attempts to delete your account.",
    "therapist_report": "Too many reports.",
    "promo_code": "Too many promotional code attempts.",
    "write": "You have made a lot of changes in a short time.",
    "entry": "You have written a lot of entries in a short time.",
}


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
    # A signed-in change of e-mail address: each request checks the password and mails a code.
    "email_change": (Limit(10, 60 * 60), Limit(5, 60 * 60)),
    # A signed-in change of password: the current password cannot be found by trying many.
    "change_password": (Limit(20, 15 * 60), Limit(10, 15 * 60)),
    # Deleting one's own account checks the password: it cannot be found by trying many either.
    "delete_account": (Limit(20, 15 * 60), Limit(10, 15 * 60)),
    # Reports per day (the fixed window is the UTC day); the account is the user id.
    "therapist_report": (Limit(100, 24 * 60 * 60), Limit(5, 24 * 60 * 60)),
    # Early-access code attempts: a code cannot be found by trying many.
    "promo_code": (Limit(30, 60 * 60), Limit(10, 60 * 60)),
}
PER_CLIENT_ACCOUNT = frozenset({"login"})
# A sign-in that succeeds gives its attempt back (`clear_login_failures`): the limits are against
# guessing passwords, and a household or an office behind one address signing in often is not
# guessing. The per-client count so counts failed attempts: trying many accounts from one address
# stays limited, even with a successful sign-in to one's own between tries.
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


def _when(seconds: int) -> str:
    """"in 30 seconds", "in 12 minutes", "in 2 hours": the wait rounded up, in words."""
    if seconds < 60:
        amount, unit = seconds, "second"
    elif seconds <= 120 * 60:
        amount, unit = math.ceil(seconds / 60), "minute"
    else:
        amount, unit = math.ceil(seconds / 3600), "hour"
    return f"in {amount} {unit}{'' if amount == 1 else 's'}"


def too_many(action: str, seconds: int) -> str:
    """The 429's text: what was limited and when to try again."""
    return f"{MSG_LIMITED[action]} Please try again {_when(seconds)}."


class TooManyRequests(HTTPException):
    """429 naming what was limited and the wait, also as Retry-After and `retryAfter` (seconds)."""

    status_code = 429

    def __init__(self, action: str, retry_after: float) -> None:
        seconds = max(1, math.ceil(retry_after))
        super().__init__(detail=too_many(action, seconds), headers={"Retry-After": str(seconds)},
                         extra={"retryAfter": seconds})


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
    """One spelling per account (a UUID in any of its spellings is the same account), hashed: the
    shared counters never hold an email address or a username, so a deleted account leaves none."""
    text = value.strip().lower()
    try:
        text = str(uuid.UUID(text))
    except ValueError:
        pass
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class RateLimiter:
    def __init__(self, store: Counters | None = None) -> None:
        self.store = store or MemoryCounters()

    async def _waits(self, hits: list[tuple[str, Limit]]) -> list[float | None]:
        """Count one attempt on each key (one round trip for all); for each, the seconds to wait
        when it is over its limit, else None."""
        now = time.time()
        windows = [int(now // limit.window_seconds) for _, limit in hits]
        counts = await self.store.hit([(key, (window + 1) * limit.window_seconds)
                                       for (key, limit), window in zip(hits, windows, strict=True)], now)
        return [(window + 1) * limit.window_seconds - now if count > limit.attempts else None
                for (_, limit), window, count in zip(hits, windows, counts, strict=True)]

    async def _hits(self, hits: list[tuple[str, Limit]]) -> float | None:
        """Count one attempt on each key; the longest wait among those over their limit, else None."""
        waits = [w for w in await self._waits(hits) if w is not None]
        return max(waits) if waits else None

    async def check(self, action: str, request: Request, account: str | None = None) -> None:
        per_client, per_account = LIMITS[action]
        client = client_address(request)
        wait = await self._hits([(self._client_counter(action, client), per_client)])
        if wait is None and account:
            wait = await self._hits([(self._account_counter(action, account, client), per_account)])
        if wait is not None:
            raise TooManyRequests(action, wait)

    def _client_counter(self, action: str, client: str) -> str:
        return f"rl:{action}:ip:{client}"

    def _account_counter(self, action: str, account: str, client: str) -> str:
        scope = f"{client}:" if action in PER_CLIENT_ACCOUNT else ""
        return f"rl:{action}:acct:{scope}{account_key(account)}"

    async def check_user_write(self, user_id: object, method: str, path: str) -> None:
        """Per-user write limits (see USER_WRITE_LIMIT): 429 with Retry-After when over. Both of
        the user's counters are counted in one round trip."""
        hits = [(f"rl:write:{user_id}", USER_WRITE_LIMIT)]
        route = USER_ROUTE_LIMITS.get((method, path.rstrip("/")))
        if route is not None:
            hits.append((f"rl:write:{method}:{path.rstrip('/')}:{user_id}", route))
        waits = await self._waits(hits)
        if waits[-1] is not None and route is not None:
            raise TooManyRequests("entry", waits[-1])
        if waits[0] is not None:
            raise TooManyRequests("write", waits[0])

    # -- failed logins ---------------------------------------------------------------------
    def _failure_key(self, account: str, client: str) -> str:
        return f"lf:{account_key(account)}:{client}"

    async def check_login_backoff(self, account: str, client: str) -> None:
        found = await self.store.peek(self._failure_key(account, client), time.time())
        if found is None:
            return
        failures, last = found
        extra = failures - LOGIN_FAILURES_FREE
        if extra < 0:
            return
        wait = min(LOGIN_BACKOFF_MAX_SECONDS, LOGIN_BACKOFF_BASE_SECONDS * 2**extra) - (time.time() - last)
        if wait > 0:
            raise TooManyRequests("login", wait)

    async def record_login_failure(self, account: str, client: str) -> None:
        """One more failure; the count is forgotten LOGIN_FAILURE_WINDOW_SECONDS after the last."""
        now = time.time()
        await self.store.hit([(self._failure_key(account, client), now + LOGIN_FAILURE_WINDOW_SECONDS)], now)

    async def clear_login_failures(self, account: str, client: str) -> None:
        """A successful sign-in: the account's failures and attempts from this client start again
        at zero, and the client's own count (against trying many accounts) gets this attempt back."""
        await self.store.delete(self._failure_key(account, client))
        await self.store.delete(self._account_counter("login", account, client))
        await self.store.give_back(self._client_counter("login", client), time.time())

    async def close(self) -> None:
        await self.store.close()
