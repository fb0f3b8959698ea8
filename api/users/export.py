"""GET /api/export: the whole account as one JSON document (Reverie's own export, described in
`api.users.backup`), which POST /api/journal/import brings back into any account. The spec's four
CSV files are made in the browser from the lists the app already reads."""

from __future__ import annotations

import msgspec
from litestar import Controller, Request, Response, get
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth import services as svc
from api.errors import documented_errors
from api.users.backup import ReverieExport, export_account


@documented_errors
class ExportController(Controller):
    path = "/api/export"
    tags = ["users"]

    @get(operation_id="exportAccount",
         description="Everything of the signed-in user's account as one JSON document: entries with their dates "
                     "and moods, tasks, projects, goals, insights, patterns, personal story, resume and profile "
                     "settings. Import it with POST /api/journal/import (format json).")
    async def export_everything(self, request: Request, db_session: AsyncSession) -> Response[ReverieExport]:
        user = await svc.get_user(db_session, request.user.id)
        assert user is not None
        document = await export_account(db_session, user)
        day = document["exportedAt"][:10]
        return Response(msgspec.convert(document, ReverieExport), headers={
            "Content-Disposition": f'attachment; filename="reverie-export-{day}.json"',
            "Cache-Control": "no-store",
        })
