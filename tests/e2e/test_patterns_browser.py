"""The /patterns screen in a real browser: empty state, patterns after entries, Go Deep saved, a
resource opened, an insight edited and deleted; screenshots at 1280 and 390 px; no console errors."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

from tests.support.accounts import PASSWORD
from tests.support.app import APP_HEADERS
from tests.support.journal import wait_all_analysed
from tests.support.live import create_user, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]
LABELLED = Path(__file__).resolve().parents[2] / "pipelines" / "data" / "patterns_journal.jsonl"
SHOTS = Path(os.environ.get("PATTERNS_SCREENSHOTS", "/tmp/reverie-patterns-shots"))


def _entries() -> list[dict]:
    rows = [json.loads(line) for line in LABELLED.read_text().splitlines() if line.strip()]
    picked = [r for t in ("sleep", "money") for r in [r for r in rows if r["theme"] == t][:5]]
    return sorted(picked, key=lambda r: r["date"])


def _api(server) -> httpx.Client:
    client = httpx.Client(base_url=server.url, headers=APP_HEADERS, timeout=60)
    assert client.post("/api/auth/login", json={"username": "ana", "password": PASSWORD}).status_code == 200
    return client


def test_patterns_screen(live_server, page):
    SHOTS.mkdir(parents=True, exist_ok=True)
    create_user(live_server)
    page.goto(live_server.url + "/auth")
    sign_in(page)
    expect(page.get_by_label("Journal entry")).to_be_visible(timeout=20_000)

    # Empty state
    page.goto(live_server.url + "/patterns")
    expect(page.get_by_text("No Insights or Patterns Yet")).to_be_visible(timeout=20_000)
    expect(page.get_by_role("link", name="Go to Journal")).to_have_attribute("href", "/")
    page.screenshot(path=str(SHOTS / "empty-1280.png"), full_page=True)

    # Entries written; patterns appear on their own (the trigger after every 5 analysed entries)
    api = _api(live_server)
    for row in _entries():
        assert api.post("/api/journal", json={"content": row["text"], "date": row["date"]}).status_code == 201
    wait_all_analysed(api)
    deadline = time.monotonic() + 120
    while not api.get("/api/patterns").json():
        assert time.monotonic() < deadline, "no patterns appeared"
        time.sleep(0.5)
    page.get_by_role("button", name="Refresh").first.click()  # the screen's Refresh re-reads when the run ends
    cards = page.get_by_test_id("pattern-card")
    expect(cards.first).to_be_visible(timeout=60_000)
    assert 1 <= cards.count() <= 3
    expect(page.get_by_role("heading", name="All Insights")).to_be_visible()
    page.screenshot(path=str(SHOTS / "patterns-1280.png"), full_page=True)

    # Go Deep: generated as the dialog opens, then saved
    cards.first.get_by_role("button", name="Go Deep").click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_text("Generate Deeper Insight")).to_be_visible()
    generated = dialog.get_by_test_id("generated-insight")
    expect(generated).to_be_visible(timeout=60_000)
    text = generated.inner_text()
    page.screenshot(path=str(SHOTS / "go-deep-1280.png"))
    dialog.get_by_role("button", name="Save Insight").click()
    expect(page.get_by_text("Generated insight saved", exact=True)).to_be_visible(timeout=15_000)
    assert any(i["text"] == text for i in api.get("/api/insights").json())

    # Explore Further: a real resource from the catalogue, opened in a new tab
    page.context.route("https://**/*", lambda route: route.fulfill(status=200, body="resource", content_type="text/html"))
    cards.first.get_by_role("button", name="Explore Further").click()
    dialog = page.get_by_role("dialog")
    link = dialog.get_by_role("link").first
    expect(link).to_be_visible(timeout=60_000)
    url = link.get_attribute("href")
    assert url and url.startswith("https://")
    page.screenshot(path=str(SHOTS / "explore-1280.png"))
    with page.context.expect_page() as opened:
        link.click()
    assert opened.value.url.rstrip("/") == url.rstrip("/")
    opened.value.close()
    dialog.get_by_role("button", name="Close").first.click()

    # Edit an insight (blank is refused), then delete one with its confirmation
    first = api.get("/api/insights").json()[0]
    page.get_by_role("button", name="Edit insight").first.click()
    dialog = page.get_by_role("dialog")
    box = dialog.get_by_label("Insight")
    box.fill("   ")
    expect(dialog.get_by_role("button", name="Save Changes")).to_be_disabled()
    box.fill("Rest is where the rest of my week starts")
    dialog.get_by_role("button", name="Save Changes").click()
    expect(page.get_by_text("Insight updated", exact=True)).to_be_visible(timeout=15_000)
    expect(page.get_by_text("Rest is where the rest of my week starts").first).to_be_visible()
    assert api.get("/api/insights").json()[0]["id"] == first["id"] or any(
        i["text"] == "Rest is where the rest of my week starts" for i in api.get("/api/insights").json())

    before = len(api.get("/api/insights").json())
    page.get_by_role("button", name="Delete insight").first.click()
    confirm = page.get_by_role("alertdialog")
    expect(confirm.get_by_text("Are you sure you want to delete this insight? This action cannot be undone.")).to_be_visible()
    confirm.get_by_role("button", name="Delete").click()
    expect(page.get_by_text("Insight deleted", exact=True)).to_be_visible(timeout=15_000)
    assert len(api.get("/api/insights").json()) == before - 1

    # Search with no match
    page.get_by_label("Search insights").fill("zzzz no such words")
    expect(page.get_by_text("No insights match your search criteria.").first).to_be_visible()
    page.get_by_label("Search insights").fill("")

    # Phone width
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    expect(cards.first).to_be_visible(timeout=20_000)
    page.screenshot(path=str(SHOTS / "patterns-390.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways at 390 px ({width})"

    # /insights shows the insights view, not a placeholder
    page.goto(live_server.url + "/insights")
    expect(page.get_by_text("Your Personal Story").first).to_be_visible(timeout=20_000)
    page.screenshot(path=str(SHOTS / "insights-390.png"), full_page=True)

    problems = [p for p in page.problems if "/api/auth/me" not in p and "ERR_ABORTED" not in p]
    assert problems == []
