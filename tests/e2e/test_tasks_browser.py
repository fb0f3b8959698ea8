"""The Tasks screen in a real browser against the real server, database, embedding model and
pipelines: a suggestion per domain from the journal, the weekly limit, complete, reopen, delete;
no console errors; the screen at desktop and phone width (screenshots kept in the test's folder)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
import pytest
from playwright.sync_api import expect

from tests.e2e.server import ServerProcess
from tests.support.accounts import PASSWORD
from tests.support.app import APP_HEADERS
from tests.support.database import fresh_database, sql
from tests.support.journal import wait_all_analysed
from tests.support.live import create_user, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]
TODAY = datetime.now(UTC).date()
ENTRIES = [
    ((TODAY - timedelta(days=4)).isoformat(),
     "Rehearsal went badly. My goal this year is to learn to play the cello properly, scales every morning."),
    ((TODAY - timedelta(days=2)).isoformat(),
     "Work was brutal: my manager moved the client deadline to Friday and I feel anxious about the pitch deck."),
    ((TODAY - timedelta(days=1)).isoformat(),
     "Quiet Sunday. Read in the garden and cooked a big pot of soup."),
]
LIMIT_TITLE = "Weekly Personal task limit reached"


@pytest.fixture(scope="module")
def server(postgres_server, tmp_path_factory, shared_prefect_env):
    """One real server for the module, on a database of its own, with Ana and her journal."""
    from tests.e2e.server import REPO

    if not (REPO / "web" / "dist" / "index.html").exists():
        pytest.fail("web/dist is missing: build the web app first (`make test` does)")
    with fresh_database(postgres_server) as url:
        process = ServerProcess(tmp_path_factory.mktemp("tasks") / "data", database_url=url,
                                extra_env=shared_prefect_env)
        process.database_url = url  # type: ignore[attr-defined]
        try:
            process.wait_healthy()
            create_user(process)
            with httpx.Client(base_url=process.url, headers=APP_HEADERS, timeout=60) as api:
                assert api.post("/api/auth/login", json={"username": "ana", "password": PASSWORD}).status_code == 200
                for day, content in ENTRIES:
                    assert api.post("/api/journal", json={"content": content, "date": day}).status_code == 201
                wait_all_analysed(api)
            yield process
        finally:
            process.stop()


def problems(page) -> list[str]:
    """What went wrong in the page, but the one refusal the test asks for on purpose (the 409) and
    requests a navigation or reload cut short."""
    return [p for p in page.problems if "409" not in p and "Conflict" not in p and "ERR_ABORTED" not in p]


def column(page, name: str):
    return page.get_by_role("region", name=name)


def test_generate_limit_complete_reopen_delete(server, page, tmp_path):
    page.goto(server.url + "/auth")
    sign_in(page)
    expect(page.get_by_label("Journal entry")).to_be_visible(timeout=20_000)
    page.goto(server.url + "/projects")  # still redirects to the Tasks screen
    expect(page.get_by_role("heading", level=1, name="Tasks")).to_be_visible(timeout=20_000)
    assert page.url.endswith("/tasks")
    expect(page.get_by_text("Focus on what matters to you across all areas of your life.")).to_be_visible()
    expect(page.get_by_text("No active tasks")).to_have_count(3)

    # One suggestion per domain, each from Ana's own entries, with its "Why now".
    for name, word in (("Personal", "cello"), ("Professional", "client"), ("Administrative", "")):
        button = page.get_by_role("button", name=f"Generate {name} weekly focus task")
        button.click()
        expect(page.get_by_text("Task added", exact=True)).to_be_visible(timeout=60_000)
        tasks = column(page, name).get_by_test_id("active-task")
        expect(tasks).to_have_count(1, timeout=15_000)
        expect(tasks.first.get_by_text("Why now:")).to_be_visible()
        if word:
            assert word in tasks.first.inner_text().lower(), tasks.first.inner_text()
        expect(button).to_be_enabled()
    page.screenshot(path=str(tmp_path / "tasks-1280.png"), full_page=True)

    # A second Personal Weekly Focus task is refused with the spec's text.
    page.get_by_role("button", name="Generate Personal weekly focus task").click()
    expect(page.get_by_text(LIMIT_TITLE, exact=True)).to_be_visible(timeout=30_000)
    expect(column(page, "Personal").get_by_test_id("active-task")).to_have_count(1)

    # Complete, reopen, complete again, delete.
    personal = column(page, "Personal")
    headline = personal.get_by_test_id("active-task").first.locator("p").first.inner_text()
    personal.get_by_role("button", name=f"Complete task: {headline}").click()
    expect(page.get_by_text("Task Completed", exact=True)).to_be_visible(timeout=15_000)
    completed = page.get_by_test_id("completed-task")
    expect(completed).to_have_count(1, timeout=15_000)
    expect(personal.get_by_text("All weekly tasks completed! Generate new weekly focus tasks when you're ready.")
           ).to_be_visible()
    page.get_by_role("button", name=f"Reopen task: {headline}").click()
    expect(page.get_by_text("Task Reopened", exact=True)).to_be_visible(timeout=15_000)
    expect(personal.get_by_test_id("active-task")).to_have_count(1, timeout=15_000)
    expect(completed).to_have_count(0)
    personal.get_by_role("button", name=f"Complete task: {headline}").click()
    expect(completed).to_have_count(1, timeout=15_000)
    expect(personal.get_by_role("button", name=f"Delete task: {headline}")).to_have_count(0)  # only completed
    page.get_by_role("button", name=f"Delete task: {headline}").click()
    expect(page.get_by_text("Task Deleted", exact=True)).to_be_visible(timeout=15_000)
    expect(completed).to_have_count(0, timeout=15_000)

    # Phone width: the same screen, nothing wider than the window.
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    expect(page.get_by_role("heading", level=1, name="Tasks")).to_be_visible(timeout=20_000)
    expect(column(page, "Professional").get_by_test_id("active-task")).to_have_count(1, timeout=15_000)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(tmp_path / "tasks-390.png"), full_page=True)
    print("screenshots:", tmp_path)
    assert problems(page) == [], page.problems


def test_premium_quick_tasks_for_today(server, page, tmp_path):
    """Free: the teaser leads to /subscription. Premium: three quick tasks for today from the journal,
    each with its "Why now", in the columns with a Today badge, at 1366 and 390 px."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(server.url + "/auth")
    sign_in(page)
    expect(page.get_by_label("Journal entry")).to_be_visible(timeout=20_000)
    page.goto(server.url + "/tasks")
    expect(page.get_by_role("link", name="Upgrade to Premium")).to_have_attribute("href", "/subscription", timeout=20_000)
    expect(page.get_by_role("button", name="Generate quick tasks")).to_have_count(0)

    sql(server.database_url, "UPDATE users SET subscription_tier = 'premium' WHERE username = 'ana'")
    page.reload()
    expect(page.get_by_role("button", name="Generate quick tasks")).to_be_visible(timeout=20_000)
    expect(page.get_by_label("Loading tasks")).to_have_count(0, timeout=20_000)
    before = page.get_by_test_id("active-task").count()
    page.get_by_role("button", name="Generate quick tasks").click()
    expect(page.get_by_text("Quick tasks added", exact=True)).to_be_visible(timeout=60_000)
    today = page.get_by_test_id("active-task").filter(has=page.get_by_text("Today", exact=True))
    expect(today).to_have_count(3, timeout=15_000)
    assert page.get_by_test_id("active-task").count() == before + 3
    for n in range(3):
        task = today.nth(n)
        expect(task.get_by_text("10 minutes or less")).to_be_visible()
        expect(task.get_by_text("Why now:")).to_be_visible()
    expect(page.get_by_test_id("quick-tasks-today")).to_have_text("3 quick tasks for today in your columns below.")
    page.screenshot(path=str(tmp_path / "quick-tasks-1366.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    expect(page.get_by_test_id("quick-tasks-today")).to_be_visible(timeout=20_000)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(tmp_path / "quick-tasks-390.png"), full_page=True)
    assert problems(page) == [], page.problems
