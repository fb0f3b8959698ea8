"""Tasks, projects and goals: owner-scoped services."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from api.services import OwnedService, repository_for
from api.tasks import rules
from models import Goal, Project, Task


class TaskService(OwnedService[Task]):
    repository_type = repository_for(Task)
    not_found = rules.MSG_TASK_NOT_FOUND

    async def listed(self, user_id: uuid.UUID) -> Sequence[Task]:
        """Open tasks first, newest first within each."""
        return await self.mine(user_id, order_by=(Task.completed, Task.created_at.desc()))


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
