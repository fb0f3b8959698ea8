"""An account's backup as the export calls read it, on the request's own database session."""

from __future__ import annotations

import uuid
from typing import Any

import sqlalchemy as sa
from advanced_alchemy.service import SQLAlchemyAsyncRepositoryService

from api.journal.backup.export import export_account
from api.services import repository_for
from models import Photo, User


class BackupService(SQLAlchemyAsyncRepositoryService[User]):
    repository_type = repository_for(User)

    async def document(self, user_id: uuid.UUID) -> dict[str, Any]:
        """The whole account as Reverie's export document (`api.journal.backup.export`)."""
        user = await self.repository.session.get(User, user_id)
        assert user is not None  # the signed-in user
        return await export_account(self.repository.session, user)

    async def photo_files(self, user_id: uuid.UUID) -> dict[str, str]:
        """Each of the user's photos by id: its file's storage key."""
        rows = await self.repository.session.execute(
            sa.select(Photo.id, Photo.storage_key).where(Photo.user_id == user_id))
        return {str(photo_id): key for photo_id, key in rows}

    async def release(self) -> None:
        """End the request's transaction, so nothing is held open while the photos are read."""
        await self.repository.session.commit()
