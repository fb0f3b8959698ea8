"""The authorization registry: every API route, what kind of access it has, and the cases that
prove it. `tests/api/test_authorization_coverage.py` compares REGISTRY with the routes the app
registers (both directions) and runs every case against the real app and database.

Kinds (one per route; the coverage test checks each against the handler):

- PUBLIC: the handler says `opt={"public": True}`; no session needed, nothing to own.
- OBJECT: the path carries an object id. Case `foreign_object`: user B calling with user A's
  real id gets 404, the same answer as for an id that does not exist, none of A's data, and A's
  data is unchanged afterwards.
- OWNER_SCOPED: no object id in the path; the route reads or writes only the caller's own rows
  (`request.user.id`). Its cases prove isolation: B's answer holds none of A's data, B's writes
  leave A's data unchanged, and ids of A's objects given in the body are refused like unknown ones.
- STATELESS: no object id and no stored data at all: the handler takes neither `request` nor
  `db_session` (checked), and B's answer holds none of A's data.
- ADMIN: guarded by `admin_only`: a signed-in non-admin gets 403 (case `non_admin_refused`,
  always added), plus whatever the route needs besides.

Every non-public route also gets the signed-out check (401) from the coverage test itself.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import uuid
import zipfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from litestar import Litestar
from litestar.testing import TestClient

from tests.support.accounts import PASSWORD, outbox_messages, signed_up
from tests.support.app import TrackingRunner, app_client
from tests.support.images import png_bytes
from tests.support.journal import write_entries

PUBLIC, OBJECT, OWNER_SCOPED, STATELESS, ADMIN = "public", "object", "owner-scoped", "stateless", "admin"
KINDS = (PUBLIC, OBJECT, OWNER_SCOPED, STATELESS, ADMIN)
HERE = "tests/api/authz_cases.py"

# -- what user A owns: words that appear nowhere else, so finding one in B's answer is a leak ----
A_MARKERS = ("Quentavius", "Marzipan", "Glimmerbrook", "Zanzibar")
A_ENTRIES = (
    ("2026-03-02", ("Quentavius called about the leaking pipe at the Marzipan Street flat. I need to call the "
                   "plumber before Friday and renew my passport.")),
    ("2026-03-03", ("Long run along the Glimmerbrook canal with Quentavius this morning. I want to run a half "
                   "marathon next spring.")),
    ("2026-03-04", ("Work on the Zanzibar Orchard launch was stressful, the deadlines keep piling up and I feel "
                   "anxious.")),
    ("2026-03-05", "Quiet Sunday. I finished the Marzipan Street budget and felt proud and calm."),
)
B_ENTRIES = (
    ("2026-05-04", "Fixed the bicycle chain this morning and cooked a big pot of lentil soup."),
    ("2026-05-05", "Rainy day at the office. I should email the accountant about the invoices."),
    ("2026-05-06", "Played chess with my brother in the evening and lost twice, still fun."),
    ("2026-05-07", "Went to the library and picked up two novels about sailing."),
)
A_RANGE = ("2026-03-01", "2026-03-31")  # holds all of A's entries and none of B's
B_RANGE = ("2026-05-01", "2026-05-31")


# -- the running world the cases act in ------------------------------------------------------
@dataclass
class World:
    """Users A (the victim, who owns one of everything) and B (the caller), each signed in on a
    TestClient of the same app, plus a signed-out client."""

    app: Litestar
    settings: Any
    database_url: str
    runner: TrackingRunner
    a: TestClient
    b: TestClient
    anon: TestClient
    a_user: dict[str, Any]
    b_user: dict[str, Any]
    a_ids: dict[str, str] = field(default_factory=dict)  # one of A's: entry, task, project, goal, insight, photo
    a_entry_ids: list[str] = field(default_factory=list)
    baseline: dict[str, Any] = field(default_factory=dict)
    generation: int = 0
    dirty: bool = False  # a case failed: A's data may be damaged, so the next case gets a new A

    # What in an answer would be A's data: the marker words, A's ids, A's account.
    def a_secrets(self) -> list[str]:
        return [*A_MARKERS, *self.a_ids.values(), *self.a_entry_ids, self.a_user["id"], self.a_user["email"],
                self.a_user["username"]]

    def assert_no_a_data(self, response_or_text: Any, where: str = "") -> None:
        text = response_or_text if isinstance(response_or_text, str) else response_or_text.text
        lowered = text.lower()
        leaked = [s for s in self.a_secrets() if s.lower() in lowered]
        assert not leaked, f"B's answer {where} holds A's data {leaked}: {text[:500]}"

    def settle(self) -> None:
        self.runner.settle()

    def a_view(self) -> dict[str, Any]:
        """Everything A can see of their own data, files included."""
        view: dict[str, Any] = {}
        for path in ("/api/auth/me", "/api/journal", "/api/tasks", "/api/projects", "/api/goals", "/api/insights",
                     "/api/profile", "/api/resume", f"/api/journal-photos/{self.a_ids['entry']}"):
            response = self.a.get(path)
            assert response.status_code == 200, (path, response.status_code, response.text)
            view[path] = response.json()
        for kind in ("file", "thumbnail"):
            response = self.a.get(f"/api/journal-photos/{kind}/{self.a_ids['photo']}")
            assert response.status_code == 200, (kind, response.status_code)
            view[f"photo {kind}"] = hashlib.sha256(response.content).hexdigest()
        return view

    def assert_a_unchanged(self) -> None:
        """After the background work B's calls started, A sees exactly what A saw before."""
        self.settle()
        now = self.a_view()
        changed = [key for key in self.baseline if now.get(key) != self.baseline[key]]
        assert not changed, f"A's data changed in {changed}: before {[self.baseline[k] for k in changed]}, " \
                            f"after {[now[k] for k in changed]}"

    def sql(self, statement: str, **params: Any) -> None:
        engine = sa.create_engine(self.database_url, poolclass=sa.pool.NullPool)
        try:
            with engine.begin() as conn:
                conn.execute(sa.text(statement), params)
        finally:
            engine.dispose()

    @contextmanager
    def client(self) -> Iterator[TestClient]:
        with app_client(self.app, raise_server_exceptions=False) as client:
            yield client

    @property
    def outbox(self) -> Path:
        return self.settings.outbox_dir


def _made(response) -> str:
    assert response.status_code in (200, 201), response.text
    return response.json()["id"]


def give_a_everything(w: World) -> None:
    """Sign a new user A up on `w.a` and give them one of everything, through the API as the web
    app does; then record what A sees as the baseline every case compares with."""
    from api.security.rate_limit import RateLimiter

    w.generation += 1
    w.app.state.rate_limiter = RateLimiter()  # a rebuild after a failure must not meet the sign-up limit
    w.a.cookies.clear()
    name = f"alice_authz{w.generation}"
    w.a_user = signed_up(w.a, w.outbox, name, f"{name}@example.com")["user"]
    w.a_ids, w.a_entry_ids = {}, write_entries(w.a, A_ENTRIES)
    w.settle()  # the analyses, and the personal story a user gets at four entries
    a, entry = w.a, w.a_entry_ids[0]
    w.a_ids["entry"] = entry
    w.a_ids["task"] = _made(a.post("/api/tasks", json={"text": "Return the Glimmerbrook ladder to Quentavius",
                                                        "entryId": entry}))
    w.a_ids["project"] = _made(a.post("/api/projects", json={"name": "Zanzibar Orchard rebuild", "entryId": entry}))
    w.a_ids["goal"] = _made(a.post("/api/goals", json={"text": "Run the Glimmerbrook half marathon",
                                                        "timeframe": "year", "entryId": entry}))
    w.a_ids["insight"] = _made(a.post("/api/insights", json={"text": "Quentavius keeps showing up when I am calm",
                                                              "entryId": entry}))
    w.a_ids["photo"] = _made(a.post(f"/api/journal-photos/{entry}", data={"caption": "Glimmerbrook at dawn"},
                                    files={"photo": ("a.png", png_bytes(), "image/png")}))
    assert a.post("/api/resume", json={"content": "Quentavius Marzipan, plumber and runner."}).status_code == 200
    w.a_ids["regeneration"] = _ok(a.post("/api/profile/regenerate"), 202)["runId"]
    w.a_ids["pattern_refresh"] = _ok(a.post("/api/patterns/refresh"), 202)["runId"]
    w.settle()
    saved = a.post("/api/profile", json={"shortSummary": "Quentavius's friend.", "fullProfile": "Marzipan Street."})
    assert saved.status_code == 200, saved.text
    w.settle()
    w.baseline = w.a_view()
    # The probes are meaningful only if A's view really shows A's data.
    assert all(marker in json.dumps(w.baseline) for marker in A_MARKERS)
    w.dirty = False


def build_world(app: Litestar, settings: Any, database_url: str, runner: TrackingRunner,
                a: TestClient, b: TestClient, anon: TestClient) -> World:
    b_user = signed_up(b, settings.outbox_dir, "bruno_authz", "bruno.authz@example.com")["user"]
    w = World(app=app, settings=settings, database_url=database_url, runner=runner, a=a, b=b, anon=anon,
              a_user={}, b_user=b_user)
    write_entries(b, B_ENTRIES)  # B has the four entries that unlock everything, in another month than A's
    give_a_everything(w)
    return w


# -- cases -----------------------------------------------------------------------------------
CaseFn = Callable[[World, str, str], None]


@dataclass(frozen=True)
class Case:
    name: str
    run: CaseFn


@dataclass(frozen=True)
class Route:
    kind: str
    why: str
    cases: tuple[Case, ...] = ()


def _random_uuid() -> str:
    return str(uuid.uuid4())


def _fill(path: str, value: str) -> str:
    return re.sub(r"\{[^}]+\}", value, path)


def _call(client: TestClient, method: str, url: str, request: dict[str, Any]):
    return client.request(method, url, **request)


def _describe(response) -> str:
    if "json" in response.headers.get("content-type", ""):
        return response.text[:300]
    return f"{response.headers.get('content-type')} body of {len(response.content)} bytes"


def foreign_object(owned: str, **request: Any) -> Case:
    """B calls the route with A's real `owned` id (entry, task or photo): 404, exactly as for an id
    that does not exist, none of A's data in the answer, and A's data unchanged afterwards.
    `request` is a valid body for the route, so the 404 cannot be a validation error."""

    def run(w: World, method: str, path: str) -> None:
        real = _call(w.b, method, _fill(path, w.a_ids[owned]), request)
        unknown = _call(w.b, method, _fill(path, _random_uuid()), request)
        assert real.status_code == 404, f"B got {real.status_code} for A's {owned}: {_describe(real)}"
        # The handler looked the id up (not the router's "Not found" for a path it does not know).
        assert real.json()["error"].lower() not in ("not found", "not found among the signed-in user's own data")
        assert (real.status_code, real.json()) == (unknown.status_code, unknown.json()), \
            "A's real id is answered differently from an unknown one"
        w.assert_no_a_data(real)
        w.assert_a_unchanged()

    return Case(f"A's {owned} id answers B with 404", run)


def non_admin_refused() -> Case:
    def run(w: World, method: str, path: str) -> None:
        for client in (w.a, w.b):
            refused = client.request(method, _fill(path, _random_uuid()), json={})
            assert refused.status_code == 403, (method, path, refused.status_code, refused.text)
            assert refused.json()["error"] == "Admin access required"
        w.assert_a_unchanged()

    return Case("a signed-in non-admin gets 403", run)


def case(name: str) -> Callable[[CaseFn], Case]:
    def wrap(fn: CaseFn) -> Case:
        return Case(name, fn)

    return wrap


def _ok(response, *codes: int) -> Any:
    assert response.status_code in (codes or (200,)), (response.status_code, response.text[:500])
    return response.json()


# Owner-scoped and stateless cases: each states what it proves.
@case("B's /me is B")
def me_is_own(w: World, method: str, path: str) -> None:
    body = _ok(w.b.get(path))
    assert body["id"] == w.b_user["id"]
    w.assert_no_a_data(json.dumps(body))


@case("userId of A is refused as any foreign id; B agrees only for B")
def terms_only_for_self(w: World, method: str, path: str) -> None:
    real = w.b.post(path, json={"userId": w.a_user["id"]})
    unknown = w.b.post(path, json={"userId": _random_uuid()})
    assert real.status_code == 403 and real.json() == unknown.json(), (real.status_code, real.text)
    own = _ok(w.b.post(path, json={"userId": w.b_user["id"]}))
    assert own["user"]["id"] == w.b_user["id"]
    w.assert_no_a_data(real)
    w.assert_a_unchanged()


@case("a third user deleting their account removes only theirs")
def delete_own_account(w: World, method: str, path: str) -> None:
    with w.client() as c:
        signed_up(c, w.outbox, "carla_authz", "carla.authz@example.com")
        _ok(c.post("/api/journal", json={"content": "Carla's only entry.", "date": "2026-06-01"}), 201)
        _ok(c.request(method, path, json={"currentPassword": PASSWORD}))
        assert c.get("/api/auth/me").status_code == 401
    assert _ok(w.b.get("/api/auth/me"))["id"] == w.b_user["id"]
    w.assert_a_unchanged()


@case("a third user changing their password changes only theirs; a userId in the body is refused")
def change_own_password(w: World, method: str, path: str) -> None:
    aimed = w.b.post(path, json={"currentPassword": PASSWORD, "newPassword": "another secret", "userId": w.a_user["id"]})
    assert aimed.status_code == 400, aimed.text
    with w.client() as c:
        signed_up(c, w.outbox, "dora_authz", "dora.authz@example.com")
        _ok(c.post(path, json={"currentPassword": PASSWORD, "newPassword": "another secret"}))
        assert c.get("/api/auth/me").status_code == 200
    assert _ok(w.b.get("/api/auth/me"))["id"] == w.b_user["id"]
    w.assert_a_unchanged()


@case("a third user's e-mail change changes only theirs; A's address cannot be taken, nor a code aimed at A")
def change_own_email(w: World, method: str, path: str) -> None:
    taken = w.b.post("/api/users/email", json={"newEmail": w.a_user["email"], "currentPassword": PASSWORD})
    assert taken.status_code == 409, taken.text
    claimed = w.b.post("/api/users/email/confirm", json={"newEmail": w.a_user["email"], "verificationCode": "123456"})
    assert claimed.status_code == 409, claimed.text
    aimed = w.b.post(path, json={"newEmail": "x@example.com", "userId": w.a_user["id"]})
    assert aimed.status_code == 400, aimed.text  # unknown fields are refused
    with w.client() as c:
        email = f"erin.authz{w.generation}.{len(outbox_messages(w.outbox))}@example.com"
        signed_up(c, w.outbox, f"erin_authz{len(outbox_messages(w.outbox))}", email)
        new = "new." + email
        _ok(c.post("/api/users/email", json={"newEmail": new, "currentPassword": PASSWORD}))
        mail = [m for m in outbox_messages(w.outbox) if m["To"] == new][-1]
        code = re.search(r"\b(\d{6})\b", mail.get_content()).group(1)
        assert _ok(c.post("/api/users/email/confirm", json={"newEmail": new, "verificationCode": code}))[
            "user"]["email"] == new
    for client, user in ((w.a, w.a_user), (w.b, w.b_user)):
        assert _ok(client.get("/api/auth/me"))["email"] == user["email"]
    w.assert_no_a_data(taken)
    w.assert_no_a_data(claimed)
    w.assert_a_unchanged()


@case("B's profile edit changes B only; A's username cannot be taken")
def update_own_user(w: World, method: str, path: str) -> None:
    body = _ok(w.b.put(path, json={"fullName": "Bruno Authz", "darkMode": True}))
    assert body["user"]["id"] == w.b_user["id"] and body["user"]["fullName"] == "Bruno Authz"
    taken = w.b.put(path, json={"username": w.a_user["username"]})
    assert taken.status_code == 409, taken.text
    w.assert_a_unchanged()


def list_holds_only_own(url: str | None = None) -> Case:
    def run(w: World, method: str, path: str) -> None:
        body = _ok(w.b.get(url or path))
        w.assert_no_a_data(json.dumps(body), f"to GET {url or path}")

    return Case("B's list holds none of A's rows", run)


@case("B's new entry is B's; a userId in the body cannot aim it at A")
def create_own_entry(w: World, method: str, path: str) -> None:
    created = _ok(w.b.post(path, json={"content": "Bruno planted tomatoes.", "date": "2026-07-01"}), 201)
    assert created["id"] in {e["id"] for e in _ok(w.b.get(path))}
    aimed = w.b.post(path, json={"content": "Aimed at A.", "userId": w.a_user["id"]})
    assert aimed.status_code == 400, aimed.text  # unknown fields are refused
    w.assert_a_unchanged()


@case("B's search finds none of A's entries (A's same search finds A's)")
def search_own(w: World, method: str, path: str) -> None:
    query = {"q": "leaking pipe plumber passport"}
    mine = _ok(w.a.get(path, params=query))
    assert w.a_ids["entry"] in [hit["entry"]["id"] for hit in mine["results"]]  # the probe can find it
    theirs = _ok(w.b.get(path, params=query))
    w.assert_no_a_data(json.dumps(theirs))
    dated = _ok(w.b.get(path, params={"q": "in March 2026"}))  # a date filter over A's days
    w.assert_no_a_data(json.dumps(dated))


@case("B's calendar, mood trend and streak hold none of A's days (A's hold A's)")
def stats_own(w: World, method: str, path: str) -> None:
    window = {"from": "2026-01-01", "to": "2026-12-31"}
    a_days = {day for day, _ in A_ENTRIES}
    assert a_days <= {day["date"] for day in _ok(w.a.get(path, params=window))["days"]}  # A's days are A's
    theirs = _ok(w.b.get(path, params=window))
    assert not a_days & {day["date"] for day in theirs["days"]}  # and never on B's (B writes in other months)
    w.assert_no_a_data(json.dumps(theirs))


def create_refuses_a_entry(body: dict[str, Any]) -> Case:
    """Creating a row tied to A's entry (entryId in the body) is refused with 404, as for an
    unknown entry; B's own create works and A's data is unchanged."""

    def run(w: World, method: str, path: str) -> None:
        real = w.b.post(path, json={**body, "entryId": w.a_ids["entry"]})
        unknown = w.b.post(path, json={**body, "entryId": _random_uuid()})
        assert real.status_code == 404, (real.status_code, real.text)
        assert real.json() == unknown.json()
        w.assert_no_a_data(real)
        created = _ok(w.b.post(path, json=body), 201)
        w.assert_no_a_data(json.dumps(created))
        aimed = w.b.post(path, json={**body, "userId": w.a_user["id"]})
        assert aimed.status_code == 400, aimed.text  # unknown fields are refused
        w.assert_a_unchanged()

    return Case("an entryId of A's is refused like an unknown one; B's rows are B's", run)


@case("B's personal story holds none of A's")
def profile_own(w: World, method: str, path: str) -> None:
    body = _ok(w.b.get(path))
    w.assert_no_a_data(json.dumps(body))


@case("B's saved story changes only B's")
def save_own_profile(w: World, method: str, path: str) -> None:
    body = _ok(w.b.post(path, json={"shortSummary": "Bruno's story.", "fullProfile": "Bruno rides bikes."}))
    assert body["shortSummary"] == "Bruno's story."
    w.assert_a_unchanged()


@case("B's regenerated story is built from B's entries only")
def regenerate_own_profile(w: World, method: str, path: str) -> None:
    body = _ok(w.b.post(path), 202)
    w.settle()
    done = _ok(w.b.get(f"/api/profile/regenerate/{body['runId']}"))
    assert done["state"] == "completed", done
    w.assert_no_a_data(json.dumps(body))
    w.assert_no_a_data(json.dumps(done))
    w.assert_a_unchanged()


@case("B's resume is B's: reading, saving and deleting never reach A's")
def resume_own(w: World, method: str, path: str) -> None:
    if method == "GET":
        before = w.b.get(path)
        w.assert_no_a_data(before)
    elif method == "POST":
        _ok(w.b.post(path, json={"content": "Bruno, bicycle mechanic."}))
        assert _ok(w.b.get(path))["content"] == "Bruno, bicycle mechanic."
    else:
        _ok(w.b.post("/api/resume", json={"content": "Bruno, to be deleted."}))
        _ok(w.b.delete(path))
        assert _ok(w.b.get(path))["success"] is False
    w.assert_a_unchanged()


@case("B's weekly focus comes from B's journal only, and the task it adds is B's")
def weekly_focus_own(w: World, method: str, path: str) -> None:
    b_entries = {e["id"] for e in _ok(w.b.get("/api/journal"))}
    for domain, add in (("personal", True), ("administrative", False), ("professional", False)):
        body = _ok(w.b.post(path, json={"domain": domain, "add": add}))
        w.assert_no_a_data(json.dumps(body), f"for {domain}")
        assert body["entryId"] is None or body["entryId"] in b_entries, body
        if add:
            assert body["taskId"] in {t["id"] for t in _ok(w.b.get("/api/tasks"))}
    w.assert_a_unchanged()


@case("B's quick tasks (premium only) come from B's journal only, and the tasks they add are B's")
def quick_tasks_own(w: World, method: str, path: str) -> None:
    assert w.b.post(path).status_code == 403  # a free account, before any work
    w.sql("UPDATE users SET subscription_tier = 'premium' WHERE id = :id", id=w.b_user["id"])
    try:
        b_entries = {e["id"] for e in _ok(w.b.get("/api/journal"))}
        body = _ok(w.b.post(path))
        w.assert_no_a_data(json.dumps(body))
        assert body["tasks"], body
        assert all(t["entryId"] is None or t["entryId"] in b_entries for t in body["tasks"]), body
        assert {t["id"] for t in body["tasks"]} <= {t["id"] for t in _ok(w.b.get("/api/tasks"))}
    finally:
        w.sql("UPDATE users SET subscription_tier = 'free' WHERE id = :id", id=w.b_user["id"])
    w.assert_a_unchanged()


@case("B's resume file is B's; A's resume is untouched")
def resume_file_own(w: World, method: str, path: str) -> None:
    _ok(w.b.post(path, files={"file": ("cv.txt", b"Bruno, bicycle mechanic (file).", "text/plain")}))
    assert _ok(w.b.get("/api/resume"))["content"] == "Bruno, bicycle mechanic (file)."
    w.assert_a_unchanged()


@case("B's import writes B's entries only; ids of A's rows in a Reverie export link to nothing of A's")
def import_own(w: World, method: str, path: str) -> None:
    document = {"format": "reverie-export", "version": 1,
                "entries": [{"id": w.a_ids["entry"], "date": "2026-08-01", "content": "Bruno's imported day."}],
                "tasks": [{"id": w.a_ids["task"], "text": "Bruno's imported task", "entryId": w.a_entry_ids[1]}],
                "insights": [{"id": w.a_ids["insight"], "text": "Bruno's imported insight",
                              "entryId": w.a_ids["entry"]}]}
    # A link to an entry the export does not hold (here A's) is refused, and nothing is written.
    refused = w.b.post(path, json={"content": json.dumps(document), "format": "json"})
    assert refused.status_code == 400 and "entryId" in refused.json()["error"], refused.text
    document["tasks"][0]["entryId"] = w.a_ids["entry"]  # the export's own entry, whose id was A's
    body = _ok(w.b.post(path, json={"content": json.dumps(document), "format": "json"}))
    assert body["count"] == 1 and body["restored"]["tasks"] == 1
    w.assert_no_a_data(json.dumps(body))
    task = next(t for t in _ok(w.b.get("/api/tasks")) if t["text"] == "Bruno's imported task")
    assert task["entryId"] not in w.a_entry_ids  # never A's entry
    plain = _ok(w.b.post(path, json={"content": "2026-08-02\nBruno's plain day.", "format": "text"}))
    assert plain["count"] == 1
    w.assert_a_unchanged()


@case("B's file import writes B's entries only; the progress it leaves is B's")
def import_file_own(w: World, method: str, path: str) -> None:
    document = {"format": "reverie-export", "version": 1,
                "entries": [{"id": w.a_ids["entry"], "date": "2026-08-03", "content": "Bruno's filed day."}],
                "tasks": [{"id": w.a_ids["task"], "text": "Bruno's filed task", "entryId": w.a_ids["entry"]}]}
    body = _ok(w.b.post(path, files={"file": ("export.json", json.dumps(document).encode(), "application/json")}))
    assert body["count"] == 1 and body["restored"]["tasks"] == 1
    w.assert_no_a_data(json.dumps(body))
    task = next(t for t in _ok(w.b.get("/api/tasks")) if t["text"] == "Bruno's filed task")
    assert task["entryId"] not in w.a_entry_ids
    current = _ok(w.b.get("/api/journal/import/progress"))["current"]
    assert current["fileName"] == "export.json" and current["result"]["count"] == 1
    w.assert_a_unchanged()


@case("B's import progress counts B's entries only")
def import_progress_own(w: World, method: str, path: str) -> None:
    body = _ok(w.b.get(path))
    assert body["total"] == len(_ok(w.b.get("/api/journal")))
    w.assert_no_a_data(json.dumps(body))


@case("B's export holds B's account only")
def export_own(w: World, method: str, path: str) -> None:
    body = _ok(w.b.get(path))
    assert body["user"]["username"] == w.b_user["username"] and body["entries"]
    w.assert_no_a_data(json.dumps(body))


@case("B's .zip export holds B's account and photos only")
def export_archive_own(w: World, method: str, path: str) -> None:
    response = w.b.get(path)
    assert response.status_code == 200, response.text
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    document = json.loads(next(archive.read(n) for n in archive.namelist() if n.endswith("/reverie-export.json")))
    assert document["user"]["username"] == w.b_user["username"] and document["entries"]
    w.assert_no_a_data(json.dumps(document))
    w.assert_no_a_data("\n".join(archive.namelist()))


@case("B's analysis shows B's story, not A's")
def analyze_own(w: World, method: str, path: str) -> None:
    body = _ok(w.b.post(path, json={"text": "I need to fix the bike before the weekend."}))
    w.assert_no_a_data(json.dumps(body))
    w.assert_a_unchanged()


@case("B's story from given entries holds none of A's; the unlock counts B's own entries")
def profile_draft_own(w: World, method: str, path: str) -> None:
    body = _ok(w.b.post(path, json={"entries": [content for _, content in B_ENTRIES]}))
    w.assert_no_a_data(json.dumps(body))
    w.assert_a_unchanged()


@case("B's journal answer draws on B's entries only (A's same question reaches A's)")
def ask_help_own(w: World, method: str, path: str) -> None:
    question = {"question": "Who called about the leaking pipe at the flat?"}
    mine = _ok(w.a.post(path, json=question))
    assert any(m.lower() in mine["response"].lower() for m in A_MARKERS), mine  # the probe can find it
    theirs = _ok(w.b.post(path, json=question))
    w.assert_no_a_data(json.dumps(theirs))
    w.assert_a_unchanged()


@case("B's prompts know B's people only: a name A wrote about is a person for A, not for B")
def prompts_own(w: World, method: str, path: str) -> None:
    # A sentence that names a person only to someone who knows them: "Quentavius rang..." is a
    # person to anyone now (a name that rings is someone), so it could not tell A's knowledge apart.
    body = {"text": "Quentavius is coming round about the flat again tonight."}
    mine = _ok(w.a.post(path, json=body))
    assert [p["context"] for p in mine["prompts"] if p["type"] == "person"] == ["Quentavius"], mine
    theirs = _ok(w.b.post(path, json=body))
    assert not [p for p in theirs["prompts"] if p["type"] == "person"], theirs
    w.assert_a_unchanged()


@case("A's entryIds give B the answer unknown ids give; content summaries hold none of A's")
def summary_own(w: World, method: str, path: str) -> None:
    real = w.b.post(path, json={"entryIds": w.a_entry_ids})
    unknown = w.b.post(path, json={"entryIds": [_random_uuid() for _ in w.a_entry_ids]})
    assert real.status_code == 400 and real.json() == unknown.json(), (real.status_code, real.text)
    w.assert_no_a_data(real)
    summary = _ok(w.b.post(path, json={"content": "Fixed the bike and cooked soup, a calm day."}))
    w.assert_no_a_data(json.dumps(summary))
    w.assert_a_unchanged()


@case("B's therapist report holds B's entries only (none in A's month)")
def report_own(w: World, method: str, path: str) -> None:
    refused = w.b.post(path, json={"startDate": A_RANGE[0], "endDate": A_RANGE[1],
                                   "therapistEmail": "therapist@example.com"})
    assert refused.status_code == 403  # a free account, before any work
    w.sql("UPDATE users SET subscription_tier = 'premium' WHERE id = :id", id=w.b_user["id"])
    try:
        # A's month holds none of B's entries (A's do not count): refused, and nothing is sent.
        empty = w.b.post(path, json={"startDate": A_RANGE[0], "endDate": A_RANGE[1],
                                     "therapistEmail": "a-month@example.com"})
        assert empty.status_code == 400 and empty.json()["title"] == "No entries", empty.text
        w.assert_no_a_data(empty)
        assert not [m for m in outbox_messages(w.outbox) if m["To"] == "a-month@example.com"]
        _ok(w.b.post(path, json={"startDate": B_RANGE[0], "endDate": B_RANGE[1],
                                 "therapistEmail": "b-month@example.com"}))
        mail = next(m for m in reversed(outbox_messages(w.outbox)) if m["To"] == "b-month@example.com")
        text = mail.get_body(("plain",)).get_content()
        assert "(4 entries)" in text and w.b_user["username"] in text, text
        w.assert_no_a_data(str(mail["Subject"]) + text, "in the report mail")
        pdf = next(part for part in mail.iter_attachments()).get_content()
        assert not [m for m in A_MARKERS if m.encode() in pdf]
    finally:
        w.sql("UPDATE users SET subscription_tier = 'free' WHERE id = :id", id=w.b_user["id"])
    w.assert_a_unchanged()


# Subscription and waitlist: premium, promo codes and waitlist entries are the caller's own.
def _read(w: World, statement: str, **params: Any) -> list[Any]:
    engine = sa.create_engine(w.database_url, poolclass=sa.pool.NullPool)
    try:
        with engine.begin() as conn:
            return list(conn.execute(sa.text(statement), params))
    finally:
        engine.dispose()


@contextmanager
def a_has_promo(w: World) -> Iterator[None]:
    """A holds promo premium (an admin's grant) while the case runs; A's account as before after."""
    w.sql("UPDATE users SET promo_source = 'admin', promo_access = true WHERE id = :id", id=w.a_user["id"])
    try:
        yield
    finally:
        w.sql("UPDATE users SET promo_source = NULL, promo_access = false, promo_expires_at = NULL WHERE id = :id",
              id=w.a_user["id"])


def _a_waitlist_story() -> str:
    return "Quentavius got me journaling on the Marzipan Street steps."


def a_on_waitlist(w: World) -> None:
    _ok(w.a.post("/api/waitlist/join", json={"message": _a_waitlist_story()}))


def assert_a_waitlist_kept(w: World) -> None:
    rows = _read(w, "SELECT message, is_subscribed FROM waitlist_entries WHERE lower(email) = lower(:e)",
                 e=w.a_user["email"])
    assert rows == [(_a_waitlist_story(), True)], rows


@case("A's premium is not B's: B's answer is B's own plan, none of A's data")
def subscription_own(w: World, method: str, path: str) -> None:
    a_on_waitlist(w)
    with a_has_promo(w):
        assert _ok(w.a.get("/api/auth/me"))["isPremium"] is True  # the probe: A really is premium
        body = _ok(w.b.get(path))
        w.assert_no_a_data(json.dumps(body))
        assert body.get("isPremium", body.get("hasAccess")) is False, body
        if "waitlist" in body:
            assert body["waitlist"] is None
    w.assert_a_unchanged()


@case("a code A redeemed is B's to redeem once too; A's promo access is untouched")
def redeem_own(w: World, method: str, path: str) -> None:
    code = f"AUTHZ-{uuid.uuid4().hex[:12].upper()}"
    w.sql("INSERT INTO promo_codes (id, code, influencer_name, duration_days, max_uses, current_uses, expires_at, "
          "created_at) VALUES (:id, :code, 'Authz', 30, 2, 0, now() + interval '30 days', now())",
          id=str(uuid.uuid4()), code=code)
    try:
        _ok(w.a.post(path, json={"code": code}))
        a_end = _read(w, "SELECT promo_expires_at FROM users WHERE id = :id", id=w.a_user["id"])
        body = _ok(w.b.post(path, json={"code": code.lower()}))
        w.assert_no_a_data(json.dumps(body))
        assert _ok(w.b.get("/api/auth/me"))["isPremium"] is True
        assert _read(w, "SELECT promo_expires_at FROM users WHERE id = :id", id=w.a_user["id"]) == a_end
        again = w.b.post(path, json={"code": code})
        assert again.status_code == 409, again.text  # B's own second use
    finally:
        w.sql("UPDATE users SET promo_source = NULL, promo_access = false, promo_expires_at = NULL "
              "WHERE id IN (:a, :b)", a=w.a_user["id"], b=w.b_user["id"])
        w.sql("DELETE FROM promo_codes WHERE code = :code", code=code)
    w.assert_a_unchanged()


@case("B's promo switch is B's: it turns nothing of A's off, and A's access is not B's to turn on")
def toggle_own(w: World, method: str, path: str) -> None:
    with a_has_promo(w):
        refused = w.b.post(path, json={"enabled": True})
        assert refused.status_code == 400, refused.text
        _ok(w.b.post(path, json={"enabled": False}))
        assert _ok(w.a.get("/api/subscription/promo-access"))["hasAccess"] is True
        assert _ok(w.b.get("/api/auth/me"))["isPremium"] is False
    w.assert_a_unchanged()


@case("B's waitlist entry is B's address; A's entry keeps A's story and subscription")
def waitlist_own(w: World, method: str, path: str) -> None:
    a_on_waitlist(w)
    body = _ok(w.b.post("/api/waitlist/join", json={"email": w.a_user["email"], "message": "Bruno's bike diary."}))
    assert body["entry"]["email"] == w.b_user["email"]  # never the address in the body
    if path.endswith("/leave"):
        assert _ok(w.b.post(path))["entry"]["isSubscribed"] is False
    w.assert_no_a_data(json.dumps(body))
    assert_a_waitlist_kept(w)
    w.assert_a_unchanged()


def stateless(body: dict[str, Any]) -> Case:
    def run(w: World, method: str, path: str) -> None:
        answer = _ok(w.b.post(path, json=body))
        w.assert_no_a_data(json.dumps(answer))
        w.assert_a_unchanged()

    return Case("reads no stored data; B's answer holds none of A's", run)


# Patterns: A's patterns, refresh runs and insights are never B's.
def _a_pattern(w: World) -> str:
    """A pattern of A's (made once per A), holding A's insight."""
    if "pattern" not in w.a_ids:
        pattern_id = _random_uuid()
        w.sql("INSERT INTO patterns (id, user_id, name, description, keywords, entry_ids, dismissed, created_at, "
              "updated_at) VALUES (:id, :u, 'Quentavius at dawn', 'Glimmerbrook', '[]', '[]', '[]', now(), now())",
              id=pattern_id, u=w.a_user["id"])
        w.a_ids["pattern"] = pattern_id
    return w.a_ids["pattern"]


def foreign_pattern_in_body(body: dict[str, Any]) -> Case:
    """A's pattern id in B's body is a 404 exactly like an unknown one; B's answer holds none of A's data."""

    def run(w: World, method: str, path: str) -> None:
        real = w.b.post(path, json={**body, "patternId": _a_pattern(w)})
        unknown = w.b.post(path, json={**body, "patternId": _random_uuid()})
        assert real.status_code == 404, (real.status_code, real.text)
        assert real.json() == unknown.json()
        w.assert_no_a_data(real)
        w.assert_a_unchanged()

    return Case("A's pattern id in B's body answers 404", run)


@case("B's refresh clusters B's entries only; A's data unchanged")
def refresh_own_patterns(w: World, method: str, path: str) -> None:
    body = _ok(w.b.post(path), 202)
    w.assert_no_a_data(json.dumps(body))
    w.assert_a_unchanged()


# -- the registry ----------------------------------------------------------------------------
E, T, P = "{entry_id:uuid}", "{task_id:uuid}", "{photo_id:uuid}"
AUTH_PUBLIC = "visitor auth flow (spec part 1 section 6); acts on the account named in the body"

REGISTRY: dict[tuple[str, str], Route] = {
    # Public: a visitor may call these.
    ("GET", "/api/health"): Route(PUBLIC, "readiness probe; no user data"),
    ("POST", "/api/auth/login"): Route(PUBLIC, AUTH_PUBLIC),
    ("POST", "/api/auth/register"): Route(PUBLIC, AUTH_PUBLIC),
    ("POST", "/api/auth/logout"): Route(PUBLIC, "ends the caller's own session, if any"),
    ("POST", "/api/auth/verify-email"): Route(PUBLIC, AUTH_PUBLIC),
    ("POST", "/api/auth/resend-verification"): Route(PUBLIC, AUTH_PUBLIC),
    ("POST", "/api/auth/forgot-password"): Route(PUBLIC, AUTH_PUBLIC),
    ("POST", "/api/auth/reset-password"): Route(PUBLIC, AUTH_PUBLIC),

    # The caller's own account.
    ("GET", "/api/auth/me"): Route(OWNER_SCOPED, "the signed-in user", (me_is_own,)),
    ("POST", "/api/auth/terms-agreement"): Route(
        OWNER_SCOPED, "agrees for the signed-in user; the body's userId is only checked against it",
        (terms_only_for_self,)),
    ("DELETE", "/api/users/account"): Route(OWNER_SCOPED, "deletes the signed-in user", (delete_own_account,)),
    ("PUT", "/api/users/profile"): Route(OWNER_SCOPED, "edits the signed-in user", (update_own_user,)),
    ("POST", "/api/users/password"): Route(OWNER_SCOPED, "changes the signed-in user's password", (change_own_password,)),
    ("POST", "/api/users/email"): Route(OWNER_SCOPED, "mails a code to the signed-in user's new address",
                                        (change_own_email,)),
    ("POST", "/api/users/email/confirm"): Route(OWNER_SCOPED, "changes the signed-in user's address with the code",
                                                (change_own_email,)),

    # The journal.
    ("GET", "/api/journal"): Route(OWNER_SCOPED, "lists the caller's entries", (list_holds_only_own(),)),
    ("POST", "/api/journal"): Route(OWNER_SCOPED, "creates an entry of the caller's", (create_own_entry,)),
    ("PATCH", f"/api/journal/{E}"): Route(OBJECT, "one entry", (
        foreign_object("entry", json={"content": "Overwritten by B.", "date": "2026-01-01", "summary": "B"}),)),
    ("DELETE", f"/api/journal/{E}"): Route(OBJECT, "one entry", (foreign_object("entry"),)),
    ("POST", f"/api/journal/{E}/analysis"): Route(OBJECT, "retry one entry's failed analysis",
                                                  (foreign_object("entry"),)),
    ("GET", "/api/journal/search"): Route(OWNER_SCOPED, "searches the caller's entries", (search_own,)),
    ("GET", "/api/journal/stats"): Route(OWNER_SCOPED, "the caller's calendar, mood trend and streak", (stats_own,)),
    ("POST", f"/api/journal/{E}/chat"): Route(OBJECT, "chat about one entry", (
        foreign_object("entry", json={"message": "What happened here?"}),)),
    ("POST", "/api/journal/therapist-report"): Route(
        OWNER_SCOPED, "a report of the caller's entries over a date range", (report_own,)),

    # Photos.
    ("GET", f"/api/journal-photos/{E}"): Route(OBJECT, "the photos of one entry", (foreign_object("entry"),)),
    ("POST", f"/api/journal-photos/{E}"): Route(OBJECT, "a photo added to one entry", (
        foreign_object("entry", files={"photo": ("b.png", png_bytes(), "image/png")}, data={"caption": "B's"}),)),
    ("DELETE", f"/api/journal-photos/{P}"): Route(OBJECT, "one photo", (foreign_object("photo"),)),
    ("GET", f"/api/journal-photos/file/{P}"): Route(OBJECT, "one photo's image", (foreign_object("photo"),)),
    ("GET", f"/api/journal-photos/thumbnail/{P}"): Route(OBJECT, "one photo's thumbnail",
                                                          (foreign_object("photo"),)),

    # Tasks, projects, goals, insights: lists and creates are the caller's; tasks are also objects.
    ("GET", "/api/tasks"): Route(OWNER_SCOPED, "lists the caller's tasks", (list_holds_only_own(),)),
    ("POST", "/api/tasks"): Route(OWNER_SCOPED, "creates a task of the caller's",
                                  (create_refuses_a_entry({"text": "Oil the bike chain"}),)),
    ("PATCH", f"/api/tasks/{T}/complete"): Route(OBJECT, "one task", (
        foreign_object("task", json={"completed": True}),)),
    ("DELETE", f"/api/tasks/{T}"): Route(OBJECT, "one task", (foreign_object("task"),)),
    ("POST", "/api/tasks-ai/weekly-focus"): Route(OWNER_SCOPED, "suggests (and adds) a task from the caller's journal",
                                                (weekly_focus_own,)),
    ("POST", "/api/tasks-ai/quick-tasks"): Route(OWNER_SCOPED, "adds today's quick tasks from the caller's journal",
                                               (quick_tasks_own,)),
    ("GET", "/api/projects"): Route(OWNER_SCOPED, "lists the caller's projects", (list_holds_only_own(),)),
    ("POST", "/api/projects"): Route(OWNER_SCOPED, "creates a project of the caller's",
                                     (create_refuses_a_entry({"name": "Bike workshop"}),)),
    ("GET", "/api/goals"): Route(OWNER_SCOPED, "lists the caller's goals", (list_holds_only_own(),)),
    ("POST", "/api/goals"): Route(OWNER_SCOPED, "creates a goal of the caller's",
                                  (create_refuses_a_entry({"text": "Ride 1000 km", "timeframe": "year"}),)),
    ("GET", "/api/insights"): Route(OWNER_SCOPED, "lists the caller's insights", (list_holds_only_own(),)),
    ("POST", "/api/insights"): Route(OWNER_SCOPED, "saves an insight of the caller's",
                                     (create_refuses_a_entry({"text": "Bikes calm me down"}),
                                      foreign_pattern_in_body({"text": "Bikes calm me down"}))),
    ("PATCH", "/api/insights/{insight_id:uuid}/text"): Route(OBJECT, "one insight", (
        foreign_object("insight", json={"text": "Bikes calm me down"}),)),
    ("DELETE", "/api/insights/{insight_id:uuid}"): Route(OBJECT, "one insight", (foreign_object("insight"),)),
    ("GET", "/api/patterns"): Route(OWNER_SCOPED, "lists the caller's patterns", (list_holds_only_own(),)),
    ("POST", "/api/patterns/refresh"): Route(OWNER_SCOPED, "clusters the caller's entries", (refresh_own_patterns,)),
    ("GET", "/api/patterns/refresh/{run_id:str}"): Route(OBJECT, "one of the caller's pattern refreshes",
                                                         (foreign_object("pattern_refresh"),)),
    ("POST", "/api/ai/generate-insight"): Route(OWNER_SCOPED, "Go Deep on one of the caller's patterns", (
        foreign_pattern_in_body({"insights": ["Bikes calm me down"]}),)),
    ("POST", "/api/ai/find-resources"): Route(STATELESS, "chooses from the shipped catalogue by the given text", (
        stateless({"text": "I cannot sleep", "type": "insight"}),)),

    # The personal story and the resume: one per user, always the caller's.
    ("GET", "/api/profile"): Route(OWNER_SCOPED, "the caller's story", (profile_own,)),
    ("POST", "/api/profile"): Route(OWNER_SCOPED, "saves the caller's story", (save_own_profile,)),
    ("POST", "/api/profile/regenerate"): Route(OWNER_SCOPED, "rebuilds the caller's story",
                                               (regenerate_own_profile,)),
    ("GET", "/api/profile/regenerate/{run_id:str}"): Route(OBJECT, "one of the caller's story rebuilds",
                                                       (foreign_object("regeneration"),)),
    ("GET", "/api/resume"): Route(OWNER_SCOPED, "the caller's resume", (resume_own,)),
    ("POST", "/api/resume"): Route(OWNER_SCOPED, "saves the caller's resume", (resume_own,)),
    ("DELETE", "/api/resume"): Route(OWNER_SCOPED, "deletes the caller's resume", (resume_own,)),
    ("POST", "/api/resume/file"): Route(OWNER_SCOPED, "reads a file into the caller's resume", (resume_file_own,)),
    # Settings: import, its progress and the whole-account export (issue 14).
    ("POST", "/api/journal/import"): Route(OWNER_SCOPED, "adds entries (and a Reverie export's rows) to the caller's",
                                           (import_own,)),
    ("POST", "/api/journal/import/file"): Route(OWNER_SCOPED, "adds entries (and photos, a Reverie export's rows) "
                                                "to the caller's", (import_file_own,)),
    ("GET", "/api/journal/import/progress"): Route(OWNER_SCOPED, "counts the caller's entries",
                                                   (import_progress_own,)),
    ("GET", "/api/export"): Route(OWNER_SCOPED, "the caller's whole account", (export_own,)),
    ("GET", "/api/export/archive"): Route(OWNER_SCOPED, "the caller's whole account and photos, as a .zip",
                                          (export_archive_own,)),

    # AI.
    ("POST", "/api/openai/analyze"): Route(OWNER_SCOPED, "analyses given text; reads the caller's story",
                                           (analyze_own,)),
    ("POST", "/api/openai/ask-help"): Route(OWNER_SCOPED, "answers from the caller's journal", (ask_help_own,)),
    ("POST", "/api/openai/generate-summary"): Route(
        OWNER_SCOPED, "self analysis of the caller's entries (ids in the body) or a summary of given text",
        (summary_own,)),
    ("POST", "/api/openai/extract-tasks"): Route(STATELESS, "works on the given text only", (
        stateless({"text": "Don't forget to renew the bike insurance."}),)),
    ("POST", "/api/openai/generate-profile"): Route(
        OWNER_SCOPED, "a story of the given entries, once the caller's own entries unlock it", (profile_draft_own,)),
    ("POST", "/api/openai/real-time-prompts"): Route(
        OWNER_SCOPED, "prompts for the given text; the people it knows are from the caller's entries",
        (prompts_own,)),

    # Subscription and the waitlist: the caller's own plan, codes and entry.
    ("GET", "/api/subscription"): Route(OWNER_SCOPED, "the caller's plan and weekly usage", (subscription_own,)),
    ("GET", "/api/subscription/details"): Route(OWNER_SCOPED, "the caller's plan, promo and waitlist entry",
                                                (subscription_own,)),
    ("GET", "/api/subscription/promo-access"): Route(OWNER_SCOPED, "the caller's promo access",
                                                     (subscription_own,)),
    ("POST", "/api/subscription/promo-code"): Route(OWNER_SCOPED, "redeems a code for the caller", (redeem_own,)),
    ("POST", "/api/subscription/toggle-promo"): Route(OWNER_SCOPED, "switches the caller's promo access",
                                                      (toggle_own,)),
    ("POST", "/api/waitlist/join"): Route(OWNER_SCOPED, "the caller's waitlist entry (the account's address)",
                                          (waitlist_own,)),
    ("POST", "/api/waitlist/leave"): Route(OWNER_SCOPED, "unsubscribes the caller's waitlist entry",
                                           (waitlist_own,)),

    # The admin panel: admins only, on the server.
    ("GET", "/api/admin/users"): Route(ADMIN, "every account's row"),
    ("POST", "/api/admin/users/{user_id:uuid}/set-admin"): Route(ADMIN, "grants or takes admin rights"),
    ("POST", "/api/admin/users/{user_id:uuid}/premium-access"): Route(ADMIN, "grants or revokes promo premium"),
    ("DELETE", "/api/admin/users/{user_id:uuid}"): Route(ADMIN, "deletes an account for good"),
    ("GET", "/api/admin/waitlist"): Route(ADMIN, "every waitlist entry"),
    ("DELETE", "/api/admin/waitlist/{entry_id:uuid}"): Route(ADMIN, "deletes a waitlist entry"),
    ("GET", "/api/admin/users/export"): Route(ADMIN, "every account's row as a CSV file"),
    ("GET", "/api/admin/users/{user_id:uuid}"): Route(ADMIN, "one account's facts and sessions"),
    ("POST", "/api/admin/users/{user_id:uuid}/end-sessions"): Route(ADMIN, "signs an account out everywhere"),
    ("POST", "/api/admin/users/{user_id:uuid}/resend-verification"): Route(ADMIN, "mails an account a new code"),
    ("GET", "/api/admin/promo-codes"): Route(ADMIN, "every promo code"),
    ("POST", "/api/admin/generate-promo-code"): Route(ADMIN, "makes a promo code"),
    ("PATCH", "/api/admin/promo-codes/{code_id:uuid}"): Route(ADMIN, "deactivates or changes a promo code"),
    ("DELETE", "/api/admin/promo-codes/{code_id:uuid}"): Route(ADMIN, "deletes a promo code"),
    ("GET", "/api/admin/stats"): Route(ADMIN, "counts over all accounts"),
    ("GET", "/api/admin/audit-log"): Route(ADMIN, "what admins did"),
}


# -- the comparison with the app -------------------------------------------------------------
@dataclass(frozen=True)
class AppRoute:
    method: str
    path: str
    public: bool
    admin: bool
    has_object_id: bool
    reads_nothing: bool  # the handler takes neither the request nor a database session


def app_routes(app: Litestar) -> dict[tuple[str, str], AppRoute]:
    """Every method and path under /api/ the app answers (the schema docs aside)."""
    from api.accounts.access import admin_only

    found: dict[tuple[str, str], AppRoute] = {}
    for route in app.routes:
        if not route.path.startswith("/api/") or route.path.startswith("/api/schema"):
            continue
        for handler in getattr(route, "route_handlers", ()):
            params = set(handler.parsed_fn_signature.parameters)
            guards = [getattr(guard, "func", guard) for guard in handler.resolve_guards()]  # unwrap AsyncCallable
            for method in handler.http_methods:
                if method in ("HEAD", "OPTIONS"):
                    continue
                found[(method, route.path)] = AppRoute(
                    method=method, path=route.path, public=bool(handler.opt.get("public")), admin=admin_only in guards,
                    has_object_id="{" in route.path, reads_nothing=not params & {"request", "db_session"},
                )
    return found


def _expected_kind(route: AppRoute) -> str:
    if route.public:
        return PUBLIC
    if route.admin:
        return ADMIN
    return OBJECT if route.has_object_id else OWNER_SCOPED


def coverage_problems(app: Litestar, registry: dict[tuple[str, str], Route] = REGISTRY) -> list[str]:
    """What is missing, stale or inconsistent between the registry and the app's routes."""
    routes = app_routes(app)
    problems = []
    for key in sorted(routes.keys() - registry.keys()):
        route = routes[key]
        kind = _expected_kind(route)
        hint = {
            PUBLIC: "Route(PUBLIC, why) — it is public (opt public=True); make sure it should be",
            ADMIN: "Route(ADMIN, why) — non_admin_refused() is added for you",
            OBJECT: "Route(OBJECT, why, (foreign_object(<'entry'|'task'|'photo' or a new owned object>, "
                    "<a valid body>),)) — B calling with A's real id must get 404 and leave A's object unchanged",
            OWNER_SCOPED: "Route(OWNER_SCOPED, why, (<an isolation case>,)) — prove B's answer holds none of "
                          "A's data and B's writes leave A's unchanged (or STATELESS if the handler takes "
                          "neither request nor db_session)",
        }[kind]
        problems.append(f"{key[0]} {key[1]} has no authorization cases: add to REGISTRY in {HERE}: {hint}")
    for key in sorted(registry.keys() - routes.keys()):
        problems.append(f"{key[0]} {key[1]} is in REGISTRY ({HERE}) but the app has no such route: remove the "
                        "stale entry, or update it to the route's new method/path")
    for key in sorted(routes.keys() & registry.keys()):
        route, entry = routes[key], registry[key]
        where = f"{key[0]} {key[1]}"
        if entry.kind not in KINDS:
            problems.append(f"{where}: unknown kind {entry.kind!r}")
            continue
        if (entry.kind == PUBLIC) != route.public:
            problems.append(f"{where}: REGISTRY says {entry.kind} but the handler's opt public is {route.public}")
        if (entry.kind == ADMIN) != route.admin:
            problems.append(f"{where}: REGISTRY says {entry.kind} but admin_only guard present is {route.admin}")
        if not route.public and not route.admin:
            if route.has_object_id and entry.kind != OBJECT:
                problems.append(f"{where}: takes an object id, so it must be OBJECT with a foreign_object case")
            if not route.has_object_id and entry.kind == OBJECT:
                problems.append(f"{where}: takes no object id; say OWNER_SCOPED or STATELESS and prove isolation")
        if entry.kind == STATELESS and not route.reads_nothing:
            problems.append(f"{where}: STATELESS, but its handler takes the request or a database session; "
                            "make it OWNER_SCOPED with an isolation case")
        if entry.kind == OBJECT and not any(c.run.__qualname__.startswith("foreign_object") for c in entry.cases):
            problems.append(f"{where}: OBJECT routes need a foreign_object(...) case (404 for another user's id)")
        if entry.kind in (OWNER_SCOPED, STATELESS) and not entry.cases:
            problems.append(f"{where}: {entry.kind} routes need at least one isolation case")
        if not entry.why.strip():
            problems.append(f"{where}: say why in one line (what the route acts on)")
    return problems


def all_cases(registry: dict[tuple[str, str], Route] = REGISTRY) -> Iterable[tuple[str, str, Case]]:
    for (method, path), entry in sorted(registry.items()):
        cases = entry.cases
        if entry.kind == ADMIN:
            cases = (non_admin_refused(), *cases)
        for one in cases:
            yield method, path, one
