"""Profile regeneration for one user: short summary, full profile with Concrete Actions,
blindspots, and the ids of the entries it drew on.

Triggered by analysed entries once the personal story is unlocked, and by the regenerate call.
The story is given each entry's stored mood and its open, recent tasks and goals (not completed,
not stale), so its mood mix matches the journal and its Concrete Actions are still to do.
"""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta
from typing import Any

from prefect import flow, task

from pipelines.flows._common import TASK_RETRIES, TASK_RETRY_DELAYS, FlowResult

FLOW_NAME = "profile-regeneration"
# A task said more than this many days ago, without a due date still ahead, is stale for the story;
# a goal is kept this long (goals are for the month, the quarter or the year).
STORY_TASK_DAYS = 14
STORY_GOAL_DAYS = 180
# A task moved out of today/this week by the expiry of stale tasks.
LATER = "later"


def open_actions(tasks: list[Any], goals: list[Any], entry_dates: dict[Any, date], today: date
                 ) -> tuple[dict[Any, list[str]], dict[Any, list[str]]]:
    """Per entry id: its tasks that are neither completed nor stale, and its goals not reached
    and not stale. A task is stale when moved to "later", when its due date has passed, or (with
    no due date) when the entry that said it is more than STORY_TASK_DAYS old."""
    open_tasks: dict[Any, list[str]] = {}
    open_goals: dict[Any, list[str]] = {}
    for row in tasks:
        said = entry_dates.get(row.entry_id)
        if row.entry_id is None or said is None or row.completed or row.timeframe == LATER:
            continue
        due = getattr(row, "due_date", None)
        if (due is not None and due < today) or (due is None and today - said > timedelta(days=STORY_TASK_DAYS)):
            continue
        open_tasks.setdefault(row.entry_id, []).append(row.text)
    for row in goals:
        said = entry_dates.get(row.entry_id)
        if row.entry_id is None or said is None or (row.progress or 0) >= 100:
            continue
        if today - said > timedelta(days=STORY_GOAL_DAYS):
            continue
        open_goals.setdefault(row.entry_id, []).append(row.text)
    return open_tasks, open_goals


def regenerate_profile(user_id: str, *, force: bool = False) -> dict[str, Any]:
    import sqlalchemy as sa
    from sqlalchemy.orm import undefer

    from models import Goal, JournalEntry, Profile, Task
    from models.dates import format_entry_date
    from pipelines import db
    from pipelines.providers import get_providers
    from pipelines.providers.base import ProfileEntry
    from pipelines.rules import UNLOCK_PROFILE

    try:
        key = uuid.UUID(str(user_id))
    except ValueError:
        return {"status": "skipped", "reason": "no such user"}
    today = datetime.now(UTC).date()
    with db.session() as s:
        entries = s.scalars(
            sa.select(JournalEntry).options(undefer(JournalEntry.embedding)).where(JournalEntry.user_id == key)
            .order_by(JournalEntry.entry_date, JournalEntry.created_at)
        ).all()
        if not entries or (len(entries) < UNLOCK_PROFILE and not force):
            return {"status": "skipped", "reason": f"the personal story unlocks at {UNLOCK_PROFILE} entries"}
        tasks = s.scalars(sa.select(Task).where(Task.user_id == key, Task.completed.is_(False))).all()
        goals = s.scalars(sa.select(Goal).where(Goal.user_id == key)).all()
        open_tasks, open_goals = open_actions(list(tasks), list(goals), {e.id: e.entry_date for e in entries}, today)
        material = [
            ProfileEntry(id=str(e.id), date=format_entry_date(e.entry_date), content=e.content, summary=e.summary,
                         mood=(e.mood or {}).get("text"), embedding=e.embedding,
                         open_tasks=open_tasks.get(e.id, []), open_goals=open_goals.get(e.id, []))
            for e in entries
        ]
    outcome = get_providers().run(lambda p: p.build_profile(material))
    draft = outcome.value
    known = {m.id for m in material}
    with db.session() as s:
        profile = s.get(Profile, key) or Profile(user_id=key)
        profile.short_summary = draft.short_summary
        profile.full_profile = draft.full_profile
        profile.blindspots = draft.blindspots
        profile.source_entry_ids = [i for i in draft.source_entry_ids if i in known]
        profile.entry_count = len(material)
        profile.provider = outcome.provider
        profile.updated_at = datetime.now(UTC)
        s.merge(profile)
        s.commit()
    return {"status": "done", "provider": outcome.provider, "entries": len(material)}


def run_profile_regeneration(user_id: str, force: bool = False) -> FlowResult:
    """The plain function under the flow: callable from tests and notebooks without Prefect."""
    outputs = regenerate_profile(user_id, force=force)
    return FlowResult(flow=FLOW_NAME, status=outputs.pop("status"), subject={"userId": user_id},
                      outputs=outputs, reason=outputs.pop("reason", None))


@task(name="profile-regeneration-step", retries=TASK_RETRIES, retry_delay_seconds=TASK_RETRY_DELAYS)
def profile_regeneration_step(user_id: str, force: bool = False) -> FlowResult:
    return run_profile_regeneration(user_id=user_id, force=force)


@flow(name=FLOW_NAME)
def profile_regeneration(user_id: str, force: bool = False) -> dict[str, Any]:
    return profile_regeneration_step(user_id=user_id, force=force).to_dict()
