"""The fuzzing world: the real app in-process, a signed-in user with some data, and the rules
that keep destructive calls (logout, account deletion, password reset) from spoiling the run.

Every call goes through schemathesis' own ASGI client, so requests and the app share one event
loop (the app's database pool lives on it). The session travels as the HttpOnly cookie with the
CSRF header, as the web app sends it.

What keeps every operation really exercised (see `FuzzWorld.prepare`):
- rate-limit counters are reset before each case, so a 429 never hides what a call does;
- DELETE /api/users/account deletes a fresh user of its own; POST /api/auth/logout ends a fresh
  session of the main user; about half the reset-password cases carry a real reset token of a
  throwaway user, so a valid new password really resets one;
- about half the cases with an entry, photo or task id in the path use a real one (a fresh one
  for DELETE), the others the generated id (a 404);
- the seeded entries' analyses finish before fuzzing starts, and every analysis a case starts
  finishes before the database is dropped.
"""

from __future__ import annotations

import itertools
import json
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from api.accounts.access import SESSION_COOKIE
from api.security.rate_limit import RateLimiter
from api.settings import Settings
from tests.support.accounts import PASSWORD, last_reset_link, signed_up
from tests.support.app import APP_HEADERS, TrackingRunner
from tests.support.database import fresh_database
from tests.support.images import png_bytes

SCHEMA_PATH = "/api/schema/openapi.json"
# The schema the app serves, as checked in for the web client; `fuzz_world` checks they agree.
CHECKED_IN_SCHEMA = Path(__file__).resolve().parents[2] / "web" / "src" / "lib" / "api" / "openapi.json"
BASE_URL = "http://testserver"
# Profile regeneration waits for its pipeline run, which may queue behind entries' analyses.
REQUEST_TIMEOUT_SECONDS = 180
SEED_ENTRIES = 4  # enough to unlock tasks, projects, goals and the personal story


def pick_real(value: Any) -> bool:
    """Whether to swap a generated value for a real one: stable for a given value, so a derandomized
    run stays reproducible, and about half the time, so random ids (404s) are still sent too."""
    return zlib.crc32(repr(value).encode()) % 2 == 0


@dataclass
class FuzzWorld:
    app: Any
    client: Any
    outbox: Any
    token: str = ""
    email: str = "fuzzer@example.com"
    entries: list[str] = field(default_factory=list)
    photos: list[str] = field(default_factory=list)
    tasks: list[str] = field(default_factory=list)
    _names: itertools.count = field(default_factory=lambda: itertools.count(1))

    # -- setup ---------------------------------------------------------------------------------
    def call(self, method: str, path: str, token: str | None = None, **kwargs: Any):
        token = self.token if token is None else token
        cookies = {SESSION_COOKIE: token} if token else None
        try:
            return self.client.request(method, path, cookies=cookies, **kwargs)
        finally:
            self.client.cookies.clear()

    def ok(self, method: str, path: str, status: int = 200, token: str | None = None, **kwargs: Any) -> Any:
        response = self.call(method, path, token=token, **kwargs)
        assert response.status_code == status, f"{method} {path}: {response.status_code} {response.text}"
        return response.json()

    def new_user(self) -> tuple[str, str]:
        """A fresh verified user who agreed to the terms: (token, email)."""
        n = next(self._names)
        email = f"fuzz{n}@example.com"
        body = signed_up(self.client, self.outbox, f"fuzz{n}", email)
        self.client.cookies.clear()
        return body["authToken"], email

    def new_entry(self, text: str = "A quiet walk by the river, thinking about work.") -> str:
        return self.ok("POST", "/api/journal", 201, json={"content": text})["id"]

    def new_photo(self, entry_id: str) -> str:
        return self.ok("POST", f"/api/journal-photos/{entry_id}", 201,
                       files={"photo": ("seed.png", png_bytes((32, 24)), "image/png")}, data={"caption": "seed"})["id"]

    def new_task(self) -> str:
        return self.ok("POST", "/api/tasks", 201, json={"text": "Call the dentist", "entryId": self.entries[0]})["id"]

    def seed(self) -> None:
        self.token, self.email = self.new_user()
        texts = [
            "Started the new project at work today. I want to finish the prototype by Friday.",
            "Went running in the morning; I should call my sister this weekend.",
            "My goal this year is to learn Spanish and read twenty books.",
            "Felt anxious before the meeting, but it went well. Need to plan the budget.",
        ]
        self.entries = [self.new_entry(text) for text in texts[:SEED_ENTRIES]]
        self.photos = [self.new_photo(self.entries[0])]
        self.tasks = [self.new_task()]
        self.ok("POST", "/api/projects", 201, json={"name": "Prototype", "entryId": self.entries[0]})
        self.ok("POST", "/api/goals", 201, json={"text": "Learn Spanish", "entryId": self.entries[2]})
        self.ok("POST", "/api/resume", json={"content": "Engineer, ten years of building things."})

    # -- per case ------------------------------------------------------------------------------
    def prepare(self, case) -> str:
        """Adjust one generated case to the world; returns the session token to send it with."""
        # Every case starts with fresh rate-limit counters: the limits are tested elsewhere, and a
        # 429 here would only hide what the call does.
        self.app.state.rate_limiter = RateLimiter()
        method, path = case.method.upper(), case.path
        token = self.token
        params = case.path_parameters or {}

        if (method, path) == ("DELETE", "/api/users/account"):
            token, _ = self.new_user()  # the account it deletes is its own
        elif (method, path) == ("POST", "/api/auth/logout"):
            token = self.ok("POST", "/api/auth/login", token="",
                            json={"username": self.email, "password": PASSWORD})["authToken"]
        elif (method, path) == ("POST", "/api/auth/reset-password") and isinstance(case.body, dict) \
                and pick_real(case.body):
            # A real reset link for a throwaway user, so a valid new password really resets one.
            _, email = self.new_user()
            self.ok("POST", "/api/auth/forgot-password", token="", json={"email": email})
            case.body["token"] = last_reset_link(self.outbox, email).rsplit("/", 1)[-1]

        if "entry_id" in params and pick_real(params["entry_id"]):
            params["entry_id"] = self.new_entry() if method == "DELETE" else self.entries[1]
        if "photo_id" in params and pick_real(params["photo_id"]):
            params["photo_id"] = self.new_photo(self.entries[0]) if method == "DELETE" else self.photos[0]
        if "task_id" in params and pick_real(params["task_id"]):
            params["task_id"] = self.new_task() if method == "DELETE" else self.tasks[0]
        return token

    def run(self, case, checks) -> None:
        token = self.prepare(case)
        try:
            response = case.call(base_url=BASE_URL, session=self.client, cookies={SESSION_COOKIE: token},
                                 timeout=REQUEST_TIMEOUT_SECONDS)
        finally:
            self.client.cookies.clear()
        case.validate_response(response, checks=checks)


@pytest.fixture(scope="module")
def fuzz_settings(tmp_path_factory) -> Settings:
    data_dir = tmp_path_factory.mktemp("fuzz") / "data"
    return Settings.from_env({"REVERIE_DATA_DIR": str(data_dir), "LOG_LEVEL": "WARNING",
                             "ALLOWED_HOSTS": "testserver"})


@pytest.fixture(scope="module")
def fuzz_app(fuzz_settings, postgres_server, pipeline_runner):
    """One app and one database for the whole fuzzing module (each operation's cases run in turn)."""
    from schemathesis.python import asgi

    from api.app import create_app

    with fresh_database(postgres_server, "fuzz") as url:
        # The app's runs are waited for before its database goes, so no analysis outlives the run
        # and fails on a dropped database; a failed run is the pipelines' business (and their
        # tests'), not this run's.
        runner = TrackingRunner(pipeline_runner, tolerate=(Exception,))
        yield create_app(fuzz_settings, database_url=url, pipelines=runner)
        runner.settle(timeout=120)
        asgi.shutdown_lifespans()


@pytest.fixture(scope="module")
def fuzz_world(fuzz_app, fuzz_settings) -> FuzzWorld:
    from schemathesis.python import asgi

    with asgi.get_client(fuzz_app) as client:
        client.headers.update(APP_HEADERS)
        served = client.get(SCHEMA_PATH)
        assert served.status_code == 200, served.text
        assert served.json() == load_schema(), f"{CHECKED_IN_SCHEMA} is stale: run `make api-client`"
        world = FuzzWorld(app=fuzz_app, client=client, outbox=fuzz_settings.outbox_dir)
        world.seed()
        # The seeded entries' analyses finish first: their results are data to fuzz against, and a
        # first analysis imports modules in a worker thread while Hypothesis may be reading
        # sys.modules (which then fails with "dictionary changed size during iteration").
        fuzz_app.state.pipelines.settle(timeout=120)
        yield world


def load_schema() -> dict[str, Any]:
    return json.loads(CHECKED_IN_SCHEMA.read_text())
