"""GET/POST/DELETE /api/resume: the user's CV as text (spec part 2 sections 3 and 7). The spec's
client reads an `error` field as "no resume", so that is how an absent resume is answered."""

from __future__ import annotations

from datetime import datetime

import msgspec
from litestar import Controller, Request, delete, get, post
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth.services import FieldError
from api.errors import documented_errors
from models import Resume

MAX_RESUME_CHARS = 100_000
NO_RESUME = "No resume uploaded yet."


class ResumeIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    content: str


class ResumeOut(msgspec.Struct, rename="camel", kw_only=True, omit_defaults=True):
    content: str | None = None
    updated_at: datetime | None = None
    error: str | None = None
    success: bool = True


@documented_errors
class ResumeController(Controller):
    path = "/api/resume"
    tags = ["resume"]

    @get(operation_id="getResume")
    async def get_resume(self, request: Request, db_session: AsyncSession) -> ResumeOut:
        resume = await db_session.get(Resume, request.user.id)
        if resume is None:
            return ResumeOut(error=NO_RESUME, success=False)
        return ResumeOut(content=resume.content, updated_at=resume.updated_at)

    @post(operation_id="saveResume", status_code=200)
    async def save_resume(self, request: Request, db_session: AsyncSession, data: ResumeIn) -> ResumeOut:
        content = data.content.strip()
        if not content:
            raise FieldError("content", "Resume content cannot be empty.")
        if len(content) > MAX_RESUME_CHARS:
            raise FieldError("content", f"A resume can be at most {MAX_RESUME_CHARS:,} characters.")
        resume = await db_session.get(Resume, request.user.id)
        if resume is None:
            resume = Resume(user_id=request.user.id, content=content)
            db_session.add(resume)
        else:
            resume.content = content
        await db_session.flush()
        return ResumeOut(content=resume.content, updated_at=resume.updated_at)

    @delete(operation_id="deleteResume", status_code=200)
    async def delete_resume(self, request: Request, db_session: AsyncSession) -> ResumeOut:
        resume = await db_session.get(Resume, request.user.id)
        if resume is not None:
            await db_session.delete(resume)
        return ResumeOut()
