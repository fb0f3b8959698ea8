"""What `make run` starts: the embedded default comes up healthy, Ctrl-C stops every process it
started, and a second start reuses the data."""

from __future__ import annotations

import time

import psutil
import pytest
import sqlalchemy as sa

from tests.e2e.server import ServerProcess

pytestmark = pytest.mark.slow


def _wait_gone(processes: list[psutil.Process], timeout: float) -> list[psutil.Process]:
    _, alive = psutil.wait_procs(processes, timeout=timeout)
    return [p for p in alive if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]


def test_embedded_default_starts_stops_and_restarts_on_the_same_data(tmp_path):
    data_dir = tmp_path / "data"
    server = ServerProcess(data_dir)
    try:
        health = server.wait_healthy()
        assert health["database"]["status"] == "ready"
        assert health["database"]["detail"]["embedded"] is True
        assert (data_dir / "pgdata" / "PG_VERSION").exists()
        assert (data_dir / "secret_key").exists()
        # Prefect's state lives under the data dir.
        deadline = time.monotonic() + 120
        while health["pipelines"]["status"] == "starting" and time.monotonic() < deadline:
            time.sleep(0.2)
            health = server.wait_healthy()
        assert health["pipelines"]["status"] == "ready", health
        assert (data_dir / "prefect" / "prefect.db").exists()

        # Leave a mark in the database to find after the restart.
        engine = sa.create_engine(server.embedded_database_url(), poolclass=sa.pool.NullPool)
        with engine.begin() as conn:
            conn.execute(sa.text("CREATE TABLE restart_mark (note text)"))
            conn.execute(sa.text("INSERT INTO restart_mark VALUES ('still here')"))
        engine.dispose()

        started = server.processes()
        names = {p.name() for p in started}
        assert any("postgres" in name for name in names), names
        assert len(started) >= 3  # the app, PostgreSQL, Prefect's local API

        server.interrupt()
        assert server.process.wait(timeout=60) is not None
        leftover = _wait_gone(started, timeout=30)
        assert not leftover, [(p.pid, p.name(), p.cmdline()) for p in leftover]
    finally:
        server.stop()

    again = ServerProcess(data_dir)
    try:
        health = again.wait_healthy()
        assert health["database"]["status"] == "ready"
        engine = sa.create_engine(again.embedded_database_url(), poolclass=sa.pool.NullPool)
        with engine.connect() as conn:
            assert conn.execute(sa.text("SELECT note FROM restart_mark")).scalar() == "still here"
        engine.dispose()
    finally:
        again.stop()
    assert again.process.returncode is not None
