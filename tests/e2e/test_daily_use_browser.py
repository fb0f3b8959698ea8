"""Daily use in a real browser against the real server: the inactivity reminder ("Time to reflect!",
3 days without writing, at most once in 24 hours, checked daily) under a fixed clock with the
notification permission granted; on a phone (390 px), no fixed bar covers a control."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
import pytest
from playwright.sync_api import expect

from tests.support.accounts import PASSWORD
from tests.support.app import APP_HEADERS
from tests.support.live import create_user, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# Every Notification the page makes, recorded before the browser's own constructor runs.
RECORD_NOTIFICATIONS = """
(() => {
  const Real = window.Notification;
  window.__shown = [];
  class Recording extends Real {
    constructor(title, options) {
      window.__shown.push({ title, body: options && options.body, at: Date.now() });
      super(title, options);
    }
  }
  window.Notification = Recording;
})();
"""


@pytest.fixture(scope="module")
def writer(module_server):
    """Rita, with one entry written now (by the server's clock)."""
    create_user(module_server, "rita", "rita@example.com")
    with httpx.Client(base_url=module_server.url, headers=APP_HEADERS, timeout=60) as api:
        assert api.post("/api/auth/login", json={"username": "rita", "password": PASSWORD}).status_code == 200
        today = datetime.now(UTC).date().isoformat()
        made = api.post("/api/journal", json={"content": "Walked to the harbour and wrote a letter.", "date": today})
        assert made.status_code == 201, made.text
    return module_server


def _signed_in(browser, server, *, days_later: float | None, viewport=(1366, 768)):
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    context.grant_permissions(["notifications"], origin=server.url)
    page = context.new_page()
    page.problems = []  # type: ignore[attr-defined]
    # The browser's clock runs days ahead of the server's, whose journal statistics refuse a "today"
    # more than a day from their own (400): those are the skewed clock's, nothing else may fail.
    page.on("console", lambda m: m.type in ("error", "warning") and "Failed to load resource" not in m.text
            and page.problems.append(f"console {m.type}: {m.text}"))
    page.on("pageerror", lambda exc: page.problems.append(f"page error: {exc}"))
    page.on("response", lambda r: r.status >= 400 and "/api/journal/stats" not in r.url
            and page.problems.append(f"HTTP {r.status}: {r.url}"))
    page.add_init_script(RECORD_NOTIFICATIONS)
    if days_later is not None:
        page.clock.install(time=datetime.now(UTC) + timedelta(days=days_later))
    page.goto(server.url + "/auth")
    sign_in(page, "rita")
    expect(page.get_by_label("Journal entry")).to_be_visible(timeout=30_000)
    return page


def _shown(page) -> list[dict]:
    return page.evaluate("window.__shown")


def test_the_inactivity_reminder_after_three_days_once_a_day(writer, browser, tmp_path):
    # Written just now: no reminder.
    fresh = _signed_in(browser, writer, days_later=None)
    fresh.wait_for_timeout(3000)
    assert _shown(fresh) == []
    assert fresh.evaluate("Notification.permission") == "granted"
    fresh.context.close()

    # Nine days later, by the browser's clock: "Time to reflect!", once.
    page = _signed_in(browser, writer, days_later=9)
    page.wait_for_function("window.__shown.length > 0", timeout=30_000)
    [reminder] = _shown(page)
    assert reminder["title"] == "Time to reflect!"
    assert "since your last entry" in reminder["body"]
    page.screenshot(path=str(tmp_path / "reminder-desktop.png"))

    # 23 hours later a reload sends none; the daily check 24 hours after that sends the next.
    page.clock.fast_forward("23:00:00")
    page.reload()
    expect(page.get_by_label("Journal entry")).to_be_visible(timeout=30_000)
    page.wait_for_timeout(2000)
    assert _shown(page) == []
    page.clock.fast_forward("24:00:01")
    page.wait_for_function("window.__shown.length > 0", timeout=30_000)
    assert [n["title"] for n in _shown(page)] == ["Time to reflect!"]
    assert page.problems == []


IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
          "Version/17.4 Mobile/15E148 Safari/604.1")

# Every control of the page that a fixed element covers once it is scrolled into view (as the
# keyboard or a tap on it would bring it): its centre must be the control itself.
COVERED_CONTROLS = """
() => {
  const covered = [];
  let checked = 0;
  const controls = [...document.querySelectorAll('main button, main a[href], main input, main textarea, main [role="switch"], main select')];
  for (const control of controls) {
    const style = getComputedStyle(control);
    if (style.visibility === 'hidden' || style.display === 'none' || control.closest('[aria-hidden="true"]')) continue;
    const box = control.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue;
    control.scrollIntoView({ block: 'nearest' });
    const now = control.getBoundingClientRect();
    const x = now.left + now.width / 2, y = now.top + now.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
    checked += 1;
    const hit = document.elementFromPoint(x, y);
    if (hit && !control.contains(hit) && !hit.contains(control)) {
      const over = hit.closest('nav, section, [data-testid], header, footer, div') || hit;
      covered.push(`${control.getAttribute('aria-label') || control.textContent.trim().slice(0, 40) || control.tagName}`
                   + ` under ${over.getAttribute('aria-label') || over.getAttribute('data-testid') || over.tagName}`);
    }
  }
  window.scrollTo(0, 0);
  return { checked, covered };
}
"""
# The bar as it was: floating above the bottom bar (the check must catch a bar like that).
OLD_FLOATING_BAR = ("position: fixed; left: 12px; right: 12px; bottom: calc(4.75rem + env(safe-area-inset-bottom)); "
                    "margin: 0; z-index: 30")


@pytest.mark.parametrize("path", ["/", "/tasks", "/settings"])
def test_on_a_phone_no_fixed_bar_covers_a_control(writer, browser, tmp_path, path):
    context = browser.new_context(viewport={"width": 390, "height": 844}, user_agent=IPHONE, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: m.type == "error" and problems.append(m.text))
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.goto(writer.url + "/auth")
    sign_in(page, "rita")
    expect(page.get_by_label("Journal entry")).to_be_visible(timeout=30_000)
    page.goto(writer.url + path)
    expect(page.get_by_text("Add to Home Screen", exact=True)).to_be_visible(timeout=30_000)  # the iPhone's bar
    if path == "/":
        page.get_by_label("Journal entry").fill("A short note from the phone.")
        for name in ("Add photo", "Save"):
            expect(page.get_by_role("button", name=name).first).to_be_visible()
    page.wait_for_timeout(500)
    found = page.evaluate(COVERED_CONTROLS)
    page.screenshot(path=str(tmp_path / f"phone{path.replace('/', '-') or '-home'}.png"), full_page=False)
    assert found["checked"] >= 3 and found["covered"] == [], found
    # The check itself: the bar floating over the page, as it did, covers controls it finds.
    page.get_by_test_id("install-prompt").evaluate(f"bar => bar.setAttribute('style', '{OLD_FLOATING_BAR}')")
    floating = page.evaluate(COVERED_CONTROLS)
    assert any("install-prompt" in c for c in floating["covered"]), floating
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert problems == []


def _pattern_rows() -> list[dict]:
    import json

    from tests.e2e.server import REPO

    rows = [json.loads(line) for line in (REPO / "pipelines" / "data" / "patterns_journal.jsonl").read_text()
            .splitlines() if line.strip()]
    picked = [r for theme in ("sleep", "money") for r in [r for r in rows if r["theme"] == theme][:4]]
    picked += [r for r in rows if r["theme"] == "relationships"][:2]
    return sorted(picked, key=lambda r: r["date"])


def test_a_journaler_deletes_an_entry_and_uploads_a_cv_and_every_view_follows(module_server, browser, tmp_path):
    """As a journaler would, at 1366 px: the patterns screen quotes an entry; the entry is deleted on
    the journal; back on the patterns screen (no reload) nothing quotes it. The Deep Dive asks for a
    CV; one is uploaded in Settings; back on the Deep Dive (no reload) the career part has it."""
    import time

    from tests.support.database import sql
    from tests.support.journal import wait_all_analysed

    server = module_server
    create_user(server, "pia", "pia@example.com")
    sql(server.database_url, "UPDATE users SET subscription_tier = 'premium' WHERE username = 'pia'")
    with httpx.Client(base_url=server.url, headers=APP_HEADERS, timeout=60) as api:
        assert api.post("/api/auth/login", json={"username": "pia", "password": PASSWORD}).status_code == 200
        for row in _pattern_rows():
            assert api.post("/api/journal", json={"content": row["text"], "date": row["date"]}).status_code == 201
        wait_all_analysed(api, timeout=240)
        deadline = time.monotonic() + 180
        while not api.get("/api/patterns").json():
            assert time.monotonic() < deadline, "no patterns"
            time.sleep(1)
        entries = {e["id"]: e for e in api.get("/api/journal", params={"limit": 50}).json()}
        patterns = api.get("/api/patterns").json()
    quoted_id = next(i["sourceEntryIds"][0] for p in patterns for i in p["insights"] if i["sourceEntryIds"])
    quoted = entries[quoted_id]

    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: m.type == "error" and problems.append(m.text))
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.goto(server.url + "/auth")
    sign_in(page, "pia")
    expect(page.get_by_label("Journal entry")).to_be_visible(timeout=30_000)
    nav = page.get_by_role("navigation", name="Main navigation")
    nav.get_by_role("link", name="Patterns").click()
    expect(page.get_by_text(quoted["date"], exact=False).first).to_be_visible(timeout=30_000)
    page.screenshot(path=str(tmp_path / "patterns-before-1366.png"), full_page=True)

    nav.get_by_role("link", name="Journal").click()
    item = page.get_by_role("list", name="Journal entries").get_by_role("listitem").filter(
        has_text=quoted["content"][:40])
    item.get_by_role("button", name="Delete entry").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Delete").click()
    expect(page.get_by_text("Entry deleted", exact=True)).to_be_visible(timeout=15_000)
    nav.get_by_role("link", name="Patterns").click()
    expect(page.get_by_role("heading", name="Emerging Patterns").or_(page.get_by_text("No Insights or Patterns Yet"))
           ).to_be_visible(timeout=30_000)
    page.wait_for_timeout(1500)
    expect(page.get_by_text(quoted["date"], exact=False)).to_have_count(0)
    page.screenshot(path=str(tmp_path / "patterns-after-1366.png"), full_page=True)

    # The Deep Dive asks for a CV; one uploaded in Settings shows there without a refresh.
    page.get_by_role("button", name="Open user menu").click()
    page.get_by_role("menuitem", name="Profile").click()
    page.get_by_role("tab", name="Deep Dive").click()
    expect(page.get_by_role("link", name="Upload your CV")).to_be_visible(timeout=30_000)
    page.get_by_role("link", name="Upload your CV").click()
    page.get_by_label("Resume text").fill("Pia Novak\nSenior accountant at Lakeside Partners, 2019-present\n"
                                             "Objective: lead a finance team at a nonprofit")
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(page.get_by_text("Resume Uploaded", exact=True)).to_be_visible(timeout=15_000)
    page.get_by_role("button", name="Open user menu").click()
    page.get_by_role("menuitem", name="Profile").click()
    page.get_by_role("tab", name="Deep Dive").click()
    expect(page.get_by_role("link", name="Upload your CV")).to_have_count(0, timeout=30_000)
    page.screenshot(path=str(tmp_path / "deep-dive-after-cv-1366.png"), full_page=True)
    assert problems == []
    context.close()
