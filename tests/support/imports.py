"""Import test files: the real fixtures (tests/fixtures/imports) and the .zip files the tests build
in the apps' own layouts from them (Day One's export, an Obsidian vault), with generated images."""

from __future__ import annotations

import hashlib
import io
import json
import os
import zipfile
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "imports"
DAY_ONE_MAC = "dayone_mac_journal_robinshi918.json"


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def jpeg(seed: int, size: tuple[int, int] = (48, 32)) -> bytes:
    """A small real JPEG, different for each seed."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", size, ((seed * 37) % 256, (seed * 91) % 256, (seed * 53) % 256)).save(out, "JPEG")
    return out.getvalue()


def upload(client, name: str, data: bytes, content_type: str = "application/octet-stream"):
    return client.post("/api/journal/import/file", files={"file": (name, data, content_type)})


def _photo(entry: dict, data: bytes, identifier: str, order: int, files: dict[str, bytes]) -> None:
    md5 = hashlib.md5(data).hexdigest()
    entry.setdefault("photos", []).append({
        "md5": md5, "type": "jpeg", "identifier": identifier, "orderInEntry": order, "width": 48, "height": 32,
        "fileSize": len(data), "creationDevice": "iPhone"})
    entry["text"] = f"![](dayone-moment://{identifier})\n\n{entry.get('text', '')}"
    files[f"photos/{md5}.jpeg"] = data


def day_one_zip(photos_per_entry: dict[int, int] | None = None, tags: dict[int, list[str]] | None = None,
                audios: dict[int, int] | None = None, missing_photo: int | None = None,
                video_bytes: int = 0) -> tuple[bytes, dict]:
    """Day One's .zip export of the Mac sample (Journal.json, photos/<md5>.jpeg): photos, tags and
    audio recordings on the entries given by their index, and a video of `video_bytes` on the
    second entry. Returns the .zip and the journal."""
    journal = json.loads(fixture(DAY_ONE_MAC))
    files: dict[str, bytes] = {}
    seed = 0
    for index, count in (photos_per_entry or {}).items():
        for order in range(count):
            seed += 1
            _photo(journal["entries"][index], jpeg(seed), f"PHOTO{seed:028d}", order, files)
    for index, names in (tags or {}).items():
        journal["entries"][index]["tags"] = names
    for index, count in (audios or {}).items():
        journal["entries"][index]["audios"] = [
            {"md5": f"{index:02d}{n:030d}", "format": "m4a", "identifier": f"AUDIO{index}{n}"} for n in range(count)]
        for n in range(count):
            files[f"audios/{index:02d}{n:030d}.m4a"] = b"not really audio"
    if video_bytes:
        journal["entries"][1]["videos"] = [{"md5": "b" * 32, "type": "mov", "identifier": "VIDEO1"}]
        files[f"videos/{'b' * 32}.mov"] = os.urandom(video_bytes)
    if missing_photo is not None:
        journal["entries"][missing_photo].setdefault("photos", []).append(
            {"md5": "f" * 32, "type": "jpeg", "identifier": "MISSING", "orderInEntry": 9})
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("Journal.json", json.dumps(journal, ensure_ascii=False, indent=2))
        for name, data in files.items():
            archive.writestr(name, data, compress_type=zipfile.ZIP_STORED)
    return out.getvalue(), journal


def ten_year_day_one_zip(days: int = 3650, photo_every: int = 10, end: date | None = None) -> bytes:
    """A Day One .zip of `days` daily entries (ten years), one photo on every `photo_every`-th."""
    end = end or date(2025, 12, 31)
    entries, files = [], {}
    for n in range(days):
        day = end - timedelta(days=days - 1 - n)
        moment = datetime(day.year, day.month, day.day, 20, 30, tzinfo=UTC)
        entry = {"uuid": f"{n:032X}", "creationDate": moment.strftime("%Y-%m-%dT%H:%M:%SZ"), "timeZone": "Europe/London",
                 "text": f"Day {n + 1}. Walked to the market and wrote about the week, entry number {n + 1}.",
                 "tags": ["daily"] if n % 7 == 0 else []}
        if n % photo_every == 0:
            _photo(entry, jpeg(n), f"P{n:031d}", 0, files)
        entries.append(entry)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("Journal.json", json.dumps({"metadata": {"version": "1.0"}, "entries": entries}))
        for name, data in files.items():
            archive.writestr(name, data, compress_type=zipfile.ZIP_STORED)
    return out.getvalue()


def vault_zip() -> bytes:
    """An Obsidian vault as a .zip: the three daily notes (one embedding an image, one with front
    matter tags), an undated note, the vault's settings and a PDF attachment."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("vault/.obsidian/daily-notes.json", '{"folder": "Daily", "format": "YYYY-MM-DD"}')
        archive.writestr("vault/Daily/2026-02-17.md", fixture("2026-02-17.md") + b"\n![[walk.jpg]]\n")
        archive.writestr("vault/Daily/2026-02-18.md",
                         b"---\ntags: [work, standup]\n---\n" + fixture("2026-02-18.md"))
        archive.writestr("vault/Daily/2026-02-19.md", fixture("2026-02-19.md"))
        archive.writestr("vault/Notes/Welcome.md", b"# Welcome\n\nThis vault holds my notes.\n")
        archive.writestr("vault/Attachments/walk.jpg", jpeg(7))
        archive.writestr("vault/Attachments/manual.pdf", b"%PDF-1.4 not really")
    return out.getvalue()
