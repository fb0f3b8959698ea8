"""Issue 18: the attacks and faults found by probing the running product, each one now refused.

Each test here failed on the code before the fix (see docs/quality.md, "Probed attacks"); the
process-level ones (uvicorn's proxy headers, the fair queue under a flood, the embedded database
after a SIGKILL) are in tests/e2e/test_hardening_process.py.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import stat
import threading
import time
import uuid

import msgspec
import pytest

from api.settings import Settings
from tests.support.accounts import PASSWORD, last_reset_link, outbox_messages, signed_up
from tests.support.app import SharedRunner, app_client, call_from
from tests.support.images import png_bytes
from tests.support.journal import wait_until_analysed, write_entry


def _app(settings, database_url, pipeline_runner, **changes):
    from api.app import create_app

    return create_app(msgspec.structs.replace(settings, **changes), database_url=database_url,
                      pipelines=SharedRunner(pipeline_runner))


# -- 1. reset-link poisoning -----------------------------------------------------------------
def test_reset_links_come_from_public_url_never_from_the_request(settings, database_url, pipeline_runner):
    app = _app(settings, database_url, pipeline_runner, public_url="https://journal.example.org",
               allowed_hosts=frozenset({"testserver.local", "alias.example"}))
    with app_client(app) as client:
        signed_up(client, settings.outbox_dir)
        client.post("/api/auth/logout")
        # A Host the app is served under, with forwarded headers claiming another scheme and host.
        asked = client.post("/api/auth/forgot-password", json={"email": "ana@example.com"},
                            headers={"Host": "alias.example", "X-Forwarded-Proto": "http",
                                     "X-Forwarded-Host": "evil.example"})
        assert asked.status_code == 200, asked.text
        link = last_reset_link(settings.outbox_dir, "ana@example.com")
        assert link.startswith("https://journal.example.org/auth/reset-password/"), link


def test_a_host_outside_the_allow_list_is_refused_before_anything_happens(client, settings):
    signed_up(client, settings.outbox_dir)
    client.post("/api/auth/logout")
    mails = len(outbox_messages(settings.outbox_dir))
    poisoned = client.post("/api/auth/forgot-password", json={"email": "ana@example.com"},
                           headers={"Host": "evil.example"})
    assert poisoned.status_code == 400
    assert poisoned.json()["error"] == "This address is not served here."
    assert poisoned.headers["x-request-id"]
    assert len(outbox_messages(settings.outbox_dir)) == mails, "a reset mail went out for a foreign Host"
    assert client.get("/api/health", headers={"Host": "evil.example:8000"}).status_code == 400
    assert client.get("/api/health", headers={"Host": "localhost:8000"}).status_code == 200


def test_public_url_defaults_to_the_bound_address_and_is_checked(tmp_path):
    from api.settings import SettingsError

    assert Settings.from_env({"REVERIE_DATA_DIR": str(tmp_path)}).public_base_url == "http://127.0.0.1:8000"
    wildcard = Settings.from_env({"REVERIE_DATA_DIR": str(tmp_path), "HOST": "0.0.0.0", "PORT": "9000"})
    assert wildcard.public_base_url == "http://localhost:9000"
    explicit = Settings.from_env({"REVERIE_DATA_DIR": str(tmp_path), "PUBLIC_URL": "https://j.example.org/"})
    assert explicit.public_base_url == "https://j.example.org"
    assert "j.example.org" in explicit.host_allow_list and "evil.example" not in explicit.host_allow_list
    with pytest.raises(SettingsError):
        Settings.from_env({"REVERIE_DATA_DIR": str(tmp_path), "PUBLIC_URL": "javascript:alert(1)"})


# -- 2. one user taking the service down ---------------------------------------------------------
def _four_entries(client) -> None:
    for index in range(4):
        write_entry(client, f"Day {index}: I walked by the river and planned the week ahead.")


def test_regenerate_answers_at_once_with_a_run_id_and_is_one_run_per_user(ana, settings):
    _four_entries(ana)
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=10) as pool:
        answers = list(pool.map(lambda _: ana.post("/api/profile/regenerate"), range(30)))
    elapsed = time.monotonic() - started
    assert {a.status_code for a in answers} == {202}, [a.text for a in answers if a.status_code != 202]
    assert all(a.json()["success"] is True for a in answers)
    run_ids = {a.json()["runId"] for a in answers}
    # One waiting run covers every call; at most one more when the first had already started.
    assert len(run_ids) <= 2, run_ids
    assert elapsed < 20, f"30 regenerate calls took {elapsed:.1f}s"
    run_id = answers[-1].json()["runId"]
    deadline = time.monotonic() + 120
    while True:
        polled = ana.get(f"/api/profile/regenerate/{run_id}")
        assert polled.status_code == 200, polled.text
        if polled.json()["state"] in ("completed", "failed") or time.monotonic() > deadline:
            break
        time.sleep(0.3)
    assert polled.json()["state"] == "completed"
    assert polled.json()["profile"]["shortSummary"]


def test_another_users_regeneration_is_not_found(client, settings):
    signed_up(client, settings.outbox_dir)
    _four_entries(client)
    run_id = client.post("/api/profile/regenerate").json()["runId"]
    client.post("/api/auth/logout")
    signed_up(client, settings.outbox_dir, "bruno", "bruno@example.com")
    assert client.get(f"/api/profile/regenerate/{run_id}").status_code == 404
    assert client.get(f"/api/profile/regenerate/{uuid.uuid4().hex}").status_code == 404


def test_a_pool_timeout_is_a_503_with_retry_after(settings, database_url, pipeline_runner, monkeypatch):
    from sqlalchemy.ext.asyncio import create_async_engine

    import api.app

    def one_connection(url, **_kwargs):
        return create_async_engine(url, pool_size=1, max_overflow=0, pool_timeout=1)

    monkeypatch.setattr(api.app, "create_async_engine", one_connection)
    app = _app(settings, database_url, pipeline_runner)
    with app_client(app, raise_server_exceptions=False) as client:
        signed_up(client, settings.outbox_dir)
        engine = app.state.db_sessionmaker.kw["bind"]

        async def hold():
            connection = engine.connect()
            await connection.start()
            return connection

        held = client.blocking_portal.call(hold)
        try:
            response = client.get("/api/journal")
        finally:
            client.blocking_portal.call(held.close)
        assert response.status_code == 503, response.text
        assert int(response.headers["retry-after"]) > 0
        assert response.json()["error"]
        assert client.get("/api/journal").status_code == 200


def test_new_entries_are_limited_per_user_and_other_users_are_not(client, settings):
    from api.security.rate_limit import USER_ROUTE_LIMITS

    allowed = USER_ROUTE_LIMITS[("POST", "/api/journal")].attempts
    signed_up(client, settings.outbox_dir)
    answers = [client.post("/api/journal", json={"content": f"Flood {i}"}).status_code for i in range(allowed + 5)]
    assert answers[:allowed] == [201] * allowed
    assert set(answers[allowed:]) == {429}
    limited = client.post("/api/journal", json={"content": "one more"})
    assert int(limited.headers["retry-after"]) > 0
    client.post("/api/auth/logout")
    signed_up(client, settings.outbox_dir, "bruno", "bruno@example.com")
    assert client.post("/api/journal", json={"content": "Bruno's own day"}).status_code == 201


def test_the_runner_tracks_every_queued_run_and_serves_owners_in_turn(lone_runner, database_url, monkeypatch):
    """60 queued analyses of one owner (more than the 40 finished runs it keeps here; the product
    keeps 500, and this test once queued 600 of them: two minutes for the same check) are all
    tracked and all finish; another owner's run, queued after them, is taken within two batches."""
    import pipelines.runs as runs
    from pipelines import db
    from pipelines.runtime import MAX_BATCH

    monkeypatch.setattr(runs, "KEPT_FINISHED", 40)
    db.configure(database_url)
    release = threading.Event()
    busy = lone_runner._executor.submit(release.wait, 60)  # the only worker is taken
    flood = [lone_runner.submit("highlight-extraction", entry_id=str(uuid.uuid4()), owner="flooder")
             for _ in range(60)]
    other = lone_runner.submit("highlight-extraction", entry_id=str(uuid.uuid4()), owner="someone-else")
    assert all(lone_runner.get(run.id) is run for run in flood)
    assert lone_runner.status()["runs"]["scheduled"] == 61
    release.set()
    busy.result(timeout=10)
    lone_runner.wait(other.id, timeout=120)
    done_before_other = sum(1 for run in flood if run.state in ("completed", "failed"))
    assert other.state == "completed", other.error
    assert done_before_other <= 2 * MAX_BATCH, f"{done_before_other} of the flood ran before the other owner"
    for run in flood:
        assert lone_runner.wait(run.id, timeout=300).state == "completed", run.error


def test_profile_rebuilds_are_coalesced_across_a_backlog(ana, settings, pipeline_runner, monkeypatch):
    """40 queued analyses of one user (three batches): the personal story is rebuilt once, after
    the last of them, not once per batch."""
    import pipelines.flows.profile_regeneration as regeneration

    rebuilt: list[str] = []
    original = regeneration.profile_regeneration

    def counted(**kwargs):
        if kwargs["user_id"] == user_id:  # the runner is the run's: an earlier test's user may be due too
            rebuilt.append(kwargs["user_id"])
        return original(**kwargs)

    user_id = ana.get("/api/auth/me").json()["id"]
    ids = []
    release = threading.Event()
    busy = [pipeline_runner._executor.submit(release.wait, 60) for _ in range(pipeline_runner.workers)]
    try:
        for index in range(12):
            ids.append(write_entry(ana, f"Day {index}: a long walk, then work on the garden plan.")["id"])
        monkeypatch.setattr(regeneration, "profile_regeneration", counted)
        # 28 more analyses of the same entries' user: the queue now holds 40 of them.
        extra = [pipeline_runner.submit("highlight-extraction", entry_id=str(uuid.uuid4()), owner=user_id)
                 for _ in range(28)]
    finally:
        release.set()
        for future in busy:
            future.result(timeout=10)
    for entry_id in ids:
        wait_until_analysed(ana, entry_id, timeout=180)
    for run in extra:
        pipeline_runner.wait(run.id, timeout=180)
    deadline = time.monotonic() + 120
    while not rebuilt and time.monotonic() < deadline:
        time.sleep(0.5)
    rebuild = pipeline_runner.active("profile-regeneration", user_id)
    if rebuild is not None:
        pipeline_runner.wait(rebuild.id, timeout=180)
    assert rebuilt == [user_id], rebuilt
    assert ana.get("/api/profile").json()["fullProfile"]


# -- 4. memory -------------------------------------------------------------------------------
def test_an_oversized_body_is_refused_before_it_is_read(client):
    """300 MB sent in 1 MB chunks: the app stops reading just past the limit and answers 413."""
    from api.security.text_input import MAX_BODY_BYTES

    chunk = b"x" * (1024 * 1024)
    read = 0
    sent: list[dict] = []

    async def receive():
        nonlocal read
        read += len(chunk)
        return {"type": "http.request", "body": chunk, "more_body": read < 300 * len(chunk)}

    async def send(message):
        sent.append(message)

    def scope(headers: list[tuple[bytes, bytes]]) -> dict:
        return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
                "scheme": "http", "path": "/api/auth/login", "raw_path": b"/api/auth/login", "query_string": b"",
                "root_path": "", "server": ("testserver.local", 80), "client": ("192.0.2.1", 5000),
                "headers": [(b"host", b"testserver.local"), (b"content-type", b"application/json"),
                            (b"x-requested-with", b"XMLHttpRequest"), *headers]}

    client.blocking_portal.call(client.app, scope([]), receive, send)
    assert sent[0]["status"] == 413, sent[:1]
    assert read <= MAX_BODY_BYTES + len(chunk), f"{read // 2**20} MB were read"
    read, sent = 0, []
    client.blocking_portal.call(client.app, scope([(b"content-length", str(300 * 2**20).encode())]), receive, send)
    assert sent[0]["status"] == 413
    assert read == 0, "a body declared too large was read anyway"


def test_an_image_bomb_is_refused_cheaply(tmp_path):
    """A small PNG declaring 40 megapixels is refused without decoding it, and a photo at the
    limit is processed within a bounded amount of memory (measured in a fresh process)."""
    import subprocess
    import sys

    script = r"""
import io, resource, struct, sys, zlib
from api.photos.images import ImageRejected, process_image

def png(w, h):
    raw = zlib.compress(b"".join(b"\x00" + b"\x00" * (w * 3) for _ in range(h)), 9)
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", raw) + chunk(b"IEND", b""))

bomb, big = png(8000, 5000), png(3400, 3400)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    process_image(bomb)
    print("accepted")
except ImageRejected as exc:
    print("rejected", len(bomb))
after_bomb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
done = process_image(big)
after_big = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print((after_bomb - before) // 1024, (after_big - before) // 1024, done.width, done.height)
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                         cwd=os.getcwd(), check=True).stdout.split("\n")
    assert out[0].startswith("rejected"), out
    bomb_mb, big_mb, width, height = (int(v) for v in out[1].split())
    assert bomb_mb < 50, f"the bomb cost {bomb_mb} MB"
    assert big_mb < 250, f"a 11.6-megapixel photo cost {big_mb} MB"
    assert max(width, height) <= 2560


# -- 5. forwarded-for spoofing ---------------------------------------------------------------
def test_forwarded_for_is_ignored_unless_trusted(client, settings):
    """From loopback with TRUST_FORWARDED_FOR off, rotating X-Forwarded-For escapes nothing."""
    statuses = [
        call_from(client, "127.0.0.1", "POST", "/api/auth/forgot-password", json={"email": f"x{i}@example.com"},
                  headers={"X-Forwarded-For": f"198.51.100.{i}"}).status_code
        for i in range(12)
    ]
    assert 429 in statuses, statuses


def test_forwarded_for_from_a_trusted_proxy_takes_the_nearest_untrusted_hop(settings, database_url,
                                                                             pipeline_runner):
    from api.security.rate_limit import LIMITS

    app = _app(settings, database_url, pipeline_runner, trust_forwarded_for=True,
               trusted_proxies=frozenset({"127.0.0.1"}))
    per_address = LIMITS["forgot"][0].attempts
    with app_client(app) as client:
        # The client prepends made-up hops; the proxy appends the real one: that one is counted.
        spoofed = [
            call_from(client, "127.0.0.1", "POST", "/api/auth/forgot-password",
                      json={"email": f"y{i}@example.com"},
                      headers={"X-Forwarded-For": f"10.9.{i}.1, 203.0.113.7"}).status_code
            for i in range(per_address + 1)
        ]
        assert spoofed[-1] == 429, spoofed
        # Sent straight to the app (not through the proxy), the header is not believed at all.
        direct = call_from(client, "192.0.2.44", "POST", "/api/auth/forgot-password",
                           json={"email": "z@example.com"}, headers={"X-Forwarded-For": "203.0.113.99"})
        assert direct.status_code == 200


# -- 6. owner lock-out -----------------------------------------------------------------------
def test_strangers_failing_to_sign_in_do_not_lock_the_owner_out(client, settings):
    signed_up(client, settings.outbox_dir)
    client.post("/api/auth/logout")
    for attacker in range(4):
        for _ in range(6):
            call_from(client, f"198.51.100.{attacker + 1}", "POST", "/api/auth/login",
                      json={"username": "ana", "password": "wrong guess"})
    # The attackers themselves are slowed down ...
    slowed = call_from(client, "198.51.100.1", "POST", "/api/auth/login",
                       json={"username": "ana", "password": "another guess"})
    assert slowed.status_code == 429
    # ... and the owner, from her own address, signs in with her password.
    owner = call_from(client, "192.0.2.10", "POST", "/api/auth/login", json={"username": "ana", "password": PASSWORD})
    assert owner.status_code == 200, owner.text


# -- 7. inputs that answered 500 ---------------------------------------------------------------
NUL = "\u0000"


@pytest.mark.parametrize("path, body, content_type", [
    ("/api/auth/login", '{"username": "ana\\u0000", "password": "x"}', "text/plain"),
    ("/api/auth/login", '{"username": "ana\\u0000", "password": "x"}', None),
    ("/api/auth/resend-verification", '{"email": "a\\u0000@example.com"}', "text/plain"),
    ("/api/journal", '{"content": "hello\\u0000"}', "text/plain"),
    ("/api/journal", '{"content": "hello\\u0000"}', None),
    ("/api/journal", json.dumps({"content": "hi", "mood": json.dumps({"text": "calm" + NUL, "emoji": "x"})}),
     "application/json"),
    ("/api/journal", json.dumps({"content": "hi", "relatedGoals": json.dumps(["run" + NUL])}), "application/json"),
    ("/api/journal", json.dumps({"content": "hi", "relatedProjects": json.dumps(["garden" + NUL])}),
     "application/json"),
    ("/api/journal", b'{"content": "\xff\xfe broken"}', "application/json"),
    ("/api/journal", '{"content": "deep", "mood": ' + "[" * 1000 + "]" * 1000 + "}", "application/json"),
    ("/api/auth/login", "[" * 1000 + "]" * 1000, "application/json"),
    ("/api/tasks", json.dumps({"text": "Plan", "estimatedTime": "x" * 65}), "application/json"),
    ("/api/tasks", json.dumps({"text": "Plan", "projectRef": "x" * 201}), "application/json"),
    ("/api/insights", json.dumps({"text": "Idea", "timeEstimate": "x" * 65}), "application/json"),
    ("/api/openai/real-time-prompts", json.dumps({"text": "I will run", "context": {"existingTasks": "run"}}),
     "application/json"),
    ("/api/openai/real-time-prompts", json.dumps({"text": "I will run", "context": {"existingGoals": [1, 2]}}),
     "application/json"),
    ("/api/openai/real-time-prompts", json.dumps({"text": "I will run", "context": ["not", "an", "object"]}),
     "application/json"),
])
def test_inputs_that_answered_500_are_a_clear_400(ana, path, body, content_type):
    before = ana.get("/api/journal").json()
    headers = {"Content-Type": content_type} if content_type else {}
    response = ana.post(path, content=body if isinstance(body, bytes) else body.encode(), headers=headers)
    assert response.status_code == 400, response.text
    assert response.json()["error"]
    assert response.headers.get("x-request-id")
    assert ana.get("/api/journal").json() == before


def test_a_nul_in_a_photo_caption_is_a_400(ana):
    entry = write_entry(ana, "A day with a picture.")
    response = ana.post(f"/api/journal-photos/{entry['id']}", files={"photo": ("p.png", png_bytes(), "image/png")},
                        data={"caption": "sunset" + NUL})
    assert response.status_code == 400, response.text
    assert ana.get(f"/api/journal-photos/{entry['id']}").json() == []


def test_search_with_an_enormous_day_count_answers(ana):
    write_entry(ana, "Rain all day, then a quiet evening.")
    for query in ("last 99999999999 days", "99999999999 days ago", "in March 0000"):
        response = ana.get("/api/journal/search", params={"q": query})
        assert response.status_code == 200, (query, response.text)


# -- 8. smaller ------------------------------------------------------------------------------
def test_a_full_name_with_line_breaks_is_refused(ana):
    response = ana.put("/api/users/profile", json={"fullName": "Ana\r\nBcc: someone@example.com"})
    assert response.status_code == 400, response.text
    assert ana.get("/api/auth/me").json()["fullName"] is None
    assert ana.put("/api/users/profile", json={"fullName": "x" * 201}).status_code == 400
    assert ana.put("/api/users/profile", json={"fullName": "Ana Lima"}).status_code == 200


def test_mail_headers_are_one_line_whatever_the_name(settings):
    from api.mail import Mailer

    message = Mailer(settings)._message("t@example.com", "Journal report from Ana\r\nBcc: x@example.com (May)", "Hi")
    assert message["Subject"] == "Journal report from Ana Bcc: x@example.com (May)"
    assert message["Bcc"] is None


def test_the_app_cannot_be_framed_and_sends_security_headers(ana):
    for response in (ana.get("/api/auth/me"), ana.get("/"), ana.get("/api/health")):
        assert response.headers["x-frame-options"] == "DENY"
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "same-origin"
        csp = response.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "'unsafe-eval'" not in csp


def test_outbox_mails_and_photo_files_are_private(ana, settings, tmp_path):
    entry = write_entry(ana, "A day with a picture.")
    uploaded = ana.post(f"/api/journal-photos/{entry['id']}", files={"photo": ("p.png", png_bytes(), "image/png")})
    assert uploaded.status_code == 201, uploaded.text
    mails = list(settings.outbox_dir.glob("*.eml"))
    files = [p for p in (settings.data_dir / "files").rglob("*")]
    assert mails and files
    for path in [settings.outbox_dir, *mails, *files]:
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode & 0o077 == 0, f"{path} is {oct(mode)}"


def test_password_hashing_does_not_stall_other_requests(client, settings):
    """Sign-ins hash on worker threads: health answers in the meantime."""
    signed_up(client, settings.outbox_dir)
    client.post("/api/auth/logout")
    stop = threading.Event()

    def sign_in_loop():
        while not stop.is_set():
            call_from(client, "192.0.2.77", "POST", "/api/auth/login", json={"username": "ana", "password": "wrong pw"})

    threads = [threading.Thread(target=sign_in_loop) for _ in range(3)]
    for thread in threads:
        thread.start()
    try:
        time.sleep(0.3)
        timings = []
        for _ in range(15):
            started = time.perf_counter()
            assert client.get("/api/health").status_code == 200
            timings.append(time.perf_counter() - started)
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    timings.sort()
    assert timings[len(timings) // 2] < 0.05, f"health p50 {timings[len(timings) // 2] * 1000:.0f} ms"


def test_anonymous_health_tells_only_statuses(client):
    body = client.get("/api/health").json()
    assert body == {"status": "ok", "database": {"status": "ready"}, "pipelines": {"status": "ready"},
                    "ai": {"status": "ready"}}


def test_every_spelling_of_a_user_id_shares_one_verification_limit(client, settings):
    from api.security.rate_limit import LIMITS

    registered = client.post("/api/auth/register", json={
        "username": "ana", "email": "ana@example.com", "password": PASSWORD,
        "journalingPreferences": {"status": "yes", "frequency": "daily"}}).json()
    user_id = uuid.UUID(registered["id"])
    spellings = [str(user_id), str(user_id).upper(), user_id.hex, "{" + str(user_id) + "}", user_id.urn]
    per_account = LIMITS["verify"][1].attempts
    statuses = []
    for attempt in range(per_account + 1):
        statuses.append(call_from(client, f"192.0.2.{attempt + 1}", "POST", "/api/auth/verify-email",
                                  json={"userId": spellings[attempt % len(spellings)],
                                        "verificationCode": "000000"}).status_code)
    assert statuses[-1] == 429, statuses


def test_year_one_dates_keep_four_digits(ana):
    created = ana.post("/api/journal", json={"content": "Long ago.", "date": "0001-01-01"})
    if created.status_code == 201:
        assert created.json()["date"] == "01/01/0001"
    else:
        assert created.status_code == 400
    last = ana.post("/api/journal", json={"content": "The last day there is.", "date": "9999-12-31"})
    assert last.status_code in (201, 400), last.text


def test_two_deletes_of_one_entry_one_succeeds(ana):
    entry = write_entry(ana, "To be deleted twice at once.")
    barrier = threading.Barrier(2)

    def remove():
        barrier.wait()
        return ana.delete(f"/api/journal/{entry['id']}").status_code

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        statuses = sorted(pool.map(lambda _: remove(), range(2)))
    assert statuses == [200, 404], statuses
