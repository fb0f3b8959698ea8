"""The resume as the API shows it. The spec's client reads an `error` field as "no resume"."""

from __future__ import annotations

from datetime import datetime

import msgspec


class ResumeIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    content: str


class ResumeOut(msgspec.Struct, rename="camel", kw_only=True, omit_defaults=True):
    content: str | None = None
    updated_at: datetime | None = None
    error: str | None = None
    success: bool = True
