"""The load test: `python -m tests.load --users 50 --duration 60s` (`make load` runs it).

1. Starts Reverie the way the README does (`python -m api`, embedded PostgreSQL, inline
   pipelines) on a fresh data dir, on loopback, as `--processes` app processes (WEB_CONCURRENCY,
   default 2), or uses `--url` for one already running (then `--data-dir` must name its data dir,
   whose outbox holds the verification codes).
2. Makes the journalers' accounts through the API (register, the code from the outbox, verify,
   agree) and gives each a few entries, then waits until their analyses are done.
3. Runs the locust scenario in tests/load/locustfile.py headless, in a process of its own.
4. Prints requests/s, p50/p95/p99 per endpoint and the failures, and writes the same figures
   as JSON (`--output`, default .data/load/latest.json), with the server's CPU time per request:
   user + system CPU of every process of the server it started (the app processes, the embedded
   PostgreSQL and its backends, Prefect's API server), from just before locust starts to just
   after it ends, divided by the requests locust sent in that time (ramp-up included). The
   server's background work (the analyses the writes start) is part of what a request costs.
5. With `--profile DIR`, py-spy records the app processes while locust runs, and the summary and
   the JSON (`app_profile`) give the shares of their samples by area (tests/load/profile.py).

Exit status: 0 when no request failed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

import httpx
import psutil

from tests.benchmarks.corpus import journal_entries
from tests.e2e.server import REPO, ServerProcess
from tests.support.accounts import PASSWORD, make_user
from tests.support.app import APP_HEADERS

DEFAULT_OUTPUT = REPO / ".data" / "load" / "latest.json"
# A PostgreSQL backend sends its statistics within 10 s of going idle (PGSTAT_IDLE_INTERVAL).
PG_STATS_FLUSH_SECONDS = 11


def parse_duration(text: str) -> int:
    units = {"s": 1, "m": 60, "h": 3600}
    text = text.strip().lower()
    if text[-1:] in units:
        return int(float(text[:-1]) * units[text[-1]])
    return int(text)


def make_accounts(url: str, outbox: Path, count: int, entries_each: int) -> list[dict]:
    """Accounts made as people make them, each from its own client address, with some entries."""
    texts = journal_entries(count * entries_each, seed=7)

    def make(index: int) -> dict:
        address = f"10.{index // 250}.{index % 250}.{1 + index % 200}"
        username = f"journaler{index}"
        email = f"{username}@load.example"
        headers = {**APP_HEADERS, "X-Forwarded-For": address}
        with httpx.Client(base_url=url, headers=headers, timeout=60) as api:
            make_user(api, outbox, username, email)
            for text in texts[index * entries_each:(index + 1) * entries_each]:
                api.post("/api/journal", json={"content": text}).raise_for_status()
            wait_for_own_analyses(api, timeout=300)
        return {"username": username, "password": PASSWORD, "address": address}

    with ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(make, range(count)))


def wait_for_own_analyses(api: httpx.Client, timeout: float) -> None:
    """Until the signed-in account's entries are analysed (health tells strangers no run counts)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        entries = api.get("/api/journal").json()
        if all(entry["analysis"]["state"] in ("done", "failed") for entry in entries):
            return
        time.sleep(0.5)
    print(f"warning: analyses still pending after {timeout:.0f}s; starting anyway", file=sys.stderr)


def run_locust(url: str, accounts_file: Path, users: int, spawn_rate: float, seconds: int, csv_prefix: Path,
               extra: list[str] = ()) -> int:
    env = {**os.environ, "LOAD_ACCOUNTS": str(accounts_file)}
    command = [
        sys.executable, "-m", "locust", "-f", str(Path(__file__).with_name("locustfile.py")),
        "--headless", "--host", url, "--users", str(users), "--spawn-rate", str(spawn_rate),
        "--run-time", f"{seconds}s", "--csv", str(csv_prefix), "--csv-full-history", "--only-summary",
        "--reset-stats", "--loglevel", "WARNING", "--stop-timeout", "10", *extra,
    ]
    return subprocess.run(command, check=False, cwd=REPO, env=env).returncode


# -- the server's CPU ------------------------------------------------------------------------
def _kind(process: psutil.Process, postgres: set[int]) -> str:
    """postgres, prefect (Prefect's API server and any process it started) or app."""
    if process.pid in postgres:
        return "postgres"
    try:
        for each in (process, *process.parents()):
            if "prefect.server" in " ".join(each.cmdline()):
                return "prefect"
    except psutil.Error:
        pass
    return "app"


def cpu_snapshot(server: ServerProcess) -> dict[int, tuple[str, float]]:
    """pid -> (kind, CPU seconds) of every process of the server. A process's reaped children
    count too (PostgreSQL's backends that ended, a worker that was replaced)."""
    processes = server.processes()
    postgres: set[int] = set()
    pid_file = server.data_dir / "pgdata" / "postmaster.pid"
    try:
        postmaster = psutil.Process(int(pid_file.read_text().split()[0]))
        postgres = {postmaster.pid, *(child.pid for child in postmaster.children(recursive=True))}
    except (OSError, ValueError, IndexError, psutil.Error):
        pass
    seen = {}
    for process in processes:
        try:
            times = process.cpu_times()
        except psutil.Error:
            continue
        seen[process.pid] = (_kind(process, postgres),
                             times.user + times.system + times.children_user + times.children_system)
    return seen


def cpu_used(before: dict[int, tuple[str, float]], after: dict[int, tuple[str, float]]) -> dict:
    """CPU seconds between two snapshots, in total, by kind, and per app process."""
    by_kind: dict[str, float] = {}
    app: list[dict] = []
    for pid, (kind, seconds) in after.items():
        used = max(0.0, seconds - before.get(pid, (kind, 0.0))[1])
        by_kind[kind] = by_kind.get(kind, 0.0) + used
        if kind == "app":
            app.append({"pid": pid, "cpu_s": round(used, 2)})
    return {"total_s": round(sum(by_kind.values()), 2),
            "by_kind_s": {kind: round(value, 2) for kind, value in sorted(by_kind.items())},
            "app_processes": sorted(app, key=lambda p: -p["cpu_s"])}


def postgres_activity(data_dir: Path) -> dict[str, int] | None:
    """PostgreSQL's own counters for the app's database (pg_stat_database): sessions opened (a
    new connection is a new backend process), transactions, rows returned. Counts, so unlike CPU
    time they do not move with the machine's load; None when the server cannot be reached."""
    import psycopg

    try:
        lines = (data_dir / "pgdata" / "postmaster.pid").read_text().splitlines()
        port, socket_dir = lines[3].strip(), lines[4].strip()
        with psycopg.connect(host=socket_dir, port=port, user="postgres", dbname="postgres", autocommit=True,
                             connect_timeout=10) as conn:
            conn.execute("SELECT pg_stat_force_next_flush()")
            row = conn.execute("SELECT sessions, xact_commit + xact_rollback, tup_returned + tup_fetched "
                               "FROM pg_stat_database WHERE datname = current_database()").fetchone()
    except (OSError, IndexError, psycopg.Error):
        return None
    # This connection is one of the sessions: the difference of two readings counts it once.
    return {"sessions": int(row[0]), "transactions": int(row[1]), "rows_read": int(row[2])}


def requests_sent(csv_prefix: Path) -> int | None:
    """Every request locust sent, ramp-up included: the stats were reset once all users ran, so
    the count before the reset is added to the final one (from the full history)."""
    path = Path(f"{csv_prefix}_stats_history.csv")
    if not path.exists():
        return None
    total, previous = 0, 0
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            if row.get("Name") != "Aggregated":
                continue
            count = int(float(row["Total Request Count"]))
            if count < previous:  # the reset
                total += previous
            previous = count
    return total + previous


def _ms(text: str) -> float | None:
    """A latency from locust's CSV; None where it has none (N/A: no request in the measured time)."""
    try:
        return round(float(text), 1)
    except ValueError:
        return None


def read_figures(csv_prefix: Path) -> dict:
    endpoints, total = [], None
    with open(f"{csv_prefix}_stats.csv", newline="") as handle:
        for row in csv.DictReader(handle):
            figures = {
                "name": row["Name"] if row["Type"] in row["Name"] else f"{row['Type']} {row['Name']}",
                "requests": int(row["Request Count"]),
                "failures": int(row["Failure Count"]),
                "rps": round(float(row["Requests/s"]), 1),
                "p50_ms": _ms(row["50%"]),
                "p95_ms": _ms(row["95%"]),
                "p99_ms": _ms(row["99%"]),
                "max_ms": _ms(row["Max Response Time"]),
            }
            if row["Name"] == "Aggregated":
                total = {**figures, "name": "all requests"}
            else:
                endpoints.append(figures)
    failures = []
    with open(f"{csv_prefix}_failures.csv", newline="") as handle:
        for row in csv.DictReader(handle):
            failures.append({"name": row["Name"], "error": row["Error"], "occurrences": int(row["Occurrences"])})
    return {"total": total, "endpoints": endpoints, "failures": failures}


def print_figures(result: dict) -> None:
    print(f"\nReverie load test: {result['users']} journalers for {result['duration_s']} s "
          f"on {result['machine']['cores']} cores ({result['url']}, {result.get('processes') or '?'} app processes)")
    print(f"{'endpoint':<34} {'requests':>8} {'fail':>5} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7}")
    for row in [*result["endpoints"], result["total"]]:
        latencies = " ".join(f"{'-' if row[k] is None else format(row[k], '.0f'):>7}" for k in ("p50_ms", "p95_ms", "p99_ms"))
        print(f"{row['name']:<34} {row['requests']:>8} {row['failures']:>5} {row['rps']:>7.1f} {latencies}")
    cpu = result.get("server_cpu")
    if cpu:
        kinds = ", ".join(f"{kind} {seconds:.1f}" for kind, seconds in cpu["by_kind_s"].items())
        print(f"server CPU: {cpu['ms_per_request']:.2f} ms per request ({cpu['total_s']:.1f} s over "
              f"{cpu['requests']} requests; {kinds} s)")
        if cpu.get("postgres_per_request"):
            print("PostgreSQL per request: " + ", ".join(f"{v} {k.replace('_', ' ')}"
                                                           for k, v in cpu["postgres_per_request"].items()))
    if result.get("app_profile"):
        from tests.load.profile import print_summary

        print_summary(result["app_profile"])
    for failure in result["failures"]:
        print(f"FAILED {failure['occurrences']}x {failure['name']}: {failure['error']}")


def stop_everything(server: ServerProcess) -> None:
    """Ctrl-C the app, then make sure its embedded PostgreSQL is gone before its files are."""
    started = server.processes()
    server.stop()
    _, alive = psutil.wait_procs(started, timeout=20)
    for process in alive:
        try:
            process.kill()
        except psutil.NoSuchProcess:  # it ended after all
            pass


def run(users: int, duration: int, *, spawn_rate: float | None = None, accounts: int | None = None,
        entries_each: int = 3, output: Path = DEFAULT_OUTPUT, url: str | None = None,
        data_dir: Path | None = None, exclude_tags: list[str] | None = None, processes: int = 2,
        profile_dir: Path | None = None) -> dict:
    accounts = accounts or users
    spawn_rate = spawn_rate or max(1.0, users / 5)
    workdir = Path(tempfile.mkdtemp(prefix="reverie-load-"))
    server = None
    try:
        if url is None:
            data_dir = workdir / "data"
            # As `make run` starts it, with one difference: all simulated people share the
            # loopback address, so the app takes each one's address from X-Forwarded-For.
            server = ServerProcess(data_dir, extra_env={"TRUST_FORWARDED_FOR": "true", "LOG_LEVEL": "WARNING",
                                                        "WEB_CONCURRENCY": str(processes)})
            server.wait_healthy(timeout=300)
            url = server.url
        elif data_dir is None:
            raise SystemExit("--url needs --data-dir (the running app's data dir, for the verification codes)")
        started = time.perf_counter()
        made = make_accounts(url, data_dir / "outbox", accounts, entries_each)
        print(f"{len(made)} accounts with {entries_each} entries each ready in {time.perf_counter() - started:.1f}s")
        accounts_file = workdir / "accounts.json"
        accounts_file.write_text(json.dumps(made))
        csv_prefix = workdir / "locust"
        extra = ["--exclude-tags", *exclude_tags] if exclude_tags else []
        activity_before = None
        if server is not None:
            time.sleep(PG_STATS_FLUSH_SECONDS)  # the accounts' statistics are in pg_stat_database
            activity_before = postgres_activity(data_dir)
        before = cpu_snapshot(server) if server is not None else None
        spy = None
        if profile_dir is not None and server is not None:
            from tests.load.profile import record

            # From once every journaler runs until shortly before the end.
            ramp = min(10.0, users / spawn_rate)
            spy = record(server.process.pid, max(5, int(duration - ramp - 2)), profile_dir, delay=ramp)
        run_locust(url, accounts_file, users, spawn_rate, duration, csv_prefix, extra)
        app_profile = None
        if spy is not None:
            from tests.load.profile import summarise

            spy.join(timeout=60)
            app_profile = summarise(sorted(profile_dir.glob("app-*.txt")))
        server_cpu = None
        if server is not None and before is not None:
            server_cpu = cpu_used(before, cpu_snapshot(server))
            sent = requests_sent(csv_prefix)
            server_cpu["requests"] = sent
            server_cpu["ms_per_request"] = round(1000 * server_cpu["total_s"] / sent, 2) if sent else None
            time.sleep(PG_STATS_FLUSH_SECONDS)
            activity_after = postgres_activity(data_dir)
            if activity_before and activity_after and sent:
                server_cpu["postgres_per_request"] = {
                    key: round((activity_after[key] - activity_before[key]) / sent, 3) for key in activity_after}
        result = {
            "measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "url": url,
            "users": users,
            "accounts": accounts,
            "duration_s": duration,
            "excluded_tags": exclude_tags or [],
            "processes": processes if server is not None else None,
            "machine": {"cores": os.cpu_count(), "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
                        "python": platform.python_version(), "platform": platform.platform()},
            **read_figures(csv_prefix),
            "server_cpu": server_cpu,
            "app_profile": app_profile,
        }
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(json.dumps(result, indent=2) + "\n")
        return result
    finally:
        if server is not None:
            stop_everything(server)
        shutil.rmtree(workdir, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=50, help="simulated journalers (default 50)")
    parser.add_argument("--duration", default="60s", help="how long to measure, e.g. 30s, 2m (default 60s)")
    parser.add_argument("--spawn-rate", type=float, help="journalers started per second (default users/5)")
    parser.add_argument("--accounts", type=int, help="distinct accounts (default: one per journaler)")
    parser.add_argument("--entries", type=int, default=3, help="entries each account starts with (default 3)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help=f"figures as JSON (default {DEFAULT_OUTPUT})")
    parser.add_argument("--exclude-tags", nargs="+", choices=["write", "ai"],
                        help="leave out writes and edits (write) or search and chat (ai): the read path alone")
    parser.add_argument("--processes", type=int, default=2,
                        help="app processes of the server it starts (WEB_CONCURRENCY, default 2)")
    parser.add_argument("--profile", type=Path, metavar="DIR",
                        help="py-spy the app processes while locust runs (raw samples to DIR; their shares by "
                             "area in the summary and the JSON; see tests/load/profile.py)")
    parser.add_argument("--url", help="an already running Reverie instead of starting one")
    parser.add_argument("--data-dir", type=Path, help="with --url: that instance's data dir")
    args = parser.parse_args(argv)
    result = run(args.users, parse_duration(args.duration), spawn_rate=args.spawn_rate, accounts=args.accounts,
                 entries_each=args.entries, output=args.output, url=args.url, data_dir=args.data_dir,
                 exclude_tags=args.exclude_tags, processes=args.processes, profile_dir=args.profile)
    print_figures(result)
    print(f"\nfigures written to {args.output}")
    return 1 if result["total"] is None or result["total"]["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
