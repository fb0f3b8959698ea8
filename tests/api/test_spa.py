"""The built web app is served at `/`, with `index.html` for every non-API path that is not a file."""

from __future__ import annotations

import msgspec
import pytest
from litestar.testing import TestClient

from api.app import create_app
from tests.support.app import SharedRunner


@pytest.fixture
def spa_client(tmp_path, settings, database_url, pipeline_runner):
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><title>Reverie</title><div id=root></div>")
    (dist / "assets" / "app-1234.js").write_text("console.log('hi')")
    (dist / "favicon.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    (tmp_path / "secret.txt").write_text("not for you")
    app = create_app(
        msgspec.structs.replace(settings, web_dist=dist),
        database_url=database_url,
        pipelines=SharedRunner(pipeline_runner),
    )
    with TestClient(app=app, raise_server_exceptions=False) as client:
        yield client


def test_root_serves_index(spa_client):
    response = spa_client.get("/")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert "<div id=root>" in response.text
    assert response.headers["cache-control"] == "no-cache"


@pytest.mark.parametrize("path", ["/tasks", "/auth/reset-password/abc123", "/settings/", "/no/such/page.html"])
def test_client_routes_fall_back_to_index(spa_client, path):
    response = spa_client.get(path)
    assert response.status_code == 200
    assert "<div id=root>" in response.text


def test_files_are_served_with_their_type(spa_client):
    asset = spa_client.get("/assets/app-1234.js")
    assert asset.status_code == 200
    assert "javascript" in asset.headers["content-type"]
    assert "immutable" in asset.headers["cache-control"]
    assert spa_client.get("/favicon.svg").headers["content-type"].startswith("image/svg")


def test_paths_outside_the_build_are_not_served(spa_client):
    for path in ("/../secret.txt", "/%2e%2e/secret.txt", "/assets/../../secret.txt"):
        response = spa_client.get(path)
        assert "not for you" not in response.text


def test_api_paths_never_fall_back(spa_client):
    response = spa_client.get("/api/unknown/route")
    assert response.status_code == 404
    assert response.json()["error"]


def test_openapi_schema_is_served(spa_client):
    response = spa_client.get("/api/schema/openapi.json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["info"]["title"] == "Reverie API"
    assert "/api/health" in schema["paths"]
    assert schema["paths"]["/api/health"]["get"]["operationId"] == "getHealth"


def test_missing_build_says_how_to_build(tmp_path, settings, database_url, pipeline_runner):
    app = create_app(
        msgspec.structs.replace(settings, web_dist=tmp_path / "nothing"),
        database_url=database_url,
        pipelines=SharedRunner(pipeline_runner),
    )
    with TestClient(app=app) as client:
        response = client.get("/")
    assert response.status_code == 503
    assert "make run" in response.text


def test_a_missing_asset_is_a_404_not_the_index(spa_client):
    """A page of an earlier build asking for a chunk that is gone learns so, and reloads."""
    response = spa_client.get("/assets/index-0ld0ld.js")
    assert response.status_code == 404
    assert "text/html" not in response.headers.get("content-type", "")
