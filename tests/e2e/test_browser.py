"""The built web app in headless Chromium against the real server."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"


def test_home_loads_without_console_errors(module_server, page):
    page.goto(module_server.url + "/", wait_until="networkidle")
    assert page.title().startswith("Reverie")
    expect(page.get_by_role("link", name="Start Journaling").first).to_be_visible()
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "home.png"), full_page=True)
    assert [p for p in page.problems if "/api/auth/me" not in p] == []


def test_theme_is_dark_by_default_and_the_toggle_is_remembered(module_server, page):
    page.goto(module_server.url + "/", wait_until="networkidle")
    assert "dark" in (page.locator("html").get_attribute("class") or "")
    page.get_by_role("button", name="Toggle theme").first.click()
    assert page.evaluate("localStorage.getItem('darkMode')") == "false"
    assert "dark" not in (page.locator("html").get_attribute("class") or "")
    page.reload(wait_until="networkidle")
    assert "dark" not in (page.locator("html").get_attribute("class") or "")
    assert [p for p in page.problems if "/api/auth/me" not in p] == []


def test_a_deep_link_is_served_and_guarded(module_server, page):
    """The server answers any client route with the app; the app sends a visitor to /auth."""
    page.goto(module_server.url + "/no/such/page", wait_until="networkidle")
    page.wait_for_url(module_server.url + "/auth")
    assert page.get_by_label("Username or email").is_visible()
    assert page.evaluate("sessionStorage.getItem('returnTo')") == "/no/such/page"
    # The session check's 401 is the expected answer for a visitor; nothing else may fail.
    assert [p for p in page.problems if "/api/auth/me" not in p] == []
