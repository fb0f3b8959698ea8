"""The personal story: one row per user."""

from __future__ import annotations

import uuid

from api.services import OwnedService, repository_for
from models import Profile


class ProfileService(OwnedService[Profile]):
    repository_type = repository_for(Profile)
    not_found = "Profile not found"

    async def own_or_new(self, user_id: uuid.UUID) -> Profile:
        profile = await self.own_one(user_id)
        if profile is None:
            profile = await self.add(Profile(user_id=user_id, short_summary="", full_profile="", blindspots=[],
                                             source_entry_ids=[]))
        return profile

    async def reread(self, user_id: uuid.UUID) -> Profile | None:
        """The row as the database has it now (after a pipeline wrote it in another session)."""
        self.repository.session.expire_all()
        return await self.own_one(user_id)
