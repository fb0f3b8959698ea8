"""`GET /api/health`: is the service able to do its work right now?"""

from __future__ import annotations

from typing import Any, Literal

import msgspec
import sqlalchemy as sa
from litestar import Controller, Request, get
from litestar.openapi.datastructures import ResponseSpec
from litestar.response import Response
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import documented_errors


class ComponentHealth(msgspec.Struct, kw_only=True, omit_defaults=True):
    status: Literal["ready", "starting", "degraded", "error", "stopped"]
    detail: dict[str, Any] = msgspec.field(default_factory=dict)
    error: str | None = None


class Health(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Strangers learn only the statuses; versions, internal addresses, run counts and errors are
    for admins (signed in)."""

    status: Literal["ok", "degraded"]
    version: str | None = None
    database: ComponentHealth
    pipelines: ComponentHealth
    ai: ComponentHealth


@documented_errors
class HealthController(Controller):
    path = "/api/health"
    tags = ["health"]

    @get(
        operation_id="getHealth",
        opt={"public": True},
        summary="Service health",
        description="The database, the pipelines and the AI provider. 200 when the database is ready, else 503. "
                    "Only an admin's call shows versions, details and errors.",
        responses={503: ResponseSpec(Health, description="The database is not ready")},
    )
    async def get_health(self, request: Request, db_session: AsyncSession) -> Response[Health]:
        state = request.app.state
        database = await _database_health(db_session, embedded=state.settings.embedded_database)
        pipelines_status = state.pipelines.status()
        pipelines = ComponentHealth(
            status=pipelines_status.pop("status"),
            error=pipelines_status.pop("error"),
            detail=pipelines_status,
        )
        ai = ComponentHealth(status="ready", detail={"provider": state.settings.ai_provider})
        healthy = database.status == "ready"
        status: Literal["ok", "degraded"] = "ok" if healthy and pipelines.status == "ready" else "degraded"
        user = request.scope.get("user")
        if state.settings.health_details == "everyone" or (user is not None and user.is_admin):
            body = Health(status=status, version=state.version, database=database, pipelines=pipelines, ai=ai)
        else:
            body = Health(status=status, database=ComponentHealth(status=database.status),
                          pipelines=ComponentHealth(status=pipelines.status), ai=ComponentHealth(status=ai.status))
        return Response(body, status_code=200 if healthy else 503)


async def _database_health(session: AsyncSession, *, embedded: bool) -> ComponentHealth:
    try:
        row = (
            await session.execute(
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
