"""Tasks, projects and goals: owner-scoped services."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, Any, ClassVar

import sqlalchemy as sa

from api.errors import Conflict, FieldError
from api.paging import version_tag
from api.services import ModelT, OwnedService, repository_for
from api.tasks import rules
from api.tasks.schemas import GoalCreate, ProjectCreate, TaskOut
from api.validation import required_text
from models import Goal, JournalEntry, Project, Task
from models.constants import UNLOCK_GOALS, UNLOCK_PROJECTS

if TYPE_CHECKING:
    from api.entries.services import EntryService

# A task's version in the whole list: its row version and the day of its entry (a task's saidOn and
# whether it is older change with that day too).
TASK_VERSION = "tasks.xmin::text || ':' || coalesce(journal_entries.entry_date::text, '')"
# The versions of every task of the user (what the whole task list is built from), in one statement.
ALL_TASK_VERSIONS = sa.text(
    "SELECT (SELECT count(*) FROM tasks WHERE user_id = :user_id) AS total, "
    f"ARRAY(SELECT tasks.id::text || ':' || {TASK_VERSION} FROM tasks "
    "LEFT JOIN journal_entries ON journal_entries.id = tasks.entry_id WHERE tasks.user_id = :user_id) AS tasks")


def whole_list_tag(total: int, versions: set[str], today: date) -> str:
    """The whole task list's ETag: the total, every task's version, and the day (which tasks are
    older changes with it)."""
    return version_tag("tasks", f"total:{total}", f"day:{today}", versions)


class TaskService(OwnedService[Task]):
    repository_type = repository_for(Task)
    not_found = rules.MSG_TASK_NOT_FOUND

    # The task list's order (open tasks first, newest first within each; id breaks ties), and its
    # paging cursor's key (api.paging).
    ORDER = ((Task.completed, False), (Task.created_at, True), (Task.id, True))
    # The columns the task list shows (`TaskOut.of` reads them from a plain row).
    LISTED = ("id", "user_id", "text", "completed", "timeframe", "priority", "type", "estimated_time", "entry_id",
              "project_ref", "is_selected", "liked", "is_ai_generated", "ai_generation_prompt", "relevance",
              "created_at", "updated_at", "completed_at", "due_date", "done_hint",
              "done_hint_entry_id")

    async def whole_list_tag(self, user_id: uuid.UUID, today: date) -> tuple[int, str]:
        """The task list's total and the ETag of the whole list, from the row versions alone."""
        row = (await self.repository.session.execute(ALL_TASK_VERSIONS, {"user_id": user_id})).one()
        return row.total, whole_list_tag(row.total, set(row.tasks), today)

    async def whole_list(self, user_id: uuid.UUID) -> Sequence[Any]:
        """Every task of the user in the list's order, each with its entry's day (`said_on`) and its
        `version` (TASK_VERSION), in one statement."""
        return (await self.repository.session.execute(WHOLE_LIST, {"user_id": user_id})).all()

    async def said_on(self, user_id: uuid.UUID, rows: Sequence[Any]) -> dict[uuid.UUID, date]:
        """The day of the entry each of `rows` came from, by entry id."""
        ids = {row.entry_id for row in rows if row.entry_id is not None}
        if not ids:
            return {}
        found = await self.repository.session.execute(
            sa.select(JournalEntry.id, JournalEntry.entry_date)
            .where(JournalEntry.user_id == user_id, JournalEntry.id.in_(ids)))
        return dict(found.tuples().all())

    async def shown(self, user_id: uuid.UUID, rows: Sequence[Any]) -> list[TaskOut]:
        """`rows` as the API shows them (with the day of their entry)."""
        said = await self.said_on(user_id, rows)
        today = datetime.now(UTC).date()
        return [TaskOut.of(row, said.get(row.entry_id) if row.entry_id else None, today) for row in rows]

    async def listed(self, user_id: uuid.UUID) -> Sequence[Task]:
        """Open tasks first, newest first within each."""
        return await self.mine(user_id, order_by=[c.desc() if down else c.asc() for c, down in self.ORDER])


def _whole_list() -> sa.Select:
    tasks, entries = Task.__table__, JournalEntry.__table__
    order = [tasks.c[c.key].desc() if down else tasks.c[c.key].asc() for c, down in TaskService.ORDER]
    return (sa.select(*(tasks.c[name] for name in TaskService.LISTED), entries.c.entry_date.label("said_on"),
                      sa.literal_column(TASK_VERSION).label("version"))
            .select_from(tasks.outerjoin(entries, entries.c.id == tasks.c.entry_id))
            .where(tasks.c.user_id == sa.bindparam("user_id", type_=sa.Uuid()))
            .order_by(*order))


WHOLE_LIST = _whole_list()


def unlocked_list(model: Any, columns: tuple[str, ...], unlock: int) -> sa.Select:
    """The user's rows of `model` (only `columns`), newest first, and none while the user has fewer
    than `unlock` entries: the unlock and the list in one Core statement (binds `user_id`)."""
    table, entries = model.__table__.c, JournalEntry.__table__
    user_id = sa.bindparam("user_id", type_=sa.Uuid())
    entry_count = sa.select(sa.func.count()).select_from(entries).where(entries.c.user_id == user_id)
    return (sa.select(*(table[name] for name in columns))
            .where(table.user_id == user_id, entry_count.scalar_subquery() >= unlock)
            .order_by(table.created_at.desc()))


class UnlockedService(OwnedService[ModelT]):
    """Rows a user has from a number of entries on (projects, goals): listed empty until then (those
    found in earlier entries are kept, and shown then), added by the user only after. A subclass
    names its `unlock`, the `feature` the refusal names, the `UNLOCKED` list (`unlocked_list`) and
    the `fields` of a new row."""

    unlock: ClassVar[int]
    feature: ClassVar[str]
    UNLOCKED: ClassVar[sa.Select]

    async def listed_when_unlocked(self, user_id: uuid.UUID) -> Sequence[Any]:
        return (await self.repository.session.execute(self.UNLOCKED, {"user_id": user_id})).all()

    def fields(self, data: Any) -> dict[str, Any]:
        """The new row's columns from the request (checked: a FieldError names what is wrong)."""
        raise NotImplementedError

    async def create(self, user_id: uuid.UUID, entries: EntryService, data: Any) -> ModelT:
        """The user's new row: 403 until it unlocks, then the fields checked, then the entry it
        came from (one of the user's)."""
        await entries.require_unlocked(user_id, self.unlock, self.feature)
        fields = self.fields(data)
        entry_id = await entries.own_ref(user_id, data.entry_id)
        return await self.add(self.model(user_id=user_id, entry_id=entry_id, **fields))


class ProjectService(UnlockedService[Project]):
    repository_type = repository_for(Project)
    not_found = rules.MSG_PROJECT_NOT_FOUND
    unlock, feature = UNLOCK_PROJECTS, "Projects"

    # The project list (`ProjectOut.of` reads these from a plain row), empty until projects unlock.
    UNLOCKED = unlocked_list(Project, ("id", "name", "description", "type", "status", "progress", "entry_id",
                                       "parent_id", "created_at"), UNLOCK_PROJECTS)

    def fields(self, data: ProjectCreate) -> dict[str, Any]:
        return {"name": required_text(data.name, "name", rules.MAX_PROJECT_NAME_CHARS),
                "description": data.description or None, "type": rules.project_type(data.type),
                "status": rules.project_status(data.status), "progress": rules.progress_value(data.progress)}


class GoalService(UnlockedService[Goal]):
    repository_type = repository_for(Goal)
    not_found = rules.MSG_GOAL_NOT_FOUND
    unlock, feature = UNLOCK_GOALS, "Goals"

    # The goal list (`GoalOut.of` reads these from a plain row), empty until goals unlock.
    UNLOCKED = unlocked_list(Goal, ("id", "text", "timeframe", "progress", "entry_id", "created_at"), UNLOCK_GOALS)

    def fields(self, data: GoalCreate) -> dict[str, Any]:
        if data.timeframe not in rules.GOAL_TIMEFRAMES:
            raise FieldError("timeframe", rules.MSG_TIMEFRAME)
        return {"text": required_text(data.text, "text", rules.MAX_TEXT_CHARS), "timeframe": data.timeframe,
                "progress": rules.progress_value(data.progress)}


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

    async def rooms(self, user_id: uuid.UUID) -> dict[str, int]:
        """How many more active selected tasks each domain can take (of its 3)."""
        counts = dict((await self.repository.session.execute(
            sa.select(Task.type, sa.func.count()).where(
                Task.user_id == user_id, Task.completed.is_(False), Task.is_selected.is_(True))
            .group_by(Task.type))).tuples().all())
        return {d: max(rules.ACTIVE_FOCUS_PER_DOMAIN - counts.get(d, 0), 0) for d in rules.DOMAINS}

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
