"""The personal story as the API shows it (spec part 2 section 3, "Profile")."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

import msgspec

from models import Profile
from models.constants import UNLOCK_PURPOSE
from pipelines.public import Career, Meaning


class ProfileOut(msgspec.Struct, rename="camel", kw_only=True):
    short_summary: str
    full_profile: str
    blindspots: list[str]
    source_entry_ids: list[str]
    entry_count: int
    unlocked: bool
    provider: str | None
    updated_at: datetime | None
    # Premium only (spec part 2: "all Meaning & Purpose content" and the Deep Dive's career parts):
    # null for free accounts, and `meaning` also below 100 entries or until the story is rebuilt.
    meaning: Meaning | None
    career: Career | None

    @classmethod
    def of(cls, profile: Profile | None, entry_count: int, unlocked: bool, premium: bool) -> ProfileOut:
        if profile is None:
            return cls(short_summary="", full_profile="", blindspots=[], source_entry_ids=[], entry_count=entry_count,
                       unlocked=unlocked, provider=None, updated_at=None, meaning=None, career=None)
        meaning = career = None
        if premium and unlocked:
            if profile.meaning and entry_count >= UNLOCK_PURPOSE:
                meaning = msgspec.convert(profile.meaning, Meaning)
            if profile.career:
                career = msgspec.convert(profile.career, Career)
        return cls(short_summary=profile.short_summary, full_profile=profile.full_profile,
                   blindspots=list(profile.blindspots or []), source_entry_ids=list(profile.source_entry_ids or []),
                   entry_count=entry_count, unlocked=unlocked, provider=profile.provider,
                   updated_at=profile.updated_at, meaning=meaning, career=career)


class ProfileUpdate(msgspec.Struct, rename="camel", kw_only=True, forbid_unknown_fields=True):
    short_summary: str | None = None
    full_profile: str | None = None


class RegenerateOut(msgspec.Struct, rename="camel", kw_only=True):
    """The regeneration asked for: it runs in the background. `profile` is the story as it is now;
    poll `GET /api/profile/regenerate/{runId}` until `state` is `completed` (or `failed`)."""

    success: bool
    run_id: str
    state: Literal["scheduled", "running", "completed", "failed"]
    profile: ProfileOut


class ProfileEntryIn(msgspec.Struct, kw_only=True):
    content: str
    date: str | None = None
    id: str | None = None


class GenerateProfileIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    entries: list[ProfileEntryIn | str]


class GeneratedProfileOut(msgspec.Struct, rename="camel", kw_only=True):
    short_summary: str
    full_profile: str
    blindspots: list[str]
    source_entry_ids: list[str]
    provider: str
