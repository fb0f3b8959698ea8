"""The built web app in headless Chromium against the real server."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"


def test_home_loads_without_console_errors(live_server, page):
    page.goto(live_server.url + "/", wait_until="networkidle")
    assert page.title() == "Reverie"
    assert page.get_by_role("link", name="Start Journaling").first.is_visible()
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "home.png"))
    assert page.problems == []


def test_theme_is_dark_by_default_and_the_toggle_is_remembered(live_server, page):
    page.goto(live_server.url + "/", wait_until="networkidle")
    assert "dark" in (page.locator("html").get_attribute("class") or "")
    page.get_by_role("button", name="Toggle theme").first.click()
    assert page.evaluate("localStorage.getItem('darkMode')") == "false"
    assert "dark" not in (page.locator("html").get_attribute("class") or "")
    page.reload(wait_until="networkidle")
    assert "dark" not in (page.locator("html").get_attribute("class") or "")
    assert page.problems == []


def test_unknown_client_route_is_served_and_shows_not_found(live_server, page):
    page.goto(live_server.url + "/no/such/page", wait_until="networkidle")
    assert page.get_by_role("heading", name="404 Page Not Found").is_visible()
    assert page.get_by_text("Did you forget to add the page to the router?").is_visible()
    assert page.problems == []
