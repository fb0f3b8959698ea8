"""The limits of one uploaded file (POST /api/journal/import/file), in one place.

A file is streamed to disk as it arrives (never held in memory) and read by a separate process
(`api.journal.imports.worker`) that runs at a lower priority than the app, with a CPU and memory
budget of its own: a crafted file can use up its own budget, never the server's.
"""

from __future__ import annotations

MB = 1024 * 1024
# The upload itself: a Day One .zip of ten years with its photos.
MAX_UPLOAD_BYTES = 256 * MB
# One text, CSV or JSON file, alone or inside a .zip (a 10-year Day One JSON is about 8 MB).
MAX_TEXT_FILE_BYTES = 64 * MB
# A .zip: how many files it may list, and how much all that is read from it may unpack to.
MAX_ARCHIVE_MEMBERS = 50_000
MAX_UNPACKED_BYTES = 1024 * MB
# Text files of a .zip read as notes (an Obsidian vault): at most this many.
MAX_NOTES = 20_000
# Photos: each at most the photo upload's own limit (api/photos/controllers.py), at most this many.
MAX_PHOTO_BYTES = 10 * MB
MAX_PHOTOS = 10_000
# The reading process's budget: CPU seconds (a base, plus per MB of upload, capped), the address
# space it may add, and the wall-clock time the app waits for it.
CPU_SECONDS_BASE = 30
CPU_SECONDS_PER_MB = 3
CPU_SECONDS_MAX = 1200
MEMORY_BYTES = 2048 * MB
WALL_CLOCK_FACTOR = 2
# How much lower the reading process's scheduling priority is than the app's (nice).
NICENESS = 10
# Reading processes at once per app process (each may use a whole core).
READERS = 1


def cpu_budget(size: int) -> int:
    return min(CPU_SECONDS_MAX, CPU_SECONDS_BASE + CPU_SECONDS_PER_MB * (size // MB + 1))
