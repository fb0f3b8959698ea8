"""What every flow shares: its result shape and retry policy."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

# Failures are retried with exponential backoff: 2 s, 4 s, 8 s.
TASK_RETRIES = 3
TASK_RETRY_DELAYS = [2, 4, 8]


class FlowResult(msgspec.Struct, kw_only=True):
    flow: str
    status: Literal["done", "skipped", "failed"]
    subject: dict[str, Any]
    outputs: dict[str, Any] = msgspec.field(default_factory=dict)
    reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return msgspec.to_builtins(self)
