"""A 1,000-entry import analysed end to end: entries analysed per CPU-second and per wall-second.

What an import does after its request, on the app's real path: the entries' texts are embedded in
batches and written (pending, their vectors stored, as the import writes them), each is handed to
the pipeline runner (`PipelineRunner`, inline mode, `PIPELINES_WORKERS` = 2 workers, Prefect's API
server started as the app starts it), and the runner analyses the backlog and then rebuilds the
user's story and patterns. Timed from the first embedding until every entry is analysed and the
runner is idle (follow-ups included). CPU is user + system time of the app's process, Prefect's API
server and PostgreSQL (postmaster and backends), all of the server's CPU on this machine.

The entries: the journal corpus' dev split, the first 1,000 in file order (several writers; 40 to
400 words), one a day. Two ways, each in a child process of its own (the embedding model is
loaded once per process):

- **fp32** (the app's default): the float graph;
- **int8**: the embedding model's int8 graph (`REVERIE_EMBEDDING_PRECISION=int8`).

Printed too: the CPU per entry of each process, and the flow runs by flow. `BENCH_IMPORT_PROFILE=file`
writes where the app's threads were (sampled 100 times a second) in the first way.
Budgets (budgets.toml [import]): the app's default way, entries analysed per CPU-second and per
wall-second.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ENTRIES = 1_000
CORPUS = Path(__file__).resolve().parents[2] / "pipelines" / "data" / "journal_corpus" / "dev.jsonl"
TIMEOUT_SECONDS = 3_000


def _child() -> dict:
    import logging
    import tempfile
    import time
    import uuid
    from datetime import date, timedelta

    tmp = Path(tempfile.mkdtemp(prefix="reverie-bench-import-"))
    from pipelines import configure_prefect

    configure_prefect(tmp)
    os.environ.pop("WEB_CONCURRENCY", None)
    import httpx
    import pgserver
    import psutil
    import sqlalchemy as sa
    from prefect.server.api.server import SubprocessASGIServer

    from tests.benchmarks.harness import migrated_database

    api_server = SubprocessASGIServer()
    api_server.start(timeout=180)
    os.environ["PREFECT_API_URL"] = api_server.api_url
    logging.getLogger("pgserver").propagate = False

    from models import JournalEntry, User
    from pipelines import db
    from pipelines.embeddings import embed, get_model, precision, set_model_threads
    from pipelines.runtime import PipelineRunner

    set_model_threads(1)
    get_model()
    me = psutil.Process()
    prefect_api = next(p for p in me.children(recursive=True) if "uvicorn" in " ".join(p.cmdline()))
    rows = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()][:ENTRIES]
    database = pgserver.get_server(tmp / "pgdata", cleanup_mode="delete")
    runner = None

    def postgres() -> list[psutil.Process]:
        postmaster = psutil.Process(int((tmp / "pgdata" / "postmaster.pid").read_text().split()[0]))
        return [postmaster, *postmaster.children(recursive=True)]

    def cpu_of(processes) -> float:
        total = 0.0
        for process in processes:
            try:
                times = process.cpu_times()
                total += times.user + times.system
            except psutil.NoSuchProcess:
                pass
        return total

    def cpu() -> dict[str, float]:
        return {"app": cpu_of([me]), "prefect": cpu_of([prefect_api]), "postgres": cpu_of(postgres())}

    try:
        url = migrated_database(database.get_uri(), "bench_import")
        db.configure(url)
        runner = PipelineRunner(mode="inline", workers=2)
        runner.start()
        assert runner.wait_until_ready(timeout=180), runner.status()
        with db.session() as s:
            user = User(username=f"u{uuid.uuid4().hex[:10]}", email=f"{uuid.uuid4().hex[:10]}@bench.example",
                        password_hash="x", is_verified=True, agreed_to_terms=True)
            s.add(user)
            s.commit()
            user_id = str(user.id)
        time.sleep(2)
        first = date.today() - timedelta(days=ENTRIES)
        sampler = _Sampler() if os.environ.get("BENCH_IMPORT_PROFILE") else None
        cpu0, wall0 = cpu(), time.perf_counter()
        ids: list[str] = []
        for start in range(0, ENTRIES, 200):  # as the import writes them: embedded in batches, pending
            part = rows[start:start + 200]
            vectors = embed([row["text"] for row in part])
            with db.session() as s:
                entries = [JournalEntry(user_id=uuid.UUID(user_id), content=row["text"],
                                        entry_date=first + timedelta(days=start + i), embedding=vector.tolist())
                           for i, (row, vector) in enumerate(zip(part, vectors, strict=True))]
                s.add_all(entries)
                s.commit()
                ids += [str(e.id) for e in entries]
            for entry_id in ids[-len(part):]:
                runner.submit("highlight-extraction", entry_id=entry_id, owner=user_id)
        analysed_at = None
        deadline = time.monotonic() + TIMEOUT_SECONDS
        while time.monotonic() < deadline:
            time.sleep(1.0)
            if analysed_at is None:
                with db.session() as s:
                    done = s.scalar(sa.select(sa.func.count()).where(
                        JournalEntry.user_id == uuid.UUID(user_id), JournalEntry.analysis_state == "done")) or 0
                if done >= ENTRIES:
                    analysed_at = time.perf_counter() - wall0
            queue = runner.queue()
            if analysed_at is not None and not queue["depth"] and not queue["running"]:
                break
        else:
            raise RuntimeError(f"the import was not analysed within {TIMEOUT_SECONDS}s: {runner.status()}")
        seconds, cpu1 = time.perf_counter() - wall0, cpu()
        split = {name: cpu1[name] - cpu0[name] for name in cpu1}
        if sampler is not None:
            sampler.write(Path(os.environ["BENCH_IMPORT_PROFILE"]))
        # Prefect's own count of its flow runs, by flow and final state (the runner keeps only
        # its newest finished runs in memory).
        flows: dict[str, dict[str, int]] = {}
        for flow_name in ("highlight-extraction", "profile-regeneration", "pattern-clustering"):
            for state in ("COMPLETED", "FAILED", "CRASHED"):
                count = httpx.post(f"{api_server.api_url}/flow_runs/count", timeout=30, json={
                    "flows": {"name": {"any_": [flow_name]}},
                    "flow_runs": {"state": {"type": {"any_": [state]}}}}).json()
                if count:
                    flows.setdefault(flow_name, {})[state.lower()] = count
        failed = [f"{run.flow}: {(run.error or '')[:300]}" for run in list(runner._runs.values())
                  if run.state == "failed"]
        return {"precision": precision(), "entries": ENTRIES, "cpu_s": sum(split.values()), "cpu_split": split,
                "wall_s": seconds, "analysed_s": analysed_at, "flows": flows, "failed": failed[:5]}
    finally:
        if runner is not None:
            runner.shutdown()
        database.cleanup()
        api_server.stop()


class _Sampler:
    """Where the app process' threads are, 100 times a second (`BENCH_IMPORT_PROFILE=file`: each
    function's share of the samples, on its own and with what it calls)."""

    def __init__(self) -> None:
        import threading
        from collections import Counter

        self.own: Counter[str] = Counter()
        self.within: Counter[str] = Counter()
        self.samples = 0
        self._stop = threading.Event()
        self._me = threading.get_ident()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(0.01):
            for ident, frame in sys._current_frames().items():
                if ident in (self._me, self._thread.ident):
                    continue
                names = []
                while frame is not None:
                    names.append(f"{frame.f_code.co_filename.split('site-packages/')[-1].replace('/work/main/', '')}"
                                 f":{frame.f_code.co_name}")
                    frame = frame.f_back
                if not names or names[0].endswith((":wait", ":_wait_for_tstate_lock", ":select", ":sleep")):
                    continue
                self.samples += 1
                self.own[names[0]] += 1
                for name in set(names):
                    self.within[name] += 1

    def write(self, path: Path) -> None:
        self._stop.set()
        self._thread.join()
        lines = [f"{self.samples} samples of busy threads", "", "with what it calls:"]
        lines += [f"{n / self.samples:7.1%}  {name}" for name, n in self.within.most_common(80)]
        lines += ["", "on its own:"] + [f"{n / self.samples:7.1%}  {name}" for name, n in self.own.most_common(40)]
        path.write_text("\n".join(lines) + "\n")


def _way(precision: str, *, profile: bool) -> dict:
    env = {**os.environ, "REVERIE_EMBEDDING_PRECISION": precision}
    if not profile:
        env.pop("BENCH_IMPORT_PROFILE", None)
    done = subprocess.run([sys.executable, "-m", "tests.benchmarks.bench_import_analysis", "--child"], check=False,
                          capture_output=True, text=True, timeout=TIMEOUT_SECONDS + 600, env=env)
    if done.returncode != 0:
        print(done.stderr[-3000:], file=sys.stderr)
        raise RuntimeError("bench_import_analysis' child failed")
    return json.loads(done.stdout.strip().splitlines()[-1])


def run() -> dict[str, float]:
    ways = {"fp32 (the app's)": _way("fp32", profile=True), "int8": _way("int8", profile=False)}
    print(f"\n## A {ENTRIES:,}-entry import analysed, follow-ups included (server CPU: app + Prefect API + PostgreSQL)")
    print(f"{'':18} {'CPU s':>8} {'wall s':>8} {'analysed at':>12} {'CPU ms/entry':>13} {'entries/CPU-s':>14} "
          f"{'entries/wall-s':>15}")
    for name, f in ways.items():
        if f["failed"]:
            print(f"{name}: failed runs: {f['failed']}")
        print(f"{name:18} {f['cpu_s']:>8.1f} {f['wall_s']:>8.1f} {f['analysed_s']:>11.1f}s "
              f"{f['cpu_s'] / f['entries'] * 1e3:>13.1f} {f['entries'] / f['cpu_s']:>14.2f} "
              f"{f['entries'] / f['wall_s']:>15.2f}")
    for name, f in ways.items():
        split = ", ".join(f"{k} {v / f['entries'] * 1e3:.1f}" for k, v in f["cpu_split"].items())
        batches = f["flows"].get("highlight-extraction", {}).get("completed", 0)
        per_run = f"{f['entries'] / batches:.1f}" if batches else "-"
        print(f"{name}: CPU ms per entry by process: {split}; Prefect flow runs: {f['flows']} "
              f"({per_run} entries an analysis flow run)")
    app, int8 = ways["fp32 (the app's)"], ways["int8"]
    print(f"int8 / fp32: CPU per entry {int8['cpu_s'] / app['cpu_s']:.2f}x, wall {int8['wall_s'] / app['wall_s']:.2f}x")
    return {"import_entries_per_cpu_s": app["entries"] / app["cpu_s"],
            "import_entries_per_wall_s": app["entries"] / app["wall_s"]}


if __name__ == "__main__" and sys.argv[1:] == ["--child"]:
    print(json.dumps(_child()))
