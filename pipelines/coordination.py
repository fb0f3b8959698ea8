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
The other flows (profile, patterns, weekly focus) run in the process that was asked; their runs
that clients poll by id are recorded in `pipeline_runs` (see `PipelineRunner`).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pipelines.runtime import PipelineRun, PipelineRunner

log = logging.getLogger("reverie.pipelines.coordination")

ANALYSIS_FLOW = "highlight-extraction"
# pg_advisory_lock key: "REVERIE" analysis owner.
OWNER_LOCK_KEY = 0x52455645_52494541
CHANNEL = "reverie_analysis"
RETRY_SECONDS = 2.0
SCAN_SECONDS = 30.0
_UNFINISHED = """
    SELECT id::text, user_id::text FROM journal_entries
     WHERE (analysis_state IN ('pending', 'running') OR analysed_version < content_version)
       AND analysis_state <> 'failed'
     ORDER BY created_at
"""


def libpq_url(url: str) -> str:
    """A SQLAlchemy URL (postgresql+psycopg://...) as psycopg's own connect() takes it."""
    for prefix in ("postgresql+psycopg://", "postgresql+psycopg2://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql://" + url[len(prefix):]
    return url


class AnalysisOwnership:
    def __init__(self, runner: PipelineRunner, database_url: str) -> None:
        self.runner = runner
        self.dsn = libpq_url(database_url)
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
        for target, name in ((self._own, "analysis-owner"), (self._send, "analysis-handover")):
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
        from pipelines.runtime import PipelineRun

        if self.is_owner:
            return self._queue(entry_id, owner, parameters)
        self._outbox.put(f"{entry_id} {owner}")
        return PipelineRun(id=f"handed-{entry_id}", flow=ANALYSIS_FLOW, parameters=parameters, owner=owner)

    def _queue(self, entry_id: str, owner: str, parameters: dict[str, Any] | None = None) -> PipelineRun:
        with self._lock:
            run = self._in_hand.get(entry_id)
            if run is not None and run.state in ("scheduled", "running"):
                return run
            run = self.runner.enqueue(ANALYSIS_FLOW, owner=owner, **(parameters or {"entry_id": entry_id}))
            self._in_hand[entry_id] = run
            return run

    def _scan(self, conn) -> int:
        rows = conn.execute(_UNFINISHED).fetchall()
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
                    scanned = time.monotonic()
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=1.0, stop_after=256):
                            entry_id, _, owner = note.payload.partition(" ")
                            self._queue(entry_id, owner)
                        if time.monotonic() - scanned >= SCAN_SECONDS:
                            self._scan(conn)
                            scanned = time.monotonic()
            except Exception as exc:  # the database went away: not the owner any more; try again
                if self._stop.is_set():  # stopping: the database may stop before this thread does
                    return
                log.warning("analysis_owner_lost %s: %s", type(exc).__name__, exc)
            finally:
                self.is_owner = False
            self._stop.wait(RETRY_SECONDS)

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
