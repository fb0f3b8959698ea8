"""Analysis never loses a saved entry: at start-up, every entry whose analysis was interrupted
(process killed mid-run) or never started is handed to the pipelines again."""

from __future__ import annotations

import sqlalchemy as sa
from litestar import Litestar

from api.logging import get_logger
from models import JournalEntry
from models.values import AnalysisState
from pipelines.public import Flow

log = get_logger("reverie.recovery")


async def resubmit_unfinished_analyses(app: Litestar) -> int:
    try:
        return await _resubmit(app)
    except Exception as exc:  # the database may not be up yet; health reports it, the next start retries
        log.warning("analyses_not_resubmitted", error=f"{type(exc).__name__}: {exc}")
        return 0


async def _resubmit(app: Litestar) -> int:
    async with app.state.db_sessionmaker() as db:
        rows = (
            await db.execute(
                sa.select(JournalEntry.id, JournalEntry.user_id)
                .where(sa.or_(JournalEntry.analysis_state.in_((AnalysisState.PENDING, AnalysisState.RUNNING)),
                              JournalEntry.analysed_version < JournalEntry.content_version))
                .where(JournalEntry.analysis_state != AnalysisState.FAILED)
                .order_by(JournalEntry.created_at)
            )
        ).all()
    for entry_id, user_id in rows:
        app.state.pipelines.submit(Flow.ANALYSIS, entry_id=str(entry_id), owner=str(user_id))
    if rows:
        log.info("analyses_resubmitted", count=len(rows))
    return len(rows)
