"""POST /api/tasks-ai/quick-tasks: the Quick Task Generator (premium): three small tasks for today,
drawn from the user's own journal, each "10 minutes or less" or "20 minutes or less" (spec part 2
sections 3 and 9), added at once as the day's quick tasks (timeframe "today", selected).

Where they come from: the weekly-focus machinery of the local provider, called as it is
(`pipelines.weekly_focus`): `gather` ranks the user's recent entries for each domain by pgvector and
reads them sentence by sentence; `local_suggestion` picks the best grounded suggestion of a domain
(an intention written there, a goal, an active project, what an entry dwells on), never one that
repeats an open task or one done this week. Asked again with the chosen one counted as taken, it
gives the domain's next best. The domains the journal says most about go first, one suggestion each
in turn, until three are found; the general suggestions fill in only when the journal holds too
little. Each suggestion is then cut to today's size: its headline, a first small step, and its
"Why now" (the entry and its date). No generative model runs here, whichever provider is set.

The server's rules, in the order a call meets them: premium only (403); tasks unlock at the first
entry (403); room in the domains: 3 active selected tasks per domain, quick and weekly alike (409
when every domain is full); suggestions only for domains with room, at most as many as each has.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

import anyio
import msgspec
import sqlalchemy as sa
from litestar import Controller, Request, post
from litestar.exceptions import PermissionDeniedException

from api.entries.services import EntryService
from api.errors import documented_errors, error_responses
from api.logging import get_logger
from api.services import provide
from api.subscription.rules import MSG_PREMIUM_ONLY
from api.tasks import rules
from api.tasks.schemas import TaskOut
from api.tasks.services import FocusLimit, FocusService, TaskService
from models import JournalEntry, Task
from models.constants import UNLOCK_TASKS

log = get_logger("reverie.quick_tasks")

QUICK_TASKS = 3
TEN, TWENTY = "10 minutes or less", "20 minutes or less"
QUICK_TIMES = (TEN, TWENTY)
# A first step of something the journal says the user means to do (an intention, a goal, a project).
STEP_DETAIL = "Do the first small part of it now: ten minutes is enough to get it moving"
# Something an entry dwells on (the weekly suggester's reflections, "20 minutes or less"). No
# duration in the words: the spec shows a quick task's '20 minutes or less' as '10 minutes or less'.
REFLECT_DETAIL = "Write down one step that would help, and take it today"
# A general suggestion fills in only if it is a ten-minute one (a "20-minute walk" would be shown as
# '10 minutes or less'); the canned list is drawn from at random, this many times at most.
GENERAL_TRIES = 8
# The weekly suggester's "Why now" of a reflection opens with this; the quote says it better.
REFLECTION_WHY = re.compile(r"^You wrote this in your entry of \d{2}/\d{2}/\d{4}\.\s*")
MSG_NOTHING_NEW = ("Nothing new for today: what your journal suggests is already on your list. Write about your "
                   "day and try again.")
MSG_ALL_FULL = ("Task limit reached",
                "You already have 3 active tasks in every area. Complete some before adding quick tasks.")


class QuickTasksOut(msgspec.Struct, rename="camel", kw_only=True):
    """The quick tasks added, in the order they were chosen (none when nothing new is left to
    suggest: `message` says so); `full` names the domains that had no room (their 3 active tasks),
    which got none."""

    tasks: list[TaskOut]
    full: list[str]
    message: str


@dataclass
class QuickDraft:
    domain: str
    text: str
    priority: str
    estimated_time: str
    relevance: str
    entry_id: str | None
    general: bool


def quick_of(draft: Any, domain: str) -> QuickDraft:
    """A weekly-focus suggestion cut to today's size: its headline, a first step that fits in 10 or
    20 minutes, and its "Why now". A general suggestion is kept as it is, at most 20 minutes."""
    headline, _, detail = draft.text.partition(". ")
    headline = headline.strip().rstrip(".")
    relevance = draft.relevance
    if draft.general:
        text, time = draft.text, draft.estimated_time if draft.estimated_time in QUICK_TIMES else TEN
    elif draft.estimated_time == TWENTY:  # what an entry dwells on: a reflection takes twenty minutes
        # The entry's words ('On 11/20/2026 you wrote “...”.') go to the "Why now" (which a deleted
        # entry takes with it), the weekly step becomes today's.
        quoted = detail[:detail.index("”. ") + 2] if detail.startswith("On ") and "”. " in detail else ""
        text, time = f"{headline}. {REFLECT_DETAIL}.", TWENTY
        if quoted:
            relevance = f"{quoted} {REFLECTION_WHY.sub('', relevance)}".strip()
    else:
        text, time = f"{headline}. {STEP_DETAIL}.", TEN
    return QuickDraft(domain=domain, text=text[:rules.MAX_TEXT_CHARS], priority=draft.priority,
                      estimated_time=time, relevance=relevance, entry_id=draft.entry_id, general=draft.general)


def _weight(material: Any) -> float:
    """How much the journal says about the material's domain: its matched sentences' similarity."""
    return sum(max((s.score for s in e.sentences), default=0.0) for e in material.entries) + len(
        material.goals) * 0.5 + len(material.projects) * 0.5


def quick_suggestions(user_id: uuid.UUID, rooms: dict[str, int], today: date) -> list[QuickDraft]:
    """Up to QUICK_TASKS suggestions for the domains with room (at most `rooms[d]` for domain d),
    grounded in the journal first, the domains it says most about first. Blocking: run it in a thread."""
    from pipelines.public import db, gather, general_suggestion, local_suggestion

    with db.session() as s:
        materials = {d: gather(s, user_id, d, today) for d, room in rooms.items() if room > 0}
    order = sorted(materials, key=lambda d: -_weight(materials[d]))
    chosen: list[QuickDraft] = []
    left = dict(rooms)
    exhausted: set[str] = set()
    while len(chosen) < QUICK_TASKS and len(exhausted) < len(order):
        for domain in order:
            if len(chosen) >= QUICK_TASKS:
                break
            if domain in exhausted or left[domain] <= 0:
                exhausted.add(domain)
                continue
            material = materials[domain]
            draft = local_suggestion(material) if material.has_material else None
            if draft is None or draft.general:
                exhausted.add(domain)
                continue
            chosen.append(quick_of(draft, domain))
            material.open_tasks.append(draft.text.split(". ", 1)[0])  # taken: the next call gives the next best
            left[domain] -= 1
    for domain in order:  # the journal holds too little: general suggestions fill in, one per domain
        if len(chosen) >= QUICK_TASKS:
            break
        if left[domain] <= 0:
            continue
        for _ in range(GENERAL_TRIES):
            general = general_suggestion(materials[domain])
            if general.estimated_time == TEN and all(c.text != general.text for c in chosen):
                chosen.append(quick_of(general, domain))
                left[domain] -= 1
                break
    return chosen


async def _still_mine(tasks: TaskService, user_id: uuid.UUID, value: str | None) -> uuid.UUID | None:
    """The entry a suggestion came from, if it is still the user's (it may have been deleted since)."""
    try:
        key = uuid.UUID(str(value)) if value else None
    except ValueError:
        return None
    if key is None:
        return None
    return await tasks.repository.session.scalar(
        sa.select(JournalEntry.id).where(JournalEntry.id == key, JournalEntry.user_id == user_id))


@documented_errors
class QuickTasksController(Controller):
    path = "/api/tasks-ai"
    tags = ["tasks"]
    dependencies = provide(tasks=TaskService, focus=FocusService, entries=EntryService)

    @post("/quick-tasks", operation_id="generateQuickTasks", status_code=200, responses=error_responses(409),
          description="Premium only (403 otherwise). Three quick tasks for today from the signed-in user's journal, "
                      "each '10 minutes or less' or '20 minutes or less', added as selected tasks with timeframe "
                      "'today'. They count towards the 3 active selected tasks per domain: a domain with no room "
                      "gets none (`full`), and when no domain has room the answer is 409 with a title and "
                      "description.")
    async def quick_tasks(self, request: Request, tasks: TaskService, focus: FocusService,
                          entries: EntryService) -> QuickTasksOut:
        user = request.user
        if not user.is_premium:  # first, before any work
            raise PermissionDeniedException(MSG_PREMIUM_ONLY)
        await entries.require_unlocked(user.id, UNLOCK_TASKS, "Tasks")
        rooms = await focus.rooms(user.id)
        if not any(rooms.values()):
            raise FocusLimit(*MSG_ALL_FULL)
        full = [d for d in rules.DOMAINS if rooms[d] <= 0]
        today = datetime.now(UTC).date()
        drafts = await anyio.to_thread.run_sync(lambda: quick_suggestions(user.id, rooms, today))

        await focus.lock(user.id)
        rooms = await focus.rooms(user.id)  # another call may have taken places meanwhile
        added: list[Task] = []
        for draft in drafts:
            if rooms[draft.domain] <= 0:
                continue
            rooms[draft.domain] -= 1
            entry_id = await _still_mine(tasks, user.id, draft.entry_id)
            origin = "a general suggestion" if draft.general else "the journal"
            added.append(await tasks.add(Task(
                user_id=user.id, text=draft.text, completed=False, timeframe="today",
                priority=draft.priority if draft.priority in ("high", "medium", "low") else "medium",
                type=draft.domain, estimated_time=draft.estimated_time, is_selected=True, is_ai_generated=True,
                relevance=draft.relevance[:rules.MAX_TEXT_CHARS],
                entry_id=entry_id,
                ai_generation_prompt=f"Quick task ({draft.domain}) from {origin}, by the local provider",
            )))
        if not drafts:  # room, but nothing left to suggest that is not on the list already
            return QuickTasksOut(tasks=[], full=full, message=MSG_NOTHING_NEW)
        if not added:
            raise FocusLimit(*MSG_ALL_FULL)
        log.info("quick_tasks_added", count=len(added))
        n = len(added)
        return QuickTasksOut(tasks=await tasks.shown(user.id, added), full=full,
                             message=f"{n} quick {'task' if n == 1 else 'tasks'} for today added.")
