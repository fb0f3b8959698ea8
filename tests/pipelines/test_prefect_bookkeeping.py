"""Prefect's bookkeeping per inline flow run, in load-invariant counts: the runner keeps one Prefect
API client per worker thread (not one per flow run, each with a TLS context, a CSRF token call and
a new connection) and gives its flows their result settings (not two `GET /admin/storage` calls per
flow run). The flow runs, their names, their task runs and their results are what they were."""

from __future__ import annotations

import collections
import uuid

import httpx
import pytest


@pytest.fixture
def prefect_calls(monkeypatch):
    """Calls to Prefect's API by method and first path segment, and Prefect clients built."""
    from prefect.client.orchestration import SyncPrefectClient

    calls: collections.Counter[str] = collections.Counter()
    send = httpx.Client.send

    def counted_send(self, request, *args, **kwargs):
        parts = request.url.path.split("/")
        calls[f"{request.method} /{'/'.join(parts[2:3])}{'/' + parts[3] if parts[2] == 'admin' else ''}"] += 1
        return send(self, request, *args, **kwargs)

    built = SyncPrefectClient.__init__

    def counted_init(self, *args, **kwargs):
        calls["sync clients built"] += 1
        built(self, *args, **kwargs)

    monkeypatch.setattr(httpx.Client, "send", counted_send)
    monkeypatch.setattr(SyncPrefectClient, "__init__", counted_init)
    return calls


def test_flow_runs_share_the_threads_client_and_ask_nothing_about_storage(lone_runner, database_url,
                                                                          prefect_calls):
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterId

    from pipelines import db

    db.configure(database_url)
    runs = []
    for _ in range(4):  # one person's saves, one flow run each (ids of nothing: each analysis skips)
        entry_id = str(uuid.uuid4())
        run = lone_runner.submit("highlight-extraction", entry_id=entry_id, owner="alone")
        assert lone_runner.wait(run.id, timeout=120).state == "completed", run.error
        assert run.result["subject"] == {"entryId": entry_id} and run.result["status"] == "skipped", run.result
        runs.append(run)
    # One client for the worker thread, built on its first flow run (none if it had one already).
    assert prefect_calls["sync clients built"] <= 1, prefect_calls
    assert prefect_calls["GET /csrf-token"] <= 1, prefect_calls
    assert prefect_calls["GET /admin/storage"] == 0, prefect_calls
    assert prefect_calls["POST /flow_runs"] >= 4 * 3, prefect_calls  # created, Running, Completed: still told
    # Prefect still records each as before: a highlight-extraction flow run with its one step.
    ids = [uuid.UUID(run.prefect_flow_run_id) for run in runs]
    assert len(set(ids)) == 4
    with get_client(sync_client=True) as client:
        flow_runs = client.read_flow_runs(flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=ids)))
        assert len(flow_runs) == 4 and all(r.state.is_completed() for r in flow_runs)
        assert {client.read_flow(r.flow_id).name for r in flow_runs} == {"highlight-extraction"}


def test_the_inline_flow_is_the_flow_with_its_result_settings_given():
    from pipelines.flows import load_flow
    from pipelines.runtime import inline_flow

    base = load_flow("highlight-extraction")
    inline = inline_flow("highlight-extraction")
    assert inline is inline_flow("highlight-extraction")  # made once
    assert inline.name == base.name and inline.fn is base.fn
    assert inline.persist_result is False and inline.result_storage is not None
