"""Every JSON success response in the app's OpenAPI schema has a real schema (a $ref to a Struct,
a list of them, or an object with properties), so the web client is typed at every edge."""

from __future__ import annotations

from api.openapi import build_schema


def _typed(schema: dict) -> bool:
    if "$ref" in schema or schema.get("properties"):
        return True
    if schema.get("type") == "array":
        return _typed(schema.get("items", {}))
    return any(_typed(option) for option in schema.get("oneOf", []) + schema.get("anyOf", []))


def test_every_json_success_response_has_a_schema():
    schema = build_schema()
    checked, untyped = 0, []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for status, response in operation["responses"].items():
                content = response.get("content", {}).get("application/json")
                if not status.startswith("2") or content is None:
                    continue
                checked += 1
                if not _typed(content.get("schema", {})):
                    untyped.append(f"{method.upper()} {path} {status}")
    assert checked > 60  # the walk saw the API
    assert not untyped, f"give these a response Struct: {untyped}"
