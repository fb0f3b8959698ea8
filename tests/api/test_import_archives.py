"""A .zip is read by name within its budget, never extracted: an archive bomb, names that climb out
of the archive or are absolute, a password-protected member, too many files, an archive inside the
archive. Each is refused with a 400 or left unread, and nothing lands outside the import."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from tests.support.imports import fixture, upload


def _zip(members: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression) as archive:
        for name, data in members.items():
            archive.writestr(zipfile.ZipInfo(name), data, compress_type=compression)
    return out.getvalue()


def test_a_bomb_member_is_refused_without_unpacking_it(ana):
    bomb = _zip({"notes/2026-01-02.md": b"\0" * (70 * 1024 * 1024)})  # 70 MB of zeros, 70 kB packed
    assert len(bomb) < 200_000
    response = upload(ana, "vault.zip", bomb)
    assert response.status_code == 400
    assert response.json()["error"] == "notes/2026-01-02.md is larger than 64 MB. Please export a smaller part."
    assert ana.get("/api/journal").json() == []


def test_names_climbing_out_of_the_archive_are_never_read_nor_written(ana, settings):
    journal = json.loads(fixture("dayone_daygram2dayone_sample.json"))
    archive = _zip({
        "Journal.json": json.dumps(journal).encode(),
        "../../../../tmp/reverie-escaped.md": b"# Escaped\n",
        "/etc/reverie-absolute.md": b"# Absolute\n",
        "photos/../../../outside.jpeg": b"not a photo",
    })
    body = upload(ana, "Export.zip", archive).json()
    assert body["count"] == 2 and body["format"] == "Day One"
    data = settings.data_dir
    assert not any(p.name in ("reverie-escaped.md", "reverie-absolute.md", "outside.jpeg") for p in data.rglob("*"))
    assert not (data / "imports").exists() or not any((data / "imports").iterdir())  # the import's folder is gone


def test_a_password_protected_member_is_refused(ana):
    archive = bytearray(_zip({"2026-01-02.md": b"# Secret day\n"}, zipfile.ZIP_STORED))
    # Mark the member encrypted, as zip tools do (general purpose flag bit 0), in both headers.
    archive[6] |= 0x1
    central = archive.rfind(b"PK\x01\x02")
    archive[central + 8] |= 0x1
    response = upload(ana, "vault.zip", bytes(archive))
    assert response.status_code == 400
    assert response.json()["error"] == "The .zip is protected by a password. Please export the journal without one."


def test_too_many_files_is_refused(ana):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for n in range(50_001):
            archive.writestr(f"n/{n}.txt", b"")
    response = upload(ana, "many.zip", out.getvalue())
    assert response.status_code == 400
    assert response.json()["error"].startswith("The .zip holds more than 50,000 files.")


@pytest.mark.parametrize("members, message", [
    ({"inner.zip": _zip({"2026-01-02.md": b"# Nested\n"})},
     ("The .zip holds no journal Reverie can read: a Day One export (Journal.json), a Reverie export, or Markdown "
      "and text notes.")),
    ({"photo.jpg": b"\xff\xd8\xff"}, None),
], ids=["archive-inside", "no-journal"])
def test_a_zip_without_a_journal_says_so(ana, members, message):
    response = upload(ana, "x.zip", _zip(members))
    assert response.status_code == 400
    assert response.json()["error"].startswith("The .zip holds no journal Reverie can read")
    if message:
        assert response.json()["error"] == message
