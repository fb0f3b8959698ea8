"""GET/POST /api/profile and its regeneration. The personal story unlocks at 4 entries (enforced here)."""

from __future__ import annotations

import anyio
from litestar import Controller, Request, get, post
from litestar.exceptions import ServiceUnavailableException

from api.errors import documented_errors, error_responses
from api.journal.services import EntryService
from api.profile.schemas import ProfileOut, ProfileUpdate, RegenerateOut
from api.profile.services import ProfileService
from api.services import provide
from pipelines.rules import UNLOCK_PROFILE

MSG_PROFILE_FAILED = "Could not generate profile. Please try again later."
MSG_LOCKED_FEATURE = "Your personal story will"
PROFILE_TIMEOUT_SECONDS = 120
MAX_SHORT_SUMMARY_CHARS = 5000
MAX_FULL_PROFILE_CHARS = 50000


@documented_errors
class ProfileController(Controller):
    path = "/api/profile"
    tags = ["profile"]
    dependencies = provide(profiles=ProfileService, entries=EntryService)

    @get(operation_id="getProfile", description="The personal story; empty with unlocked=false before 4 entries.")
    async def get_profile(self, request: Request, profiles: ProfileService, entries: EntryService) -> ProfileOut:
        count = await entries.count_mine(request.user.id)
        return ProfileOut.of(await profiles.own_one(request.user.id), count, count >= UNLOCK_PROFILE)

    @post(operation_id="saveProfile", status_code=200)
    async def save_profile(self, request: Request, profiles: ProfileService, entries: EntryService,
                           data: ProfileUpdate) -> ProfileOut:
        count = await entries.require_unlocked(request.user.id, UNLOCK_PROFILE, MSG_LOCKED_FEATURE)
        profile = await profiles.own_or_new(request.user.id)
        if data.short_summary is not None:
            profile.short_summary = data.short_summary[:MAX_SHORT_SUMMARY_CHARS]
        if data.full_profile is not None:
            profile.full_profile = data.full_profile[:MAX_FULL_PROFILE_CHARS]
        profile.provider = "user"
        return ProfileOut.of(await profiles.save(profile), count, True)

    @post("/regenerate", operation_id="regenerateProfile", status_code=200, responses=error_responses(503))
    async def regenerate(self, request: Request, profiles: ProfileService, entries: EntryService) -> RegenerateOut:
        user_id = request.user.id
        count = await entries.require_unlocked(user_id, UNLOCK_PROFILE, MSG_LOCKED_FEATURE)
        runner = request.app.state.pipelines
        run = runner.submit("profile-regeneration", user_id=str(user_id), force=True)
        finished = await anyio.to_thread.run_sync(lambda: runner.wait(run.id, timeout=PROFILE_TIMEOUT_SECONDS))
        if finished.state == "failed" or (finished.state != "completed" and runner.mode == "inline"):
            raise ServiceUnavailableException(MSG_PROFILE_FAILED)
        return RegenerateOut(success=True, profile=ProfileOut.of(await profiles.reread(user_id), count, True))
