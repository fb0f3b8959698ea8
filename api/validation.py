"""Input checks every domain shares, with their messages."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from api.errors import FieldError

# C0 control characters but tab, line feed and carriage return: no keyboard types them, and they
# show as boxes wherever the text is shown.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def required_text(value: str | None, field: str, limit: int) -> str:
    """`value` stripped; a 400 naming `field` when it is blank or longer than `limit` characters."""
    if not value or not value.strip():
        raise FieldError(field, f"{field} cannot be empty.")
    if len(value) > limit:
        raise FieldError(field, f"{field} can be at most {limit:,} characters.")
    return value.strip()


def no_control_characters(value: str, field: str) -> str:
    """`value`, or a 400 naming `field` when it holds a control character (tab and line breaks are text)."""
    if _CONTROL.search(value):
        raise FieldError(field, f"{field} cannot contain control characters.")
    return value


def looks_blank(value: str) -> bool:
    """True when nothing of `value` would show: only spaces, control characters and format
    characters (zero-width spaces and joiners, direction marks)."""
    return all(c.isspace() or unicodedata.category(c) in ("Cc", "Cf") for c in value)


def column_length(attribute: Any) -> int:
    """The length of a model's String column (`column_length(Task.project_ref)` -> 200), so a
    schema declares exactly what the database can store: `Meta(max_length=column_length(...))`."""
    length = attribute.property.columns[0].type.length
    if not isinstance(length, int):
        raise TypeError(f"{attribute} has no length")
    return length
