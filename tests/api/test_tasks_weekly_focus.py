"""POST /api/tasks-ai/weekly-focus on the real app, database, embedding model and pipeline runner:
suggestions from each user's own journal, the Weekly Focus limits (409) and the free plan's weekly
task generations (429), enforced by the server."""

from __future__ import annotations

import re

import pytest

from tests.support.accounts import signed_up
from tests.support.app import app_client
from tests.support.database import sql
from tests.support.dates import day, us
from tests.support.journal import wait_all_analysed, write_entries

URL = "/api/tasks-ai/weekly-focus"
WEEKLY_PERSONAL = ("Weekly Personal task limit reached",
                   "You can only have 1 Personal task in Weekly Focus. Complete or remove your current task before "
                   "adding a new one.")
ACTIVE_PERSONAL = ("Personal task limit reached",
                   "You can only have up to 3 active Personal tasks. Complete existing tasks before adding more.")


ANA = [
    (day(5), "Found my grandmother's old cello in Rosalind's attic today. My goal is to learn to play the cello again."),
    (day(2), "Cello strings are cheap online. I felt happy practising scales for ten minutes."),
]
BRUNO = [
    (day(6), "My knees ached after the long run along the harbour. I want to run the Lisbon half marathon in spring."),
    (day(1), "Slept badly and felt tired. The half marathon training plan says three runs this week."),
]




def journal(client, entries) -> dict[str, str]:
    """Writes the entries and waits for their analyses; returns id -> date (MM/DD/YYYY)."""
    ids = write_entries(client, entries)
    wait_all_analysed(client)
    return {entry_id: us(when) for entry_id, (when, _) in zip(ids, entries, strict=True)}


def generate(client, domain="personal", add=True, expect=200):
    response = client.post(URL, json={"domain": domain, "add": add})
    assert response.status_code == expect, response.text
    return response.json()


def test_two_users_get_personal_suggestions_from_their_own_entries(ana, app, settings):
    ana_entries = journal(ana, ANA)
    with app_client(app) as bruno:
        signed_up(bruno, settings.outbox_dir, "bruno", "bruno@example.com")
        bruno_entries = journal(bruno, BRUNO)
        hers, his = generate(ana), generate(bruno)

    assert hers["text"] != his["text"]
    for answer, entries, own, other in ((hers, ana_entries, "cello", "marathon"),
                                        (his, bruno_entries, "marathon", "cello")):
        said = (answer["text"] + " " + answer["relevance"]).lower()
        assert own in said and other not in said, answer
        assert answer["general"] is False and answer["type"] == "personal"
        # The "Why now" names the entry it came from and its date.
        assert answer["entryId"] in entries and entries[answer["entryId"]] in answer["relevance"]
        assert answer["entryDate"] == entries[answer["entryId"]]
        # "headline. detail", and it was added as the domain's Weekly Focus task.
        assert re.match(r"^[^.]+\. \S", answer["text"]), answer["text"]
        task = answer["task"]
        assert task["id"] == answer["taskId"] and task["text"] == answer["text"]
        assert (task["isSelected"], task["timeframe"], task["type"], task["isAiGenerated"]) == (
            True, "week", "personal", True)
        assert task["relevance"] == answer["relevance"] and task["estimatedTime"] == answer["estimatedTime"]
        assert task["entryId"] == answer["entryId"] and "local provider" in task["aiGenerationPrompt"]


def test_a_domain_the_journal_says_nothing_about_gets_a_general_suggestion(ana):
    journal(ana, ANA)
    answer = generate(ana, "administrative", add=False)
    assert answer["general"] is True and answer["entryId"] is None and answer["taskId"] is None
    assert answer["relevance"].startswith("General suggestion")
    # Unknown domains are personal.
    assert generate(ana, "gardening", add=False)["type"] == "personal"


def test_weekly_focus_limits_are_the_servers(ana, database_url):
    journal(ana, ANA[:1])
    first = generate(ana)
    # A second Weekly Focus task in the domain: 409 with the spec's texts; no generation is spent.
    refused = ana.post(URL, json={"domain": "personal"})
    assert refused.status_code == 409
    assert refused.json() == {"error": ": ".join(WEEKLY_PERSONAL), "title": WEEKLY_PERSONAL[0],
                              "description": WEEKLY_PERSONAL[1]}
    assert sql(database_url, "SELECT count(*) FROM task_generations")[0][0] == 1
    # The same rule when the client adds a selected weekly task itself (the spec's POST /tasks).
    by_hand = ana.post("/api/tasks", json={"text": "Tune the cello", "isSelected": True, "timeframe": "week"})
    assert by_hand.status_code == 409 and by_hand.json()["title"] == WEEKLY_PERSONAL[0]
    # Quick tasks (today) fill the domain up to 3 active selected tasks...
    for text in ("Order new strings", "Practise scales"):
        quick = ana.post("/api/tasks", json={"text": text, "isSelected": True, "timeframe": "today",
                                             "estimatedTime": "10 minutes or less"})
        assert quick.status_code == 201, quick.text
    third = ana.post("/api/tasks", json={"text": "Call Rosalind", "isSelected": True, "timeframe": "today"})
    assert third.status_code == 409 and third.json()["error"] == ": ".join(ACTIVE_PERSONAL)
    # ...while other domains, and tasks not in focus, are not affected.
    assert ana.post("/api/tasks", json={"text": "Water the plants"}).status_code == 201
    assert generate(ana, "professional")["task"]["type"] == "professional"
    # Completing the weekly task makes room; reopening it while the room is taken is refused.
    assert ana.patch(f"/api/tasks/{first['taskId']}/complete", json={"completed": True}).status_code == 200
    quick_done = ana.get("/api/tasks").json()
    ana.patch(f"/api/tasks/{next(t['id'] for t in quick_done if t['text'] == 'Order new strings')}/complete",
              json={"completed": True})
    second = generate(ana)
    assert second["taskId"] != first["taskId"] and second["text"] != first["text"]
    reopen = ana.patch(f"/api/tasks/{first['taskId']}/complete", json={"completed": False})
    assert reopen.status_code == 409 and reopen.json()["title"] == WEEKLY_PERSONAL[0]
    assert next(t for t in ana.get("/api/tasks").json() if t["id"] == first["taskId"])["completed"] is True


def test_tasks_unlock_with_the_first_entry(ana, database_url):
    locked = ana.post(URL, json={"domain": "personal"})
    assert locked.status_code == 403 and locked.json()["locked"] is True
    assert sql(database_url, "SELECT count(*) FROM task_generations")[0][0] == 0


def _used(database_url: str, count: int, days_ago: float = 0) -> None:
    sql(database_url, "INSERT INTO task_generations (id, user_id, domain, created_at) "
                      "SELECT gen_random_uuid(), id, 'personal', now() - make_interval(secs => :secs) "
                      "FROM users, generate_series(1, :n)", n=count, secs=days_ago * 86400)


def test_the_free_plan_has_30_task_generations_a_week(ana, database_url):
    journal(ana, ANA[:1])
    _used(database_url, 28, days_ago=6.9)
    _used(database_url, 1, days_ago=1)
    generate(ana, add=False)  # the 30th
    refused = ana.post(URL, json={"domain": "professional", "add": False})
    assert refused.status_code == 429
    body = refused.json()
    assert "30 task generations" in body["error"] and "free plan" in body["error"]
    assert (body["used"], body["limit"]) == (30, 30)
    # The oldest use leaves the window in about 0.1 day: that is when to come back.
    assert 0 < body["retryAfter"] <= 0.1 * 86400 + 5
    assert refused.headers["Retry-After"] == str(body["retryAfter"])
    assert sql(database_url, "SELECT count(*) FROM task_generations")[0][0] == 30
    # Uses older than seven days no longer count.
    sql(database_url, "UPDATE task_generations SET created_at = created_at - interval '1 day' "
                      "WHERE created_at < now() - interval '6 days'")
    generate(ana, add=False)


def test_premium_users_have_no_generation_limit(ana, database_url):
    journal(ana, ANA[:1])
    _used(database_url, 40)
    assert ana.post(URL, json={"add": False}).status_code == 429
    sql(database_url, "UPDATE users SET subscription_tier = 'premium'")
    generate(ana, add=False)
    assert sql(database_url, "SELECT count(*) FROM task_generations")[0][0] == 41


def test_a_failed_pipeline_is_a_503_and_spends_no_generation(ana, app, database_url):
    class BrokenRunner:
        mode = "inline"

        def submit(self, flow, **parameters):
            raise RuntimeError("the pipeline is down")

    journal(ana, ANA[:1])
    working = app.state.pipelines
    app.state.pipelines = BrokenRunner()
    try:
        failed = ana.post(URL, json={"domain": "personal"})
    finally:
        app.state.pipelines = working
    assert failed.status_code == 503
    assert failed.json()["error"] == "Could not generate a weekly focus task right now. Please try again."
    assert sql(database_url, "SELECT count(*) FROM task_generations")[0][0] == 0
    assert [t for t in ana.get("/api/tasks").json() if t["isSelected"]] == []


@pytest.mark.parametrize("body", [{"domain": 3}, {"add": "yes"}, {"domain": "personal", "userId": "x"}])
def test_bad_input_is_a_400(ana, body):
    assert ana.post(URL, json=body).status_code == 400
