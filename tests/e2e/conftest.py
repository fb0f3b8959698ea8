from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.server import REPO, ServerProcess
from tests.support.database import fresh_database
from tests.support.prefect_server import PrefectServer

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str:
    path = os.environ.get("CHROMIUM_PATH") or "/usr/bin/chromium"
    if not Path(path).exists():
        pytest.fail(f"Chromium not found at {path}: run `make test` (it installs it) or set CHROMIUM_PATH")
    return path


def _web_built() -> None:
    if not (REPO / "web" / "dist" / "index.html").exists():
        pytest.fail("web/dist is missing: build the web app first (`make test` does)")


@pytest.fixture(scope="session")
def shared_prefect_env(tmp_path_factory):
    """One Prefect API server for the test run, given to the browser tests' app servers through
    PREFECT_API_URL (their environment: `ServerProcess(..., extra_env=shared_prefect_env)`), as a
    deployment points its app at a Prefect server (README). Without it each `python -m api` in
    inline mode starts one of its own, seconds of every app server's start. Only the API is shared:
    each app keeps its Prefect state (PREFECT_HOME, so its result storage, under its data dir:
    pipelines.configure_prefect). The tests of Prefect itself (scale-out, crash recovery, several
    processes) start their own."""
    server = PrefectServer(tmp_path_factory.mktemp("prefect"))
    try:
        server.wait_healthy()
        yield {"PREFECT_API_URL": server.api_url}
    finally:
        server.stop()


@pytest.fixture
def live_server(tmp_path, database_url, shared_prefect_env):
    """The real server process with the built web app, on this test's own database. Starting one
    costs seconds (the embedding model, the pipelines): prefer `module_server` where tests can share."""
    _web_built()
    server = ServerProcess(tmp_path / "data", database_url=database_url, extra_env=shared_prefect_env)
    try:
        server.wait_healthy()
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def module_server(postgres_server, tmp_path_factory, shared_prefect_env):
    """One real server process with the built web app for the whole module, on the module's own
    database (`.database_url`). The module's tests share it, so each makes users of its own."""
    _web_built()
    with fresh_database(postgres_server, "e2e") as url:
        server = ServerProcess(tmp_path_factory.mktemp("e2e") / "data", database_url=url, extra_env=shared_prefect_env)
        server.database_url = url  # type: ignore[attr-defined]
        try:
            server.wait_healthy()
            yield server
        finally:
            server.stop()


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium per module; each test opens contexts of its own (see `page`)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS, headless=True)
        yield instance
        instance.close()


@pytest.fixture(autouse=True)
def _contexts_closed_after_each_test(request):
    """The browser outlives a test: the contexts (pages) a test opened close when it ends, so no
    page of one test keeps talking to a server the next test uses."""
    browser = request.getfixturevalue("browser") if "browser" in request.fixturenames else None
    yield
    for context in list(browser.contexts) if browser is not None else []:
        context.close()


@pytest.fixture
def page(browser):
    """A fresh browser context that records every console error, page error and failed request."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.problems = []  # type: ignore[attr-defined]
    page.on("console", lambda msg: msg.type in ("error", "warning") and page.problems.append(f"console {msg.type}: {msg.text}"))
    page.on("pageerror", lambda exc: page.problems.append(f"page error: {exc}"))
    # net::ERR_ABORTED is the page's own cancelling (a query refetched again before its answer
    # came, a navigation): not a failure of the server's.
    page.on("requestfailed", lambda req: "ERR_ABORTED" not in (req.failure or "")
            and page.problems.append(f"request failed: {req.url} {req.failure}"))
    page.on("response", lambda res: res.status >= 400 and page.problems.append(f"HTTP {res.status}: {res.url}"))
    yield page
    context.close()
