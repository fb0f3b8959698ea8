"""Bringing Reverie's own export back into an account, by the API's rules.

Reading (`read_backup`, in the import worker): every row of the document is decoded against a
schema with the API's types and lengths, then checked with the API's own rules (text without
control characters, enumerations, progress 0-100, dates a calendar and the database can hold). A
link a database row would enforce (a task's or insight's `entryId`, a task's `doneHintEntryId`, an
insight's `patternId`) must name a row of the same document, or the whole import is a 400; links
the database does not enforce (a project's `parentId`, a pattern's `entryIds`, an insight's or the
profile's `sourceEntryIds`) that name nothing in the document are dropped.

Writing (`restore_account`): ids, `createdAt` and `origin` are the server's; every id in the
document is re-pointed at the row restored for it (or already in the account: the same text in the
same table), so nothing points into another account. The plan's limits hold: on the free plan,
insights the user saved count towards the week's 5 like any other save, and the ones past the
quota are not restored (importing the same file again once the week has passed brings the next
ones); a task selected for Weekly Focus comes back selected only while the domain has room (1
weekly, 3 active), the others unselected. The answer counts what was left out and why.
"""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta
from typing import Annotated, Any

import msgspec
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from api.entries import rules as entry_rules
from api.errors import FieldError
from api.insights import rules as insight_rules
from api.journal.importing import check_text
from api.tasks import rules as task_rules
from models import Goal, Insight, Pattern, Profile, Project, Resume, Task, User
from models.constants import FREE_INSIGHTS_PER_WEEK, LATER

EXPORT_VERSION = 1
RESUME_MAX_CHARS = 100_000
MAX_PATTERNS = 100
MAX_PATTERN_INSIGHTS = 20  # pipeline insights restored under one pattern
MAX_LIST = 500  # ids and words in one JSON list column
MAX_JSON_BYTES = 20_000  # an insight's context or layers
_Id = Annotated[str, msgspec.Meta(max_length=64)]
_Line = Annotated[str, msgspec.Meta(max_length=300)]


class _Row(msgspec.Struct, rename="camel", kw_only=True):
    id: _Id | None = None


class TaskRow(_Row, kw_only=True):
    text: str
    completed: bool = False
    timeframe: str = "week"
    priority: str = "medium"
    type: str = "personal"
    estimated_time: Annotated[str, msgspec.Meta(max_length=64)] | None = None
    entry_id: _Id | None = None
    project_ref: Annotated[str, msgspec.Meta(max_length=200)] | None = None
    due_date: date | None = None
    is_selected: bool = False
    liked: bool | None = None
    is_ai_generated: bool = False
    ai_generation_prompt: Annotated[str, msgspec.Meta(max_length=10_000)] | None = None
    relevance: Annotated[str, msgspec.Meta(max_length=10_000)] | None = None
    completed_at: datetime | None = None
    done_hint: Annotated[str, msgspec.Meta(max_length=2_000)] | None = None
    done_hint_entry_id: _Id | None = None


class ProjectRow(_Row, kw_only=True):
    name: str
    description: Annotated[str, msgspec.Meta(max_length=10_000)] | None = None
    type: str = "personal"
    status: str = "Active"
    progress: int = 0
    entry_id: _Id | None = None
    parent_id: _Id | None = None


class GoalRow(_Row, kw_only=True):
    text: str
    timeframe: str = "year"
    progress: int = 0
    entry_id: _Id | None = None


class InsightRow(_Row, kw_only=True):
    text: str
    type: str = "insight"
    short_title: Annotated[str, msgspec.Meta(max_length=120)] | None = None
    context: dict[str, Any] | None = None
    time_estimate: Annotated[str, msgspec.Meta(max_length=64)] | None = None
    related_tasks: Annotated[list[_Line], msgspec.Meta(max_length=insight_rules.MAX_RELATED_TASKS)] = []
    is_ai_generated: bool = False
    layers: Annotated[list[dict[str, Any]], msgspec.Meta(max_length=50)] = []
    origin: str = "user"
    source_entry_ids: Annotated[list[_Id], msgspec.Meta(max_length=MAX_LIST)] = []
    entry_id: _Id | None = None
    pattern_id: _Id | None = None


class PatternRow(_Row, kw_only=True):
    name: str
    description: Annotated[str, msgspec.Meta(max_length=10_000)] = ""
    keywords: Annotated[list[Annotated[str, msgspec.Meta(max_length=100)]], msgspec.Meta(max_length=100)] = []
    entry_ids: Annotated[list[_Id], msgspec.Meta(max_length=MAX_LIST * 20)] = []
    dismissed: Annotated[list[Annotated[str, msgspec.Meta(max_length=5_000)]], msgspec.Meta(max_length=MAX_LIST)] = []


class StoryRow(msgspec.Struct, rename="camel", kw_only=True):
    short_summary: Annotated[str, msgspec.Meta(max_length=100_000)] = ""
    full_profile: Annotated[str, msgspec.Meta(max_length=200_000)] = ""
    blindspots: Annotated[list[Annotated[str, msgspec.Meta(max_length=2_000)]], msgspec.Meta(max_length=50)] = []
    source_entry_ids: Annotated[list[_Id], msgspec.Meta(max_length=MAX_LIST * 20)] = []


class ResumeRow(msgspec.Struct, kw_only=True):
    content: Annotated[str, msgspec.Meta(max_length=RESUME_MAX_CHARS)] = ""


class SettingsRow(msgspec.Struct, rename="camel", kw_only=True):
    full_name: Annotated[str, msgspec.Meta(max_length=200)] | None = None
    gender: str | None = None
    birth_date: date | None = None
    journaling_experience: str | None = None


class Backup(msgspec.Struct, rename="camel", kw_only=True):
    """The part of a Reverie export besides its entries, read and checked."""

    version: int
    patterns: list[PatternRow] = []
    projects: list[ProjectRow] = []
    goals: list[GoalRow] = []
    tasks: list[TaskRow] = []
    insights: list[InsightRow] = []
    profile: StoryRow | None = None
    resume: ResumeRow | None = None
    user: SettingsRow | None = None


class Restored(msgspec.Struct, kw_only=True):
    """What a restore added besides entries (rows already there are not counted), and what it
    left out: `notRestored` kind -> how many (`api.journal.imports.report` words them)."""

    tasks: int = 0
    projects: int = 0
    goals: int = 0
    insights: int = 0
    patterns: int = 0
    profile: bool = False
    resume: bool = False
    photos: int = 0


def _bad(where: str, problem: str) -> FieldError:
    return FieldError("content", f"{where}: {problem}")


# -- reading ----------------------------------------------------------------------------------
def _text(value: str, where: str, name: str, limit: int, *, required: bool = True) -> str:
    if required and not value.strip():
        raise _bad(where, f"{name} cannot be empty.")
    if len(value) > limit:
        raise _bad(where, f"{name} can be at most {limit:,} characters.")
    return check_text(value, where, name)


def _texts_within(value: Any, where: str, name: str) -> None:
    """Every string inside a JSON value (an insight's context or layers) is text the database can
    hold, and the whole is small."""
    if len(msgspec.json.encode(value)) > MAX_JSON_BYTES:
        raise _bad(where, f"{name} is too large.")
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            check_text(item, where, name)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _within(day: date | None, where: str, name: str, latest: date) -> date | None:
    if day is not None and not entry_rules.EARLIEST_ENTRY_DATE <= day <= latest:
        raise _bad(where, f"{name} {day.isoformat()} is not a date Reverie can keep.")
    return day


EARLIEST_MOMENT = datetime(1970, 1, 1, tzinfo=UTC)
_MOMENTS = ("createdAt", "updatedAt", "completedAt")
_SINGULAR = {"entries": "Entry", "patterns": "Pattern", "projects": "Project", "goals": "Goal", "tasks": "Task",
             "insights": "Insight"}


def check_moment(value: Any, where: str, name: str) -> datetime | None:
    """A moment the export recorded (createdAt...): an RFC 3339 time with its offset between 1970 and
    now, or a 400. The server writes its own createdAt; a file whose moments no clock has is broken."""
    if value is None:
        return None
    problem = _bad(where, f"{name} {str(value)[:40]!r} is not a moment Reverie can keep.")
    if not isinstance(value, str):
        raise problem
    try:
        moment = msgspec.convert(value, datetime)
    except msgspec.ValidationError:
        raise problem from None
    moment = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    if not EARLIEST_MOMENT <= moment <= datetime.now(UTC) + timedelta(days=1):
        raise problem
    return moment


def _moments(document: dict[str, Any]) -> None:
    for key in ("entries", *(k for k in Backup.__struct_encode_fields__ if k not in ("version", "profile", "resume",
                                                                                    "user"))):
        rows = document.get(key)
        for n, row in enumerate(rows if isinstance(rows, list) else [], 1):
            if isinstance(row, dict):
                for name in _MOMENTS:
                    check_moment(row.get(name), f"{_SINGULAR.get(key, key)} {n}", name)


def _link(value: str | None, known: set[str], where: str, name: str, kind: str) -> str | None:
    if value is None or value in known:
        return value
    raise _bad(where, f"{name} names no {kind} of this export.")


def read_backup(document: dict[str, Any]) -> Backup:
    """The document's rows, decoded and checked (see the module docstring), or a 400 naming the row."""
    if document.get("version") != EXPORT_VERSION:
        raise FieldError("content", f"This Reverie export is version {str(document.get('version'))[:20]!r}; this "
                                    f"Reverie reads version {EXPORT_VERSION}.")
    body = {key: document[key] for key in Backup.__struct_encode_fields__ if document.get(key) is not None}
    try:
        backup = msgspec.convert(body, Backup)
    except msgspec.ValidationError as problem:
        raise FieldError("content", f"The Reverie export could not be read: {problem}.") from None
    _moments(document)
    entries = {str(e["id"]) for e in document.get("entries") or [] if isinstance(e, dict) and e.get("id")}
    latest_due = entry_rules.latest_day() + timedelta(days=366 * 50)
    patterns = {p.id for p in backup.patterns if p.id}
    projects = {p.id for p in backup.projects if p.id}
    for n, p in enumerate(backup.patterns, 1):
        where = f"Pattern {n}"
        _text(p.name, where, "name", 200)
        _text(p.description, where, "description", 10_000, required=False)
        for word in (*p.keywords, *p.dismissed):
            check_text(word, where, "keywords")
        p.entry_ids = [i for i in p.entry_ids if i in entries]
    for n, pr in enumerate(backup.projects, 1):
        where = f"Project {n}"
        _text(pr.name, where, "name", task_rules.MAX_PROJECT_NAME_CHARS)
        _text(pr.description or "", where, "description", 10_000, required=False)
        try:
            pr.type = task_rules.project_type(pr.type)
            pr.status = task_rules.project_status(check_text(pr.status, where, "status"))
            pr.progress = task_rules.progress_value(pr.progress)
        except FieldError as problem:
            raise _bad(where, str(problem.detail)) from None
        pr.entry_id = _link(pr.entry_id, entries, where, "entryId", "entry")
        pr.parent_id = pr.parent_id if pr.parent_id in projects and pr.parent_id != pr.id else None
    for n, g in enumerate(backup.goals, 1):
        where = f"Goal {n}"
        _text(g.text, where, "text", task_rules.MAX_TEXT_CHARS)
        if g.timeframe not in task_rules.GOAL_TIMEFRAMES:
            raise _bad(where, task_rules.MSG_TIMEFRAME)
        try:
            g.progress = task_rules.progress_value(g.progress)
        except FieldError as problem:
            raise _bad(where, str(problem.detail)) from None
        g.entry_id = _link(g.entry_id, entries, where, "entryId", "entry")
    for n, t in enumerate(backup.tasks, 1):
        where = f"Task {n}"
        _text(t.text, where, "text", task_rules.MAX_TEXT_CHARS)
        if t.timeframe not in ("today", "week", LATER):
            raise _bad(where, "timeframe must be today, week or later.")
        if t.priority not in ("high", "medium", "low"):
            raise _bad(where, "priority must be high, medium or low.")
        t.type = task_rules.domain(t.type)
        for name in ("estimated_time", "project_ref", "ai_generation_prompt", "relevance", "done_hint"):
            value = getattr(t, name)
            if value is not None:
                check_text(value, where, name)
        _within(t.due_date, where, "dueDate", latest_due)
        if t.completed_at is not None and t.completed_at.tzinfo is None:
            t.completed_at = t.completed_at.replace(tzinfo=UTC)
        t.entry_id = _link(t.entry_id, entries, where, "entryId", "entry")
        t.done_hint_entry_id = _link(t.done_hint_entry_id, entries, where, "doneHintEntryId", "entry")
        if t.done_hint_entry_id is None:
            t.done_hint = None
    for n, i in enumerate(backup.insights, 1):
        where = f"Insight {n}"
        _text(i.text, where, "text", insight_rules.MAX_TEXT_CHARS)
        if i.type not in insight_rules.INSIGHT_TYPES:
            raise _bad(where, insight_rules.MSG_TYPE)
        for value in (i.short_title, i.time_estimate, *i.related_tasks):
            if value is not None:
                check_text(value, where, "text")
        _texts_within(i.context, where, "context")
        _texts_within(i.layers, where, "layers")
        i.entry_id = _link(i.entry_id, entries, where, "entryId", "entry")
        i.pattern_id = _link(i.pattern_id, patterns, where, "patternId", "pattern")
        i.source_entry_ids = [e for e in i.source_entry_ids if e in entries]
    if backup.profile is not None:
        for value in (backup.profile.short_summary, backup.profile.full_profile, *backup.profile.blindspots):
            check_text(value, "The personal story", "text")
        backup.profile.source_entry_ids = [e for e in backup.profile.source_entry_ids if e in entries]
    if backup.resume is not None:
        check_text(backup.resume.content, "The resume", "content")
    if backup.user is not None:
        check_text(backup.user.full_name or "", "The profile settings", "fullName")
        _within(backup.user.birth_date, "The profile settings", "birthDate", entry_rules.latest_day())
    return backup


# -- writing ----------------------------------------------------------------------------------
class _Ids:
    """The rows the document's ids name here: restored, or already in the account."""

    def __init__(self, entries: dict[str, uuid.UUID]) -> None:
        self.by_kind: dict[str, dict[str, uuid.UUID]] = {"entries": dict(entries)}

    def get(self, kind: str, value: str | None) -> uuid.UUID | None:
        return self.by_kind.get(kind, {}).get(value) if value is not None else None

    def many(self, kind: str, values: list[str]) -> list[str]:
        found = (self.get(kind, v) for v in values)
        return list(dict.fromkeys(str(v) for v in found if v is not None))

    def put(self, kind: str, value: str | None, row_id: uuid.UUID) -> None:
        if value is not None:
            self.by_kind.setdefault(kind, {})[value] = row_id


async def _existing(session: AsyncSession, model: Any, column: Any, user_id: uuid.UUID) -> dict[str, uuid.UUID]:
    rows = await session.execute(sa.select(model.id, column).where(model.user_id == user_id))
    return {text: row_id for row_id, text in rows}


async def restore_account(session: AsyncSession, user: User, backup: Backup, entry_ids: dict[str, uuid.UUID],
                          skipped: dict[str, int]) -> Restored:
    """Add the backup's rows to `user`'s account, after its entries (whose ids here `entry_ids`
    gives). Not committed. What is left out is counted into `skipped`."""
    from api.subscription.usage import USAGE_WINDOW

    restored, ids, now = Restored(), _Ids(entry_ids), datetime.now(UTC)
    uid = user.id

    def skip(kind: str, count: int = 1) -> None:
        skipped[kind] = skipped.get(kind, 0) + count

    known = await _existing(session, Pattern, Pattern.name, uid)
    for n, p in enumerate(backup.patterns):
        if p.name in known:
            ids.put("patterns", p.id, known[p.name])
            continue
        if n >= MAX_PATTERNS:
            skip("pattern_limit")
            continue
        row = Pattern(id=uuid.uuid4(), user_id=uid, name=p.name, description=p.description, keywords=p.keywords,
                      entry_ids=ids.many("entries", p.entry_ids), dismissed=p.dismissed, created_at=now)
        session.add(row)
        known[p.name] = row.id
        ids.put("patterns", p.id, row.id)
        restored.patterns += 1
    known = await _existing(session, Project, Project.name, uid)
    parents: list[tuple[Project, str]] = []
    for pr in backup.projects:
        if pr.name in known:
            ids.put("projects", pr.id, known[pr.name])
            continue
        row = Project(id=uuid.uuid4(), user_id=uid, name=pr.name, description=pr.description, type=pr.type,
                      status=pr.status, progress=pr.progress, entry_id=ids.get("entries", pr.entry_id), created_at=now)
        session.add(row)
        known[pr.name] = row.id
        ids.put("projects", pr.id, row.id)
        if pr.parent_id:
            parents.append((row, pr.parent_id))
        restored.projects += 1
    for row, parent in parents:
        row.parent_id = ids.get("projects", parent)
    known = await _existing(session, Goal, Goal.text, uid)
    for g in backup.goals:
        if g.text not in known:
            row = Goal(id=uuid.uuid4(), user_id=uid, text=g.text, timeframe=g.timeframe, progress=g.progress,
                       entry_id=ids.get("entries", g.entry_id), created_at=now)
            session.add(row)
            known[g.text] = row.id
            restored.goals += 1
        ids.put("goals", g.id, known[g.text])
    await _restore_tasks(session, uid, backup.tasks, ids, restored, skip, now)

    # Insights: the pattern pipeline's under a restored pattern (replaced by its next run, never
    # counted), the user's own counted against the free plan's week like any save.
    known = await _existing(session, Insight, Insight.text, uid)
    room = None
    if not user.is_premium:
        used = await session.scalar(sa.select(sa.func.count()).where(
            Insight.user_id == uid, Insight.created_at >= now - USAGE_WINDOW, Insight.origin != "pipeline"))
        room = max(0, FREE_INSIGHTS_PER_WEEK - int(used or 0))
    under: dict[uuid.UUID, int] = {}
    for i in backup.insights:
        if i.text in known:
            continue
        pattern = ids.get("patterns", i.pattern_id)
        pipeline = i.origin == "pipeline" and pattern is not None
        if pipeline:
            assert pattern is not None
            under[pattern] = under.get(pattern, 0) + 1
            if under[pattern] > MAX_PATTERN_INSIGHTS:
                skip("pattern_insight_limit")
                continue
        elif room is not None:
            if room == 0:
                skip("insight_quota")
                continue
            room -= 1
        row = Insight(id=uuid.uuid4(), user_id=uid, text=i.text, type=i.type, short_title=i.short_title,
                      context=i.context, time_estimate=i.time_estimate, related_tasks=i.related_tasks,
                      is_ai_generated=i.is_ai_generated, layers=i.layers, origin="pipeline" if pipeline else "user",
                      source_entry_ids=ids.many("entries", i.source_entry_ids), entry_id=ids.get("entries", i.entry_id),
                      pattern_id=pattern, created_at=now)
        session.add(row)
        known[i.text] = row.id
        restored.insights += 1
    await session.flush()

    story = backup.profile
    if story is not None and (story.full_profile or story.short_summary):
        profile = await session.get(Profile, uid)
        if profile is None or not (profile.full_profile or profile.short_summary):
            profile = profile or Profile(user_id=uid)
            profile.short_summary, profile.full_profile = story.short_summary, story.full_profile
            profile.blindspots = story.blindspots
            profile.source_entry_ids = ids.many("entries", story.source_entry_ids)
            profile.entry_count = len(entry_ids)
            profile.provider = "restored"
            session.add(profile)
            restored.profile = True
    if backup.resume is not None and backup.resume.content.strip() and await session.get(Resume, uid) is None:
        session.add(Resume(user_id=uid, content=backup.resume.content.strip()))
        restored.resume = True
    _restore_settings(user, backup.user)
    await session.flush()
    return restored


async def _restore_tasks(session: AsyncSession, uid: uuid.UUID, tasks: list[TaskRow], ids: _Ids, restored: Restored,
                         skip: Any, now: datetime) -> None:
    """Tasks, a Weekly Focus selection kept only while its domain has room (the API's limits)."""
    known = await _existing(session, Task, Task.text, uid)
    focus: dict[tuple[str, bool], int] = {}
    for domain, timeframe, count in await session.execute(
            sa.select(Task.type, Task.timeframe, sa.func.count()).where(
                Task.user_id == uid, Task.completed.is_(False), Task.is_selected.is_(True))
            .group_by(Task.type, Task.timeframe)):
        focus[(domain, False)] = focus.get((domain, False), 0) + count
        if timeframe == "week":
            focus[(domain, True)] = focus.get((domain, True), 0) + count
    for t in tasks:
        if t.text in known:
            ids.put("tasks", t.id, known[t.text])
            continue
        selected = t.is_selected
        if selected and not t.completed:
            weekly = t.timeframe == "week"
            if focus.get((t.type, False), 0) >= task_rules.ACTIVE_FOCUS_PER_DOMAIN or (
                    weekly and focus.get((t.type, True), 0) >= task_rules.WEEKLY_FOCUS_PER_DOMAIN):
                selected = False
                skip("focus_unselected")
            else:
                focus[(t.type, False)] = focus.get((t.type, False), 0) + 1
                if weekly:
                    focus[(t.type, True)] = focus.get((t.type, True), 0) + 1
        hint_entry = ids.get("entries", t.done_hint_entry_id)
        row = Task(id=uuid.uuid4(), user_id=uid, text=t.text, completed=t.completed, timeframe=t.timeframe,
                   priority=t.priority, type=t.type, estimated_time=t.estimated_time,
                   entry_id=ids.get("entries", t.entry_id), project_ref=t.project_ref, due_date=t.due_date,
                   is_selected=selected, liked=t.liked, is_ai_generated=t.is_ai_generated,
                   ai_generation_prompt=t.ai_generation_prompt, relevance=t.relevance,
                   completed_at=(t.completed_at or now) if t.completed else None,
                   done_hint=t.done_hint if hint_entry else None, done_hint_entry_id=hint_entry,
                   created_at=now, updated_at=now)
        session.add(row)
        known[t.text] = row.id
        ids.put("tasks", t.id, row.id)
        restored.tasks += 1


def _restore_settings(user: User, saved: SettingsRow | None) -> None:
    """Profile settings the account has not set yet (never the username, e-mail or password)."""
    if saved is None:
        return
    from api.accounts import rules as auth_rules

    if user.full_name is None and saved.full_name and saved.full_name.strip():
        user.full_name = saved.full_name.strip()
    if user.gender is None and saved.gender in auth_rules.GENDERS:
        user.gender = saved.gender
    if user.journaling_experience is None and saved.journaling_experience in auth_rules.JOURNALING_EXPERIENCES:
        user.journaling_experience = saved.journaling_experience
    if user.birth_date is None and saved.birth_date is not None:
        user.birth_date = saved.birth_date
