"""The resume: one row per user."""

from __future__ import annotations

import uuid

from api.services import OwnedService, repository_for
from models import Profile, Resume


class ResumeService(OwnedService[Resume]):
    repository_type = repository_for(Resume)
    not_found = "No resume uploaded yet."

    async def put(self, user_id: uuid.UUID, content: str) -> Resume:
        resume = await self.own_one(user_id)
        if resume is None:
            return await self.add(Resume(user_id=user_id, content=content))
        resume.content = content
        return await self.save(resume)

    async def career_follows(self, user_id: uuid.UUID, has_resume: bool) -> bool:
        """The story's Career part says at once whether there is a resume (no role or objective of
        one that is gone), committed; False when there is no story yet (nothing to follow)."""
        session = self.repository.session
        profile = await session.get(Profile, user_id, with_for_update=True)
        if profile is None:
            return False
        career = dict(profile.career or {})
        if career and career.get("hasResume") != has_resume:
            career["hasResume"] = has_resume
            if not has_resume:
                career["role"] = career["direction"] = None
            profile.career = career
        await session.commit()
        return True
