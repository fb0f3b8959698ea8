"""A 5,000-entry journal: the first page of GET /api/journal, its latency and its size.

A throwaway embedded PostgreSQL (pgserver) is migrated like a real one, and one user's journal of
5,000 analysed entries is written straight into it (tests/support/long_journal.py: ~500-1,500
characters each, a mood, a summary, related goals and projects, tasks from most entries, a goal
from one in six and an insight from one in four), so a page is as heavy as a real one. The app
runs in process over ASGI (Reverie's whole request stack: session check, CSRF, compression), with
pipelines idle.

Measured, as the web app asks (Accept-Encoding gzip), 200 times after 20 warm-ups each, interleaved:
  - baseline: a do-nothing handler on the same app (what any signed-in request costs),
  - the first page (the default limit, what Previous Entries loads first),
  - a page deep in the journal (the cursor of entry ~4,000: a keyset page costs the same anywhere),
  - a conditional re-read of the first page (If-None-Match: 304, no body; the web's polls).
Then the whole journal is paged through once (the size the journal was when it was sent whole).
The budget (budgets.toml [journal]) is on the first page's p95 and its JSON size (before gzip).
"""

from __future__ import annotations

import asyncio
import tempfile
import time
import warnings
from pathlib import Path

import httpx
import sqlalchemy as sa
from litestar import get

from tests.benchmarks.harness import Measurement, embedded_database, report_latencies

ENTRIES = 5_000
RUNS = 200
WARMUP = 20
HEADERS = {"X-Requested-With": "XMLHttpRequest", "Accept-Encoding": "gzip"}


@get("/api/_bench/ping", sync_to_thread=False)
def ping() -> dict[str, str]:
    return {"status": "ok"}


async def _sign_up(client: httpx.AsyncClient, outbox: Path) -> str:
    from tests.support.accounts import PASSWORD, last_code

    email = "long@example.com"
    registered = await client.post("/api/auth/register", json={
        "username": "longjournal", "email": email, "password": PASSWORD,
        "journalingExperience": "beginner", "journalingPreferences": {"status": "yes", "frequency": "daily"}})
    assert registered.status_code == 201, registered.text
    user_id = registered.json()["id"]
    verified = await client.post("/api/auth/verify-email",
                                 json={"userId": user_id, "verificationCode": last_code(outbox, email)})
    assert verified.status_code == 200, verified.text
    agreed = await client.post("/api/auth/terms-agreement", json={"userId": user_id})
    assert agreed.status_code == 200, agreed.text
    return user_id


async def _measure(database_url: str, data_dir: Path) -> dict[str, float]:
    from api.app import create_app
    from api.openapi import IdleRunner
    from api.settings import Settings
    from tests.support.long_journal import seed_journal

    settings = Settings(data_dir=data_dir, secret_key="bench", log_level="WARNING")
    app = create_app(settings, database_url=database_url, pipelines=IdleRunner())
    app.register(ping)
    figures: dict[str, float] = {}
    async with (
        app.lifespan(),  # type: ignore[attr-defined]
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://localhost", headers=HEADERS,
                          timeout=120) as client,
    ):
        user_id = await _sign_up(client, settings.outbox_dir)
        started = time.perf_counter()
        ids = seed_journal(sa.make_url(database_url).set(drivername="postgresql+psycopg").render_as_string(False),
                           user_id, ENTRIES)
        print(f"\n{len(ids):,} entries (with tasks, goals, insights) written in {time.perf_counter() - started:.1f}s")

        first = await client.get("/api/journal")
        assert first.status_code == 200 and first.headers["x-total-count"] == str(ENTRIES), first.headers
        page_size = len(first.json())
        json_kb = len(first.content) / 1000
        wire_kb = first.num_bytes_downloaded / 1000
        tag = first.headers["etag"]

        # The cursor after entry 4,000: eight pages of the largest size.
        deep_cursor = None
        for _ in range(8):
            hop = await client.get("/api/journal", params={"limit": 500, **({"before": deep_cursor} if deep_cursor else {})})
            deep_cursor = hop.headers["x-next-cursor"]

        async def call_ping() -> None:
            assert (await client.get("/api/_bench/ping")).status_code == 200

        async def first_page() -> None:
            assert (await client.get("/api/journal")).status_code == 200

        async def deep_page() -> None:
            assert (await client.get("/api/journal", params={"before": deep_cursor})).status_code == 200

        async def unchanged() -> None:
            response = await client.get("/api/journal", headers={"If-None-Match": tag})
            assert response.status_code == 304 and not response.content

        # Interleaved (one of each per round), so a busy machine weighs on all four alike.
        names = ("do-nothing handler", f"first page ({page_size} entries)", "a page 4,000 entries deep",
                 "first page, unchanged (304)")
        operations = (call_ping, first_page, deep_page, unchanged)
        samples: list[list[float]] = [[] for _ in operations]
        for round_ in range(WARMUP + RUNS):
            for operation, taken in zip(operations, samples, strict=True):
                started = time.perf_counter()
                await operation()
                if round_ >= WARMUP:
                    taken.append(time.perf_counter() - started)
        baseline, page, deep, polled = (Measurement(n, t) for n, t in zip(names, samples, strict=True))

        whole_json = whole_wire = 0
        pages = 0
        cursor = None
        started = time.perf_counter()
        while True:
            response = await client.get("/api/journal", params={"limit": 500, **({"before": cursor} if cursor else {})})
            whole_json += len(response.content)
            whole_wire += response.num_bytes_downloaded
            pages += 1
            cursor = response.headers.get("x-next-cursor")
            if not cursor:
                break
        whole_seconds = time.perf_counter() - started

    report_latencies(f"GET /api/journal of a {ENTRIES:,}-entry journal ({RUNS} requests each)", baseline, page, deep,
                     polled)
    print(f"first page: {json_kb:.1f} kB of JSON, {wire_kb:.1f} kB gzipped on the wire")
    print(f"the whole journal ({pages} pages of 500): {whole_json / 1e6:.1f} MB of JSON, "
          f"{whole_wire / 1e6:.2f} MB gzipped, read in {whole_seconds:.1f}s; "
          f"the first page is {json_kb * 1000 / whole_json:.2%} of it")
    figures["journal_first_page_p95_ms"] = page.p95 * 1e3
    figures["journal_first_page_kb"] = json_kb
    return figures


def run() -> dict[str, float]:
    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
    with (tempfile.TemporaryDirectory(prefix="reverie-bench-journal-") as tmp,
          embedded_database(Path(tmp) / "pgdata", "long_journal") as url):
        return asyncio.run(_measure(url, Path(tmp) / "data"))
