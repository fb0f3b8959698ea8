"""The resume: one row per user."""

from __future__ import annotations

import uuid

from api.services import OwnedService, repository_for
from models import Resume


class ResumeService(OwnedService[Resume]):
    repository_type = repository_for(Resume)
    not_found = "No resume uploaded yet."

    async def put(self, user_id: uuid.UUID, content: str) -> Resume:
        resume = await self.own_one(user_id)
        if resume is None:
            return await self.add(Resume(user_id=user_id, content=content))
        resume.content = content
        return await self.save(resume)
