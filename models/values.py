"""Value types the tables store in plain columns: an entry's analysis state and its mood.

Importing this module does not load SQLAlchemy (the mood model and the API's schemas use them too).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import msgspec


class AnalysisState(StrEnum):
    """An entry's analysis: pending -> running -> done | failed. Stored as its string (a state
    compares equal to it, so SQL and the API read the same words); changed only through the
    methods of `models.journal.JournalEntry`, or by bulk SQL given these values as parameters."""

    PENDING = "pending"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


class Mood(msgspec.Struct, frozen=True):
    """An entry's mood as the spec shapes it and the entry stores it (JSONB): {emoji, text}."""

    emoji: str
    text: str

    def to_json(self) -> dict[str, str]:
        """The stored form."""
        return {"emoji": self.emoji, "text": self.text}

    @classmethod
    def from_json(cls, value: dict[str, Any] | None) -> Mood | None:
        """The stored form read back (None when the entry has no mood)."""
        if not value:
            return None
        return cls(emoji=str(value.get("emoji", "")), text=str(value.get("text", "")))
