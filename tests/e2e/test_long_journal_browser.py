"""A long journal in a real browser (one server for the module): Previous Entries shows the first
page with the journal's total, loads the next pages as the list is scrolled (and with the Load more
button, by keyboard), never repeats or skips an entry; after a reload Chromium revalidates the first
page from its HTTP cache with the ETag (If-None-Match, a 304 on the wire) and the list shows the
same entries, not stale or empty ones."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.database import sql
from tests.support.live import create_user, sign_in
from tests.support.long_journal import seed_journal

pytestmark = [pytest.mark.browser, pytest.mark.slow]
ENTRIES = 300
PAGE = 20


def _home(module_server, page, name: str) -> list[str]:
    """A user `name` with a long journal, signed in on the journal home; returns the entry texts'
    first 40 characters, newest first."""
    create_user(module_server, name, f"{name}@example.com")
    user_id = sql(module_server.database_url, "SELECT id FROM users WHERE username = :u", u=name)[0][0]
    seed_journal(module_server.database_url, user_id, ENTRIES, seed=len(name))
    texts = [row[0][:40] for row in sql(
        module_server.database_url, "SELECT content FROM journal_entries WHERE user_id = :u "
        "ORDER BY entry_date DESC, created_at DESC, id DESC", u=user_id)]
    page.goto(module_server.url + "/auth")
    sign_in(page, name)
    expect(page.get_by_label("Journal entry")).to_be_visible(timeout=20_000)
    return texts


def _shown(page) -> list[str]:
    items = page.get_by_role("list", name="Journal entries").get_by_test_id("entry-item")
    return [text[:40] for text in items.evaluate_all(
        "items => items.map(item => item.querySelector('p.whitespace-pre-wrap').textContent)")]


def test_previous_entries_pages_through_a_long_journal_as_it_scrolls(module_server, page):
    # (url, If-None-Match sent, ETag received) of each entry-list request, and the status codes on
    # the wire (DevTools' raw responses: a revalidated cache hit is a 304 there, a 200 to the page).
    conditional: list[tuple[str, str | None, str | None]] = []
    page.on("requestfinished", lambda request: "/api/journal?" in request.url and conditional.append(
        (request.url, request.all_headers().get("if-none-match"), request.response().headers.get("etag"))))
    wire: list[int] = []
    devtools = page.context.new_cdp_session(page)
    devtools.send("Network.enable")
    devtools.on("Network.responseReceivedExtraInfo", lambda event: wire.append(event.get("statusCode")))
    texts = _home(module_server, page, "longscroll")
    section = page.get_by_role("region", name="Previous Entries")
    expect(section.get_by_text(f"Showing {PAGE} of {ENTRIES} entries")).to_be_visible(timeout=20_000)
    assert _shown(page) == texts[:PAGE]

    viewport = section.locator("[data-slot=scroll-area-viewport]")
    for loaded in (2 * PAGE, 3 * PAGE):  # scrolled to the end: the next page comes by itself
        viewport.evaluate("element => element.scrollTo(0, element.scrollHeight)")
        expect(section.get_by_text(f"Showing {loaded} of {ENTRIES} entries")).to_be_visible(timeout=15_000)
    more = section.get_by_role("button", name="Load more")
    more.focus()
    page.keyboard.press("Enter")
    expect(section.get_by_text(f"Showing {4 * PAGE} of {ENTRIES} entries")).to_be_visible(timeout=15_000)
    assert _shown(page) == texts[:4 * PAGE]  # in order, none twice, none skipped

    # Reloaded: the browser revalidates the first page with its ETag; the list is the same.
    page.reload()
    expect(section.get_by_text(f"Showing {PAGE} of {ENTRIES} entries")).to_be_visible(timeout=20_000)
    assert _shown(page) == texts[:PAGE]
    first_tag = conditional[0][2]
    assert first_tag and first_tag.startswith('W/"'), conditional
    assert [sent for url, sent, _ in conditional[1:] if url == conditional[0][0]] == [first_tag], conditional
    assert 304 in wire, wire
    assert page.problems == [], page.problems
