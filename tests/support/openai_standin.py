"""A local stand-in for an OpenAI-compatible chat-completions server, for tests.

It is a real HTTP server (uvicorn serving a small ASGI app on 127.0.0.1, a free port, in a
background thread), so the official `openai` client talks to it exactly as it would to OpenAI,
Ollama or vLLM: same URL, headers, JSON bodies, status codes and error bodies. That is what lets
the tests exercise the SDK's own timeout and retry handling, not a mock of it.

Scriptable per test:

    with OpenAIStandIn() as standin:
        standin.script(status(429, retry_after=0.01), ok({"summary": "..."}))  # answered in order
        standin.always(status(500))     # the answer once the script is used up (default: a valid one)
        ...
        standin.requests                # every request seen: path, headers, parsed JSON body, outcome

Behaviours: `ok(content)`, `status(code, retry_after=None)`, `hang(seconds)`, `malformed(content)`,
`empty_choices()`, and `default()` (a valid answer for the schema asked for, see `default_content`).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import socket
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Self

import uvicorn

__all__ = [
    "STANDIN_API_KEY",
    "Behaviour",
    "OpenAIStandIn",
    "RecordedRequest",
    "default",
    "default_content",
    "empty_choices",
    "hang",
    "malformed",
    "ok",
    "status",
]

CHAT_COMPLETIONS = "/v1/chat/completions"
# The key the tests' stand-in wants (the `standin` fixture of tests/conftest.py).
STANDIN_API_KEY = "test-key"


# --------------------------------------------------------------------------------------------------
# Behaviours
# --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Behaviour:
    kind: str  # "ok" | "status" | "hang" | "malformed" | "empty_choices" | "default"
    content: str | None = None
    status_code: int = 200
    retry_after: float | None = None
    seconds: float = 0.0

    def __str__(self) -> str:
        if self.kind == "status":
            return f"status({self.status_code})"
        if self.kind == "hang":
            return f"hang({self.seconds})"
        return f"{self.kind}()"


def ok(content: Any) -> Behaviour:
    """A 200 chat completion whose message content is `content`: a str as is, anything else as JSON."""
    return Behaviour("ok", content=content if isinstance(content, str) else json.dumps(content))


def status(code: int, retry_after: float | None = None) -> Behaviour:
    """An error answer with OpenAI's error body. `retry_after` (seconds, may be fractional) is sent as
    both `retry-after-ms` and `retry-after`. Note the SDK only honours a positive delay: with
    `retry_after=0` (or None) it waits its own exponential backoff (about 0.5 s, 1 s, ...)."""
    return Behaviour("status", status_code=code, retry_after=retry_after)


def hang(seconds: float) -> Behaviour:
    """Send nothing for `seconds` (to trip the client's timeout), then a valid answer if still connected."""
    return Behaviour("hang", seconds=seconds)


def malformed(content: str = "not json") -> Behaviour:
    """A 200 chat completion whose content is not valid for the schema: not JSON by default; pass e.g.
    a JSON object missing required fields for the other kind of malformed."""
    return Behaviour("malformed", content=content)


def empty_choices() -> Behaviour:
    """A 200 chat completion with `choices: []`."""
    return Behaviour("empty_choices")


def default() -> Behaviour:
    """A 200 chat completion with a valid answer for the `response_format.json_schema.name` asked."""
    return Behaviour("default")


# --------------------------------------------------------------------------------------------------
# Default answers
# --------------------------------------------------------------------------------------------------

# Recognisable values, unlike anything the local provider would produce, so a test can tell whose
# answer it is looking at.
DEFAULT_ANSWERS: dict[str, dict[str, Any]] = {
    "entry_analysis": {
        "mood": {"mood": "loving", "emoji": "\U0001f970", "text": "Loving"},
        "summary": "Summary written by the OpenAI stand-in.",
        "highlights": [
            {
                "type": "task",
                "reformulation": "Send the stand-in report",
                "metadata": {"timeframe": "week", "priority": "medium"},
            }
        ],
        "relatedGoals": [],
        "relatedProjects": [],
    },
    "summary": {"summary": "Summary written by the OpenAI stand-in."},
    "profile": {
        "shortSummary": "Profile written by the OpenAI stand-in.",
        "fullProfile": "A profile.\n\n**Concrete Actions**:\n1. One\n2. Two\n3. Three\n4. Four\n5. Five",
        "blindspots": ["Stand-in blindspot"],
        "sourceEntryIds": [],
    },
    "answer": {"answer": "Answer written by the OpenAI stand-in."},
}


def _from_schema(schema: dict[str, Any]) -> Any:
    """A minimal value valid for a (small, inlined) JSON schema: for names we have no answer for."""
    if "enum" in schema:
        return schema["enum"][0]
    if "const" in schema:
        return schema["const"]
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return _from_schema(schema[key][0])
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind == "object":
        props = schema.get("properties", {})
        return {name: _from_schema(props[name]) for name in schema.get("required", [])}
    return {"array": [], "string": "stand-in", "integer": 0, "number": 0, "boolean": False, "null": None}.get(
        kind, None
    )


def default_content(body: dict[str, Any]) -> str:
    """The JSON text of a valid answer for the request's `response_format.json_schema`."""
    spec = (body.get("response_format") or {}).get("json_schema") or {}
    name = spec.get("name")
    if name in DEFAULT_ANSWERS:
        return json.dumps(DEFAULT_ANSWERS[name])
    return json.dumps(_from_schema(spec.get("schema") or {"type": "object"}))


# --------------------------------------------------------------------------------------------------
# Records
# --------------------------------------------------------------------------------------------------

@dataclass
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]  # lower-case names
    body: Any  # the parsed JSON body (None if it was not JSON)
    behaviour: str = ""
    status_code: int | None = None  # what was sent; None if the client had gone (a hang)
    received_at: float = field(default_factory=time.monotonic)

    @property
    def schema_name(self) -> str | None:
        if not isinstance(self.body, dict):
            return None
        return ((self.body.get("response_format") or {}).get("json_schema") or {}).get("name")


# --------------------------------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------------------------------

def _error_body(code: int, message: str, kind: str, error_code: str | None = None) -> bytes:
    return json.dumps({"error": {"message": message, "type": kind, "param": None, "code": error_code}}).encode()


_ERRORS = {
    400: ("invalid_request_error", None, "Bad request."),
    401: ("invalid_request_error", "invalid_api_key", "Incorrect API key provided."),
    404: ("invalid_request_error", None, "Not found."),
    429: ("requests", "rate_limit_exceeded", "Rate limit reached for requests."),
    500: ("server_error", None, "The server had an error while processing your request."),
    503: ("server_error", None, "The engine is currently overloaded."),
}


class OpenAIStandIn:
    """The stand-in server. Use as a context manager, or `start()` / `stop()`."""

    def __init__(self, *, api_key: str | None = None) -> None:
        """With `api_key`, requests without `Authorization: Bearer <api_key>` get a 401, as from OpenAI."""
        self.api_key = api_key
        self._lock = threading.Lock()
        self._queue: deque[Behaviour] = deque()
        self._default: Behaviour = default()
        self._requests: list[RecordedRequest] = []
        self._ids = itertools.count(1)
        self._stopping = threading.Event()
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._sock: socket.socket | None = None
        self.port: int | None = None

    # -- scripting ----------------------------------------------------------------------------------

    def script(self, *behaviours: Behaviour) -> None:
        """Queue behaviours: each request takes the next one; when none is left, `always`'s applies."""
        with self._lock:
            self._queue.extend(behaviours)

    def always(self, behaviour: Behaviour) -> None:
        """The behaviour for every request once the script is used up (initially `default()`)."""
        with self._lock:
            self._default = behaviour

    def reset(self) -> None:
        """Empty the script, restore the default answer and forget the requests seen."""
        with self._lock:
            self._queue.clear()
            self._default = default()
            self._requests.clear()

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._requests)

    @property
    def pending(self) -> int:
        """Scripted behaviours not yet used."""
        with self._lock:
            return len(self._queue)

    @property
    def base_url(self) -> str:
        """What to give the `openai` client as base_url."""
        assert self.port is not None, "the stand-in is not started"
        return f"http://127.0.0.1:{self.port}/v1"

    # -- life cycle ---------------------------------------------------------------------------------

    def start(self) -> Self:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        self._sock = sock
        config = uvicorn.Config(
            self._asgi, interface="asgi3", lifespan="off", log_level="warning", access_log=False,
            timeout_graceful_shutdown=2,
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [sock]}, name="openai-standin", daemon=True
        )
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the OpenAI stand-in did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        if self._sock is not None:
            self._sock.close()
            self._sock = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- the ASGI app -------------------------------------------------------------------------------

    async def _asgi(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        raw = b""
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            raw += message.get("body", b"")
            if not message.get("more_body"):
                break
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = None
        record = RecordedRequest(method=scope["method"], path=scope["path"], headers=headers, body=body)
        with self._lock:
            self._requests.append(record)

        if scope["method"] != "POST" or scope["path"] != CHAT_COMPLETIONS:
            record.behaviour = "not found"
            record.status_code = 404
            await self._error(send, 404, message=f"Unknown request URL: {scope['method']} {scope['path']}")
            return
        if self.api_key is not None and headers.get("authorization") != f"Bearer {self.api_key}":
            record.behaviour = "unauthorised"
            record.status_code = 401
            await self._error(send, 401)
            return
        if not isinstance(body, dict) or "model" not in body or not isinstance(body.get("messages"), list):
            record.behaviour = "bad request"
            record.status_code = 400
            await self._error(send, 400, message="The body must be JSON with 'model' and 'messages'.")
            return

        with self._lock:
            behaviour = self._queue.popleft() if self._queue else self._default
        record.behaviour = str(behaviour)

        if behaviour.kind == "hang":
            outcome = await self._hang(receive, behaviour.seconds)
            if outcome == "disconnected":
                return  # the client gave up (its timeout): nothing to send, status_code stays None
            if outcome == "stopping":
                record.status_code = 503
                await self._error(send, 503, message="The stand-in is stopping.")
                return
            behaviour = default()
        if behaviour.kind == "status":
            record.status_code = behaviour.status_code
            await self._error(send, behaviour.status_code, retry_after=behaviour.retry_after)
            return

        if behaviour.kind == "empty_choices":
            choices: list[dict[str, Any]] = []
        else:
            content = default_content(body) if behaviour.kind == "default" else behaviour.content
            choices = [{
                "index": 0,
                "message": {"role": "assistant", "content": content, "refusal": None},
                "logprobs": None,
                "finish_reason": "stop",
            }]
        completion = {
            "id": f"chatcmpl-standin-{next(self._ids)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body["model"],
            "choices": choices,
            "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
            "system_fingerprint": "fp_standin",
        }
        record.status_code = 200
        await self._send(send, 200, json.dumps(completion).encode())

    async def _hang(self, receive: Any, seconds: float) -> str:
        """Wait `seconds` ("done"), unless the client disconnects first ("disconnected") or the
        stand-in stops ("stopping")."""
        deadline = time.monotonic() + seconds
        disconnected = asyncio.ensure_future(receive())
        try:
            while time.monotonic() < deadline and not self._stopping.is_set():
                await asyncio.wait({disconnected}, timeout=min(0.02, max(deadline - time.monotonic(), 0)))
                if disconnected.done():
                    if disconnected.result()["type"] == "http.disconnect":
                        return "disconnected"
                    disconnected = asyncio.ensure_future(receive())
            return "stopping" if self._stopping.is_set() else "done"
        finally:
            disconnected.cancel()

    async def _error(self, send: Any, code: int, *, message: str | None = None,
                     retry_after: float | None = None) -> None:
        kind, error_code, text = _ERRORS.get(code, ("server_error", None, f"HTTP {code}."))
        extra: list[tuple[bytes, bytes]] = []
        if retry_after is not None:
            extra.append((b"retry-after-ms", str(int(retry_after * 1000)).encode()))
            extra.append((b"retry-after", str(int(retry_after)).encode()))
        await self._send(send, code, _error_body(code, message or text, kind, error_code), extra)

    @staticmethod
    async def _send(send: Any, code: int, payload: bytes, extra: list[tuple[bytes, bytes]] | None = None) -> None:
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(payload)).encode()),
            (b"x-request-id", b"req_standin"),
            *(extra or []),
        ]
        await send({"type": "http.response.start", "status": code, "headers": headers})
        await send({"type": "http.response.body", "body": payload})
