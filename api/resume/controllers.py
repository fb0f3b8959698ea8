"""GET/POST/DELETE /api/resume: the user's CV as text (spec part 2 sections 3 and 7). The spec's
client reads an `error` field as "no resume", so that is how an absent resume is answered."""

from __future__ import annotations

from typing import Annotated

import anyio.to_thread
from litestar import Controller, Request, Response, delete, get, post
from litestar.datastructures import UploadFile
from litestar.enums import RequestEncodingType
from litestar.exceptions import HTTPException
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.params import Body

from api.dependencies import Pipelines
from api.errors import FieldError, documented_errors, error_response, error_responses
from api.logging import get_logger
from api.resume.files import (
    MAX_RESUME_CHARS,
    MAX_RESUME_FILE_BYTES,
    MSG_TOO_LARGE,
    MSG_TOO_LONG,
    ResumeFileRejected,
    resume_text,
)
from api.resume.schemas import ResumeFileUpload, ResumeIn, ResumeOut
from api.resume.services import ResumeService
from api.services import provide
from pipelines.public import Flow

log = get_logger("reverie.resume")
STORY_FLOW = Flow.PROFILE
MSG_EMPTY = "Resume content cannot be empty."
MSG_FILE_REQUIRED = "Please choose a resume file to upload."
MSG_FORM_UNREADABLE = "The upload could not be read. Please choose the file again."


class ResumeFileTooLarge(HTTPException):
    status_code = 413

    def __init__(self) -> None:
        super().__init__(detail=MSG_TOO_LARGE, extra={"field": "file"})


def _too_large(request: Request, exc: RequestEntityTooLarge) -> Response:
    return error_response(413, MSG_TOO_LARGE, field="file")


def _unreadable_form(request: Request, exc: UnicodeDecodeError) -> Response:
    return error_response(400, MSG_FORM_UNREADABLE, field="file")


async def _career_follows(request: Request, resumes: ResumeService, pipelines: Pipelines,
                          has_resume: bool) -> str | None:
    """What reads the resume follows it: the story's Career part says at once whether there is one
    (no role or objective of a resume that is gone), and the story is rewritten with it; returns the
    rewrite's run id. Without a story (fewer entries than its unlock) there is nothing to follow."""
    if not await resumes.career_follows(request.user.id, has_resume):
        return None
    user_id = str(request.user.id)
    try:
        run = pipelines.active(STORY_FLOW, user_id) or pipelines.submit(STORY_FLOW, user_id=user_id, owner=user_id)
    except Exception as exc:  # noqa: BLE001 - the story is rewritten with the next analysed entry instead
        log.warning("profile_regeneration_not_submitted", error=str(exc))
        return None
    return run.id


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
    async def save_resume(self, request: Request, resumes: ResumeService, pipelines: Pipelines,
                          data: ResumeIn) -> ResumeOut:
        resume = await resumes.put(request.user.id, _content(data.content))
        return ResumeOut(content=resume.content, updated_at=resume.updated_at,
                         profile_run_id=await _career_follows(request, resumes, pipelines, True))

    @post("/file", operation_id="uploadResumeFile", status_code=200,
          request_max_body_size=MAX_RESUME_FILE_BYTES + 64 * 1024, responses=error_responses(413),
          exception_handlers={RequestEntityTooLarge: _too_large, UnicodeDecodeError: _unreadable_form},
          description="Upload the resume as a file (multipart field `file`): .txt, .pdf or .docx, at most 5 MB. "
                      "Its text is read on the server and saved as the resume, replacing any earlier one. An old "
                      "Word .doc is refused with a message saying how to convert it.")
    async def upload_resume_file(
        self, request: Request, resumes: ResumeService, pipelines: Pipelines,
        data: Annotated[ResumeFileUpload, Body(media_type=RequestEncodingType.MULTI_PART)],
    ) -> ResumeOut:
        upload = data.file
        if not isinstance(upload, UploadFile):
            raise FieldError("file", MSG_FILE_REQUIRED)
        content = await upload.read(MAX_RESUME_FILE_BYTES + 1)
        await upload.close()
        if len(content) > MAX_RESUME_FILE_BYTES:
            raise ResumeFileTooLarge()
        if not content:
            raise FieldError("file", MSG_FILE_REQUIRED)
        try:
            text = await anyio.to_thread.run_sync(resume_text, upload.filename or "", content)
        except ResumeFileRejected as exc:
            raise FieldError("file", str(exc)) from None
        resume = await resumes.put(request.user.id, _content(text))
        return ResumeOut(content=resume.content, updated_at=resume.updated_at,
                         profile_run_id=await _career_follows(request, resumes, pipelines, True))

    @delete(operation_id="deleteResume", status_code=200)
    async def delete_resume(self, request: Request, resumes: ResumeService, pipelines: Pipelines) -> ResumeOut:
        resume = await resumes.own_one(request.user.id)
        if resume is None:
            return ResumeOut()
        await resumes.remove(resume)
        return ResumeOut(profile_run_id=await _career_follows(request, resumes, pipelines, False))
