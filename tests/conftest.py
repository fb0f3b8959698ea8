"""Shared fixtures: one embedded PostgreSQL per test run, a fresh database per test.

Every test database is cloned from a migrated template, so each test starts from the same
schema with no rows, and tests never share state or depend on run order.
"""

from __future__ import annotations

import logging
import os
import tempfile
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
from tests.support.accounts import signed_up  # noqa: E402
from tests.support.app import SharedRunner, app_client  # noqa: E402
from tests.support.database import TEMPLATE_DB, DatabaseSupply, database_url_for  # noqa: E402

# The test cluster's durability settings (all take effect on a reload); tests only, never the product.
TEST_CLUSTER_SETTINGS = ("fsync = off", "synchronous_commit = off", "full_page_writes = off")


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
        # A throwaway cluster: nothing in it must survive a crash, so it never waits for the disk
        # (each test's CREATE/DROP DATABASE and every commit were paying for fsyncs).
        for setting in TEST_CLUSTER_SETTINGS:
            conn.execute(sa.text(f"ALTER SYSTEM SET {setting}"))
        conn.execute(sa.text("SELECT pg_reload_conf()"))
        conn.execute(sa.text(f"DROP DATABASE IF EXISTS {TEMPLATE_DB}"))
        conn.execute(sa.text(f"CREATE DATABASE {TEMPLATE_DB}"))
    migrate(database_url_for(admin_url, TEMPLATE_DB))
    engine.dispose()
    yield admin_url
    server.cleanup()


@pytest.fixture(scope="session")
def database_supply(postgres_server: str) -> Iterator[DatabaseSupply]:
    supply = DatabaseSupply(postgres_server)
    yield supply
    supply.close()


@pytest.fixture
def database_url(database_supply: DatabaseSupply) -> Iterator[str]:
    """A database of this test's own, migrated, empty; dropped afterwards."""
    with database_supply.database() as url:
        yield url


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings.from_env({"REVERIE_DATA_DIR": str(tmp_path / "data"), "LOG_LEVEL": "WARNING",
                             "ALLOWED_HOSTS": "testserver.local"})


def _running_runner(workers: int):
    """A real pipeline runner (inline mode, Prefect's local API), ready, shut down after."""
    from pipelines.runtime import PipelineRunner

    runner = PipelineRunner(mode="inline", workers=workers)
    runner.start()
    assert runner.wait_until_ready(timeout=180), runner.status()
    yield runner
    runner.shutdown(wait=True)


@pytest.fixture
def lone_runner():
    """A runner of its own with one worker, for tests that watch how runs are queued and served."""
    yield from _running_runner(workers=1)


@pytest.fixture(scope="session")
def pipeline_runner():
    """The real pipeline runner, shared by the run."""
    yield from _running_runner(workers=2)


@pytest.fixture
def app(settings: Settings, database_url: str, pipeline_runner):
    from api.app import create_app

    return create_app(settings, database_url=database_url, pipelines=SharedRunner(pipeline_runner))


@pytest.fixture
def client(app):
    with app_client(app, raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.fixture
def ana(client, settings):
    """`client`, signed in as Ana: verified, agreed to the terms, nothing written yet."""
    signed_up(client, settings.outbox_dir)
    return client


@pytest.fixture
def standin():
    """A real OpenAI-compatible server on loopback (tests/support/openai_standin.py) that wants
    STANDIN_API_KEY."""
    from tests.support.openai_standin import STANDIN_API_KEY, OpenAIStandIn

    with OpenAIStandIn(api_key=STANDIN_API_KEY) as server:
        yield server


@pytest.fixture
def encode_calls():
    """Every batch of texts the embedding model encodes while the test runs."""
    from pipelines.embeddings import get_model

    model = get_model()
    original = model.encode
    calls: list[list[str]] = []

    def counted(texts, *args, **kwargs):
        calls.append(list(texts))
        return original(texts, *args, **kwargs)

    model.encode = counted
    yield calls
    model.encode = original
