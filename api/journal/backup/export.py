"""Reverie's own export: a whole account as one JSON document, and bringing it back.

`GET /api/export` writes it (and `GET /api/export/archive` puts it in a .zip with the photos and a
Markdown folder, `api.journal.backup.archive`); `POST /api/journal/import` (format `json`) or
`POST /api/journal/import/file` reads it back into any account by the API's rules
(`api.journal.backup.restore`): an empty account gets everything; one that already holds some of it gets only
what it lacks, so importing the same export twice adds nothing.

The document (version 1):

    {"format": "reverie-export", "version": 1, "exportedAt": "...",
     "user": {username, email, fullName, gender, birthDate, journalingExperience, darkMode, ...},
     "entries": [{id, date (YYYY-MM-DD), time, location, content, mood, summary, relatedGoals,
                  relatedProjects, timestamp, createdAt, photos: [{id, file, caption}]}],
     "patterns": [...], "projects": [...], "goals": [...], "tasks": [...], "insights": [...],
     "profile": {shortSummary, fullProfile, blindspots, sourceEntryIds} | null,
     "resume": {content} | null}

Tasks, projects, goals, insights (and patterns, where the app has them) are written with every
column of their table except the owner and the embedding (recomputed when needed), keys in
camelCase; their links to entries (`entryId`), patterns (`patternId`) and parent projects
(`parentId`) are by the ids in the document, and are re-pointed at the new rows on restore. A
photo's `file` is its path in the .zip export (`photos/<id>.jpg`); the JSON alone carries no image.
"""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime
from typing import Any

import msgspec
import sqlalchemy as sa
from pgvector.sqlalchemy import Vector
from sqlalchemy.ext.asyncio import AsyncSession

import models
from api.journal.backup.restore import EXPORT_VERSION
from api.journal.importing import REVERIE_EXPORT_FORMAT
from models import Goal, Insight, JournalEntry, Photo, Profile, Project, Resume, Task, User

_SKIPPED_COLUMNS = {"id", "user_id"}


def _kinds() -> list[tuple[str, type]]:
    """The tables an export carries besides entries, in the order a restore writes them (a row's
    links point at rows written before it)."""
    kinds: list[tuple[str, type]] = []
    if "Pattern" in models.__all__:  # the patterns domain adds its table; exported as soon as it exists
        kinds.append(("patterns", models.Pattern))
    kinds += [("projects", Project), ("goals", Goal), ("tasks", Task), ("insights", Insight)]
    return kinds


def photo_file(photo: Photo) -> str:
    """Where a photo is in the .zip export: photos/<photo id>.<its stored extension>."""
    return f"photos/{photo.id}.{photo.storage_key.rsplit('.', 1)[-1]}"


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
    photos: dict[uuid.UUID, list[dict[str, Any]]] = {}
    for photo in (await session.scalars(mine(Photo).order_by(Photo.created_at, Photo.id))).all():
        photos.setdefault(photo.entry_id, []).append(
            {"id": str(photo.id), "file": photo_file(photo), "caption": photo.caption})
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
             "content": e.content, "mood": e.mood, "moodSource": e.mood_source, "summary": e.summary,
             "relatedGoals": list(e.related_goals or []), "relatedProjects": list(e.related_projects or []),
             "timestamp": e.timestamp,
             "createdAt": _plain(e.created_at), "photos": photos.get(e.id, [])}
            for e in entries
        ],
    }
    for key, model in _kinds():
        rows = (await session.scalars(mine(model).order_by(model.created_at))).all()
        document[key] = [_row(model, row) for row in rows]
    profile = await session.get(Profile, user.id)
    document["profile"] = (
        {"shortSummary": profile.short_summary, "fullProfile": profile.full_profile,
         "blindspots": list(profile.blindspots or []), "sourceEntryIds": list(profile.source_entry_ids or [])}
        if profile and (profile.full_profile or profile.short_summary)
        else None)
    resume = await session.get(Resume, user.id)
    document["resume"] = {"content": resume.content} if resume else None
    return document


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


class ExportedPhoto(msgspec.Struct, kw_only=True):
    id: str
    file: str  # its path in the .zip export
    caption: str | None


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
    photos: list[ExportedPhoto] = msgspec.field(default_factory=list)
    # "writer" when the mood is the writer's own, brought from the app they used (Daylio).
    mood_source: str | None = None


class ExportedProfile(msgspec.Struct, rename="camel", kw_only=True):
    short_summary: str
    full_profile: str
    blindspots: list[str]
    source_entry_ids: list[str] = msgspec.field(default_factory=list)


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
