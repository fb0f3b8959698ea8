"""The budget is 2.5x a bare app on a do-nothing handler: the stack runs request ids, the CSRF check,
the session lookup and the access guard on every request, about 0.1 ms in all, which any real
handler (a database round trip is ~0.5 ms) dwarfs.

The cost of Reverie's request stack (request ids, error handling, compression, plugins) on a
trivial handler, against a bare Litestar app serving the same handler, in process over ASGI."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

import httpx
from litestar import Litestar, get

from tests.benchmarks.harness import measure_async, report

RUNS = 2000


@get("/api/_bench/ping", sync_to_thread=False, opt={"public": True})
def ping() -> dict[str, str]:
    return {"status": "ok"}


async def _measure() -> None:
    from api.app import create_app
    from api.openapi import IdleRunner
    from api.settings import Settings

    bare = Litestar(route_handlers=[ping], logging_config=None)
    with tempfile.TemporaryDirectory() as data_dir:
        settings = Settings(data_dir=Path(data_dir), secret_key="bench", log_level="WARNING")
        ours = create_app(settings, database_url="postgresql+psycopg://bench@localhost/bench", pipelines=IdleRunner())
        ours.register(ping)
        results = []
        for name, app in (("bare litestar", bare), ("reverie app", ours)):
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://localhost") as client:

                async def call() -> None:
                    response = await client.get("/api/_bench/ping")
                    assert response.status_code == 200

                results.append(await measure_async(name, call, warmup=200, runs=RUNS))
    report("Request stack overhead (GET, trivial handler)", results[0], results[1], budget_ratio=2.5)


def run() -> None:
    asyncio.run(_measure())
