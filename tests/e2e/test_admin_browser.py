"""Premium and the admin panel in a real browser against the real server: an admin generates an
Early Access Code on /admin, a second user joins the waitlist and redeems the code on
/subscription and sees premium content unlock, then the admin finds the user's row and the
waitlist entry and deletes both. Screenshots at 1280 and 390 px go to the test's folder (or to
ADMIN_SCREENSHOTS when set)."""

from __future__ import annotations

import os
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

from api.__main__ import _make_admin
from tests.e2e.server import ServerProcess
from tests.support.accounts import PASSWORD
from tests.support.app import APP_HEADERS
from tests.support.database import fresh_database
from tests.support.journal import regenerated_profile, wait_all_analysed
from tests.support.live import create_user, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ENTRIES = [
    "Started the new project at work today. I want to finish the prototype by Friday.",
    "Went running in the morning; I should call my sister this weekend.",
    "My goal this year is to learn Spanish and read twenty books.",
    "Felt anxious before the meeting, but it went well. Need to plan the budget.",
]
CAREER_LOCK = "Career vision, recommended resources, growth areas and activities are available with Premium."
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def world(postgres_server, tmp_path_factory, shared_prefect_env):
    """One server for the module, an admin (boss) and a journaler (maya) with four entries."""
    with fresh_database(postgres_server, "admin_e2e") as url:
        data = tmp_path_factory.mktemp("admin_e2e") / "data"
        server = ServerProcess(data, database_url=url, extra_env=shared_prefect_env)
        try:
            server.wait_healthy()
            create_user(server, "boss", "boss@example.com")
            assert _make_admin(url, "boss@example.com", True) == 0
            create_user(server, "maya", "maya@example.com")
            with httpx.Client(base_url=server.url, headers=APP_HEADERS, timeout=60) as maya:
                assert maya.post("/api/auth/login", json={"username": "maya", "password": PASSWORD}).status_code == 200
                for text in ENTRIES:
                    assert maya.post("/api/journal", json={"content": text}).status_code == 201
                wait_all_analysed(maya, timeout=240)
                # The story (and its career part) as the regeneration writes it, before her own words
                # replace its text: the automatic one may still be on its way when the entries are done.
                regenerated_profile(maya, timeout=240)
                saved = maya.post("/api/profile", json={"shortSummary": "A builder who runs to think.",
                                                        "fullProfile": "You build things and plan carefully."})
                assert saved.status_code == 200, saved.text
                maya_id = maya.get("/api/auth/me").json()["id"]
            yield server, url, maya_id
        finally:
            server.stop()


def shots_dir(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("ADMIN_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def new_page(browser, viewport=DESKTOP):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.problems = []  # type: ignore[attr-defined]
    page.on("console", lambda m: m.type in ("error", "warning") and page.problems.append(f"console {m.type}: {m.text}"))
    page.on("pageerror", lambda exc: page.problems.append(f"page error: {exc}"))
    page.on("requestfailed", lambda r: page.problems.append(f"request failed: {r.url} {r.failure}"))
    page.on("response", lambda r: r.status >= 400 and page.problems.append(f"HTTP {r.status}: {r.url}"))
    return context, page


def signed_in(browser, server, login: str, viewport=DESKTOP):
    context, page = new_page(browser, viewport)
    page.goto(server.url + "/auth")
    sign_in(page, login)
    expect(page.get_by_label("Journal entry")).to_be_visible(timeout=30_000)
    return context, page


def problems(page) -> list[str]:
    # Requests a navigation cut short are not errors.
    return [p for p in page.problems if "ERR_ABORTED" not in p]


def test_admin_code_redeemed_premium_unlocks_admin_deletes(world, browser, tmp_path):
    server, _, maya_id = world
    shots = shots_dir(tmp_path)

    # The admin generates a code on the System tab.
    boss_context, boss = signed_in(browser, server, "boss")
    boss.goto(server.url + "/admin")
    expect(boss.get_by_role("heading", name="Admin Panel")).to_be_visible(timeout=20_000)
    boss.get_by_role("tab", name="System").click()
    boss.get_by_role("button", name="Generate Code").click()
    expect(boss.get_by_text("Please enter an influencer name")).to_be_visible()
    boss.get_by_label("Influencer name").fill("Mia Reads")
    boss.get_by_role("button", name="Generate Code").click()
    generated = boss.get_by_test_id("generated-code")
    expect(generated).to_be_visible(timeout=15_000)
    code = generated.inner_text().strip()
    assert code.startswith("MIAREADS-") and len(code) == len("MIAREADS-") + 12
    boss.get_by_role("tab", name="Manage Codes").click()
    expect(boss.get_by_role("list", name="Promo codes").get_by_text(code)).to_be_visible()
    boss.screenshot(path=str(shots / "admin-system-1280.png"), full_page=True)

    # Maya sees the premium lock, follows it to /subscription, joins the waitlist, redeems the code.
    maya_context, maya = signed_in(browser, server, "maya")
    maya.goto(server.url + "/profile")
    maya.get_by_role("tab", name="Deep Dive").click()
    expect(maya.get_by_text(CAREER_LOCK)).to_be_visible(timeout=20_000)
    maya.get_by_role("link", name="Upgrade to Premium").first.click()
    expect(maya).to_have_url(server.url + "/subscription")
    expect(maya.get_by_test_id("plan-label")).to_have_text("Free", timeout=20_000)
    expect(maya.get_by_label("Email")).to_have_value("maya@example.com")
    maya.get_by_label("Your journaling story").fill("I write every night; it helps me plan my week.")
    maya.get_by_role("checkbox", name="Couples journaling").click()
    maya.get_by_role("button", name="Join the Waitlist").click()
    expect(maya.get_by_text("Thanks for sharing!", exact=True)).to_be_visible(timeout=15_000)
    maya.get_by_label("Early Access Code").fill(code.lower())  # codes are case-insensitive
    maya.get_by_role("button", name="Apply Code").click()
    expect(maya.get_by_text("Success!", exact=True)).to_be_visible(timeout=15_000)
    expect(maya.get_by_test_id("plan-label")).to_have_text("Premium Trial", timeout=15_000)
    expect(maya.get_by_role("switch", name="Promo access")).to_be_checked()
    maya.screenshot(path=str(shots / "subscription-1280.png"), full_page=True)
    maya.set_viewport_size(PHONE)
    maya.reload()
    expect(maya.get_by_test_id("plan-label")).to_have_text("Premium Trial", timeout=20_000)
    maya.screenshot(path=str(shots / "subscription-390.png"), full_page=True)
    maya.set_viewport_size(DESKTOP)

    # Premium content unlocks: the Deep Dive's career section and the therapist report.
    maya.goto(server.url + "/profile")
    maya.get_by_role("tab", name="Deep Dive").click()
    # the career part itself (built from her entries and CV, sent to premium users only)
    expect(maya.get_by_role("heading", name="Growth areas")).to_be_visible(timeout=20_000)
    expect(maya.get_by_role("heading", name="Recommended resources")).to_be_visible()
    expect(maya.get_by_text(CAREER_LOCK)).to_have_count(0)
    maya.goto(server.url + "/")
    maya.get_by_role("button", name="Therapist Report").click()
    dialog = maya.get_by_role("dialog")
    dialog.get_by_label("Therapist Email").fill("dr.lee@clinic.example")
    dialog.get_by_role("button", name="Send Report").click()
    expect(maya.get_by_text("Report sent successfully!")).to_be_visible(timeout=60_000)
    assert problems(maya) == []

    # The admin sees Maya's row and her waitlist entry, and deletes both.
    boss.reload()
    users = boss.get_by_role("list", name="All users")
    row = users.get_by_role("listitem", name="maya")
    expect(row).to_be_visible(timeout=20_000)
    expect(row.get_by_text("Premium Trial")).to_be_visible()
    expect(row.get_by_text(code, exact=False)).to_be_visible()
    boss.get_by_role("tab", name="Waitlist").click()
    entry = boss.get_by_role("listitem", name="maya@example.com")
    expect(entry.get_by_text("I write every night; it helps me plan my week.")).to_be_visible(timeout=15_000)
    expect(entry.get_by_text("Couples journaling")).to_be_visible()
    expect(entry.get_by_text("Subscribed", exact=True)).to_be_visible()
    boss.screenshot(path=str(shots / "admin-waitlist-1280.png"), full_page=True)
    entry.get_by_role("button", name="Delete waitlist entry maya@example.com").click()
    boss.get_by_role("alertdialog").get_by_role("button", name="Delete Entry").click()
    expect(boss.get_by_text("No waitlist entries found.")).to_be_visible(timeout=15_000)

    boss.get_by_role("tab", name="All Users").click()
    boss.set_viewport_size(PHONE)
    boss.screenshot(path=str(shots / "admin-users-390.png"), full_page=True)
    boss.set_viewport_size(DESKTOP)
    boss.screenshot(path=str(shots / "admin-users-1280.png"), full_page=True)
    # The rows' figures line up whatever each row's buttons say ('Remove Admin' is the wider one).
    lefts = {round(dl.bounding_box()["x"]) for dl in users.locator("dl").all()}
    assert len(users.locator("dl").all()) >= 2 and len(lefts) == 1, lefts
    users.get_by_role("button", name="Delete maya").click()
    confirm = boss.get_by_role("alertdialog")
    expect(confirm).to_contain_text("maya@example.com")
    confirm.get_by_role("button", name="Delete User").click()
    expect(boss.get_by_text("User Deleted", exact=True)).to_be_visible(timeout=15_000)
    expect(users.get_by_role("listitem", name="maya")).to_have_count(0)
    boss.get_by_role("tab", name="System").click()
    expect(boss.get_by_role("list", name="Admin activity").get_by_text("boss deleted a user")).to_be_visible()
    assert problems(boss) == []

    # Maya's account, session and files are gone.
    with httpx.Client(base_url=server.url, headers=APP_HEADERS, timeout=30) as api:
        refused = api.post("/api/auth/login", json={"username": "maya", "password": PASSWORD})
        assert refused.status_code in (400, 401) and "authToken" not in refused.text
    assert not (server.data_dir / "files" / maya_id).exists()
    maya_context.close()
    boss_context.close()


def test_a_non_admin_never_sees_the_panel(world, browser):
    server, *_ = world
    create_user(server, "noor", "noor@example.com")
    context, page = signed_in(browser, server, "noor")
    page.goto(server.url + "/admin")
    expect(page.get_by_role("heading", name="404 Page Not Found")).to_be_visible(timeout=20_000)
    expect(page.get_by_role("heading", name="Admin Panel")).to_have_count(0)
    assert problems(page) == []  # the page made no admin call at all
    context.close()


ADMIN_DESKTOP = {"width": 1366, "height": 768}


def test_codes_users_and_the_audit_log_as_django_ghost_and_mastodon_give_them(world, browser, tmp_path):
    """A one-use code that never expires, deactivated (refused with its own title) and reactivated;
    the users filtered, sorted and exported; a user's page with its sessions ended; an unverified
    user sent a new code; the audit log filtered. At 1366 and 390 px, no console error."""
    server, *_ = world
    shots = shots_dir(tmp_path)
    create_user(server, "zoe", "zoe@example.com")
    with httpx.Client(base_url=server.url, headers=APP_HEADERS, timeout=30) as api:
        assert api.post("/api/auth/register", json={
            "username": "ursula", "email": "ursula@example.com", "password": PASSWORD,
            "journalingPreferences": {"status": "yes", "frequency": "daily"}}).status_code == 201

    boss_context, boss = signed_in(browser, server, "boss", ADMIN_DESKTOP)
    boss.goto(server.url + "/admin")
    boss.get_by_role("tab", name="System").click()
    boss.get_by_label("Influencer name").fill("Leo Pod")
    boss.get_by_label("Use limit").fill("1")
    boss.get_by_label("Redeemable until").click()
    boss.get_by_role("option", name="Never expires").click()
    boss.get_by_role("button", name="Generate Code").click()
    code = boss.get_by_test_id("generated-code").inner_text(timeout=15_000).strip()
    boss.get_by_role("tab", name="Manage Codes").click()
    item = boss.get_by_role("listitem", name=code)
    expect(item.get_by_test_id("code-state")).to_have_text("Active")
    expect(item).to_contain_text("used 0 of 1 use · grants 30 days · never expires")
    item.get_by_role("button", name=f"Deactivate {code}").click()
    boss.get_by_role("alertdialog").get_by_role("button", name="Deactivate").click()
    expect(item.get_by_test_id("code-state")).to_have_text("Deactivated", timeout=15_000)
    boss.screenshot(path=str(shots / "admin-codes-1366.png"), full_page=True)

    zoe_context, zoe = signed_in(browser, server, "zoe")
    zoe.goto(server.url + "/subscription")
    zoe.get_by_label("Early Access Code").fill(code)
    zoe.get_by_role("button", name="Apply Code").click()
    expect(zoe.get_by_text("Code deactivated", exact=True)).to_be_visible(timeout=15_000)
    expect(zoe.get_by_text("Invalid code", exact=True)).to_have_count(0)
    item.get_by_role("button", name=f"Reactivate {code}").click()
    boss.get_by_role("alertdialog").get_by_role("button", name="Reactivate").click()
    expect(item.get_by_test_id("code-state")).to_have_text("Active", timeout=15_000)
    zoe.get_by_role("button", name="Apply Code").click()
    expect(zoe.get_by_text("Success!", exact=True)).to_be_visible(timeout=15_000)
    boss.reload()
    boss.get_by_role("tab", name="System").click()
    boss.get_by_role("tab", name="Manage Codes").click()
    expect(boss.get_by_role("listitem", name=code).get_by_test_id("code-state")).to_have_text("Used up",
                                                                                             timeout=15_000)

    # The audit log says it, one use in the singular, and filters by action.
    log = boss.get_by_role("list", name="Admin activity")
    expect(log.get_by_text(f"boss generated a promo code ({code}: 30 days, 1 use, never expires)")).to_be_visible()
    boss.get_by_label("Action").click()
    boss.get_by_role("option", name="Codes changed").click()
    expect(log.get_by_role("listitem")).to_have_count(2, timeout=15_000)
    expect(log).to_contain_text(f"{code}: deactivated")
    boss.screenshot(path=str(shots / "admin-audit-1366.png"), full_page=True)

    # The users: premium only, by username, exported as CSV with the same filter.
    boss.get_by_role("tab", name="All Users").click()
    users = boss.get_by_role("list", name="All users")
    boss.get_by_role("group", name="Filter all users").get_by_role("button", name="Premium").click()
    expect(users.get_by_role("listitem")).to_have_count(1)
    expect(users.get_by_role("listitem", name="zoe")).to_be_visible()
    with boss.expect_download() as download:
        boss.get_by_role("button", name="Export CSV").click()
    text = Path(download.value.path()).read_text()
    lines = text.strip().splitlines()
    assert lines[0].startswith("id,username,email") and len(lines) == 2 and ",zoe,zoe@example.com," in lines[1]
    boss.get_by_role("group", name="Filter all users").get_by_role("button", name="Premium").click()
    boss.get_by_role("group", name="Filter all users").get_by_role("button", name="Unverified").click()
    expect(users.get_by_role("listitem", name="ursula")).to_be_visible()
    boss.set_viewport_size(PHONE)
    boss.screenshot(path=str(shots / "admin-users-filtered-390.png"), full_page=True)
    boss.set_viewport_size(ADMIN_DESKTOP)

    # Ursula's page: not verified; a new code goes to her address.
    users.get_by_role("link", name="ursula: open their page").click()
    expect(boss.get_by_role("heading", level=1, name="ursula")).to_be_visible(timeout=15_000)
    expect(boss.get_by_text("Not verified", exact=False)).to_be_visible()
    boss.get_by_role("button", name="Resend verification code").click()
    expect(boss.get_by_text("A new verification code was sent to ursula@example.com.", exact=True)).to_be_visible(
        timeout=15_000)

    # Zoe's page: her session, ended.
    boss.go_back()  # the panel, its filters as they start
    boss.get_by_role("list", name="All users").get_by_role("link", name="zoe: open their page").click()
    expect(boss.get_by_role("heading", level=1, name="zoe")).to_be_visible(timeout=15_000)
    # Two: the browser's, and the one her account was made with through the API.
    expect(boss.get_by_role("list", name="Sessions").get_by_role("listitem")).to_have_count(2)
    boss.screenshot(path=str(shots / "admin-user-page-1366.png"), full_page=True)
    boss.set_viewport_size(PHONE)
    boss.screenshot(path=str(shots / "admin-user-page-390.png"), full_page=True)
    boss.set_viewport_size(ADMIN_DESKTOP)
    boss.get_by_role("button", name="End all sessions").click()
    boss.get_by_role("alertdialog").get_by_role("button", name="End Sessions").click()
    expect(boss.get_by_text("2 sessions ended.", exact=True)).to_be_visible(timeout=15_000)
    expect(boss.get_by_text("Not signed in anywhere.")).to_be_visible(timeout=15_000)
    zoe.reload()
    expect(zoe.get_by_label("Username or email")).to_be_visible(timeout=20_000)  # signed out: the sign-in form
    assert problems(boss) == []
    zoe_context.close()
    boss_context.close()
