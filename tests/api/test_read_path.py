"""The read path's cost, counted: a plain GET writes nothing (the session's last-seen time is written
at most once a minute, and idle expiry still holds), runs without BEGIN/COMMIT, and the hot GETs
take a fixed, small number of statements whatever the journal holds (no N+1)."""

from __future__ import annotations

from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa

from tests.support.database import sql
from tests.support.journal import write_entry

HOT_READS = ["/api/journal", "/api/tasks", "/api/auth/me", "/api/profile", "/api/goals", "/api/projects"]
WRITES = ("INSERT", "UPDATE", "DELETE")


class Statements:
    def __init__(self) -> None:
        self.seen: list[tuple[str, bool]] = []  # (statement, sent on an autocommit connection)

    @property
    def writes(self) -> list[str]:
        return [text for text, _ in self.seen if text.lstrip().upper().startswith(WRITES)]


@contextmanager
def statements_of(app):
    """Every statement the app's engine sends while the block runs."""
    engine = app.state.db_config.get_engine().sync_engine
    record = Statements()

    def seen(conn, cursor, statement, parameters, context, executemany) -> None:
        record.seen.append((statement, bool(conn.connection.dbapi_connection.autocommit)))

    sa.event.listen(engine, "before_cursor_execute", seen)
    try:
        yield record
    finally:
        sa.event.remove(engine, "before_cursor_execute", seen)


def last_seen(database_url: str) -> datetime:
    return sql(database_url, "SELECT last_seen_at FROM auth_sessions")[0][0]


def set_last_seen(database_url: str, moment: datetime) -> None:
    sql(database_url, "UPDATE auth_sessions SET last_seen_at = :t", t=moment)


def test_a_plain_read_writes_nothing_within_the_minute(ana, app, database_url):
    seen_at = datetime.now(UTC) - timedelta(seconds=30)
    set_last_seen(database_url, seen_at)
    with statements_of(app) as record:
        for path in HOT_READS:
            assert ana.get(path).status_code == 200, path
    assert record.writes == []
    assert last_seen(database_url) == seen_at
    # Without BEGIN/COMMIT: every read statement ran on an autocommit connection.
    assert record.seen and all(autocommit for _, autocommit in record.seen)


def test_the_session_is_touched_once_a_minute_and_idle_expiry_holds(ana, app, database_url, settings):
    set_last_seen(database_url, datetime.now(UTC) - timedelta(minutes=2))
    with statements_of(app) as record:
        assert ana.get("/api/tasks").status_code == 200
        assert ana.get("/api/journal").status_code == 200
    assert len(record.writes) == 1 and record.writes[0].lstrip().upper().startswith("UPDATE AUTH_SESSIONS")
    assert datetime.now(UTC) - last_seen(database_url) < timedelta(seconds=30)
    # The touch committed, and the request after it is still a plain read.
    with statements_of(app) as record:
        assert ana.get("/api/tasks").status_code == 200
    assert record.writes == []
    # Idle for the whole idle timeout: the session is over, on a read as on anything.
    set_last_seen(database_url, datetime.now(UTC) - timedelta(minutes=settings.session_idle_minutes))
    response = ana.get("/api/tasks")
    assert response.status_code == 401
    assert sql(database_url, "SELECT count(*) FROM auth_sessions")[0][0] == 0


def _statements_per_read(ana, app) -> dict[str, int]:
    counts = {}
    for path in HOT_READS:
        with statements_of(app) as record:
            assert ana.get(path).status_code == 200, path
        counts[path] = len(record.seen)
    return counts


@pytest.mark.slow
def test_the_hot_reads_take_few_statements_whatever_the_journal_holds(ana, app):
    for i in range(3):  # goals and projects unlock at 3 and 2 entries: counted once they list
        write_entry(ana, f"Planned the garden with Sam, part {i}. I need to buy seeds on Friday.")
    few = _statements_per_read(ana, app)
    for i in range(5):
        write_entry(ana, f"Day {i}: a long walk, then I must call the dentist about the appointment.")
    more = _statements_per_read(ana, app)
    assert few == more, (few, more)  # no statement per entry, task or goal
    # The session check is one statement; each read adds only what it lists.
    assert more["/api/auth/me"] == 1
    assert more["/api/tasks"] == 2
    assert more["/api/profile"] <= 3 and more["/api/goals"] <= 3 and more["/api/projects"] <= 3
    assert more["/api/journal"] <= 8
