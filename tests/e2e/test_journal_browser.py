"""The journal home in a real browser against the real server and embedded database (one server
for the module: each test is a user of its own)."""

from __future__ import annotations

import email
import io
from email import policy

import httpx
import pytest
from PIL import Image
from playwright.sync_api import expect

from tests.support.accounts import PASSWORD
from tests.support.app import APP_HEADERS
from tests.support.database import sql
from tests.support.journal import wait_all_analysed
from tests.support.live import create_user, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]
ENTRY = ("Long day at work, the client changed everything again. I need to call the landlord before "
         "Friday about the heating. Feeling tired but proud of the team.")


def signed_in(module_server, page, name: str):
    """A new user `name` (the module shares one server: each test is a user of its own), signed in."""
    create_user(module_server, name, f"{name}@example.com")
    page.goto(module_server.url + "/auth")
    sign_in(page, name)
    box = page.get_by_label("Journal entry")
    expect(box).to_be_visible(timeout=20_000)
    return box


def api_client(module_server, name: str) -> httpx.Client:
    client = httpx.Client(base_url=module_server.url, headers=APP_HEADERS, timeout=60)
    assert client.post("/api/auth/login", json={"username": name, "password": PASSWORD}).status_code == 200
    return client


def console_clean(page) -> list[str]:
    """Problems that matter: not the visitor's session check, not requests a reload cut short."""
    return [p for p in page.problems if "/api/auth/me" not in p and "ERR_ABORTED" not in p]


def test_autosave_reload_recovers_the_draft_then_save_analyses(module_server, page):
    box = signed_in(module_server, page, "ana")
    box.fill(ENTRY)
    expect(page.get_by_text("Saved", exact=True)).to_be_visible(timeout=10_000)  # autosave after 1500 ms
    box.press("End")
    # The unload's keep-alive save is lost (offline): only the local draft has the new words. The
    # handler stays for the rest of the test (unrouting while the reloaded page's own requests wait
    # in it could leave them hanging); after the reload it lets everything through.
    offline = [True]
    page.route("**/api/journal/*", lambda route: route.abort("aborted")
               if offline[0] and route.request.method == "PATCH" else route.continue_())
    box.type(" And one more thought about the weekend.")
    page.reload()
    offline[0] = False
    expect(page.get_by_text("Draft Recovered", exact=True)).to_be_visible(timeout=20_000)
    box = page.get_by_label("Journal entry")
    expect(box).to_have_value(ENTRY + " And one more thought about the weekend.")

    # The editor's Save; an insight prompt beside the editor may carry a Save of its own (after it in the page)
    page.get_by_role("button", name="Save", exact=True).first.click()
    expect(page.get_by_text("Saved successfully", exact=True)).to_be_visible(timeout=15_000)
    expect(page.get_by_label("Journal entry")).to_have_value("")  # a fresh blank entry begins
    entries = page.get_by_role("list", name="Journal entries")
    expect(entries.get_by_role("listitem")).to_have_count(1, timeout=10_000)
    expect(page.get_by_text("Showing 1 of 1 entries")).to_be_visible()
    # The analysis arrives without a reload: mood and summary on the entry, the task readable.
    client = api_client(module_server, "ana")
    try:
        entry = wait_all_analysed(client)[0]
    except AssertionError:
        print("HEALTH", client.get("/api/health").json())
        print(module_server.log())
        raise
    expect(entries.get_by_role("img").first).to_be_visible(timeout=20_000)
    assert entry["summary"] and entry["mood"]
    assert any("landlord" in t["text"].lower() for t in client.get("/api/tasks").json())
    expect(entries.get_by_text(entry["summary"][:40]).first).to_be_visible(timeout=10_000)
    assert console_clean(page) == []


def test_silent_mode_by_keyboard(module_server, page):
    box = signed_in(module_server, page, "bob")
    box.click()
    page.keyboard.press("Control+Shift+S")
    exit_button = page.get_by_role("button", name="Exit Silent Mode")
    expect(exit_button).to_be_visible()
    page.keyboard.press("Escape")
    expect(exit_button).to_be_hidden()
    page.keyboard.press("Control+Shift+S")
    expect(exit_button).to_be_visible()
    page.keyboard.press("Control+Shift+S")
    expect(exit_button).to_be_hidden()
    assert console_clean(page) == []


def test_photo_upload_gallery_delete_and_a_non_image(module_server, page, tmp_path):
    box = signed_in(module_server, page, "cyd")
    box.fill("A walk by the sea, the light was beautiful.")
    expect(page.get_by_text("Saved", exact=True)).to_be_visible(timeout=10_000)  # now the entry has an id
    picture = tmp_path / "sea.png"
    Image.new("RGB", (640, 480), (40, 120, 200)).save(picture)
    page.locator("input[type=file]").set_input_files(str(picture))
    expect(page.get_by_role("button", name="Photos (1)")).to_be_visible(timeout=15_000)
    # The editor's own Gallery (saved entries in the list below have theirs too).
    page.get_by_role("region", name="Journal editor").get_by_role("button", name="Gallery").click()
    gallery = page.get_by_role("dialog", name="Photos from this entry")
    expect(gallery.get_by_role("img").first).to_be_visible()
    gallery.get_by_role("button", name="Delete photo").first.click()
    expect(gallery.get_by_text("No photos attached to this entry yet")).to_be_visible(timeout=10_000)
    page.keyboard.press("Escape")
    fake = tmp_path / "not-a-photo.png"
    fake.write_text("this is not an image")
    page.locator("input[type=file]").set_input_files(str(fake))
    expect(page.get_by_text("Upload Failed", exact=True)).to_be_visible(timeout=10_000)
    # The refused upload's 400 is the expected answer; nothing else may fail.
    assert [p for p in console_clean(page) if "journal-photos" not in p and "400 (Bad Request)" not in p] == []


def test_edit_chat_and_delete_an_entry(module_server, page):
    signed_in(module_server, page, "dia")
    client = api_client(module_server, "dia")
    client.post("/api/journal", json={"content": "Went running with Maya in the park. Running clears my head."})
    wait_all_analysed(client)
    page.reload()
    entries = page.get_by_role("list", name="Journal entries")
    expect(entries.get_by_role("listitem")).to_have_count(1, timeout=15_000)

    page.get_by_role("button", name="Edit entry").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_role("textbox").last.fill("Went running with Maya in the park. Running clears my head, always.")
    dialog.get_by_role("button", name="Save Changes").click()
    expect(page.get_by_text("Entry updated", exact=True)).to_be_visible(timeout=10_000)
    assert client.get("/api/journal").json()[0]["content"].endswith("always.")

    page.get_by_role("button", name="Chat about entry").click()
    chat = page.get_by_role("dialog", name="Chat with your Journal")
    chat.get_by_label("Your message").fill("Who did I go running with?")
    chat.get_by_role("button", name="Send").click()
    expect(chat.get_by_text("Maya").last).to_be_visible(timeout=30_000)
    expect(chat.get_by_text("you wrote", exact=False)).to_be_visible()
    # A question about the entry itself, sent with Enter: answered from this entry, with its date
    message = chat.get_by_label("Your message")
    message.fill("How did I feel?")
    message.press("Enter")
    day = client.get("/api/journal").json()[0]["date"]
    expect(chat.get_by_text(f"On {day} your mood was", exact=False)).to_be_visible(timeout=30_000)
    page.keyboard.press("Escape")

    # Ask AI for Help: Shift+Enter starts a new line, Enter asks (as in the chat)
    page.get_by_role("button", name="Ask AI for Help").click()
    question = page.get_by_label("What would you like help with?")
    question.fill("Who did I go running with?")
    question.press("Shift+Enter")
    expect(question).to_have_value("Who did I go running with?\n")
    question.press("Enter")
    help_popover = page.get_by_role("dialog")
    expect(help_popover.get_by_text("Maya", exact=False)).to_be_visible(timeout=30_000)
    page.keyboard.press("Escape")

    page.get_by_role("button", name="Delete entry").click()
    confirm = page.get_by_role("alertdialog")
    expect(confirm.get_by_text("Are you sure you want to delete this journal entry? This action cannot be undone.")).to_be_visible()
    confirm.get_by_role("button", name="Delete").click()
    expect(page.get_by_text("-- no entries yet --")).to_be_visible(timeout=10_000)
    assert client.get("/api/journal").json() == []
    assert console_clean(page) == []


def test_self_analysis_and_the_personal_story_unlock(module_server, page):
    signed_in(module_server, page, "eddy")
    expect(page.get_by_text("Keep writing to unlock your personal story...")).to_be_visible(timeout=15_000)
    expect(page.get_by_text("0/4 entries completed")).to_be_visible()
    page.get_by_role("button", name="Self Analysis").last.click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_text("You need at least 3 journal entries to perform a meaningful analysis.")).to_be_visible()
    page.keyboard.press("Escape")

    client = api_client(module_server, "eddy")
    for text in ("Work has been stressful and the deadlines keep piling up.",
                 "Another long day at work, the deadlines and the launch make me anxious.",
                 "Went running in the park, it cleared my head after work.",
                 "Work calmed down after the launch; I feel proud of the team."):
        client.post("/api/journal", json={"content": text})
    wait_all_analysed(client)
    page.reload()
    expect(page.get_by_text("Keep writing to unlock your personal story...")).to_be_hidden(timeout=20_000)
    page.get_by_role("button", name="Self Analysis").last.click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_text("Highlighted Patterns")).to_be_visible(timeout=60_000)
    expect(dialog.get_by_text("You need at least 3 journal entries", exact=False)).to_be_hidden()
    assert console_clean(page) == []


def test_therapist_report_validation_and_pdf_in_the_outbox(module_server, page):
    signed_in(module_server, page, "flo")
    sql(module_server.database_url, "UPDATE users SET subscription_tier = 'premium' WHERE username = 'flo'")
    client = api_client(module_server, "flo")
    client.post("/api/journal", json={"content": "Talked with my sister about Dad's health; I felt calmer after."})
    wait_all_analysed(client)
    page.reload()

    page.get_by_role("button", name="Therapist Report").click()
    dialog = page.get_by_role("dialog")
    email_field = dialog.get_by_label("Therapist Email")
    dialog.get_by_role("button", name="Send Report").click()
    expect(page.get_by_text("Missing information", exact=True)).to_be_visible()
    email_field.fill("not-an-email")
    dialog.get_by_role("button", name="Send Report").click()
    expect(page.get_by_text("Invalid email", exact=True)).to_be_visible()
    email_field.fill("dr.lee@clinic.example")
    dialog.get_by_role("button", name="Send Report").click()
    expect(page.get_by_text("Report sent successfully!")).to_be_visible(timeout=60_000)

    outbox = module_server.data_dir / "outbox"
    reports = []
    for path in outbox.glob("*.eml"):
        message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
        if message["To"] == "dr.lee@clinic.example":
            reports.append(message)
    assert len(reports) == 1
    attachments = [part for part in reports[0].iter_attachments() if part.get_content_type() == "application/pdf"]
    assert attachments and attachments[0].get_content().startswith(b"%PDF")
    assert console_clean(page) == []
