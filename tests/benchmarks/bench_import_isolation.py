"""Another user's requests while a big journal is imported: are they kept waiting?

A throwaway embedded PostgreSQL, the app in process over ASGI (its whole request stack; pipelines
idle, so only the import and the requests compete). Bruno has 30 entries and reads his journal
(GET /api/journal) in a loop, one request after another, 20 ms apart. Meanwhile Ana imports:

  - baseline: nobody imports;
  - a 5 MB Markdown journal (1,000+ dated entries, 60,000 lines) pasted (POST /api/journal/import),
    read the app's way (a worker process, `api.journal.imports.runner`) and, in the same process,
    the way it was read before (parsed inside the request handler, on the event loop);
  - ten years of Day One as its .zip (3,650 entries, 365 photos), uploaded (POST
    /api/journal/import/file), the app's way.

Bruno's latencies are split by what the import was doing when each request started: reading the
file (the step that moved off the event loop), or saving (embedding and writing, on worker
threads as before). The reading steps' own durations are printed too, with the event loop's longest
stall during each (a task sleeping 10 ms at a time, and how late it woke).
"""

from __future__ import annotations

import asyncio
import tempfile
import time
import warnings
from datetime import date
from pathlib import Path

import httpx

from tests.benchmarks.harness import Measurement, embedded_database, report_latencies

HEADERS = {"X-Requested-With": "XMLHttpRequest"}
GAP_SECONDS = 0.02
BASELINE_SECONDS = 6.0


def markdown_journal(megabytes: float = 4.9) -> str:
    """Dated headings with many short lines under each, the shape that costs a parser most."""
    lines: list[str] = []
    day = date(2014, 1, 1).toordinal()
    size = 0
    while size < megabytes * 1_000_000:
        heading = "**" + date.fromordinal(day).strftime("%B %d, %Y") + "**"
        body = [f"Line {n}: walked by the river on 3/4/2021 - thought about the week and the people in it."
                for n in range(50)]
        lines += [heading, *body]
        size += sum(len(line) + 1 for line in (heading, *body))
        day += 1
    return "\n".join(lines)


class Phases:
    """When the import read its file, and when it finished."""

    def __init__(self) -> None:
        self.reading: tuple[float, float] | None = None
        self.finished: float | None = None
        self.reading_seconds: list[float] = []

    def of(self, started: float, ended: float) -> str:
        """What the import was doing during a request: 'reading' when the two overlapped at all,
        'saving' after that until the import answered, 'idle' otherwise."""
        if self.reading is not None and started < self.reading[1] and ended > self.reading[0]:
            return "reading"
        if self.reading is not None and started >= self.reading[1] and (self.finished is None
                                                                       or started < self.finished):
            return "saving"
        return "idle"


async def _sign_up(client: httpx.AsyncClient, outbox: Path, name: str) -> None:
    from tests.support.accounts import PASSWORD, last_code

    email = f"{name}@example.com"
    registered = await client.post("/api/auth/register", json={
        "username": name, "email": email, "password": PASSWORD, "journalingExperience": "beginner",
        "journalingPreferences": {"status": "yes", "frequency": "daily"}})
    assert registered.status_code == 201, registered.text
    user_id = registered.json()["id"]
    verified = await client.post("/api/auth/verify-email",
                                 json={"userId": user_id, "verificationCode": last_code(outbox, email)})
    assert verified.status_code == 200, verified.text
    assert (await client.post("/api/auth/terms-agreement", json={"userId": user_id})).status_code == 200
    client.cookies.clear()
    client.headers["Authorization"] = f"Bearer {verified.json()['authToken']}"


async def _reads(client: httpx.AsyncClient, stop: asyncio.Event) -> list[tuple[float, float]]:
    taken: list[tuple[float, float]] = []
    while not stop.is_set():
        started = time.perf_counter()
        response = await client.get("/api/journal")
        assert response.status_code == 200, response.text
        taken.append((started, time.perf_counter()))
        await asyncio.sleep(GAP_SECONDS)
    return taken


def _by_phase(phases: Phases, taken: list[tuple[float, float]]) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {}
    for started, ended in taken:
        out.setdefault(phases.of(started, ended), []).append(ended - started)
    return out


def _instrument(phases: Phases, *, in_loop: bool) -> None:
    """Mark the reading step (and, for the old way, read on the event loop instead)."""
    from api.journal import import_controller
    from api.journal.imports import runner, worker
    from api.journal.imports.detect import parse_import

    original = runner.read_import

    async def read_import(folder, job, progress=None):
        started = time.perf_counter()
        try:
            if in_loop:  # as before: the whole text parsed inside the request handler
                return parse_import(job.content or "", job.format, job.today), worker.Outcome()
            return await original(folder, job, progress)
        finally:
            ended = time.perf_counter()
            phases.reading = (started, ended)
            phases.reading_seconds.append(ended - started)

    import_controller.runner.read_import = read_import  # type: ignore[attr-defined]
    import_controller._restore_reader = original  # type: ignore[attr-defined]


def _uninstrument() -> None:
    from api.journal import import_controller

    import_controller.runner.read_import = import_controller._restore_reader  # type: ignore[attr-defined]


TICK_SECONDS = 0.01


async def _ticks(stop: asyncio.Event) -> list[tuple[float, float]]:
    """The event loop's lag: how late each 10 ms sleep wakes up, and when."""
    lags: list[tuple[float, float]] = []
    while not stop.is_set():
        started = time.perf_counter()
        await asyncio.sleep(TICK_SECONDS)
        woke = time.perf_counter()
        lags.append((started, woke - started - TICK_SECONDS))
    return lags


LAGS: dict[str, float] = {}


async def _while_importing(bruno, phases: Phases, start_import, name: str = "") -> dict[str, list[float]]:
    stop = asyncio.Event()
    reads = asyncio.create_task(_reads(bruno, stop))
    ticks = asyncio.create_task(_ticks(stop))
    await asyncio.sleep(0.5)
    response = await start_import()
    assert response.status_code == 200, response.text
    phases.finished = time.perf_counter()
    stop.set()
    lags = await ticks
    if phases.reading is not None:
        during = [lag for at, lag in lags if phases.reading[0] - TICK_SECONDS <= at <= phases.reading[1]]
        LAGS[name] = max(during, default=0.0)
    return _by_phase(phases, await reads)


async def _measure(database_url: str, data_dir: Path) -> dict[str, float]:
    from api.app import create_app
    from api.openapi import IdleRunner
    from api.settings import Settings
    from tests.support.imports import ten_year_day_one_zip

    class QuietRunner(IdleRunner):
        """Takes the imported entries' analyses and runs none: the import is what is measured."""

        def submit(self, flow: str, **parameters) -> None: ...

    settings = Settings(data_dir=data_dir, secret_key="bench", log_level="WARNING")
    app = create_app(settings, database_url=database_url, pipelines=QuietRunner())
    transport = httpx.ASGITransport(app=app)
    async with (
        app.lifespan(),  # type: ignore[attr-defined]
        httpx.AsyncClient(transport=transport, base_url="http://localhost", headers=HEADERS, timeout=600) as ana,
        httpx.AsyncClient(transport=transport, base_url="http://localhost", headers=HEADERS, timeout=600) as bruno,
    ):
        await _sign_up(ana, settings.outbox_dir, "ana")
        await _sign_up(bruno, settings.outbox_dir, "bruno")
        seeded = await bruno.post("/api/journal/import", json={"content": "\n\n".join(
            f"2025-01-{n:02d}\nBruno's day {n}: the workshop, a bike to fix, a call with his sister." for n in range(1, 31)),
            "format": "text"})
        assert seeded.status_code == 200 and seeded.json()["count"] == 30, seeded.text
        for _ in range(20):  # warm up
            await bruno.get("/api/journal")

        stop = asyncio.Event()
        reads = asyncio.create_task(_reads(bruno, stop))
        await asyncio.sleep(BASELINE_SECONDS)
        stop.set()
        baseline = Measurement("nobody importing", _by_phase(Phases(), await reads)["idle"])

        text = markdown_journal()
        results: dict[str, dict[str, list[float]]] = {}
        readings: dict[str, float] = {}
        for name, in_loop, user in (("5 MB text, read in a worker", False, "ana"),
                                    ("5 MB text, read on the event loop", True, "ana")):
            phases = Phases()
            _instrument(phases, in_loop=in_loop)
            try:
                # Each pass imports into its own fresh account: the same text is new there.
                async with httpx.AsyncClient(transport=transport, base_url="http://localhost", headers=HEADERS,
                                             timeout=600) as fresh:
                    await _sign_up(fresh, settings.outbox_dir, f"{user}{len(results)}")
                    results[name] = await _while_importing(bruno, phases, lambda fresh=fresh: fresh.post(
                        "/api/journal/import", json={"content": text, "format": "text"}), name)
            finally:
                _uninstrument()
            readings[name] = phases.reading_seconds[0]

        archive = ten_year_day_one_zip()
        phases = Phases()
        _instrument(phases, in_loop=False)
        try:
            name = "Day One .zip, 3,650 entries, 365 photos"
            results[name] = await _while_importing(bruno, phases, lambda: ana.post(
                "/api/journal/import/file", files={"file": ("Journal.zip", archive, "application/zip")}), name)
            readings[name] = phases.reading_seconds[0]
        finally:
            _uninstrument()

    measured = [Measurement(f"{name}: {phase}", samples) for name, taken in results.items()
                for phase, samples in taken.items() if phase in ("reading", "saving") and samples]
    report_latencies("Bruno's GET /api/journal while Ana imports", baseline, *measured,
                     notes={m.name: f"max {max(m.samples) * 1e3:.0f}ms" for m in (baseline, *measured)})
    for name, seconds in readings.items():
        print(f"reading step of '{name}': {seconds:.2f}s; the event loop's longest stall meanwhile: "
              f"{LAGS.get(name, 0.0) * 1e3:.0f}ms")
    by_name = {m.name: m for m in measured}
    worker = by_name.get("5 MB text, read in a worker: reading")
    in_loop = by_name.get("5 MB text, read on the event loop: reading")
    zipped = by_name.get("Day One .zip, 3,650 entries, 365 photos: reading")
    figures = {"import_baseline_p95_ms": baseline.p95 * 1e3}
    if worker:
        figures["import_reading_p95_ms"] = worker.p95 * 1e3
        figures["import_reading_p95_ratio"] = worker.p95 / baseline.p95
    if in_loop:
        figures["import_in_loop_p95_ms"] = in_loop.p95 * 1e3
    for name, key in (("5 MB text, read in a worker", "import_reading_stall_ms"),
                      ("5 MB text, read on the event loop", "import_in_loop_stall_ms"),
                      ("Day One .zip, 3,650 entries, 365 photos", "import_zip_reading_stall_ms")):
        if name in LAGS:
            figures[key] = LAGS[name] * 1e3
    if zipped:
        figures["import_zip_reading_p95_ms"] = zipped.p95 * 1e3
    print(", ".join(f"{k} {v:.2f}" for k, v in figures.items()))
    return figures


def run() -> dict[str, float]:
    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
    with (tempfile.TemporaryDirectory(prefix="reverie-bench-import-") as tmp,
          embedded_database(Path(tmp) / "pgdata", "import_isolation") as url):
        return asyncio.run(_measure(url, Path(tmp) / "data"))


if __name__ == "__main__":
    run()
