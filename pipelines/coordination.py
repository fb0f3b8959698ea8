"""Several app processes on one PostgreSQL: exactly one of them analyses entries.

The entry rows are already the durable queue (`analysis_state` pending/running, `analysed_version`
behind `content_version`). The process that holds a session-level PostgreSQL advisory lock is the
*analysis owner*: it alone runs `highlight-extraction`, on its runner's fair queue. Any other
process hands an analysis over with `NOTIFY reverie_analysis, '<entry id> <user id>'` (sent from a
background thread, never from a request) and the owner, which LISTENs, queues it.

- Nothing runs twice: one owner, and the owner queues an entry only while it does not already
  have it queued or running (its own runs say so); the analysis itself is idempotent per content
  version under the entry's row lock (`pipelines/analysis.py`) as a second line.
- Nothing is lost: the lock is held by a connection of the owner, so PostgreSQL releases it the
  moment the owner dies; every other process tries to take it every `RETRY_SECONDS`, and whoever
  takes it first scans the entry rows for unfinished analyses (the same rule as start-up recovery)
  after it LISTENs, so a hand-over sent while nobody owned is found by the scan. The owner also
  re-scans every `SCAN_SECONDS` (a lost notification, a run that could not start).

With one process it owns at once, and this is the plain in-process runner with a scan behind it.
`python -m api` runs the analyses in a pipeline process of their own beside the app (`may_own` is
false in the app's processes): the app hands every analysis over, and a big backlog never
competes with the app's requests for its interpreter.

The owner writes how its queue stands to `analysis_status` every `PUBLISH_SECONDS`; the other
processes read it for health (`published`), which says "degraded" when nobody has written lately.
The other flows (profile, patterns, weekly focus) run in the process that was asked; their runs
that clients poll by id are recorded in `pipeline_runs` (see `PipelineRunner`).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from typing import Any, Protocol

from models.values import AnalysisState
from pipelines.catalog import coordinated_flow, spec_of
from pipelines.runs import PipelineRun

log = logging.getLogger("reverie.pipelines.coordination")

# The flow one process runs (the analysis: `FlowSpec.coordinated`), and its subject's parameter.
ANALYSIS_FLOW = coordinated_flow()
SUBJECT = spec_of(ANALYSIS_FLOW).subject or ""
# pg_advisory_lock key: "REVERIE" analysis owner.
OWNER_LOCK_KEY = 0x52455645_52494541
CHANNEL = "reverie_analysis"
RETRY_SECONDS = 2.0
SCAN_SECONDS = 30.0
PUBLISH_SECONDS = 5.0
# The owner's status older than this: no process is analysing (health says so).
PUBLISHED_STALE_SECONDS = 30.0
# Entries whose earlier runs were interrupted go last: one that kills its process does not hold up
# the others while it uses up its runs (`unfinished_runs`, pipelines/flows/highlight_extraction.py).
_UNFINISHED = """
    SELECT id::text, user_id::text FROM journal_entries
     WHERE (analysis_state IN (%(pending)s, %(running)s) OR analysed_version < content_version)
       AND analysis_state <> %(failed)s
     ORDER BY unfinished_runs, created_at
"""
_UNFINISHED_STATES = {"pending": AnalysisState.PENDING.value, "running": AnalysisState.RUNNING.value,
                      "failed": AnalysisState.FAILED.value}
_PUBLISH = """
    INSERT INTO analysis_status (id, pid, status, detail, updated_at) VALUES (1, %s, %s, %s, now())
    ON CONFLICT (id) DO UPDATE SET pid = EXCLUDED.pid, status = EXCLUDED.status, detail = EXCLUDED.detail,
                                   updated_at = now()
"""


def libpq_url(url: str) -> str:
    """A SQLAlchemy URL (postgresql+psycopg://...) as psycopg's own connect() takes it."""
    for prefix in ("postgresql+psycopg://", "postgresql+psycopg2://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql://" + url[len(prefix):]
    return url


class Runner(Protocol):
    """What the ownership needs of the runner it serves (`PipelineRunner`, `DeploymentRunner`)."""

    def enqueue(self, flow: str, *, owner: str | None = None, **parameters: Any) -> PipelineRun: ...

    def status(self) -> dict[str, Any]: ...


class AnalysisOwnership:
    def __init__(self, runner: Runner, database_url: str, *, may_own: bool = True) -> None:
        self.runner = runner
        self.dsn = libpq_url(database_url)
        self.may_own = may_own
        self.is_owner = False
        self._in_hand: dict[str, PipelineRun] = {}  # entry id -> the owner's run of it
        self._lock = threading.Lock()
        self._outbox: queue.Queue[str | None] = queue.Queue()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    # -- lifecycle -------------------------------------------------------------------------
    def start(self) -> None:
        if self._threads:
            return
        self._stop.clear()
        threads = [(self._own, "analysis-owner")] if self.may_own else []
        for target, name in (*threads, (self._send, "analysis-handover")):
            thread = threading.Thread(target=target, name=name, daemon=True)
            thread.start()
            self._threads.append(thread)

    def stop(self) -> None:
        self._stop.set()
        self._outbox.put(None)
        self._threads.clear()
        self.is_owner = False

    # -- requests --------------------------------------------------------------------------
    def request(self, entry_id: str, owner: str, parameters: dict[str, Any]) -> PipelineRun:
        """Analyse this entry: queued here when this process owns, else handed to the owner."""
        if self.is_owner:
            return self._queue(entry_id, owner, parameters)
        self._outbox.put(f"{entry_id} {owner}")
        return PipelineRun(id=f"handed-{entry_id}", flow=ANALYSIS_FLOW, parameters=parameters, owner=owner)

    def _queue(self, entry_id: str, owner: str, parameters: dict[str, Any] | None = None) -> PipelineRun:
        with self._lock:
            run = self._in_hand.get(entry_id)
            if run is not None and run.state in ("scheduled", "running"):
                return run
            run = self.runner.enqueue(ANALYSIS_FLOW, owner=owner, **(parameters or {SUBJECT: entry_id}))
            self._in_hand[entry_id] = run
            return run

    def _scan(self, conn) -> int:
        rows = conn.execute(_UNFINISHED, _UNFINISHED_STATES).fetchall()
        with self._lock:
            self._in_hand = {k: r for k, r in self._in_hand.items() if r.state in ("scheduled", "running")}
        queued = 0
        for entry_id, user_id in rows:
            before = self._in_hand.get(entry_id)
            if self._queue(entry_id, user_id) is not before:
                queued += 1
        if queued:
            log.info("analyses_taken_up %s", queued)
        return queued

    # -- threads ---------------------------------------------------------------------------
    def _own(self) -> None:
        """Take the owner's lock when it is free, then queue what is handed over and what the scan
        finds, until the process stops (or its connection breaks: then try again)."""
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(self.dsn, autocommit=True) as conn:
                    while not self._stop.is_set():
                        if conn.execute("SELECT pg_try_advisory_lock(%s)", (OWNER_LOCK_KEY,)).fetchone()[0]:
                            break
                        self._stop.wait(RETRY_SECONDS)
                    if self._stop.is_set():
                        return
                    # LISTEN before the scan: a hand-over is either in the rows scanned or heard.
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.is_owner = True
                    log.info("analysis_owner")
                    self._scan(conn)
                    self._publish(conn)
                    scanned = published = time.monotonic()
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=1.0, stop_after=256):
                            entry_id, _, owner = note.payload.partition(" ")
                            self._queue(entry_id, owner)
                        if time.monotonic() - scanned >= SCAN_SECONDS:
                            self._scan(conn)
                            scanned = time.monotonic()
                        if time.monotonic() - published >= PUBLISH_SECONDS:
                            self._publish(conn)
                            published = time.monotonic()
            except Exception as exc:  # the database went away: not the owner any more; try again
                if self._stop.is_set():  # stopping: the database may stop before this thread does
                    return
                log.warning("analysis_owner_lost %s: %s", type(exc).__name__, exc)
            finally:
                self.is_owner = False
            self._stop.wait(RETRY_SECONDS)

    def _publish(self, conn) -> None:
        """How the owner's queue stands, for the other processes' health."""
        import os

        from psycopg.types.json import Jsonb

        try:
            status = self.runner.status()
            detail = {"queue": status.get("queue"), "runs": status.get("runs"), "workers": status.get("workers"),
                      "lastFailure": status.get("lastFailure"), "error": status.get("error")}
            conn.execute(_PUBLISH, (os.getpid(), status["status"], Jsonb(detail)))
        except Exception as exc:  # health goes without it; the analyses go on
            log.warning("analysis_status_unpublished %s: %s", type(exc).__name__, exc)

    def published(self) -> dict[str, Any] | None:
        """The owner's last status (with `ageSeconds`), or None when nothing could be read."""
        import sqlalchemy as sa

        from pipelines import db

        try:
            with db.session() as s:
                row = s.execute(sa.text("SELECT pid, status, detail, EXTRACT(EPOCH FROM now() - updated_at) AS age "
                                        "FROM analysis_status WHERE id = 1")).first()
        except Exception as exc:
            log.warning("analysis_status_unread %s: %s", type(exc).__name__, exc)
            return None
        if row is None:
            return None
        return {"pid": row.pid, "status": row.status, **row.detail, "ageSeconds": round(float(row.age), 1)}

    def _send(self) -> None:
        """Hand analyses to the owner (NOTIFY), off the request path. A hand-over that fails is not
        lost: the entry row stays unfinished and the owner's scan takes it."""
        import psycopg

        conn = None
        while not self._stop.is_set():
            payload = self._outbox.get()
            if payload is None:
                break
            batch = [payload]
            while len(batch) < 500:
                try:
                    more = self._outbox.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._stop.set()
                    break
                batch.append(more)
            try:
                if conn is None or conn.closed:
                    conn = psycopg.connect(self.dsn, autocommit=True)
                with conn.transaction():
                    for each in batch:
                        conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, each))
            except Exception as exc:
                log.warning("analysis_handover_failed %s: %s", type(exc).__name__, exc)
                conn = None
        if conn is not None:
            conn.close()
