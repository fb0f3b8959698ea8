"""What the health check asks the database, on the request's own session."""

from __future__ import annotations

import sqlalchemy as sa
from litestar.di import Provide
from sqlalchemy.ext.asyncio import AsyncSession

from api.health.schemas import ComponentHealth


class DatabaseCheck:
    """The database as it sees itself, asked on the request's own session."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def health(self, *, embedded: bool) -> ComponentHealth:
        try:
            row = (
                await self.session.execute(
                    sa.text(
                        "SELECT current_setting('server_version') AS server, "
                        "(SELECT extversion FROM pg_extension WHERE extname = 'vector') AS pgvector, "
                        "(SELECT version_num FROM alembic_version LIMIT 1) AS migration"
                    )
                )
            ).one()
        except Exception as exc:
            return ComponentHealth(status="error", error=type(exc).__name__, detail={"embedded": embedded})
        detail = {"embedded": embedded, "postgres": row.server, "pgvector": row.pgvector, "migration": row.migration}
        if row.pgvector is None:
            return ComponentHealth(status="error", error="pgvector extension missing", detail=detail)
        return ComponentHealth(status="ready", detail=detail)


def provide_database_check(db_session: AsyncSession) -> DatabaseCheck:
    return DatabaseCheck(db_session)


PROVIDED = {"database": Provide(provide_database_check, sync_to_thread=False)}
