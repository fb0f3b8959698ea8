"""Self Analysis and the personal story of a 12-entry journal in a real browser, at desktop and phone
width: they say which entries they read, they state no trend the moods do not support, the story lists
June (named in 7 of the farmer's entries) and no place, and a claim's date opens the entry it cites."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

from tests.support.accounts import PASSWORD
from tests.support.app import APP_HEADERS
from tests.support.journal import wait_all_analysed
from tests.support.live import create_user, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]
DATA = Path(__file__).parents[1] / "pipelines" / "data" / "claims_journals.jsonl"
FARMER = [row for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()
          and (row := json.loads(line))["journal"] == "farmer"]
SHOTS = Path("/tmp/reverie-claims-shots")


def problems(page) -> list[str]:
    return [p for p in page.problems if "/api/auth/me" not in p and "ERR_ABORTED" not in p]


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_self_analysis_and_story_of_a_12_entry_journal_read_true_and_link_their_entries(module_server, page,
                                                                                        width, height):
    name = f"farmer{width}"
    create_user(module_server, name, f"{name}@example.com")
    client = httpx.Client(base_url=module_server.url, headers=APP_HEADERS, timeout=60)
    assert client.post("/api/auth/login", json={"username": name, "password": PASSWORD}).status_code == 200
    for row in FARMER:
        day = datetime.strptime(row["date"], "%m/%d/%Y").date().isoformat()
        assert client.post("/api/journal", json={"content": row["text"], "date": day}).status_code == 201
    wait_all_analysed(client, timeout=300)
    assert client.post("/api/profile/regenerate").status_code == 202

    page.set_viewport_size({"width": width, "height": height})
    page.goto(module_server.url + "/auth")
    sign_in(page, name)
    story = page.get_by_role("region", name="Your Personal Story")
    expect(story).to_contain_text("Across 12 entries", timeout=120_000)
    story.get_by_role("tab", name="Deep Dive").click()
    expect(story).to_contain_text("June: 7 entries")
    for place in ("Leeds", "Skipton", "Infirmary"):
        expect(story.get_by_text(f"{place}:", exact=False)).to_have_count(0)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"story-{width}.png"), full_page=True)

    page.get_by_role("button", name="Self Analysis").last.click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_text("Highlighted Patterns")).to_be_visible(timeout=60_000)
    expect(dialog.get_by_text("From all 12 of your entries (08/03/2026 to 10/30/2026).")).to_be_visible()
    expect(dialog.get_by_text("Field", exact=True)).to_have_count(0)
    page.screenshot(path=str(SHOTS / f"self-analysis-{width}.png"), full_page=True)
    detail = dialog.get_by_role("region", name="Selected theme")
    link = detail.get_by_role("button", name="Open your entry of", exact=False).first
    cited = link.inner_text()
    link.click()
    expect(dialog).to_be_hidden()
    marked = page.locator("[data-testid='entry-item'][aria-current='true']")
    expect(marked).to_have_count(1)
    day = datetime.strptime(cited, "%m/%d/%Y")
    expect(marked).to_contain_text(f"{day:%B} {day.day}, {day.year}")  # the list's long date
    expect(marked).to_be_in_viewport()
    page.screenshot(path=str(SHOTS / f"linked-entry-{width}.png"))
    assert problems(page) == []
