"""What each heavy request of the load test costs, one kind at a time: a search, a chat, a write
with its analysis, an edit with its analysis (5 of the load test's 36 task weights).

Shaped like `bench_read_path`: in process over ASGI (Litestar, one event loop), a throwaway embedded
PostgreSQL, one journaler with `ENTRIES` analysed entries. Each kind is called `RUNS[kind]` times
after a warm-up, with the load test's own inputs (its ten searches, its three chat questions on
the journaler's newest entries, texts from its 400-text pool), and a row with inputs that never
repeat (searches and questions made from corpus sentences), so a kept vector cannot flatter it.

A write or an edit is followed by its analysis, run to completion inline on the same thread as the
highlight-extraction flow's step runs it (`embedded_ahead` + `analyse_entry`, the plain functions):
its cost is in the row. Prefect's bookkeeping of the flow run (the app's and its API server's CPU)
is not here: `bench_analysis_flow` measures it per entry.

Per request: the app's CPU (`time.process_time`: the app, the client and the analysis alike, read
against the do-nothing handler's row), PostgreSQL's CPU (its backends, psutil), statements sent
(the app's engine and the pipelines' engine), texts through the model and model calls, Python
function calls (cProfile, a few extra calls). Counts do not move with the machine's load; CPU does.

Chat is also measured with the per-entry sentence vectors dropped before every call ("cold": what
every chat cost before they were kept), alternating with the kept ones in the same process: the
CPU ratio is the figure to read.

`python -m tests.benchmarks bench_heavy_requests`; `HEAVY_PROFILE=dir` also writes a CPU-time cProfile
of each kind to that folder (`dir/search.prof`, ...).
"""

from __future__ import annotations

import cProfile
import os
import pstats
import random
import statistics
import tempfile
import time
from pathlib import Path

from tests.benchmarks.bench_read_path import PING, StatementCounter, _postgres_cpu, build_app, database
from tests.benchmarks.bench_read_path import sign_up_and_write as _sign_up_and_write

ENTRIES = 20
WARMUP = 5
RUNS = {"search": 120, "chat": 60, "edit": 24, "write": 24}
CALL_COUNT_RUNS = 4
ROUNDS = 3  # chat kept / cold alternate this many times


class _Counts:
    """Statements on both engines, and the model's calls and texts."""

    def __init__(self, app_engine) -> None:
        import sqlalchemy as sa

        from pipelines import db
        from pipelines.embeddings import get_model

        self.app = StatementCounter(app_engine)
        self.pipelines = 0
        sa.event.listen(db._engine, "before_cursor_execute", self._pipeline_statement)
        self.model = get_model()
        original = self.model.encode
        self.calls = self.texts = 0

        def counted(texts, *args, **kwargs):
            self.calls += 1
            self.texts += len(texts)
            return original(texts, *args, **kwargs)

        self.model.encode = counted

    def _pipeline_statement(self, *_args, **_kwargs) -> None:
        self.pipelines += 1

    def reset(self) -> None:
        self.app.reset()
        self.pipelines = self.calls = self.texts = 0

    @property
    def statements(self) -> int:
        return self.app.statements + self.pipelines


def _analyse(entry_id: str) -> None:
    """The highlight-extraction step as the inline runner runs it for one entry."""
    from pipelines.analysis import analyse_entry
    from pipelines.flows.highlight_extraction import embedded_ahead

    with embedded_ahead([entry_id]):
        assert analyse_entry(entry_id).status == "done"


def _varied(count: int, seed: int) -> tuple[list[str], list[str]]:
    """Searches and questions that never repeat: words and sentences from a corpus the journal's
    entries are not written from."""
    from tests.benchmarks.corpus import journal_entries

    rng = random.Random(seed)
    sentences = [s.strip() for text in journal_entries(count, seed=seed + 1) for s in text.split(".") if
                 len(s.split()) >= 4]
    rng.shuffle(sentences)
    searches = [" ".join(s.split()[:rng.randint(2, 5)]) for s in sentences[:count]]
    questions = [f"What did I write about {' '.join(s.split()[-rng.randint(2, 4):])}?" for s in sentences[count:2 * count]]
    return searches, questions


async def _measure(name: str, call, counts: _Counts, pid: int, runs: int) -> dict[str, float]:
    for i in range(WARMUP):
        await call(i)
    counts.reset()
    pg_before, cpu_before = _postgres_cpu(pid), time.process_time()
    for i in range(runs):
        await call(WARMUP + i)
    cpu = time.process_time() - cpu_before
    pg = _postgres_cpu(pid) - pg_before
    row = {"app_cpu_ms": cpu / runs * 1e3, "pg_cpu_ms": pg / runs * 1e3, "statements": counts.statements / runs,
           "texts": counts.texts / runs, "model_calls": counts.calls / runs}
    profiler = cProfile.Profile()
    profiler.enable()
    for i in range(CALL_COUNT_RUNS):
        await call(WARMUP + runs + i)
    profiler.disable()
    row["calls"] = pstats.Stats(profiler).total_calls / CALL_COUNT_RUNS  # type: ignore[attr-defined]
    profile_to = os.environ.get("HEAVY_PROFILE")
    if profile_to:  # a CPU-time cProfile of more calls of this kind, to HEAVY_PROFILE/<name>.prof
        profiler = cProfile.Profile(time.process_time)
        profiler.enable()
        for i in range(runs // 2):
            await call(WARMUP + runs + CALL_COUNT_RUNS + i)
        profiler.disable()
        Path(profile_to).mkdir(parents=True, exist_ok=True)
        profiler.dump_stats(Path(profile_to) / f"{name}.prof")
    return row


async def _measure_all(tmp: Path, url: str, pid: int) -> tuple[dict[str, dict[str, float]], dict[str, list[float]]]:
    import httpx

    from api.security import rate_limit
    from pipelines.embeddings import set_model_threads
    from pipelines.providers import local_provider
    from tests.load.inputs import QUESTIONS, SEARCHES
    from tests.load.inputs import TEXTS as _texts
    from tests.support.app import APP_HEADERS

    set_model_threads(1)  # as MODEL_THREADS=1 has it in the app
    # One person sending hundreds of chats and writes a minute: the per-user write limits are lifted
    # for the benchmark (the load test's journalers stay well under them).
    rate_limit.USER_WRITE_LIMIT = rate_limit.Limit(10**9, 60)
    rate_limit.USER_ROUTE_LIMITS = {}
    app, settings = build_app(tmp, url)
    rng = random.Random(7)
    varied_searches, varied_questions = _varied(400, seed=41)
    async with app.lifespan(), httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                                 base_url="http://localhost", headers=APP_HEADERS) as client:
        await _sign_up_and_write(client, settings.data_dir / "outbox")
        counts = _Counts(app.state.db_config.get_engine())
        listed = (await client.get("/api/journal")).json()
        ids = [entry["id"] for entry in listed[:20]]

        async def ping(_i: int) -> None:
            assert (await client.get(PING)).status_code == 200

        async def search(i: int) -> None:
            response = await client.get("/api/journal/search", params={"q": SEARCHES[i % len(SEARCHES)]})
            assert response.status_code == 200, response.text

        async def search_varied(i: int) -> None:
            response = await client.get("/api/journal/search", params={"q": varied_searches[i]})
            assert response.status_code == 200, response.text

        async def chat(i: int) -> None:
            response = await client.post(f"/api/journal/{rng.choice(ids)}/chat",
                                         json={"message": QUESTIONS[i % len(QUESTIONS)]})
            assert response.status_code == 200, response.text

        async def chat_varied(i: int) -> None:
            response = await client.post(f"/api/journal/{rng.choice(ids)}/chat", json={"message": varied_questions[i]})
            assert response.status_code == 200, response.text

        async def chat_cold(i: int) -> None:
            getattr(local_provider, "forget_sentence_vectors", lambda: None)()
            await chat(i)

        async def edit(_i: int) -> None:
            entry_id = rng.choice(ids)
            response = await client.patch(f"/api/journal/{entry_id}", json={"content": rng.choice(_texts)})
            assert response.status_code == 200, response.text
            _analyse(entry_id)

        async def write(_i: int) -> None:
            response = await client.post("/api/journal", json={"content": rng.choice(_texts)})
            assert response.status_code == 201, response.text
            _analyse(response.json()["id"])

        rows = {"do-nothing handler (signed in)": await _measure("ping", ping, counts, pid, RUNS["search"]),
                "search (the load test's 10)": await _measure("search", search, counts, pid, RUNS["search"]),
                "search (never repeated)": await _measure("search-varied", search_varied, counts, pid, RUNS["search"])}
        # Chat: the sentence vectors kept (the app) and dropped before each call, alternating.
        chats: dict[str, list[dict[str, float]]] = {"chat (the load test's 3)": [], "chat, vectors dropped": []}
        for _ in range(ROUNDS):
            chats["chat (the load test's 3)"].append(await _measure("chat", chat, counts, pid, RUNS["chat"] // ROUNDS))
            chats["chat, vectors dropped"].append(await _measure("chat-cold", chat_cold, counts, pid, RUNS["chat"] // ROUNDS))
        for name, measured in chats.items():
            rows[name] = {key: statistics.median(m[key] for m in measured) for key in measured[0]}
        rows["chat (never repeated)"] = await _measure("chat-varied", chat_varied, counts, pid, RUNS["chat"])
        ratios = {"chat kept / dropped": [k["app_cpu_ms"] / c["app_cpu_ms"] for k, c in
                                          zip(chats["chat (the load test's 3)"], chats["chat, vectors dropped"],
                                              strict=True)]}
        rows["edit + its analysis"] = await _measure("edit", edit, counts, pid, RUNS["edit"])
        rows["write + its analysis"] = await _measure("write", write, counts, pid, RUNS["write"])
    return rows, ratios


def run() -> dict[str, float]:
    import asyncio

    with tempfile.TemporaryDirectory(prefix="reverie-bench-heavy-") as tmp:
        url, pid, server = database(Path(tmp))
        try:
            rows, ratios = asyncio.run(_measure_all(Path(tmp), url, pid))
        finally:
            server.cleanup()
    base = rows["do-nothing handler (signed in)"]
    print(f"\n## CPU per heavy request ({ENTRIES} analysed entries, in process, one model thread; "
          "a write or edit includes its analysis, not Prefect's bookkeeping: see bench_analysis_flow)")
    print(f"{'':32} {'app CPU':>9} {'PG CPU':>8} {'statements':>11} {'texts':>6} {'model calls':>12} "
          f"{'py calls':>9} {'app CPU / base':>15}")
    for name, row in rows.items():
        print(f"{name:32} {row['app_cpu_ms']:>7.2f}ms {row['pg_cpu_ms']:>6.2f}ms {row['statements']:>11.2f} "
              f"{row['texts']:>6.2f} {row['model_calls']:>12.2f} {row['calls']:>9.0f} "
              f"{row['app_cpu_ms'] / base['app_cpu_ms']:>14.2f}x")
    for name, values in ratios.items():
        print(f"ratio {name} (app CPU, {len(values)} alternating rounds): "
              f"{', '.join(f'{v:.2f}x' for v in values)}; median {statistics.median(values):.2f}x")
    chat, search = rows["chat (the load test's 3)"], rows["search (the load test's 10)"]
    return {"heavy_chat_texts": chat["texts"], "heavy_chat_varied_texts": rows["chat (never repeated)"]["texts"],
            "heavy_search_texts": search["texts"], "heavy_search_statements": search["statements"],
            "heavy_chat_statements": chat["statements"],
            "heavy_write_texts": rows["write + its analysis"]["texts"],
            "heavy_chat_kept_ratio": statistics.median(ratios["chat kept / dropped"])}
