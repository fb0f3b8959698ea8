"""`GET /api/health`: is the service able to do its work right now?"""

from __future__ import annotations

from typing import Any, Literal

import msgspec
import sqlalchemy as sa
from litestar import Controller, Request, get
from litestar.di import Provide
from litestar.openapi.datastructures import ResponseSpec
from litestar.response import Response
from sqlalchemy.ext.asyncio import AsyncSession

from api.dependencies import AppSettings, Pipelines
from api.errors import documented_errors
from api.settings import app_version


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


@documented_errors
class HealthController(Controller):
    path = "/api/health"
    tags = ["health"]
    dependencies = PROVIDED

    @get(
        operation_id="getHealth",
        opt={"public": True},
        summary="Service health",
        description="The database, the pipelines and the AI provider. 200 when the database is ready, else 503. "
                    "Only an admin's call shows versions, details and errors.",
        responses={503: ResponseSpec(Health, description="The database is not ready")},
    )
    async def get_health(self, request: Request, database: DatabaseCheck, settings: AppSettings,
                         pipelines: Pipelines) -> Response[Health]:
        db_health = await database.health(embedded=settings.embedded_database)
        pipelines_status = pipelines.status()
        runner = ComponentHealth(
            status=pipelines_status.pop("status"),
            error=pipelines_status.pop("error"),
            detail=pipelines_status,
        )
        ai = ComponentHealth(status="ready", detail={"provider": settings.ai_provider})
        healthy = db_health.status == "ready"
        status: Literal["ok", "degraded"] = "ok" if healthy and runner.status == "ready" else "degraded"
        user = request.scope.get("user")
        if settings.health_details == "everyone" or (user is not None and user.is_admin):
            body = Health(status=status, version=app_version(), database=db_health, pipelines=runner, ai=ai)
        else:
            body = Health(status=status, database=ComponentHealth(status=db_health.status),
                          pipelines=ComponentHealth(status=runner.status), ai=ComponentHealth(status=ai.status))
        return Response(body, status_code=200 if healthy else 503)

