"""Prefect's bookkeeping per analysis in inline mode: the app's CPU and Prefect's API server's CPU
per analysed entry, and the calls to Prefect's API, with the analysis itself (the plain function,
no Prefect) as the baseline measured in the same process.

- **plain**: `analyse_entry`, no Prefect;
- **a flow run each**: one highlight-extraction flow run per entry (a quiet server: each save is
  analysed at once);
- **one flow run of 8**: the inline runner's full batch (a backlog);
- **12 people, through the runner**: analyses queued by 12 owners 100 ms apart, as under load,
  through `PipelineRunner` (one worker): it gathers them into shared flow runs (`GATHER_SECONDS`).

Each entry is the only entry of a user of its own (no personal story or patterns are due: those are
flows of their own). It runs in a child process of its own, with Prefect's API server started as the
app starts it (`SubprocessASGIServer`) on a throwaway PREFECT_HOME, so nothing else of the
benchmarks' process sees Prefect's settings. CPU is user + system time of this process and of the
API server's (psutil), idle time included (the API server's idle CPU is printed).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

ENTRIES = 8  # per way and pass
PEOPLE = 12
PASSES = 2


def _child() -> dict:
    import collections
    import logging
    import statistics
    import tempfile
    import time
    from pathlib import Path

    tmp = tempfile.mkdtemp(prefix="reverie-bench-flow-")
    from pipelines import configure_prefect

    configure_prefect(Path(tmp))
    os.environ.pop("WEB_CONCURRENCY", None)
    import httpx
    import pgserver
    import psutil
    from prefect.events.clients import PrefectEventsClient
    from prefect.server.api.server import SubprocessASGIServer

    from tests.benchmarks.harness import migrated_database

    http: collections.Counter[str] = collections.Counter()
    events: collections.Counter[str] = collections.Counter()
    send = httpx.Client.send

    def counted_send(self, request, *args, **kwargs):
        parts = request.url.path.split("/")
        http[f"{request.method} /{parts[2] if len(parts) > 2 else ''}"] += 1
        return send(self, request, *args, **kwargs)

    httpx.Client.send = counted_send
    emit = PrefectEventsClient._emit

    async def counted_emit(self, event):
        events[event.event] += 1
        return await emit(self, event)

    PrefectEventsClient._emit = counted_emit
    api_server = SubprocessASGIServer()
    api_server.start(timeout=180)
    os.environ["PREFECT_API_URL"] = api_server.api_url
    logging.getLogger("pgserver").propagate = False

    from pipelines import db
    from pipelines.embeddings import set_model_threads
    from pipelines.flows import load_flow
    from pipelines.runtime import PipelineRunner
    from tests.benchmarks.bench_analysis_batch import _one_by_one, _user_with_entries
    from tests.benchmarks.corpus import journal_entries

    set_model_threads(1)
    me = psutil.Process()
    prefect_api = next(p for p in me.children(recursive=True) if "uvicorn" in " ".join(p.cmdline()))

    def cpu(process) -> float:
        times = process.cpu_times()
        return times.user + times.system

    texts = iter(journal_entries(400, seed=23))
    database = pgserver.get_server(Path(tmp) / "pgdata", cleanup_mode="delete")
    runner = old_runner = None
    try:
        url = migrated_database(database.get_uri(), "bench_flow")
        db.configure(url)
        flow = load_flow("highlight-extraction")
        runner = PipelineRunner(mode="inline", workers=1)
        runner.start()
        assert runner.wait_until_ready(timeout=180), runner.status()

        def fresh(count: int) -> list[str]:
            return [_user_with_entries([next(texts)], imported=False)[0] for _ in range(count)]

        def flow_runs(ids: list[str], size: int) -> None:
            from prefect.settings import PREFECT_FLOWS_HEARTBEAT_FREQUENCY, temporary_settings

            with temporary_settings(updates={PREFECT_FLOWS_HEARTBEAT_FREQUENCY: None}):  # as the runner runs them
                for start in range(0, len(ids), size):
                    state = flow(entry_ids=ids[start:start + size], return_state=True)
                    assert state.is_completed(), state

        flow_ids: set[str] = set()

        def through_runner(ids: list[str], runner: PipelineRunner = runner) -> None:
            runs = []
            for i, entry_id in enumerate(ids):
                runs.append(runner.submit("highlight-extraction", entry_id=entry_id, owner=f"person{i}"))
                time.sleep(0.1)
            for run in runs:
                assert runner.wait(run.id, timeout=300).state == "completed", run.error
            flow_ids.update(run.prefect_flow_run_id for run in runs)

        # The same, as the runner ran flows before it kept a Prefect client per worker thread and
        # gave the flows their result settings (a client built per flow run, with its TLS context
        # and CSRF token, and the server asked for its result storage twice): a runner of its own,
        # whose threads never get a client, with the runner's two helpers put back as they were.
        from pipelines import runtime

        old_runner = PipelineRunner(mode="inline", workers=1)
        old_runner.start()
        assert old_runner.wait_until_ready(timeout=180), old_runner.status()

        def through_old_runner(ids: list[str]) -> None:
            helpers = runtime.prefect_client_for_this_thread, runtime.inline_flow
            runtime.prefect_client_for_this_thread, runtime.inline_flow = (lambda: None), load_flow
            try:
                through_runner(ids, old_runner)
            finally:
                runtime.prefect_client_for_this_thread, runtime.inline_flow = helpers

        ways = {
            "plain": (ENTRIES, _one_by_one),
            "a flow run each": (ENTRIES, lambda ids: flow_runs(ids, 1)),
            "one flow run of 8": (ENTRIES, lambda ids: flow_runs(ids, 8)),
            f"{PEOPLE} people, through the runner": (PEOPLE, through_runner),
            f"{PEOPLE} people, runner before": (PEOPLE, through_old_runner),
        }
        flow_runs(fresh(2), 1)  # warm-up
        _one_by_one(fresh(2))
        time.sleep(1)
        started = cpu(prefect_api)
        time.sleep(2)
        idle = (cpu(prefect_api) - started) / 2
        figures: dict[str, dict[str, list[float]]] = {w: collections.defaultdict(list) for w in ways}
        for _ in range(PASSES):
            for way, (count, analyse) in ways.items():
                ids = fresh(count)
                http.clear()
                events.clear()
                flow_ids.clear()
                time.sleep(0.5)
                app0, api0 = cpu(me), cpu(prefect_api)
                analyse(ids)
                time.sleep(1.0)  # the API server finishes the events it was sent
                f = figures[way]
                f["app"].append((cpu(me) - app0) / count * 1e3)
                f["api"].append((cpu(prefect_api) - api0) / count * 1e3)
                f["http"].append(sum(http.values()) / count)
                f["events"].append(sum(events.values()) / count)
                if flow_ids:
                    f["flow runs"].append(len(flow_ids) / count)
        out = {way: {k: statistics.median(v) for k, v in f.items()} for way, f in figures.items()}
        out["_idle_api_ms_per_s"] = idle * 1e3
        out["_http_kinds"] = dict(http)
        return out
    finally:
        for each in (runner, old_runner):
            if each is not None:
                each.shutdown()
        database.cleanup()
        api_server.stop()


def run() -> dict[str, float]:
    done = subprocess.run([sys.executable, "-m", "tests.benchmarks.bench_analysis_flow", "--child"], check=False,
                          capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        print(done.stderr[-3000:], file=sys.stderr)
        raise RuntimeError("bench_analysis_flow's child failed")
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    idle = figures.pop("_idle_api_ms_per_s")
    kinds = figures.pop("_http_kinds")
    plain = figures["plain"]["app"]
    print(f"\n## Prefect's bookkeeping per analysed entry, inline ({ENTRIES} entries a way, {PASSES} passes, "
          "one model thread)")
    print(f"{'':30} {'app CPU':>9} {'API CPU':>9} {'over plain':>11} {'HTTP calls':>11} {'events':>7} "
          f"{'flow runs':>10}")
    for way, f in figures.items():
        over = f["app"] + f["api"] - plain
        runs = f.get("flow runs")
        flows = "" if runs is None else f"{runs:>10.2f}"
        print(f"{way:30} {f['app']:>7.1f}ms {f['api']:>7.1f}ms {over:>9.1f}ms {f['http']:>11.2f} "
              f"{f['events']:>7.2f} {flows}")
    print(f"(per entry; Prefect's API server idles at {idle:.1f} ms of CPU a second, included above; "
          f"the last pass's calls: {', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))})")
    each = figures["a flow run each"]
    gathered = figures[f"{PEOPLE} people, through the runner"]
    before = figures[f"{PEOPLE} people, runner before"]
    print(f"runner now / before (same process): app CPU {gathered['app'] / before['app']:.2f}x, API server CPU "
          f"{gathered['api'] / before['api']:.2f}x, Prefect's share over plain "
          f"{(gathered['app'] + gathered['api'] - plain) / (before['app'] + before['api'] - plain):.2f}x, "
          f"HTTP calls {gathered['http']:.2f} vs {before['http']:.2f} per entry")
    return {"analysis_prefect_ms_each": each["app"] + each["api"] - plain,
            "analysis_prefect_ms_gathered": gathered["app"] + gathered["api"] - plain}


if __name__ == "__main__" and sys.argv[1:] == ["--child"]:
    print(json.dumps(_child()))
