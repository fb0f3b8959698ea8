"""Meaning & Purpose and Career Vision & Growth through GET /api/profile: computed when the story
is regenerated, sent to premium users only (a free account gets null, whatever is stored), and
Meaning & Purpose only from 100 entries."""

from __future__ import annotations

import time
import uuid
from datetime import date, timedelta

import sqlalchemy as sa
from sqlalchemy.orm import Session

from models import JournalEntry, Profile
from models.constants import UNLOCK_PURPOSE

# Realistic days, written for this test, that come round in turn over 100 days.
DAYS = [
    "Called Mum after dinner and we talked for an hour about Dad's garden.",
    "Long day on the supplier audit. My manager wants the findings written up for the client.",
    "Went for a 5k run before work and felt strong.",
    "Spent Sunday with my parents and my sister's kids. I've learned that slow Sundays with family keep me sane.",
    "The client called twice about the supplier audit; we are behind on the fieldwork.",
    "Rainy evening, cooked soup and watched a film.",
]
PRINCIPLE = "I've learned that slow Sundays with family keep me sane."
CV = "Sam Reed\nObjective: Grow into an audit manager role.\nExperience\nSenior Auditor, Keller & Co   2022 - Present\n"


def _user_id(database_url: str, username: str = "ana") -> uuid.UUID:
    engine = sa.create_engine(database_url)
    with engine.begin() as conn:
        found = conn.execute(sa.text("SELECT id FROM users WHERE username = :u"), {"u": username}).scalar_one()
    engine.dispose()
    return found


def _set_tier(database_url: str, tier: str) -> None:
    engine = sa.create_engine(database_url)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE users SET subscription_tier = :t WHERE username = 'ana'"), {"t": tier})
    engine.dispose()


def _write_journal(database_url: str, count: int, profile: Profile | None = None) -> None:
    """`count` analysed entries (and a stored story), straight into the database: analysing 100
    entries through the pipeline is not what these tests are about."""
    user_id = _user_id(database_url)
    engine = sa.create_engine(database_url)
    with Session(engine) as s:
        start = date(2026, 6, 1)
        s.add_all(JournalEntry(user_id=user_id, content=DAYS[i % len(DAYS)], entry_date=start + timedelta(days=i),
                               analysis_state="done", analysed_version=1, mood={"emoji": "🙂", "text": "Neutral"})
                  for i in range(count))
        if profile is not None:
            profile.user_id = user_id
            s.add(profile)
        s.commit()
    engine.dispose()


def _regenerated(client) -> dict:
    started = client.post("/api/profile/regenerate")
    assert started.status_code == 202, started.text
    run_id, deadline = started.json()["runId"], time.monotonic() + 120
    while (run := client.get(f"/api/profile/regenerate/{run_id}").json())["state"] not in ("completed", "failed"):
        assert time.monotonic() < deadline, run
        time.sleep(0.2)
    assert run["state"] == "completed", run
    return run


def test_premium_user_gets_values_principles_purpose_and_career_a_free_user_none(ana, database_url):
    _write_journal(database_url, UNLOCK_PURPOSE)
    assert ana.post("/api/resume", json={"content": CV}).status_code == 200
    _set_tier(database_url, "premium")
    _regenerated(ana)

    profile = ana.get("/api/profile").json()
    meaning, career = profile["meaning"], profile["career"]
    ids = {e["id"] for e in ana.get("/api/journal", params={"limit": 100}).json()}
    values = {v["name"]: v for v in meaning["coreValues"]}
    assert "Family" in values and values["Family"]["entryCount"] >= 3
    assert all(c["id"] in ids and c["date"].endswith("/2026") for c in values["Family"]["entries"])
    assert meaning["principles"][0]["text"] == PRINCIPLE and meaning["principles"][0]["entryCount"] == 17
    assert meaning["purpose"].startswith(f"Across {UNLOCK_PURPOSE} entries (06/01/2026 to 09/08/2026)")
    assert career["hasResume"] is True and career["role"] == "Senior Auditor, Keller & Co"
    assert career["direction"] == "Grow into an audit manager role."
    assert "the supplier audit" in [g["name"] for g in career["growthAreas"]]

    _set_tier(database_url, "free")
    for shown in (ana.get("/api/profile"), ana.post("/api/profile/regenerate")):
        body = shown.json()
        story = body.get("profile", body)
        assert story["meaning"] is None and story["career"] is None
        assert PRINCIPLE not in shown.text and "Keller" not in shown.text


def test_meaning_is_held_back_below_100_entries_the_career_is_not(ana, database_url):
    stored = Profile(short_summary="Across 99 entries...", full_profile="Across 99 entries...", blindspots=[],
                     source_entry_ids=[],
                     meaning={"purpose": "Across 99 entries", "coreValues": [], "principles": []},
                     career={"hasResume": False, "role": None, "direction": None, "growthAreas": [],
                             "activities": [], "resources": []})
    _write_journal(database_url, UNLOCK_PURPOSE - 1, stored)
    _set_tier(database_url, "premium")
    profile = ana.get("/api/profile").json()
    assert profile["meaning"] is None
    assert profile["career"] == {"hasResume": False, "role": None, "direction": None, "growthAreas": [],
                                 "activities": [], "resources": []}
