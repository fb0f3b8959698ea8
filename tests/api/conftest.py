"""Fixtures of the API tests: signed-in clients (one, or one per user, admins among them), an app
whose analyses are held, one that sends its mail to a real SMTP server, and the database as SQL
sees it.

The app, its database, the `client` and the signed-in `ana` come from tests/conftest.py; helpers
(accounts, journal entries, waiting for analyses) are in tests/support/."""

from __future__ import annotations

from contextlib import ExitStack

import msgspec
import pytest
import sqlalchemy as sa

from tests.support.accounts import signed_up
from tests.support.app import HeldRunner, SharedRunner, app_client
from tests.support.mail import smtp_server


@pytest.fixture
def clients(app, settings, database_url):
    """A factory of clients of the same app, one per user: `clients("ben")` is Ben signed up
    (verified, agreed to the terms; `sign_up=False`: not), with his `user_id` and `username`;
    `admin=True` makes him an admin with the `python -m api make-admin` command."""
    from api.__main__ import _make_admin

    with ExitStack() as stack:
        def make(username: str, *, admin: bool = False, sign_up: bool = True):
            client = stack.enter_context(app_client(app, raise_server_exceptions=False))
            email = f"{username}@example.com"
            if sign_up:
                client.user_id = signed_up(client, settings.outbox_dir, username, email)["user"]["id"]
            if admin:
                assert _make_admin(database_url, email, True) == 0
            client.username = username
            return client

        yield make


@pytest.fixture
def boss(clients):
    """An admin, signed in."""
    return clients("boss", admin=True)


@pytest.fixture
def held(settings, database_url, pipeline_runner):
    """A signed-in client of an app whose analyses are held (recorded, not run), and the runner
    holding them."""
    from api.app import create_app

    runner = HeldRunner(pipeline_runner)
    with app_client(create_app(settings, database_url=database_url, pipelines=runner)) as client:
        signed_up(client, settings.outbox_dir)
        yield client, runner


@pytest.fixture
def db(database_url):
    """An engine on the test's database, to read and arrange what the API cannot."""
    engine = sa.create_engine(database_url, poolclass=sa.pool.NullPool)
    yield engine
    engine.dispose()


@pytest.fixture
def smtp(settings, database_url, pipeline_runner):
    """An app that sends its mail (from "Reverie <hello@reverie.test>") over SMTP to a real server
    on loopback: yields (the app, the sink holding every message the server received)."""
    from api.app import create_app

    with smtp_server() as (sink, port):
        smtp_settings = msgspec.structs.replace(settings, smtp_host="127.0.0.1", smtp_port=port,
                                                smtp_from="Reverie <hello@reverie.test>")
        yield create_app(smtp_settings, database_url=database_url, pipelines=SharedRunner(pipeline_runner)), sink
