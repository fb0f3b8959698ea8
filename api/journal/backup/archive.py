"""The full export as a .zip (GET /api/export/archive): Reverie's own JSON, the photos, and a Markdown
folder that other apps read.

    reverie-export-2026-12-07/
      reverie-export.json              the whole account (api.journal.backup.export); its photos' `file`s
      photos/<photo id>.jpg            are paths in this folder
      markdown/2026/2026-03-02.md      one note per entry (a day's second: "2026-03-02 (2).md")
      README.txt

Each note opens with YAML front matter (date, time, mood, location, tags: the entry's hashtags), so
Obsidian shows them as the note's properties and reads the folder as daily notes; its text opens
with jrnl's date line ("[2026-03-02 09:15] First line..."), so `jrnl --import --file <note>` reads a
note as an entry (jrnl drops what comes before its first date line, the front matter). Photos are
linked from their entry's note. Importing the .zip into Reverie restores the account with its photos.

The .zip is written to a temporary file in a worker thread (photos stored, text deflated) and
streamed from there; the file is removed once sent.
"""

from __future__ import annotations

import json
import re
import zipfile
from collections.abc import Awaitable, Callable
from datetime import date
from pathlib import Path
from typing import Any

import anyio.from_thread

# A hashtag in an entry's text: "#travel", "#road-trip", "#work/clients" (not a Markdown heading's "# ").
HASHTAG = re.compile(r"(?<![\w&#/])#([^\W\d_][\w/-]*)")
README = """Your Reverie journal, exported on {day}.

reverie-export.json   Everything in your account: entries with their moods and summaries, tasks,
                      projects, goals, insights, patterns, your personal story, resume and settings.
                      Import this .zip (or the .json alone, without photos) in Reverie's Settings,
                      Import Journal, to bring it all back into any account.
photos/               Your photos, as Reverie keeps them (metadata removed).
markdown/             One Markdown note per entry, by year, with its date, time, mood, location
                      and tags as front matter. Open the folder as an Obsidian vault, or bring a
                      note into jrnl with: jrnl --import --file "markdown/2026/2026-03-02.md"
"""


def tags_of(text: str) -> list[str]:
    return list(dict.fromkeys(match.group(1) for match in HASHTAG.finditer(text)))


def _scalar(value: str) -> str:
    """A YAML scalar that stays text (a JSON string is a double-quoted YAML scalar)."""
    return json.dumps(value, ensure_ascii=False)


def note(entry: dict[str, Any], photo_paths: list[tuple[str, str | None]]) -> str:
    """One entry as a Markdown note: front matter, jrnl's date line, the text, its photos."""
    day, time = entry["date"], entry.get("time")
    lines = ["---", f"date: {day}"]
    if time:
        lines.append(f"time: {_scalar(time)}")
    mood = (entry.get("mood") or {}).get("text")
    if mood:
        lines.append(f"mood: {_scalar(mood)}")
    if entry.get("location") and entry["location"] != "Location unknown":
        lines.append(f"location: {_scalar(entry['location'])}")
    tags = tags_of(entry["content"])
    if tags:
        lines.append("tags: [" + ", ".join(_scalar(tag) for tag in tags) + "]")
    lines.append("---")
    stamp = f"{day} {time}" if time else day
    body = f"[{stamp}] {entry['content']}"
    for path, caption in photo_paths:
        body += f"\n\n![{(caption or '').replace(']', ')')}]({path})"
    return "\n".join(lines) + "\n" + body + "\n"


def note_names(entries: list[dict[str, Any]]) -> list[str]:
    """markdown/<year>/<date>.md, the day's later entries numbered as Obsidian numbers copies."""
    seen: dict[str, int] = {}
    names = []
    for entry in entries:
        day = entry["date"]
        seen[day] = seen.get(day, 0) + 1
        suffix = "" if seen[day] == 1 else f" ({seen[day]})"
        names.append(f"markdown/{day[:4]}/{day}{suffix}.md")
    return names


def write_archive(target: Path, folder: str, document: dict[str, Any], photo_keys: dict[str, str],
                  read: Callable[[str], Awaitable[bytes]]) -> int:
    """Write the .zip (in a worker thread: `read` is the storage's, called back on the event loop).
    Returns how many photos it holds; a photo whose file is gone is left out of it."""
    day = document["exportedAt"][:10]
    held = 0
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(f"{folder}/README.txt", README.format(day=day))
        for entry in document["entries"]:
            for photo in entry.get("photos", []):
                try:
                    data = anyio.from_thread.run(read, photo_keys[photo["id"]])
                except (FileNotFoundError, KeyError):
                    continue
                archive.writestr(f"{folder}/{photo['file']}", data, compress_type=zipfile.ZIP_STORED)
                held += 1
        for entry, name in zip(document["entries"], note_names(document["entries"]), strict=True):
            depth = "../" * (name.count("/"))
            paths = [(depth + photo["file"], photo.get("caption")) for photo in entry.get("photos", [])]
            archive.writestr(f"{folder}/{name}", note(entry, paths))
        archive.writestr(f"{folder}/reverie-export.json", json.dumps(document, ensure_ascii=False, indent=1))
    return held


def archive_name(exported_at: str) -> str:
    return f"reverie-export-{date.fromisoformat(exported_at[:10]).isoformat()}"
