"""What belongs to an entry besides its own columns: the insights drawn from it, the tasks,
projects and goals its analysis drew from it (its `highlights`), and its photos. Read for a page
of entries at once: two Core statements of only the columns shown (the insights; the tasks,
projects, goals and photos together), never one per entry and no ORM objects."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession

from api.paging import ROW_VERSION, version_tag
from models import Goal, Insight, Photo, Project, Task


@dataclass
class EntryDetails:
    insights: dict[uuid.UUID, list[Any]] = field(default_factory=dict)
    highlights: dict[uuid.UUID, list[Any]] = field(default_factory=dict)
    photos: dict[uuid.UUID, list[Any]] = field(default_factory=dict)
    # The row versions they were read from ("id:xmin" of the insights, "kind:id:xmin" of the rest).
    insight_versions: set[str] = field(default_factory=set)
    attached_versions: set[str] = field(default_factory=set)

    def of(self, entry_id: uuid.UUID) -> dict[str, list[Any]]:
        return {"insights": self.insights.get(entry_id, []), "highlights": self.highlights.get(entry_id, []),
                "photos": self.photos.get(entry_id, [])}


_INSIGHT = Insight.__table__.c
_INSIGHT_COLUMNS = [_INSIGHT[name] for name in (
    "id", "text", "type", "entry_id", "pattern_id", "time_estimate", "related_tasks", "is_ai_generated",
    "short_title", "layers", "origin", "source_entry_ids", "created_at")] + [
    sa.literal_column(ROW_VERSION).label("version")]
# What an entry shows besides its insights, in one UNION ALL: each row is a task, a project, a goal
# (its highlights, in that order) or a photo, oldest first within each kind.
TASK, PROJECT, GOAL, PHOTO = 0, 1, 2, 3


def _none(kind: Any) -> Any:
    return sa.cast(sa.null(), kind)


def _attached() -> sa.Select:
    t, p, g, ph = Task.__table__.c, Project.__table__.c, Goal.__table__.c, Photo.__table__.c
    text, uuid_, number = sa.Text(), sa.Uuid(), sa.Integer()
    user_id, ids = sa.bindparam("user_id", type_=uuid_), sa.bindparam("ids", type_=ARRAY(uuid_))

    def branch(kind: int, c: Any, text_column: Any, timeframe: Any, priority: Any, project_ref: Any,
               parent_id: Any, caption: Any, width: Any, height: Any) -> sa.Select:
        return sa.select(sa.literal(kind, number).label("kind"), c.entry_id, c.id, c.created_at,
                         text_column.label("text"), timeframe.label("timeframe"), priority.label("priority"),
                         project_ref.label("project_ref"), parent_id.label("parent_id"), caption.label("caption"),
                         width.label("width"), height.label("height"), sa.literal_column(ROW_VERSION).label("version")
                         ).where(c.user_id == user_id, c.entry_id == sa.any_(ids))

    union = sa.union_all(
        branch(TASK, t, t.text, t.timeframe, t.priority, t.project_ref, _none(uuid_), _none(text), _none(number),
               _none(number)),
        branch(PROJECT, p, p.name, _none(text), _none(text), _none(text), p.parent_id, _none(text),
               _none(number), _none(number)),
        branch(GOAL, g, g.text, g.timeframe, _none(text), _none(text), _none(uuid_), _none(text), _none(number),
               _none(number)),
        branch(PHOTO, ph, _none(text), _none(text), _none(text), _none(text), _none(uuid_), ph.caption, ph.width,
               ph.height),
    ).subquery("attached")
    return sa.select(union).order_by(union.c.kind, union.c.created_at)


def _insights() -> sa.Select:
    """The insights drawn from each entry (its entryId, or one of the entries a pattern insight came
    from), newest first."""
    drawn = sa.or_(_INSIGHT.entry_id == sa.any_(sa.bindparam("ids", type_=ARRAY(sa.Uuid()))),
                   _INSIGHT.source_entry_ids.has_any(sa.bindparam("id_texts", type_=ARRAY(sa.Text()))))
    return (sa.select(*_INSIGHT_COLUMNS).where(_INSIGHT.user_id == sa.bindparam("user_id", type_=sa.Uuid()), drawn)
            .order_by(_INSIGHT.created_at.desc()))


# Built once: the statements bind the user and the page's ids.
ATTACHED, INSIGHTS = _attached(), _insights()


async def entry_details(session: AsyncSession, user_id: uuid.UUID, entries: Sequence[Any]) -> EntryDetails:
    """The insights, highlights and photos of `entries` (all the user's own; rows or models with an
    `id`). Rows go straight into the response's Structs (`InsightOut.of`, `PhotoOut.of` read attributes)."""
    from api.insights.schemas import InsightOut
    from api.journal.schemas import EntryHighlight, HighlightMeta
    from api.photos.schemas import PhotoOut

    details = EntryDetails()
    ids = [entry.id for entry in entries]
    for chunk in (ids[i:i + 1000] for i in range(0, len(ids), 1000)):
        insights = await session.execute(INSIGHTS, {"user_id": user_id, "ids": chunk,
                                                    "id_texts": [str(i) for i in chunk]})
        in_chunk = set(chunk)
        for row in insights:
            details.insight_versions.add(f"{row.id}:{row.version}")
            shown = None
            sources = {str(row.entry_id)} if row.entry_id else set()
            sources.update(row.source_entry_ids or ())
            for source in sources:
                try:
                    key = uuid.UUID(source)
                except ValueError:
                    continue
                if key in in_chunk:
                    shown = shown or InsightOut.of(row)
                    details.insights.setdefault(key, []).append(shown)
        for row in await session.execute(ATTACHED, {"user_id": user_id, "ids": chunk}):
            details.attached_versions.add(f"{row.kind}:{row.id}:{row.version}")
            if row.kind == PHOTO:
                details.photos.setdefault(row.entry_id, []).append(PhotoOut.of(row))
                continue
            if row.kind == TASK:
                highlight = EntryHighlight(id=row.id, type="task", reformulation=row.text, metadata=HighlightMeta(
                    timeframe=row.timeframe, priority=row.priority, project_ref=row.project_ref))
            elif row.kind == PROJECT:
                highlight = EntryHighlight(id=row.id, type="project", reformulation=row.text, metadata=HighlightMeta(
                    timeframe=None, parent_id=str(row.parent_id) if row.parent_id else None))
            else:
                highlight = EntryHighlight(id=row.id, type="goal", reformulation=row.text,
                                           metadata=HighlightMeta(timeframe=row.timeframe))
            details.highlights.setdefault(row.entry_id, []).append(highlight)
    return details


# The versions of everything the entry list's first page is built from, in one statement: the total,
# the page's entries (`fetch` = limit + 1, as the page reads them), and the insights, highlights and
# photos of the `limit` entries it shows. The same strings as the full read collects.
FIRST_PAGE_VERSIONS = sa.text("""
WITH page AS (
    SELECT id, entry_date, created_at, xmin::text AS version FROM journal_entries
    WHERE user_id = :user_id ORDER BY entry_date DESC, created_at DESC, id DESC LIMIT :fetch),
shown AS (SELECT id FROM page ORDER BY entry_date DESC, created_at DESC, id DESC LIMIT :limit)
SELECT
    (SELECT count(*) FROM journal_entries WHERE user_id = :user_id) AS total,
    ARRAY(SELECT id::text || ':' || version FROM page) AS entries,
    ARRAY(SELECT id::text || ':' || xmin::text FROM insights WHERE user_id = :user_id
          AND (entry_id IN (SELECT id FROM shown) OR source_entry_ids ?| ARRAY(SELECT id::text FROM shown))
    ) AS insights,
    ARRAY(SELECT '0:' || id::text || ':' || xmin::text FROM tasks
              WHERE user_id = :user_id AND entry_id IN (SELECT id FROM shown)
          UNION ALL SELECT '1:' || id::text || ':' || xmin::text FROM projects
              WHERE user_id = :user_id AND entry_id IN (SELECT id FROM shown)
          UNION ALL SELECT '2:' || id::text || ':' || xmin::text FROM goals
              WHERE user_id = :user_id AND entry_id IN (SELECT id FROM shown)
          UNION ALL SELECT '3:' || id::text || ':' || xmin::text FROM photos
              WHERE user_id = :user_id AND entry_id IN (SELECT id FROM shown)
    ) AS attached
""")


def first_page_tag(limit: int, total: int, entries: set[str], insights: set[str], attached: set[str]) -> str:
    """The entry list's first page's ETag: its size, the total, and the versions of its entries (as
    the page read them: one more than it shows) and of their insights, highlights and photos."""
    return version_tag(f"limit:{limit}", f"total:{total}", entries, insights, attached)


async def first_page_state(session: AsyncSession, user_id: uuid.UUID, limit: int) -> tuple[int, str]:
    """The entry list's total and its first page's ETag, from the row versions alone."""
    row = (await session.execute(FIRST_PAGE_VERSIONS, {"user_id": user_id, "fetch": limit + 1, "limit": limit})).one()
    return row.total, first_page_tag(limit, row.total, set(row.entries), set(row.insights), set(row.attached))
