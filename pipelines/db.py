"""The pipelines' own database access (sync SQLAlchemy over psycopg): flows run in worker threads
or on Prefect workers, outside the API's async request cycle.

The API calls `configure(url)` at start-up; a Prefect worker reads DATABASE_URL instead.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import sqlalchemy as sa
from sqlalchemy.orm import Session, sessionmaker

_lock = threading.Lock()
_engine: sa.Engine | None = None
_sessions: sessionmaker[Session] | None = None


def _psycopg(url: str) -> str:
    for prefix in ("postgresql+psycopg://", "postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def configure(url: str) -> None:
    global _engine, _sessions
    with _lock:
        if _engine is not None:
            _engine.dispose()
        _engine = sa.create_engine(_psycopg(url), pool_pre_ping=True, pool_size=4, max_overflow=4)
        _sessions = sessionmaker(_engine, expire_on_commit=False)


@contextmanager
def session() -> Iterator[Session]:
    if _sessions is None:
        url = os.environ.get("DATABASE_URL")
        if not url:
            raise RuntimeError("pipelines.db is not configured: call configure(url) or set DATABASE_URL")
        configure(url)
    assert _sessions is not None
    with _sessions() as db:
        yield db
