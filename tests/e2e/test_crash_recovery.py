"""Saving never loses work: a writer keeps saving and editing entries while the app analyses them,
the app is killed with SIGKILL at random points several times and started again, and in the end
every acknowledged write is there with the content that was acknowledged, and every entry is
analysed exactly once for its final version.

Run it (3 kills, about 1.5 minutes; the seed is printed, and every failure names it):

    HF_HUB_OFFLINE=1 .venv/bin/python -m pytest tests/e2e/test_crash_recovery.py -s

A longer run (`make crash` runs 10 kills), or one seed again:

    CRASH_KILLS=10 CRASH_SEED=1234 HF_HUB_OFFLINE=1 .venv/bin/python -m pytest tests/e2e/test_crash_recovery.py -s

Each life of the app ends in one of three ways, drawn at random: "start-up" (killed within a second
of answering health: the analyses recovery resubmitted are queued, Prefect's API is starting),
"writing" (killed while the writer saves and edits and analyses run, often mid-request) or
"analysing" (the writer stops, and the kill comes while an entry is `running`). The first three
lives see all three. A save or edit is acknowledged when the server answered 2xx; one that died
with the server is not, may or may not have landed, and if it landed must be analysed too.

How "exactly once" is proven. The app keeps, per entry, `content_version`, `analysed_version`,
`analysis_state` and `analysis_attempts` (runs started, not finished), and the tasks it created
with their `entry_id`; none of these alone tells how many analyses *finished*, because a re-run
on the same content changes nothing visible (the same mood, and the task already exists, so none
is created). So before the app starts, the test puts a trigger on `journal_entries` in its own
database that writes every INSERT and UPDATE of an entry (states, versions, an md5 of the content)
to an audit table in the same transaction. An analysis finishes by one UPDATE that sets the entry
`done` (nothing else sets `done`: an edit sets `pending`, a failure `failed`), and its audit row
commits with it or not at all, so the audit holds every analysis that finished, across kills. The
test then requires exactly one finish for each entry's final version, made on its final content,
and at most one for any version; and, from the app's own data, exactly one task per entry (each
entry names a task no other entry of its user names), a mood, a summary and an embedding, and no
task, goal or project that is not from one of the entries. What it cannot see is work that wrote
nothing: a run that analysed and then found the version already done (see
`test_two_runs_of_one_entry_at_once_finish_it_once`) or was killed before writing.
"""

from __future__ import annotations

import hashlib
import os
import random
import signal
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass

import httpx
import psutil
import pytest
import sqlalchemy as sa

from tests.e2e.server import ServerProcess
from tests.support.accounts import PASSWORD
from tests.support.app import APP_HEADERS
from tests.support.live import create_user

pytestmark = pytest.mark.slow

KILLS = int(os.environ.get("CRASH_KILLS", "3"))
SEED = int(os.environ.get("CRASH_SEED") or random.SystemRandom().randrange(1_000_000))

# One task each, none the same intention as another (checked against the duplicate finder's
# threshold): a user's entries must not share a task, or the second would rightly create none.
TASKS = [
    "call the landlord about the broken heating", "renew my passport at the post office", "book a dentist appointment",
    "finish the quarterly client report", "buy a birthday present for my sister", "fix the flat tyre on my bike",
    "pay the electricity bill", "return the library books", "water the tomato plants",
    "email the plumber a quote request", "pick up the dry cleaning", "schedule the car's annual service",
    "cancel the unused gym membership", "write a thank-you card to grandma", "back up the laptop to the external drive",
    "clean out the garage", "order new printer ink", "submit the expense receipts", "vacuum the living room rug",
    "defrost the freezer", "repaint the front fence", "sign up for the pottery class", "file my tax return",
    "replace the smoke alarm battery", "feed the neighbour's cat", "practise the piano scales",
    "send the rent deposit", "update my CV", "bake bread for the picnic", "mow the back lawn", "wash the windows",
    "register to vote", "donate old clothes to charity", "change the bed sheets", "charge the camera batteries",
    "call the bank about the card fraud", "buy stamps", "walk the dog in the park", "oil the squeaky door hinges",
    "iron the interview shirt",
]
# Edits change the words around the task, not the task.
ASIDES = [
    "The afternoon was grey and quiet.", "It rained for an hour after lunch.", "The tea had gone cold by then.",
    "A blackbird sang outside the window.", "The train home was half empty.", "Dinner was leftover soup.",
]
USERS = [f"crash{i}" for i in range(2 + KILLS // 4)]  # each a login per start, and logins are slow

AUDIT_SQL = [
    """CREATE TABLE crash_audit (
        seq bigserial PRIMARY KEY, entry_id uuid NOT NULL, op text NOT NULL,
        old_state text, new_state text, old_analysed int, new_analysed int, old_version int, new_version int,
        old_attempts int, new_attempts int, content_md5 text, txid bigint NOT NULL DEFAULT txid_current(), at timestamptz NOT NULL DEFAULT clock_timestamp())""",
    """CREATE FUNCTION crash_audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'INSERT' THEN
            INSERT INTO crash_audit (entry_id, op, new_state, new_analysed, new_version, content_md5)
            VALUES (NEW.id, 'insert', NEW.analysis_state, NEW.analysed_version, NEW.content_version, md5(NEW.content));
        ELSIF TG_OP = 'UPDATE' THEN
            INSERT INTO crash_audit (entry_id, op, old_state, new_state, old_analysed, new_analysed,
                                     old_version, new_version, old_attempts, new_attempts, content_md5)
            VALUES (NEW.id, 'update', OLD.analysis_state, NEW.analysis_state, OLD.analysed_version,
                    NEW.analysed_version, OLD.content_version, NEW.content_version, OLD.analysis_attempts,
                    NEW.analysis_attempts, md5(NEW.content));
        ELSE
            INSERT INTO crash_audit (entry_id, op, old_state, old_analysed, old_version)
            VALUES (OLD.id, 'delete', OLD.analysis_state, OLD.analysed_version, OLD.content_version);
        END IF;
        RETURN NULL;
    END $$""",
    """CREATE TRIGGER crash_audit AFTER INSERT OR UPDATE OR DELETE ON journal_entries
       FOR EACH ROW EXECUTE FUNCTION crash_audit_row()""",
]


def md5(text: str) -> str:
    return hashlib.md5(text.encode()).hexdigest()


@dataclass
class Write:
    n: int
    kind: str  # "create" | "edit"
    user: str
    content: str
    marker: str  # the entry's own marker, in every version of its content
    entry_id: str | None = None  # known for edits, and for creates the server acknowledged
    acknowledged: bool = False
    outcome: str = ""


class Writer(threading.Thread):
    """Saves new entries and edits acknowledged ones, one request at a time, at random moments,
    against whichever server is up; records every attempt and whether the server acknowledged it."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(name="crash-writer", daemon=True)
        self.rng = rng
        self.writes: list[Write] = []
        self.failure: BaseException | None = None
        self._url: str | None = None
        self._generation = 0
        self._active = threading.Event()
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self.in_flight = threading.Event()  # a save or edit has been sent and not yet answered

    # -- control, from the test -------------------------------------------------------------
    def point_at(self, url: str) -> None:
        with self._lock:
            self._url, self._generation = url, self._generation + 1
        self._active.set()

    def pause(self) -> None:
        self._active.clear()

    def finish(self) -> None:
        self._stopping.set()
        self._active.set()
        self.join(timeout=60)
        assert not self.is_alive(), "the writer did not stop"

    # -- the writing ------------------------------------------------------------------------
    def run(self) -> None:
        try:
            self._loop()
        except BaseException as exc:  # noqa: BLE001 - the test reports it
            self.failure = exc

    def _loop(self) -> None:
        clients: dict[str, httpx.Client] = {}
        generation = 0
        while not self._stopping.is_set():
            if not self._active.wait(0.2):
                continue
            if self._stopping.is_set():
                break
            with self._lock:
                url, current = self._url, self._generation
            if current != generation:
                for client in clients.values():
                    client.close()
                clients = {user: httpx.Client(base_url=url, headers=APP_HEADERS, timeout=15) for user in USERS}
                generation = current
                signed_in: set[str] = set()
            # Now and then an edit of the entry just saved, at once, as the editor's autosave does:
            # two analyses of one entry then wait side by side in the queue.
            last = self.writes[-1] if self.writes else None
            follow_up = last is not None and last.kind == "create" and last.acknowledged and self.rng.random() < 0.3
            user = last.user if follow_up else self.rng.choice(USERS)
            if user not in signed_in:
                try:
                    response = clients[user].post("/api/auth/login", json={"username": user, "password": PASSWORD})
                except httpx.HTTPError:
                    time.sleep(0.1)  # the server is down: the test starts another one
                    continue
                assert response.status_code == 200, (user, response.status_code, response.text)
                signed_in.add(user)
            write = self._next_write(user, edit_newest=follow_up)
            if write is None:
                continue
            self.writes.append(write)
            self.in_flight.set()
            try:
                if write.kind == "create":
                    response = clients[user].post("/api/journal", json={"content": write.content})
                else:
                    response = clients[user].patch(f"/api/journal/{write.entry_id}", json={"content": write.content})
            except httpx.HTTPError as exc:
                self.in_flight.clear()
                write.outcome = f"{type(exc).__name__}"
            else:
                self.in_flight.clear()
                write.outcome = str(response.status_code)
                if response.is_success:
                    body = response.json()
                    assert body["content"] == write.content, (write, body)
                    write.entry_id = body["id"]
                    write.acknowledged = True
            time.sleep(self.rng.uniform(0.02, 0.25))

    def _next_write(self, user: str, edit_newest: bool = False) -> Write | None:
        n = len(self.writes)
        mine = [w for w in self.writes if w.kind == "create" and w.acknowledged and w.user == user]
        creates_of_user = sum(1 for w in self.writes if w.kind == "create" and w.user == user)
        if mine and (edit_newest or self.rng.random() < 0.25 or creates_of_user >= len(TASKS)):
            original = mine[-1] if edit_newest else self.rng.choice(mine)
            edits = sum(1 for w in self.writes if w.kind == "edit" and w.entry_id == original.entry_id)
            aside = ASIDES[(edits + n) % len(ASIDES)]
            return Write(n, "edit", user, f"{original.content} Edit {edits + 1}: {aside}", original.marker,
                         entry_id=original.entry_id)
        if creates_of_user >= len(TASKS):
            return None
        # Every attempt takes its own task, acknowledged or not: an unacknowledged save may have
        # landed, and a second entry with the same task would rightly create no task.
        marker = f"w{n}"
        task = TASKS[creates_of_user]
        return Write(n, "create", user, f"Ordinary day, a bit tired. I need to {task} this week. Note {marker}.",
                     marker)


def kill(server: ServerProcess, then) -> None:
    """SIGKILL the app's whole process group (the app, Prefect's API server, the workers)."""
    processes = server.processes()
    os.killpg(server.process.pid, signal.SIGKILL)
    then()
    server.process.wait(timeout=30)
    _, alive = psutil.wait_procs(processes, timeout=15)
    assert not alive, f"left running after SIGKILL: {alive}"
    server.stop()  # closes its log


def entry_states(engine) -> Counter:
    with engine.connect() as conn:
        return Counter(r[0] for r in conn.execute(sa.text("SELECT analysis_state FROM journal_entries")))


def wait_for_running_analysis(engine, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if entry_states(engine)["running"]:
            return True
        time.sleep(0.05)
    return False


def wait_until_pipelines_ready(server: ServerProcess, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if httpx.get(server.url + "/api/health", timeout=10).json()["pipelines"]["status"] == "ready":
            return
        time.sleep(0.2)
    raise AssertionError(f"pipelines not ready after {timeout}s (seed {SEED}):\n{server.log()}")


def wait_until_quiet(server: ServerProcess, engine, timeout: float) -> None:
    """Every entry analysed at its current version, and no run queued or running in the app."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with engine.connect() as conn:
            unfinished = conn.execute(sa.text(
                "SELECT count(*) FROM journal_entries "
                "WHERE analysis_state <> 'done' OR analysed_version <> content_version")).scalar()
        runs = httpx.get(server.url + "/api/health", timeout=10).json()["pipelines"]["detail"]["runs"]
        if unfinished == 0 and runs["scheduled"] == 0 and runs["running"] == 0:
            return
        time.sleep(0.5)
    raise AssertionError(f"analyses not finished after {timeout}s (seed {SEED}):\n{server.log()}")


def test_killed_at_random_points_loses_nothing_and_analyses_everything_once(tmp_path, database_url):
    rng = random.Random(SEED)
    print(f"\ncrash recovery: CRASH_SEED={SEED} CRASH_KILLS={KILLS}")
    phases = rng.sample(["writing", "analysing"], 2)
    phases.insert(rng.randint(1, 2), "start-up")  # a start-up kill needs entries to recover first
    phases = (phases + [rng.choice(["start-up", "writing", "analysing"]) for _ in range(KILLS)])[:KILLS]

    engine = sa.create_engine(database_url)
    with engine.begin() as conn:
        for statement in AUDIT_SQL:
            conn.execute(sa.text(statement))
    data_dir = tmp_path / "data"
    writer = Writer(random.Random(SEED + 1))
    kills: list[str] = []
    kill_times: list = []
    server: ServerProcess | None = None
    started = time.monotonic()
    try:
        for cycle, phase in enumerate(phases):
            server = ServerProcess(data_dir, database_url=database_url)
            server.wait_healthy()
            if cycle == 0:
                for user in USERS:
                    create_user(server, username=user, email=f"{user}@example.com")
                writer.start()
            writer.point_at(server.url)
            if phase == "start-up":  # the recovered analyses queued, Prefect's API still starting
                time.sleep(rng.uniform(0.0, 1.0))
            elif phase == "writing":  # saving and editing while analyses run, mostly mid-request
                wait_until_pipelines_ready(server)
                time.sleep(rng.uniform(0.5, 4.0))
                if rng.random() < 0.75 and writer.in_flight.wait(timeout=5):
                    time.sleep(rng.uniform(0.0, 0.03))
            else:  # analysing: stop writing, kill while an analysis is under way
                wait_until_pipelines_ready(server)
                time.sleep(rng.uniform(0.0, 2.0))
                writer.pause()
                assert wait_for_running_analysis(engine, timeout=90), (
                    f"no analysis ran in 90s (seed {SEED}):\n{server.log()}")
                time.sleep(rng.uniform(0.0, 0.3))
            kill(server, then=writer.pause)
            states = entry_states(engine)
            with engine.connect() as conn:
                kill_times.append(conn.execute(sa.text("SELECT clock_timestamp()")).scalar())
            last = writer.writes[-1].outcome if writer.writes else "none"
            kills.append(f"kill {cycle + 1} ({phase}, {time.monotonic() - started:.0f}s): entries {dict(states)}, "
                         f"{len(writer.writes)} writes so far, the last one answered {last or 'not yet'}")
            print(kills[-1])
            assert writer.failure is None, writer.failure

        server = ServerProcess(data_dir, database_url=database_url)
        server.wait_healthy()
        writer.point_at(server.url)
        wait_until_pipelines_ready(server)
        time.sleep(rng.uniform(1.0, 3.0))
        writer.finish()
        assert writer.failure is None, writer.failure
        wait_until_quiet(server, engine, timeout=240)
        time.sleep(1.0)  # a late duplicate would land now
        verify(engine, writer.writes, kills, kill_times)
        print(f"crash recovery: done in {time.monotonic() - started:.0f}s")
    finally:
        if writer.is_alive():
            writer.finish()
        if server is not None:
            server.stop()
        engine.dispose()


def verify(engine, writes: list[Write], kills: list[str], kill_times: list) -> None:
    context = f"(seed {SEED}; {'; '.join(kills)})"
    with engine.connect() as conn:
        users = dict(conn.execute(sa.text("SELECT id::text, username FROM users")).all())
        entries = {r.id: r for r in conn.execute(sa.text(
            "SELECT id::text, user_id::text, content, analysis_state, analysed_version, content_version, "
            "analysis_attempts, mood, summary, embedding IS NOT NULL AS embedded FROM journal_entries")).all()}
        tasks = conn.execute(sa.text("SELECT entry_id::text, user_id::text, text FROM tasks")).all()
        goals = conn.execute(sa.text("SELECT entry_id::text FROM goals")).all()
        projects = conn.execute(sa.text("SELECT entry_id::text FROM projects")).all()
        audit = conn.execute(sa.text("SELECT * FROM crash_audit ORDER BY seq")).all()

    # A request either got a 2xx or died with the server (the database never goes away).
    answered_badly = [w for w in writes if not w.acknowledged and w.outcome.isdigit()]
    assert not answered_badly, f"writes the server answered with an error: {answered_badly} {context}"
    acknowledged = [w for w in writes if w.acknowledged]
    creates = [w for w in writes if w.kind == "create"]
    by_marker = {e.content.split("Note ")[1].split(".")[0]: e for e in entries.values()}
    assert len(by_marker) == len(entries)

    # Every acknowledged write is there, with the content acknowledged (the last acknowledged edit
    # wins, unless a later save that was not acknowledged landed).
    landed_unacknowledged = []
    for create in creates:
        entry = by_marker.get(create.marker)
        if create.acknowledged:
            assert entry is not None and entry.id == create.entry_id, f"acknowledged entry {create.marker} lost {context}"
        elif entry is not None:
            landed_unacknowledged.append(create.marker)
        if entry is None:
            continue
        assert users[entry.user_id] == create.user, (create, entry.user_id)
        history = [w for w in writes if w.marker == create.marker]
        last_ack = max((i for i, w in enumerate(history) if w.acknowledged), default=0)
        may_be = [history[last_ack].content] + [w.content for w in history[last_ack + 1:] if not w.acknowledged]
        assert entry.content in may_be, f"entry {create.marker} has content {entry.content!r}, not {may_be} {context}"
        edits_acked = sum(1 for w in history[1:] if w.acknowledged)
        edits_tried = len(history) - 1
        assert 1 + edits_acked <= entry.content_version <= 1 + edits_tried, (
            f"entry {create.marker}: version {entry.content_version} after {edits_acked} acknowledged "
            f"of {edits_tried} edits {context}")
    assert set(by_marker) <= {w.marker for w in creates}, f"an entry nobody wrote {context}"

    # Every entry analysed, at its final version, with everything the analysis gives.
    for entry in entries.values():
        assert entry.analysis_state == "done" and entry.analysed_version == entry.content_version, (entry, context)
        assert entry.mood and entry.summary and entry.embedded, (entry, context)

    # Exactly once: one finished analysis (the UPDATE that sets `done`) for each entry's final
    # version, made on its final content, and never two for one version.
    finishes: dict[tuple[str, int], list] = defaultdict(list)
    for row in audit:
        if row.op == "update" and row.new_state == "done":
            assert row.old_version == row.new_version == row.new_analysed, (row, context)
            finishes[(str(row.entry_id), row.new_analysed)].append(row)
    twice = {key: len(rows) for key, rows in finishes.items() if len(rows) > 1}
    assert not twice, f"analysed twice (entry, version): {twice} {context}"
    for entry in entries.values():
        final = finishes.get((entry.id, entry.content_version), [])
        assert len(final) == 1 and final[0].content_md5 == md5(entry.content), (entry, final, context)
    assert not [r for r in audit if r.op == "delete"], context

    # One task per entry, the one its text names, and nothing derived from anything else.
    per_entry = Counter(t.entry_id for t in tasks)
    assert set(per_entry) == set(entries), f"tasks without their entry, or entries without a task {context}"
    assert all(count == 1 for count in per_entry.values()), f"a task created twice: {per_entry} {context}"
    for task in tasks:
        entry = entries[task.entry_id]
        assert task.user_id == entry.user_id, (task, context)
        said = entry.content.split("I need to ")[1].split(" this week")[0].lower().replace(" my ", " your ")
        assert said in task.text.lower().replace(" my ", " your "), (task.text, entry.content, context)
    assert all(row.entry_id in entries for row in goals + projects), f"a goal or project from nowhere {context}"

    versions = sum(e.content_version for e in entries.values())
    attempts = sum(e.analysis_attempts for e in entries.values())
    # Analyses that started (each start counts an attempt) while another of the same entry and
    # version was unfinished: after a kill (the interrupted one, again), or alongside it.
    resumed = together = 0
    open_since: dict = {}
    for row in audit:
        key = (row.entry_id, row.new_version)
        if row.op == "update" and row.new_attempts > row.old_attempts:
            if key in open_since:
                if any(open_since[key] < k < row.at for k in kill_times):
                    resumed += 1
                else:
                    together += 1
            open_since[key] = row.at
        elif row.op == "update" and row.new_state == "done":
            open_since.pop(key, None)
    print(
        f"crash recovery: {len(writes)} writes ({len(acknowledged)} acknowledged, "
        f"{len(writes) - len(acknowledged)} not: {dict(Counter(w.outcome for w in writes if not w.acknowledged))}; "
        f"{len(landed_unacknowledged)} of those landed: {landed_unacknowledged}); {len(entries)} entries, "
        f"{versions} versions, {sum(len(v) for v in finishes.values())} analyses finished, "
        f"{attempts} started ({resumed} after a kill, {together} alongside another of the same entry), {len(tasks)} tasks, {len(goals)} goals, "
        f"{len(projects)} projects"
    )
