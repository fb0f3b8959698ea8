"""GET/POST/DELETE /api/resume: the user's CV as text (spec part 2 sections 3 and 7). The spec's
client reads an `error` field as "no resume", so that is how an absent resume is answered."""

from __future__ import annotations

from litestar import Controller, Request, delete, get, post

from api.errors import FieldError, documented_errors
from api.resume.schemas import ResumeIn, ResumeOut
from api.resume.services import ResumeService
from api.services import provide

MAX_RESUME_CHARS = 100_000
MSG_EMPTY = "Resume content cannot be empty."
MSG_TOO_LONG = f"A resume can be at most {MAX_RESUME_CHARS:,} characters."


def _content(value: str) -> str:
    content = value.strip()
    if not content:
        raise FieldError("content", MSG_EMPTY)
    if len(content) > MAX_RESUME_CHARS:
        raise FieldError("content", MSG_TOO_LONG)
    return content


@documented_errors
class ResumeController(Controller):
    path = "/api/resume"
    tags = ["resume"]
    dependencies = provide(resumes=ResumeService)

    @get(operation_id="getResume")
    async def get_resume(self, request: Request, resumes: ResumeService) -> ResumeOut:
        resume = await resumes.own_one(request.user.id)
        if resume is None:
            return ResumeOut(error=ResumeService.not_found, success=False)
        return ResumeOut(content=resume.content, updated_at=resume.updated_at)

    @post(operation_id="saveResume", status_code=200)
    async def save_resume(self, request: Request, resumes: ResumeService, data: ResumeIn) -> ResumeOut:
        resume = await resumes.put(request.user.id, _content(data.content))
        return ResumeOut(content=resume.content, updated_at=resume.updated_at)

    @delete(operation_id="deleteResume", status_code=200)
    async def delete_resume(self, request: Request, resumes: ResumeService) -> ResumeOut:
        resume = await resumes.own_one(request.user.id)
        if resume is not None:
            await resumes.remove(resume)
        return ResumeOut()
