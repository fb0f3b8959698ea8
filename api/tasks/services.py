"""Tasks, projects and goals: owner-scoped services."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

import sqlalchemy as sa

from api.errors import Conflict
from api.services import OwnedService, repository_for
from api.tasks import rules
from models import Goal, Project, Task


class TaskService(OwnedService[Task]):
    repository_type = repository_for(Task)
    not_found = rules.MSG_TASK_NOT_FOUND

    # The task list's order (open tasks first, newest first within each; id breaks ties), and its
    # paging cursor's key (api.paging).
    ORDER = ((Task.completed, False), (Task.created_at, True), (Task.id, True))

    async def listed(self, user_id: uuid.UUID) -> Sequence[Task]:
        """Open tasks first, newest first within each."""
        return await self.mine(user_id, order_by=[c.desc() if down else c.asc() for c, down in self.ORDER])


class ProjectService(OwnedService[Project]):
    repository_type = repository_for(Project)
    not_found = rules.MSG_PROJECT_NOT_FOUND

    async def listed(self, user_id: uuid.UUID) -> Sequence[Project]:
        return await self.mine(user_id, order_by=(Project.created_at.desc(),))


class GoalService(OwnedService[Goal]):
    repository_type = repository_for(Goal)
    not_found = rules.MSG_GOAL_NOT_FOUND

    async def listed(self, user_id: uuid.UUID) -> Sequence[Goal]:
        return await self.mine(user_id, order_by=(Goal.created_at.desc(),))


class FocusService(OwnedService[Task]):
    """The Weekly Focus rules over a user's tasks (spec part 2 section 5), written once for every
    path that can make a task active and selected: adding one, a weekly-focus suggestion, reopening."""

    repository_type = repository_for(Task)
    not_found = rules.MSG_TASK_NOT_FOUND

    async def lock(self, user_id: uuid.UUID) -> None:
        """Serialise the user's focus changes until the transaction ends, so two requests at once
        cannot both take the last place."""
        key = f"weekly-focus:{user_id}"
        await self.repository.session.execute(sa.select(sa.func.pg_advisory_xact_lock(sa.func.hashtext(key))))

    async def require_room(self, user_id: uuid.UUID, domain: str, *, weekly: bool) -> None:
        """409 with the spec's texts when the domain already has its Weekly Focus task (for a weekly
        one) or its 3 active focus tasks."""
        active = Task.completed.is_(False), Task.is_selected.is_(True), Task.type == domain
        if weekly and await self.count_mine(user_id, *active, Task.timeframe == "week") >= rules.WEEKLY_FOCUS_PER_DOMAIN:
            raise FocusLimit(*rules.weekly_limit(domain))
        if await self.count_mine(user_id, *active) >= rules.ACTIVE_FOCUS_PER_DOMAIN:
            raise FocusLimit(*rules.active_limit(domain))


class FocusLimit(Conflict):
    """409: `error` is the spec's "title: description"; both are also given on their own."""

    def __init__(self, title: str, description: str) -> None:
        super().__init__(detail=f"{title}: {description}", extra={"title": title, "description": description})
