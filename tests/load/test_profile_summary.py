"""The load test's profile summary (`--profile`): py-spy's raw samples grouped by whose work they
were, waits left out."""

from __future__ import annotations

from tests.load.profile import summarise

THREAD = 'process 1:"python -m api";thread (0x1)'
REQUEST = ("Runner.run (asyncio/runners.py:118);SessionMiddleware.handle (api/auth/access.py:60);"
           "JournalController.list_entries (api/journal/controllers.py:80)")
SAMPLES = {
    # a request's handler encoding its answer
    f"{THREAD};{REQUEST};encode (msgspec/json.py:1)": 10,
    # a request's statement, in SQLAlchemy's greenlet (no frame of ours above it)
    f"{THREAD};greenlet_spawn (sqlalchemy/util/concurrency.py:216);BaseCursor._execute_send (psycopg/_cursor_base.py:449)": 20,
    # the analysis's own SQL, under the flow that Prefect runs
    (f"{THREAD};run_flow (prefect/flow_engine.py:2268);analyse_entry (pipelines/analysis.py:40);"
     "Cursor.execute (psycopg/cursor.py:97)"): 5,
    # Prefect's client telling the API a state
    f"{THREAD};run_flow (prefect/flow_engine.py:2268);Client.send (httpx/_client.py:900)": 4,
    # the model, for a search request
    f"{THREAD};{REQUEST};embed (pipelines/embeddings.py:50);Linear.forward (torch/nn/modules/linear.py:134)": 30,
    # sign-in
    f"{THREAD};verify_secret (argon2/low_level.py:193)": 6,
    # waits, left out
    f"{THREAD};Condition.wait (threading.py:327)": 100,
    f"{THREAD};Connection._recv (multiprocessing/connection.py:395)": 50,
}


def test_samples_are_grouped_by_whose_work_they_were(tmp_path):
    raw = tmp_path / "app-1.txt"
    raw.write_text("".join(f"{stack} {count}\n" for stack, count in SAMPLES.items()))
    summary = summarise([raw])

    assert summary["samples"] == 75 and summary["waiting_samples"] == 150
    areas = summary["by_area"]
    assert areas["embedding model"] == 0.4
    assert areas["request SQL (SQLAlchemy, psycopg)"] == round(20 / 75, 4)
    assert areas["request stack (Litestar, uvicorn, middleware, handlers, encoding)"] == round(10 / 75, 4)
    assert areas["password hashing (sign-in)"] == 0.08
    assert areas["analysis outside the model (rules, mood, its SQL)"] == round(5 / 75, 4)
    assert areas["Prefect's client (flow and task runs, states, events)"] == round(4 / 75, 4)
    assert sum(areas.values()) == 1.0 or abs(sum(areas.values()) - 1) < 1e-3
    assert summary["by_handler"] == {"journal.list_entries": 0.5333}  # the encoding and the model under it
