"""The Quick Task Generator (POST /api/tasks-ai/quick-tasks): premium only, on the server; three
small tasks for today from the user's own journal ('10 minutes or less' / '20 minutes or less',
timeframe today), within the 3 active selected tasks per domain."""

from __future__ import annotations

import re

from tests.support.database import sql
from tests.support.journal import wait_all_analysed, write_entries

URL = "/api/tasks-ai/quick-tasks"
JOURNAL = [
    ("2026-11-20", ("Work was stressful today. The quarterly report for my manager is due Friday and I have not "
                    "even started the slides. I need to draft the outline of the report tomorrow morning.")),
    ("2026-11-21", ("The car insurance renewal letter is still sitting on my desk. I need to call the insurer "
                    "about the renewal before the end of the month. Paperwork always piles up.")),
    ("2026-11-22", ("I want to run twice this week. I felt tired and skipped my evening walk again, and I miss "
                    "the time outside with my sister.")),
    ("2026-11-23", "A quiet Sunday. I cooked soup and read a novel by the window. Slept well."),
]


def _premium(client, database_url) -> None:
    sql(database_url, "UPDATE users SET subscription_tier = 'premium'")
    assert client.get("/api/auth/me").json()["isPremium"] is True


def _journal(client) -> dict[str, str]:
    ids = write_entries(client, JOURNAL)
    wait_all_analysed(client)
    return dict(zip(ids, (day for day, _ in JOURNAL), strict=True))


def test_free_accounts_are_refused_on_the_server(ana, database_url):
    write_entries(ana, JOURNAL[:1])
    refused = ana.post(URL)
    assert refused.status_code == 403
    assert refused.json()["error"] == "This feature is only available to premium subscribers."
    assert not [t for t in ana.get("/api/tasks").json() if t["timeframe"] == "today"]


def test_three_quick_tasks_for_today_from_the_journal(ana, database_url):
    _premium(ana, database_url)
    assert ana.post(URL).status_code == 403  # tasks unlock at the first entry
    entries = _journal(ana)
    before = {t["id"] for t in ana.get("/api/tasks").json()}

    answer = ana.post(URL)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    tasks = body["tasks"]
    assert len(tasks) == 3 and body["message"] == "3 quick tasks for today added." and body["full"] == []
    for task in tasks:
        assert (task["timeframe"], task["isSelected"], task["isAiGenerated"], task["completed"]) == (
            "today", True, True, False)
        assert task["estimatedTime"] in ("10 minutes or less", "20 minutes or less")
        assert task["type"] in ("personal", "professional", "administrative")
        # Grounded: the "Why now" names an entry of the journal by its date, and the task links to it.
        assert task["entryId"] in entries, task
        month, day = entries[task["entryId"]][5:7], entries[task["entryId"]][8:10]
        assert re.search(rf"{month}/{day}/2026", task["relevance"]), task["relevance"]
    headlines = [t["text"].split(". ")[0] for t in tasks]
    assert len(set(headlines)) == 3
    assert len({t["type"] for t in tasks}) >= 2  # the journal speaks of work, paperwork and running
    listed = {t["id"]: t for t in ana.get("/api/tasks").json()}
    assert {t["id"] for t in tasks} <= set(listed) and not {t["id"] for t in tasks} & before

    # Asked again: three more, none repeating an open one.
    again = ana.post(URL).json()["tasks"]
    assert not {t["text"].split(". ")[0] for t in again} & set(headlines)


def test_quick_tasks_stay_within_three_active_per_domain(ana, database_url):
    _premium(ana, database_url)
    _journal(ana)
    for n in range(3):
        made = ana.post("/api/tasks", json={"text": f"Work thing {n}", "type": "professional", "isSelected": True,
                                            "timeframe": "today", "estimatedTime": "10 minutes or less"})
        assert made.status_code == 201, made.text
    body = ana.post(URL).json()
    assert body["full"] == ["professional"]
    assert body["tasks"] and all(t["type"] != "professional" for t in body["tasks"])

    for domain in ("personal", "administrative"):  # fill every domain: then it says so and adds nothing
        while len([t for t in ana.get("/api/tasks").json() if t["type"] == domain and t["isSelected"]
                   and not t["completed"]]) < 3:
            made = ana.post("/api/tasks", json={"text": f"A {domain} thing", "type": domain, "isSelected": True,
                                                "timeframe": "today"})
            assert made.status_code == 201, made.text
    answer = ana.post(URL)
    assert answer.status_code == 409
    assert answer.json()["title"] == "Task limit reached"
    active = [t for t in ana.get("/api/tasks").json() if t["isSelected"] and not t["completed"]]
    for domain in ("personal", "professional", "administrative"):
        assert sum(t["type"] == domain for t in active) == 3, domain


def test_every_quick_task_fits_the_ten_minutes_it_is_shown_as(ana, database_url):
    """The spec shows a quick task's '20 minutes or less' as '10 minutes or less': none says more."""
    _premium(ana, database_url)
    _journal(ana)
    seen = []
    for _ in range(3):
        seen += ana.post(URL).json()["tasks"]
    assert seen
    for task in seen:
        assert not re.search(r"\b(20|twenty|15|thirty|30)[- ]minute", task["text"], re.IGNORECASE), task["text"]
