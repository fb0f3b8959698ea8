"""Authorization everywhere: no route but the public ones answers without a session, and the
admin guard holds on the server."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
import sqlalchemy as sa
from litestar import get

from api.accounts.access import admin_only
from tests.support.accounts import signed_up
from tests.support.app import SharedRunner, app_client

REPO = Path(__file__).resolve().parents[2]
# The routes a visitor may call (spec part 1 section 6: auth, and the health probe).
PUBLIC_ROUTES = {
    ("GET", "/api/health"),
    ("POST", "/api/auth/login"),
    ("POST", "/api/auth/register"),
    ("POST", "/api/auth/logout"),
    ("POST", "/api/auth/verify-email"),
    ("POST", "/api/auth/resend-verification"),
    ("POST", "/api/auth/forgot-password"),
    ("POST", "/api/auth/reset-password"),
}


def _api_routes(app):
    for route in app.routes:
        if not route.path.startswith("/api/") or route.path.startswith("/api/schema"):
            continue
        for method in getattr(route, "methods", ()):
            if method in ("HEAD", "OPTIONS"):
                continue
            yield method, route.path


def test_the_public_routes_are_exactly_the_known_ones(app):
    public = set()
    for route in app.routes:
        for handler in getattr(route, "route_handlers", []):
            if handler.opt.get("public") and route.path.startswith("/api/"):
                public.update((m, route.path) for m in handler.http_methods if m not in ("HEAD", "OPTIONS"))
    assert public == PUBLIC_ROUTES


def test_every_other_route_needs_a_session(client, app):
    checked = 0
    for method, path in _api_routes(app):
        if (method, path) in PUBLIC_ROUTES:
            continue
        concrete = re.sub(r"\{[^}]+\}", "00000000-0000-0000-0000-000000000000", path)
        response = client.request(method, concrete, json={})
        assert response.status_code == 401, (method, path, response.status_code)
        assert response.json()["error"] == "Not authenticated. Please log in."
        checked += 1
    assert checked >= 4


@get("/api/_test/admin-only", guards=[admin_only], sync_to_thread=False)
def _admin_area() -> dict[str, bool]:
    return {"ok": True}


def test_admin_guard_refuses_non_admins_and_admits_admins(app, settings, database_url):
    app.register(_admin_area)
    with app_client(app) as client:
        assert client.get("/api/_test/admin-only").status_code == 401
        signed_up(client, settings.outbox_dir)
        refused = client.get("/api/_test/admin-only")
        assert refused.status_code == 403 and refused.json()["error"] == "Admin access required"

        engine = sa.create_engine(database_url)
        with engine.begin() as conn:
            conn.execute(sa.text("UPDATE users SET is_admin = true"))
        engine.dispose()
        assert client.get("/api/_test/admin-only").json() == {"ok": True}
        assert client.get("/api/auth/me").json()["isAdmin"] is True


def test_admin_emails_setting_makes_admins(settings, database_url, pipeline_runner):
    from api.app import create_app

    admin_settings = msgspec.structs.replace(settings, admin_emails=frozenset({"boss@example.com"}))
    app = create_app(admin_settings, database_url=database_url, pipelines=SharedRunner(pipeline_runner))
    with app_client(app) as client:
        body = signed_up(client, settings.outbox_dir, "boss", "Boss@Example.com")
        assert body["user"]["isAdmin"] is True
        regular = signed_up(client, settings.outbox_dir, "ana", "ana@example.com")
        assert regular["user"]["isAdmin"] is False


def test_make_admin_command(client, settings, database_url):
    signed_up(client, settings.outbox_dir)
    env = {"DATABASE_URL": database_url, "REVERIE_DATA_DIR": str(settings.data_dir), "PATH": "/usr/bin:/bin",
           "LOG_LEVEL": "WARNING"}
    made = subprocess.run([sys.executable, "-m", "api", "make-admin", "ANA@example.com"], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    assert client.get("/api/auth/me").json()["isAdmin"] is True
    missing = subprocess.run([sys.executable, "-m", "api", "make-admin", "nobody@example.com"], cwd=REPO, env=env,
                             capture_output=True, text=True, timeout=120)
    assert missing.returncode == 1 and "No account" in missing.stderr
