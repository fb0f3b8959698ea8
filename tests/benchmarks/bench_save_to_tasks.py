"""From saving an entry to its tasks being there: the real server, its embedded database, its pipelines.

`python -m api` runs as a separate process (tests/e2e/server.ServerProcess) on a temp data dir, with
the embedded PostgreSQL and the inline pipeline runner. A user is made through the API with the code
from the outbox. Each entry is POSTed to /api/journal; then the database is polled (every 10 ms, one
small query, so the polling does not compete with the analysis inside the server process) until the
entry's analysis state is `done` and its task rows exist (they are written in one transaction), and
the clock stops when GET /api/tasks has returned them: the moment the journaler can read them.

The first entry is reported on its own: it is the server's first flow run and loads the embedding
and mood models. The baseline is the save alone (the POST's latency) over the same warm entries.
"""

from __future__ import annotations

import json
import sqlite3
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import httpx
import psutil
import sqlalchemy as sa

from tests.benchmarks.harness import Measurement, report_latencies
from tests.e2e.server import ServerProcess
from tests.support.accounts import make_user
from tests.support.app import APP_HEADERS

POLL_SECONDS = 0.01
ENTRY_TIMEOUT = 180.0
# One task each, every one a different intention (a repeat is recognised and creates no task, which
# would leave nothing to wait for). The first is the cold one.
ENTRIES = [
    "Long day. I need to renew my passport before the trip in June.",
    "Work was busy again and my head is full. I need to book a dentist appointment for next week.",
    "Quiet morning with coffee on the balcony. I have to pay the electricity bill by Friday.",
    "Felt a bit low after lunch, the weather did not help. I need to return the library books tomorrow.",
    "Great run along the river this evening! I need to order new running shoes, mine are worn out.",
    "Spent the afternoon with my sister. I must buy a birthday present for Mum this week.",
    "The car made a strange noise on the way home. I need to schedule a service at the garage.",
    "Finally some sleep last night. I have to send the tax documents to the accountant.",
    "The neighbours are away until Sunday. I need to water their plants tonight.",
    "Tired but content after the dinner party. I need to call the bank about the blocked card.",
    "My bike has a flat tyre again. I need to fix the puncture before Monday.",
]


def _wait_ready(server: ServerProcess, timeout: float = 180.0) -> dict:
    """Healthy, and the pipelines' Prefect API up (so the first entry measures the model, not Prefect)."""
    deadline = time.monotonic() + timeout
    health = server.wait_healthy(timeout=timeout)
    while health["pipelines"]["status"] == "starting" and time.monotonic() < deadline:
        time.sleep(0.5)
        health = server.wait_healthy(timeout=timeout)
    if health["pipelines"]["status"] != "ready":
        raise RuntimeError(f"pipelines not ready: {health['pipelines']}")
    return health


def _model_load_started(server: ServerProcess) -> datetime | None:
    """When the server began loading the embedding model, from its JSON log (None if not found)."""
    for line in server.log_path.read_text(errors="replace").splitlines():
        if '"Loading SentenceTransformer model' in line:
            try:
                return datetime.fromisoformat(json.loads(line)["timestamp"])
            except (ValueError, KeyError):
                return None
    return None


def _prefect_timings(data_dir: Path) -> str:
    """Medians of the analysis step and of the flow runs, from Prefect's own records in the data dir."""
    try:
        with sqlite3.connect(data_dir / "prefect" / "prefect.db") as con:
            steps = con.execute(
                "SELECT start_time, end_time FROM task_run WHERE name LIKE 'highlight-extraction-step%' "
                "AND end_time IS NOT NULL ORDER BY start_time"
            ).fetchall()
            flows = con.execute(
                "SELECT f.name, r.start_time, r.end_time FROM flow_run r JOIN flow f ON f.id = r.flow_id "
                "WHERE r.end_time IS NOT NULL ORDER BY r.start_time"
            ).fetchall()
    except sqlite3.Error as exc:
        return f"(Prefect's records not readable: {exc})"

    def seconds(start: str, end: str) -> float:
        return (datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds()

    step_ms = [seconds(a, b) * 1e3 for a, b in steps[1:]]  # the first one loads the models
    extraction_ms = [seconds(a, b) * 1e3 for name, a, b in flows[1:] if name == "highlight-extraction"]
    profile_ms = [seconds(a, b) * 1e3 for name, a, b in flows if name == "profile-regeneration"]
    return (
        "inside the server (Prefect's records, warm): "
        f"analysis step median {statistics.median(step_ms):.0f}ms, "
        f"highlight-extraction flow run median {statistics.median(extraction_ms):.0f}ms "
        f"({len(profile_ms)} profile regenerations, median {statistics.median(profile_ms or [0]):.0f}ms, "
        "run inside them)"
    )


def _wait_idle(server: ServerProcess, timeout: float = 180.0) -> float:
    """Wait until the pipelines have no run scheduled or running (the profile regenerations that
    follow the analyses), so the server stops at once; returns the seconds waited."""
    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        runs = server.wait_healthy()["pipelines"]["detail"]["runs"]
        if runs["scheduled"] + runs["running"] == 0:
            break
        time.sleep(0.2)
    return time.perf_counter() - started


def _save_and_wait(api: httpx.Client, db: sa.Engine, content: str) -> tuple[float, float, int, str]:
    """(POST seconds, save-to-tasks-listed seconds, tasks created, entry id)."""
    started = time.perf_counter()
    response = api.post("/api/journal", json={"content": content})
    saved = time.perf_counter()
    assert response.status_code == 201, response.text
    entry_id = response.json()["id"]
    query = sa.text(
        "SELECT e.analysis_state, (SELECT count(*) FROM tasks t WHERE t.entry_id = e.id) "
        "FROM journal_entries e WHERE e.id = :id"
    )
    deadline = started + ENTRY_TIMEOUT
    with db.connect() as conn:
        while True:
            state, tasks = conn.execute(query, {"id": entry_id}).one()
            conn.rollback()  # a fresh snapshot for the next poll
            if state == "done" and tasks:
                listed = api.get("/api/tasks")
                assert listed.status_code == 200, listed.text
                if any(task["entryId"] == entry_id for task in listed.json()):
                    return saved - started, time.perf_counter() - started, tasks, entry_id
            elif state in ("done", "failed"):
                raise RuntimeError(f"entry {entry_id} finished as {state} with {tasks} tasks: {content!r}")
            if time.perf_counter() > deadline:
                raise TimeoutError(f"entry {entry_id} still {state} after {ENTRY_TIMEOUT:.0f}s")
            time.sleep(POLL_SECONDS)


def run() -> None:
    with tempfile.TemporaryDirectory(prefix="reverie-bench-server-") as tmp:
        started = time.perf_counter()
        server = ServerProcess(Path(tmp) / "data")
        processes: list[psutil.Process] = []
        try:
            _wait_ready(server)
            ready_seconds = time.perf_counter() - started
            processes = server.processes()
            db = sa.create_engine(server.embedded_database_url(), poolclass=sa.pool.NullPool)
            with httpx.Client(base_url=server.url, headers=APP_HEADERS, timeout=60) as api:
                make_user(api, server.data_dir / "outbox", "bench", "bench@example.com")
                cold_posted_at = datetime.now(UTC)
                cold_post, cold_total, _, _ = _save_and_wait(api, db, ENTRIES[0])
                model_at = _model_load_started(server)
                posts, totals, ids = [], [], []
                for content in ENTRIES[1:]:
                    post, total, _, entry_id = _save_and_wait(api, db, content)
                    posts.append(post)
                    totals.append(total)
                    ids.append(entry_id)
                listed = {e["id"]: e["analysis"] for e in api.get("/api/journal").json()}
                assert all(listed[i]["state"] == "done" for i in ids), listed
                providers = {listed[i]["provider"] for i in ids}
            trailing_seconds = _wait_idle(server)
            with db.connect() as conn:
                task_count = conn.execute(sa.text("SELECT count(*) FROM tasks")).scalar()
            db.dispose()
        finally:
            server.stop()
            # The embedded PostgreSQL and Prefect's API stop with the app: wait, so the temp dir
            # is not removed under them.
            psutil.wait_procs([p for p in processes if p.is_running()], timeout=30)
        inside = _prefect_timings(server.data_dir)

    analysed_by = "/".join(sorted(map(str, providers)))
    print(
        f"\nserver ready (health ok, pipelines ready) in {ready_seconds:.1f}s; "
        f"{len(ENTRIES)} entries, {task_count} tasks created, analysed by the {analysed_by} provider"
    )
    cold = f"cold first entry: save {cold_post * 1e3:.0f}ms, save to tasks {cold_total * 1e3:.0f}ms"
    if model_at is not None:
        before_model = (model_at - cold_posted_at).total_seconds()
        cold += (
            f" = {before_model * 1e3:.0f}ms until the server began loading the embedding model (the first "
            f"Prefect flow run, importing torch and sentence-transformers), then "
            f"{(cold_total - before_model) * 1e3:.0f}ms to load the models and analyse"
        )
    print(cold)
    print(
        "warm entries 2..11, save to tasks: " + ", ".join(f"{t * 1e3:.0f}" for t in totals) + " ms; "
        f"the pipelines were idle {trailing_seconds:.1f}s after the last tasks were listed"
    )
    print(inside)
    report_latencies(
        f"Save to tasks, warm ({len(totals)} entries one at a time, polled every {POLL_SECONDS * 1e3:.0f}ms)",
        Measurement("save (POST /api/journal)", posts),
        Measurement("save to tasks listed", totals),
    )
