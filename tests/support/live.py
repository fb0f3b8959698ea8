"""Helpers for tests against the real server process (tests/e2e/server.ServerProcess) and a browser."""

from __future__ import annotations

import httpx

from tests.support.accounts import PASSWORD, make_user
from tests.support.app import APP_HEADERS


def create_user(server, username="ana", email="ana@example.com", password=PASSWORD) -> None:
    """Test users are made through the API, as a person would make them."""
    with httpx.Client(base_url=server.url, headers=APP_HEADERS) as api:
        make_user(api, server.data_dir / "outbox", username, email, password)


def sign_in(page, login="ana", password=PASSWORD) -> None:
    page.get_by_label("Username or email").fill(login)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Sign In", exact=True).click()
