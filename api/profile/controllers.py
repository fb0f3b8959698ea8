"""GET/POST /api/profile and its regeneration, and POST /api/openai/generate-profile (a story of the
entries sent, not saved). The personal story unlocks at 4 entries (enforced here); Meaning & Purpose
(from 100 entries) and the Deep Dive's career parts are sent to premium users only.

Regeneration runs in the background: the call answers at once (202) with the run's id, and a user
has at most one regeneration waiting or running: asking again while one is answers with that one.
No request waits for a pipeline, so none holds a database connection while it runs.
"""

from __future__ import annotations

import re
import uuid

import anyio.to_thread
from litestar import Controller, Request, get, post
from litestar.exceptions import NotFoundException, ServiceUnavailableException

from api.dependencies import Pipelines
from api.entries.rules import MAX_CONTENT_CHARS
from api.entries.services import EntryService
from api.errors import FieldError, documented_errors, error_responses
from api.logging import get_logger
from api.profile.schemas import (
    GeneratedProfileOut,
    GenerateProfileIn,
    ProfileOut,
    ProfileUpdate,
    RegenerateOut,
)
from api.profile.services import ProfileService, shown_with_count
from api.services import provide
from models.constants import UNLOCK_PROFILE
from pipelines.public import Flow

log = get_logger("reverie.profile")
MSG_PROFILE_FAILED = "Could not generate profile. Please try again later."
MSG_RUN_NOT_FOUND = "Regeneration not found"
MSG_LOCKED_FEATURE = "Your personal story will"
MAX_SHORT_SUMMARY_CHARS = 5000
MAX_FULL_PROFILE_CHARS = 50000
REGENERATE_FLOW = Flow.PROFILE
MAX_PROFILE_ENTRIES = 200
MSG_ENTRIES_EMPTY = "entries cannot be empty."

# The story dates what it says by the entries' dates: "(11/02/2026 to 11/20/2026)", "(from 11/20/2026)".
# Entries sent without dates leave only the words around them, "( to )", which are dropped.
_EMPTY_DATES = re.compile(r" ?\((?:from|last written)?[\s,]*(?:(?:to|and|most recently)[\s,]*)*\)")


def _without_empty_dates(text: str) -> str:
    return _EMPTY_DATES.sub("", text)


@documented_errors
class ProfileController(Controller):
    path = "/api/profile"
    tags = ["profile"]
    dependencies = provide(profiles=ProfileService, entries=EntryService)

    @get(operation_id="getProfile", description="The personal story; empty with unlocked=false before 4 entries. "
                                                "`meaning` (from 100 entries) and `career` are premium only: null for "
                                                "free accounts.")
    async def get_profile(self, request: Request, profiles: ProfileService) -> ProfileOut:
        profile, count = await shown_with_count(profiles.repository.session, request.user.id)
        return ProfileOut.of(profile, count, count >= UNLOCK_PROFILE, request.user.is_premium)

    @post(operation_id="saveProfile", status_code=200)
    async def save_profile(self, request: Request, profiles: ProfileService, entries: EntryService,
                           data: ProfileUpdate) -> ProfileOut:
        count = await entries.require_unlocked(request.user.id, UNLOCK_PROFILE, MSG_LOCKED_FEATURE)
        for field, value, limit in (("shortSummary", data.short_summary, MAX_SHORT_SUMMARY_CHARS),
                                    ("fullProfile", data.full_profile, MAX_FULL_PROFILE_CHARS)):
            if value is not None and len(value) > limit:  # refused, never cut short
                raise FieldError(field, f"{field} can be at most {limit:,} characters.")
        profile = await profiles.own_or_new(request.user.id)
        if data.short_summary is not None:
            profile.short_summary = data.short_summary
        if data.full_profile is not None:
            profile.full_profile = data.full_profile
        profile.provider = "user"
        return ProfileOut.of(await profiles.save(profile), count, True, request.user.is_premium)

    @post("/regenerate", operation_id="regenerateProfile", status_code=202, responses=error_responses(503),
          description="Starts rebuilding the personal story from all entries and answers at once with the "
                      "run's id. While one regeneration of the user's is waiting or running, asking again "
                      "answers with that one.")
    async def regenerate(self, request: Request, profiles: ProfileService, entries: EntryService,
                         pipelines: Pipelines) -> RegenerateOut:
        user_id = str(request.user.id)
        count = await entries.require_unlocked(request.user.id, UNLOCK_PROFILE, MSG_LOCKED_FEATURE)
        try:
            run = pipelines.active(REGENERATE_FLOW, user_id) or pipelines.submit(
                REGENERATE_FLOW, user_id=user_id, force=True, owner=user_id)
        except Exception as exc:  # the runner is not running: nothing will regenerate
            log.warning("profile_regeneration_not_submitted", error=str(exc))
            raise ServiceUnavailableException(MSG_PROFILE_FAILED) from None
        if run.state == "failed":
            raise ServiceUnavailableException(MSG_PROFILE_FAILED)
        profile = ProfileOut.of(await profiles.own_one(request.user.id), count, True, request.user.is_premium)
        return RegenerateOut(success=True, run_id=run.id, state=run.state, profile=profile)

    @get("/regenerate/{run_id:str}", operation_id="getProfileRegeneration",
         description="A regeneration of the signed-in user's personal story: its state, and the story as it is "
                     "now (rebuilt once `state` is `completed`).")
    async def regeneration(self, request: Request, profiles: ProfileService, entries: EntryService,
                           pipelines: Pipelines, run_id: str) -> RegenerateOut:
        run = pipelines.get(run_id[:64])
        if run is None or run.flow != REGENERATE_FLOW or run.owner != str(request.user.id):
            raise NotFoundException(MSG_RUN_NOT_FOUND)
        count = await entries.count_mine(request.user.id)
        profile = ProfileOut.of(await profiles.reread(request.user.id), count, count >= UNLOCK_PROFILE,
                                request.user.is_premium)
        return RegenerateOut(success=run.state != "failed", run_id=run.id, state=run.state, profile=profile)


@documented_errors
class ProfileDraftController(Controller):
    """The AI call of the spec (part 1 section 7) that drafts a story from entries it is sent."""

    path = "/api/openai"
    tags = ["ai"]
    dependencies = provide(entries=EntryService)

    # A story of the entries sent (not saved), once the caller's own entries unlock the stored one;
    # sourceEntryIds holds only ids that were sent.
    @post("/generate-profile", operation_id="generateProfile", status_code=200, responses=error_responses(403))
    async def generate_profile(self, request: Request, entries: EntryService,
                               data: GenerateProfileIn) -> GeneratedProfileOut:
        from pipelines.public import ProfileEntry, get_providers

        await entries.require_unlocked(request.user.id, UNLOCK_PROFILE, MSG_LOCKED_FEATURE)
        material, unsent = [], set()
        for item in data.entries[:MAX_PROFILE_ENTRIES]:
            content = item if isinstance(item, str) else item.content
            day = "" if isinstance(item, str) else (item.date or "")
            ident = None if isinstance(item, str) else item.id
            if not ident:  # the story tells entries apart by id; this one is never answered
                ident = f"unsent-{uuid.uuid4()}"
                unsent.add(ident)
            if content.strip():
                material.append(ProfileEntry(id=ident, date=day, content=content[:MAX_CONTENT_CHARS]))
        if not material:
            raise FieldError("entries", MSG_ENTRIES_EMPTY)
        outcome = await anyio.to_thread.run_sync(lambda: get_providers().run(lambda p: p.build_profile(material)))
        draft = outcome.value
        return GeneratedProfileOut(short_summary=_without_empty_dates(draft.short_summary),
                                   full_profile=_without_empty_dates(draft.full_profile),
                                   blindspots=[_without_empty_dates(b) for b in draft.blindspots],
                                   source_entry_ids=[i for i in draft.source_entry_ids if i not in unsent],
                                   provider=outcome.provider)
