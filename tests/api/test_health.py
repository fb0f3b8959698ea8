from __future__ import annotations

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
