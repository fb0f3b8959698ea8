"""Start the real server (`python -m api`) as a separate process, the way `make run` does."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import psutil

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServerProcess:
    def __init__(self, data_dir: Path, *, database_url: str | None = None, extra_env: dict[str, str] | None = None):
        self.data_dir = data_dir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PREFECT_", "REVERIE_", "DATABASE_URL"))}
        env.update(
            {
                "REVERIE_DATA_DIR": str(data_dir),
                "PORT": str(self.port),
                "HOST": "127.0.0.1",
                "LOG_LEVEL": "INFO",
                "HF_HUB_OFFLINE": "1",
                # The tests read the run counts and versions that health shows only to admins.
                "HEALTH_DETAILS": "everyone",
            }
        )
        if database_url:
            env["DATABASE_URL"] = database_url
        env.update(extra_env or {})
        self.log_path = data_dir.parent / f"server-{self.port}.log"
        data_dir.mkdir(parents=True, exist_ok=True)
        self._log = open(self.log_path, "wb")
        # A session of its own, so the test can send Ctrl-C to the whole group, like a terminal.
        self.process = subprocess.Popen(
            [sys.executable, "-m", "api"], cwd=REPO, env=env, stdout=self._log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_healthy(self, timeout: float = 120.0) -> dict:
        deadline = time.monotonic() + timeout
        last: object = None
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited with {self.process.returncode}:\n{self.log()}")
            try:
                response = httpx.get(self.url + "/api/health", timeout=5)
                if response.status_code == 200:
                    return response.json()
                last = response.text
            except httpx.HTTPError as exc:
                last = exc
            time.sleep(0.1)
        raise TimeoutError(f"server not healthy after {timeout}s ({last}):\n{self.log()}")

    def processes(self) -> list[psutil.Process]:
        """The server and everything it started, the embedded PostgreSQL included."""
        found = {}
        try:
            root = psutil.Process(self.process.pid)
            found[root.pid] = root
            found.update({child.pid: child for child in root.children(recursive=True)})
        except psutil.NoSuchProcess:
            pass
        pid_file = self.data_dir / "pgdata" / "postmaster.pid"
        if pid_file.exists():
            try:
                postmaster = psutil.Process(int(pid_file.read_text().split()[0]))
                found[postmaster.pid] = postmaster
                found.update({child.pid: child for child in postmaster.children(recursive=True)})
            except (psutil.NoSuchProcess, ValueError, IndexError):
                pass
        return list(found.values())

    def embedded_database_url(self) -> str:
        """The embedded server's URL, read from its postmaster.pid (not through pgserver, whose
        handle would keep the server alive after the app exits)."""
        lines = (self.data_dir / "pgdata" / "postmaster.pid").read_text().splitlines()
        port, socket_dir = lines[3].strip(), lines[4].strip()
        return f"postgresql+psycopg://postgres@/postgres?host={socket_dir}&port={port}"

    def interrupt(self) -> None:
        """Ctrl-C, as a terminal sends it: SIGINT to the foreground process group."""
        os.killpg(self.process.pid, signal.SIGINT)

    def stop(self, timeout: float = 30.0) -> None:
        if self.process.poll() is None:
            self.interrupt()
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
                self._kill_database()
        self._log.close()

    def _kill_database(self) -> None:
        """The embedded PostgreSQL runs in a session of its own: a server killed for not stopping in
        time leaves it running (a test that wants that orphan kills the app itself, not through here)."""
        try:
            pid = int((self.data_dir / "pgdata" / "postmaster.pid").read_text().split()[0])
            postmaster = psutil.Process(pid)
            postmaster.kill()
            postmaster.wait(timeout=30)
        except (OSError, ValueError, IndexError, psutil.Error):
            pass

    def log(self) -> str:
        self._log.flush()
        return self.log_path.read_text(errors="replace")[-5000:]
