"""`GET /api/health`: is the service able to do its work right now?"""

from __future__ import annotations

from typing import Literal

from litestar import Controller, Request, get
from litestar.openapi.datastructures import ResponseSpec
from litestar.response import Response

from api.dependencies import AppSettings, Pipelines
from api.errors import documented_errors
from api.health.schemas import ComponentHealth, Health
from api.health.services import PROVIDED, DatabaseCheck
from api.settings import app_version


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

