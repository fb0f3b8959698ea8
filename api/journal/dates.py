"""Plain date phrases in a search query ("last week", "in March", "yesterday") as a date range.

Only phrases that name a range unambiguously are read; everything else stays in the query.
Ranges are inclusive and relative to `today`.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

import msgspec

MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
WEEKDAYS = {name.lower(): i for i, name in enumerate(calendar.day_name)}
_MONTH_RE = "|".join(sorted(MONTHS, key=len, reverse=True))
_WEEKDAY_RE = "|".join(WEEKDAYS)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10, "a": 1}


# Question words around a date phrase that carry no meaning to search for.
_FILLER = re.compile(r"^(?:what|when)\s+did\s+i\s+(?:write|say|do|feel)(?:\s+about)?\b", re.IGNORECASE)


class DateRange(msgspec.Struct, frozen=True):
    start: date
    end: date


def _month_range(year: int, month: int) -> DateRange:
    return DateRange(date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1]))


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER_WORDS[word]


def _days_before(today: date, days: int) -> date:
    """`days` before `today`, never before the first date there is ("last 99999999999 days")."""
    return today - timedelta(days=max(0, min(days, (today - date.min).days)))


def extract_date_range(query: str, today: date) -> tuple[str, DateRange | None]:
    """The query without its date phrase, and the range the phrase names (or None)."""
    monday = today - timedelta(days=today.weekday())
    n = r"(\d+|one|two|three|four|five|six|seven|ten|a)"
    rules: list[tuple[str, object]] = [
        (r"\b(?:on\s+)?today\b", lambda m: DateRange(today, today)),
        (r"\b(?:on\s+)?yesterday\b", lambda m: DateRange(today - timedelta(days=1), today - timedelta(days=1))),
        (r"\bthis\s+week\b", lambda m: DateRange(monday, today)),
        (r"\blast\s+week\b", lambda m: DateRange(monday - timedelta(days=7), monday - timedelta(days=1))),
        (r"\bthis\s+month\b", lambda m: DateRange(today.replace(day=1), today)),
        (r"\blast\s+month\b", lambda m: _month_range(*(
            (today.year - 1, 12) if today.month == 1 else (today.year, today.month - 1)))),
        (r"\bthis\s+year\b", lambda m: DateRange(date(today.year, 1, 1), today)),
        (r"\blast\s+year\b", lambda m: DateRange(date(today.year - 1, 1, 1), date(today.year - 1, 12, 31))),
        (rf"\b(?:in\s+the\s+)?(?:last|past)\s+{n}\s+days?\b",
         lambda m: DateRange(_days_before(today, _number(m.group(1)) - 1), today)),
        (rf"\b{n}\s+days?\s+ago\b",
         lambda m: DateRange(*(2 * [_days_before(today, _number(m.group(1)))]))),
        (rf"\b(?:on\s+)?last\s+({_WEEKDAY_RE})\b", lambda m: _last_weekday(today, WEEKDAYS[m.group(1)])),
        (r"\b(?:on\s+)?(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?\b",
         lambda m: _day(today, int(m.group(1)), int(m.group(2)), m.group(3))),
        (rf"\b(?:on\s+)?(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_RE})\b\.?(?:,?\s+(\d{{4}}))?",
         lambda m: _day(today, MONTHS[m.group(2)], int(m.group(1)), m.group(3))),
        (rf"\b(?:on\s+)?({_MONTH_RE})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(\d{{4}}))?",
         lambda m: _day(today, MONTHS[m.group(1)], int(m.group(2)), m.group(3))),
        (rf"\b(?:in|during)\s+({_MONTH_RE})\.?(?:\s+(\d{{4}}))?\b", lambda m: _named_month(today, m)),
        (rf"\b({_MONTH_RE})\.?\s+(\d{{4}})\b", lambda m: _named_month(today, m)),
    ]
    lowered = query.lower()
    for pattern, build in rules:
        match = re.search(pattern, lowered)
        found = build(match) if match else None  # type: ignore[operator]
        if match and found:
            rest = (query[: match.start()] + " " + query[match.end():]).strip()
            rest = re.sub(r"\s{2,}", " ", _FILLER.sub("", rest))
            return rest.strip(" ,.?"), found
    return query.strip(), None


def _day(today: date, month: int, day: int, year_text: str | None) -> DateRange | None:
    """One day ("11/14", "14 November", "Nov 14, 2026"), month first as the app writes dates; without
    a year, the latest such day up to today. None when there is no such day ("13/45")."""
    year = (int(year_text) + (2000 if len(year_text) == 2 else 0)) if year_text else today.year
    try:
        found = date(max(1, year), month, day)
        if not year_text and found > today:
            found = date(year - 1, month, day)
    except ValueError:
        return None
    return DateRange(found, found)


def _last_weekday(today: date, weekday: int) -> DateRange:
    days = (today.weekday() - weekday) % 7 or 7
    day = today - timedelta(days=days)
    return DateRange(day, day)


def _named_month(today: date, match: re.Match[str]) -> DateRange:
    month = MONTHS[match.group(1)]
    year_text = match.group(2) if match.lastindex and match.lastindex >= 2 else None
    if year_text:
        return _month_range(max(1, int(year_text)), month)
    # The most recent such month that has begun: "in March" in November means this March.
    year = today.year if month <= today.month else today.year - 1
    return _month_range(year, month)
