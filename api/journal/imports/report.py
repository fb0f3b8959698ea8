"""What an import could not bring in, in words Settings shows as they are ("12 audio files were not
imported"): one line per kind, from the counts the parsers and the restore keep."""

from __future__ import annotations

import msgspec


class NotImported(msgspec.Struct, kw_only=True):
    kind: str
    count: int
    message: str


def _plural(count: int, one: str, many: str) -> str:
    return f"{count:,} {one if count == 1 else many}"


def _was(count: int) -> str:
    return "was" if count == 1 else "were"


_WORDS: dict[str, tuple[str, str, str]] = {
    # kind: (one, many, what happened to it)
    "empty": ("entry without text", "entries without text", "not imported: an entry needs some text"),
    "audio": ("audio file", "audio files", "not imported: Reverie keeps text and photos"),
    "video": ("video", "videos", "not imported: Reverie keeps text and photos"),
    "pdf": ("PDF attachment", "PDF attachments", "not imported: Reverie keeps text and photos"),
    "attachment": ("attached file", "attached files", "not imported: Reverie keeps text and photos"),
    "starred": ("star (favourite mark)", "stars (favourite marks)", "not kept: Reverie has no stars"),
    "photo_missing": ("photo", "photos", "not in the file (import the app's .zip export to bring them)"),
    "photo_too_large": ("photo", "photos", "larger than 10 MB and not imported"),
    "photo_unreadable": ("photo", "photos", "in a format Reverie cannot read (such as HEIC) and not imported"),
    "photo_limit": ("photo", "photos", ("past what one import can bring (10,000 photos, 1 GB unpacked) and "
                                        "not imported")),
    "note_undated": ("note", "notes", "not imported: neither its name nor its front matter gives a date"),
    "note_too_many": ("note", "notes", "past the 20,000 notes one import can read and not imported"),
    "journals_merged": ("journal", "journals", "merged into your one journal (Reverie has no separate journals)"),
    "insight_quota": ("insight", "insights", ("not restored: the free plan keeps 5 new insights a week. Import "
                                              "the same file again next week for the next ones, or upgrade to "
                                              "Premium")),
    "focus_unselected": ("Weekly Focus task", "Weekly Focus tasks",
                         "restored unselected: a domain holds 1 weekly and 3 active focus tasks"),
    "pattern_limit": ("pattern", "patterns", "not restored: one restore brings at most 100"),
    "pattern_insight_limit": ("pattern insight", "pattern insights",
                              "not restored: at most 20 come back under one pattern"),
}


def describe(kind: str, count: int) -> str:
    if kind.startswith("column:"):
        return f"The column {kind.split(':', 1)[1]!r} was not imported."
    if kind == "weather":
        return f"The weather of {_plural(count, 'entry', 'entries')} was not kept."
    one, many, what = _WORDS.get(kind, (kind, kind, "not imported"))
    return f"{_plural(count, one, many)} {_was(count)} {what}."


def not_imported(counts: dict[str, int]) -> list[NotImported]:
    return [NotImported(kind=kind, count=count, message=describe(kind, count))
            for kind, count in sorted(counts.items()) if count > 0]
