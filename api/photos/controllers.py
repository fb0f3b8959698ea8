"""Photos on journal entries (spec part 1, sections 5 and 7).

GET/POST /api/journal-photos/{entryId} list and upload, DELETE /api/journal-photos/{photoId}, and
the owner-only file and thumbnail routes the photo's urls point at. Every row is read through the
signed-in user's id: another user's entry or photo is simply not found.

An upload is decoded and cleaned in a worker thread (`api.photos.images`); the image and a
thumbnail go to the app's file storage under `<user id>/`.
"""

from __future__ import annotations

from typing import Annotated
from uuid import UUID, uuid4

from litestar import Controller, Request, Response, delete, get, post
from litestar.datastructures import UploadFile
from litestar.enums import RequestEncodingType
from litestar.exceptions import HTTPException, NotFoundException
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.params import Body
from sqlalchemy.exc import IntegrityError

from api.dependencies import Storage
from api.entries import rules as entry_rules
from api.entries.services import EntryService
from api.errors import FieldError, documented_errors, error_response, error_responses
from api.logging import get_logger
from api.photos.images import ImageRejected, process_image_bounded
from api.photos.schemas import PHOTOS_PATH, PhotoDeletedOut, PhotoOut, PhotoUpload
from api.photos.services import MSG_PHOTO_NOT_FOUND, PhotoService, remove_files
from api.security.text_input import MSG_NUL
from api.services import provide
from api.storage import FileStorage
from api.validation import no_control_characters
from models import Photo

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


def _clean_caption(caption: str | None) -> str | None:
    text = (caption or "").strip()
    if "\x00" in text:  # PostgreSQL cannot store it (the body guard does not read multipart forms)
        raise FieldError("caption", MSG_NUL)
    if len(text) > MAX_CAPTION_CHARS:
        raise FieldError("caption", MSG_CAPTION_TOO_LONG)
    return no_control_characters(text, "caption") or None


async def _serve(request: Request, photos: PhotoService, storage: FileStorage, photo_id: UUID, *,
                 thumbnail: bool) -> Response[bytes]:
    photo = await photos.own(request.user.id, photo_id)
    try:
        content = await storage.read(photo.thumbnail_key if thumbnail else photo.storage_key)
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
    path = PHOTOS_PATH
    tags = ["photos"]
    dependencies = provide(photos=PhotoService, entries=EntryService)

    @get("/{entry_id:uuid}", operation_id="listEntryPhotos",
         description="The photos of one of the signed-in user's entries, oldest first.")
    async def list_photos(self, request: Request, photos: PhotoService, entries: EntryService,
                          entry_id: UUID) -> list[PhotoOut]:
        await entries.own(request.user.id, entry_id)
        return [PhotoOut.of(photo) for photo in await photos.of_entry(request.user.id, entry_id)]

    @post("/{entry_id:uuid}", operation_id="uploadEntryPhoto", status_code=201,
          request_max_body_size=MAX_REQUEST_BYTES, responses=error_responses(413),
          exception_handlers={RequestEntityTooLarge: _too_large, UnicodeDecodeError: _unreadable_form},
          description="Attach a photo (JPEG, PNG, WebP or GIF, at most 10 MB) to a saved entry. Location and "
                      "all other metadata are removed before it is stored.")
    async def upload_photo(
        self,
        request: Request,
        photos: PhotoService,
        entries: EntryService,
        storage: Storage,
        entry_id: UUID,
        data: Annotated[PhotoUpload, Body(media_type=RequestEncodingType.MULTI_PART)],
    ) -> PhotoOut:
        await entries.own(request.user.id, entry_id)
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
            encoded = await process_image_bounded(content)
        except ImageRejected as exc:
            raise FieldError("photo", str(exc)) from None

        photo_id = uuid4()
        user_id = request.user.id
        storage_key = f"{user_id}/{photo_id}.{encoded.extension}"
        thumbnail_key = f"{user_id}/{photo_id}_thumb.{encoded.extension}"
        photo = Photo(
            id=photo_id, user_id=user_id, entry_id=entry_id, caption=caption,
            content_type=encoded.content_type, width=encoded.width, height=encoded.height,
            size_bytes=len(encoded.data), storage_key=storage_key, thumbnail_key=thumbnail_key,
        )
        session = photos.repository.session
        try:
            await storage.save(storage_key, encoded.data)
            await storage.save(thumbnail_key, encoded.thumbnail)
            session.add(photo)
            await session.commit()
        except IntegrityError:  # the entry was deleted meanwhile
            await session.rollback()
            await remove_files(storage, storage_key, thumbnail_key)
            raise NotFoundException(entry_rules.MSG_NOT_FOUND) from None
        except BaseException:
            await remove_files(storage, storage_key, thumbnail_key)
            raise
        log.info("photo_uploaded", photo_id=str(photo_id), entry_id=str(entry_id), bytes=len(encoded.data))
        return PhotoOut.of(photo)

    @delete("/{photo_id:uuid}", operation_id="deletePhoto", status_code=200,
            description="Delete one of the signed-in user's photos and its files.")
    async def delete_photo(self, request: Request, photos: PhotoService, storage: Storage,
                           photo_id: UUID) -> PhotoDeletedOut:
        photo = await photos.own(request.user.id, photo_id)
        keys = (photo.storage_key, photo.thumbnail_key)
        await photos.remove(photo)
        await photos.commit()
        await remove_files(storage, *keys)
        return PhotoDeletedOut(success=True)

    @get("/file/{photo_id:uuid}", operation_id="getPhotoFile", media_type="image/*",
         description="The photo's image, served only to its owner.")
    async def photo_file(self, request: Request, photos: PhotoService, storage: Storage,
                         photo_id: UUID) -> Response[bytes]:
        return await _serve(request, photos, storage, photo_id, thumbnail=False)

    @get("/thumbnail/{photo_id:uuid}", operation_id="getPhotoThumbnail", media_type="image/*",
         description="The photo's thumbnail (at most 320 px on its longer side), served only to its owner.")
    async def photo_thumbnail(self, request: Request, photos: PhotoService, storage: Storage,
                              photo_id: UUID) -> Response[bytes]:
        return await _serve(request, photos, storage, photo_id, thumbnail=True)
