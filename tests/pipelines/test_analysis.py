"""Highlight extraction end to end on the real database and model: what a save produces, that a
re-run creates nothing twice, that a task said again in other words is recognised, unlocks."""

from __future__ import annotations

import sqlalchemy as sa

from tests.support.journal import wait_until_analysed


def test_a_save_is_analysed_into_mood_summary_and_tasks(ana, database_url):
    entry = ana.post("/api/journal", json={"content": (
        "Work was exhausting today and I barely slept. I need to call the landlord before Friday about "
        "the leaking pipe. Also don't forget to renew my passport. The evening walk helped me calm down."
    )}).json()
    done = wait_until_analysed(ana, entry["id"])
    assert done["analysis"] == {"state": "done", "error": None, "provider": "local"}
    assert done["mood"]["text"] in {"Tired", "Anxious", "Sad"}
    assert done["summary"]
    engine = sa.create_engine(database_url)
    with engine.connect() as conn:
        tasks = [r.text for r in conn.execute(sa.text("SELECT text FROM tasks ORDER BY text"))]
        embedded = conn.execute(sa.text("SELECT vector_dims(embedding) FROM journal_entries")).scalar()
    engine.dispose()
    assert any("landlord" in t.lower() for t in tasks) and any("passport" in t.lower() for t in tasks)
    assert embedded == 384


def test_rerunning_and_paraphrases_create_nothing_twice(ana, database_url):
    from pipelines.analysis import analyse_entry

    first = ana.post("/api/journal", json={"content": "I need to call the landlord about the rent."}).json()
    wait_until_analysed(ana, first["id"])
    assert analyse_entry(first["id"]).status == "skipped"  # same content, same version
    second = ana.post("/api/journal", json={"content": "Must remember to phone my landlord about rent."}).json()
    wait_until_analysed(ana, second["id"])
    engine = sa.create_engine(database_url)
    with engine.connect() as conn:
        count = conn.execute(sa.text("SELECT count(*) FROM tasks")).scalar()
    engine.dispose()
    assert count == 1


def test_goals_are_remembered_from_the_first_entry(ana, database_url):
    # Issue 16: goals unlock at 3 entries for display; what the first entries state is remembered.
    text = "My goal this year is to run a half marathon."
    first = ana.post("/api/journal", json={"content": text}).json()
    wait_until_analysed(ana, first["id"])
    engine = sa.create_engine(database_url)
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM goals")).scalar() == 1
    for filler in ("A quiet day at home.", "Read a good book this afternoon."):
        wait_until_analysed(ana, ana.post("/api/journal", json={"content": filler}).json()["id"])
    third = ana.post("/api/journal", json={"content": text + " My other goal is to learn Spanish by next summer."}).json()
    wait_until_analysed(ana, third["id"])
    with engine.connect() as conn:
        goals = [r.text for r in conn.execute(sa.text("SELECT text FROM goals"))]
    engine.dispose()
    assert any("marathon" in g.lower() for g in goals) and any("spanish" in g.lower() for g in goals)


def test_editing_content_reanalyses_the_new_version(ana):
    entry = ana.post("/api/journal", json={"content": "A calm day."}).json()
    wait_until_analysed(ana, entry["id"])
    ana.patch(f"/api/journal/{entry['id']}", json={"content": "I'm furious, my boss ignored me again."})
    done = wait_until_analysed(ana, entry["id"])
    assert done["mood"]["text"] == "Angry"


def test_two_runs_of_one_entry_at_once_finish_it_once(ana, database_url, monkeypatch):
    """An edit queued right behind its save, or a run resubmitted at start-up, can overlap another
    run of the same entry: both analyse, and the row lock lets only one of them write."""
    import threading

    from pipelines import analysis

    monkeypatch.setattr(ana.app.state.pipelines, "submit", lambda *a, **k: None, raising=False)
    entry = ana.post("/api/journal", json={"content": "I need to renew my passport at the post office."}).json()
    both_started = threading.Barrier(2)
    embed = analysis.embed

    def embed_when_both_started(texts):
        both_started.wait(timeout=60)
        return embed(texts)

    monkeypatch.setattr(analysis, "embed", embed_when_both_started)
    results: list = []
    runs = [threading.Thread(target=lambda: results.append(analysis.analyse_entry(entry["id"]))) for _ in range(2)]
    for run in runs:
        run.start()
    for run in runs:
        run.join(timeout=120)
    assert sorted(r.status for r in results) == ["done", "skipped"], results
    assert next(r for r in results if r.status == "skipped").reason == "analysed meanwhile by another run"
    engine = sa.create_engine(database_url)
    with engine.connect() as conn:
        row = conn.execute(sa.text(
            "SELECT analysis_state, analysed_version, analysis_attempts FROM journal_entries")).one()
        tasks = conn.execute(sa.text("SELECT count(*) FROM tasks")).scalar()
    engine.dispose()
    assert tuple(row) == ("done", 1, 2) and tasks == 1
