"""An import's writes on the request's own database session: the entries a file held (and, from
Reverie's own export, the rest of the account) in one transaction, all or nothing; and the latest
file import's progress (`journal_imports`)."""

from __future__ import annotations

import uuid
from pathlib import Path

import msgspec
from advanced_alchemy.service import SQLAlchemyAsyncRepositoryService

from api.journal.backup.restore import Backup, Restored, restore_account
from api.journal.importing import ParsedImport
from api.journal.imports import jobs, writer
from api.services import repository_for
from api.storage import FileStorage
from models import User
from models.imports import JournalImport


class ImportService(SQLAlchemyAsyncRepositoryService[JournalImport]):
    repository_type = repository_for(JournalImport)

    async def write(self, storage: FileStorage, user_id: uuid.UUID, parsed: ParsedImport, photos: Path,
                    skipped: dict[str, int], progress: writer.Progress | None = None,
                    ) -> tuple[writer.ImportOutcome, Restored | None]:
        """Write what was read and commit it; on any failure nothing is kept, the photo files
        written included. What a restore leaves out is counted into `skipped`."""
        session = self.repository.session
        outcome = None
        try:
            outcome = await writer.write_entries(session, storage, user_id, parsed.drafts, photos, progress)
            restored = None
            if parsed.backup is not None:
                user = await session.get(User, user_id)
                assert user is not None  # the signed-in user
                restored = await restore_account(session, user, msgspec.convert(parsed.backup, Backup), outcome.ids,
                                                 skipped)
                restored.photos = outcome.photos
            await session.commit()
        except BaseException:
            await writer.discard_files(storage, outcome)
            raise
        return outcome, restored

    async def latest(self, user_id: uuid.UUID) -> jobs.ImportJobOut | None:
        return await jobs.latest(self.repository.session, user_id)

    async def release(self) -> None:
        """End the request's transaction, so nothing is held open while a file is read."""
        await self.repository.session.commit()
