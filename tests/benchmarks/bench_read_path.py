"""CPU per read request: the hot GETs of the load test's journaler (the entry list, tasks, the session
call, the profile, goals, projects), in process, against a do-nothing handler on the same app.

A throwaway embedded PostgreSQL holds one journaler with `ENTRIES` analysed entries (written through
the API, analysed by `pipelines.analysis.analyse_entry` in process, so tasks, goals, projects and
moods are real). Each GET is called `RUNS` times through Litestar's TestClient; what is measured:

- the app's CPU per request (`time.process_time` of this process: the app, the client and the
  event loop's thread alike, so the do-nothing handler's figure is the baseline it is read against);
- PostgreSQL's CPU per request (its backends' CPU times from psutil, before and after);
- statements sent to the database per request (SQLAlchemy `before_cursor_execute` on the app's engine);
- writes per request (INSERT/UPDATE/DELETE statements among them).

The first row is a bare Litestar GET through the same client: the floor under every row.

`python -m tests.benchmarks bench_read_path`; `READ_PATH_PROFILE=path.prof` also writes a cProfile of
the mixed read loop (load test weights) to that file.
"""

from __future__ import annotations

import cProfile
import logging
import os
import pstats
import tempfile
import time
from pathlib import Path

import psutil

ENTRIES = 20
RUNS = 300
WARMUP = 30
CALL_COUNT_RUNS = 20
# The load test's read mix (tests/load/locustfile.py task weights).
MIX = {"/api/journal": 12, "/api/tasks": 8, "/api/auth/me": 4, "/api/profile": 3, "/api/goals": 2,
       "/api/projects": 2}
PING = "/api/_bench/read-ping"


class _NoPipelines:
    """Submits nothing: the benchmark analyses its entries itself, in process."""

    def start(self) -> None: ...
    def shutdown(self, wait: bool = True) -> None: ...
    def submit(self, flow: str, **parameters) -> None: ...
    def status(self) -> dict:
        return {"status": "stopped", "error": None}


def _postgres_cpu(server_pid: int) -> float:
    total = 0.0
    try:
        root = psutil.Process(server_pid)
        for process in [root, *root.children(recursive=True)]:
            try:
                times = process.cpu_times()
                total += times.user + times.system
            except psutil.NoSuchProcess:
                pass
    except psutil.NoSuchProcess:
        pass
    return total


class StatementCounter:
    """Statements the engine sends, and how many of them write."""

    WRITES = ("INSERT", "UPDATE", "DELETE")

    def __init__(self, engine) -> None:
        import sqlalchemy as sa

        self.statements = 0
        self.writes = 0
        self.texts: list[str] = []
        sa.event.listen(engine.sync_engine, "before_cursor_execute", self._seen)

    def _seen(self, conn, cursor, statement, parameters, context, executemany) -> None:
        self.statements += 1
        self.texts.append(statement)
        if statement.lstrip().upper().startswith(self.WRITES):
            self.writes += 1

    def reset(self) -> None:
        self.statements = self.writes = 0
        self.texts.clear()


def database(tmp: Path):
    """A throwaway embedded PostgreSQL with a migrated database; returns (url, postmaster pid, server)."""
    import pgserver

    from tests.benchmarks.harness import migrated_database


    logging.getLogger("pgserver").propagate = False
    server = pgserver.get_server(tmp / "pgdata", cleanup_mode="delete")
    url = migrated_database(server.get_uri(), "bench_read")
    pid = int((tmp / "pgdata" / "postmaster.pid").read_text().split()[0])
    return url, pid, server


def build_app(tmp: Path, url: str):
    from litestar import get

    from api.app import create_app
    from api.settings import Settings

    settings = Settings.from_env({"REVERIE_DATA_DIR": str(tmp / "data"), "LOG_LEVEL": "WARNING",
                                  "SECRET_KEY": "bench"})

    @get(PING, sync_to_thread=False)
    def ping() -> dict[str, str]:
        """Signed in like the real GETs (session check, guard), but does nothing."""
        return {"status": "ok"}

    app = create_app(settings, database_url=url, pipelines=_NoPipelines())
    app.register(ping)
    return app, settings


async def sign_up_and_write(client, outbox: Path) -> None:
    """A verified journaler who agreed to the terms, signed in (bearer), with analysed entries."""
    from pipelines.analysis import analyse_entry
    from tests.benchmarks.corpus import journal_entries
    from tests.support.accounts import PASSWORD, last_code

    registered = await client.post("/api/auth/register", json={
        "username": "reader", "email": "reader@example.com", "password": PASSWORD,
        "journalingPreferences": {"status": "yes", "frequency": "daily"}})
    assert registered.status_code == 201, registered.text
    user_id = registered.json()["id"]
    verified = await client.post("/api/auth/verify-email", json={
        "userId": user_id, "verificationCode": last_code(outbox, "reader@example.com")})
    assert verified.status_code == 200, verified.text
    assert (await client.post("/api/auth/terms-agreement", json={"userId": user_id})).status_code == 200
    login = await client.post("/api/auth/login", json={"username": "reader", "password": PASSWORD})
    client.headers["Authorization"] = f"Bearer {login.json()['authToken']}"
    client.cookies.clear()
    ids = [(await client.post("/api/journal", json={"content": text})).json()["id"]
           for text in journal_entries(ENTRIES, seed=5)]
    for entry_id in ids:
        analyse_entry(entry_id)


async def measure(client, counter, pid: int, path: str, runs: int, headers: dict[str, str] | None = None,
                  status: int = 200) -> dict[str, float]:
    for _ in range(WARMUP):
        assert (await client.get(path, headers=headers)).status_code == status
    counter.reset()
    pg_before, cpu_before, wall_before = _postgres_cpu(pid), time.process_time(), time.perf_counter()
    for _ in range(runs):
        response = await client.get(path, headers=headers)
        assert response.status_code == status, response.text
    cpu = time.process_time() - cpu_before
    wall = time.perf_counter() - wall_before
    pg = _postgres_cpu(pid) - pg_before
    statements, writes = counter.statements / runs, counter.writes / runs
    # Python function calls per request: a count, so unlike CPU time it does not move with the
    # machine's load (a deterministic stand-in for "how much work", read beside the CPU figure).
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(CALL_COUNT_RUNS):
        await client.get(path, headers=headers)
    profiler.disable()
    calls = pstats.Stats(profiler).total_calls / CALL_COUNT_RUNS  # type: ignore[attr-defined]
    return {"app_cpu_ms": cpu / runs * 1e3, "pg_cpu_ms": pg / runs * 1e3, "wall_ms": wall / runs * 1e3,
            "statements": statements, "writes": writes, "calls": calls}


async def _measure_bare(counter, pid: int) -> dict[str, float]:
    """A bare Litestar app's GET through the same client: no middleware, no session, no database.
    What is left of a read above it is ours (the HTTP client's own work is in every row)."""
    import httpx
    from litestar import Litestar, get

    @get("/bare", sync_to_thread=False)
    def bare() -> dict[str, str]:
        return {"status": "ok"}

    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=Litestar([bare])),
                                 base_url="http://localhost") as client:
        return await measure(client, counter, pid, "/bare", RUNS)


async def _measure_all(tmp: Path, url: str, pid: int) -> dict[str, dict[str, float]]:
    import httpx

    from tests.support.app import APP_HEADERS

    app, settings = build_app(tmp, url)
    async with app.lifespan(), httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                                 base_url="http://localhost", headers=APP_HEADERS) as client:
        await sign_up_and_write(client, settings.data_dir / "outbox")
        counter = StatementCounter(app.state.db_config.get_engine())
        rows = {"bare Litestar GET (the floor)": await _measure_bare(counter, pid),
                "do-nothing handler (signed in)": await measure(client, counter, pid, PING, RUNS)}
        for path in MIX:
            rows[f"GET {path}"] = await measure(client, counter, pid, path, RUNS)
        # The web app's 30-second polls: an unchanged list answered 304 (not part of the mix).
        for path in ("/api/journal", "/api/tasks"):
            tag = {"If-None-Match": (await client.get(path)).headers["etag"]}
            rows[f"poll {path} (304)"] = await measure(client, counter, pid, path, RUNS, tag, 304)
        profile_to = os.environ.get("READ_PATH_PROFILE")
        if profile_to:
            profiler = cProfile.Profile(time.process_time)  # CPU, not waits
            order = [p for p, w in MIX.items() for _ in range(w)]
            profiler.enable()
            for i in range(RUNS * 2):
                await client.get(order[i % len(order)])
            profiler.disable()
            profiler.dump_stats(profile_to)
    return rows


def run() -> dict[str, float]:
    import asyncio

    with tempfile.TemporaryDirectory(prefix="reverie-bench-read-") as tmp:
        url, pid, server = database(Path(tmp))
        try:
            rows = asyncio.run(_measure_all(Path(tmp), url, pid))
        finally:
            server.cleanup()
    weights = sum(MIX.values())
    mixed = {key: sum(rows[f"GET {p}"][key] * w for p, w in MIX.items()) / weights
             for key in rows["do-nothing handler (signed in)"]}
    rows["read mix (load test weights)"] = mixed
    base = rows["do-nothing handler (signed in)"]
    print(f"\n## CPU per read request ({ENTRIES} analysed entries, {RUNS} calls each, in process)")
    print(f"{'':34} {'app CPU':>9} {'PG CPU':>8} {'wall':>8} {'queries':>8} {'writes':>7} {'py calls':>9} "
          f"{'app CPU / base':>15}")
    for name, row in rows.items():
        print(f"{name:34} {row['app_cpu_ms']:>7.2f}ms {row['pg_cpu_ms']:>6.2f}ms {row['wall_ms']:>6.2f}ms "
              f"{row['statements']:>8.2f} {row['writes']:>7.2f} {row['calls']:>9.0f} "
              f"{row['app_cpu_ms'] / base['app_cpu_ms']:>14.2f}x")
    print(f"ratio read mix / do-nothing handler (app CPU): {mixed['app_cpu_ms'] / base['app_cpu_ms']:.2f}x; "
          f"the read path's own share: {mixed['app_cpu_ms'] - base['app_cpu_ms']:.2f} ms")
    print(f"ratio read mix / do-nothing handler (python calls): {mixed['calls'] / base['calls']:.2f}x")
    return {"read_mix_cpu_ms": mixed["app_cpu_ms"] + mixed["pg_cpu_ms"], "read_mix_queries": mixed["statements"],
            "read_mix_writes": mixed["writes"], "read_mix_calls_ratio": mixed["calls"] / base["calls"]}

