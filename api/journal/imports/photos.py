"""The photos of an imported journal, read from its .zip and cleaned in the import worker.

Each photo goes through the photo upload's own checks and cleaning (`api.photos.images`: the bytes
decide what it is; EXIF, GPS and every other metadata is dropped; at most 2560 px; a thumbnail), and
the result is written into the import's own folder for the app to store with the entry. A photo
the entry names that the file does not hold, one over 10 MB, or one Pillow cannot read (HEIC) is
counted, never a failed import.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from api.journal.importing import ParsedImport, PhotoDraft
from api.journal.imports import limits
from api.journal.imports.archive import Archive, TooBig
from api.photos.images import ImageRejected, process_image

# What the photos of one import may take on disk once cleaned.
MAX_PHOTO_OUTPUT_BYTES = 4096 * limits.MB


def process_photos(parsed: ParsedImport, archive: Archive | None, folder: Path,
                   progress: Callable[[str, int, int], None]) -> None:
    """Read, clean and write every photo the drafts name; drafts keep only the photos that made it."""
    wanted = [photo for draft in parsed.drafts for photo in draft.photos]
    if not wanted:
        return
    if archive is None:
        parsed.skip("photo_missing", len(wanted))
        for draft in parsed.drafts:
            draft.photos = []
        return
    folder.mkdir(mode=0o700, exist_ok=True)
    done: dict[str, PhotoDraft | None] = {}
    written = 0
    for number, photo in enumerate(wanted, start=1):
        if number % 5 == 0:
            progress("photos", number, len(wanted))
        if photo.member in done:
            continue
        if not photo.member or photo.member not in archive.files:
            parsed.skip("photo_missing")
            done[photo.member] = None
            continue
        if len(done) >= limits.MAX_PHOTOS or written > MAX_PHOTO_OUTPUT_BYTES:
            parsed.skip("photo_limit")
            done[photo.member] = None
            continue
        try:
            data = archive.read(photo.member, limits.MAX_PHOTO_BYTES)
        except TooBig:  # the .zip's unpacking budget is spent: the photos left are not read
            parsed.skip("photo_limit")
            done[photo.member] = None
            continue
        if data is None:
            parsed.skip("photo_too_large")
            done[photo.member] = None
            continue
        try:
            image = process_image(data)
        except ImageRejected:
            parsed.skip("photo_unreadable")
            done[photo.member] = None
            continue
        stem = f"p{len(done)}"
        (folder / f"{stem}.{image.extension}").write_bytes(image.data)
        (folder / f"{stem}_thumb.{image.extension}").write_bytes(image.thumbnail)
        written += len(image.data) + len(image.thumbnail)
        done[photo.member] = PhotoDraft(
            member=photo.member, file=f"{stem}.{image.extension}", thumbnail=f"{stem}_thumb.{image.extension}",
            content_type=image.content_type, extension=image.extension, width=image.width, height=image.height,
            size=len(image.data))
    for draft in parsed.drafts:
        kept = []
        for photo in draft.photos:
            ready = done.get(photo.member)
            if ready is not None:
                kept.append(PhotoDraft(**{f: getattr(ready, f) for f in ready.__struct_fields__ if f != "caption"},
                                       caption=photo.caption))
        draft.photos = kept
    progress("photos", len(wanted), len(wanted))
