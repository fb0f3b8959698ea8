"""Journals that come as a .zip: Day One's export (Journal.json and its photos), an Obsidian vault
(or any folder of Markdown and text notes), and Reverie's own export (reverie-export.json, photos/).

Safe by construction: nothing is ever extracted to disk by the names inside the archive; a member is
looked up by its name and read into memory up to a limit, so `../../etc` names, absolute paths and
links lead nowhere. The archive may list at most MAX_ARCHIVE_MEMBERS files, and all that is read
from it unpacks to at most MAX_UNPACKED_BYTES (zipfile stops each member at its declared size and
checks its CRC); encrypted members and archives inside the archive are not read.
"""

from __future__ import annotations

import posixpath
import zipfile
from datetime import date
from typing import IO

from api.errors import FieldError
from api.journal.importing import ParsedImport, limit
from api.journal.imports import documents, limits, text

MSG_NOT_ZIP = "The .zip file could not be read. Please export the journal again."
MSG_TOO_MANY_FILES = f"The .zip holds more than {limits.MAX_ARCHIVE_MEMBERS:,} files. Please export a smaller part."
MSG_TOO_BIG = "The .zip unpacks to more than 1 GB. Please export a smaller part (for example one year)."
MSG_ENCRYPTED = "The .zip is protected by a password. Please export the journal without one."
MSG_NOTHING = ("The .zip holds no journal Reverie can read: a Day One export (Journal.json), a Reverie export, or "
               "Markdown and text notes.")
NOTE_EXTENSIONS = (".md", ".markdown", ".txt", ".journal")
MEDIA = {"audio": (".m4a", ".mp3", ".aac", ".wav", ".ogg", ".flac", ".caf"),
         "video": (".mov", ".mp4", ".m4v", ".avi", ".webm"),
         "pdf": (".pdf",)}


class TooBig(Exception):
    pass


class Archive:
    """A .zip, read member by member within the budget."""

    def __init__(self, file: str | IO[bytes]) -> None:
        try:
            self.zip = zipfile.ZipFile(file)
            infos = self.zip.infolist()
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError):
            raise FieldError("file", MSG_NOT_ZIP) from None
        if len(infos) > limits.MAX_ARCHIVE_MEMBERS:
            raise FieldError("file", MSG_TOO_MANY_FILES)
        self.read_bytes = 0
        # Regular files by their normalised name ("photos/ab12.jpeg"); names that climb out
        # ("../x") or are absolute are left out: they name nothing here.
        self.files: dict[str, zipfile.ZipInfo] = {}
        for info in infos:
            name = info.filename.replace("\\", "/")
            clean = posixpath.normpath(name)
            if info.is_dir() or name.startswith("/") or clean.startswith("..") or "\x00" in name:
                continue
            if posixpath.basename(clean).startswith("._") or clean.startswith("__MACOSX/"):
                continue  # macOS resource forks
            self.files[clean] = info
        self.by_base: dict[str, str] = {}
        for name in sorted(self.files, key=len):
            self.by_base.setdefault(posixpath.basename(name).lower(), name)

    def close(self) -> None:
        self.zip.close()

    def find(self, name: str, near: str = "") -> str | None:
        """The member a reference names: as written (relative to `near`'s folder, or the root),
        or, as Obsidian resolves embeds, the shortest path with that file name."""
        wanted = posixpath.normpath(name.replace("\\", "/").lstrip("/"))
        for candidate in (posixpath.normpath(posixpath.join(posixpath.dirname(near), wanted)), wanted):
            if candidate in self.files:
                return candidate
        return self.by_base.get(posixpath.basename(wanted).lower())

    def read(self, name: str, most: int) -> bytes | None:
        """The member's bytes; None when it is larger than `most`. TooBig when the archive's
        budget is spent."""
        info = self.files[name]
        if info.flag_bits & 0x1:
            raise FieldError("file", MSG_ENCRYPTED)
        if info.file_size > most:
            return None
        if self.read_bytes + info.file_size > limits.MAX_UNPACKED_BYTES:
            raise TooBig
        try:
            with self.zip.open(info) as member:
                data = member.read(most + 1)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, RuntimeError):
            raise FieldError("file", MSG_NOT_ZIP) from None
        self.read_bytes += len(data)
        return data if len(data) <= most else None

    def text(self, name: str) -> str:
        data = self.read(name, limits.MAX_TEXT_FILE_BYTES)
        if data is None:
            raise FieldError("file", f"{name[:80]} is larger than 64 MB. Please export a smaller part.")
        return text.decode_text(data, name)


def _media_counts(archive: Archive, parsed: ParsedImport, names: set[str]) -> None:
    for kind, extensions in MEDIA.items():
        parsed.skip(kind, sum(1 for n in names if n.lower().endswith(extensions)))


def _day_one(journals: dict[str, bytes], archive: Archive, today: date) -> ParsedImport:
    """Day One's export: a JSON per journal (Journal.json...), its photos in photos/<md5>.<type>."""
    parsed = ParsedImport(drafts=[], format="Day One")
    for name, data in journals.items():
        document = documents.decode(data)
        entries = document.get("entries") if isinstance(document, dict) else None
        if not isinstance(entries, list):
            continue
        start = len(parsed.drafts)
        documents.day_one_entries(entries, today, parsed)
        for draft in parsed.drafts[start:]:
            for photo in draft.photos:
                photo.member = archive.find(photo.member, name) or ""
    parsed.skip("journals_merged", len(journals) if len(journals) > 1 else 0)
    return parsed


def _reverie(archive: Archive, name: str, today: date) -> ParsedImport:
    parsed = documents.parse_json(archive.read(name, limits.MAX_TEXT_FILE_BYTES) or b"", today)
    for draft in parsed.drafts:
        for photo in draft.photos:
            photo.member = archive.find(photo.member, name) or ""
    return parsed


def _notes(archive: Archive, names: list[str], today: date) -> ParsedImport:
    """A vault: every note dated by its name or front matter is an entry, with the images it
    embeds as its photos; a file of dated entries (jrnl, Daygram, dated headings) gives its own."""
    parsed = ParsedImport(drafts=[], format="Obsidian vault")
    used: set[str] = set()
    for name in names[:limits.MAX_NOTES]:
        content = archive.text(name)
        found = text.note_draft(content, today, name, f"Note {name[:80]}")
        if found is None:  # no date of its own: the entries its date lines open, if any
            inner = text.parse_text(content, today, undated=False)
            parsed.drafts.extend(inner.drafts)
            for kind, count in inner.not_imported.items():
                parsed.skip(kind, count)
            if not inner.drafts:
                parsed.skip("note_undated")
            limit(parsed.drafts)
            continue
        draft, others = found
        parsed.skip("attachment", others)
        if draft is None:
            continue
        for photo in draft.photos:
            photo.member = archive.find(photo.member, name) or ""
            used.add(photo.member)
        parsed.drafts.append(draft)
        limit(parsed.drafts)
    parsed.skip("note_too_many", max(0, len(names) - limits.MAX_NOTES))
    _media_counts(archive, parsed, set(archive.files) - used)
    return parsed


def parse_zip(file: str | IO[bytes], today: date) -> tuple[ParsedImport, Archive]:
    """The journal in a .zip, and the archive (still open) for its photos."""
    archive = Archive(file)
    names = sorted(archive.files)
    try:
        reverie = [n for n in names if posixpath.basename(n) == "reverie-export.json"]
        if reverie:
            return _reverie(archive, min(reverie, key=len), today), archive
        journals = {}
        for name in (n for n in names if n.lower().endswith(".json") and n.count("/") <= 1):
            data = archive.read(name, limits.MAX_TEXT_FILE_BYTES)
            if data is not None and b'"creationDate"' in data and b'"entries"' in data:
                journals[name] = data
        if journals:  # Day One counts its audio, video and PDFs per entry, from the JSON
            return _day_one(journals, archive, today), archive
        notes = [n for n in names if n.lower().endswith(NOTE_EXTENSIONS) and not n.startswith(".")
                 and "/." not in n]
        if notes:
            return _notes(archive, notes, today), archive
    except TooBig:
        archive.close()
        raise FieldError("file", MSG_TOO_BIG) from None
    except BaseException:
        archive.close()
        raise
    archive.close()
    raise FieldError("file", MSG_NOTHING)
