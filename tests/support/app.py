"""The app under test in-process: the headers the web app sends, a TestClient that sends them, and
the session's shared pipeline runner wrapped so each test app can start and stop "its" runner (and,
wrapped further, hold the analyses it asks for or wait for the runs it started)."""

from __future__ import annotations

import threading

import httpx

# What the web app sends with every call (the CSRF defence requires it on state changes).
APP_HEADERS = {"X-Requested-With": "XMLHttpRequest"}


class SharedRunner:
    """Lets each test app start and stop "its" runner without tearing down the shared one."""

    def __init__(self, runner) -> None:
        self._runner = runner

    def start(self) -> None: ...
    def shutdown(self, wait: bool = True) -> None: ...

    def __getattr__(self, name: str):
        return getattr(self._runner, name)


class HeldRunner(SharedRunner):
    """The runner, with the analyses the app asks for recorded in `held` and not run: what a call
    itself stored stays to be read, and thousands of analyses stay the pipelines' business."""

    def __init__(self, runner) -> None:
        super().__init__(runner)
        self.held: list[dict] = []

    def submit(self, flow: str, **parameters):
        self.held.append({"flow": flow, **parameters})


class TrackingRunner(SharedRunner):
    """The runner, remembering the runs the app starts so a test can wait for them: for the
    background work a call caused, or for every run before the test's database goes. A run that
    ends in one of `tolerate` (by default: the runner no longer knows it) counts as settled."""

    def __init__(self, runner, *, tolerate: tuple[type[BaseException], ...] = (KeyError,)) -> None:
        super().__init__(runner)
        self._tolerate = tolerate
        self._pending: list[str] = []
        self._lock = threading.Lock()

    def submit(self, flow: str, **parameters):
        run = self._runner.submit(flow, **parameters)
        with self._lock:
            self._pending.append(run.id)
        return run

    def settle(self, timeout: float = 180) -> None:
        """Wait for each run started so far (and for those they start meanwhile)."""
        while True:
            with self._lock:
                if not self._pending:
                    return
                run_id = self._pending.pop(0)
            try:
                self._runner.wait(run_id, timeout=timeout)
            except self._tolerate:
                pass


def app_client(app, *, raise_server_exceptions: bool = True):
    """A TestClient of `app` that sends the web app's headers; enter it (`with`) to start the app."""
    from litestar.testing import TestClient

    client = TestClient(app=app, raise_server_exceptions=raise_server_exceptions)
    client.headers.update(APP_HEADERS)
    return client


def call_from(client, address: str, method: str, path: str, **kwargs) -> httpx.Response:
    """A request to the running test app from the client address `address` (the TestClient always
    says "testclient"): rate limits per address need real ones."""
    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=client.app, client=(address, 40000))
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver.local",
                                     headers=APP_HEADERS) as one:
            return await one.request(method, path, **kwargs)

    return client.blocking_portal.call(go)
