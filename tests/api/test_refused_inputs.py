"""Bad values are refused with a 400 naming the field, never cut short or swapped for a default;
and the personal-story generator keeps to the story's unlock and to what it was sent."""

from __future__ import annotations

import re

from tests.support.journal import write_entry

STORY = [
    "I love my job as a nurse, the night shifts are hard but the patients make it worth it.",
    "Another night shift at the hospital. I want to become a head nurse one day.",
    "Talked with my mentor about becoming a head nurse. I need to sign up for the leadership course.",
    "Slept all day after the night shift, then a long walk with Sam by the river.",
    "Walk with Sam again, we talked about the hospital and the leadership course.",
]


def _write(client, count: int) -> None:
    for index in range(count):
        write_entry(client, f"Day {index}: a quiet walk by the river and some reading.")


def test_project_values_are_refused_not_rewritten(ana):
    _write(ana, 2)
    for body, field in (({"name": "p", "status": "y" * 33}, "status"), ({"name": "p", "type": "str"}, "type"),
                        ({"name": "p", "type": "y" * 100_000}, "type")):
        refused = ana.post("/api/projects", json=body)
        assert refused.status_code == 400 and refused.json()["field"] == field, refused.text
    assert ana.get("/api/projects").json() == []
    kept = ana.post("/api/projects", json={"name": "p", "status": "On hold", "type": "professional"}).json()
    assert (kept["status"], kept["type"]) == ("On hold", "professional")
    assert ana.post("/api/projects", json={"name": "q", "status": ""}).json()["status"] == "Active"
    # Tasks keep the spec's rule: an unknown type falls back to personal.
    assert ana.post("/api/tasks", json={"text": "Plan", "type": "str"}).json()["type"] == "personal"


def test_a_story_over_its_limits_is_refused_not_cut(ana):
    _write(ana, 4)
    for field, limit in (("shortSummary", 5000), ("fullProfile", 50000)):
        refused = ana.post("/api/profile", json={field: "y" * (limit + 1)})
        assert refused.status_code == 400, refused.text
        assert refused.json()["field"] == field and f"{limit:,}" in refused.json()["error"]
    assert not ana.get("/api/profile").json()["shortSummary"]
    saved = ana.post("/api/profile", json={"shortSummary": "y" * 5000}).json()
    assert saved["shortSummary"] == "y" * 5000


def test_an_impossible_time_in_a_date_is_refused(ana):
    refused = ana.post("/api/journal", json={"content": "Late night", "date": "2026-11-25T25:61:00"})
    assert refused.status_code == 400 and refused.json()["field"] == "date", refused.text
    assert ana.get("/api/journal").json() == []
    saved = ana.post("/api/journal", json={"content": "Morning", "date": "2026-11-20T09:30:00.000Z"})
    assert saved.status_code == 201 and saved.json()["date"] == "11/20/2026"


def test_the_story_generator_waits_for_the_unlock(ana):
    _write(ana, 1)
    generated = ana.post("/api/openai/generate-profile", json={"entries": STORY})
    saved = ana.post("/api/profile", json={"shortSummary": "Me"})
    assert generated.status_code == saved.status_code == 403
    assert generated.json()["error"] == saved.json()["error"]
    assert "unlock after 4 journal entries" in generated.json()["error"]


def test_the_story_generator_invents_no_dates_or_ids(ana):
    _write(ana, 4)
    body = ana.post("/api/openai/generate-profile", json={"entries": STORY}).json()
    text = body["shortSummary"] + "\n" + body["fullProfile"]
    assert body["sourceEntryIds"] == []
    assert not re.search(r"\(\s*(?:from|last written)?[\s,]*(?:(?:to|and)[\s,]*)*\)", text), text
    assert "Across 5 entries" in body["shortSummary"]
    sent = [{"id": f"mine-{i}", "date": f"11/{10 + i}/2026", "content": c} for i, c in enumerate(STORY)]
    dated = ana.post("/api/openai/generate-profile", json={"entries": sent}).json()
    assert dated["sourceEntryIds"] and set(dated["sourceEntryIds"]) <= {e["id"] for e in sent}
    assert "11/10/2026 to 11/14/2026" in dated["shortSummary"]
