"""Authorization coverage: every API route the app registers has tests proving who may call it.

Run it alone with:

    HF_HUB_OFFLINE=1 .venv/bin/python -m pytest tests/api/test_authorization_coverage.py -q

The registry in `tests/api/authz_cases.py` maps each (method, path) to its kind and cases; this
module fails when
- a route has no registry entry (the message says what to add), or an entry names no route;
- an entry's kind disagrees with the handler (public opt, `admin_only` guard, an object id in the
  path, a STATELESS handler that takes the request or a database session);
- a non-public route answers a signed-out caller (or a made-up session token) with anything but 401;
- a case fails: user B gets anything but 404 for user A's real object id, or an answer that
  differs from the one for an unknown id, or sees any of A's data, or changes A's data; a
  signed-in non-admin reaches an admin route.

The module has its own database and two users (A owns one of everything, B calls), made once.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Iterator

import pytest
from litestar import get

from api.accounts.access import admin_only
from api.settings import Settings
from tests.api import authz_cases as authz
from tests.support.accounts import signed_up
from tests.support.app import TrackingRunner, app_client
from tests.support.database import fresh_database

NOT_SIGNED_IN = "Not authenticated. Please log in."


# -- a database, app and users of this module's own ------------------------------------------
@pytest.fixture(scope="module")
def authz_database_url(postgres_server: str) -> Iterator[str]:
    with fresh_database(postgres_server, "test_authz") as url:
        yield url


@pytest.fixture(scope="module")
def authz_settings(tmp_path_factory) -> Settings:
    data_dir = tmp_path_factory.mktemp("authz") / "data"
    return Settings.from_env({"REVERIE_DATA_DIR": str(data_dir), "LOG_LEVEL": "WARNING",
                             "ALLOWED_HOSTS": "testserver.local"})


@pytest.fixture(scope="module")
def authz_runner(pipeline_runner) -> Iterator[TrackingRunner]:
    runner = TrackingRunner(pipeline_runner)
    yield runner
    runner.settle()  # no run of this module outlives its database


@pytest.fixture(scope="module")
def authz_app(authz_settings, authz_database_url, authz_runner):
    from api.app import create_app

    return create_app(authz_settings, database_url=authz_database_url, pipelines=authz_runner)


def _client(app):
    return app_client(app, raise_server_exceptions=False)


@pytest.fixture(scope="module")
def world(authz_app, authz_settings, authz_database_url, authz_runner) -> Iterator[authz.World]:
    with _client(authz_app) as a, _client(authz_app) as b, _client(authz_app) as anon:
        yield authz.build_world(authz_app, authz_settings, authz_database_url, authz_runner, a, b, anon)
        authz_runner.settle()


# -- the registry against the app ------------------------------------------------------------
def test_every_route_has_its_authorization_cases(authz_app):
    problems = authz.coverage_problems(authz_app)
    assert not problems, "Authorization coverage is incomplete:\n  " + "\n  ".join(problems)
    assert len(authz.app_routes(authz_app)) == len(authz.REGISTRY) >= 40


def test_the_coverage_check_catches_new_stale_and_misfiled_routes(authz_app):
    registry = dict(authz.REGISTRY)
    del registry[("DELETE", "/api/tasks/{task_id:uuid}")]
    del registry[("GET", "/api/tasks")]
    registry[("GET", "/api/gone")] = authz.Route(authz.OWNER_SCOPED, "an old route", (authz.me_is_own,))
    patch_entry = ("PATCH", "/api/journal/{entry_id:uuid}")
    registry[patch_entry] = authz.Route(authz.OWNER_SCOPED, "misfiled", (authz.me_is_own,))
    registry[("POST", "/api/openai/ask-help")] = authz.Route(authz.STATELESS, "misfiled", (authz.me_is_own,))
    registry[("GET", "/api/health")] = authz.Route(authz.OWNER_SCOPED, "misfiled", (authz.me_is_own,))
    registry[("GET", "/api/profile")] = authz.Route(authz.OWNER_SCOPED, "no cases")
    problems = "\n".join(authz.coverage_problems(authz_app, registry))
    assert "DELETE /api/tasks/{task_id:uuid} has no authorization cases" in problems
    assert "foreign_object(" in problems  # the hint for an object route
    assert "GET /api/tasks has no authorization cases" in problems and "OWNER_SCOPED" in problems
    assert "GET /api/gone is in REGISTRY" in problems and "stale" in problems
    assert "PATCH /api/journal/{entry_id:uuid}: takes an object id" in problems
    assert "POST /api/openai/ask-help: STATELESS, but its handler takes" in problems
    assert "GET /api/health: REGISTRY says owner-scoped but the handler's opt public is True" in problems
    assert "GET /api/profile: owner-scoped routes need at least one isolation case" in problems


# -- (a) signed out: 401 everywhere but the public routes ------------------------------------
NON_PUBLIC = sorted(key for key, entry in authz.REGISTRY.items() if entry.kind != authz.PUBLIC)


@pytest.mark.parametrize(("method", "path"), NON_PUBLIC, ids=[f"{m} {p}" for m, p in NON_PUBLIC])
def test_signed_out_gets_401(authz_app, method, path):
    url = authz._fill(path, str(uuid.uuid4()))
    with _client(authz_app) as anon:
        for headers in ({}, {"Authorization": "Bearer not-a-session-token"}):
            response = anon.request(method, url, json={}, headers=headers)
            assert response.status_code == 401, (method, path, headers, response.status_code, response.text)
            assert response.json()["error"] == NOT_SIGNED_IN


# -- (b) and (c): every case of every route --------------------------------------------------
CASES = list(authz.all_cases())


@pytest.mark.parametrize(("method", "path", "case"), CASES,
                         ids=[f"{m} {p} :: {c.name}" for m, p, c in CASES])
def test_authorization_case(world, method, path, case):
    if world.dirty:  # the last case failed and may have damaged A's data: start from a new A
        authz.give_a_everything(world)
    world.dirty = True
    case.run(world, method, path)
    world.dirty = False


# -- (c) the admin mechanism, with a throwaway admin route -----------------------------------
@get("/api/_authz/admin-only/{thing_id:uuid}", guards=[admin_only], sync_to_thread=False)
def _admin_thing(thing_id: uuid.UUID) -> dict[str, str]:
    return {"thing": str(thing_id)}


def test_admin_routes_need_the_non_admin_case_and_it_holds(world, authz_settings, authz_database_url, authz_runner):
    from api.app import create_app

    app = create_app(authz_settings, database_url=authz_database_url, pipelines=authz_runner)
    app.register(_admin_thing)
    key = ("GET", "/api/_authz/admin-only/{thing_id:uuid}")

    missing = authz.coverage_problems(app)
    assert missing == [(f"GET {key[1]} has no authorization cases: add to REGISTRY in {authz.HERE}: "
                       "Route(ADMIN, why) — non_admin_refused() is added for you")]
    misfiled = {**authz.REGISTRY, key: authz.Route(authz.OBJECT, "an admin route", (authz.foreign_object("task"),))}
    assert any("admin_only guard present is True" in p for p in authz.coverage_problems(app, misfiled))
    registry = {**authz.REGISTRY, key: authz.Route(authz.ADMIN, "a throwaway admin route")}
    assert authz.coverage_problems(app, registry) == []
    admin_cases = [c for m, p, c in authz.all_cases(registry) if (m, p) == key]
    assert [c.name for c in admin_cases] == ["a signed-in non-admin gets 403"]

    with _client(app) as a, _client(app) as b, _client(app) as anon, _client(app) as boss:
        a.cookies.update(world.a.cookies)
        b.cookies.update(world.b.cookies)
        here = dataclasses.replace(world, app=app, a=a, b=b, anon=anon)
        for one in admin_cases:
            one.run(here, *key)
        url = authz._fill(key[1], str(uuid.uuid4()))
        assert anon.get(url).status_code == 401
        # The 403 is the guard's doing: an admin gets through.
        made = signed_up(boss, authz_settings.outbox_dir, "boss_authz", "boss.authz@example.com")
        world.sql("UPDATE users SET is_admin = true WHERE id = :id", id=made["user"]["id"])
        assert boss.get(url).json() == {"thing": url.rsplit("/", 1)[1]}
