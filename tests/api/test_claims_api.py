"""Claims with evidence and a floor, through the API, on the audit's farmer journal (twelve
entries, tests/pipelines/data/claims_journals.jsonl), analysed by the app: Self Analysis says which
entries it read and says "lighter lately" only when the stored moods support it by its stated test;
the personal story lists June (named in 7 entries, "my wife June") and no place."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from pipelines.reflection import ReflectionEntry, mood_shift
from tests.support.journal import regenerated_profile, wait_until_analysed, write_entry

DATA = Path(__file__).parents[1] / "pipelines" / "data" / "claims_journals.jsonl"
FARMER = [row for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()
          and (row := json.loads(line))["journal"] == "farmer"]


def iso(day: str) -> str:
    return datetime.strptime(day, "%m/%d/%Y").date().isoformat()


def test_self_analysis_and_story_of_the_farmers_journal_hold_to_their_evidence(ana):
    analysed = [wait_until_analysed(ana, write_entry(ana, row["text"], iso(row["date"]))["id"]) for row in FARMER]
    body = ana.post("/api/openai/generate-summary", json={"entryIds": [e["id"] for e in analysed]})
    assert body.status_code == 200, body.text
    analysis = body.json()["analysis"]
    assert analysis["notes"][0] == "From all 12 of your entries (08/03/2026 to 10/30/2026)."
    # "Lighter days lately" only when the app's own mood readings support it by the stated test.
    stored = [ReflectionEntry(id=e["id"], date=e["date"], content=e["content"], mood=e["mood"]["text"])
              for e in analysed]
    titles = [item["title"] for item in analysis["growth"]]
    moody = [e for e in stored if e.mood]
    supported = mood_shift(moody[:len(moody) // 2], moody[len(moody) // 2:], "greater") is not None
    assert ("Lighter days lately" in titles) == supported, (titles, [e.mood for e in stored])
    for item in analysis["growth"]:
        if item["title"] in ("Lighter days lately", "Heavier days lately"):
            assert "Mann-Whitney U test" in item["description"]

    story = regenerated_profile(ana)["fullProfile"]
    people = story.split("The people in your story:")[1].split("\n\n")[0]
    assert "- June: 7 entries" in people, people
    for place in ("Leeds", "Skipton", "Infirmary", "Royal"):
        assert place not in people, people
