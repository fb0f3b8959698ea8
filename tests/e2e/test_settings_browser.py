"""/settings in a real browser against the real server (issue 14): import a journal file and see its
entries analysed, a second import adds nothing, upload a resume, change the profile and the theme,
Privacy Mode blurs after inactivity, export the four CSV files, delete the account."""

from __future__ import annotations

import csv
import io
import os
import re
import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

from tests.support.accounts import PASSWORD
from tests.support.app import APP_HEADERS
from tests.support.live import create_user, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PRIVACY_IDLE_MS = 2 * 60 * 1000  # web/src/lib/constants.ts
JOURNAL = """# Notes from my old app

## March 3, 2026
Long walk by the river with my sister. I need to call the dentist before Friday.

## 04/03/2026
Busy day at work, the launch slipped again and I feel anxious about it.

## 2026-03-05
Quiet evening, cooked soup and read. Calm and grateful.
"""
SECTIONS = ["Content Management", "Account Management", "Interface & AI", "Privacy", "Data Management"]
# Where the screenshots go: a temp dir by default; SCREENSHOT_DIR keeps them to look at.
SHOTS = os.environ.get("SCREENSHOT_DIR")

# The html element's class list holds "dark" among others (the phone bar's scroll room).
DARK = re.compile(r"(^|\s)dark(\s|$)")


def api_client(live_server) -> httpx.Client:
    client = httpx.Client(base_url=live_server.url, headers=APP_HEADERS, timeout=60)
    assert client.post("/api/auth/login", json={"username": "ana", "password": PASSWORD}).status_code == 200
    return client


def make_pdf(path: Path) -> None:
    from reportlab.pdfgen import canvas

    page = canvas.Canvas(str(path))
    page.drawString(72, 800, "Ana Lima - Product designer")
    page.drawString(72, 780, "2019-2026: Design lead at Orchard Labs")
    page.save()


def shoot(page, tmp_path: Path, name: str, *, full_page: bool = True) -> Path:
    folder = Path(SHOTS) if SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"settings-{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    assert path.stat().st_size > 10_000  # a real picture, not a blank page
    return path


def test_settings_from_import_to_account_deletion(live_server, page, tmp_path):
    page.clock.install()  # real time flows; Privacy Mode's idle wait is fast-forwarded below
    create_user(live_server)
    page.goto(live_server.url + "/auth")
    sign_in(page)
    expect(page.get_by_label("Journal entry")).to_be_visible(timeout=20_000)
    page.goto(live_server.url + "/settings")
    headings = page.get_by_role("heading", level=2)
    expect(headings).to_have_text(SECTIONS, timeout=20_000)
    expect(page.get_by_role("button", name="Export as CSV")).to_be_disabled()  # no entries yet
    expect(page.get_by_text("Version 1.4.2-auth-update")).to_be_visible()
    expect(page.get_by_text("Session ID:")).to_be_visible()

    # Import a Markdown journal from a file: the overlay, then the success card with the analysis.
    journal = tmp_path / "old-journal.md"
    journal.write_text(JOURNAL)
    page.get_by_test_id("import-file").set_input_files(str(journal))
    expect(page.get_by_test_id("import-chosen")).to_contain_text("old-journal.md")  # sent as the file it is
    page.get_by_role("button", name="Import Journal").click()
    success = page.get_by_test_id("import-success")
    try:  # the server's first embedding loads the model, on a machine shared with other work
        expect(success).to_be_visible(timeout=180_000)
    except AssertionError:
        print(live_server.log()[-5000:])
        raise
    expect(success).to_contain_text("Imported 3 journal entries.")
    expect(success).to_contain_text("Read as: Markdown")
    expect(page.get_by_test_id("import-analysed")).to_contain_text("All 3 entries are analysed", timeout=180_000)
    shoot(page, tmp_path, "imported-1280", full_page=False)
    client = api_client(live_server)
    entries = client.get("/api/journal").json()
    assert sorted(e["date"] for e in entries) == ["03/03/2026", "03/04/2026", "03/05/2026"]
    assert all(e["mood"] and e["summary"] for e in entries)
    assert any("dentist" in t["text"].lower() for t in client.get("/api/tasks").json())

    # The same file again adds nothing.
    page.get_by_role("button", name="Import more").click()
    page.get_by_test_id("import-file").set_input_files(str(journal))
    page.get_by_role("button", name="Import Journal").click()
    expect(page.get_by_text("No Entries Imported", exact=True)).to_be_visible(timeout=60_000)
    assert len(client.get("/api/journal").json()) == 3

    # The journal shows the imported entries with their analysis.
    page.get_by_role("link", name="Journal").first.click()
    listed = page.get_by_role("list", name="Journal entries")
    expect(listed.get_by_role("listitem")).to_have_count(3, timeout=20_000)
    expect(listed.get_by_text("Quiet evening, cooked soup").first).to_be_visible()
    expect(listed.get_by_role("img").first).to_be_visible(timeout=20_000)  # the mood
    shoot(page, tmp_path, "journal-after-import-1280", full_page=False)
    page.goto(live_server.url + "/settings")

    # A PDF resume, read on the server.
    resume = tmp_path / "resume.pdf"
    make_pdf(resume)
    page.get_by_test_id("resume-file").set_input_files(str(resume))
    expect(page.get_by_test_id("resume-file-loaded")).to_contain_text("resume.pdf loaded")
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(page.get_by_test_id("resume-status")).to_have_text("Resume uploaded successfully", timeout=30_000)
    assert "Design lead at Orchard Labs" in client.get("/api/resume").json()["content"]

    # Profile: a too-short username is refused in the form; a full name is saved.
    page.get_by_label("Username").fill("ab")
    page.get_by_role("button", name="Update Profile").click()
    expect(page.get_by_text("Username must be at least 3 characters")).to_be_visible()
    page.get_by_label("Username").fill("ana")
    page.get_by_label("Full name").fill("Ana Lima")
    page.get_by_role("button", name="Update Profile").click()
    expect(page.get_by_text("Profile Updated", exact=True)).to_be_visible(timeout=15_000)
    assert client.get("/api/auth/me").json()["fullName"] == "Ana Lima"

    # Theme: light at once, and the account keeps it.
    html = page.locator("html")
    expect(html).to_have_class(DARK)
    page.get_by_label("Dark mode").click()
    expect(html).not_to_have_class(DARK)
    deadline = time.monotonic() + 10
    while client.get("/api/auth/me").json()["darkMode"] is not False and time.monotonic() < deadline:
        time.sleep(0.2)
    assert client.get("/api/auth/me").json()["darkMode"] is False
    page.mouse.move(5, 5)
    shoot(page, tmp_path, "light-1280")
    page.get_by_label("Dark mode").click()
    expect(html).to_have_class(DARK)

    # The AI Smart Prompts slider and Save Settings.
    slider = page.get_by_role("slider")
    slider.focus()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_test_id("prompt-frequency-label")).to_have_text("High")
    page.get_by_role("button", name="Save Settings").click()
    expect(page.get_by_text("Settings Saved", exact=True)).to_be_visible()
    assert page.evaluate("localStorage.getItem('autoPromptFrequency')") == "75"

    # Privacy Mode is on by default: after the idle time the app is blurred; a key shows it again.
    expect(page.get_by_label("Privacy Mode")).to_be_checked()
    veil = page.get_by_test_id("privacy-veil")
    expect(veil).to_have_count(0)
    page.clock.fast_forward(PRIVACY_IDLE_MS + 1000)
    expect(veil).to_be_visible()
    assert "blur" in veil.evaluate("el => getComputedStyle(el).backdropFilter")
    shoot(page, tmp_path, "privacy-blur-1280", full_page=False)
    expect(veil).to_be_visible()  # the screenshot itself is no activity
    page.keyboard.press("Shift")
    expect(veil).to_have_count(0)

    # Export as CSV: four files, about 300 ms apart, with the spec's columns.
    downloads = []
    page.on("download", lambda d: downloads.append((time.monotonic(), d)))
    page.get_by_role("button", name="Export as CSV").click()
    expect(page.get_by_text("Data Export Successful", exact=True)).to_be_visible(timeout=15_000)
    deadline = time.monotonic() + 10
    while len(downloads) < 4 and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert len(downloads) == 4
    files = {}
    for _, download in downloads:
        path = tmp_path / download.suggested_filename
        download.save_as(str(path))
        files[download.suggested_filename.split("-")[1]] = list(csv.reader(io.StringIO(path.read_text())))
    # The spec's columns, then the time and place (which Reverie's CSV import reads back).
    assert files["entries"][0] == ["ID", "Date", "Content", "Time", "Location"] and len(files["entries"]) == 4
    assert files["tasks"][0] == ["ID", "Text", "Completed", "Timeframe", "Priority", "EntryID"]
    assert files["projects"][0] == ["ID", "Name", "Description", "Status", "Type"]
    assert files["goals"][0] == ["ID", "Text", "EntryID"]
    assert {row[2] for row in files["entries"][1:]} == {e["content"] for e in entries}
    gaps = [b[0] - a[0] for a, b in zip(downloads, downloads[1:], strict=False)]
    assert all(gap > 0.2 for gap in gaps), gaps

    # Change the password: a wrong current one is named under its field (an expected 400); the
    # change keeps this page signed in and signs the API client, another device, out.
    before = len(page.problems)
    page.get_by_label("Current password").fill("not my password")
    page.get_by_label("New password", exact=True).fill("a brand new secret")
    page.get_by_label("Confirm new password").fill("a brand new secret")
    page.get_by_role("button", name="Change Password").click()
    expect(page.get_by_text("Your current password is incorrect.")).to_be_visible(timeout=15_000)
    wrong_try = page.problems[before:]
    assert wrong_try and all("400" in p for p in wrong_try), wrong_try
    del page.problems[before:]
    page.get_by_label("Current password").fill(PASSWORD)
    page.get_by_role("button", name="Change Password").click()
    expect(page.get_by_text("Password Changed", exact=True)).to_be_visible(timeout=15_000)
    expect(page.get_by_label("Current password")).to_have_value("")
    assert client.get("/api/auth/me").status_code == 401
    relogin = httpx.post(live_server.url + "/api/auth/login", headers=APP_HEADERS,
                         json={"username": "ana", "password": "a brand new secret"})
    assert relogin.status_code == 200, relogin.text

    shoot(page, tmp_path, "dark-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    expect(page.get_by_role("button", name="Log Out")).to_be_visible()  # mobile only
    shoot(page, tmp_path, "phone-390")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(page.get_by_role("button", name="Log Out")).to_be_hidden()

    # Delete the account: the confirmation, the toast, and 2 s later the visitor's home.
    page.get_by_role("button", name="Delete Account").click()
    dialog = page.get_by_role("alertdialog")
    before = len(page.problems)
    dialog.get_by_label("Your password").fill("not my password")
    dialog.get_by_role("button", name="Delete Account").click()
    expect(dialog.get_by_role("alert")).to_have_text("Your current password is incorrect.")
    wrong_try = page.problems[before:]
    assert wrong_try and all("400" in p for p in wrong_try), wrong_try
    del page.problems[before:]
    dialog.get_by_label("Your password").fill("a brand new secret")
    dialog.get_by_role("button", name="Delete Account").click()
    expect(page.get_by_text("Account Deleted", exact=True)).to_be_visible(timeout=15_000)
    page.wait_for_url(live_server.url + "/", timeout=15_000)
    expect(page.get_by_role("link", name="Start Journaling").first).to_be_visible(timeout=15_000)
    assert client.get("/api/auth/me").status_code == 401
    gone = httpx.post(live_server.url + "/api/auth/login", headers=APP_HEADERS,
                      json={"username": "ana", "password": "a brand new secret"})
    assert gone.status_code in (400, 401)
    assert not (live_server.data_dir / "files").exists() or not any((live_server.data_dir / "files").iterdir())

    problems = [p for p in page.problems if "/api/auth/me" not in p and "ERR_ABORTED" not in p]
    assert problems == []


def test_import_every_format_by_name_and_a_day_one_zip_with_its_report(live_server, page, tmp_path):
    """The import card at desktop (1366 px) and phone (390 px) width: every format named, the picker
    taking a Day One .zip as Day One exports it, the overlay's steps, then what came in (photos) and
    what could not (audio, a missing photo), in the server's words; the .zip export downloads."""
    from tests.support.imports import day_one_zip

    create_user(live_server)
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(live_server.url + "/auth")
    sign_in(page)
    expect(page.get_by_label("Journal entry")).to_be_visible(timeout=20_000)
    page.goto(live_server.url + "/settings")
    formats = page.get_by_role("list", name="Formats Reverie reads")
    for app in ("Day One", "jrnl", "Daylio", "Daygram", "Obsidian", "Reverie", "Any journal"):
        expect(formats).to_contain_text(app)
    assert page.get_by_test_id("import-file").get_attribute("accept") == ".zip,.json,.csv,.txt,.md,.markdown,.journal"
    card = page.get_by_test_id("import-card")
    card.screenshot(path=str(_shot_path(tmp_path, "import-card-1366")))

    archive, _ = day_one_zip(photos_per_entry={0: 2, 3: 1}, tags={0: ["history"]}, audios={1: 3}, missing_photo=10)
    zipped = tmp_path / "Export - Journal.zip"
    zipped.write_bytes(archive)
    page.get_by_test_id("import-file").set_input_files(str(zipped))
    expect(page.get_by_test_id("import-chosen")).to_contain_text("Export - Journal.zip")
    page.get_by_role("button", name="Import Journal").click()
    expect(page.get_by_role("alertdialog")).to_contain_text("Importing Journal")
    report = page.get_by_test_id("import-success")
    expect(report).to_be_visible(timeout=180_000)
    expect(report).to_contain_text("Imported 8 journal entries.")
    expect(report).to_contain_text("Read as: Day One")
    expect(report).to_contain_text("3 photos were attached to their entries.")
    missing = page.get_by_test_id("import-not-imported")
    expect(missing).to_contain_text("3 audio files were not imported: Reverie keeps text and photos.")
    expect(missing).to_contain_text("1 photo was not in the file")
    expect(missing).to_contain_text("The weather of 3 entries was not kept.")
    report.screenshot(path=str(_shot_path(tmp_path, "import-report-1366")))

    page.set_viewport_size({"width": 390, "height": 844})
    expect(report).to_be_visible()
    report.screenshot(path=str(_shot_path(tmp_path, "import-report-390")))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    page.get_by_role("button", name="Import more").click()
    expect(formats).to_be_visible()
    card.screenshot(path=str(_shot_path(tmp_path, "import-card-390")))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # The photos are on their entries in the journal.
    client = api_client(live_server)
    entries = client.get("/api/journal", params={"limit": 50}).json()
    assert sum(len(e["photos"]) for e in entries) == 3

    # Export everything: one .zip with the JSON, the photos and a Markdown note per entry.
    page.set_viewport_size({"width": 1366, "height": 900})
    with page.expect_download(timeout=60_000) as downloading:
        page.get_by_role("button", name="Export everything (.zip)").click()
    saved = tmp_path / downloading.value.suggested_filename
    downloading.value.save_as(str(saved))
    assert saved.name.startswith("reverie-export-") and saved.suffix == ".zip"
    import zipfile

    names = zipfile.ZipFile(saved).namelist()
    assert sum(n.endswith(".md") for n in names) == 8 and sum("/photos/" in n for n in names) == 3
    assert any(n.endswith("/reverie-export.json") for n in names)
    assert not page.problems, page.problems


def _shot_path(tmp_path: Path, name: str) -> Path:
    folder = Path(SHOTS) if SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"settings-{name}.png"
