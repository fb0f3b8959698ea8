"""Photo upload form and the photo as the API shows it (spec part 1, sections 3 and 7)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

import msgspec
from litestar.datastructures import UploadFile

from models import Photo

PHOTOS_PATH = "/api/journal-photos"


@dataclass
class PhotoUpload:
    """The multipart form: the image file and an optional caption."""

    photo: UploadFile | None = None
    caption: str | None = None


class PhotoOut(msgspec.Struct, rename="camel", kw_only=True):
    id: UUID
    url: str
    thumbnail_url: str
    caption: str | None
    created_at: datetime
    width: int
    height: int

    @classmethod
    def of(cls, photo: Photo) -> PhotoOut:
        return cls(
            id=photo.id,
            url=f"{PHOTOS_PATH}/file/{photo.id}",
            thumbnail_url=f"{PHOTOS_PATH}/thumbnail/{photo.id}",
            caption=photo.caption,
            created_at=photo.created_at,
            width=photo.width,
            height=photo.height,
        )


class PhotoDeletedOut(msgspec.Struct, kw_only=True):
    success: bool = True
