"""Writing what an import read: entries, their photos, and a Reverie export's rest, all or nothing.

An entry already in the journal (same date and same text, and the same time when both have one) is
not added again, so running the same import twice adds nothing; two entries of one day with the same
text at different times (two Daylio check-ins) are two entries. An entry that is already there
without photos gets the photos the import brings (a Day One JSON imported first, its .zip later).

New entries are embedded in batches as they are written (the bulk path
`tests/benchmarks/bench_embedding_import.py` measures) and left pending for the analysis; entries a
Reverie export brings back keep their analysis. Photo files go to the app's storage before the
transaction commits and are removed again if it does not.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

import anyio
import anyio.lowlevel
import anyio.to_thread
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from api.entries import rules
from api.journal.importing import EntryDraft
from api.photos.services import remove_files
from api.storage import FileStorage
from models import JournalEntry, Photo
from models.constants import MOOD_EMOJI, MOOD_TEXT, MOODS
from models.values import AnalysisState, Mood

# Two imports of one user run one after the other (the same text must not be added twice).
IMPORT_LOCK = 7_310_001
# Written on entries an import brought back already analysed (Reverie's own export).
RESTORED_PROVIDER = "restored"
# Written on entries whose mood is the writer's own, from the app they used (Daylio): the analysis
# keeps it.
WRITER_MOOD = "writer"
EMBED_BATCH = 256
# Rows flushed at once: the ORM builds each flush's statement on the event loop, so a smaller one
# leaves room for other requests between them (64 rows: about 20 ms of CPU).
FLUSH_ROWS = 64
# Daylio's five default moods (its own scale, best to worst); any other word is read by the mood model.
DAYLIO_MOODS = {"rad": "happy", "good": "happy", "meh": "neutral", "bad": "sad", "awful": "sad"}

Progress = Callable[[str, int, int], Awaitable[None]]


def entry_key(day: date, content: str) -> tuple[date, str]:
    """What makes an imported entry "already in the journal": its date and its text (and its time,
    when both have one: see `_already`)."""
    return day, content.replace("\r\n", "\n").replace("\r", "\n").strip()


@dataclass
class ImportOutcome:
    created: list[JournalEntry] = field(default_factory=list)
    skipped: int = 0
    photos: int = 0
    # The id each imported entry had in its source (Reverie's export) -> its id here.
    ids: dict[str, uuid.UUID] = field(default_factory=dict)
    # Photo files written to storage, removed again if the import is not committed.
    files: list[str] = field(default_factory=list)

    @property
    def to_analyse(self) -> list[JournalEntry]:
        return [entry for entry in self.created if entry.analysis_state == AnalysisState.PENDING]


def mood_of(label: str) -> dict[str, str] | None:
    """The writer's mood word as Reverie's mood: a Reverie mood by name, Daylio's defaults by its
    scale, any other word ("stressed", "ok but sleepy") as the mood model reads it."""
    word = label.strip().lower()
    if not word:
        return None
    mood = word if word in MOODS else DAYLIO_MOODS.get(word)
    if mood is None:
        from pipelines.public import predict_mood

        mood = predict_mood(label).mood
    return Mood(emoji=MOOD_EMOJI[mood], text=MOOD_TEXT[mood]).to_json()


async def moods_for(drafts: Sequence[EntryDraft]) -> dict[str, dict[str, str] | None]:
    labels = sorted({d.mood_label for d in drafts if d.mood_label})
    if not labels:
        return {}
    return await anyio.to_thread.run_sync(lambda: {label: mood_of(label) for label in labels})


@dataclass
class _Known:
    """The journal's entries on the import's days: by (date, text), the times they were written at."""

    times: dict[tuple[date, str], dict[str | None, uuid.UUID]] = field(default_factory=dict)

    def find(self, key: tuple[date, str], time: str | None) -> uuid.UUID | None:
        written = self.times.get(key)
        if not written:
            return None
        if time is None or None in written:
            return next(iter(written.values()))
        return written.get(time)

    def add(self, key: tuple[date, str], time: str | None, entry_id: uuid.UUID) -> None:
        self.times.setdefault(key, {})[time] = entry_id


async def _known(session: AsyncSession, user_id: uuid.UUID, drafts: Sequence[EntryDraft]) -> _Known:
    known = _Known()
    days = sorted({draft.entry_date for draft in drafts})
    for start in range(0, len(days), 1000):
        rows = await session.execute(
            sa.select(JournalEntry.id, JournalEntry.entry_date, JournalEntry.content, JournalEntry.entry_time)
            .where(JournalEntry.user_id == user_id, JournalEntry.entry_date.in_(days[start:start + 1000])))
        for entry_id, day, content, time in rows:
            known.add(entry_key(day, content), time, entry_id)
    return known


async def write_entries(session: AsyncSession, storage: FileStorage, user_id: uuid.UUID,
                        drafts: Sequence[EntryDraft], photo_folder: Path | None,
                        progress: Progress | None = None) -> ImportOutcome:
    """Add the drafts the journal does not have yet (see the module docstring). Not committed: the
    caller commits once, or calls `discard_files` when it does not."""
    await session.execute(sa.select(sa.func.pg_advisory_xact_lock(IMPORT_LOCK, sa.func.hashtext(str(user_id)))))
    outcome = ImportOutcome()
    known = await _known(session, user_id, drafts)
    fresh: list[tuple[EntryDraft, uuid.UUID]] = []
    photo_targets: list[tuple[EntryDraft, uuid.UUID]] = []
    for draft in drafts:
        key = entry_key(draft.entry_date, draft.content)
        existing = known.find(key, draft.entry_time)
        if existing is not None:
            outcome.skipped += 1
            if draft.photos:
                photo_targets.append((draft, existing))
        else:
            existing = uuid.uuid4()
            known.add(key, draft.entry_time, existing)
            fresh.append((draft, existing))
            if draft.photos:
                photo_targets.append((draft, existing))
        if draft.source_id:
            outcome.ids[draft.source_id] = existing
    moods = await moods_for([draft for draft, _ in fresh])
    from pipelines.public import embed

    for start in range(0, len(fresh), EMBED_BATCH):
        if progress is not None:
            await progress("saving", start, len(fresh))
        batch = fresh[start:start + EMBED_BATCH]
        vectors = await anyio.to_thread.run_sync(lambda batch=batch: embed([draft.content for draft, _ in batch]))
        rows = []
        for (draft, entry_id), vector in zip(batch, vectors, strict=True):
            restored = draft.mood is not None
            writer_mood = moods.get(draft.mood_label or "") if not restored else None
            entry = JournalEntry(
                id=entry_id, user_id=user_id, content=draft.content, entry_date=draft.entry_date,
                entry_time=draft.entry_time, location=draft.location or rules.DEFAULT_LOCATION,
                mood=draft.mood or writer_mood,
                mood_source=WRITER_MOOD if writer_mood or draft.mood_source == WRITER_MOOD else None,
                summary=draft.summary, related_goals=draft.related_goals, related_projects=draft.related_projects,
                timestamp=draft.timestamp, embedding=vector.tolist(),
                analysis_state=AnalysisState.PENDING, content_version=1, analysed_version=0,
                summarised_length=len(draft.content) if restored and draft.summary else None,
            )
            if restored:
                entry.restore_analysis(RESTORED_PROVIDER)
            rows.append(entry)
        for start_row in range(0, len(rows), FLUSH_ROWS):
            session.add_all(rows[start_row:start_row + FLUSH_ROWS])
            await session.flush()
            await anyio.lowlevel.checkpoint()
        outcome.created.extend(rows)
    if progress is not None and fresh:
        await progress("saving", len(fresh), len(fresh))
    if photo_targets and photo_folder is not None:
        await _attach_photos(session, storage, user_id, photo_targets, photo_folder, outcome)
    return outcome


async def _attach_photos(session: AsyncSession, storage: FileStorage, user_id: uuid.UUID,
                         targets: list[tuple[EntryDraft, uuid.UUID]], folder: Path, outcome: ImportOutcome) -> None:
    """The drafts' cleaned photos, stored and attached (to an existing entry only when it has none)."""
    with_photos = set(await session.scalars(sa.select(Photo.entry_id).where(
        Photo.user_id == user_id, Photo.entry_id.in_({entry_id for _, entry_id in targets}))))
    for draft, entry_id in targets:
        if entry_id in with_photos:
            continue
        with_photos.add(entry_id)
        for photo in draft.photos:
            if not photo.file or not photo.thumbnail or not photo.content_type:
                continue
            photo_id = uuid.uuid4()
            key = f"{user_id}/{photo_id}.{photo.extension}"
            thumb = f"{user_id}/{photo_id}_thumb.{photo.extension}"
            data = await anyio.to_thread.run_sync((folder / photo.file).read_bytes)
            small = await anyio.to_thread.run_sync((folder / photo.thumbnail).read_bytes)
            outcome.files += [key, thumb]
            await storage.save(key, data)
            await storage.save(thumb, small)
            caption = photo.caption.strip()[:300] if photo.caption and photo.caption.strip() else None
            session.add(Photo(id=photo_id, user_id=user_id, entry_id=entry_id, caption=caption,
                              content_type=photo.content_type, width=photo.width, height=photo.height,
                              size_bytes=photo.size, storage_key=key, thumbnail_key=thumb))
            outcome.photos += 1
    await session.flush()


async def discard_files(storage: FileStorage, outcome: ImportOutcome | None) -> None:
    """The photo files of an import that was not committed."""
    if outcome is not None and outcome.files:
        await remove_files(storage, *outcome.files)
