"""The input classes schemathesis does not generate, sent to every operation that takes a body or a
query string (issue 18: each of them once answered 500 somewhere):

- the operation's body sent as `text/plain` and with no content type, with a NUL in every string;
- NUL inside JSON carried in a string field (the web app sends mood and related goals that way);
- bytes that are not UTF-8, and JSON nested 1,000 deep;
- every string one character over its declared `maxLength`, and 1 MB in every string without one;
- a wrong-shaped value (a string, a list, a number) for every object-typed field;
- hostile query strings (enormous numbers in date phrases, NUL, 10,000 characters).

Each must be a 4xx (or a success that stored nothing it could not), never a 5xx, and every
response carries an X-Request-Id. Runs with the fuzzing world of conftest.py (a signed-in user
with real data; real ids in the paths)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.fuzz.conftest import load_schema

SCHEMA = load_schema()
NUL = "\u0000"
SKIPPED = {("POST", "/api/auth/logout"), ("DELETE", "/api/users/account")}
HOSTILE_QUERIES = ["last 99999999999 days", "99999999999 days ago", "in March 0000", "x" * 10_000,
                   "a" + NUL + "b", "-1", "9" * 40]


def _resolve(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        schema = SCHEMA["components"]["schemas"][name]
    return schema


def _example(schema: dict[str, Any], depth: int = 0) -> Any:
    """A plausible value for `schema` (enough to reach the handler's checks)."""
    schema = _resolve(schema)
    for key in ("oneOf", "anyOf"):
        if key in schema:
            options = [s for s in schema[key] if _resolve(s).get("type") != "null"]
            return _example(options[0], depth) if options else None
    kind = schema.get("type")
    if "enum" in schema:
        return schema["enum"][0]
    if kind == "object" or "properties" in schema:
        if depth > 3:
            return {}
        return {name: _example(sub, depth + 1) for name, sub in schema.get("properties", {}).items()}
    if kind == "array":
        return [_example(schema.get("items", {}), depth + 1)] if depth < 3 else []
    if kind == "integer":
        return 1
    if kind == "number":
        return 1.0
    if kind == "boolean":
        return False
    return "Plan the week ahead"


def _strings(schema: dict[str, Any], path: tuple = (), depth: int = 0):
    """(path, its schema) for every string field reachable in `schema`."""
    schema = _resolve(schema)
    if depth > 4:
        return
    for key in ("oneOf", "anyOf"):
        for option in schema.get(key, []):
            yield from _strings(option, path, depth + 1)
    if schema.get("type") == "string":
        yield path, schema
    for name, sub in schema.get("properties", {}).items():
        yield from _strings(sub, (*path, name), depth + 1)


def _objects(schema: dict[str, Any], path: tuple = (), depth: int = 0):
    schema = _resolve(schema)
    for name, sub in schema.get("properties", {}).items():
        resolved = _resolve(sub)
        if resolved.get("type") == "object" or "properties" in resolved:
            yield (*path, name)
            if depth < 3:
                yield from _objects(resolved, (*path, name), depth + 1)


def _set(body: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    body = dict(body) if isinstance(body, dict) else {}
    body[path[0]] = _set(body.get(path[0], {}), path[1:], value)
    return body


def _with_nul(value: Any) -> Any:
    if isinstance(value, str):
        return value + NUL
    if isinstance(value, dict):
        return {k: _with_nul(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_with_nul(v) for v in value]
    return value


def _operations():
    for path, item in SCHEMA["paths"].items():
        for method, operation in item.items():
            if method.upper() in SKIPPED or (method.upper(), path) in SKIPPED:
                continue
            content = (operation.get("requestBody") or {}).get("content", {})
            json_body = content.get("application/json", {}).get("schema")
            queries = [p for p in operation.get("parameters", []) if p.get("in") == "query"
                       and _resolve(p.get("schema", {})).get("type") in ("string", None)]
            if json_body or queries:
                yield pytest.param(method.upper(), path, json_body, queries, id=f"{method.upper()} {path}")


def _bodies(body_schema: dict[str, Any]) -> list[tuple[str, bytes, str | None]]:
    """(label, raw body, content type) for every input class of one operation."""
    example = _example(body_schema)
    encoded = json.dumps(example).encode()
    nul = json.dumps(_with_nul(example)).encode()
    cases = [
        ("nul as text/plain", nul, "text/plain"),
        ("nul with no content type", nul, None),
        ("invalid utf-8", encoded[:-1] + b' "\xff\xfe"' if encoded.endswith(b"}") else b'"\xff\xfe"',
         "application/json"),
        ("nested 1000 deep", ("[" * 1000 + "]" * 1000).encode(), "application/json"),
    ]
    for path, schema in _strings(body_schema):
        if not path:
            continue
        name = ".".join(path)
        limit = schema.get("maxLength")
        too_long = "x" * (limit + 1) if limit else "x" * 1_000_000
        cases.append((f"{name} too long", json.dumps(_set(example, path, too_long)).encode(), "application/json"))
        inner = json.dumps({"text": "calm" + NUL, "items": ["a" + NUL]})
        cases.append((f"{name} json-in-string nul", json.dumps(_set(example, path, inner)).encode(),
                      "application/json"))
    for path in _objects(body_schema):
        for wrong in ("text", ["a", 1], 7):
            cases.append((f"{'.'.join(path)} as {type(wrong).__name__}",
                          json.dumps(_set(example, path, wrong)).encode(), "application/json"))
    return cases


def _fill_path(world, path: str) -> str:
    real = {"{entry_id}": world.entries[1], "{photo_id}": world.photos[0], "{task_id}": world.tasks[0]}
    for placeholder, value in real.items():
        path = path.replace(placeholder, value)
    while "{" in path:
        start, end = path.index("{"), path.index("}")
        path = path[:start] + "00000000-0000-4000-8000-000000000000" + path[end + 1:]
    return path


@pytest.mark.parametrize("method, path, body_schema, queries", list(_operations()))
def test_input_classes_never_answer_5xx(fuzz_world, method, path, body_schema, queries):
    url = _fill_path(fuzz_world, path)
    failures = []
    attempts: list[tuple[str, dict[str, Any]]] = []
    if body_schema is not None:
        for label, raw, content_type in _bodies(body_schema):
            headers = {"Content-Type": content_type} if content_type else {}
            attempts.append((label, {"data": raw, "headers": headers}))
    for parameter in queries:
        for value in HOSTILE_QUERIES:
            attempts.append((f"?{parameter['name']}={value[:20]!r}", {"params": {parameter["name"]: value}}))
    for label, kwargs in attempts:
        fuzz_world.app.state.rate_limiter = type(fuzz_world.app.state.rate_limiter)()
        response = fuzz_world.call(method, url, **kwargs)
        if response.status_code >= 500 or not response.headers.get("x-request-id"):
            failures.append(f"{label}: {response.status_code} {response.text[:200]}")
    assert not failures, f"{method} {path}:\n" + "\n".join(failures)
