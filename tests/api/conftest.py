"""Fixtures of the API tests: a signed-in user, and a real SMTP server to send mail to.

The app, its database and the `client` come from tests/conftest.py; helpers (accounts, journal
entries, waiting for analyses) are in tests/support/."""

from __future__ import annotations

import pytest

from tests.support.accounts import signed_up
from tests.support.mail import smtp_server


@pytest.fixture
def ana(client, settings):
    """`client`, signed in as Ana: verified, agreed to the terms, nothing written yet."""
    signed_up(client, settings.outbox_dir)
    return client


@pytest.fixture
def smtp_sink():
    """A real SMTP server on loopback: yields (the sink holding every message received, its port)."""
    with smtp_server() as (sink, port):
        yield sink, port
