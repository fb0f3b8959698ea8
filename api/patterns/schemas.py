"""Patterns, Go Deep and resources as the API shows them (spec part 2 sections 3 and 7)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Literal

import msgspec

from api.insights.schemas import InsightOut
from models import Insight, Pattern


class PatternOut(msgspec.Struct, rename="camel", kw_only=True):
    id: uuid.UUID
    name: str
    description: str
    keywords: list[str]
    entry_ids: list[str]
    insights: list[InsightOut]  # newest first
    created_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, p: Pattern, insights: Sequence[Insight]) -> PatternOut:
        return cls(id=p.id, name=p.name, description=p.description, keywords=list(p.keywords or []),
                   entry_ids=list(p.entry_ids or []), insights=[InsightOut.of(i) for i in insights],
                   created_at=p.created_at, updated_at=p.updated_at)


class RefreshOut(msgspec.Struct, rename="camel", kw_only=True):
    run_id: str
    state: Literal["scheduled", "running", "completed", "failed"]


class GenerateInsightIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    pattern_id: str
    insights: list[str] = msgspec.field(default_factory=list)


class GenerateInsightOut(msgspec.Struct, rename="camel", kw_only=True):
    generated_insight: str
    pattern_id: uuid.UUID
    entry_ids: list[str]  # the entries it was drawn from


class FindResourcesIn(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    text: str
    type: str = "insight"


class ResourceOut(msgspec.Struct, kw_only=True):
    type: Literal["article", "video", "book", "course", "tool", "other"]
    title: str
    description: str
    url: str


class FindResourcesOut(msgspec.Struct, kw_only=True):
    resources: list[ResourceOut]
