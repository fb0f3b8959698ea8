"""Smoke test: every flow imports, runs through Prefect, and its plain function runs without it."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest
import yaml

from pipelines.flows import FLOWS, load_flow

REPO = Path(__file__).resolve().parents[2]
# Ids of nothing: each flow must run end to end and report that it skipped the work.
PARAMETERS = {
    "highlight-extraction": {"entry_id": "8f1b5f4e-0000-4000-8000-000000000001"},
    "profile-regeneration": {"user_id": "8f1b5f4e-0000-4000-8000-000000000002"},
    "pattern-clustering": {"user_id": "8f1b5f4e-0000-4000-8000-000000000002"},
    "weekly-focus": {"user_id": "8f1b5f4e-0000-4000-8000-000000000002", "domain": "personal"},
}


@pytest.fixture(autouse=True)
def _pipelines_database(database_url):
    from pipelines import db

    db.configure(database_url)


def test_the_four_flows_of_the_design_are_registered():
    assert set(FLOWS) == set(PARAMETERS)


@pytest.mark.parametrize("name", sorted(FLOWS))
def test_flow_runs_through_the_runner(pipeline_runner, name):
    run = pipeline_runner.submit(name, **PARAMETERS[name])
    finished = pipeline_runner.wait(run.id, timeout=120)
    assert finished.state == "completed", finished.error
    assert finished.prefect_flow_run_id, "the run was not recorded by Prefect"
    assert finished.result["flow"] == name
    assert finished.result["status"] == "skipped"


@pytest.mark.parametrize("name", sorted(FLOWS))
def test_plain_function_runs_without_prefect(name):
    module = importlib.import_module(FLOWS[name].entrypoint.split(":")[0])
    plain = getattr(module, "run_" + FLOWS[name].entrypoint.split(":")[1])
    result = plain(**PARAMETERS[name])
    assert result.flow == name


def test_weekly_focus_flow_suggests_from_a_real_journal_and_prepares_the_week(pipeline_runner):
    """Not a stub: for a user with an entry, the flow answers a suggestion grounded in it, and the
    schedule's run (no parameters) prepares that user's three suggestions."""
    from datetime import UTC, datetime

    from models import JournalEntry, User
    from pipelines import db
    from pipelines.embeddings import embed

    text = "My goal this year is to learn to play the cello. My teacher Rosalind lent me hers."
    with db.session() as s:
        user = User(username="smoke", email="smoke@example.com", password_hash="x", is_verified=True)
        s.add(user)
        s.flush()
        entry = JournalEntry(user_id=user.id, content=text, entry_date=datetime.now(UTC).date(),
                             embedding=embed([text])[0].tolist(), mood={"emoji": "😊", "text": "Happy"})
        s.add(entry)
        s.commit()
        user_id, entry_id = str(user.id), str(entry.id)

    run = pipeline_runner.wait(pipeline_runner.submit("weekly-focus", user_id=user_id, domain="personal").id,
                               timeout=120)
    assert run.state == "completed", run.error
    assert run.result["status"] == "done", run.result
    suggestion = run.result["outputs"]["suggestion"]
    assert suggestion["entryId"] == entry_id and "cello" in suggestion["text"].lower()
    assert suggestion["general"] is False and suggestion["entryDate"] in suggestion["relevance"]

    weekly = pipeline_runner.wait(pipeline_runner.submit("weekly-focus").id, timeout=180)
    assert weekly.state == "completed", weekly.error
    assert weekly.result["status"] == "done" and weekly.result["outputs"] == {"users": 1, "prepared": 3}


def test_unknown_flow_is_refused(pipeline_runner):
    with pytest.raises(KeyError):
        pipeline_runner.submit("no-such-flow")


def test_prefect_yaml_deploys_every_flow_on_the_process_pool():
    config = yaml.safe_load((REPO / "prefect.yaml").read_text())
    pools = {pool["name"]: pool for pool in config["definitions"]["work_pools"].values()}
    entrypoints = {}
    for deployment in config["deployments"]:
        assert deployment["work_pool"]["name"] in pools
        path, attribute = deployment["entrypoint"].split(":")
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        flow = getattr(module, attribute)
        entrypoints[flow.name] = flow
        # The registry and the deployment agree on what the flow is and what it takes.
        assert load_flow(flow.name) is flow
        parameters = inspect.signature(flow.fn).parameters
        required = {name for name, p in parameters.items() if p.default is inspect.Parameter.empty}
        assert required <= set(PARAMETERS[flow.name]) <= set(parameters)
    assert set(entrypoints) == set(FLOWS)


def test_a_run_asked_for_while_the_same_one_is_queued_is_that_run():
    """Autosave edits an entry every few seconds: one queued analysis per entry covers them all."""
    import threading

    from pipelines.runtime import PipelineRunner

    runner = PipelineRunner(mode="inline", workers=1)
    runner.start()
    try:
        assert runner.wait_until_ready(timeout=180), runner.status()
        release = threading.Event()
        busy = runner._executor.submit(release.wait, 60)  # the only worker is taken
        first = runner.submit("highlight-extraction", **PARAMETERS["highlight-extraction"])
        again = runner.submit("highlight-extraction", **PARAMETERS["highlight-extraction"])
        other = runner.submit("highlight-extraction", entry_id="8f1b5f4e-0000-4000-8000-000000000009")
        assert again is first and other is not first
        assert runner.status()["runs"]["scheduled"] == 2
        release.set()
        busy.result(timeout=10)
        assert runner.wait(first.id, timeout=120).state == "completed"
        assert runner.wait(other.id, timeout=120).state == "completed"
        # Once a run has started, a new request queues a new run (the content may have changed).
        after = runner.submit("highlight-extraction", **PARAMETERS["highlight-extraction"])
        assert after is not first
        assert runner.wait(after.id, timeout=120).state == "completed"
    finally:
        runner.shutdown(wait=True)


def test_queued_analyses_run_together_in_one_flow_run_each_with_its_own_result():
    """Under load, one flow run takes the analyses waiting for a worker (Prefect's fixed cost per
    flow run is paid once), and each request still gets its own result and state."""
    import threading

    from pipelines.runtime import PipelineRunner

    runner = PipelineRunner(mode="inline", workers=1)
    runner.start()
    try:
        assert runner.wait_until_ready(timeout=180), runner.status()
        release = threading.Event()
        busy = runner._executor.submit(release.wait, 60)
        ids = [f"8f1b5f4e-0000-4000-8000-00000000010{i}" for i in range(3)]
        runs = [runner.submit("highlight-extraction", entry_id=entry_id) for entry_id in ids]
        release.set()
        busy.result(timeout=10)
        finished = [runner.wait(run.id, timeout=120) for run in runs]
        assert [f.state for f in finished] == ["completed"] * 3, [f.error for f in finished]
        assert [f.result["subject"]["entryId"] for f in finished] == ids
        assert all(f.result["status"] == "skipped" for f in finished)
        assert len({f.prefect_flow_run_id for f in finished}) == 1, "expected one flow run for the three"
        # A lone request is still a flow run of its own, with the one-entry result shape.
        lone = runner.wait(runner.submit("highlight-extraction", entry_id=ids[0]).id, timeout=120)
        assert lone.state == "completed" and lone.result["subject"]["entryId"] == ids[0]
        assert lone.prefect_flow_run_id != finished[0].prefect_flow_run_id
    finally:
        runner.shutdown(wait=True)
