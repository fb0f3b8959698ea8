"""The health check's answer."""

from __future__ import annotations

from typing import Any, Literal

import msgspec


class ComponentHealth(msgspec.Struct, kw_only=True, omit_defaults=True):
    status: Literal["ready", "starting", "degraded", "error", "stopped"]
    detail: dict[str, Any] = msgspec.field(default_factory=dict)
    error: str | None = None


class Health(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Strangers learn only the statuses; versions, internal addresses, run counts and errors are
    for admins (signed in)."""

    status: Literal["ok", "degraded"]
    version: str | None = None
    database: ComponentHealth
    pipelines: ComponentHealth
    ai: ComponentHealth
