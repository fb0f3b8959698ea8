"""Journalers, as locust sees them: sign in, read the journal, write and edit, search, chat.

Run through `python -m tests.load` (it starts the app, makes the accounts and reads the figures);
running this file with `locust -f` directly needs the same environment variables it sets:

- `LOAD_ACCOUNTS`: a JSON file, a list of {"username", "password", "address"}; each simulated
  journaler signs in as one of them (round robin) from that client address, sent as
  X-Forwarded-For (the app runs with TRUST_FORWARDED_FOR=true, so the per-address sign-in limits
  apply per simulated person, not to the one loopback address they all share).

The task weights are a journaling session (36 in all): the list of entries and the tasks are read
most, the profile, goals and projects now and then; one request in 18 writes or edits an entry (each
starts an analysis on the server), one in 18 is a search and one in 36 a chat. What they type is in
`tests/load/inputs.py`.
"""

from __future__ import annotations

import itertools
import json
import os
import random

from locust import FastHttpUser, between, events, tag, task

from tests.load.inputs import QUESTIONS, SEARCHES, TEXTS
from tests.support.app import APP_HEADERS

HEADERS = {**APP_HEADERS, "Content-Type": "application/json"}

_accounts: list[dict] = []
_next_account = itertools.count()
_texts = TEXTS


@events.init.add_listener
def _load_accounts(environment, **_kwargs) -> None:
    path = os.environ.get("LOAD_ACCOUNTS")
    if not path:
        raise SystemExit("LOAD_ACCOUNTS is not set: run the load test with `python -m tests.load`")
    with open(path) as handle:
        _accounts.extend(json.load(handle))


class Journaler(FastHttpUser):
    # A person clicking through the app: a short pause between actions. The run's request rate
    # comes from the number of journalers (-u), not from a pause of zero.
    wait_time = between(0.05, 0.35)

    def on_start(self) -> None:
        self.account = _accounts[next(_next_account) % len(_accounts)]
        self.headers = {**HEADERS, "X-Forwarded-For": self.account["address"]}
        self.entry_ids: list[str] = []
        self.sign_in()
        self.list_entries()

    def sign_in(self) -> None:
        body = {"username": self.account["username"], "password": self.account["password"]}
        with self.client.post("/api/auth/login", json=body, headers=self.headers, name="POST /api/auth/login",
                              catch_response=True) as response:
            if response.status_code != 200:
                response.failure(f"sign-in failed: {response.status_code} {response.text[:200]}")
                return
            token = response.json()["authToken"]
        self.headers = {**self.headers, "Authorization": f"Bearer {token}"}

    def _get(self, path: str, name: str | None = None):
        return self.client.get(path, headers=self.headers, name=name or f"GET {path}")

    @task(12)
    def list_entries(self) -> None:
        response = self._get("/api/journal")
        if response.status_code == 200:
            self.entry_ids = [entry["id"] for entry in response.json()[:20]]

    @task(8)
    def read_tasks(self) -> None:
        self._get("/api/tasks")

    @task(4)
    def read_me(self) -> None:
        self._get("/api/auth/me")

    @task(3)
    def read_profile(self) -> None:
        self._get("/api/profile")

    @task(2)
    def read_goals(self) -> None:
        self._get("/api/goals")

    @task(2)
    def read_projects(self) -> None:
        self._get("/api/projects")

    @task(2)
    @tag("ai")
    def search(self) -> None:
        query = random.choice(SEARCHES)
        self.client.get("/api/journal/search", params={"q": query}, headers=self.headers,
                        name="GET /api/journal/search")

    @task(1)
    @tag("ai")
    def chat(self) -> None:
        if not self.entry_ids:
            return
        entry_id = random.choice(self.entry_ids)
        self.client.post(f"/api/journal/{entry_id}/chat", json={"message": random.choice(QUESTIONS)},
                         headers=self.headers, name="POST /api/journal/{id}/chat")

    @task(1)
    @tag("write")
    def write_entry(self) -> None:
        response = self.client.post("/api/journal", json={"content": random.choice(_texts)}, headers=self.headers,
                                    name="POST /api/journal")
        if response.status_code == 201:
            self.entry_ids.insert(0, response.json()["id"])

    @task(1)
    @tag("write")
    def edit_entry(self) -> None:
        if not self.entry_ids:
            return
        entry_id = random.choice(self.entry_ids)
        self.client.patch(f"/api/journal/{entry_id}", json={"content": random.choice(_texts)},
                          headers=self.headers, name="PATCH /api/journal/{id}")
