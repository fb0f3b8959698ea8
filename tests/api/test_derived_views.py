"""Every derived view follows the data: deleting or editing an entry takes its words out of the
patterns, the insights and the personal story at once (and asks for their rebuild); a new or deleted
resume shows in the story's career part at once."""

from __future__ import annotations

import time

from api.journal.forgetting import _uncited
from tests.support.database import sql
from tests.support.journal import wait_all_analysed, write_entries
from tests.support.patterns import (
    labelled_journal,
    refresh_patterns,
    wait_for_patterns,
    wait_for_run,
    write_rows,
)

CITED = {"id": "e1", "date": "11/11/2026", "quote": "I slept badly again"}
OTHER = {"id": "e2", "date": "11/12/2026", "quote": "Walked by the river"}


def _drawn_from(patterns: list[dict], entry_id: str) -> list[dict]:
    return [i for p in patterns for i in p["insights"] if entry_id in i["sourceEntryIds"] or i["entryId"] == entry_id]


def _patterned(client) -> tuple[dict[str, dict], list[dict]]:
    rows = sorted(labelled_journal(("sleep", "money"), 4) + labelled_journal(("relationships",), 2),
                  key=lambda r: r["date"])
    assert len({r["date"] for r in rows}) == len(rows)  # a date in a line names one entry
    ids = write_rows(client, rows)
    wait_all_analysed(client)
    wait_for_patterns(client)
    refresh_patterns(client)
    entries = {e["id"]: e for e in client.get("/api/journal", params={"limit": 50}).json()}
    assert set(ids) == set(entries)
    return entries, client.get("/api/patterns").json()


def test_a_deleted_entry_leaves_the_patterns_insights_and_story_at_once(ana):
    entries, patterns = _patterned(ana)
    quoted = next(e for e in entries if _drawn_from(patterns, e))
    day = entries[quoted]["date"]
    assert any(day in i["text"] for i in _drawn_from(patterns, quoted))  # "On 11/11/2026 you wrote ..."
    pattern_id = next(p["id"] for p in patterns if _drawn_from([p], quoted))
    kept = ana.post("/api/insights", json={"text": "Sleep comes first for me.", "patternId": pattern_id,
                                           "type": "insight", "entryId": quoted})
    assert kept.status_code == 201, kept.text

    deleted = ana.delete(f"/api/journal/{quoted}")
    assert deleted.status_code == 200, deleted.text
    # At once, before any rebuild: no pattern, insight or story line holds the entry or quotes its day.
    now = ana.get("/api/patterns").json()
    assert _drawn_from(now, quoted) == []
    assert not [i for p in now for i in p["insights"] if day in i["text"]]
    assert all(quoted not in p["entryIds"] for p in now)
    insights = ana.get("/api/insights").json()
    assert not [i for i in insights if day in i["text"] or quoted in i["sourceEntryIds"]]
    mine = next(i for i in insights if i["id"] == kept.json()["id"])
    assert mine["entryId"] is None  # the user's own insight stays, unlinked
    assert quoted not in ana.get("/api/profile").json()["sourceEntryIds"]

    # The patterns are rebuilt without it.
    run_id = deleted.json()["patternsRunId"]
    assert run_id, deleted.json()
    wait_for_run(ana, "/api/patterns/refresh", run_id)
    rebuilt = ana.get("/api/patterns").json()
    assert rebuilt and _drawn_from(rebuilt, quoted) == []
    assert not [i for p in rebuilt for i in p["insights"] if day in i["text"]]


def test_an_edited_entry_leaves_no_quote_of_its_old_words(ana):
    entries, patterns = _patterned(ana)
    quoted = next(e for e in entries if _drawn_from(patterns, e))
    day = entries[quoted]["date"]
    edited = ana.patch(f"/api/journal/{quoted}", json={"content": "Spent the day repainting the shed, nothing else."})
    assert edited.status_code == 200, edited.text
    now = ana.get("/api/patterns").json()
    assert _drawn_from(now, quoted) == []
    assert not [i for p in now for i in p["insights"] if day in i["text"]]


def test_the_story_cites_no_deleted_entry_nor_words_an_edit_removed():
    stored = {"coreValues": [{"name": "Rest", "entryCount": 2, "entries": [CITED, OTHER]},
                             {"name": "Sleep", "entryCount": 1, "entries": [CITED]}],
              "principles": [{"text": "I slept badly again", "entryCount": 1, "entries": [CITED]}],
              "activities": [{"text": "Sleep by ten", "kind": "goal", "entry": CITED}], "purpose": "p"}
    gone, _ = _uncited(stored, "e1", None)
    assert gone == {"coreValues": [{"name": "Rest", "entryCount": 1, "entries": [OTHER]}], "principles": [],
                    "activities": [{"text": "Sleep by ten", "kind": "goal", "entry": None}], "purpose": "p"}
    # An edit keeps the citations whose words are still in the entry.
    kept, _ = _uncited(stored, "e1", "Long day. I slept badly again, then work.")
    assert kept == stored
    changed, _ = _uncited(stored, "e1", "A quiet day.")
    assert changed == gone


def test_a_new_or_deleted_resume_shows_in_the_career_part_at_once(ana, database_url):
    sql(database_url, "UPDATE users SET subscription_tier = 'premium'")
    write_entries(ana, [(f"2026-11-{d:02d}", (f"Day {d} at the studio: I finished the poster layout for a client and "
                                              "planned the next sprint with my team.")) for d in range(1, 6)])
    wait_all_analysed(ana)
    deadline = time.monotonic() + 120
    while ana.get("/api/profile").json().get("career") is None:
        assert time.monotonic() < deadline, "no story"
        time.sleep(0.5)
    assert ana.get("/api/profile").json()["career"]["hasResume"] is False

    saved = ana.post("/api/resume", json={"content": "Ana Lima\nSenior product designer at Orchard Labs"})
    assert saved.status_code == 200
    assert ana.get("/api/profile").json()["career"]["hasResume"] is True  # at once, before the rewrite
    wait_for_run(ana, "/api/profile/regenerate", saved.json()["profileRunId"])
    assert ana.get("/api/profile").json()["career"]["hasResume"] is True

    removed = ana.delete("/api/resume")
    career = ana.get("/api/profile").json()["career"]
    assert (career["hasResume"], career["role"], career["direction"]) == (False, None, None)
    wait_for_run(ana, "/api/profile/regenerate", removed.json()["profileRunId"])
    assert ana.get("/api/profile").json()["career"]["hasResume"] is False
