"""Shared fixtures: one embedded PostgreSQL per test run, a fresh database per test.

Every test database is cloned from a migrated template, so each test starts from the same
schema with no rows, and tests never share state or depend on run order.
"""

from __future__ import annotations

import contextlib
import logging
import os
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

# Prefect reads its settings when first imported: point it at this run's own state first.
_RUN_DIR = Path(tempfile.mkdtemp(prefix="reverie-tests-"))
os.environ["REVERIE_DATA_DIR"] = str(_RUN_DIR / "data")
os.environ.setdefault("LOG_LEVEL", "WARNING")

from pipelines import configure_prefect  # noqa: E402

configure_prefect(_RUN_DIR / "data")

from api.database import migrate, sqlalchemy_url  # noqa: E402
from api.settings import Settings  # noqa: E402

TEMPLATE_DB = "reverie_template"
# What the web app sends with every call (the CSRF defence requires it on state changes).
APP_HEADERS = {"X-Requested-With": "XMLHttpRequest"}


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The embedded PostgreSQL + pgvector for this test run; yields its admin URL."""
    import pgserver

    # Its atexit handler logs after pytest closed the log streams.
    logging.getLogger("pgserver").propagate = False
    server = pgserver.get_server(_RUN_DIR / "pgdata", cleanup_mode="delete")
    admin_url = sqlalchemy_url(server.get_uri())
    engine = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
    with engine.connect() as conn:
        conn.execute(sa.text(f"DROP DATABASE IF EXISTS {TEMPLATE_DB}"))
        conn.execute(sa.text(f"CREATE DATABASE {TEMPLATE_DB}"))
    migrate(_database_url(admin_url, TEMPLATE_DB))
    engine.dispose()
    yield admin_url
    server.cleanup()


def _database_url(admin_url: str, name: str) -> str:
    return sa.make_url(admin_url).set(database=name).render_as_string(hide_password=False)


@contextlib.contextmanager
def fresh_database(admin_url: str, prefix: str = "test") -> Iterator[str]:
    """A migrated, empty database cloned from the template; dropped on exit. Yields its URL."""
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    engine = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
    with engine.connect() as conn:
        conn.execute(sa.text(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE_DB}"))
    try:
        yield _database_url(admin_url, name)
    finally:
        with engine.connect() as conn:
            conn.execute(sa.text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        engine.dispose()


@pytest.fixture
def database_url(postgres_server: str) -> Iterator[str]:
    """A database of this test's own, migrated, empty; dropped afterwards."""
    with fresh_database(postgres_server) as url:
        yield url


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings.from_env({"REVERIE_DATA_DIR": str(tmp_path / "data"), "LOG_LEVEL": "WARNING"})


@pytest.fixture(scope="session")
def pipeline_runner():
    """The real pipeline runner (inline mode, Prefect's local API), shared by the run."""
    from pipelines.runtime import PipelineRunner

    runner = PipelineRunner(mode="inline", workers=2)
    runner.start()
    assert runner.wait_until_ready(timeout=180), runner.status()
    yield runner
    runner.shutdown(wait=True)


class _SharedRunner:
    """Lets each test app start and stop "its" runner without tearing down the shared one."""

    def __init__(self, runner) -> None:
        self._runner = runner

    def start(self) -> None: ...
    def shutdown(self, wait: bool = True) -> None: ...

    def __getattr__(self, name: str):
        return getattr(self._runner, name)


@pytest.fixture
def app(settings: Settings, database_url: str, pipeline_runner):
    from api.app import create_app

    return create_app(settings, database_url=database_url, pipelines=_SharedRunner(pipeline_runner))


@pytest.fixture
def client(app):
    from litestar.testing import TestClient

    with TestClient(app=app, raise_server_exceptions=False) as test_client:
        test_client.headers.update(APP_HEADERS)
        yield test_client
