"""An entry whose analysis keeps failing or keeps being interrupted stops being picked up by itself:
after MAX_UNFINISHED_RUNS unfinished runs it shows as failed, and the writer's Retry
(POST /api/journal/{id}/analysis) analyses it again with a clean count."""

from __future__ import annotations

import sqlalchemy as sa

from models.constants import ANALYSIS_FAILED_MESSAGE, MAX_UNFINISHED_RUNS
from tests.support.journal import wait_until_analysed, write_entry


def _set(database_url: str, entry_id: str, **values) -> None:
    engine = sa.create_engine(database_url)
    with engine.begin() as conn:
        assignments = ", ".join(f"{name} = :{name}" for name in values)
        conn.execute(sa.text(f"UPDATE journal_entries SET {assignments} WHERE id = CAST(:id AS uuid)"),
                     {"id": entry_id, **values})
    engine.dispose()


def _runs(database_url: str, entry_id: str) -> int:
    engine = sa.create_engine(database_url)
    with engine.connect() as conn:
        runs = conn.execute(sa.text("SELECT unfinished_runs FROM journal_entries WHERE id = CAST(:id AS uuid)"),
                            {"id": entry_id}).scalar_one()
    engine.dispose()
    return runs


def test_an_entry_interrupted_too_often_is_failed_and_the_writer_can_retry_it(ana, app, database_url):
    entry = write_entry(ana, "Planted the onions. I need to call the plumber before Friday.")
    assert wait_until_analysed(ana, entry["id"])["analysis"]["state"] == "done"
    assert _runs(database_url, entry["id"]) == 0  # a finished run leaves no count
    # Its process died mid-analysis MAX_UNFINISHED_RUNS times (each run counted, none finished).
    _set(database_url, entry["id"], analysis_state="running", unfinished_runs=MAX_UNFINISHED_RUNS,
         content_version=2)
    run = app.state.pipelines.submit("highlight-extraction", entry_id=entry["id"], owner="tester")
    app.state.pipelines.wait(run.id, timeout=120)
    shown = next(e for e in ana.get("/api/journal").json() if e["id"] == entry["id"])
    assert shown["analysis"]["state"] == "failed"
    assert shown["analysis"]["error"] == ANALYSIS_FAILED_MESSAGE

    retried = ana.post(f"/api/journal/{entry['id']}/analysis")
    assert retried.status_code == 202, retried.text
    assert retried.json()["analysis"]["state"] == "pending"
    assert wait_until_analysed(ana, entry["id"])["analysis"]["state"] == "done"
    assert _runs(database_url, entry["id"]) == 0

    again = ana.post(f"/api/journal/{entry['id']}/analysis")
    assert again.status_code == 409
    assert again.json()["error"] == "This entry's analysis has not failed: there is nothing to retry."


def test_an_edit_gives_the_new_content_a_clean_count(ana, database_url):
    entry = write_entry(ana, "A quiet day.")
    wait_until_analysed(ana, entry["id"])
    _set(database_url, entry["id"], analysis_state="failed", unfinished_runs=MAX_UNFINISHED_RUNS)
    edited = ana.patch(f"/api/journal/{entry['id']}", json={"content": "A quiet day, then a long walk."})
    assert edited.status_code == 200, edited.text
    assert wait_until_analysed(ana, entry["id"])["analysis"]["state"] == "done"
    assert _runs(database_url, entry["id"]) == 0
