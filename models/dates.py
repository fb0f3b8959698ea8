"""How Reverie writes a date for people: the entry's `date` field and the long English date."""

from __future__ import annotations

from datetime import date

from models.constants import ENTRY_DATE_FORMAT


def format_entry_date(value: date) -> str:
    """An entry's date as the API returns it and the list shows it: 11/20/2026 (MM/DD/YYYY)."""
    return value.strftime(ENTRY_DATE_FORMAT)


def long_date(day: date) -> str:
    """The long English date, without a leading zero: November 2, 2026."""
    return f"{day.strftime('%B')} {day.day}, {day.year}"
