"""What belongs to an entry besides its own columns: the insights drawn from it, the tasks,
projects and goals its analysis drew from it (its `highlights`), and its photos. Read for a page
of entries at once (a few queries, never one per entry)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from models import Goal, JournalEntry, Photo, Project, Task


@dataclass
class EntryDetails:
    insights: dict[uuid.UUID, list[Any]] = field(default_factory=dict)
    highlights: dict[uuid.UUID, list[Any]] = field(default_factory=dict)
    photos: dict[uuid.UUID, list[Any]] = field(default_factory=dict)

    def of(self, entry_id: uuid.UUID) -> dict[str, list[Any]]:
        return {"insights": self.insights.get(entry_id, []), "highlights": self.highlights.get(entry_id, []),
                "photos": self.photos.get(entry_id, [])}


async def entry_details(session: AsyncSession, user_id: uuid.UUID, entries: Sequence[JournalEntry]) -> EntryDetails:
    """The insights, highlights and photos of `entries` (all the user's own)."""
    from api.insights.schemas import InsightOut
    from api.insights.services import InsightService
    from api.journal.schemas import EntryHighlight, HighlightMeta
    from api.photos.schemas import PhotoOut

    details = EntryDetails()
    ids = [entry.id for entry in entries]
    if not ids:
        return details
    wanted = set(ids)
    drawn = await InsightService(session=session).by_entry(user_id, ids)
    details.insights = {key: [InsightOut.of(i) for i in rows] for key, rows in drawn.items() if key in wanted}

    def add(entry_id: uuid.UUID | None, highlight: EntryHighlight) -> None:
        if entry_id is not None:
            details.highlights.setdefault(entry_id, []).append(highlight)

    for chunk in (ids[i:i + 1000] for i in range(0, len(ids), 1000)):
        tasks = await session.scalars(sa.select(Task).where(Task.user_id == user_id, Task.entry_id.in_(chunk))
                                      .order_by(Task.created_at))
        for t in tasks:
            add(t.entry_id, EntryHighlight(id=t.id, type="task", reformulation=t.text, metadata=HighlightMeta(
                timeframe=t.timeframe, priority=t.priority, project_ref=t.project_ref)))
        projects = await session.scalars(sa.select(Project).where(Project.user_id == user_id,
                                                                  Project.entry_id.in_(chunk))
                                         .order_by(Project.created_at))
        for p in projects:
            add(p.entry_id, EntryHighlight(id=p.id, type="project", reformulation=p.name, metadata=HighlightMeta(
                timeframe=None, parent_id=str(p.parent_id) if p.parent_id else None)))
        goals = await session.scalars(sa.select(Goal).where(Goal.user_id == user_id, Goal.entry_id.in_(chunk))
                                      .order_by(Goal.created_at))
        for g in goals:
            add(g.entry_id, EntryHighlight(id=g.id, type="goal", reformulation=g.text,
                                           metadata=HighlightMeta(timeframe=g.timeframe)))
        photos = await session.scalars(sa.select(Photo).where(Photo.user_id == user_id, Photo.entry_id.in_(chunk)).order_by(Photo.created_at))
        for photo in photos:
            details.photos.setdefault(photo.entry_id, []).append(PhotoOut.of(photo))
    return details
