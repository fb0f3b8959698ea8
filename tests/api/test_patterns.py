"""Patterns & Insights API: patterns appear on their own after entries, Refresh replaces instead of
duplicating, insights are edited and deleted, Go Deep, Explore Further and the weekly quota."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.database import set_premium, sql
from tests.support.journal import wait_all_analysed
from tests.support.patterns import refresh_patterns, ten_entry_journal, wait_for_patterns, write_rows


@pytest.fixture
def journaled(ana):
    """Ana with 10 analysed entries about sleep, money and relationships."""
    themes = write_rows(ana, ten_entry_journal())
    wait_all_analysed(ana)
    return ana, themes


def test_no_patterns_before_any_entry(ana):
    assert ana.get("/api/patterns").json() == []
    assert ana.get("/api/insights").json() == []


def test_patterns_lifecycle(journaled):
    """Patterns appear on their own; refresh replaces; add, edit and delete insights under them."""
    client, themes = journaled
    patterns = wait_for_patterns(client)  # nobody asked: the 'every 5 analysed entries' trigger ran
    counts = [len(p["insights"]) for p in patterns]
    assert counts == sorted(counts, reverse=True)  # most insights first
    for pattern in patterns:
        assert pattern["name"] and pattern["description"]
        assert set(pattern["entryIds"]) <= set(themes)
        members = [themes[i] for i in pattern["entryIds"]]
        assert max(members.count(t) for t in set(members)) / len(members) >= 0.75, members  # one theme each
        for insight in pattern["insights"]:
            assert insight["patternId"] == pattern["id"] and insight["origin"] == "pipeline"
            assert insight["sourceEntryIds"] and set(insight["sourceEntryIds"]) <= set(pattern["entryIds"])
            assert len(insight["shortTitle"]) <= 50
    # entries list the insights drawn from them
    drawn = {e["id"]: {i["id"] for i in e["insights"]} for e in client.get("/api/journal").json()}
    for insight in patterns[0]["insights"]:
        for entry_id in insight["sourceEntryIds"]:
            assert insight["id"] in drawn[entry_id]

    # Refresh: answers at once, and a re-run replaces, never duplicates
    refresh_patterns(client)
    first = client.get("/api/patterns").json()
    before = client.get("/api/insights").json()
    refresh_patterns(client)
    second = client.get("/api/patterns").json()
    assert [p["id"] for p in second] == [p["id"] for p in first]  # same patterns keep their ids
    texts = [i["text"] for i in client.get("/api/insights").json()]
    assert len(texts) == len(set(texts)) == len(before)

    # Add Insight to Pattern: kept by a refresh; another user's or an unknown pattern is a 404
    pattern = second[0]
    added = client.post("/api/insights", json={"text": "I rest better after writing", "patternId": pattern["id"],
                                                "type": "insight"})
    assert added.status_code == 201, added.text
    assert added.json()["patternId"] == pattern["id"] and added.json()["origin"] == "user"
    missing = client.post("/api/insights", json={"text": "x", "patternId": "8f1b5f4e-0000-4000-8000-000000000009"})
    assert missing.status_code == 404

    # Edit (non-blank) and delete
    edited, deleted = [i for i in pattern["insights"]][:2]
    for blank in ("   ", ""):
        refused = client.patch(f"/api/insights/{edited['id']}/text", json={"text": blank})
        assert refused.status_code == 400 and refused.json()["error"]
    assert client.patch(f"/api/insights/{edited['id']}/text", json={"text": "x" * 5001}).status_code == 400
    changed = client.patch(f"/api/insights/{edited['id']}/text", json={"text": "  Sleep is where it starts  "})
    assert changed.status_code == 200, changed.text
    assert changed.json()["text"] == "Sleep is where it starts" and changed.json()["origin"] == "user"
    gone = client.delete(f"/api/insights/{deleted['id']}")
    assert gone.status_code == 200 and gone.json()["success"] is True
    assert client.delete(f"/api/insights/{deleted['id']}").status_code == 404
    refresh_patterns(client)
    texts = [i["text"] for i in client.get("/api/insights").json()]
    assert texts.count("Sleep is where it starts") == 1 and texts.count("I rest better after writing") == 1
    assert deleted["text"] not in texts  # a deleted pipeline insight does not come back
    assert edited["text"] not in texts  # the edit replaced the pipeline's wording


def test_go_deep_and_the_weekly_quota(journaled, database_url):
    client, themes = journaled
    refresh_patterns(client)
    pattern = client.get("/api/patterns").json()[0]
    inputs = [i["text"] for i in pattern["insights"]]
    ask = {"patternId": pattern["id"], "insights": inputs}
    answer = client.post("/api/ai/generate-insight", json=ask)
    assert answer.status_code == 200, answer.text
    generated = answer.json()["generatedInsight"]
    assert generated and generated not in inputs and not any(text in generated for text in inputs)
    assert answer.json()["entryIds"] and set(answer.json()["entryIds"]) <= set(pattern["entryIds"])
    # Generated insight saved: a new insight under the pattern
    saved = client.post("/api/insights", json={"text": generated, "patternId": pattern["id"], "type": "insight",
                                                "isAiGenerated": True})
    assert saved.status_code == 201 and saved.json()["isAiGenerated"] is True
    # The pipeline's own insights use none of the quota; the user's saved ones do: 5 a week
    for n in range(4):
        assert client.post("/api/insights", json={"text": f"Saved {n}", "patternId": pattern["id"]}).status_code == 201
    refused = client.post("/api/ai/generate-insight", json=ask)
    assert refused.status_code == 429
    assert refused.json()["limit"] == 5 and "free plan" in refused.json()["error"]
    assert refused.headers.get("retry-after")
    set_premium(database_url, "ana")
    assert client.post("/api/ai/generate-insight", json=ask).status_code == 200  # premium: unlimited
    assert client.post("/api/insights", json={"text": "Sixth", "patternId": pattern["id"]}).status_code == 201


def test_go_deep_input_errors(ana):
    assert ana.post("/api/ai/generate-insight", json={"patternId": "nope", "insights": []}).status_code == 400
    unknown = ana.post("/api/ai/generate-insight",
                       json={"patternId": "8f1b5f4e-0000-4000-8000-000000000009", "insights": ["a"]})
    assert unknown.status_code == 404 and unknown.json()["error"] == "Pattern not found"
    too_many = ana.post("/api/ai/generate-insight",
                        json={"patternId": "8f1b5f4e-0000-4000-8000-000000000009", "insights": ["a"] * 21})
    assert too_many.status_code == 400


def test_resources_are_real_catalogue_entries_chosen_by_the_text(ana):
    from pipelines.patterns.resources import catalogue

    known = {r.url: r for r in catalogue()}
    sleep = ana.post("/api/ai/find-resources", json={"text": "I can't fall asleep and wake up exhausted",
                                                    "type": "insight"})
    money = ana.post("/api/ai/find-resources", json={"text": "My debt and budget worry me every payday",
                                                    "type": "pattern"})
    assert sleep.status_code == money.status_code == 200
    sleep_urls = [r["url"] for r in sleep.json()["resources"]]
    money_urls = [r["url"] for r in money.json()["resources"]]
    assert sleep_urls and money_urls and not set(sleep_urls) & set(money_urls)
    for r in sleep.json()["resources"] + money.json()["resources"]:
        assert r["url"].startswith("https://") and r["url"] in known
        assert r["title"] == known[r["url"]].title and r["type"] in ("article", "video", "book", "course", "tool", "other")
    assert any("sleep" in (r["title"] + r["description"]).lower() for r in sleep.json()["resources"])
    assert any(w in (r["title"] + r["description"]).lower() for r in money.json()["resources"]
               for w in ("budget", "money", "debt"))


def test_resources_input_errors_and_nothing_close(ana):
    assert ana.post("/api/ai/find-resources", json={"text": "  ", "type": "insight"}).status_code == 400
    assert ana.post("/api/ai/find-resources", json={"text": "sleep", "type": "other"}).status_code == 400
    assert ana.post("/api/ai/find-resources", json={"text": "x" * 5001}).status_code == 400
    nothing = ana.post("/api/ai/find-resources", json={"text": "zxqv blorft 7731", "type": "insight"})
    assert nothing.status_code == 200 and nothing.json()["resources"] == []


def test_first_patterns_do_not_wait_for_five_more_entries(journaled, database_url):
    """A run that found nothing (too few entries, or no group yet) is not 'seen': while a user has
    no pattern, any newly analysed entry starts a run. Once they have patterns, every 5 entries."""
    from pipelines.patterns.store import patterns_due

    client, themes = journaled
    user_id = client.get("/api/auth/me").json()["id"]
    count = len(themes)
    wait_for_patterns(client)
    sql(database_url, "UPDATE pattern_runs SET analysed_entries = :n WHERE user_id = :u", n=count - 1, u=user_id)
    assert patterns_due(user_id) is False  # has patterns: one new entry is not enough
    sql(database_url, "UPDATE pattern_runs SET analysed_entries = :n WHERE user_id = :u", n=count - 5, u=user_id)
    assert patterns_due(user_id) is True  # five new entries
    sql(database_url, "DELETE FROM insights WHERE user_id = :u", u=user_id)
    sql(database_url, "DELETE FROM patterns WHERE user_id = :u", u=user_id)
    sql(database_url, "UPDATE pattern_runs SET analysed_entries = :n WHERE user_id = :u", n=count - 1, u=user_id)
    assert patterns_due(user_id) is True  # no pattern yet: one new entry is enough
    sql(database_url, "UPDATE pattern_runs SET analysed_entries = :n WHERE user_id = :u", n=count, u=user_id)
    assert patterns_due(user_id) is False  # nothing new since the last run


def test_the_empty_screen_counts_with_the_pipelines_own_thresholds():
    """The patterns screen tells a writer how many entries patterns need and how many a theme must
    come back in (web/src/lib/constants.ts): the same numbers the pattern pipeline runs with."""
    import re

    from pipelines.patterns.config import PatternConfig

    web = (Path(__file__).resolve().parents[2] / "web" / "src" / "lib" / "constants.ts").read_text()

    def constant(name: str) -> int:
        found = re.search(rf"export const {name} = (\d+);", web)
        assert found, name
        return int(found.group(1))

    config = PatternConfig.load()
    assert constant("PATTERNS_MIN_ENTRIES") == config.min_entries
    assert constant("PATTERN_MIN_SHARED_ENTRIES") == config.min_cluster_size
