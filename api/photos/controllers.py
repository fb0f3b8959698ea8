"""Photos on journal entries (spec part 1, sections 5 and 7).

GET/POST /api/journal-photos/{entryId} list and upload, DELETE /api/journal-photos/{photoId}, and
the owner-only file and thumbnail routes the photo's urls point at. Every row is read through the
signed-in user's id: another user's entry or photo is simply not found.

An upload is decoded with Pillow in a worker thread (the bytes decide what it is, never the file
name), rotated by its EXIF orientation, and re-encoded from raw pixels, so EXIF (GPS included),
XMP, ICC, comments and all other metadata are gone from what is stored. The image and a thumbnail
go to the app's file storage under `<user id>/`.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated
from uuid import UUID, uuid4

import anyio.to_thread
import msgspec
import sqlalchemy as sa
from litestar import Controller, Request, Response, delete, get, post
from litestar.datastructures import UploadFile
from litestar.enums import RequestEncodingType
from litestar.exceptions import HTTPException, NotFoundException
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.params import Body
from PIL import Image, ImageOps, UnidentifiedImageError
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.auth.services import FieldError
from api.errors import documented_errors, error_response, error_responses
from api.journal import rules as journal_rules
from api.logging import get_logger
from api.storage import FileStorage
from models import JournalEntry, Photo

log = get_logger("reverie.photos")

MAX_PHOTO_BYTES = 10 * 1024 * 1024  # 10 MB per photo
# The request may carry the photo plus the multipart framing and a caption; anything bigger is
# refused while streaming, before it is read into memory.
MAX_REQUEST_BYTES = MAX_PHOTO_BYTES + 256 * 1024
MAX_CAPTION_CHARS = 300

MSG_PHOTO_REQUIRED = "Please choose a photo to upload."
MSG_TOO_LARGE = "That photo is too large. The limit is 10 MB."
MSG_FORM_UNREADABLE = "The upload could not be read. Please choose the photo again."
MSG_CAPTION_TOO_LONG = f"Captions can be at most {MAX_CAPTION_CHARS} characters."
MSG_PHOTO_NOT_FOUND = "Photo not found"

ACCEPTED_FORMATS = ("JPEG", "PNG", "WEBP", "GIF")
MAX_PIXELS = 40_000_000  # decompression-bomb guard: 40 megapixels
THUMBNAIL_SIZE = 320
JPEG_QUALITY = 88

MSG_NOT_IMAGE = "That file is not an image. Please choose a JPEG, PNG, WebP or GIF photo."
MSG_TOO_MANY_PIXELS = "That image is too large to process (at most 40 megapixels)."


class ImageRejected(ValueError):
    """The upload is not an acceptable image; the message is for the user."""


@dataclass(frozen=True, slots=True)
class EncodedImage:
    data: bytes
    thumbnail: bytes
    content_type: str
    extension: str
    width: int
    height: int


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in ("RGBA", "LA", "PA", "RGBa", "La") or (
        image.mode == "P" and "transparency" in image.info
    )


def _encode(image: Image.Image, fmt: str) -> bytes:
    out = io.BytesIO()
    if fmt == "PNG":
        image.save(out, "PNG", optimize=True)
    else:
        image.save(out, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return out.getvalue()


def process_image(data: bytes) -> EncodedImage:
    """Verify `data` is a JPEG, PNG, WebP or GIF image and return it re-encoded, with a thumbnail."""
    try:
        with Image.open(io.BytesIO(data), formats=ACCEPTED_FORMATS) as probe:
            width, height = probe.size
            if width < 1 or height < 1:
                raise ImageRejected(MSG_NOT_IMAGE)
            if width * height > MAX_PIXELS:
                raise ImageRejected(MSG_TOO_MANY_PIXELS)
            probe.verify()
        with Image.open(io.BytesIO(data), formats=ACCEPTED_FORMATS) as opened:
            opened.load()  # the first frame of an animation
            try:
                image = ImageOps.exif_transpose(opened)
            except Exception:  # noqa: BLE001  (unreadable EXIF: keep the pixels as they are)
                image = opened.copy()
            alpha = _has_alpha(image)
            image = image.convert("RGBA" if alpha else "RGB")
    except ImageRejected:
        raise
    except Image.DecompressionBombError:
        raise ImageRejected(MSG_TOO_MANY_PIXELS) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError, IndexError, TypeError):
        raise ImageRejected(MSG_NOT_IMAGE) from None

    # A fresh image from raw pixels carries no info dict: no EXIF, GPS, XMP, ICC or comments.
    clean = Image.frombytes(image.mode, image.size, image.tobytes())
    fmt = "PNG" if alpha else "JPEG"
    thumbnail = clean.copy()
    thumbnail.thumbnail((THUMBNAIL_SIZE, THUMBNAIL_SIZE), Image.Resampling.LANCZOS)
    return EncodedImage(
        data=_encode(clean, fmt),
        thumbnail=_encode(thumbnail, fmt),
        content_type="image/png" if alpha else "image/jpeg",
        extension="png" if alpha else "jpg",
        width=clean.width,
        height=clean.height,
    )


class PhotoTooLarge(HTTPException):
    status_code = 413

    def __init__(self) -> None:
        super().__init__(detail=MSG_TOO_LARGE, extra={"field": "photo"})


def _too_large(request: Request, exc: RequestEntityTooLarge) -> Response:
    return error_response(413, MSG_TOO_LARGE, field="photo")


def _unreadable_form(request: Request, exc: UnicodeDecodeError) -> Response:
    """A form part sent without a filename is read as text: bytes that are not UTF-8 (a photo sent
    as a plain field, a caption in another encoding) are bad input, not a server error."""
    return error_response(400, MSG_FORM_UNREADABLE)


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
            url=f"{PhotosController.path}/file/{photo.id}",
            thumbnail_url=f"{PhotosController.path}/thumbnail/{photo.id}",
            caption=photo.caption,
            created_at=photo.created_at,
            width=photo.width,
            height=photo.height,
        )


class PhotoDeletedOut(msgspec.Struct, kw_only=True):
    success: bool = True


def _storage(request: Request) -> FileStorage:
    return request.app.state.storage


async def _check_own_entry(db: AsyncSession, user_id: UUID, entry_id: UUID) -> None:
    found = (
        await db.execute(sa.select(JournalEntry.id).where(JournalEntry.id == entry_id, JournalEntry.user_id == user_id))
    ).scalar_one_or_none()
    if found is None:
        raise NotFoundException(journal_rules.MSG_NOT_FOUND)


async def _own_photo(db: AsyncSession, user_id: UUID, photo_id: UUID) -> Photo:
    photo = (
        await db.execute(sa.select(Photo).where(Photo.id == photo_id, Photo.user_id == user_id))
    ).scalar_one_or_none()
    if photo is None:
        raise NotFoundException(MSG_PHOTO_NOT_FOUND)
    return photo


def _clean_caption(caption: str | None) -> str | None:
    text = (caption or "").strip()
    if len(text) > MAX_CAPTION_CHARS:
        raise FieldError("caption", MSG_CAPTION_TOO_LONG)
    return text or None


async def _serve(request: Request, db: AsyncSession, photo_id: UUID, *, thumbnail: bool) -> Response[bytes]:
    photo = await _own_photo(db, request.user.id, photo_id)
    try:
        content = await _storage(request).read(photo.thumbnail_key if thumbnail else photo.storage_key)
    except FileNotFoundError:
        log.warning("photo_file_missing", photo_id=str(photo.id), thumbnail=thumbnail)
        raise NotFoundException(MSG_PHOTO_NOT_FOUND) from None
    return Response(
        content=content,
        media_type=photo.content_type,
        headers={"Cache-Control": "private, max-age=86400", "X-Content-Type-Options": "nosniff"},
    )


@documented_errors
class PhotosController(Controller):
    path = "/api/journal-photos"
    tags = ["photos"]

    @get("/{entry_id:uuid}", operation_id="listEntryPhotos",
         description="The photos of one of the signed-in user's entries, oldest first.")
    async def list_photos(self, request: Request, db_session: AsyncSession, entry_id: UUID) -> list[PhotoOut]:
        await _check_own_entry(db_session, request.user.id, entry_id)
        rows = await db_session.execute(
            sa.select(Photo)
            .where(Photo.entry_id == entry_id, Photo.user_id == request.user.id)
            .order_by(Photo.created_at, Photo.id)
        )
        return [PhotoOut.of(photo) for photo in rows.scalars()]

    @post("/{entry_id:uuid}", operation_id="uploadEntryPhoto", status_code=201,
          request_max_body_size=MAX_REQUEST_BYTES, responses=error_responses(413),
          exception_handlers={RequestEntityTooLarge: _too_large, UnicodeDecodeError: _unreadable_form},
          description="Attach a photo (JPEG, PNG, WebP or GIF, at most 10 MB) to a saved entry. Location and "
                      "all other metadata are removed before it is stored.")
    async def upload_photo(
        self,
        request: Request,
        db_session: AsyncSession,
        entry_id: UUID,
        data: Annotated[PhotoUpload, Body(media_type=RequestEncodingType.MULTI_PART)],
    ) -> PhotoOut:
        await _check_own_entry(db_session, request.user.id, entry_id)
        upload = data.photo
        if not isinstance(upload, UploadFile):
            raise FieldError("photo", MSG_PHOTO_REQUIRED)
        caption = _clean_caption(data.caption)
        content = await upload.read(MAX_PHOTO_BYTES + 1)
        await upload.close()
        if len(content) > MAX_PHOTO_BYTES:
            raise PhotoTooLarge()
        if not content:
            raise FieldError("photo", MSG_PHOTO_REQUIRED)
        try:
            encoded = await anyio.to_thread.run_sync(process_image, content)
        except ImageRejected as exc:
            raise FieldError("photo", str(exc)) from None

        photo_id = uuid4()
        user_id = request.user.id
        storage_key = f"{user_id}/{photo_id}.{encoded.extension}"
        thumbnail_key = f"{user_id}/{photo_id}_thumb.{encoded.extension}"
        storage = _storage(request)
        photo = Photo(
            id=photo_id, user_id=user_id, entry_id=entry_id, caption=caption,
            content_type=encoded.content_type, width=encoded.width, height=encoded.height,
            size_bytes=len(encoded.data), storage_key=storage_key, thumbnail_key=thumbnail_key,
        )
        try:
            await storage.save(storage_key, encoded.data)
            await storage.save(thumbnail_key, encoded.thumbnail)
            db_session.add(photo)
            await db_session.commit()
        except IntegrityError:  # the entry was deleted meanwhile
            await db_session.rollback()
            await _remove_files(storage, storage_key, thumbnail_key)
            raise NotFoundException(journal_rules.MSG_NOT_FOUND) from None
        except BaseException:
            await _remove_files(storage, storage_key, thumbnail_key)
            raise
        log.info("photo_uploaded", photo_id=str(photo_id), entry_id=str(entry_id), bytes=len(encoded.data))
        return PhotoOut.of(photo)

    @delete("/{photo_id:uuid}", operation_id="deletePhoto", status_code=200,
            description="Delete one of the signed-in user's photos and its files.")
    async def delete_photo(self, request: Request, db_session: AsyncSession, photo_id: UUID) -> PhotoDeletedOut:
        photo = await _own_photo(db_session, request.user.id, photo_id)
        keys = (photo.storage_key, photo.thumbnail_key)
        await db_session.delete(photo)
        await db_session.commit()
        await _remove_files(_storage(request), *keys)
        return PhotoDeletedOut(success=True)

    @get("/file/{photo_id:uuid}", operation_id="getPhotoFile",
         description="The photo's image, served only to its owner.")
    async def photo_file(self, request: Request, db_session: AsyncSession, photo_id: UUID) -> Response[bytes]:
        return await _serve(request, db_session, photo_id, thumbnail=False)

    @get("/thumbnail/{photo_id:uuid}", operation_id="getPhotoThumbnail",
         description="The photo's thumbnail (at most 320 px on its longer side), served only to its owner.")
    async def photo_thumbnail(self, request: Request, db_session: AsyncSession, photo_id: UUID) -> Response[bytes]:
        return await _serve(request, db_session, photo_id, thumbnail=True)


async def _remove_files(storage: FileStorage, *keys: str) -> None:
    for key in keys:
        try:
            await storage.delete(key)
        except Exception as exc:  # noqa: BLE001  (a leftover file is logged, never a failed request)
            log.warning("photo_file_not_removed", key=key, error=str(exc))
