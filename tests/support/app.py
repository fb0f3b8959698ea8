"""The app under test in-process: the headers the web app sends, a TestClient that sends them, and
the session's shared pipeline runner wrapped so each test app can start and stop "its" runner."""

from __future__ import annotations

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
