"""Where rate-limit counters live, so that every app process counts the same attempts.

A counter is a key with a count, the time it expires (seconds since the epoch) and the time of its
latest hit. `hit` adds one to each key in one round trip and answers the counts; a hit on an
expired (or unknown) key starts it again at one. `give_back` takes one off an unexpired count
(never below zero). Three stores with the same behaviour:

- `PostgresCounters` (the default when the app runs): the `rate_limit_counters` table, one
  `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` statement per hit, outside any transaction.
  Expired rows are swept now and then.
- `RedisCounters` (`REDIS_URL`): a hash per key (`n` the count, `t` the latest hit), one
  MULTI/EXEC pipeline of HINCRBY, HSET and PEXPIREAT per hit; Redis drops expired keys itself.
- `MemoryCounters`: one process's own memory (a limiter built without a store: tests).
"""

from __future__ import annotations

import time
from typing import Protocol

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

# Expired PostgreSQL rows are deleted at most this often by each process (one statement).
SWEEP_EVERY_SECONDS = 600
REDIS_PREFIX = "reverie:"


class Counters(Protocol):
    async def hit(self, hits: list[tuple[str, float]], now: float) -> list[int]:
        """Count one hit on each (key, expires_at); the counts, in the same order."""
        ...

    async def peek(self, key: str, now: float) -> tuple[int, float] | None:
        """(count, latest hit) of an unexpired key, else None."""
        ...

    async def give_back(self, key: str, now: float) -> None:
        """One hit fewer on an unexpired key (never below zero); nothing for an expired one."""
        ...

    async def delete(self, key: str) -> None: ...

    async def close(self) -> None: ...


class MemoryCounters:
    def __init__(self) -> None:
        self._rows: dict[str, tuple[int, float, float]] = {}
        self._swept = time.time()

    async def hit(self, hits: list[tuple[str, float]], now: float) -> list[int]:
        if now - self._swept > SWEEP_EVERY_SECONDS:
            self._rows = {k: v for k, v in self._rows.items() if v[1] > now}
            self._swept = now
        counts = []
        for key, expires_at in hits:
            count, expires, _ = self._rows.get(key, (0, 0.0, 0.0))
            count = count + 1 if expires > now else 1
            self._rows[key] = (count, expires_at, now)
            counts.append(count)
        return counts

    async def peek(self, key: str, now: float) -> tuple[int, float] | None:
        row = self._rows.get(key)
        return (row[0], row[2]) if row and row[1] > now else None

    async def give_back(self, key: str, now: float) -> None:
        row = self._rows.get(key)
        if row and row[1] > now:
            self._rows[key] = (max(0, row[0] - 1), row[1], row[2])

    async def delete(self, key: str) -> None:
        self._rows.pop(key, None)

    async def close(self) -> None:
        return None


_UPSERT = sa.text("""
    INSERT INTO rate_limit_counters AS c (key, count, expires_at, last_at)
    SELECT k, 1, e, :now FROM unnest(CAST(:keys AS text[]), CAST(:expires AS double precision[])) AS h(k, e)
    ON CONFLICT (key) DO UPDATE
       SET count = CASE WHEN c.expires_at > EXCLUDED.last_at THEN c.count + 1 ELSE 1 END,
           expires_at = EXCLUDED.expires_at, last_at = EXCLUDED.last_at
    RETURNING key, count
""")
_PEEK = sa.text("SELECT count, last_at FROM rate_limit_counters WHERE key = :key AND expires_at > :now")
_GIVE_BACK = sa.text("UPDATE rate_limit_counters SET count = count - 1 "
                     "WHERE key = :key AND expires_at > :now AND count > 0")
_DELETE = sa.text("DELETE FROM rate_limit_counters WHERE key = :key")
_SWEEP = sa.text("DELETE FROM rate_limit_counters WHERE expires_at <= :now")


class PostgresCounters:
    """Counters in the app's own PostgreSQL, on the app's engine, each statement on its own
    (autocommit: no BEGIN/COMMIT round trips around it)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine.execution_options(isolation_level="AUTOCOMMIT")
        self._swept = 0.0

    async def hit(self, hits: list[tuple[str, float]], now: float) -> list[int]:
        # Keys in one order, so two statements counting the same keys never deadlock.
        ordered = sorted(dict(hits).items())
        async with self.engine.connect() as conn:
            if now - self._swept > SWEEP_EVERY_SECONDS:
                self._swept = now
                await conn.execute(_SWEEP, {"now": now})
            rows = await conn.execute(_UPSERT, {"now": now, "keys": [k for k, _ in ordered],
                                                "expires": [e for _, e in ordered]})
            counts = dict(rows.tuples().all())
        return [counts[key] for key, _ in hits]

    async def peek(self, key: str, now: float) -> tuple[int, float] | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(_PEEK, {"key": key, "now": now})).first()
        return (int(row[0]), float(row[1])) if row else None

    async def give_back(self, key: str, now: float) -> None:
        async with self.engine.connect() as conn:
            await conn.execute(_GIVE_BACK, {"key": key, "now": now})

    async def delete(self, key: str) -> None:
        async with self.engine.connect() as conn:
            await conn.execute(_DELETE, {"key": key})

    async def close(self) -> None:
        return None


_REDIS_GIVE_BACK = """
if tonumber(redis.call('HGET', KEYS[1], 'n') or '0') > 0 then redis.call('HINCRBY', KEYS[1], 'n', -1) end
"""


class RedisCounters:
    def __init__(self, url: str) -> None:
        from redis.asyncio import Redis

        self.redis = Redis.from_url(url)

    async def hit(self, hits: list[tuple[str, float]], now: float) -> list[int]:
        async with self.redis.pipeline(transaction=True) as pipe:
            for key, expires_at in hits:
                name = REDIS_PREFIX + key
                pipe.hincrby(name, "n", 1)
                pipe.hset(name, "t", repr(now))
                pipe.pexpireat(name, int(expires_at * 1000))
            replies = await pipe.execute()
        return [int(replies[3 * i]) for i in range(len(hits))]

    async def peek(self, key: str, now: float) -> tuple[int, float] | None:
        found = await self.redis.hmget(REDIS_PREFIX + key, ["n", "t"])
        if found[0] is None:
            return None
        return int(found[0]), float(found[1] or 0.0)

    async def give_back(self, key: str, now: float) -> None:
        # One script, so a key that expires meanwhile is not brought back at -1.
        await self.redis.eval(_REDIS_GIVE_BACK, 1, REDIS_PREFIX + key)

    async def delete(self, key: str) -> None:
        await self.redis.delete(REDIS_PREFIX + key)

    async def close(self) -> None:
        await self.redis.aclose()


def shared_counters(settings, engine: AsyncEngine) -> Counters:
    """The store every process of this deployment shares: Redis when REDIS_URL is set, else the
    app's PostgreSQL."""
    if settings.redis_url:
        return RedisCounters(settings.redis_url)
    return PostgresCounters(engine)
