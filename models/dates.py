"""How Reverie writes a date for people: the entry's `date` field and the long English date."""

from __future__ import annotations

from datetime import date

from models.constants import ENTRY_DATE_FORMAT


def format_entry_date(value: date) -> str:
    """An entry's date as the API returns it and the list shows it: 11/20/2026 (MM/DD/YYYY)."""
    # strftime's %Y drops leading zeros before the year 1000 on Linux (01/01/1): pad it ourselves.
    return value.strftime(ENTRY_DATE_FORMAT.replace("%Y", f"{value.year:04d}"))


def long_date(day: date) -> str:
    """The long English date, without a leading zero: November 2, 2026."""
    return f"{day.strftime('%B')} {day.day}, {day.year}"
