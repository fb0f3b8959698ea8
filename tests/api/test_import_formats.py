"""Every app's export, imported whole from the real files (tests/fixtures/imports, sources in its
README): the right entries with their dates, times, titles, moods, photos and tags, what could not
be kept named in the answer, and a second import of the same file adds nothing."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from tests.support.imports import day_one_zip, fixture, upload, vault_zip
from tests.support.journal import wait_all_analysed


def listed(client) -> list[dict]:
    """The journal, oldest first."""
    entries = client.get("/api/journal", params={"limit": 500}).json()
    return sorted(entries, key=lambda e: (e["date"][6:], e["date"][:5], e["time"] or "", e["content"]))


def imported(client, name: str, data: bytes | None = None, *, count: int, fmt: str, skipped: int = 0) -> dict:
    """Upload the file, check what the answer says, and that a second upload adds nothing."""
    data = fixture(name) if data is None else data
    first = upload(client, name, data)
    assert first.status_code == 200, first.text
    body = first.json()
    assert (body["count"], body["skipped"], body["format"]) == (count, skipped, fmt), body
    entries = listed(client)
    photos = sum(len(e["photos"]) for e in entries)
    again = upload(client, name, data)
    assert again.status_code == 200, again.text
    assert again.json()["count"] == 0 and again.json()["skipped"] == count + skipped
    assert again.json()["photos"] == 0
    after = listed(client)
    assert len(after) == len(entries) and sum(len(e["photos"]) for e in after) == photos
    return body


def messages(body: dict) -> dict[str, str]:
    return {item["kind"]: item["message"] for item in body["notImported"]}


# -- Day One ------------------------------------------------------------------------------------
def test_day_one_json_from_the_mac_keeps_local_days_times_places_and_names_the_weather(ana):
    body = imported(ana, "dayone_mac_journal_robinshi918.json", count=8, skipped=1, fmt="Day One")
    entries = listed(ana)
    # Eleven entries: two have no text at all, and two are the same text at the same minute.
    assert messages(body) == {"empty": "2 entries without text were not imported: an entry needs some text.",
                              "weather": "The weather of 3 entries was not kept."}
    # 2020-05-07T21:31:13Z in Pacific/Auckland (UTC+12) is the morning of May 8th there.
    hello = next(e for e in entries if e["content"].startswith("# Hello Again"))
    assert (hello["date"], hello["time"]) == ("05/08/2020", "09:31")
    assert hello["location"] == "3 Candlestick Place, Oteha, New Zealand"
    assert hello["content"] == "# Hello Again\nThis is my second diary."  # Day One's "\." escapes undone
    assert hello["timestamp"] == 1588887073
    assert [e["date"] for e in entries][:3] == ["05/03/2020", "05/05/2020", "05/05/2020"]


def test_day_one_json_of_a_converter_with_escaped_time_zones(ana):
    imported(ana, "dayone_daygram2dayone_sample.json", count=2, fmt="Day One")
    entries = listed(ana)
    assert [(e["date"], e["time"]) for e in entries] == [("03/23/2020", "00:00"), ("03/24/2020", "00:00")]
    assert entries[0]["content"] == "Today's a fine day. nothing special happened. \n\nSecond line of the day."


def test_day_one_zip_brings_photos_tags_and_names_audio(ana):
    archive, _ = day_one_zip(photos_per_entry={0: 2, 3: 1}, tags={0: ["history", "road trip"], 3: ["diary"]},
                                   audios={1: 3}, missing_photo=10)
    body = imported(ana, "Export - Journal.zip", archive, count=8, skipped=1, fmt="Day One")
    assert body["photos"] == 3
    said = messages(body)
    assert said["audio"] == "3 audio files were not imported: Reverie keeps text and photos."
    assert said["photo_missing"].startswith("1 photo was not in the file")
    entries = listed(ana)
    earliest = entries[0]
    assert earliest["content"] == "This is something happened in history even earlier.\n\n#history #road-trip"
    assert len(earliest["photos"]) == 2  # the markers left the text; the photos came with the entry
    photo = ana.get(earliest["photos"][0]["url"])
    assert photo.status_code == 200 and photo.headers["content-type"] == "image/jpeg"
    hello = next(e for e in entries if e["content"].startswith("# Hello Again"))
    assert hello["content"].endswith("#diary") and len(hello["photos"]) == 1
    assert "dayone-moment" not in "".join(e["content"] for e in entries)
    assert "\n\n\n" not in "".join(e["content"] for e in entries)  # no blank run where a photo stood


def test_day_one_json_first_then_its_zip_adds_the_photos_only(ana):
    archive, _ = day_one_zip(photos_per_entry={0: 1})
    assert upload(ana, "Journal.json", fixture("dayone_mac_journal_robinshi918.json")).json()["count"] == 8
    answer = upload(ana, "Export.zip", archive).json()
    assert (answer["count"], answer["photos"]) == (0, 1)
    assert sum(len(e["photos"]) for e in listed(ana)) == 1


# -- jrnl ---------------------------------------------------------------------------------------
JRNL_IDEA = "I have an @idea:\n(1) write a command line @journal software\n(2) ???\n(3) PROFIT!"


@pytest.mark.parametrize("name, idea", [
    ("jrnl_tags.journal", JRNL_IDEA),
    ("jrnl_tags.json", JRNL_IDEA),  # title and body joined as jrnl writes them
    ("jrnl_tags.txt", JRNL_IDEA),  # jrnl's default 12-hour time format: [2013-04-09 03:39:00 PM]
    ("jrnl_tags.md", JRNL_IDEA.replace(":\n", ":\n\n", 1)),  # '### 2013-04-09 03:39:00 PM I have an @idea:'
])
def test_jrnl_journal_and_its_exports_keep_titles_times_and_tags(ana, name, idea):
    imported(ana, name, count=2, fmt="jrnl")
    entries = listed(ana)
    assert [(e["date"], e["time"]) for e in entries] == [("04/09/2013", "15:39"), ("06/10/2013", "15:40")]
    assert entries[0]["content"] == idea
    assert entries[1]["content"].startswith("I met with @dan.\n")
    assert "# 2013" not in entries[0]["content"] and "## June" not in entries[0]["content"]


@pytest.mark.parametrize("name", ["jrnl_deletion.json", "jrnl_deletion.journal"])
def test_jrnl_one_line_entries_are_entries(ana, name):
    imported(ana, name, count=3, fmt="jrnl")
    assert [(e["content"], e["time"]) for e in listed(ana)] == [
        ("First entry.", "11:11"), ("Second entry.", "11:11"), ("Third entry.", "11:13")]


def test_jrnl_text_pasted_is_read_as_jrnl(ana):
    body = ana.post("/api/journal/import", json={"content": fixture("jrnl_tags.txt").decode(), "format": "txt"}).json()
    assert (body["count"], body["format"]) == (2, "jrnl")


# -- Daylio -------------------------------------------------------------------------------------
def test_daylio_reads_full_date_and_time_and_keeps_mood_activities_in_the_text(held, db):
    ana, runner = held
    body = imported(ana, "daylio_currin_sample.csv", count=3, fmt="Daylio")
    entries = listed(ana)
    # Each new entry is analysed, in its writer's own lane of the queue.
    me = ana.get("/api/auth/me").json()["id"]
    assert sorted(r["entry_id"] for r in runner.held) == sorted(e["id"] for e in entries)
    assert {(r["flow"], r["owner"]) for r in runner.held} == {("highlight-extraction", me)}
    assert [(e["date"], e["time"]) for e in entries] == [
        ("09/26/2021", "23:00"), ("09/27/2021", "23:00"), ("09/28/2021", "22:00")]
    assert entries[2]["content"] == ("Mood: sad · Activities: clean, music, movies / tv, bad sleep, tired, "
                                     "sleep early, stomachache")
    assert body["notImported"] == []
    with db.connect() as conn:
        rows = dict(conn.execute(sa.text("SELECT entry_date::text, mood->>'text' FROM journal_entries "
                                         "WHERE mood_source = 'writer'")).all())
    # The writer's own mood, as Reverie's: "sad" by name, "average" as the mood model reads it.
    assert rows == {"2021-09-28": "Sad", "2021-09-27": "Neutral", "2021-09-26": "Neutral"}


def test_daylio_two_check_ins_with_the_same_text_on_one_day_are_two_entries(held, db):
    ana, _ = held
    imported(ana, "daylio_currin_multiple_moods.csv", count=7, fmt="Daylio")
    entries = listed(ana)
    may = [e for e in entries if e["date"] == "05/12/2021"]
    assert [(e["time"], e["content"]) for e in may] == [("15:40", "Mood: OK · Activities: work"),
                                                        ("18:52", "Mood: OK · Activities: work")]
    with db.connect() as conn:
        moods = dict(conn.execute(sa.text(
            "SELECT substring(content from 'Mood: ([^·]*)'), mood->>'text' FROM journal_entries")).all())
    # Daylio's own scale (good, bad) by its meaning; the writer's own words by the mood model.
    assert {k.strip(): v for k, v in moods.items()} == {
        "OK": "Neutral", "Refreshed": "Neutral", "good": "Happy", "ok but sleepy": "Tired", "bad": "Sad",
        "Anxious": "Anxious"}


def test_daylio_moods_survive_the_analysis(ana):
    imported(ana, "daylio_currin_sample.csv", count=3, fmt="Daylio")
    entries = wait_all_analysed(ana)
    assert sorted(e["mood"]["text"] for e in entries) == ["Neutral", "Neutral", "Sad"]


# -- Daygram, Obsidian --------------------------------------------------------------------------
def test_daygram_text_export(ana):
    imported(ana, "daygram_robinshi918_sample.txt", count=2, fmt="Daygram")
    entries = listed(ana)
    assert [e["date"] for e in entries] == ["03/23/2020", "03/24/2020"]
    assert entries[0]["content"] == "Today's a fine day. nothing special happened.\n\nSecond line of the day."
    assert entries[1]["content"].endswith("So glad I made it!")


def test_obsidian_daily_note_is_dated_by_its_file_name(ana):
    imported(ana, "2026-02-19.md", count=1, fmt="Markdown note")
    entry = listed(ana)[0]
    assert entry["date"] == "02/19/2026" and entry["content"].startswith("# Today's Progress\n\nWorking on")
    assert "```typescript" in entry["content"]  # the note whole, its code block too


def test_obsidian_vault_as_a_zip(ana):
    body = imported(ana, "My Vault.zip", vault_zip(), count=3, fmt="Obsidian vault")
    assert body["photos"] == 1
    said = messages(body)
    assert said["note_undated"] == ("1 note was not imported: neither its name nor its front matter gives a "
                                    "date.")
    assert said["pdf"] == "1 PDF attachment was not imported: Reverie keeps text and photos."
    entries = listed(ana)
    assert [e["date"] for e in entries] == ["02/17/2026", "02/18/2026", "02/19/2026"]
    assert len(entries[0]["photos"]) == 1 and "![[walk.jpg]]" not in entries[0]["content"]
    assert entries[1]["content"].endswith("#work #standup")  # front matter tags, kept as hashtags


# -- what the picker may send ---------------------------------------------------------------------
@pytest.mark.parametrize("name, data, message", [
    ("resume.pdf", b"%PDF-1.4", ("Reverie reads .zip, .json, .csv, .txt, .md and .journal files. Please choose one "
                                 "of those.")),
    ("broken.zip", b"PK\x03\x04 not really", "The .zip file could not be read. Please export the journal again."),
    ("empty.txt", b"", "The file is empty."),
    ("latin1.txt", "2026-01-02\nCafé à côté".encode("latin-1"),
     "The file is not text Reverie can read (UTF-8 or UTF-16). Please export it again as UTF-8 text."),
])
def test_files_that_cannot_be_read_are_a_400_that_writes_nothing(ana, name, data, message):
    response = upload(ana, name, data)
    assert response.status_code == 400, response.text
    assert response.json()["error"] == message
    assert listed(ana) == []
    progress = ana.get("/api/journal/import/progress").json()["current"]
    assert progress is None or progress["state"] == "failed"
