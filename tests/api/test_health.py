from __future__ import annotations

import time

from alembic.script import ScriptDirectory

from api.database import MIGRATIONS_DIR


def _head_revision() -> str:
    return ScriptDirectory(str(MIGRATIONS_DIR)).get_current_head()


def test_health_reports_database_pipelines_and_ai(settings, database_url, pipeline_runner):
    import msgspec

    from api.app import create_app
    from tests.support.app import SharedRunner, app_client

    app = create_app(msgspec.structs.replace(settings, health_details="everyone"), database_url=database_url,
                     pipelines=SharedRunner(pipeline_runner))
    with app_client(app) as client:
        response = client.get("/api/health")
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"]["status"] == "ready"
    assert body["database"]["detail"]["pgvector"] == "0.6.2"
    assert body["database"]["detail"]["postgres"].startswith("16")
    assert body["database"]["detail"]["migration"] == _head_revision()
    assert body["pipelines"]["status"] == "ready"
    assert set(body["pipelines"]["detail"]["flows"]) == {
        "highlight-extraction",
        "profile-regeneration",
        "pattern-clustering",
        "weekly-focus",
    }
    assert body["ai"] == {"status": "ready", "detail": {"provider": "local"}}
    assert response.headers["x-request-id"]


def test_health_is_503_when_the_database_is_gone(settings, pipeline_runner):
    from litestar.testing import TestClient

    from api.app import create_app
    from tests.support.app import SharedRunner

    # A port nothing listens on: the database is unreachable.
    app = create_app(
        settings,
        database_url="postgresql+psycopg://nobody@127.0.0.1:9/none?connect_timeout=1",
        pipelines=SharedRunner(pipeline_runner),
    )
    with TestClient(app=app, raise_server_exceptions=False) as client:
        response = client.get("/api/health")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "degraded"
    assert body["database"]["status"] == "error"
    assert "Traceback" not in response.text


def test_health_says_degraded_while_the_analysis_queue_does_not_move(settings, database_url, lone_runner,
                                                                   monkeypatch):
    """The only worker is held: an entry's analysis waits, and past STALLED_SECONDS health says the
    pipelines are degraded, with the queue's depth and its longest wait; then the queue moves."""
    import threading
    import uuid

    import msgspec

    import pipelines.runtime as runtime
    from api.app import create_app
    from tests.support.app import SharedRunner, app_client

    monkeypatch.setattr(runtime, "STALLED_SECONDS", 0.5)
    app = create_app(msgspec.structs.replace(settings, health_details="everyone"), database_url=database_url,
                     pipelines=SharedRunner(lone_runner))
    release = threading.Event()
    busy = lone_runner._executor.submit(release.wait, 60)
    try:
        with app_client(app) as client:
            run = lone_runner.submit("highlight-extraction", entry_id=str(uuid.uuid4()), owner="someone")
            assert client.get("/api/health").json()["pipelines"]["status"] == "ready"
            time.sleep(0.7)
            body = client.get("/api/health").json()
            assert body["status"] == "degraded" and body["pipelines"]["status"] == "degraded", body
            queue = body["pipelines"]["detail"]["queue"]
            assert queue["depth"] == 1 and queue["stalled"] is True and queue["oldestWaitSeconds"] >= 0.5
            release.set()
            busy.result(timeout=10)
            assert lone_runner.wait(run.id, timeout=120).state == "completed"
            body = client.get("/api/health").json()
            assert body["pipelines"]["status"] == "ready" and body["pipelines"]["detail"]["queue"]["depth"] == 0
    finally:
        release.set()
