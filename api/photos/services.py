"""Photos: an owner-scoped service over their rows, and their files in the app's storage."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from api.logging import get_logger
from api.services import OwnedService, repository_for
from api.storage import FileStorage
from models import Photo

log = get_logger("reverie.photos")
MSG_PHOTO_NOT_FOUND = "Photo not found"


class PhotoService(OwnedService[Photo]):
    repository_type = repository_for(Photo)
    not_found = MSG_PHOTO_NOT_FOUND

    async def of_entry(self, user_id: uuid.UUID, entry_id: uuid.UUID) -> Sequence[Photo]:
        return await self.mine(user_id, Photo.entry_id == entry_id, order_by=(Photo.created_at, Photo.id))


async def remove_files(storage: FileStorage, *keys: str) -> None:
    for key in keys:
        try:
            await storage.delete(key)
        except Exception as exc:  # noqa: BLE001  (a leftover file is logged, never a failed request)
            log.warning("photo_file_not_removed", key=key, error=str(exc))
