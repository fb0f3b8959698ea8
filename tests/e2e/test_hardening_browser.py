"""Issue 18 in a real browser: drafts never pass from one user to the next on a shared browser, and
the signed-in app cannot be shown inside another site's frame. The module shares one server
(`module_server`): each test is a user of its own."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.database import sql
from tests.support.live import create_user, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]
SECRET = "My private worry about the biopsy results that nobody else may read"


def _stored_text(page) -> str:
    return page.evaluate("() => JSON.stringify(Object.entries(window.localStorage))")


def _signed_in_with_a_draft(module_server, page, login: str = "ana"):
    page.goto(module_server.url + "/auth")
    sign_in(page, login)
    box = page.get_by_label("Journal entry")
    expect(box).to_be_visible(timeout=20_000)
    box.fill(SECRET)
    page.wait_for_function(f"() => JSON.stringify(Object.entries(localStorage)).includes({SECRET[:20]!r})")


def test_sign_out_forgets_drafts_and_the_next_user_sees_none(module_server, page):
    create_user(module_server)
    create_user(module_server, "bruno", "bruno@example.com")
    _signed_in_with_a_draft(module_server, page)
    page.get_by_role("button", name="Open user menu").click()
    page.get_by_role("menuitem", name="Logout").click()
    expect(page).to_have_url(module_server.url + "/auth")
    assert SECRET[:20] not in _stored_text(page)

    sign_in(page, "bruno")
    box = page.get_by_label("Journal entry")
    expect(box).to_be_visible(timeout=20_000)
    page.wait_for_timeout(1500)
    expect(box).to_have_value("")
    expect(page.get_by_text("Draft Recovered", exact=True)).to_have_count(0)
    assert SECRET[:20] not in _stored_text(page)


def test_a_session_ended_elsewhere_forgets_drafts(module_server, page):
    create_user(module_server, "carla", "carla@example.com")
    _signed_in_with_a_draft(module_server, page, "carla")
    # The session ends on the server (expired, or signed out on another device).
    sql(module_server.database_url,
        "DELETE FROM auth_sessions WHERE user_id = (SELECT id FROM users WHERE username = 'carla')")
    page.reload()
    # The app learns the session is gone (401) and signs out: the draft goes with it.
    expect(page.get_by_label("Journal entry")).to_have_count(0, timeout=20_000)
    page.wait_for_function(f"() => !JSON.stringify(Object.entries(localStorage)).includes({SECRET[:20]!r})",
                           timeout=20_000)
    assert SECRET[:20] not in _stored_text(page)


def test_the_app_cannot_be_framed_by_another_site(module_server, page):
    create_user(module_server, "dora", "dora@example.com")
    page.goto(module_server.url + "/auth")
    sign_in(page, "dora")
    expect(page.get_by_label("Journal entry")).to_be_visible(timeout=20_000)
    # A foreign page (another origin) frames the signed-in app.
    page.goto("about:blank")
    page.set_content(f'<iframe id="victim" src="{module_server.url}/" width="800" height="600"></iframe>')
    page.wait_for_timeout(3000)
    frame = page.frame_locator("#victim")
    expect(frame.get_by_label("Journal entry")).to_have_count(0)
    urls = [f.url for f in page.frames[1:]]
    assert all(not url.startswith(module_server.url) or "chrome-error" in url for url in urls) or \
        page.frames[1].evaluate("() => document.body ? document.body.innerText : ''") == "", urls
