"""Long lists a page at a time (GET /api/journal, /api/tasks, /api/insights with `limit` and
`before`), the total in X-Total-Count, and conditional GETs (ETag, 304 with no body)."""

from __future__ import annotations

import base64
import json
import uuid

from api.journal.rules import MAX_PAGE_SIZE, PAGE_SIZE
from tests.support.database import sql
from tests.support.long_journal import seed_journal


def _me(client) -> str:
    return client.get("/api/auth/me").json()["id"]


def _pages(client, path: str, limit: int | None = None) -> tuple[list[list[dict]], list[str]]:
    """Every page of `path`, following X-Next-Cursor; and each page's X-Total-Count."""
    pages, totals, before = [], [], None
    while True:
        params = {k: v for k, v in (("limit", limit), ("before", before)) if v is not None}
        response = client.get(path, params=params)
        assert response.status_code == 200, response.text
        pages.append(response.json())
        totals.append(response.headers["x-total-count"])
        before = response.headers.get("x-next-cursor")
        if before is None:
            return pages, totals
        assert len(pages) < 100, "paging does not end"


def test_the_entry_list_pages_newest_first_with_the_total(ana, database_url):
    ids = seed_journal(database_url, _me(ana), 47)
    first = ana.get("/api/journal")
    assert first.status_code == 200
    assert [e["id"] for e in first.json()] == [str(i) for i in ids[:PAGE_SIZE]]
    assert first.headers["x-total-count"] == "47"
    assert first.headers["x-next-cursor"]
    pages, totals = _pages(ana, "/api/journal", limit=20)
    assert [len(p) for p in pages] == [20, 20, 7]
    assert totals == ["47"] * 3
    assert [e["id"] for p in pages for e in p] == [str(i) for i in ids]  # each once, in order
    whole = ana.get("/api/journal", params={"limit": MAX_PAGE_SIZE})
    assert [e["id"] for e in whole.json()] == [str(i) for i in ids]
    assert "x-next-cursor" not in whole.headers and whole.headers["x-total-count"] == "47"
    # What the analysis drew from an entry is on it, on whatever page it is.
    third_page_entry = pages[2][0]
    tasks = sql(database_url, "SELECT count(*) FROM tasks WHERE entry_id = :e", e=third_page_entry["id"])[0][0]
    assert len([h for h in third_page_entry["highlights"] if h["type"] == "task"]) == tasks
    insights = sql(database_url, "SELECT count(*) FROM insights WHERE entry_id = :e", e=third_page_entry["id"])[0][0]
    assert len(third_page_entry["insights"]) == insights


def test_entries_of_one_day_written_at_one_moment_keep_their_order_across_pages(ana, database_url):
    """The cursor breaks ties by id: same date and same created_at never repeat or skip a row."""
    seed_journal(database_url, _me(ana), 9)
    sql(database_url, "UPDATE journal_entries SET entry_date = '2026-01-02', created_at = '2026-01-02T10:00:00Z'")
    pages, _ = _pages(ana, "/api/journal", limit=2)
    listed = [e["id"] for p in pages for e in p]
    assert len(listed) == 9 and len(set(listed)) == 9
    assert listed == sorted(listed, key=uuid.UUID, reverse=True)


def test_a_page_after_a_new_entry_neither_repeats_nor_skips(ana, database_url):
    ids = seed_journal(database_url, _me(ana), 30)
    first = ana.get("/api/journal", params={"limit": 10})
    assert ana.post("/api/journal", json={"content": "Written while scrolling."}).status_code == 201
    second = ana.get("/api/journal", params={"limit": 10, "before": first.headers["x-next-cursor"]})
    assert [e["id"] for e in second.json()] == [str(i) for i in ids[10:20]]
    assert second.headers["x-total-count"] == "31"


def _cursor(values) -> str:
    return base64.urlsafe_b64encode(json.dumps(values).encode()).decode().rstrip("=")


BAD_INPUT = [
    ({"limit": 0}, "limit"), ({"limit": MAX_PAGE_SIZE + 1}, "limit"), ({"limit": "ten"}, "limit"),
    ({"limit": -3}, "limit"), ({"before": "not a cursor"}, "before"), ({"before": "%%%"}, "before"),
    ({"before": _cursor(["2026-01-01"])}, "before"),
    ({"before": _cursor(["2026-01-01", "2026-01-01T10:00:00", str(uuid.uuid4())])}, "before"),  # no time zone
    ({"before": _cursor(["2026-13-01", "2026-01-01T10:00:00+00:00", str(uuid.uuid4())])}, "before"),
    ({"before": _cursor(["2026-01-01", "2026-01-01T10:00:00+00:00", "nope"])}, "before"),
    ({"before": _cursor([1, 2, 3])}, "before"), ({"before": _cursor({"a": 1})}, "before"),
    ({"before": "x" * 400}, "before"), ({"before": base64.urlsafe_b64encode(b"\xff\xfe").decode()}, "before"),
]


def test_bad_paging_input_is_a_clear_400(ana, database_url):
    seed_journal(database_url, _me(ana), 3)
    for params, field in BAD_INPUT:
        response = ana.get("/api/journal", params=params)
        assert response.status_code == 400, (params, response.text)
        assert field in response.json()["error"], (params, response.text)


def test_the_entry_list_is_conditional(ana, database_url):
    seed_journal(database_url, _me(ana), 25)
    first = ana.get("/api/journal")
    tag = first.headers["etag"]
    assert tag.startswith('W/"') and "no-cache" in first.headers["cache-control"]
    again = ana.get("/api/journal", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["etag"] == tag and again.headers["x-total-count"] == "25"
    assert ana.get("/api/journal", headers={"If-None-Match": 'W/"other", ' + tag}).status_code == 304
    assert ana.get("/api/journal", headers={"If-None-Match": 'W/"other"'}).status_code == 200
    # Another page is another answer; a change to a listed entry is a new answer.
    assert ana.get("/api/journal", params={"limit": 5}, headers={"If-None-Match": tag}).status_code == 200
    entry = first.json()[0]
    assert ana.patch(f"/api/journal/{entry['id']}", json={"summary": "A new summary."}).status_code == 200
    changed = ana.get("/api/journal", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["etag"] != tag
    assert changed.json()[0]["summary"] == "A new summary."


def test_another_users_cursor_shows_only_my_entries(ana, database_url):
    mine = seed_journal(database_url, _me(ana), 5)
    page = ana.get("/api/journal", params={"limit": 2})
    cursor = page.headers["x-next-cursor"]
    other = str(uuid.uuid4())
    sql(database_url, "INSERT INTO users SELECT (jsonb_populate_record(NULL::users, to_jsonb(u) || jsonb_build_object("
        "'id', CAST(:id AS text), 'username', 'other', 'email', 'other@example.com'))).* FROM users u", id=other)
    seed_journal(database_url, other, 5, seed=3)
    rest = ana.get("/api/journal", params={"limit": 50, "before": cursor}).json()
    assert [e["id"] for e in rest] == [str(i) for i in mine[2:]]


def test_tasks_and_insights_page_on_request_and_are_conditional(ana, database_url):
    seed_journal(database_url, _me(ana), 40)
    for path in ("/api/tasks", "/api/insights"):
        whole = ana.get(path)  # no limit: the whole list, as the screens read it
        assert whole.status_code == 200
        total = len(whole.json())
        assert total > 7 and whole.headers["x-total-count"] == str(total)
        assert "x-next-cursor" not in whole.headers
        pages, totals = _pages(ana, path, limit=7)
        assert [row["id"] for p in pages for row in p] == [row["id"] for row in whole.json()]
        assert set(totals) == {str(total)}
        tag = whole.headers["etag"]
        assert ana.get(path, headers={"If-None-Match": tag}).status_code == 304
        assert ana.get(path, params={"limit": 0}).status_code == 400
        assert ana.get(path, params={"limit": 3, "before": "garbage"}).status_code == 400
    # Open tasks first: a completed task moves behind them, and the pages follow.
    task = ana.get("/api/tasks").json()[0]
    assert ana.patch(f"/api/tasks/{task['id']}/complete", json={"completed": True}).status_code == 200
    pages, _ = _pages(ana, "/api/tasks", limit=6)
    listed = [row for p in pages for row in p]
    assert listed[-1]["id"] == task["id"] and not any(row["completed"] for row in listed[:-1])
