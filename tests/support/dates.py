"""Days as the tests write them: relative to today (UTC), in ISO or in the app's MM/DD/YYYY."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

TODAY = datetime.now(UTC).date()


def day(days_ago: int) -> str:
    """The ISO date `days_ago` days before today."""
    return (TODAY - timedelta(days=days_ago)).isoformat()


def us(iso: str) -> str:
    """An ISO date as the app shows and takes it: MM/DD/YYYY."""
    return date.fromisoformat(iso).strftime("%m/%d/%Y")
