"""Where the app processes' CPU goes during a load run: py-spy on each app process while locust
runs (`python -m tests.load --profile DIR`), and its samples grouped by what they were under.

py-spy records with `--nonblocking` (the app is never paused) in its raw format, one file per app
process. py-spy leaves out threads it sees idle, but not every wait looks idle to it, so samples
whose innermost frame is a known wait (a lock or condition, a queue, a pipe, a socket select, a
blocking database wait) are counted apart as "waiting" and left out of the shares.
"""

from __future__ import annotations

import collections
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import psutil

PY_SPY = Path(sys.executable).with_name("py-spy")
# Innermost frames that are a thread waiting, not working.
WAITS = ("threading.py", "queue.py", "multiprocessing/connection.py", "selectors.py", "psycopg/connection.py",
         "concurrent/futures/thread.py")
EMBEDDING = ("torch/", "transformers/", "sentence_transformers/", "tokenizers/", "onnxruntime/",
             "pipelines/embeddings.py")
SQL = ("sqlalchemy/", "psycopg/", "psycopg_binary/", "pgvector/", "advanced_alchemy/")
REPO = Path(__file__).resolve().parents[2]
_HANDLER = re.compile(r"^([\w.<>]+) \(.*?api/(\w+)/controllers\.py:\d+\)$")


def app_processes(root: psutil.Process) -> list[psutil.Process]:
    """The processes that serve requests: uvicorn's workers (multiprocessing children of
    `python -m api`), or `python -m api` itself when it runs alone."""
    workers = []
    for child in root.children():
        try:
            command = " ".join(child.cmdline())
        except psutil.Error:
            continue
        if "multiprocessing" in command and "resource_tracker" not in command:
            workers.append(child)
    return workers or [root]


def record(root_pid: int, seconds: int, out_dir: Path, delay: float = 0.0) -> threading.Thread:
    """Start py-spy on each app process after `delay` seconds, for `seconds`, in the background."""
    out_dir.mkdir(parents=True, exist_ok=True)
    if not PY_SPY.exists() and shutil.which("py-spy") is None:
        raise SystemExit("--profile needs py-spy (pip install py-spy)")
    spy = str(PY_SPY if PY_SPY.exists() else shutil.which("py-spy"))

    def run() -> None:
        threading.Event().wait(delay)
        spies = [subprocess.Popen([spy, "record", "--nonblocking", "-r", "50", "-d", str(seconds), "--format", "raw",
                                   "-p", str(p.pid), "-o", str(out_dir / f"app-{p.pid}.txt")],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                 for p in app_processes(psutil.Process(root_pid))]
        for each in spies:
            each.wait()

    thread = threading.Thread(target=run, name="py-spy", daemon=True)
    thread.start()
    return thread


def _file(frame: str) -> str:
    """The file of a py-spy frame, `name (path:line)`, relative to site-packages or the repo."""
    inside = frame[frame.rfind("(") + 1:].rsplit(":", 1)[0]
    return inside.split("site-packages/")[-1].removeprefix(str(REPO) + "/")


def _area(frames: list[str]) -> tuple[str, str | None]:
    """(what the sample was under, the controller's handler if one is on the stack). The nearest
    frame of ours or Prefect's above the innermost one says whose work it is: SQL under
    `pipelines/` is the analysis's, under `api/` (or in SQLAlchemy's greenlet, which has no frame
    above it) a request's."""
    files = [_file(f) for f in frames]
    handler = None
    for frame in frames:
        found = _HANDLER.match(frame)
        if found:
            handler = f"{found.group(2)}.{found.group(1).rsplit('.', 1)[-1]}"
            break  # the outermost: the handler, not a helper it calls
    leaf = files[-1] if files else ""
    if any(leaf.startswith(wait) or leaf.endswith(wait) for wait in WAITS):
        return "waiting", handler
    if any(f.startswith(EMBEDDING) for f in files):
        return "embedding model", handler
    if any(f.startswith("argon2/") for f in files):
        return "password hashing (sign-in)", handler
    for f in reversed(files):
        if f.startswith("pipelines/"):
            return "analysis outside the model (rules, mood, its SQL)", handler
        if f.startswith("prefect/"):
            return "Prefect's client (flow and task runs, states, events)", handler
        if f.startswith(("api/", "litestar/", "uvicorn/")):
            break
    if leaf.startswith(SQL):
        return "request SQL (SQLAlchemy, psycopg)", handler
    return "request stack (Litestar, uvicorn, middleware, handlers, encoding)", handler


def summarise(files: list[Path]) -> dict:
    """Shares of the working samples by area, and by handler where a controller is on the stack
    (SQLAlchemy's asyncio runs statements in a greenlet, whose stack has no handler above it)."""
    areas: collections.Counter[str] = collections.Counter()
    handlers: collections.Counter[str] = collections.Counter()
    waiting = total = 0
    for path in files:
        for line in path.read_text().splitlines():
            stack, _, count = line.rpartition(" ")
            if not count.isdigit():
                continue
            frames = [f for f in stack.split(";") if not f.startswith(("process ", "thread "))]
            area, handler = _area(frames)
            if area == "waiting":
                waiting += int(count)
                continue
            total += int(count)
            areas[area] += int(count)
            if handler:
                handlers[handler] += int(count)
    share = {k: round(v / total, 4) for k, v in areas.most_common()} if total else {}
    return {"samples": total, "waiting_samples": waiting, "by_area": share,
            "by_handler": {k: round(v / total, 4) for k, v in handlers.most_common(12)} if total else {},
            "files": [str(f) for f in files]}


def print_summary(summary: dict) -> None:
    print(f"\napp processes' samples (py-spy, {summary['samples']} working, {summary['waiting_samples']} waiting left out)")
    for area, share in summary["by_area"].items():
        print(f"  {share * 100:5.1f}%  {area}")
    if summary["by_handler"]:
        print("  with a controller on the stack:")
        for handler, share in summary["by_handler"].items():
            print(f"  {share * 100:5.1f}%    {handler}")


if __name__ == "__main__":
    print_summary(summarise([Path(p) for p in sys.argv[1:]]))
