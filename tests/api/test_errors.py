"""One JSON error shape for every error; a 500 never leaks a traceback."""

from __future__ import annotations

import logging

import msgspec
import pytest
from litestar import get, post

from tests.support.app import app_client


class _Echo(msgspec.Struct):
    content: str
    count: int


@post("/api/_test/echo", sync_to_thread=False, opt={"public": True})
def _echo(data: _Echo) -> _Echo:
    return data


@get("/api/_test/boom", sync_to_thread=False, opt={"public": True})
def _boom() -> None:
    raise RuntimeError("secret internals: password=hunter2")


@pytest.fixture
def error_client(app):
    app.register(_echo)
    app.register(_boom)
    with app_client(app, raise_server_exceptions=False) as client:
        yield client


def test_unknown_api_path_is_json_404(error_client):
    response = error_client.get("/api/no-such-thing")
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("application/json")
    assert response.json()["error"]


def test_wrong_method_is_json_405(error_client):
    response = error_client.delete("/api/health")
    assert response.status_code == 405
    assert response.json()["error"]


def test_malformed_json_is_400(error_client):
    response = error_client.post(
        "/api/_test/echo", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert response.status_code == 400
    assert response.json()["error"]


def test_invalid_field_is_400_naming_the_field(error_client):
    response = error_client.post("/api/_test/echo", json={"content": "hi", "count": "many"})
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == "count"
    assert "count" in body["error"]


@pytest.mark.parametrize(("body", "field", "message"), [
    ({"content": "hi", "count": "5"}, "count", "Expected `int`, got `str`"),
    ({"content": "hi", "count": 5.0}, "count", "Expected `int`, got `float`"),
    ({"content": 1, "count": 5}, "content", "Expected `str`, got `int`"),
])
def test_a_value_of_another_json_type_is_400_not_converted(error_client, body, field, message):
    """Litestar converts bodies leniently ("5" -> 5, 1 -> True); the body guard refuses them first."""
    response = error_client.post("/api/_test/echo", json=body)
    assert response.status_code == 400, response.text
    assert (response.json()["field"], response.json()["error"]) == (field, f"Invalid value for '{field}': {message}")
    assert error_client.post("/api/_test/echo", json={"content": "hi", "count": 5}).json() == {
        "content": "hi", "count": 5}


def test_missing_field_is_400(error_client):
    response = error_client.post("/api/_test/echo", json={"content": "hi"})
    assert response.status_code == 400
    assert "count" in response.json()["error"]


def test_500_is_logged_under_the_request_id_and_hides_the_traceback(error_client):
    records: list[logging.LogRecord] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    handler = Collect()
    logging.getLogger("reverie.errors").addHandler(handler)
    try:
        response = error_client.get("/api/_test/boom")
    finally:
        logging.getLogger("reverie.errors").removeHandler(handler)

    assert response.status_code == 500
    body = response.json()
    assert body["error"] == "Internal server error"
    request_id = body["requestId"]
    assert request_id == response.headers["x-request-id"]
    assert "hunter2" not in response.text and "Traceback" not in response.text
    logged = [r for r in records if isinstance(r.msg, dict) and r.msg.get("request_id") == request_id]
    assert logged, "the 500 was not logged under its request id"
    assert "hunter2" in str(logged[0].msg["exc_info"])


def test_client_request_id_is_kept_only_when_safe(error_client):
    kept = error_client.get("/api/health", headers={"x-request-id": "abcdef123456"})
    assert kept.headers["x-request-id"] == "abcdef123456"
    replaced = error_client.get("/api/health", headers={"x-request-id": "bad\nid"})
    assert replaced.headers["x-request-id"] != "bad\nid"


def test_the_schema_documents_the_error_shape_the_app_sends(client):
    """Found by fuzzing: the schema documented Litestar's own 400 body ({detail, status_code}),
    not the app's {"error": ...}, so the typed client and any schema check disagreed with it."""
    import jsonschema

    schema = client.get("/api/schema/openapi.json").json()
    error_schema = schema["components"]["schemas"]["ErrorOut"]
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for status, response in operation["responses"].items():
                if status.startswith("4") or status in ("502",):
                    documented = response["content"]["application/json"]["schema"]
                    assert documented == {"$ref": "#/components/schemas/ErrorOut"}, (method, path, status)
    body = client.post("/api/auth/login", json={"username": 5}).json()  # a real 400
    jsonschema.validate(body, error_schema)
    assert body["error"] and body["field"] == "username"


@pytest.mark.parametrize(("path", "body"), [
    ("/api/journal", {"content": "Dear diary\u0000 today"}),
    ("/api/resume", {"content": "\u0000"}),
    ("/api/tasks", {"text": "Call\u0000 Mum"}),
])
def test_text_with_a_nul_character_is_a_400_and_stores_nothing(client, settings, path, body):
    """PostgreSQL cannot store U+0000 in text: the request is refused before anything is written."""
    from tests.support.accounts import signed_up

    signed_up(client, settings.outbox_dir)
    before = client.get("/api/journal").json()
    response = client.post(path, json=body)
    assert response.status_code == 400, response.text
    assert response.json()["error"] == "Text cannot contain the NUL character (\\u0000)."
    assert client.get("/api/journal").json() == before
    # A backslash followed by "u0000", typed as text, is fine.
    typed = client.post("/api/journal", json={"content": "I typed \\u0000 into a form today."})
    assert typed.status_code == 201 and typed.json()["content"] == "I typed \\u0000 into a form today."
