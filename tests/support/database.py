"""Test databases: each one a clone of the migrated template database, dropped when done."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator

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
