"""A real Prefect server for the scale-out tests, set up the way the README's "Scaling out the
pipelines" says: `prefect server start` on a free loopback port with a PREFECT_HOME of its own,
then the deploy step's commands (`DEPLOY_COMMANDS`), each run with the `prefect` command line."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.e2e.server import free_port

REPO = Path(__file__).resolve().parents[2]
PREFECT = str(Path(sys.executable).parent / "prefect")
POOL = "reverie-process"
POOL_CONCURRENCY = 2
# The README's deploy step, word for word (REVERIE_REPO_DIR and PREFECT_API_URL in the environment).
DEPLOY_COMMANDS = (
    ["work-pool", "create", POOL, "--type", "process"],
    ["work-pool", "set-concurrency-limit", POOL, str(POOL_CONCURRENCY)],
    ["--no-prompt", "deploy", "--all"],
    ["automation", "create", "--from-file", "prefect-automations.yaml"],
)
# What Prefect's server logs when one of its services fails (the scheduler's "Can't evaluate bulk
# DML statement" under SQLAlchemy 2.1 came from `prefect.server.services...` with an
# InvalidRequestError), or when a client's call breaks a constraint (a create of what exists).
# Not every ERROR line: its SQLite database answers "database is locked" to an event trigger's
# update now and then under load (Prefect then goes on; see the README).
SERVER_ERROR = re.compile(r"ERROR\s*\|\s*prefect\.server\.services|InvalidRequestError|Can't evaluate bulk DML"
                          r"|schedule_(recent_)?deployments.*(rror|fail)|IntegrityError")


def clean_env(**extra: str) -> dict[str, str]:
    """This process's environment without any PREFECT_, REVERIE_ or DATABASE_URL setting of its own."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PREFECT_", "REVERIE_", "DATABASE_URL"))}
    env.update(extra)
    return env


def start_process(args: list[str], env: dict[str, str], log_path: Path) -> subprocess.Popen:
    """A process in a session of its own (so its whole group can be stopped or killed), logging to a file."""
    with open(log_path, "ab") as log:
        return subprocess.Popen(args, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def stop_process(process: subprocess.Popen, timeout: float = 30) -> None:
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        except ProcessLookupError:
            pass


class PrefectServer:
    """`prefect server start`; its state in SQLite under its PREFECT_HOME, or in the PostgreSQL
    database `database_url` (postgresql+asyncpg://...) as the README has it for workers."""

    def __init__(self, root: Path, database_url: str | None = None) -> None:
        root.mkdir(parents=True, exist_ok=True)
        self.root = root
        self.port = free_port()
        self.api_url = f"http://127.0.0.1:{self.port}/api"
        self.log_path = root / "prefect-server.log"
        self.server_env = clean_env(PREFECT_HOME=str(root / "prefect-home"), PREFECT_SERVER_ANALYTICS_ENABLED="false",
                                    PREFECT_SERVER_UI_ENABLED="false")
        # What the README has every client (deploy step, workers, the app) set.
        self.client_env = {**self.server_env, "PREFECT_API_URL": self.api_url, "REVERIE_REPO_DIR": str(REPO)}
        database = {"PREFECT_API_DATABASE_CONNECTION_URL": database_url} if database_url else {}
        self.process = start_process([PREFECT, "server", "start", "--host", "127.0.0.1", "--port", str(self.port)],
                                     {**self.server_env, **database}, self.log_path)

    def wait_healthy(self, timeout: float = 180) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"Prefect's server exited:\n{self.log()}")
            try:
                if httpx.get(self.api_url + "/health", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        raise TimeoutError(f"Prefect's server not healthy in {timeout}s:\n{self.log()}")

    def deploy(self) -> None:
        for args in DEPLOY_COMMANDS:
            done = subprocess.run([PREFECT, *args], check=False, cwd=REPO, env=self.client_env, capture_output=True,
                                  text=True, timeout=300)
            assert done.returncode == 0, f"prefect {' '.join(args)}:\n{done.stdout}{done.stderr}"

    def errors(self) -> list[str]:
        """The lines of the server's log that say a service failed or a call broke a constraint."""
        return [line for line in self.log(full=True).splitlines() if SERVER_ERROR.search(line)]

    def log(self, full: bool = False) -> str:
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        return text if full else text[-5000:]

    def stop(self) -> None:
        stop_process(self.process)
