"""What the derived views drew from an entry, taken back when the entry is deleted or its text
edited, in the same transaction as the change, so no screen quotes words the journal no longer holds.

- Pattern insights the pipeline drew from it ("On 11/11/2026 you wrote ...") go; the patterns are
  rebuilt without it (the caller asks for the run), and a deleted entry leaves their entry lists.
- Insights the user saved stay (theirs), without the deleted entry among their sources.
- The personal story: its sources lose the entry; Meaning & Purpose and Career cite no deleted
  entry, nor an edited entry's words it no longer holds (a principle, value or growth area that
  stood on that entry alone goes with it); the story's rewrite is asked for by the caller.
- Kept tasks from a deleted entry lose their "Why now" (it quotes the entry); weekly-focus
  suggestions prepared from it and not yet served are dropped.
"""

from __future__ import annotations

import uuid
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncSession

from models import Insight, Pattern, Profile, Task, WeeklyFocusSuggestion


def _has(column: Any, entry_id: uuid.UUID) -> sa.ColumnElement[bool]:
    """A JSONB list of ids holds this entry's."""
    return column.has_key(str(entry_id))  # jsonb ? text: an array holding that string


def _without(column: Any, key: str) -> Any:
    """The JSONB list without the string `key` (jsonb - text)."""
    return column.op("-", return_type=JSONB)(sa.literal(key, sa.Text()))


def _uncited(value: Any, entry_id: str, content: str | None) -> tuple[Any, bool]:
    """`value` (Meaning or Career as stored) without citations of the entry (all of them when it is
    deleted, `content` None; those quoting words it no longer holds when edited); and whether
    anything stood on that entry alone (then it is dropped from its list)."""
    def gone(cited: Any) -> bool:
        return (isinstance(cited, dict) and cited.get("id") == entry_id and "date" in cited
                and (content is None or not cited.get("quote") or cited["quote"] not in content))

    if isinstance(value, list):
        kept = []
        for item in value:
            if gone(item):
                continue
            cleaned, emptied = _uncited(item, entry_id, content)
            if not emptied:
                kept.append(cleaned)
        return kept, False
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        emptied = False
        for key, item in value.items():
            if key == "entries" and isinstance(item, list):
                left = [c for c in item if not gone(c)]
                emptied = bool(item) and not left
                if len(left) < len(item) and isinstance(value.get("entryCount"), int):
                    out["entryCount"] = max(value["entryCount"] - (len(item) - len(left)), 0)
                out[key] = left
            elif key == "entry" and gone(item):
                out[key] = None
            elif key == "entryCount" and "entryCount" in out:
                continue
            else:
                out[key], _ = _uncited(item, entry_id, content)
        return out, emptied
    return value, False


async def forget_entry(session: AsyncSession, user_id: uuid.UUID, entry_id: uuid.UUID, *,
                       content: str | None = None) -> bool:
    """Take back what was drawn from the entry: it is being deleted (`content` None), or its text
    was edited to `content`. Returns whether pattern insights came from it (the patterns are then
    due a rebuild). Call before the entry's row goes (its id still links what it gave)."""
    deleted = content is None
    key = str(entry_id)
    unsynced = {"synchronize_session": False}
    drawn = await session.execute(sa.delete(Insight).where(
        Insight.user_id == user_id, Insight.origin == "pipeline",
        sa.or_(Insight.entry_id == entry_id, _has(Insight.source_entry_ids, entry_id)),
    ).execution_options(**unsynced))
    if deleted:
        await session.execute(sa.update(Insight).where(Insight.user_id == user_id,
                                                       _has(Insight.source_entry_ids, entry_id))
                              .values(source_entry_ids=_without(Insight.source_entry_ids, key))
                              .execution_options(**unsynced))
        await session.execute(sa.update(Pattern).where(Pattern.user_id == user_id, _has(Pattern.entry_ids, entry_id))
                              .values(entry_ids=_without(Pattern.entry_ids, key)).execution_options(**unsynced))
        await session.execute(sa.update(Task).where(Task.user_id == user_id, Task.entry_id == entry_id,
                                                    Task.relevance.is_not(None))
                              .values(relevance=None).execution_options(**unsynced))
    await session.execute(sa.delete(WeeklyFocusSuggestion).where(
        WeeklyFocusSuggestion.user_id == user_id, WeeklyFocusSuggestion.entry_id == entry_id,
        WeeklyFocusSuggestion.served_at.is_(None)).execution_options(**unsynced))

    profile = await session.get(Profile, user_id, with_for_update=True)
    if profile is not None:
        if deleted and key in (profile.source_entry_ids or []):
            profile.source_entry_ids = [i for i in profile.source_entry_ids if i != key]
        for name in ("meaning", "career"):
            stored = getattr(profile, name)
            if stored:
                cleaned, _ = _uncited(stored, key, content)
                if cleaned != stored:
                    setattr(profile, name, cleaned)
    return bool(drawn.rowcount)
