"""Weekly focus over the database: one suggestion for a user and domain, or the schedule's
preparation of every active user's three. Plain functions; `pipelines/flows/weekly_focus.py`
wraps them as the `weekly-focus` flow.

- `suggest_weekly_focus(user_id, domain)`: what the weekly-focus call answers. A suggestion the
  schedule prepared this week is served first, if it still repeats no open task (and, when it was
  a general one, the journal still holds nothing for the domain); otherwise a new one is made by
  the configured provider, the local one standing in on any failure. Either way it is stored as
  served (`WeeklyFocusSuggestion`).
- `prepare_weekly_focus()`: for each active user (an entry written in the last ACTIVE_DAYS days)
  and each domain without a prepared suggestion this week, one suggestion, stored unserved.
"""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from models import JournalEntry, User, WeeklyFocusSuggestion
from models.dates import format_entry_date
from pipelines import db
from pipelines.highlights import find_duplicates
from pipelines.weekly_focus.domains import DOMAINS
from pipelines.weekly_focus.local import FocusDraft, general_suggestion, with_headlines
from pipelines.weekly_focus.material import WEEK, FocusMaterial, gather

ACTIVE_DAYS = 14
MAX_TEXT_CHARS = 2000


def _uuid(value: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


def draft_for(material: FocusMaterial) -> tuple[FocusDraft, str, str | None]:
    """The suggestion, the provider that made it, and why the local one stood in (if it did).
    With nothing in the journal for the domain no provider is asked: the answer is a general one."""
    if not material.has_material:
        return general_suggestion(material), "local", None
    from pipelines.providers import get_providers

    outcome = get_providers().run(lambda p: p.suggest_weekly_focus(material))
    return outcome.value, outcome.provider, outcome.fallback_reason


def as_answer(row: WeeklyFocusSuggestion, entry_day: date | None, fallback: str | None = None) -> dict[str, Any]:
    return {
        "suggestionId": str(row.id), "text": row.text, "priority": row.priority,
        "estimatedTime": row.estimated_time, "type": row.domain, "relevance": row.relevance,
        "general": row.is_general, "provider": row.provider,
        "entryId": str(row.entry_id) if row.entry_id else None,
        "entryDate": format_entry_date(entry_day) if entry_day else None,
        "fallback": fallback,
    }


def _store(s: Session, user_id: uuid.UUID, domain: str, draft: FocusDraft, provider: str, origin: str,
           material: FocusMaterial) -> WeeklyFocusSuggestion:
    entry_id = _uuid(draft.entry_id) if draft.entry_id else None
    if entry_id is not None and s.scalar(sa.select(JournalEntry.id).where(
            JournalEntry.id == entry_id, JournalEntry.user_id == user_id)) is None:
        entry_id = None  # never link another user's (or a deleted) entry
    row = WeeklyFocusSuggestion(
        user_id=user_id, domain=domain, text=draft.text[:MAX_TEXT_CHARS], priority=draft.priority,
        estimated_time=draft.estimated_time[:64], relevance=draft.relevance[:MAX_TEXT_CHARS], entry_id=entry_id,
        is_general=draft.general, provider=provider, origin=origin,
        served_at=datetime.now(UTC) if origin == "request" else None,
    )
    s.add(row)
    s.flush()
    return row


def _entry_day(s: Session, entry_id: uuid.UUID | None) -> date | None:
    return s.scalar(sa.select(JournalEntry.entry_date).where(JournalEntry.id == entry_id)) if entry_id else None


def _still_fresh(row: WeeklyFocusSuggestion, material: FocusMaterial) -> bool:
    if row.is_general and material.has_material:
        return False
    headline = row.text.split(". ")[0]
    return find_duplicates([headline], with_headlines(material.open_tasks + material.done_this_week))[0] is None


def suggest_weekly_focus(user_id: str, domain: str, *, today: date | None = None) -> dict[str, Any]:
    key = _uuid(user_id)
    domain = domain if domain in DOMAINS else "personal"  # unknown types fall back to personal
    if key is None:
        return {"status": "skipped", "reason": "no such user"}
    with db.session() as s:
        if s.get(User, key) is None:
            return {"status": "skipped", "reason": "no such user"}
        material = gather(s, key, domain, today)
        prepared = s.scalars(
            sa.select(WeeklyFocusSuggestion).where(
                WeeklyFocusSuggestion.user_id == key, WeeklyFocusSuggestion.domain == domain,
                WeeklyFocusSuggestion.origin == "schedule", WeeklyFocusSuggestion.served_at.is_(None),
                WeeklyFocusSuggestion.created_at >= datetime.now(UTC) - WEEK,
            ).order_by(WeeklyFocusSuggestion.created_at.desc()).with_for_update(skip_locked=True)
        ).first()
        if prepared is not None and _still_fresh(prepared, material):
            prepared.served_at = datetime.now(UTC)
            answer = as_answer(prepared, _entry_day(s, prepared.entry_id))
            s.commit()
            return {"status": "done", "servedPrepared": True, "suggestion": answer}
        s.rollback()
    draft, provider, fallback = draft_for(material)
    with db.session() as s:
        row = _store(s, key, domain, draft, provider, "request", material)
        answer = as_answer(row, _entry_day(s, row.entry_id), fallback)
        s.commit()
    return {"status": "done", "servedPrepared": False, "suggestion": answer}


def active_users(s: Session, today: date) -> list[uuid.UUID]:
    since = today - timedelta(days=ACTIVE_DAYS)
    return list(s.scalars(sa.select(JournalEntry.user_id).where(JournalEntry.entry_date >= since).distinct()))


def prepare_weekly_focus(user_ids: list[str] | None = None, *, today: date | None = None) -> dict[str, Any]:
    """One unserved suggestion per domain for each active user (or the given ones) that has none
    from this week. Idempotent within the week: a second run prepares nothing new."""
    today = today or datetime.now(UTC).date()
    with db.session() as s:
        users = active_users(s, today) if user_ids is None else [k for k in map(_uuid, user_ids) if k is not None]
    prepared = 0
    for user_id in users:
        for domain in DOMAINS:
            with db.session() as s:
                if s.get(User, user_id) is None:
                    break
                waiting = s.scalar(sa.select(sa.func.count()).where(
                    WeeklyFocusSuggestion.user_id == user_id, WeeklyFocusSuggestion.domain == domain,
                    WeeklyFocusSuggestion.origin == "schedule", WeeklyFocusSuggestion.served_at.is_(None),
                    WeeklyFocusSuggestion.created_at >= datetime.now(UTC) - WEEK))
                if waiting:
                    continue
                material = gather(s, user_id, domain, today)
            draft, provider, _ = draft_for(material)
            with db.session() as s:
                _store(s, user_id, domain, draft, provider, "schedule", material)
                s.commit()
            prepared += 1
    return {"status": "done", "users": len(users), "prepared": prepared}
