"""The journal home as a journaler lives in it (issue 15), in a real browser against one real
server for the whole module: each test is its own journaler. Screenshots go to
$JOURNAL_HOME_SCREENSHOTS when it is set (they were looked at), else to the test's tmp dir."""

from __future__ import annotations

import email
import io
import os
import re
from datetime import date, timedelta
from email import policy
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
from PIL import Image
from playwright.sync_api import expect

from tests.e2e.server import REPO, ServerProcess
from tests.support.accounts import PASSWORD, make_user
from tests.support.app import APP_HEADERS
from tests.support.database import fresh_database
from tests.support.journal import wait_all_analysed, wait_until_analysed
from tests.support.live import sign_in
from tests.support.pdf import pdf_text

pytestmark = [pytest.mark.browser, pytest.mark.slow]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
REAL = ("Long day at work, the client changed everything again. I need to call the landlord before Friday "
        "about the heating. Feeling tired but proud of the team.")


@pytest.fixture(scope="module")
def server(postgres_server, tmp_path_factory, shared_prefect_env):
    if not (REPO / "web" / "dist" / "index.html").exists():
        pytest.fail("web/dist is missing: build the web app first (`make test` does)")
    with fresh_database(postgres_server, "journal_home") as url:
        # As behind a proxy: each journaler is its own client address (X-Forwarded-For), so the
        # sign-up and sign-in limits per address hold for each of them, as for real people.
        process = ServerProcess(tmp_path_factory.mktemp("journal_home") / "data", database_url=url,
                                extra_env={**shared_prefect_env, "TRUST_FORWARDED_FOR": "true"})
        try:
            process.wait_healthy()
            process.database_url = url  # type: ignore[attr-defined]
            yield process
        finally:
            process.stop()


def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("JOURNAL_HOME_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def address(name: str) -> dict[str, str]:
    """The journaler's own client address (documentation range 198.18.0.0/15)."""
    number = int.from_bytes(name.encode()[:4].ljust(4, b"\0"), "big") ^ len(name)
    return {"X-Forwarded-For": f"198.18.{number % 250}.{(number >> 8) % 250 + 1}"}


def journaler(server, name: str) -> httpx.Client:
    """A new journaler (through the API, as a person signs up), and an API client signed in as them."""
    with httpx.Client(base_url=server.url, headers={**APP_HEADERS, **address(name)}, timeout=60) as api:
        make_user(api, server.data_dir / "outbox", name, f"{name}@example.com", PASSWORD)
    client = httpx.Client(base_url=server.url, headers={**APP_HEADERS, **address(name)}, timeout=60)
    assert client.post("/api/auth/login", json={"username": name, "password": PASSWORD}).status_code == 200
    return client


def home(browser, server, name: str, viewport=DESKTOP):
    """A browser signed in as `name` on the journal home."""
    context = browser.new_context(viewport=viewport, extra_http_headers=address(name))
    page = context.new_page()
    page.problems = []  # type: ignore[attr-defined]
    page.on("console", lambda m: m.type == "error" and page.problems.append(f"console: {m.text}"))
    page.on("pageerror", lambda exc: page.problems.append(f"page error: {exc}"))
    page.goto(server.url + "/auth")
    sign_in(page, name)
    expect(page.get_by_label("Journal entry")).to_be_visible(timeout=30_000)
    return page


def problems(page, *allowed: str) -> list[str]:
    """Console errors that matter (not requests a reload or a test's own fault cut short)."""
    return [p for p in page.problems if "ERR_ABORTED" not in p and "/api/auth/me" not in p
            and not any(a in p for a in allowed)]


def save(page) -> None:
    """The entry's Save (the first in the editor; an insight prompt has its own Save after it)."""
    page.get_by_role("button", name="Save", exact=True).first.click()


def entries(client) -> list[dict]:
    return client.get("/api/journal").json()


def test_1_a_manual_save_refreshes_the_analysis_of_replaced_text(server, browser, tmp_path):
    client = journaler(server, "item1")
    page = home(browser, server, "item1")
    box = page.get_by_label("Journal entry")
    box.fill("Hello there, just a quick note.")
    expect(page.get_by_test_id("autosave-status")).to_have_text("Saved", timeout=15_000)
    first = wait_until_analysed(client, entries(client)[0]["id"])
    assert first["summary"] and "Hello" in first["summary"]
    box.fill(REAL)
    save(page)
    expect(page.get_by_text("Saved successfully", exact=True)).to_be_visible(timeout=15_000)
    after = wait_until_analysed(client, first["id"])
    # extractive: each of its sentences is one of the text's (the outcome can join the opening)
    assert all(sentence in REAL for sentence in re.split(r"(?<=[.!?])\s+", after["summary"]))
    assert after["summary"] != first["summary"]
    assert after["mood"]["text"] != "Neutral"
    latest = page.get_by_role("region", name="Latest entry")
    expect(latest).to_contain_text(after["summary"], timeout=20_000)
    expect(latest).to_contain_text("landlord")  # the task drawn from the new text
    item = page.get_by_test_id("entry-item").first
    # The list shows the new text; its summary's opening is in the preview already, so it is not
    # repeated above it (entry-format.ts, shownSummary).
    expect(item).to_contain_text(REAL[:90])
    assert item.inner_text().count("the client changed everything again") == 1
    expect(item).not_to_contain_text("Hello there")
    page.screenshot(path=str(shots(tmp_path) / "item1-refreshed-analysis.png"), full_page=False)
    assert problems(page) == []


def test_2_no_entry_from_a_prompt_or_a_few_characters_and_an_emptied_one_goes(server, browser):
    client = journaler(server, "item2")
    page = home(browser, server, "item2")
    page.get_by_role("complementary", name="Writing prompts").get_by_role("button").first.click()
    box = page.get_by_label("Journal entry")
    expect(box).not_to_have_value("")
    page.wait_for_timeout(3500)
    box.press("End")
    box.type("Ok")
    page.wait_for_timeout(3500)
    assert entries(client) == []  # a prompt and two letters are not an entry
    box.type(" so today the garden finally got its new fence and I sat outside.")
    expect(page.get_by_test_id("autosave-status")).to_have_text("Saved", timeout=15_000)
    assert len(entries(client)) == 1
    box.fill("")
    expect(page.get_by_text("Empty entry removed", exact=True)).to_be_visible(timeout=15_000)
    assert entries(client) == []
    assert problems(page) == []


def test_3_no_draft_recovered_for_text_the_server_holds(server, browser):
    client = journaler(server, "item3")
    page = home(browser, server, "item3")
    page.get_by_label("Journal entry").fill(REAL)
    expect(page.get_by_test_id("autosave-status")).to_have_text("Saved", timeout=15_000)
    assert [e["content"] for e in entries(client)] == [REAL]
    page.reload()
    expect(page.get_by_label("Journal entry")).to_have_value(REAL, timeout=30_000)
    page.wait_for_timeout(2500)
    expect(page.get_by_text("Draft Recovered", exact=True)).to_have_count(0)
    assert problems(page) == []


def test_4_save_failed_keeps_its_retry_and_leaving_asks_first(server, browser, tmp_path):
    client = journaler(server, "item4")
    page = home(browser, server, "item4")
    page.route("**/api/journal", lambda route: route.abort() if route.request.method == "POST" else route.continue_())
    page.get_by_label("Journal entry").fill(REAL)
    save(page)
    expect(page.get_by_text("Save failed", exact=True)).to_be_visible(timeout=15_000)
    page.wait_for_timeout(4000)  # past the autosave that used to replace it with 'Sync issue'
    retry = page.get_by_role("button", name="Retry")
    expect(retry).to_be_visible()
    expect(page.get_by_text("Sync issue", exact=True)).to_have_count(0)
    page.screenshot(path=str(shots(tmp_path) / "item4-save-failed-retry.png"))
    page.unroute("**/api/journal")
    retry.click()
    expect(page.get_by_text("Saved successfully", exact=True)).to_be_visible(timeout=15_000)
    assert [e["content"] for e in entries(client)] == [REAL]
    # Unsaved text: leaving for another screen asks first. Stay and Escape keep the text; Leave goes.
    # (a manual save leaves the editor empty for the next entry: this is a new one, not saved)
    page.route("**/api/journal", lambda route: route.abort() if route.request.method == "POST" else route.continue_())
    box = page.get_by_label("Journal entry")
    box.fill(REAL + " One more thought.")
    save(page)
    expect(page.get_by_text("Save failed", exact=True)).to_be_visible(timeout=15_000)
    tasks_link = page.get_by_role("link", name="Tasks").first
    asked = page.get_by_role("alertdialog", name="Unsaved changes")
    tasks_link.click()
    expect(asked).to_be_visible()
    asked.get_by_role("button", name="Stay").click()
    expect(asked).to_be_hidden()
    tasks_link.click()
    expect(asked).to_be_visible()
    # Escape reaches the dialog once it holds the focus (on "Stay"): on a busy machine a key pressed
    # in the frame it opens in went to the page behind it.
    expect(asked.get_by_role("button", name="Stay")).to_be_focused()
    page.keyboard.press("Escape")
    expect(asked).to_be_hidden()
    assert not page.url.endswith("/tasks")
    expect(box).to_have_value(REAL + " One more thought.")
    tasks_link.click()
    asked.get_by_role("button", name="Leave").click()
    expect(page).to_have_url(re.compile(r"/tasks$"))
    assert len(entries(client)) == 1
    assert problems(page, "Failed to load resource") == []


def test_5_6_insight_count_highlights_and_goal_chips(server, browser, tmp_path):
    client = journaler(server, "item5")
    for text in ("Quiet morning with coffee and a long walk before work.",
                 "Dinner with Sam, we laughed about the old flat."):
        assert client.post("/api/journal", json={"content": text}).status_code == 201
    goal = client.post("/api/journal", json={"content": "My goal is to run a half marathon next spring, so I start "
                                                         "training this week with three short runs."}).json()
    wait_all_analysed(client)
    saved = client.post("/api/insights", json={"text": "Running steadies me.", "type": "insight",
                                               "entryId": goal["id"]})
    assert saved.status_code == 201, saved.text
    later = client.post("/api/journal", json={"content": "Second training run for the half marathon today, "
                                                          "my legs were heavy but I kept going."}).json()
    wait_all_analysed(client)
    listed = {e["id"]: e for e in entries(client)}
    page = home(browser, server, "item5")
    item = page.get_by_test_id("entry-item").filter(has_text="My goal is to run a half marathon")
    expect(item).to_contain_text("1 insight")
    assert listed[goal["id"]]["highlights"], "the goal drawn from the entry belongs to it"
    page.screenshot(path=str(shots(tmp_path) / "item5-6-chips.png"), full_page=True)
    # The chips: the entry's own goal, and the later entry about the same goal (issue 16's linking).
    for entry_id in (goal["id"], later["id"]):
        assert listed[entry_id]["relatedGoals"], f"relatedGoals empty for {listed[entry_id]['content'][:40]}"
    expect(item.get_by_role("list", name="Related goals and projects")).to_be_visible()
    assert problems(page) == []


def test_7_dates_follow_edits_and_backdating(server, browser):
    client = journaler(server, "item7")
    assert client.post("/api/journal", json={"content": "An entry written today about the rain."}).status_code == 201
    page = home(browser, server, "item7")
    item = page.get_by_test_id("entry-item").first
    item.get_by_role("button", name="Edit entry").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Date").fill("03/05/2025")
    dialog.get_by_role("button", name="Save Changes").click()
    expect(page.get_by_test_id("entry-item").first).to_contain_text("March 5, 2025", timeout=10_000)
    # Backdating from the editor: the new entry is on the chosen day.
    target = date.today() - timedelta(days=2)
    page.get_by_role("button", name="Change date").click()
    page.get_by_role("button", name=re.compile(
        rf"{target.strftime('%B')} {target.day}(st|nd|rd|th), {target.year}")).click()
    expect(page.get_by_role("heading", name=re.compile(target.strftime("%B") + f" {target.day}, "))).to_be_visible()
    page.get_by_label("Journal entry").fill("Written two days late: the concert was loud and wonderful.")
    save(page)
    expect(page.get_by_text("Saved successfully", exact=True)).to_be_visible(timeout=15_000)
    shown = f"{target.strftime('%B')} {target.day}, {target.year}"
    expect(page.get_by_test_id("entry-item").filter(has_text="concert")).to_contain_text(shown)
    assert problems(page) == []


def test_8_search_narrows_and_says_when_nothing_matched(server, browser, tmp_path):
    client = journaler(server, "item8")
    for text in (REAL, "Went for a long run by the river, my legs are sore but I feel strong.",
                 "Cooked dinner with Sam, pasta and a long talk about moving to Lisbon."):
        assert client.post("/api/journal", json={"content": text}).status_code == 201
    wait_all_analysed(client)
    page = home(browser, server, "item8")
    search = page.get_by_label("Search entries")
    search.fill("xyzzy")
    expect(page.get_by_text("No entries match your search.")).to_be_visible(timeout=15_000)
    expect(page.get_by_text("0 matches", exact=True)).to_be_visible()  # a search counts matches
    page.screenshot(path=str(shots(tmp_path) / "item8-search-nothing.png"))
    search.fill("Lisbon")
    expect(page.get_by_text("1 match", exact=True)).to_be_visible(timeout=15_000)
    expect(page.get_by_test_id("entry-item")).to_have_count(1)
    search.fill("jogging and exercise")
    expect(page.get_by_test_id("entry-item").first).to_contain_text("long run by the river", timeout=15_000)
    assert problems(page) == []


def test_9_photos_stay_in_view_on_saved_entries(server, browser, tmp_path):
    client = journaler(server, "item9")
    entry = client.post("/api/journal", json={"content": "The harbour at dusk, boats coming in."}).json()
    image = io.BytesIO()
    Image.new("RGB", (320, 200), (40, 120, 160)).save(image, "PNG")
    photo = client.post(f"/api/journal-photos/{entry['id']}", data={"caption": "Harbour"},
                        files={"photo": ("h.png", image.getvalue(), "image/png")})
    assert photo.status_code == 201, photo.text
    page = home(browser, server, "item9")
    item = page.get_by_test_id("entry-item").first
    thumbnail = item.get_by_role("list", name="Photos").get_by_role("img")
    expect(thumbnail).to_have_count(1)
    page.wait_for_function("() => [...document.images].every((i) => i.complete && i.naturalWidth > 0)")
    item.get_by_role("button", name="Photo: Harbour").click()
    expect(page.get_by_role("dialog", name="Photos from this entry").get_by_role("img")).to_have_count(1)
    page.screenshot(path=str(shots(tmp_path) / "item9-photos.png"))
    assert problems(page) == []


def test_10_self_analysis_inserts_plain_text_and_writing_continues_below(server, browser):
    client = journaler(server, "item10")
    for text in (REAL, "Slept badly again, the deadline at work keeps me awake and anxious.",
                 "A calm Sunday: work did not cross my mind, I read in the park with Sam."):
        assert client.post("/api/journal", json={"content": text}).status_code == 201
    wait_all_analysed(client)
    page = home(browser, server, "item10")
    page.get_by_role("region", name="Previous Entries").get_by_role("button", name="Self Analysis").click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_text("Analyzing your journal entries for patterns and insights...")).to_have_count(
        0, timeout=90_000)
    for tab in ("Patterns", "Links", "Growth", "Reflect"):  # the first tab with a theme
        dialog.get_by_role("tab", name=tab).click()
        themes = dialog.get_by_role("list", name="Themes")
        if themes.count():
            themes.get_by_role("button").first.click()
            break
    dialog.get_by_role("button", name="Insert into Journal").click()
    box = page.get_by_label("Journal entry")
    expect(box).not_to_have_value("")
    value = box.input_value()
    assert not re.search(r"^#", value, re.MULTILINE) and '""' not in value and '“"' not in value
    expect(box).to_be_focused()  # the dialog hands the focus back to the entry once it has closed
    page.keyboard.type("My own words")
    lines = box.input_value().split("\n")
    assert lines[-1] == "My own words", lines[-3:]
    assert problems(page) == []


def test_11_13_therapist_report_pdf_and_dialog(server, browser, tmp_path):
    client = journaler(server, "item11")
    engine = sa.create_engine(server.database_url)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE users SET subscription_tier = 'premium' WHERE username = 'item11'"))
    engine.dispose()
    day = date.today() - timedelta(days=3)
    block = "💡 Insight ───────────────\nThe garden calms me.\n───────────────"
    for text in (f"I need to ask Sam and buy bread, then email the landlord about the garden.\n{block}",
                 "Ask the doctor about sleep; buy a lamp for the garden; email mum about Sunday."):
        assert client.post("/api/journal", json={"content": text, "date": day.isoformat()}).status_code == 201
    wait_all_analysed(client)
    page = home(browser, server, "item11")
    page.get_by_role("button", name="Therapist Report").click()
    dialog = page.get_by_role("dialog")
    end = dialog.locator("#report-end-date")
    box, frame = end.bounding_box(), dialog.bounding_box()
    assert box["x"] + box["width"] <= frame["x"] + frame["width"] - 16, (box, frame)  # End Date inside the dialog
    page.screenshot(path=str(shots(tmp_path) / "item13-report-dialog.png"))
    dialog.get_by_label("Therapist Email").fill("dr.lee@clinic.example")
    dialog.get_by_role("button", name="Send Report").click()
    expect(page.get_by_text("Report sent successfully!")).to_be_visible(timeout=90_000)
    mails = [email.message_from_bytes(p.read_bytes(), policy=policy.default)
             for p in (server.data_dir / "outbox").glob("*.eml")]
    report = next(m for m in mails if m["To"] == "dr.lee@clinic.example")
    pdf = next(p for p in report.iter_attachments() if p.get_content_type() == "application/pdf").get_content()
    text = pdf_text(pdf)
    assert '"garden"' in text or "garden" in text
    for errand in ("ask", "buy", "email"):
        assert f'"{errand}"' not in text
    assert "\u2500" not in text
    shown = f"{day.strftime('%B')} {day.day}, {day.year}"
    assert shown in text  # the date the app shows for these entries
    assert problems(page) == []


def test_12_logout_on_a_phone(server, browser, tmp_path):
    journaler(server, "item12")
    page = home(browser, server, "item12", viewport=PHONE)
    expect(page.get_by_role("navigation", name="Mobile navigation")).to_be_visible()
    page.screenshot(path=str(shots(tmp_path) / "item12-phone-home.png"))
    page.get_by_role("button", name="Open user menu").click()
    page.get_by_role("menuitem", name="Logout").click()
    expect(page).to_have_url(re.compile(r"/auth$"), timeout=15_000)
    expect(page.get_by_text("Logged Out", exact=True)).to_be_visible()
    assert problems(page) == []


def test_13_14_first_visit_loading_texts_and_auth_strings(server, browser):
    journaler(server, "item13")
    page = browser.new_context(viewport=DESKTOP, extra_http_headers=address("item13")).new_page()
    page.goto(server.url + "/auth")
    expect(page.get_by_role("button", name="Forgot password", exact=True)).to_be_visible()
    held: list = []
    hold = [True]

    def slow_journal(route):  # the journal answers late: its loading state shows
        if hold[0]:
            held.append(route)
        else:
            route.continue_()

    page.route(re.compile(r"/api/journal(\?.*)?$"), slow_journal)  # the list, whatever page it asks for
    sign_in(page, "item13")
    expect(page.get_by_text("Loading your journal data...")).to_be_visible(timeout=30_000)
    expect(page.get_by_text("This might take a minute. Please don't close the browser.")).to_be_visible()
    hold[0] = False
    for route in held:
        route.continue_()
    expect(page.get_by_text("Welcome, item13.")).to_be_visible(timeout=15_000)
    expect(page.get_by_text("Welcome back")).to_have_count(0)
    # Registration with a taken name: the form's own word.
    other = browser.new_context(viewport=DESKTOP, extra_http_headers=address("item13b")).new_page()
    other.goto(server.url + "/auth")
    other.get_by_role("button", name="Create account").click()
    other.get_by_label("Username").fill("item13")
    other.get_by_label("Email").fill("item13@example.com")
    other.get_by_label("Password", exact=True).fill(PASSWORD)
    other.get_by_label("Confirm password").fill(PASSWORD)
    other.get_by_role("button", name="Continue").click()
    other.get_by_role("radio", name="No, not really").click()
    other.get_by_role("button", name="Create Account").click()
    expect(other.get_by_text("Could not create account.")).to_be_visible(timeout=15_000)


def test_13_the_personal_story_follows_a_delete(server, browser):
    client = journaler(server, "story")
    texts = ["Morning run by the canal, cold but bright.", "Work was long; the client call went badly.",
             "Dinner with my sister, we talked about Dad.", "Read in the park all afternoon, calm.",
             "Planted tomatoes on the balcony with Sam."]
    ids = [client.post("/api/journal", json={"content": t}).json()["id"] for t in texts]
    wait_all_analysed(client)
    regenerate = client.post("/api/profile/regenerate").json()
    page = home(browser, server, "story")
    story = page.get_by_role("region", name="Your Personal Story")
    expect(story).to_contain_text("Across 5 entries", timeout=90_000)
    assert regenerate["success"]
    item = page.get_by_test_id("entry-item").filter(has_text="Planted tomatoes")
    item.get_by_role("button", name="Delete entry").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Delete").click()
    expect(page.get_by_text("Entry deleted", exact=True)).to_be_visible(timeout=15_000)
    expect(story).to_contain_text("Across 4 entries", timeout=90_000)
    assert ids
    assert problems(page) == []


@pytest.mark.parametrize("viewport, name", [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_views_calendar_mood_trend_and_streak(server, browser, tmp_path, viewport, name):
    client = journaler(server, f"views{name}")
    today = date.today()
    days = [today - timedelta(days=n) for n in (0, 1, 2, 5, 9, 16, 23, 30, 37)]
    moods = ["Happy day with friends, we laughed so much.", "Tired and drained after the long shift.",
             "Anxious about the exam, I could not focus.", "Calm evening reading.", "Sad news from home today."]
    for i, day in enumerate(days):
        created = client.post("/api/journal", json={"content": moods[i % len(moods)], "date": day.isoformat()})
        assert created.status_code == 201
    wait_all_analysed(client)
    page = home(browser, server, f"views{name}", viewport=viewport)
    section = page.get_by_role("region", name="Your journal over time")
    section.scroll_into_view_if_needed()
    streak = section.get_by_role("list", name="Writing streak")
    expect(streak).to_contain_text("3 days")
    calendar = section.get_by_role("grid", name=re.compile(r"^Entries in "))
    expect(calendar.locator("[data-written=true]")).not_to_have_count(0)
    today_cell = calendar.get_by_role("gridcell", name=re.compile(rf"{today.strftime('%B')} {today.day}: "))
    expect(today_cell).to_have_attribute("data-written", "true")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"the page scrolls sideways at {viewport['width']} px ({width})"
    section.screenshot(path=str(shots(tmp_path) / f"views-calendar-{name}.png"))
    section.get_by_role("tab", name="Mood trend").click()
    expect(section.get_by_role("list", name="Mood by week")).to_be_visible()
    section.get_by_role("button", name="Months").click()
    expect(section.get_by_role("list", name="Mood by month")).to_be_visible()
    expect(section.get_by_role("list", name="Mood by day of the week")).to_be_visible()
    section.screenshot(path=str(shots(tmp_path) / f"views-trend-{name}.png"))
    assert problems(page) == []
