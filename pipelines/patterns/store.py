"""The pattern pipeline over the database: one user's analysed entries in, their patterns and the
insights under them out. Idempotent: a re-run replaces what the last run wrote, never adds to it.

- Patterns keep their id across runs when they keep most of their entries (Jaccard >= 0.5), so an
  insight the user added to a pattern stays under it.
- Insights the pipeline drew (`origin = "pipeline"`) are replaced on every run; insights the user
  saved or edited (`origin = "user"`) are never touched. A pipeline insight the user deleted is
  remembered on its pattern (`dismissed`) and not drawn again.
- A pattern no longer found is removed, unless the user's own insights are under it.
- Runs of one user are serialised by a transaction lock, so two at once cannot both write.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

import numpy as np
import sqlalchemy as sa
from sqlalchemy.orm import undefer

from models import Insight, JournalEntry, Pattern, PatternRun, User
from models.dates import format_entry_date
from pipelines import db
from pipelines.patterns.config import PatternConfig
from pipelines.patterns.pipeline import PatternDraft, PatternPipeline

# The 'after every N newly analysed entries' trigger.
PATTERNS_EVERY_ENTRIES = 5
# Patterns are found among the user's latest analysed entries, this many (a year of daily
# writing, as the personal story reads): clustering is quadratic in the entries it reads.
PATTERN_ENTRIES = 365
SAME_PATTERN_JACCARD = 0.5
SHORT_TITLE_CHARS = 50
_LOCK = 7_310_012


def _analysed(user_id: uuid.UUID) -> Any:
    return sa.and_(JournalEntry.user_id == user_id, JournalEntry.analysed_version > 0,
                   JournalEntry.embedding.is_not(None))


def analysed_count(s: Any, user_id: uuid.UUID) -> int:
    return int(s.scalar(sa.select(sa.func.count()).select_from(JournalEntry).where(_analysed(user_id))) or 0)


def patterns_due(user_id: str, config: PatternConfig | None = None) -> bool:
    """True when the user has PATTERNS_EVERY_ENTRIES more analysed entries than the last run saw,
    or, while they have no pattern yet, any new analysed entry once there are enough to cluster:
    a run that found nothing (too few entries, or no group of them yet) must not make the user
    wait five more entries for their first patterns."""
    uid = uuid.UUID(str(user_id))
    min_entries = (config or PatternConfig.load()).min_entries
    with db.session() as s:
        seen = s.scalar(sa.select(PatternRun.analysed_entries).where(PatternRun.user_id == uid)) or 0
        count = analysed_count(s, uid)
        if count < min_entries or count <= seen:
            return False
        if count - seen >= PATTERNS_EVERY_ENTRIES:
            return True
        return s.scalar(sa.select(sa.exists().where(Pattern.user_id == uid))) is False


def users_to_refresh() -> list[str]:
    """For the nightly run: every user with an analysed entry the last run did not see
    (or any new analysis since: edits re-analyse an entry without adding one)."""
    with db.session() as s:
        last_analysed = (sa.select(JournalEntry.user_id, sa.func.max(JournalEntry.updated_at).label("at"))
                         .where(JournalEntry.analysed_version > 0, JournalEntry.embedding.is_not(None))
                         .group_by(JournalEntry.user_id).subquery())
        rows = s.execute(sa.select(last_analysed.c.user_id).outerjoin(
            PatternRun, PatternRun.user_id == last_analysed.c.user_id).where(
            sa.or_(PatternRun.finished_at.is_(None), PatternRun.finished_at < last_analysed.c.at))).all()
    return sorted(str(r[0]) for r in rows)


def _state(s: Any, uid: uuid.UUID) -> PatternRun:
    state = s.get(PatternRun, uid, with_for_update=True)
    if state is None:
        s.execute(sa.dialects.postgresql.insert(PatternRun).values(user_id=uid, status="idle", analysed_entries=0)
                  .on_conflict_do_nothing())
        state = s.get(PatternRun, uid, with_for_update=True)
    return state


def _jaccard(a: list[str], b: list[str]) -> float:
    sa_, sb = set(a), set(b)
    return len(sa_ & sb) / len(sa_ | sb) if sa_ | sb else 0.0


def refresh_patterns(user_id: str, config: PatternConfig | None = None) -> dict[str, Any]:
    """Cluster the user's analysed entries and write their patterns; returns what was written."""
    uid = uuid.UUID(str(user_id))
    config = config or PatternConfig.load()
    with db.session() as s:
        if s.get(User, uid) is None:
            return {"status": "skipped", "entries": 0, "patterns": [], "insights": 0, "reason": "no such user"}
        s.execute(sa.select(sa.func.pg_advisory_xact_lock(_LOCK, sa.func.hashtext(str(uid)))))
        state = _state(s, uid)
        state.status = "running"
        # The latest PATTERN_ENTRIES analysed entries, oldest first.
        rows = list(reversed(s.execute(
            sa.select(JournalEntry).options(undefer(JournalEntry.embedding)).where(_analysed(uid))
            .order_by(JournalEntry.entry_date.desc(), JournalEntry.created_at.desc())
            .limit(PATTERN_ENTRIES)).scalars().all()))
        drafts: list[PatternDraft] = []
        if len(rows) >= config.min_entries:
            pipeline = PatternPipeline(config=config).fit(
                [r.content for r in rows], np.vstack([np.asarray(r.embedding, dtype=np.float32) for r in rows]),
                ids=[str(r.id) for r in rows], dates=[format_entry_date(r.entry_date) for r in rows],
                moods=[(r.mood or {}).get("text") for r in rows])
            drafts = pipeline.patterns_
        written = _write(s, uid, drafts)
        state.status = "done"
        state.analysed_entries = analysed_count(s, uid)  # all of them: what the trigger counts
        state.finished_at = datetime.now(UTC)
        state.error = None
        s.commit()
    status = "done" if len(rows) >= config.min_entries else "skipped"
    return {"status": status, "entries": len(rows), **written,
            "reason": None if status == "done" else f"{len(rows)} analysed entries, fewer than {config.min_entries}"}


def _write(s: Any, uid: uuid.UUID, drafts: list[PatternDraft]) -> dict[str, Any]:
    old = list(s.scalars(sa.select(Pattern).where(Pattern.user_id == uid).order_by(Pattern.created_at)))
    # Match each new pattern to the old one sharing most of its entries (greedy, best pairs first).
    pairs = sorted(((_jaccard(d.entry_ids, p.entry_ids), i, j) for i, d in enumerate(drafts) for j, p in enumerate(old)),
                   reverse=True)
    matched: dict[int, Pattern] = {}
    taken: set[int] = set()
    for score, i, j in pairs:
        if score < SAME_PATTERN_JACCARD:
            break
        if i not in matched and j not in taken:
            matched[i] = old[j]
            taken.add(j)
    old_ids = [p.id for p in old]
    if old_ids:
        s.execute(sa.delete(Insight).where(Insight.user_id == uid, Insight.origin == "pipeline",
                                           Insight.pattern_id.in_(old_ids)))
    now = datetime.now(UTC)
    kept: list[str] = []
    insights = 0
    for i, draft in enumerate(drafts):
        pattern = matched.get(i)
        if pattern is None:
            pattern = Pattern(id=uuid.uuid4(), user_id=uid, dismissed=[])
            s.add(pattern)
        pattern.name = draft.name[:200]
        pattern.description = draft.description
        pattern.keywords = list(draft.keywords)
        pattern.entry_ids = list(draft.entry_ids)
        pattern.updated_at = now
        s.flush()
        dismissed = set(pattern.dismissed or [])
        for insight in draft.insights:
            if insight.text in dismissed:
                continue
            s.add(Insight(user_id=uid, pattern_id=pattern.id, text=insight.text, type="insight",
                          short_title=insight.text[:SHORT_TITLE_CHARS], is_ai_generated=True, origin="pipeline",
                          source_entry_ids=list(insight.entry_ids), entry_id=uuid.UUID(insight.entry_ids[0]),
                          related_tasks=[], layers=[], created_at=now))
            insights += 1
        kept.append(str(pattern.id))
    gone = [p.id for j, p in enumerate(old) if j not in taken]
    if gone:
        with_user_insights = set(s.scalars(sa.select(Insight.pattern_id).where(
            Insight.user_id == uid, Insight.pattern_id.in_(gone))))
        s.execute(sa.delete(Pattern).where(Pattern.id.in_([g for g in gone if g not in with_user_insights])))
    return {"patterns": kept, "insights": insights}
