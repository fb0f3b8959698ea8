"""Insights as the API shows them (spec part 2 section 3, "Insight")."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Annotated, Any

import msgspec

from api.validation import column_length
from models import Insight


class InsightIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    text: str
    type: str = "insight"
    context: dict[str, Any] | str | None = None
    time_estimate: Annotated[str, msgspec.Meta(max_length=column_length(Insight.time_estimate))] | None = None
    related_tasks: list[str] = msgspec.field(default_factory=list)
    entry_id: str | None = None
    pattern_id: str | None = None
    is_ai_generated: bool = False


class InsightOut(msgspec.Struct, rename="camel", kw_only=True):
    id: uuid.UUID
    text: str
    type: str
    entry_id: uuid.UUID | None
    pattern_id: uuid.UUID | None
    time_estimate: str | None
    related_tasks: list[str]
    is_ai_generated: bool
    short_title: str | None
    layers: list[Any]
    origin: str  # "user" (saved or edited by the user) or "pipeline" (drawn by the pattern pipeline)
    source_entry_ids: list[str]  # the entries it was drawn from
    created_at: datetime

    @classmethod
    def of(cls, i: Insight) -> InsightOut:
        return cls(id=i.id, text=i.text, type=i.type, entry_id=i.entry_id, pattern_id=i.pattern_id,
                   time_estimate=i.time_estimate, related_tasks=list(i.related_tasks or []),
                   is_ai_generated=i.is_ai_generated, short_title=i.short_title, layers=list(i.layers or []),
                   origin=i.origin, source_entry_ids=list(i.source_entry_ids or []), created_at=i.created_at)


class InsightTextIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    text: str


class InsightDeletedOut(msgspec.Struct, kw_only=True):
    message: str
    success: bool = True
