"""Rate-limit counters in the store every app process shares (issue 17): the same behaviour on
PostgreSQL (the default) and on a real Redis (REDIS_URL), and two limiters on one store (two
processes) count together."""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine

from api.security.counters import PostgresCounters, RedisCounters, shared_counters
from api.security.rate_limit import (
    LIMITS,
    LOGIN_FAILURES_FREE,
    USER_ROUTE_LIMITS,
    USER_WRITE_LIMIT,
    RateLimiter,
    TooManyRequests,
    too_many,
)
from tests.support.redis_server import redis_url  # noqa: F401  (the session fixture)


@pytest.fixture(params=["postgresql", "redis"])
def store_factory(request, database_url):
    """Builds stores on one shared backend: each call is another process's view of it."""
    made = []
    if request.param == "postgresql":
        engine = create_async_engine(database_url, poolclass=sa.pool.NullPool)

        def make():
            return PostgresCounters(engine)
    else:
        url = request.getfixturevalue("redis_url")
        prefix = f"t{time.monotonic_ns()}:"  # this test's own keys on the run's one server

        def make():
            store = RedisCounters(url)
            made.append(store)
            return _Prefixed(store, prefix)
    yield make
    if request.param == "postgresql":
        asyncio.run(engine.dispose())


class _Prefixed:
    """A Redis store whose keys carry this test's prefix (the server is shared by the run)."""

    def __init__(self, store, prefix):
        self.store, self.prefix = store, prefix

    async def hit(self, hits, now):
        return await self.store.hit([(self.prefix + k, e) for k, e in hits], now)

    async def peek(self, key, now):
        return await self.store.peek(self.prefix + key, now)

    async def give_back(self, key, now):
        await self.store.give_back(self.prefix + key, now)

    async def delete(self, key):
        await self.store.delete(self.prefix + key)

    async def close(self):
        await self.store.close()


def _request(address: str):
    settings = SimpleNamespace(trust_forwarded_for=False, trusted_proxies=frozenset())
    return SimpleNamespace(app=SimpleNamespace(state=SimpleNamespace(settings=settings)),
                           client=SimpleNamespace(host=address))


def _run(coroutine_function):
    """Each test's steps on one event loop (the async clients belong to the loop that made them)."""
    return asyncio.run(coroutine_function())


def test_counts_expire_and_start_again(store_factory):
    async def steps():
        store = store_factory()
        now = time.time()
        assert await store.hit([("a", now + 60), ("b", now + 60)], now) == [1, 1]
        assert await store.hit([("b", now + 60), ("a", now + 60)], now) == [2, 2]
        assert await store.hit([("a", now + 60)], now + 1) == [3]
        count, last = await store.peek("a", now + 2)
        assert count == 3 and last == pytest.approx(now + 1)
        # A hit after the expiry starts again at one (PostgreSQL keeps the row; Redis drops the key).
        short = time.time()
        assert await store.hit([("s", short + 0.3)], short) == [1]
        await asyncio.sleep(0.4)
        assert await store.peek("s", time.time()) is None
        assert await store.hit([("s", time.time() + 60)], time.time()) == [1]
        await store.delete("a")
        assert await store.peek("a", time.time()) is None
        assert await store.peek("never", time.time()) is None
        await store.close()

    _run(steps)


def test_a_hit_given_back_is_taken_off_never_below_zero(store_factory):
    async def steps():
        store = store_factory()
        now = time.time()
        assert await store.hit([("g", now + 60), ("g2", now + 60)], now) == [1, 1]
        await store.hit([("g", now + 60)], now)
        await store.give_back("g", now)
        assert (await store.peek("g", now))[0] == 1
        await store.give_back("g2", now)
        await store.give_back("g2", now)
        assert (await store.peek("g2", now))[0] == 0
        await store.give_back("unknown", now)
        assert await store.peek("unknown", now) is None
        assert await store.hit([("g", now + 60)], now) == [2]
        await store.close()

    _run(steps)


def test_account_limit_holds_across_two_limiters_on_one_store(store_factory):
    """Two processes, each its own limiter on the shared store: together they allow exactly the
    limit, and the next attempt, on either, is a 429 with the spec's message and Retry-After."""
    per_client, per_account = LIMITS["forgot"]
    assert per_account.attempts < per_client.attempts

    async def steps():
        one, two = RateLimiter(store_factory()), RateLimiter(store_factory())
        for attempt in range(per_account.attempts):
            limiter = (one, two)[attempt % 2]
            await limiter.check("forgot", _request(f"10.0.0.{attempt}"), account="Someone@Example.com")
        for limiter in (one, two):
            with pytest.raises(TooManyRequests) as refused:
                await limiter.check("forgot", _request("10.0.1.1"), account="someone@example.com")
            retry = int(refused.value.headers["Retry-After"])
            assert refused.value.status_code == 429 and refused.value.detail == too_many("forgot", retry)
            assert 1 <= retry <= per_account.window_seconds
        # Another account from the same addresses is not limited.
        await two.check("forgot", _request("10.0.1.1"), account="other@example.com")
        await one.close()
        await two.close()

    _run(steps)


@pytest.fixture
def one_window(monkeypatch):
    """The limiter's clock stopped at the first second of a window: the limits are fixed windows,
    and 300 hits that straddle a minute's boundary (a loaded machine) would start counting again."""
    start = (time.time() // 600 + 1) * 600 + 1
    monkeypatch.setattr("api.security.rate_limit.time", SimpleNamespace(time=lambda: start))


def test_user_writes_and_new_entries_trip_at_their_limits(store_factory, one_window):
    route = USER_ROUTE_LIMITS[("POST", "/api/journal")]

    async def steps():
        one, two = RateLimiter(store_factory()), RateLimiter(store_factory())
        for n in range(route.attempts):
            await (one, two)[n % 2].check_user_write("u1", "POST", "/api/journal/")
        with pytest.raises(TooManyRequests):
            await one.check_user_write("u1", "POST", "/api/journal")
        # Other writes of that user still pass until the general write limit.
        for n in range(USER_WRITE_LIMIT.attempts - route.attempts - 1):
            await (one, two)[n % 2].check_user_write("u1", "PUT", "/api/tasks/x")
        with pytest.raises(TooManyRequests):
            await two.check_user_write("u1", "PUT", "/api/tasks/x")
        await two.check_user_write("u2", "PUT", "/api/tasks/x")  # another user is not affected

    _run(steps)


def test_login_backoff_counts_failures_on_the_shared_store(store_factory):
    async def steps():
        one, two = RateLimiter(store_factory()), RateLimiter(store_factory())
        for n in range(LOGIN_FAILURES_FREE):
            await one.check_login_backoff("ana@example.com", "10.0.0.9")
            await (one, two)[n % 2].record_login_failure("ana@example.com", "10.0.0.9")
        with pytest.raises(TooManyRequests) as refused:
            await two.check_login_backoff("ana@example.com", "10.0.0.9")
        assert 25 <= int(refused.value.headers["Retry-After"]) <= 30  # the first wait: 30 s
        await one.check_login_backoff("ana@example.com", "10.0.0.10")  # another client may try
        await two.clear_login_failures("ana@example.com", "10.0.0.9")
        await one.check_login_backoff("ana@example.com", "10.0.0.9")

    _run(steps)


def test_successful_sign_ins_give_their_attempt_back_and_failures_count_per_client(store_factory):
    """A sign-in that succeeds counts toward neither limit (they are against guessing), so an
    office behind one address can sign in all day; failures still count toward the client's
    limit, so trying many accounts from one address is not freed by signing in to one's own."""
    per_client, per_account = LIMITS["login"]
    assert per_account.attempts + 3 < per_client.attempts

    async def steps():
        one, two = RateLimiter(store_factory()), RateLimiter(store_factory())
        here = _request("10.0.2.1")
        for n in range(per_client.attempts + 5):
            await (one, two)[n % 2].check("login", here, account=f"colleague{n}")
            await (two, one)[n % 2].clear_login_failures(f"colleague{n}", "10.0.2.1")
        # Failures still count up to the account's limit, then that client waits for that account.
        for n in range(per_account.attempts):
            await (one, two)[n % 2].check("login", here, account="ana")
        with pytest.raises(TooManyRequests):
            await one.check("login", here, account="ana")
        await two.check("login", here, account="colleague0")  # a sign-in between the tries
        await one.clear_login_failures("colleague0", "10.0.2.1")
        # Other accounts from this client, up to the client's limit of failed attempts.
        used = per_account.attempts + 1
        for n in range(per_client.attempts - used):
            await two.check("login", here, account=f"user{n}")
        with pytest.raises(TooManyRequests) as refused:
            await two.check("login", here, account="someone-else")
        assert refused.value.detail.startswith("Too many sign-in attempts. Please try again in ")
        await one.check("login", _request("10.0.2.2"), account="ana")  # another client is not affected
        await one.close()
        await two.close()

    _run(steps)


def test_the_app_counts_in_postgresql_by_default(client, database_url):
    """Without REDIS_URL the app's counters are rows of its own database."""
    from tests.support.database import sql

    response = client.post("/api/auth/forgot-password", json={"email": "nobody@example.com"},
                           headers={"X-Requested-With": "XMLHttpRequest"})
    assert response.status_code < 500, response.text
    keys = [row[0] for row in sql(database_url, "SELECT key FROM rate_limit_counters")]
    assert any(key.startswith("rl:forgot:ip:") for key in keys), keys
    assert any(key.startswith("rl:forgot:acct:") for key in keys), keys
    assert not any("nobody" in key for key in keys), keys  # accounts are counted under a hash, never by name


def test_redis_url_picks_redis(settings, redis_url):  # noqa: F811
    import msgspec

    with_redis = msgspec.structs.replace(settings, redis_url=redis_url)
    store = shared_counters(with_redis, engine=None)  # type: ignore[arg-type]
    assert isinstance(store, RedisCounters)

    async def steps():
        now = time.time()
        assert (await store.hit([("pick", now + 5)], now))[0] >= 1
        await store.delete("pick")
        await store.close()

    _run(steps)
