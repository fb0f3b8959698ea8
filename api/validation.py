"""Input checks every domain shares, with their messages."""

from __future__ import annotations

from typing import Any

from api.errors import FieldError


def required_text(value: str | None, field: str, limit: int) -> str:
    """`value` stripped; a 400 naming `field` when it is blank or longer than `limit` characters."""
    if not value or not value.strip():
        raise FieldError(field, f"{field} cannot be empty.")
    if len(value) > limit:
        raise FieldError(field, f"{field} can be at most {limit:,} characters.")
    return value.strip()


def column_length(attribute: Any) -> int:
    """The length of a model's String column (`column_length(Task.project_ref)` -> 200), so a
    schema declares exactly what the database can store: `Meta(max_length=column_length(...))`."""
    length = attribute.property.columns[0].type.length
    if not isinstance(length, int):
        raise TypeError(f"{attribute} has no length")
    return length
