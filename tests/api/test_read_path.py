"""The read path's cost, counted: a plain GET writes nothing (the session's last-seen time is written
at most once a minute, and idle expiry still holds), runs without BEGIN/COMMIT, and the hot GETs
take a fixed, small number of statements whatever the journal holds (no N+1)."""

from __future__ import annotations

from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa

from tests.support.database import sql
from tests.support.images import png_bytes
from tests.support.journal import wait_until_analysed, write_entry

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
    # The session check is one statement; each read adds only what it lists: tasks, the profile with
    # the entry count, goals and projects with their unlock, one each; the entry list its entries,
    # their insights, and their highlights and photos together.
    assert more["/api/auth/me"] == 1
    assert more["/api/tasks"] == 2
    assert more["/api/profile"] == 2 and more["/api/goals"] == 2 and more["/api/projects"] == 2
    assert more["/api/journal"] == 4


@pytest.mark.slow
def test_the_entry_list_shows_what_the_other_lists_show(ana, database_url):
    """The entry list reads its highlights, photos and insights with its own Core statements: each
    entry shows exactly the tasks, projects, goals, photos and insights that their own endpoints give
    for it, in the same order and with the same values."""
    ids = [wait_until_analysed(ana, write_entry(ana, text)["id"])["id"] for text in (
        "I need to call the dentist on Friday. I want to run a marathon this year.",
        "Planning the garden project with Sam; I must buy seeds tomorrow.",
        "A quiet day. I should email Priya about the budget review.",
    )]
    first, second = ids[0], ids[1]
    parent = ana.post("/api/projects", json={"name": "Home", "entryId": second}).json()
    assert ana.post("/api/projects", json={"name": "Garden beds", "entryId": first}).status_code == 201
    sql(database_url, "UPDATE projects SET parent_id = :p WHERE entry_id = :e", p=parent["id"], e=first)
    assert ana.post("/api/goals", json={"text": "Run 10k", "timeframe": "month", "entryId": first}).status_code == 201
    assert ana.post("/api/tasks", json={"text": "Book the vet", "priority": "high", "projectRef": "Home",
                                        "entryId": first}).status_code == 201
    for caption in ("morning", "evening"):
        uploaded = ana.post(f"/api/journal-photos/{first}", files={"photo": ("p.png", png_bytes((64, 48)), "image/png")},
                            data={"caption": caption})
        assert uploaded.status_code == 201, uploaded.text
    assert ana.post("/api/insights", json={"text": "You plan on Fridays", "entryId": first,
                                           "relatedTasks": ["Book the vet"]}).status_code == 201
    me = ana.get("/api/auth/me").json()["id"]
    # A pattern insight drawn from two entries, with no entryId of its own.
    sql(database_url, "INSERT INTO insights (id, user_id, text, type, related_tasks, is_ai_generated, layers, origin, "
                      "source_entry_ids, created_at) VALUES (gen_random_uuid(), :u, 'Gardening calms you', "
                      "'pattern', '[]', true, '[{\"depth\": 1}]', 'pipeline', CAST(:s AS jsonb), now())",
        u=me, s=f'["{first}", "{second}"]')

    listed = {e["id"]: e for e in ana.get("/api/journal").json()}
    tasks, projects = ana.get("/api/tasks").json(), ana.get("/api/projects").json()
    goals, insights = ana.get("/api/goals").json(), ana.get("/api/insights").json()
    for entry_id in ids:
        def mine(rows: list[dict], entry_id: str = entry_id) -> list[dict]:
            return sorted((r for r in rows if r["entryId"] == entry_id), key=lambda r: r["createdAt"])

        expected = (
            [{"id": t["id"], "type": "task", "reformulation": t["text"], "metadata": {
                "timeframe": t["timeframe"], "priority": t["priority"], "projectRef": t["projectRef"],
                "parentId": None}} for t in mine(tasks)]
            + [{"id": p["id"], "type": "project", "reformulation": p["name"], "metadata": {
                "timeframe": None, "priority": None, "projectRef": None, "parentId": p["parentId"]}}
               for p in mine(projects)]
            + [{"id": g["id"], "type": "goal", "reformulation": g["text"], "metadata": {
                "timeframe": g["timeframe"], "priority": None, "projectRef": None, "parentId": None}}
               for g in mine(goals)])
        assert listed[entry_id]["highlights"] == expected, entry_id
        assert listed[entry_id]["photos"] == ana.get(f"/api/journal-photos/{entry_id}").json()
        drawn = [i for i in insights if i["entryId"] == entry_id or entry_id in i["sourceEntryIds"]]
        assert listed[entry_id]["insights"] == sorted(drawn, key=lambda i: i["createdAt"], reverse=True)
    shown = listed[first]
    assert [h["type"] for h in shown["highlights"]].count("project") >= 1
    assert any(h["metadata"]["parentId"] == parent["id"] for h in shown["highlights"])
    assert [p["caption"] for p in shown["photos"]] == ["morning", "evening"]
    assert {i["text"] for i in shown["insights"]} >= {"You plan on Fridays", "Gardening calms you"}
    assert "Gardening calms you" in {i["text"] for i in listed[second]["insights"]}
    assert listed[ids[2]]["insights"] == [] and listed[ids[2]]["photos"] == []


def test_a_read_checks_its_session_in_one_statement_and_sees_every_change_at_once(ana, app, database_url):
    """A read's session check is one Core statement of the columns a read uses (no password hash, no
    ORM user). Nothing of it is kept between requests: a change to the user or the session made
    anywhere else takes effect on the very next request."""
    with statements_of(app) as record:
        me = ana.get("/api/auth/me")
    assert me.status_code == 200 and len(record.seen) == 1
    statement = record.seen[0][0]
    assert "FROM auth_sessions JOIN users" in statement and "password_hash" not in statement
    sql(database_url, "UPDATE users SET full_name = 'Ana Lima'")
    assert ana.get("/api/auth/me").json()["fullName"] == "Ana Lima"
    # Unverified in the database (as an admin's change would make it): the next read is refused.
    sql(database_url, "UPDATE users SET is_verified = false")
    assert ana.get("/api/tasks").status_code == 403
    sql(database_url, "UPDATE users SET is_verified = true")
    assert ana.get("/api/tasks").status_code == 200
    # Signed out in another process: the next read is a 401.
    sql(database_url, "DELETE FROM auth_sessions")
    assert ana.get("/api/tasks").status_code == 401


def test_a_poll_of_the_entry_list_is_answered_from_row_versions_and_every_change_shows(ana, app, database_url):
    """The first page's ETag is over the row versions it was built from: an unchanged poll is a 304
    after one small statement, and every change to what the page shows (an analysis finishing, a
    highlight edited or deleted, a photo added or deleted, an insight, an entry deleted or added)
    is a 200 with a new ETag."""
    ids = [write_entry(ana, f"Day {i}: I need to call the dentist on Friday.")["id"] for i in range(3)]
    for entry_id in ids:
        wait_until_analysed(ana, entry_id)
    first = ana.get("/api/journal")
    tag = first.headers["etag"]

    def poll(tag: str):
        return ana.get("/api/journal", headers={"If-None-Match": tag})

    with statements_of(app) as record:
        unchanged = poll(tag)
    assert unchanged.status_code == 304 and unchanged.content == b"" and unchanged.headers["etag"] == tag
    assert unchanged.headers["x-total-count"] == "3"
    assert len(record.seen) == 2  # the session, the versions: nothing of the list itself is read

    def changed(tag: str) -> dict:
        response = poll(tag)
        assert response.status_code == 200 and response.headers["etag"] != tag
        assert poll(response.headers["etag"]).status_code == 304  # and the new tag is current
        return {"tag": response.headers["etag"], "body": response.json()}

    newest = ids[-1]
    # An analysis finishing writes the entry (as the pipelines do, in another process).
    sql(database_url, "UPDATE journal_entries SET mood = CAST(:m AS jsonb) WHERE id = :e",
        m='{"emoji": "🙂", "text": "calm"}', e=newest)
    now = changed(tag)
    assert now["body"][0]["mood"] == {"emoji": "🙂", "text": "calm"}
    # A highlight edited, then deleted.
    task = sql(database_url, "SELECT id FROM tasks WHERE entry_id = :e LIMIT 1", e=newest)
    if not task:
        assert ana.post("/api/tasks", json={"text": "Call the dentist", "entryId": newest}).status_code == 201
        now = changed(now["tag"])
        task = sql(database_url, "SELECT id FROM tasks WHERE entry_id = :e LIMIT 1", e=newest)
    sql(database_url, "UPDATE tasks SET text = 'Call the dentist today' WHERE id = :t", t=task[0][0])
    now = changed(now["tag"])
    assert "Call the dentist today" in [h["reformulation"] for h in now["body"][0]["highlights"]]
    assert ana.delete(f"/api/tasks/{task[0][0]}").status_code == 200
    now = changed(now["tag"])
    # A photo added, then deleted.
    uploaded = ana.post(f"/api/journal-photos/{newest}", files={"photo": ("p.png", png_bytes((64, 48)), "image/png")})
    assert uploaded.status_code == 201, uploaded.text
    now = changed(now["tag"])
    assert len(now["body"][0]["photos"]) == 1
    assert ana.delete(f"/api/journal-photos/{uploaded.json()['id']}").status_code == 200
    now = changed(now["tag"])
    # An insight drawn from the entry; a pattern insight naming an older entry among its sources.
    assert ana.post("/api/insights", json={"text": "You plan ahead", "entryId": newest}).status_code == 201
    now = changed(now["tag"])
    sql(database_url, "INSERT INTO insights (id, user_id, text, type, related_tasks, is_ai_generated, layers, origin, "
                      "source_entry_ids, created_at) SELECT gen_random_uuid(), user_id, 'Fridays', 'pattern', '[]', "
                      "true, '[]', 'pipeline', CAST(:s AS jsonb), now() FROM journal_entries WHERE id = :e",
        s=f'["{ids[0]}"]', e=ids[0])
    now = changed(now["tag"])
    # An entry deleted, an entry added, an entry edited.
    assert ana.delete(f"/api/journal/{ids[0]}").status_code == 200
    now = changed(now["tag"])
    assert [e["id"] for e in now["body"]] == [newest, ids[1]]
    write_entry(ana, "A new day.")
    now = changed(now["tag"])
    assert ana.patch(f"/api/journal/{ids[1]}", json={"summary": "Short."}).status_code == 200
    now = changed(now["tag"])
    # Another page size is another answer.
    assert ana.get("/api/journal", params={"limit": 1}, headers={"If-None-Match": now["tag"]}).status_code == 200


def test_a_poll_of_the_task_list_is_answered_from_row_versions(ana, app, database_url):
    entry = write_entry(ana, "I must renew the passport and book the vet.")
    for text in ("Renew the passport", "Book the vet"):
        assert ana.post("/api/tasks", json={"text": text}).status_code == 201
    # The entry's analysis meets the same tasks and may touch their rows: a poll during it sees a
    # real change (a fresh-clone run once caught it between two polls), so the polls start after it.
    wait_until_analysed(ana, entry["id"])
    tag = ana.get("/api/tasks").headers["etag"]
    with statements_of(app) as record:
        unchanged = ana.get("/api/tasks", headers={"If-None-Match": tag})
    assert unchanged.status_code == 304 and unchanged.headers["x-total-count"] == "2" and len(record.seen) == 2
    task = ana.get("/api/tasks").json()[0]
    for change in (lambda: ana.patch(f"/api/tasks/{task['id']}/complete", json={"completed": True}),
                   lambda: sql(database_url, "UPDATE tasks SET priority = 'high' WHERE id = :t", t=task["id"]),
                   lambda: ana.post("/api/tasks", json={"text": "Water the plants"}),
                   lambda: ana.delete(f"/api/tasks/{task['id']}")):
        change()
        response = ana.get("/api/tasks", headers={"If-None-Match": tag})
        assert response.status_code == 200 and response.headers["etag"] != tag
        tag = response.headers["etag"]
        assert ana.get("/api/tasks", headers={"If-None-Match": tag}).status_code == 304
