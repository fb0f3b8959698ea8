"""The resume as the API shows it. The spec's client reads an `error` field as "no resume"."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import msgspec
from litestar.datastructures import UploadFile


class ResumeIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    content: str


@dataclass
class ResumeFileUpload:
    """The multipart form of a resume file upload."""

    file: UploadFile | None = None


class ResumeOut(msgspec.Struct, rename="camel", kw_only=True, omit_defaults=True):
    content: str | None = None
    updated_at: datetime | None = None
    error: str | None = None
    success: bool = True
    # The personal story's rewrite with the new resume (its career part reads it), when there is a
    # story: GET /api/profile/regenerate/{id}.
    profile_run_id: str | None = None
