"""A 429 says what was limited and when to try again (the wait is also in Retry-After and
`retryAfter`), and an office behind one address is not locked out by signing in often."""

from __future__ import annotations

import pytest

from api.security.rate_limit import LIMITS, USER_ROUTE_LIMITS, Limit, too_many
from tests.support.accounts import PASSWORD, signed_up
from tests.support.app import call_from


@pytest.mark.parametrize("seconds, words", [
    (1, "in 1 second"), (30, "in 30 seconds"), (60, "in 1 minute"), (61, "in 2 minutes"),
    (739, "in 13 minutes"), (1648, "in 28 minutes"), (7200, "in 120 minutes"), (20000, "in 6 hours"),
])
def test_the_wait_is_said_in_words(seconds, words):
    assert too_many("login", seconds) == f"Too many sign-in attempts. Please try again {words}."


def test_wrong_passwords_are_told_how_long_to_wait(client, settings):
    signed_up(client, settings.outbox_dir)
    client.post("/api/auth/logout")
    for _ in range(5):
        assert client.post("/api/auth/login", json={"username": "ana", "password": "wrong"}).status_code == 401
    client.post("/api/auth/login", json={"username": "ana", "password": "wrong"})
    refused = client.post("/api/auth/login", json={"username": "ana", "password": "wrong"})
    assert refused.status_code == 429
    wait = int(refused.headers["Retry-After"])
    assert 1 <= wait <= 60 and refused.json()["retryAfter"] == wait
    assert refused.json()["error"] == f"Too many sign-in attempts. Please try again in {wait} seconds."


def test_too_many_new_entries_are_named_as_such(client, settings, monkeypatch):
    monkeypatch.setitem(USER_ROUTE_LIMITS, ("POST", "/api/journal"), Limit(2, 10 * 60))
    signed_up(client, settings.outbox_dir)
    for index in range(2):
        assert client.post("/api/journal", json={"content": f"Entry {index}"}).status_code == 201
    refused = client.post("/api/journal", json={"content": "One too many"})
    assert refused.status_code == 429
    wait = int(refused.headers["Retry-After"])
    assert refused.json()["retryAfter"] == wait and 1 <= wait <= 600
    assert refused.json()["error"] == too_many("entry", wait)
    assert refused.json()["error"].startswith("You have written a lot of entries in a short time. Please try again in ")
    assert client.post("/api/tasks", json={"text": "Other writes still pass"}).status_code != 429


def test_an_office_behind_one_address_can_sign_in_all_day(client, settings):
    signed_up(client, settings.outbox_dir)
    client.post("/api/auth/logout")
    per_client = LIMITS["login"][0].attempts
    for _ in range(per_client + 5):
        signed_in = call_from(client, "203.0.113.7", "POST", "/api/auth/login",
                              json={"username": "ana", "password": PASSWORD})
        assert signed_in.status_code == 200, signed_in.text
    # Failed attempts from that address still count toward its limit.
    answers = [call_from(client, "203.0.113.7", "POST", "/api/auth/login",
                         json={"username": f"nobody{n}", "password": "guess"}).status_code
               for n in range(per_client + 1)]
    assert answers[:per_client] == [401] * per_client and answers[-1] == 429
