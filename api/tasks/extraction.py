"""POST /api/openai/extract-tasks: the tasks (and every other highlight) in a text the editor sends,
read by the analysis core's highlight pipeline; nothing is saved."""

from __future__ import annotations

from datetime import UTC, datetime

import anyio.to_thread
import msgspec
from litestar import Controller, post

from api.entries.rules import required_content
from api.entries.schemas import TextIn
from api.errors import documented_errors
from api.tasks.schemas import ExtractTasksOut


@documented_errors
class TaskExtractionController(Controller):
    path = "/api/openai"
    tags = ["ai"]

    @post("/extract-tasks", operation_id="extractTasks", status_code=200)
    async def extract_tasks(self, data: TextIn) -> ExtractTasksOut:
        from pipelines.public import extract_highlights

        text = required_content(data.text, "text")
        today = datetime.now(UTC).date()
        highlights = await anyio.to_thread.run_sync(lambda: extract_highlights(text, today=today))
        as_json = msgspec.to_builtins(highlights)
        return ExtractTasksOut(tasks=[h for h in as_json if h["type"] == "task"], highlights=as_json)
