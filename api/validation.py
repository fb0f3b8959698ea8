"""Input checks every domain shares, with their messages."""

from __future__ import annotations

from api.errors import FieldError


def required_text(value: str | None, field: str, limit: int) -> str:
    """`value` stripped; a 400 naming `field` when it is blank or longer than `limit` characters."""
    if not value or not value.strip():
        raise FieldError(field, f"{field} cannot be empty.")
    if len(value) > limit:
        raise FieldError(field, f"{field} can be at most {limit:,} characters.")
    return value.strip()
