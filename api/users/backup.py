"""Reverie's own export: a whole account as one JSON document, and bringing it back.

`GET /api/export` writes it; `POST /api/journal/import` with format `json` reads it back into any
account (an empty one gets everything; an account that already holds some of it gets only what it
lacks, so importing the same export twice adds nothing).

The document (version 1):

    {"format": "reverie-export", "version": 1, "exportedAt": "...",
     "user": {username, email, fullName, gender, birthDate, journalingExperience, darkMode, ...},
     "entries": [{id, date (YYYY-MM-DD), time, location, content, mood, summary, relatedGoals,
                  relatedProjects, timestamp, createdAt}],
     "patterns": [...], "projects": [...], "goals": [...], "tasks": [...], "insights": [...],
     "profile": {shortSummary, fullProfile, blindspots} | null,
     "resume": {content} | null}

Tasks, projects, goals, insights (and patterns, where the app has them) are written with every
column of their table except the owner and the embedding (recomputed when needed), keys in
camelCase; their links to entries (`entryId`), patterns (`patternId`) and parent projects
(`parentId`) are by the ids in the document, and are re-pointed at the new rows on restore.
Photos are not part of it.
"""

from __future__ import annotations

import re
import uuid
from datetime import UTC, date, datetime
from typing import Any

import msgspec
import sqlalchemy as sa
from pgvector.sqlalchemy import Vector
from sqlalchemy.ext.asyncio import AsyncSession

import models
from api.errors import FieldError
from api.journal.importing import REVERIE_EXPORT_FORMAT
from models import Goal, Insight, JournalEntry, Profile, Project, Resume, Task, User

EXPORT_VERSION = 1
RESUME_MAX_CHARS = 100_000
# What makes a restored row "already there": the same text in the same table.
_IDENTITY = {"patterns": "name", "projects": "name", "goals": "text", "tasks": "text", "insights": "text"}
# Links between rows, re-pointed on restore: column -> the kind of row it names.
_LINKS = {"entry_id": "entries", "pattern_id": "patterns", "parent_id": "projects"}
_SKIPPED_COLUMNS = {"id", "user_id"}


def _kinds() -> list[tuple[str, type]]:
    """The tables an export carries besides entries, in the order a restore writes them (a row's
    links point at rows written before it)."""
    kinds: list[tuple[str, type]] = []
    if "Pattern" in models.__all__:  # the patterns domain adds its table; exported as soon as it exists
        kinds.append(("patterns", models.Pattern))
    kinds += [("projects", Project), ("goals", Goal), ("tasks", Task), ("insights", Insight)]
    return kinds


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.capitalize() for part in rest)


def _columns(model: type) -> list[sa.Column]:
    return [c for c in model.__table__.columns if c.key not in _SKIPPED_COLUMNS and not isinstance(c.type, Vector)]


def _plain(value: Any) -> Any:
    if isinstance(value, uuid.UUID):
        return str(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def _row(model: type, row: Any) -> dict[str, Any]:
    out = {"id": str(row.id)}
    out.update({_camel(c.key): _plain(getattr(row, c.key)) for c in _columns(model)})
    return out


# -- export -----------------------------------------------------------------------------------
async def export_account(session: AsyncSession, user: User) -> dict[str, Any]:
    def mine(model: type) -> sa.Select:
        return sa.select(model).where(model.user_id == user.id)

    entries = (await session.scalars(mine(JournalEntry).order_by(JournalEntry.entry_date, JournalEntry.created_at))).all()
    document: dict[str, Any] = {
        "format": REVERIE_EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exportedAt": datetime.now(UTC).isoformat(),
        "user": {
            "username": user.username, "email": user.email, "fullName": user.full_name, "gender": user.gender,
            "birthDate": _plain(user.birth_date), "journalingExperience": user.journaling_experience,
            "darkMode": user.dark_mode, "showDarkModeToggle": user.show_dark_mode_toggle,
            "createdAt": _plain(user.created_at),
        },
        "entries": [
            {"id": str(e.id), "date": e.entry_date.isoformat(), "time": e.entry_time, "location": e.location,
             "content": e.content, "mood": e.mood, "summary": e.summary, "relatedGoals": list(e.related_goals or []),
             "relatedProjects": list(e.related_projects or []), "timestamp": e.timestamp,
             "createdAt": _plain(e.created_at)}
            for e in entries
        ],
    }
    for key, model in _kinds():
        rows = (await session.scalars(mine(model).order_by(model.created_at))).all()
        document[key] = [_row(model, row) for row in rows]
    profile = await session.get(Profile, user.id)
    document["profile"] = (
        {"shortSummary": profile.short_summary, "fullProfile": profile.full_profile,
         "blindspots": list(profile.blindspots or [])} if profile and (profile.full_profile or profile.short_summary)
        else None)
    resume = await session.get(Resume, user.id)
    document["resume"] = {"content": resume.content} if resume else None
    return document


# -- restore ----------------------------------------------------------------------------------
class Restored(msgspec.Struct, kw_only=True):
    """What a restore added besides entries (rows already there are not counted)."""

    tasks: int = 0
    projects: int = 0
    goals: int = 0
    insights: int = 0
    patterns: int = 0
    profile: bool = False
    resume: bool = False


def _bad(where: str, problem: str) -> FieldError:
    return FieldError("content", f"{where}: {problem}")


def _value(column: sa.Column, value: Any, where: str) -> Any:
    """A value from the document, checked against its column (a wrong one is a 400, not a 500)."""
    if value is None:
        if not column.nullable and column.default is None and column.server_default is None:
            raise _bad(where, f"{_camel(column.key)} is required.")
        return None
    kind = column.type
    name = _camel(column.key)
    try:
        if isinstance(kind, sa.Uuid):
            return uuid.UUID(str(value))
        if isinstance(kind, sa.DateTime):
            moment = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
            return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
        if isinstance(kind, sa.Date):
            return date.fromisoformat(str(value))
    except ValueError:
        raise _bad(where, f"{name} {str(value)[:40]!r} could not be read.") from None
    python_type = kind.python_type if not isinstance(kind, sa.JSON) else None
    if python_type is bool and not isinstance(value, bool):
        raise _bad(where, f"{name} must be true or false.")
    if python_type is int and (not isinstance(value, int) or isinstance(value, bool)):
        raise _bad(where, f"{name} must be a whole number.")
    if python_type is str:
        if not isinstance(value, str):
            raise _bad(where, f"{name} must be text.")
        if "\x00" in value:
            raise _bad(where, f"{name} cannot contain the NUL character.")
        length = getattr(kind, "length", None)
        if length is not None and len(value) > length:
            raise _bad(where, f"{name} can be at most {length:,} characters.")
    if python_type is int and not -(2**31) <= value < 2**31:
        raise _bad(where, f"{name} is out of range.")
    return value


def _text_field(value: Any, where: str, limit: int) -> str:
    if not isinstance(value, str) or "\x00" in value:
        raise _bad(where, "must be text.")
    if len(value) > limit:
        raise _bad(where, f"can be at most {limit:,} characters.")
    return value


async def restore_account(session: AsyncSession, user_id: uuid.UUID, document: dict[str, Any],
                          entry_ids: dict[str, uuid.UUID]) -> Restored:
    """Add the document's tasks, projects, goals, insights, patterns, personal story and resume to
    the user's account (after its entries, whose new ids `entry_ids` gives). Not committed."""
    if document.get("version") != EXPORT_VERSION:
        raise FieldError("content", f"This Reverie export is version {document.get('version')!r}; this Reverie "
                                    f"reads version {EXPORT_VERSION}.")
    restored = Restored()
    ids: dict[str, dict[str, uuid.UUID]] = {"entries": dict(entry_ids)}
    parents: list[tuple[Any, str]] = []  # (a restored project, its parent's id in the document)
    for key, model in _kinds():
        items = document.get(key) or []
        if not isinstance(items, list):
            raise _bad(key, "must be a list.")
        identity = _IDENTITY[key]
        existing = {
            text: row_id for row_id, text in await session.execute(
                sa.select(model.id, getattr(model, identity)).where(model.user_id == user_id))
        }
        ids[key] = {}
        columns = {_camel(c.key): c for c in _columns(model)}
        for number, item in enumerate(items, start=1):
            where = f"{key.capitalize()[:-1]} {number}"
            if not isinstance(item, dict):
                raise _bad(where, "must be an object.")
            values: dict[str, Any] = {}
            parent = None
            for name, column in columns.items():
                if name not in item:
                    continue
                value = _value(column, item[name], where)
                link = _LINKS.get(column.key)
                if link == "projects":
                    parent = value  # re-pointed once every project is written
                    value = None
                elif link is not None:
                    value = ids.get(link, {}).get(str(value)) if value is not None else None
                values[column.key] = value
            text = values.get(identity)
            if not isinstance(text, str) or not text.strip():
                raise _bad(where, f"{identity} is required.")
            source_id = str(item.get("id") or "")
            if text in existing:
                if source_id:
                    ids[key][source_id] = existing[text]
                continue
            row = model(id=uuid.uuid4(), user_id=user_id, **values)
            existing[text] = row.id
            if source_id:
                ids[key][source_id] = row.id
            session.add(row)
            if parent is not None:
                parents.append((row, str(parent)))
            setattr(restored, key, getattr(restored, key) + 1)
    for row, parent in parents:
        row.parent_id = ids["projects"].get(parent)
    await session.flush()

    story = document.get("profile")
    if isinstance(story, dict):
        profile = await session.get(Profile, user_id)
        if profile is None or not (profile.full_profile or profile.short_summary):
            blindspots = story.get("blindspots") or []
            if not isinstance(blindspots, list) or not all(isinstance(b, str) for b in blindspots):
                raise _bad("profile", "blindspots must be a list of texts.")
            profile = profile or Profile(user_id=user_id)
            profile.short_summary = _text_field(story.get("shortSummary") or "", "profile shortSummary", 100_000)
            profile.full_profile = _text_field(story.get("fullProfile") or "", "profile fullProfile", 200_000)
            profile.blindspots = blindspots
            profile.source_entry_ids = []
            profile.provider = "restored"
            session.add(profile)
            restored.profile = True
    resume = document.get("resume")
    if isinstance(resume, dict) and await session.get(Resume, user_id) is None:
        content = _text_field(resume.get("content") or "", "resume", RESUME_MAX_CHARS).strip()
        if content:
            session.add(Resume(user_id=user_id, content=content))
            restored.resume = True
    await _restore_settings(session, user_id, document.get("user"))
    await session.flush()
    return restored


async def _restore_settings(session: AsyncSession, user_id: uuid.UUID, saved: Any) -> None:
    """Profile settings the account has not set yet (never the username, e-mail or password)."""
    if not isinstance(saved, dict):
        return
    from api.auth import rules as auth_rules

    user = await session.get(User, user_id)
    assert user is not None
    name = saved.get("fullName")
    if user.full_name is None and isinstance(name, str) and 0 < len(name.strip()) <= 200:
        user.full_name = name.strip()
    if user.gender is None and saved.get("gender") in auth_rules.GENDERS:
        user.gender = saved["gender"]
    if user.journaling_experience is None and saved.get("journalingExperience") in auth_rules.JOURNALING_EXPERIENCES:
        user.journaling_experience = saved["journalingExperience"]
    born = saved.get("birthDate")
    if user.birth_date is None and isinstance(born, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", born):
        try:
            user.birth_date = date.fromisoformat(born)
        except ValueError:
            pass


# -- the document's shape, for the API schema ----------------------------------------------------
class ExportedUser(msgspec.Struct, rename="camel", kw_only=True):
    username: str
    email: str
    full_name: str | None
    gender: str | None
    birth_date: str | None
    journaling_experience: str | None
    dark_mode: bool
    show_dark_mode_toggle: bool
    created_at: str | None


class ExportedEntry(msgspec.Struct, rename="camel", kw_only=True):
    id: str
    date: str  # ISO date
    time: str | None
    location: str | None
    content: str
    mood: dict[str, Any] | None
    summary: str | None
    related_goals: list[str]
    related_projects: list[str]
    timestamp: int | None
    created_at: str | None


class ExportedProfile(msgspec.Struct, rename="camel", kw_only=True):
    short_summary: str
    full_profile: str
    blindspots: list[str]


class ExportedResume(msgspec.Struct, kw_only=True):
    content: str


class ReverieExport(msgspec.Struct, rename="camel", kw_only=True):
    """Reverie's own export: the account's entries and everything derived from them. Tasks,
    projects, goals, insights and patterns are their table rows, one camelCase key per column."""

    format: str
    version: int
    exported_at: str
    user: ExportedUser
    entries: list[ExportedEntry]
    tasks: list[dict[str, Any]]
    projects: list[dict[str, Any]]
    goals: list[dict[str, Any]]
    insights: list[dict[str, Any]]
    patterns: list[dict[str, Any]] = msgspec.field(default_factory=list)
    profile: ExportedProfile | None = None
    resume: ExportedResume | None = None
