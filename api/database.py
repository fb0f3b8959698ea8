"""The database: the embedded PostgreSQL + pgvector (pgserver) by default, or `DATABASE_URL`.

`prepare_database()` is the start-up step: it starts the embedded server when needed, waits for
the database, and applies the Alembic migrations. Both paths run the same migrations.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from api.logging import get_logger
from api.settings import Settings

log = get_logger("reverie.database")
MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

_embedded_servers: dict[Path, object] = {}


def sqlalchemy_url(url: str) -> str:
    """Use psycopg 3 whatever scheme the URL came with (postgres://, postgresql://, ...)."""
    for prefix in ("postgresql+psycopg://", "postgresql+psycopg2://", "postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    raise ValueError("DATABASE_URL must be a PostgreSQL URL (postgresql://...)")


def start_embedded_server(data_dir: Path) -> str:
    """Start (or reuse) the embedded PostgreSQL in `<data_dir>/pgdata`; return its libpq URI.

    The server stops when the last process using it exits.
    """
    import pgserver

    # pgserver logs every command at INFO and, at interpreter exit, after logging is torn down.
    logging.getLogger("pgserver").propagate = False
    data_dir.mkdir(parents=True, exist_ok=True)
    pgdata = (data_dir / "pgdata").resolve()
    server = _embedded_servers.get(pgdata)
    if server is None:
        forget_dead_handles(pgdata)
        started = time.perf_counter()
        server = pgserver.get_server(pgdata, cleanup_mode="stop")
        _embedded_servers[pgdata] = server
        log.info("embedded_postgres_ready", pgdata=str(pgdata), seconds=round(time.perf_counter() - started, 2))
    return server.get_uri()  # type: ignore[attr-defined]


def forget_dead_handles(pgdata: Path) -> None:
    """pgserver stops the server when its last user exits, counting users in a list of process
    ids. A user that was SIGKILLed never took itself off, so the server would outlive every later
    start: drop the ids of processes that are gone (or are not this app any more)."""
    import json

    import psutil

    handles = pgdata / ".handle_pids.json"
    try:
        pids = json.loads(handles.read_text())
    except (OSError, ValueError):
        return
    alive = [pid for pid in pids if isinstance(pid, int) and psutil.pid_exists(pid)]
    if alive != pids:
        handles.write_text(json.dumps(alive))
        log.info("embedded_postgres_dead_handles_dropped", count=len(pids) - len(alive))


def resolve_database_url(settings: Settings) -> str:
    """The SQLAlchemy URL of the app's database, starting the embedded server if needed."""
    raw = settings.database_url or start_embedded_server(settings.data_dir)
    return sqlalchemy_url(raw)


def wait_for_database(url: str, timeout: float = 30.0) -> None:
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    deadline = time.monotonic() + timeout
    try:
        while True:
            try:
                with engine.connect() as conn:
                    conn.execute(sa.text("SELECT 1"))
                return
            except sa.exc.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
    finally:
        engine.dispose()


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def migrate(url: str) -> None:
    command.upgrade(alembic_config(url), "head")


def prepare_database(settings: Settings) -> str:
    """Start-up step: database up, reachable and migrated. Returns its SQLAlchemy URL."""
    url = resolve_database_url(settings)
    wait_for_database(url)
    if settings.migrate_on_start:
        migrate(url)
        log.info("migrations_applied")
    return url
