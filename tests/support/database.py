"""Test databases: each one a clone of the migrated template database, dropped when done."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor

import sqlalchemy as sa

TEMPLATE_DB = "reverie_template"


def database_url_for(admin_url: str, name: str) -> str:
    return sa.make_url(admin_url).set(database=name).render_as_string(hide_password=False)


@contextlib.contextmanager
def fresh_database(admin_url: str, prefix: str = "test") -> Iterator[str]:
    """A migrated, empty database cloned from the template; dropped on exit. Yields its URL."""
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    engine = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
    with engine.connect() as conn:
        conn.execute(sa.text(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE_DB}"))
    try:
        yield database_url_for(admin_url, name)
    finally:
        with engine.connect() as conn:
            conn.execute(sa.text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        engine.dispose()


class DatabaseSupply:
    """Per-test databases, each still a fresh clone of the template of its own, cloned one test
    ahead and dropped behind on a background thread: the next test's clone is ready when it starts,
    and PostgreSQL copies and drops while the tests work (on the other core)."""

    def __init__(self, admin_url: str, prefix: str = "test") -> None:
        self.admin_url = admin_url
        self.prefix = prefix
        self._engine = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="test-databases")
        self._next: Future[str] | None = None

    def _create(self) -> str:
        name = f"{self.prefix}_{uuid.uuid4().hex[:12]}"
        with self._engine.connect() as conn:
            conn.execute(sa.text(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE_DB}"))
        return name

    def _drop(self, name: str) -> None:
        with self._engine.connect() as conn:
            conn.execute(sa.text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))

    @contextlib.contextmanager
    def database(self) -> Iterator[str]:
        """A migrated, empty database of the caller's own; dropped (in the background) on exit."""
        ahead, self._next = self._next, None
        name = ahead.result() if ahead is not None else self._create()
        self._next = self._worker.submit(self._create)
        try:
            yield database_url_for(self.admin_url, name)
        finally:
            self._worker.submit(self._drop, name)

    def close(self) -> None:
        ahead, self._next = self._next, None
        if ahead is not None:
            self._worker.submit(lambda: self._drop(ahead.result()))
        self._worker.shutdown(wait=True)
        self._engine.dispose()


def sql(database_url: str, statement: str, **params) -> list:
    """Run one SQL statement on a test database (to arrange or inspect what the API cannot);
    returns its rows, or [] for a statement that returns none."""
    engine = sa.create_engine(database_url, poolclass=sa.pool.NullPool)
    try:
        with engine.begin() as conn:
            result = conn.execute(sa.text(statement), params)
            return list(result) if result.returns_rows else []
    finally:
        engine.dispose()


def set_premium(database_url: str, username: str) -> None:
    """Put the user on the premium plan (there is no API for it but the admin's)."""
    sql(database_url, "UPDATE users SET subscription_tier = 'premium' WHERE username = :username", username=username)
