"""The pipeline process: where `python -m api` analyses entries, beside the app's processes.

The app's processes hand every analysis over (`pipelines/coordination.py`: they never take the
analysis owner's lock; `NOTIFY` tells the owner), so a big backlog (an import of years) never
competes with the app's requests for an interpreter, and at a lower CPU priority it yields the
cores to them. The rest of what the pipelines do at someone's request (a story regenerated, a
pattern refresh, weekly focus) still runs in the app process that was asked.

`PipelineProcess` runs it as a child of `python -m api` and starts it again when it dies (an entry
that kills it is failed after three tries: `pipelines/flows/highlight_extraction.py`);
`serve_pipelines` is the child (`python -m api pipelines`), which ends when its parent does.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from api.logging import get_logger

log = get_logger("reverie.pipelines.process")

# The pipeline process's nice value: the app's requests come first on a busy machine.
NICENESS = 10
# After the pipeline process died, it starts again after this long, doubling up to the ceiling.
RESTART_FIRST_SECONDS = 1.0
RESTART_CEILING_SECONDS = 30.0
# A child that ran this long before it died is not a crash loop: the wait starts again from the first.
STEADY_SECONDS = 60.0
STOP_SECONDS = 15.0
# The environment variable that tells the pipeline process its parent's pid.
PARENT_PID = "REVERIE_PARENT_PID"
REPO = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class PipelineProcess:
    """The supervised child `python -m api pipelines` (same environment as the parent's)."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._supervise, name="pipeline-process", daemon=True)
        self._thread.start()

    def _supervise(self) -> None:
        wait = RESTART_FIRST_SECONDS
        while not self._stopping.is_set():
            started = time.monotonic()
            # The child is told who its parent is: it may be orphaned before it could ask.
            self.process = subprocess.Popen([sys.executable, "-m", "api", "pipelines"], cwd=REPO,
                                            env={**self.env, PARENT_PID: str(os.getpid())})
            self.starts += 1
            log.info("pipeline_process_started", pid=self.process.pid, starts=self.starts)
            code = self.process.wait()
            if self._stopping.is_set():
                return
            wait = RESTART_FIRST_SECONDS if time.monotonic() - started >= STEADY_SECONDS else wait
            log.warning("pipeline_process_exited", code=code, restart_in_seconds=wait)
            if self._stopping.wait(wait):
                return
            wait = min(wait * 2, RESTART_CEILING_SECONDS)

    def stop(self) -> None:
        self._stopping.set()
        process = self.process
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=STOP_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=STOP_SECONDS)


def serve_pipelines(settings) -> int:
    """`python -m api pipelines`: analyse entries until told to stop, or until the parent is gone
    (a SIGKILLed parent cannot stop its child; the child notices and ends itself)."""
    from api.app import configure_pipelines
    from api.database import prepare_database
    from api.logging import configure_logging
    from pipelines.public import configure_prefect

    configure_logging(settings.log_level, settings.log_format)
    # The pid the parent gave (a parent SIGKILLed while this process was still importing would
    # otherwise leave it reading its new parent, init, as its own), else the parent it has now.
    parent = int(os.environ.get(PARENT_PID) or os.getppid())
    if os.getppid() != parent:
        log.warning("pipeline_process_orphaned")
        return 0
    os.nice(NICENESS)
    url = os.environ.get("REVERIE_WORKER_DATABASE_URL") or prepare_database(settings)
    configure_prefect(settings.data_dir)
    configure_pipelines(settings, url)
    from pipelines.public import PipelineRunner

    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    runner = PipelineRunner(mode="inline", workers=settings.pipelines_workers)
    runner.coordinate(url, may_own=True)
    runner.start()
    log.info("pipeline_process_ready", pid=os.getpid(), workers=settings.pipelines_workers)
    while not stop.wait(1.0):
        if os.getppid() != parent:
            log.warning("pipeline_process_orphaned")
            break
    runner.shutdown(wait=False)
    return 0
