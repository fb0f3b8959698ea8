"""Relative dates in an entry ("tomorrow", "by Friday", "next Tuesday", "on the 17th") resolved
against the entry's date into the day a task is due."""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

_WEEKDAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY = r"(?P<weekday>mon(?:day)?|tue(?:s|sday)?|wed(?:s|nesday)?|thu(?:r|rs|rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)"
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH = r"(?P<month>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_ORDINAL = r"(?P<day>[12]?\d|3[01])(?:st|nd|rd|th)?"
_NUMBERS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10,
            "couple of": 2, "few": 3}

# Each pattern with how it resolves; the earliest match in the text wins.
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("today", re.compile(r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening)|later\s+today|before\s+bed(?:time)?|"
                         r"by\s+(?:the\s+)?end\s+of\s+(?:the\s+)?day|eod|by\s+noon)\b", re.IGNORECASE)),
    ("day_after", re.compile(r"\b(?:the\s+)?day\s+after\s+(?:tomorrow|tmrw|tmr)\b", re.IGNORECASE)),
    ("tomorrow", re.compile(r"\b(?:tomorrow|tmrw|tmr|tmw|2moro|tomoz)\b", re.IGNORECASE)),
    ("next_weekend", re.compile(r"\bnext\s+weekend\b", re.IGNORECASE)),
    ("end_of_next_week", re.compile(r"\b(?:by\s+|before\s+)?(?:the\s+)?end\s+of\s+next\s+week\b", re.IGNORECASE)),
    ("next_weekday", re.compile(rf"\bnext\s+{_WEEKDAY}\b", re.IGNORECASE)),
    ("end_of_week", re.compile(r"\b(?:by\s+|before\s+)?(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?week\b", re.IGNORECASE)),
    ("end_of_month", re.compile(r"\b(?:by\s+|before\s+)?(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?month\b", re.IGNORECASE)),
    ("weekend", re.compile(r"\b(?:this|at\s+the|over\s+the|on\s+the|by\s+the)\s+weekend\b", re.IGNORECASE)),
    ("day_month", re.compile(rf"\b{_ORDINAL}(?:\s+of)?\s+{_MONTH}\b", re.IGNORECASE)),
    ("month_day", re.compile(rf"\b{_MONTH}\s+{_ORDINAL}\b(?!:)", re.IGNORECASE)),
    ("ordinal", re.compile(r"\bthe\s+(?P<day>[12]?\d|3[01])(?:st|nd|rd|th)\b", re.IGNORECASE)),
    ("in_days", re.compile(r"\bin\s+(?P<n>\d+|a|one|two|three|four|five|six|seven|ten|a\s+couple\s+of|a\s+few)\s+"
                           r"(?P<unit>days?|weeks?|fortnights?)\b", re.IGNORECASE)),
    ("weekday", re.compile(rf"(?<!\bnext\s)(?<!\blast\s)\b(?:on\s+|by\s+|before\s+|for\s+|this\s+|until\s+)?{_WEEKDAY}\b"
                           r"(?!\s+(?:night|morning|evening|afternoon)s\b)", re.IGNORECASE)),
]
# Past or repeated days are not deadlines: "last Friday", "on Tuesdays", "since Monday".
_ANY_WEEKDAY = _WEEKDAY.replace("?P<weekday>", "?:")
# "I sat with her", "out in the sun", "the Thursday climbing club": the word, not a day (a day is
# written "Sat"/"Sun" or after on/by/before..., and "the Thursday club" is a regular thing).
_NOT_A_DAY = re.compile(
    r"(?<!\bon\s)(?<!\bby\s)(?<!\bbefore\s)(?<!\buntil\s)(?<!\bthis\s)(?<!\bnext\s)(?<!\bfor\s)\b(?:sat|sun|wed)\b"
    rf"|(?i:\bthe\s+{_WEEKDAY.replace('?P<weekday>', '?:')}\b(?=\s+(?:[a-z]+\s+)?(?:club|class|classes|group|session|"
    r"league|team|shift|market|choir|practice|lesson|rota|service|run)s?\b))"
)
_NOT_DUE = re.compile(rf"\b(?:last|since|every|each)\s+(?:other\s+|second\s+|single\s+)?{_ANY_WEEKDAY}\b|\b(?!weds\b){_ANY_WEEKDAY}s\b", re.IGNORECASE)


def _weekday_index(name: str) -> int:
    return next(i for i, day in enumerate(_WEEKDAY_NAMES) if day.startswith(name.lower()[:3]))


def _month_index(name: str) -> int:
    return _MONTHS.index(name.lower()[:3]) + 1


def _on_or_after(today: date, month: int, day: int) -> date | None:
    """That day of the month this year, or next year when it has passed."""
    for year in (today.year, today.year + 1):
        try:
            candidate = date(year, month, day)
        except ValueError:
            return None
        if candidate >= today:
            return candidate
    return None


def _due_match(text: str) -> tuple[str, re.Match[str]] | None:
    """The words that say when (the earliest of the patterns), and which pattern they are."""
    masked = _NOT_DUE.sub(lambda m: " " * len(m.group(0)), text)
    masked = _NOT_A_DAY.sub(lambda m: " " * len(m.group(0)), masked)
    found = [(kind, m) for kind, pattern in _PATTERNS if (m := pattern.search(masked))]
    if not found:
        return None
    first = min(found, key=lambda f: f[1].start())[1]
    # Of the words overlapping the earliest, the longest: "the 3rd of December" is a date in December,
    # not "the 3rd" of the coming month.
    overlapping = [f for f in found if f[1].start() < first.end()]
    return max(overlapping, key=lambda f: (f[1].end() - f[1].start(), -f[1].start()))


def resolve_due_date(text: str, today: date) -> date | None:
    """The day `text` says something is due, relative to `today` (the entry's date), or None.

    today/tonight -> today; tomorrow; a weekday -> the next such day (today when it is that day,
    except "before <that day>", a week on);
    "the day after tomorrow"; "next weekend" -> the Saturday after the coming one; "end of next week";
    "next Tuesday" -> the Tuesday of the following calendar week; "this weekend" -> the coming
    Saturday; "end of the week" -> the coming Friday; "end of the month" -> its last day;
    "the 17th" -> the 17th of this month, or of the next when it has passed; "3 October" /
    "October 3rd" -> that date, this year or next; "in two days/weeks", "in a fortnight". "next week" alone is no day.
    """
    found = _due_match(text)
    if found is None:
        return None
    kind, m = found
    if kind == "today":
        return today
    if kind == "tomorrow":
        return today + timedelta(days=1)
    if kind == "day_after":
        return today + timedelta(days=2)
    if kind == "next_weekend":
        return today + timedelta(days=(5 - today.weekday()) % 7 + 7)
    if kind == "end_of_next_week":
        return today + timedelta(days=(4 - today.weekday()) % 7 + 7)
    if kind == "weekday":
        ahead = (_weekday_index(m["weekday"]) - today.weekday()) % 7
        if ahead == 0 and m.group(0).lower().startswith("before"):
            ahead = 7  # "before Wednesday" written on a Wednesday: the next one
        return today + timedelta(days=ahead)
    if kind == "next_weekday":
        next_monday = today + timedelta(days=7 - today.weekday())
        return next_monday + timedelta(days=_weekday_index(m["weekday"]))
    if kind == "weekend":
        return today + timedelta(days=(5 - today.weekday()) % 7)
    if kind == "end_of_week":
        return today + timedelta(days=(4 - today.weekday()) % 7)
    if kind == "end_of_month":
        return today.replace(day=calendar.monthrange(today.year, today.month)[1])
    if kind in ("day_month", "month_day"):
        return _on_or_after(today, _month_index(m["month"]), int(m["day"]))
    if kind == "ordinal":
        day = int(m["day"])
        for month_offset in (0, 1):
            month = (today.month - 1 + month_offset) % 12 + 1
            year = today.year + (today.month - 1 + month_offset) // 12
            if day <= calendar.monthrange(year, month)[1]:
                candidate = date(year, month, day)
                if candidate >= today:
                    return candidate
        return None
    if kind == "in_days":
        raw = " ".join(m["n"].lower().split())
        n = int(raw) if raw.isdigit() else _NUMBERS.get(raw.removeprefix("a ").strip(), _NUMBERS.get(raw, 1))
        unit = m["unit"].lower()
        return today + timedelta(days=n * (14 if unit.startswith("fortnight") else 7 if unit.startswith("week") else 1))
    return None
