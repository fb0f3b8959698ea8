"""What an analysis costs, in load-invariant counts: texts through the embedding model and Prefect
flow runs. A user's goal and project names are embedded once per process (not on every analysis),
a new intention once (not again for its duplicate check), and under load the runner shares one
flow run (Prefect's bookkeeping) between the analyses that queue within a second; none of it
changes what the analysis writes."""

from __future__ import annotations

import threading
import time
import uuid
from datetime import date, timedelta

import numpy as np
import pytest
import sqlalchemy as sa

from tests.support.accounts import signed_up

GOAL_ENTRY = "My goal this year is to run a half marathon. I'm working on the garden shed and it is slowly taking shape."
LATER_ENTRY = "Went for a long run by the river this morning, the half marathon training is going well."
TASK_ENTRY = "I need to call the landlord about the leaking tap before Friday. Don't forget to renew my passport."


def _entries(texts: list[str], username: str | None = None) -> list[str]:
    from models import JournalEntry, User
    from pipelines import db

    with db.session() as s:
        query = sa.select(User).order_by(User.created_at)
        user = s.scalars(query.where(User.username == username) if username else query).first()
        rows = [JournalEntry(user_id=user.id, content=text, entry_date=date(2026, 3, 1) + timedelta(days=i))
                for i, text in enumerate(texts)]
        s.add_all(rows)
        s.commit()
        return [str(r.id) for r in rows]


def _unlock(n: int) -> None:
    """Enough entries for tasks and goals to count (their unlock is by entry count)."""
    _entries([f"Filler entry number {i} about nothing much." for i in range(n)])


@pytest.mark.xfail(strict=True, reason="the learned detector does not find the entry's project ('I'm working on the "
                   "garden shed'; projects 10 of 82 leaving one author out on dev, pipelines/README.md, Known limits)")
def test_goal_and_project_names_go_through_the_model_once_per_user(client, settings, encode_calls):
    from pipelines.analysis import analyse_entry

    signed_up(client, settings.outbox_dir, "gina", "gina@example.com")
    first, later, third = _entries([GOAL_ENTRY, LATER_ENTRY, LATER_ENTRY + " My legs are sore."], "gina")
    assert analyse_entry(first).status == "done"
    names = _names("gina")
    assert len(names) == 2, "the first entry's goal and project were created"
    encode_calls.clear()
    assert analyse_entry(later).status == "done"
    assert analyse_entry(third).status == "done"
    embedded = [text for call in encode_calls for text in call]
    assert sorted(t for t in embedded if t in names) == sorted(names)  # once each, for both analyses
    related = _related(later)
    assert "Run a half marathon" in related, related  # related to the goal it is about
    assert _related(third) == related
    # The same names for another user are that user's own: embedded for them, not taken from gina's.
    signed_up(client, settings.outbox_dir, "hugo", "hugo@example.com")
    other, other_later = _entries([GOAL_ENTRY, LATER_ENTRY], "hugo")
    assert analyse_entry(other).status == "done"
    encode_calls.clear()
    assert analyse_entry(other_later).status == "done"
    assert sorted(t for call in encode_calls for t in call if t in names) == sorted(names)
    assert _related(other_later) == related


def _names(username: str) -> list[str]:
    from models import Goal, Project, User
    from pipelines import db

    with db.session() as s:
        user = s.scalars(sa.select(User).where(User.username == username)).one()
        return ([g.text for g in s.scalars(sa.select(Goal).where(Goal.user_id == user.id))]
                + [p.name for p in s.scalars(sa.select(Project).where(Project.user_id == user.id))])


def _related(entry_id: str) -> list[str]:
    from models import JournalEntry
    from pipelines import db

    with db.session() as s:
        entry = s.get(JournalEntry, uuid.UUID(entry_id))
        return [*entry.related_goals, *entry.related_projects]


def test_name_vectors_equal_the_model_and_are_kept_per_user(encode_calls):
    from pipelines.embeddings import embed, name_vectors

    names = ["Run a half marathon", "Garden shed"]
    first = name_vectors("user-a", names)
    assert [text for call in encode_calls for text in call] == names
    encode_calls.clear()
    again = name_vectors("user-a", [*names, "Learn Spanish"])
    assert encode_calls == [["Learn Spanish"]]  # only the new name
    encode_calls.clear()
    name_vectors("user-b", names)
    assert encode_calls == [names]  # another user's names are embedded for them
    expected = embed(names)
    for i, name in enumerate(names):
        np.testing.assert_allclose(first[name], expected[i], atol=1e-5)
        np.testing.assert_array_equal(again[name], first[name])


def test_a_new_intention_is_embedded_once(client, settings, encode_calls):
    from pipelines.analysis import analyse_entry
    from pipelines.highlights import intention_key

    signed_up(client, settings.outbox_dir)
    _unlock(3)
    [first] = _entries(["I need to book the dentist appointment for next week."])
    assert analyse_entry(first).status == "done"  # the user has a task: duplicates are checked
    [entry_id] = _entries([TASK_ENTRY])
    encode_calls.clear()
    result = analyse_entry(entry_id)
    assert result.status == "done" and result.outputs is not None and result.outputs.created["tasks"] == 2, result
    embedded = [text for call in encode_calls for text in call]
    keys = [t for t in embedded if t in {intention_key(x) for x in _tasks()}]
    assert len(keys) == 2 and len(set(keys)) == 2, embedded  # each new task's key once, not twice


def _tasks() -> list[str]:
    from models import Task
    from pipelines import db

    with db.session() as s:
        return [t.text for t in s.scalars(sa.select(Task))]


def test_under_load_analyses_share_flow_runs_and_alone_they_do_not_wait(lone_runner, database_url):
    """Many people saving within a second: their analyses share flow runs (Prefect's bookkeeping
    paid once per batch). One person saving: each analysis starts at once."""
    from pipelines import db
    from pipelines.runtime import GATHER_SECONDS

    db.configure(database_url)
    waited: list[float] = []
    gather = lone_runner._gather

    def timed() -> None:
        started = time.monotonic()
        gather()
        waited.append(time.monotonic() - started)

    lone_runner._gather = timed
    # One person: an entry at a time (ids of nothing: each analysis skips at once).
    for _ in range(3):
        run = lone_runner.submit("highlight-extraction", entry_id=str(uuid.uuid4()), owner="alone")
        assert lone_runner.wait(run.id, timeout=120).state == "completed", run.error
    assert max(waited) < 0.2, waited
    # Twelve people, a save every 50 ms.
    waited.clear()
    runs = []
    for i in range(12):
        runs.append(lone_runner.submit("highlight-extraction", entry_id=str(uuid.uuid4()), owner=f"person{i}"))
        time.sleep(0.05)
    for run in runs:
        assert lone_runner.wait(run.id, timeout=120).state == "completed", run.error
    flow_runs = {run.prefect_flow_run_id for run in runs}
    assert None not in flow_runs
    assert len(flow_runs) <= 4, f"{len(flow_runs)} flow runs for {len(runs)} analyses"
    assert max(waited) <= GATHER_SECONDS + 0.5, waited


def test_gathering_waits_only_for_a_batch_that_is_not_full():
    """Under load (runs of three owners just queued), a worker waits for more runs while the batch
    is not full, and not once it is."""
    from pipelines.runtime import GATHER_SECONDS, MAX_BATCH, PipelineRunner

    runner = PipelineRunner(mode="inline", workers=1)
    tickets: list[object] = []
    runner._executor = type("Pool", (), {"submit": lambda self, fn: tickets.append(fn)})()  # no worker runs
    for i in range(3):
        runner.enqueue("highlight-extraction", owner=f"p{i}", entry_id=str(uuid.uuid4()))
    started = time.monotonic()
    runner._gather()
    assert GATHER_SECONDS - 0.05 <= time.monotonic() - started < GATHER_SECONDS + 0.5
    for i in range(3, MAX_BATCH):
        runner.enqueue("highlight-extraction", owner=f"p{i}", entry_id=str(uuid.uuid4()))
    started = time.monotonic()
    runner._gather()
    assert time.monotonic() - started < 0.1
    batch, deferred = runner._take()
    assert len(batch) == MAX_BATCH and len(tickets) == MAX_BATCH and deferred == []


def test_the_stories_due_after_a_batch_are_rebuilt_in_one_flow_run(client, settings, lone_runner, monkeypatch):
    """Two people's analyses in one batch, both unlocking their personal story: one
    profile-regeneration flow run with a step each (Prefect's bookkeeping once), each story made."""

    import pipelines.flows.profile_regeneration as module
    from pipelines.analysis import analyse_entry

    original = module.profile_regeneration
    calls: list[dict] = []

    def counted(**kwargs):
        calls.append(kwargs)
        return original(**kwargs)

    monkeypatch.setattr(module, "profile_regeneration", counted)
    last = {}
    for name in ("iris", "jack"):
        signed_up(client, settings.outbox_dir, name, f"{name}@example.com")
        ids = _entries([GOAL_ENTRY, LATER_ENTRY, TASK_ENTRY, "Quiet evening, read a book and slept early."], name)
        for entry_id in ids[:3]:
            assert analyse_entry(entry_id).status == "done"
        last[name] = ids[3]
    release = threading.Event()
    busy = lone_runner._executor.submit(release.wait, 60)  # the only worker is taken: both queue
    runs = [lone_runner.submit("highlight-extraction", entry_id=last[name], owner=name) for name in last]
    release.set()
    busy.result(timeout=10)
    for run in runs:
        assert lone_runner.wait(run.id, timeout=120).state == "completed", run.error
    assert runs[0].prefect_flow_run_id == runs[1].prefect_flow_run_id  # one batch
    assert len(calls) == 1 and sorted(calls[0]) == ["user_ids"] and len(calls[0]["user_ids"]) == 2, calls
    for run in runs:
        assert run.result["outputs"]["profile"]["status"] == "done", run.result
    from models import Profile, User
    from pipelines import db

    with db.session() as s:
        for name in last:
            user = s.scalars(sa.select(User).where(User.username == name)).one()
            profile = s.get(Profile, user.id)
            assert profile is not None and "Concrete Actions" in profile.full_profile, name
