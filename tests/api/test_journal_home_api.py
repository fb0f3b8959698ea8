"""The journal home's rules that are the server's (issue 15): analysis that follows the text,
insights, highlights and photos on entries, date and timestamp in agreement, search that can find
nothing, and the therapist report's glyphs, themes and dates."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

from pipelines.report import build_therapist_report, printable, shown_date
from tests.support.images import png_bytes
from tests.support.journal import wait_until_analysed, write_entry
from tests.support.pdf import pdf_text

REAL = ("Long day at work, the client changed everything again. I need to call the landlord before Friday "
        "about the heating. Feeling tired but proud of the team.")


def patch(client, entry_id: str, **body) -> dict:
    response = client.patch(f"/api/journal/{entry_id}", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def test_replaced_text_gets_its_own_mood_summary_and_embedding(ana):
    hello = write_entry(ana, "Hello")
    first = wait_until_analysed(ana, hello["id"])
    assert first["summary"] == "Hello."
    # The editor's autosave: the length moved by less than 150 characters, no summary asked for.
    patch(ana, hello["id"], content=REAL, generateSummary=False)
    after = wait_until_analysed(ana, hello["id"])
    assert after["summary"] != "Hello." and after["summary"]
    assert all(sentence in REAL for sentence in re.split(r"(?<=[.!?])\s+", after["summary"]))  # extractive
    assert after["mood"]["text"] != "Neutral"  # tired (and proud): not the mood of "Hello"
    assert any("landlord" in h["reformulation"].lower() for h in after["highlights"] if h["type"] == "task")
    found = ana.get("/api/journal/search", params={"q": "heating landlord"}).json()["results"]
    assert [hit["entry"]["id"] for hit in found][:1] == [hello["id"]]  # the embedding is the new text's


def test_a_small_edit_keeps_the_summary_a_manual_save_renews_it(ana):
    entry = write_entry(ana, REAL)
    before = wait_until_analysed(ana, entry["id"])
    edited = REAL + " Tea helped."
    patch(ana, entry["id"], content=edited, generateSummary=False)  # typing on: same meaning, short change
    kept = wait_until_analysed(ana, entry["id"])
    assert kept["summary"] == before["summary"]
    # The manual Save sends generateSummary: the summary is then of this very text, even unchanged.
    saved = patch(ana, entry["id"], content=edited, generateSummary=True)
    assert saved["analysis"]["state"] in ("pending", "running")
    renewed = wait_until_analysed(ana, entry["id"])
    assert renewed["analysis"]["state"] == "done"
    # Asked again with nothing new: the summary is already of this text, nothing runs.
    again = patch(ana, entry["id"], content=edited, generateSummary=True)
    assert again["analysis"]["state"] == "done"


def test_entries_carry_their_insights_highlights_and_photos(ana):
    entry = write_entry(ana, REAL)
    wait_until_analysed(ana, entry["id"])
    insight = ana.post("/api/insights", json={"text": "Work keeps spilling into home.", "type": "insight",
                                              "entryId": entry["id"]})
    assert insight.status_code == 201, insight.text
    photo = ana.post(f"/api/journal-photos/{entry['id']}", files={"photo": ("p.png", png_bytes(), "image/png")})
    assert photo.status_code == 201, photo.text
    other = write_entry(ana, "A quiet Sunday with a book.")

    listed = {e["id"]: e for e in ana.get("/api/journal").json()}
    mine = listed[entry["id"]]
    assert [i["text"] for i in mine["insights"]] == ["Work keeps spilling into home."]
    tasks = [h for h in mine["highlights"] if h["type"] == "task"]
    assert tasks and all(h["reformulation"] and h["metadata"]["timeframe"] for h in tasks)
    assert {h["id"] for h in tasks} <= {t["id"] for t in ana.get("/api/tasks").json() if t["entryId"] == entry["id"]}
    assert [p["id"] for p in mine["photos"]] == [photo.json()["id"]]
    assert mine["photos"][0]["thumbnailUrl"].endswith(photo.json()["id"])
    assert listed[other["id"]]["insights"] == [] and listed[other["id"]]["photos"] == []
    # The same on every answer that shows an entry: PATCH and search.
    patched = patch(ana, entry["id"], date="11/02/2026")
    assert len(patched["insights"]) == 1 and patched["photos"] and patched["highlights"]
    hit = ana.get("/api/journal/search", params={"q": "landlord heating"}).json()["results"][0]["entry"]
    assert hit["id"] == entry["id"] and len(hit["insights"]) == 1 and hit["highlights"]


def on_day(timestamp: int) -> date:
    return datetime.fromtimestamp(timestamp, UTC).date()


def utc(*parts: int) -> int:
    return int(datetime(*parts, tzinfo=UTC).timestamp())


def test_date_and_timestamp_agree(ana):
    written = utc(2026, 11, 17, 21, 30)
    # Backdated from the editor: the date and the timestamp of that day at the time written.
    backdated = ana.post("/api/journal", json={"content": "Written for last Tuesday.", "date": "11/17/2026",
                                                "time": "21:30", "timestamp": written}).json()
    assert backdated["date"] == "11/17/2026" and backdated["timestamp"] == written  
    # A timestamp of another day is not kept: the date wins, at the entry's time.
    stale = ana.post("/api/journal", json={"content": "Old client.", "date": "11/17/2026", "time": "08:15",
                                           "timestamp": 1700000000}).json()
    assert stale["timestamp"] == utc(2026, 11, 17, 8, 15)
    # A date alone gets a timestamp on that date; a timestamp alone gives its date.
    dated = ana.post("/api/journal", json={"content": "Only a date.", "date": "2026-03-05"}).json()
    assert on_day(dated["timestamp"]) == date(2026, 3, 5)
    stamped = ana.post("/api/journal", json={"content": "Only a timestamp.", "timestamp": written}).json()
    assert stamped["date"] == "11/17/2026"
    # Editing the date moves the timestamp by whole days: same time of day, new date.
    moved = patch(ana, backdated["id"], date="11/03/2026")
    assert moved["date"] == "11/03/2026" and moved["timestamp"] == written - 14 * 86_400
    assert moved["time"] == "21:30"
    listed = {e["id"]: e for e in ana.get("/api/journal").json()}
    assert listed[backdated["id"]]["timestamp"] == moved["timestamp"]


def test_search_is_a_filter_not_a_reordering(ana):
    texts = [REAL, "Went for a long run by the river, my legs are sore but I feel strong.",
             "Argued with my sister about the holidays again; we both said things we regret.",
             "Cooked dinner with Sam, pasta and a long talk about moving to Lisbon."]
    ids = [write_entry(ana, text)["id"] for text in texts]
    for entry_id in ids:
        wait_until_analysed(ana, entry_id)

    def found(q: str) -> list[str]:
        response = ana.get("/api/journal/search", params={"q": q})
        assert response.status_code == 200, response.text
        return [hit["entry"]["id"] for hit in response.json()["results"]]

    assert found("xyzzy") == []
    assert found("qwerty asdf") == []
    assert found("jogging and exercise")[:1] == [ids[1]]  # by meaning, no shared word
    assert ids[3] in found("Lisbon") and ids[0] not in found("Lisbon")  # a word of the entry
    assert found("pasta")[:1] == [ids[3]]
    assert set(found("last 3 days")) == set(ids)  # a date phrase alone: the window's entries


def test_therapist_report_draws_what_the_app_shows():
    block = ("💡 Insight ───────────────\nWork keeps spilling into home.\n⏱ Time estimate: 5 min\n"
             "───────────────")
    assert printable(block) == "Insight\nWork keeps spilling into home.\nTime estimate: 5 min"
    assert shown_date("5/11/2026 Walked to the sea.", date(2026, 11, 9)) == date(2026, 11, 5)
    assert shown_date("31/02/2026 Not a day.", date(2026, 11, 9)) == date(2026, 11, 9)
    errands = [
        (date(2026, 11, 2), "I need to ask Sam and buy bread, then email the landlord about the garden fence."),
        (date(2026, 11, 3), "Ask the doctor about sleep; buy a lamp for the garden; email mum."),
        (date(2026, 11, 4), "The garden was calm this morning. I should ask for help and email the school, "
                            "and buy seeds for the garden.\n" + block),
        (date(2026, 11, 9), "5/11/2026 Remembered the walk to the sea with my sister."),
    ]
    pdf = build_therapist_report("ana", date(2026, 11, 1), date(2026, 11, 10),
                                 [(d, text, None, "Happy") for d, text in errands], compress=False)
    text = pdf_text(pdf)
    assert "(garden) Tj" in text  # a real theme stays, a table cell as the writer spells it
    for errand in ("ask", "buy", "email"):
        assert f"({errand}) Tj" not in text and f"({errand.capitalize()}) Tj" not in text
    # No character outside the built-in font's WinAnsi set is drawn (they print as black squares).
    drawn = "".join(chunk for chunk in text.split("(")[1:])
    assert "\u2500" not in drawn and "\U0001f4a1" not in drawn
    assert "November 5, 2026" in text and "November 9, 2026" not in text  # the date the list shows


def test_a_delete_rewrites_the_personal_story_without_the_entry(ana):
    entry = write_entry(ana, "A line I will take back.")
    deleted = ana.delete(f"/api/journal/{entry['id']}")
    assert deleted.status_code == 200, deleted.text
    run_id = deleted.json()["profileRunId"]
    assert run_id
    run = ana.get(f"/api/profile/regenerate/{run_id}")
    assert run.status_code == 200 and run.json()["runId"] == run_id
