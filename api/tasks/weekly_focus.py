"""POST /api/tasks-ai/weekly-focus: one Weekly Focus suggestion for a domain, from the user's own
journal (the `weekly-focus` flow), added at once as the domain's Weekly Focus task.

The server's rules, in the order a call meets them:
1. tasks unlock at the first entry (403 before);
2. with `add`, the domain must have room: 1 active Weekly Focus task and 3 active selected tasks
   per domain (409 with the spec's texts), checked before anything is generated;
3. the free plan's 30 task generations a week (429, api/subscription/usage.py); a call counts
   once it produced a suggestion, and is given back when the pipeline failed;
4. the flow's answer; the AI provider's failures are handled inside it (the local suggester stands
   in), so only a failure of the pipeline itself is an error here (503).
"""

from __future__ import annotations

import uuid
from typing import Any

import anyio
from litestar import Controller, Request, post
from litestar.exceptions import ServiceUnavailableException

from api.dependencies import Pipelines
from api.entries.services import EntryService
from api.errors import documented_errors, error_responses
from api.logging import get_logger
from api.services import provide
from api.subscription.usage import UsageService
from api.tasks import rules
from api.tasks.schemas import WeeklyFocusIn, WeeklyFocusOut
from api.tasks.services import FocusLimit, FocusService, TaskService
from models import Task
from models.constants import FREE_TASK_GENERATIONS_PER_WEEK, UNLOCK_TASKS
from pipelines.public import Flow

log = get_logger("reverie.weekly_focus")
PRIORITIES = ("high", "medium", "low")


async def run_weekly_focus_flow(runner: Pipelines, user_id: uuid.UUID, domain: str) -> dict[str, Any] | None:
    """The flow's suggestion, or None when the pipeline failed. Inline, the flow runs on the app's
    runner and this call waits for it; with Prefect deployments the flow runs on a worker whose
    answer this call cannot wait for, so the same plain function runs here (the schedule's
    preparation is what the workers do)."""
    parameters = {"user_id": str(user_id), "domain": domain}
    try:
        if runner.mode == "inline":
            run = runner.submit(Flow.WEEKLY_FOCUS, **parameters)
            finished = await anyio.to_thread.run_sync(
                lambda: runner.wait(run.id, timeout=rules.WEEKLY_FOCUS_TIMEOUT_SECONDS))
            result = finished.result if finished.state == "completed" else None
            error = finished.error
        else:
            from pipelines.public import run_weekly_focus

            result = (await anyio.to_thread.run_sync(lambda: run_weekly_focus(**parameters))).to_dict()
            error = None
    except Exception as exc:  # a pipeline failure is a 503 below, never a 500
        result, error = None, f"{type(exc).__name__}: {exc}"
    if not isinstance(result, dict) or result.get("status") != "done":
        log.warning("weekly_focus_failed", error=error or (result or {}).get("reason"))
        return None
    return result["outputs"]["suggestion"]


@documented_errors
class WeeklyFocusController(Controller):
    path = "/api/tasks-ai"
    tags = ["tasks"]
    dependencies = provide(tasks=TaskService, focus=FocusService, entries=EntryService, usage=UsageService)

    @post("/weekly-focus", operation_id="generateWeeklyFocus", status_code=200,
          responses=error_responses(409, 429, 503),
          description="One concrete task for the domain (personal, professional, administrative; anything else "
                      "is personal), grounded in the signed-in user's journal. Free plan: "
                      f"{FREE_TASK_GENERATIONS_PER_WEEK} generations in any seven days (429 past that).")
    async def weekly_focus(self, request: Request, tasks: TaskService, focus: FocusService,
                           entries: EntryService, usage: UsageService, pipelines: Pipelines,
                           data: WeeklyFocusIn) -> WeeklyFocusOut:
        user = request.user
        domain = rules.domain(data.domain)
        await entries.require_unlocked(user.id, UNLOCK_TASKS, "Tasks")
        if data.add:
            await focus.require_room(user.id, domain, weekly=True)  # before a generation is spent
        generation = await usage.take_task_generation(user, domain)
        suggestion = await run_weekly_focus_flow(pipelines, user.id, domain)
        if suggestion is None:
            await usage.give_back(generation)
            raise ServiceUnavailableException(rules.MSG_WEEKLY_FOCUS_FAILED)

        task = None
        if data.add:
            await focus.lock(user.id)
            try:
                await focus.require_room(user.id, domain, weekly=True)  # another call may have filled it
            except FocusLimit:
                await usage.give_back(generation)
                raise
            origin = ("a general suggestion" if suggestion["general"]
                      else f"the entry of {suggestion['entryDate']}" if suggestion["entryDate"] else "the journal")
            task = await tasks.add(Task(
                user_id=user.id, text=suggestion["text"][:rules.MAX_TEXT_CHARS], completed=False, timeframe="week",
                priority=suggestion["priority"] if suggestion["priority"] in PRIORITIES else "medium",
                type=domain, estimated_time=suggestion["estimatedTime"][:64], is_selected=True,
                is_ai_generated=True, relevance=suggestion["relevance"],
                entry_id=uuid.UUID(suggestion["entryId"]) if suggestion["entryId"] else None,
                ai_generation_prompt=f"Weekly focus ({domain}) from {origin}, by the {suggestion['provider']} provider",
            ))
        return WeeklyFocusOut(
            text=suggestion["text"], priority=suggestion["priority"], estimated_time=suggestion["estimatedTime"],
            type=domain, relevance=suggestion["relevance"], general=suggestion["general"],
            provider=suggestion["provider"],
            entry_id=uuid.UUID(suggestion["entryId"]) if suggestion["entryId"] else None,
            entry_date=suggestion["entryDate"], task_id=task.id if task else None,
            task=(await tasks.shown(user.id, [task]))[0] if task else None,
        )
