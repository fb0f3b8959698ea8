"""Plain date phrases in a search query ("last week", "in March", "last October", "this spring",
"two weeks ago", "over Christmas") as a date range.

Only phrases that name a range unambiguously are read; everything else stays in the query.
Ranges are inclusive and relative to `today`. A phrase about the past names the latest such period
that has begun ("in March" in November: this March; "last March" in March: a year ago; "this
spring" in November: the spring just gone), since a journal is searched for what was written.
Seasons are the meteorological ones of the northern hemisphere (spring March to May, summer June to
August, autumn September to November, winter December to February); "over Christmas" is December
24th to January 1st; "over Easter" Good Friday to Easter Monday.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from datetime import date, timedelta

import msgspec
from dateutil.easter import easter

MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
MONTHS["sept"] = 9
WEEKDAYS = {name.lower(): i for i, name in enumerate(calendar.day_name)}
_MONTH_RE = "|".join(sorted(MONTHS, key=len, reverse=True))
# After "this" or "last", "may" is the month only at the phrase's end ("this may help" is no date).
_MONTH_ALONE_RE = _MONTH_RE.replace("|may|", r"|may(?=\s*(?:$|[,.;:!?]|\d))|")
_WEEKDAY_RE = "|".join(WEEKDAYS)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a": 1, "an": 1, "couple of": 2,
                 "a couple of": 2, "few": 3, "a few": 3}
_N = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|an?|(?:a\s+)?couple\s+of|(?:a\s+)?few)"
# (first month, last month) of each season; winter runs into the next year.
SEASONS = {"spring": (3, 5), "summer": (6, 8), "autumn": (9, 11), "fall": (9, 11), "winter": (12, 2)}
# "fall" is a season only where nothing makes it a tumble ("since her last fall", "in the fall").
_POSSESSED = r"(?<!\bmy\s)(?<!\bhis\s)(?<!\bher\s)(?<!\btheir\s)(?<!\bour\s)(?<!\byour\s)"
_SEASON_RE = rf"(spring|summer|autumn|winter|{_POSSESSED}fall)"
_CHRISTMAS = r"(?:christmas|xmas|the\s+(?:christmas\s+|festive\s+)?holidays|the\s+festive\s+(?:season|period))"
_YEAR = r"((?:19|20)\d\d)"

_PARTS = {"start": "early", "beginning": "early", "middle": "mid", "end": "late"}
# Question words around a date phrase that carry no meaning to search for.
_FILLER = re.compile(r"^(?:what|when)\s+did\s+i\s+(?:write|say|do|feel)(?:\s+about)?\b", re.IGNORECASE)


class DateRange(msgspec.Struct, frozen=True):
    start: date
    end: date


def _month_range(year: int, month: int) -> DateRange:
    return DateRange(date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1]))


def _number(word: str) -> int:
    word = re.sub(r"\s+", " ", word)
    return int(word) if word.isdigit() else _NUMBER_WORDS[word]


def _days_before(today: date, days: int) -> date:
    """`days` before `today`, never before the first date there is ("last 99999999999 days")."""
    return today - timedelta(days=max(0, min(days, (today - date.min).days)))


def _months_before(today: date, months: int) -> tuple[int, int]:
    """The (year, month) `months` calendar months before today's, never before year 1."""
    index = max(12, today.year * 12 + today.month - 1 - months)
    return index // 12, index % 12 + 1


def _season(name: str, year: int) -> DateRange:
    """The season that begins in `year` (winter 2025: December 2025 to February 2026)."""
    first, last = SEASONS[name]
    end_year = year + 1 if last < first else year
    return DateRange(date(year, first, 1), _month_range(end_year, last).end)


def _christmas(year: int) -> DateRange:
    return DateRange(date(year, 12, 24), date(year + 1, 1, 1))


def _easter(year: int) -> DateRange:
    sunday = easter(year)
    return DateRange(sunday - timedelta(days=2), sunday + timedelta(days=1))


def _latest(today: date, build: Callable[[int], DateRange], *, ended: bool = False) -> DateRange:
    """The latest of a yearly period (`build(year)`) that has begun, or with `ended`, that has ended."""
    year = today.year
    while (found := build(year)).start > today or (ended and found.end >= today):
        year -= 1
    return found


def _rules(today: date) -> list[tuple[str, Callable[[re.Match[str]], DateRange | None]]]:
    """The phrases, most specific first, each with the range it names."""
    monday = today - timedelta(days=today.weekday())
    yesterday = today - timedelta(days=1)
    part_of_day = r"(?:\s+(?:morning|afternoon|evening|night))?"
    return [
        # Named days of the year.
        (rf"\b(?:on\s+)?christmas\s+eve(?:\s+{_YEAR})?\b",
         lambda m: _yearly(today, m.group(1), lambda y: DateRange(date(y, 12, 24), date(y, 12, 24)))),
        (rf"\b(?:on\s+)?christmas\s+day(?:\s+{_YEAR})?\b",
         lambda m: _yearly(today, m.group(1), lambda y: DateRange(date(y, 12, 25), date(y, 12, 25)))),
        (rf"\b(?:on\s+)?boxing\s+day(?:\s+{_YEAR})?\b",
         lambda m: _yearly(today, m.group(1), lambda y: DateRange(date(y, 12, 26), date(y, 12, 26)))),
        (rf"\b(?:on\s+)?new\s+year['’]?s\s+eve(?:\s+{_YEAR})?\b",
         lambda m: _yearly(today, m.group(1), lambda y: DateRange(date(y, 12, 31), date(y, 12, 31)))),
        (rf"\b(?:on\s+)?new\s+year['’]?s(?:\s+day)?(?:\s+{_YEAR})?\b",
         lambda m: _yearly(today, m.group(1), lambda y: DateRange(date(y, 1, 1), date(y, 1, 1)))),
        (rf"\blast\s+{_CHRISTMAS}\b", lambda m: _latest(today, _christmas, ended=True)),
        (rf"\b(?:over|at|during|for|this|in)\s+{_CHRISTMAS}(?:\s+{_YEAR})?\b",
         lambda m: _yearly(today, m.group(1), _christmas)),
        (rf"\bchristmas\s+{_YEAR}\b", lambda m: _christmas(int(m.group(1)))),
        (r"\blast\s+easter\b", lambda m: _latest(today, _easter, ended=True)),
        (rf"\b(?:over|at|during|for|this|in)\s+easter(?:\s+{_YEAR})?\b",
         lambda m: _yearly(today, m.group(1), _easter)),
        (rf"\beaster\s+{_YEAR}\b", lambda m: _easter(int(m.group(1)))),
        # Seasons.
        (rf"\b(?:the\s+)?{_SEASON_RE}\s+(?:of\s+)?{_YEAR}\b", lambda m: _season(m.group(1), int(m.group(2)))),
        (rf"{_POSSESSED}\blast\s+{_SEASON_RE}\b", lambda m: _latest(today, lambda y: _season(m.group(1), y), ended=True)),
        (rf"\b(?:this|(?:in|during|over)\s+the|(?:in|during))\s+{_SEASON_RE}\b",
         lambda m: _latest(today, lambda y: _season(m.group(1), y))),
        # Days.
        (r"\b(?:on\s+)?the\s+day\s+before\s+yesterday\b",
         lambda m: DateRange(*(2 * [today - timedelta(days=2)]))),
        (rf"\b(?:on\s+)?today{part_of_day}\b|\bthis\s+(?:morning|afternoon|evening)\b|\btonight\b",
         lambda m: DateRange(today, today)),
        (rf"\b(?:on\s+)?yesterday{part_of_day}\b", lambda m: DateRange(yesterday, yesterday)),
        (r"\blast\s+night\b", lambda m: DateRange(yesterday, today)),
        # Weeks, weekends.
        (r"\b(?:earlier\s+)?this\s+week\b", lambda m: DateRange(monday, today)),
        (r"\b(?:the\s+)?week\s+before\s+last\b",
         lambda m: DateRange(monday - timedelta(days=14), monday - timedelta(days=8))),
        (r"\blast\s+week\b", lambda m: DateRange(monday - timedelta(days=7), monday - timedelta(days=1))),
        (r"\b(?:on\s+|at\s+|over\s+)?(?:the\s+)?last\s+weekend\b|\bthe\s+weekend\s+just\s+gone\b",
         lambda m: DateRange(monday - timedelta(days=2), monday - timedelta(days=1))),
        (r"\b(?:on\s+|at\s+|over\s+)?this\s+(?:past\s+)?weekend\b", lambda m: _this_weekend(today)),
        (rf"\b{_N}\s+weeks?\s+ago\b", lambda m: _week_back(monday, _number(m.group(1)))),
        (r"\ba\s+fortnight\s+ago\b", lambda m: _week_back(monday, 2)),
        (rf"\b(?:in\s+the\s+|over\s+the\s+)?(?:last|past)\s+{_N}\s+weeks?\b",
         lambda m: DateRange(_days_before(today, 7 * _number(m.group(1)) - 1), today)),
        (r"\b(?:in\s+the\s+|over\s+the\s+)?(?:last|past)\s+fortnight\b",
         lambda m: DateRange(_days_before(today, 13), today)),
        # Months.
        (r"\b(?:earlier\s+)?this\s+month\b", lambda m: DateRange(today.replace(day=1), today)),
        (r"\blast\s+month\b", lambda m: _month_range(*_months_before(today, 1))),
        (rf"\b{_N}\s+months?\s+ago\b", lambda m: _month_range(*_months_before(today, _number(m.group(1))))),
        (rf"\b(?:in\s+the\s+|over\s+the\s+)?(?:last|past)\s+{_N}\s+months?\b",
         lambda m: DateRange(_month_start(today, _number(m.group(1))), today)),
        # Years.
        (rf"\b(?:in\s+|during\s+)?({_MONTH_RE})\.?\s+(?:of\s+)?(last|this)\s+year\b",
         lambda m: _month_range(today.year - (m.group(2) == "last"), MONTHS[m.group(1)])),
        (r"\b(?:earlier\s+)?this\s+year\b", lambda m: DateRange(date(today.year, 1, 1), today)),
        (r"\blast\s+year\b", lambda m: DateRange(date(today.year - 1, 1, 1), date(today.year - 1, 12, 31))),
        (rf"\b{_N}\s+years?\s+ago\b", lambda m: _year_range(today.year - _number(m.group(1)))),
        (rf"\b(?:in|during)\s+{_YEAR}\b", lambda m: _year_range(int(m.group(1)))),
        (rf"\b(?:in\s+the\s+|over\s+the\s+)?(?:last|past)\s+{_N}\s+days?\b",
         lambda m: DateRange(_days_before(today, _number(m.group(1)) - 1), today)),
        (rf"\b{_N}\s+days?\s+ago\b", lambda m: DateRange(*(2 * [_days_before(today, _number(m.group(1)))]))),
        # Weekdays.
        (rf"\b(?:on\s+)?last\s+({_WEEKDAY_RE})\b", lambda m: _last_weekday(today, WEEKDAYS[m.group(1)])),
        (rf"\b(?:on\s+)?this\s+(?:past\s+)?({_WEEKDAY_RE})\b",
         lambda m: _this_weekday(today, WEEKDAYS[m.group(1)])),
        (rf"\bon\s+({_WEEKDAY_RE})\b", lambda m: _latest_weekday(today, WEEKDAYS[m.group(1)])),
        # Calendar dates.
        (r"\b(?:on\s+)?(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?\b",
         lambda m: _day(today, int(m.group(1)), int(m.group(2)), m.group(3))),
        (rf"\b(?:on\s+)?(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_RE})\b\.?(?:,?\s+(\d{{4}}))?",
         lambda m: _day(today, MONTHS[m.group(2)], int(m.group(1)), m.group(3))),
        (rf"\b(?:on\s+)?({_MONTH_RE})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(\d{{4}}))?",
         lambda m: _day(today, MONTHS[m.group(1)], int(m.group(2)), m.group(3))),
        (rf"\b(early|mid|late)[\s-]+({_MONTH_RE})\b\.?(?:\s+(\d{{4}}))?",
         lambda m: _part_of_month(today, m.group(1), MONTHS[m.group(2)], m.group(3))),
        (rf"\b(?:at\s+|in\s+|towards\s+)?the\s+(start|beginning|middle|end)\s+of\s+({_MONTH_RE})\b\.?(?:\s+(\d{{4}}))?",
         lambda m: _part_of_month(today, _PARTS[m.group(1)], MONTHS[m.group(2)], m.group(3))),
        (rf"\b(?:between|from)\s+({_MONTH_RE})\.?\s+(?:and|to|until|till)\s+({_MONTH_RE})\b\.?(?:\s+(\d{{4}}))?",
         lambda m: _months_between(today, MONTHS[m.group(1)], MONTHS[m.group(2)], m.group(3))),
        (rf"\blast\s+({_MONTH_ALONE_RE})\b", lambda m: _last_month_named(today, MONTHS[m.group(1)])),
        (rf"\bthis\s+({_MONTH_ALONE_RE})\b", lambda m: _month_range(today.year, MONTHS[m.group(1)])),
        (rf"\b(?:in|during)\s+({_MONTH_RE})\.?(?:\s+(\d{{4}}))?\b", lambda m: _named_month(today, m)),
        (rf"\b({_MONTH_RE})\.?\s+(\d{{4}})\b", lambda m: _named_month(today, m)),
    ]


def extract_date_range(query: str, today: date) -> tuple[str, DateRange | None]:
    """The query without its date phrase, and the range the phrase names (or None)."""
    lowered = query.lower()
    for pattern, build in _rules(today):
        match = re.search(pattern, lowered)
        found = build(match) if match else None
        if match and found:
            rest = (query[: match.start()] + " " + query[match.end():]).strip()
            rest = re.sub(r"\s{2,}", " ", _FILLER.sub("", rest))
            return rest.strip(" ,.?"), found
    return query.strip(), None


def _yearly(today: date, year_text: str | None, build: Callable[[int], DateRange]) -> DateRange:
    """A yearly day or period: of the year given, else the latest that has begun."""
    return build(int(year_text)) if year_text else _latest(today, build)


def _year_range(year: int) -> DateRange | None:
    return DateRange(date(year, 1, 1), date(year, 12, 31)) if 1 <= year <= 9999 else None


def _month_start(today: date, months: int) -> date:
    """The same day `months` months back (the month's last day when it is shorter), clamped at year 1."""
    year, month = _months_before(today, months)
    return date(year, month, min(today.day, calendar.monthrange(year, month)[1]))


def _week_back(monday: date, weeks: int) -> DateRange:
    """The Monday-to-Sunday week `weeks` weeks before this one."""
    start = monday - timedelta(days=7 * min(weeks, (monday - date.min).days // 7))
    return DateRange(start, start + timedelta(days=6))


def _this_weekend(today: date) -> DateRange:
    """This week's Saturday and Sunday; on a Monday or Tuesday, the one just gone."""
    saturday = today - timedelta(days=today.weekday()) + timedelta(days=5)
    if today.weekday() <= 1:
        saturday -= timedelta(days=7)
    return DateRange(saturday, saturday + timedelta(days=1))


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


def _latest_weekday(today: date, weekday: int) -> DateRange:
    """"on Monday": the latest Monday up to today."""
    day = today - timedelta(days=(today.weekday() - weekday) % 7)
    return DateRange(day, day)


def _this_weekday(today: date, weekday: int) -> DateRange:
    """"this Monday": the Monday of this week."""
    day = today - timedelta(days=today.weekday() - weekday)
    return DateRange(day, day)


def _last_month_named(today: date, month: int) -> DateRange:
    """"last March": the latest March that has ended (in November, this year's; in March, last year's)."""
    return _month_range(today.year if month < today.month else today.year - 1, month)


def _latest_month_year(today: date, month: int) -> int:
    """The year of the latest such month that has begun ("in March" in November means this March)."""
    return today.year if month <= today.month else today.year - 1


def _named_month(today: date, match: re.Match[str]) -> DateRange:
    month = MONTHS[match.group(1)]
    year_text = match.group(2) if match.lastindex and match.lastindex >= 2 else None
    if year_text:
        return _month_range(max(1, int(year_text)), month)
    return _month_range(_latest_month_year(today, month), month)


def _part_of_month(today: date, part: str, month: int, year_text: str | None) -> DateRange:
    """"early March" the 1st to the 10th, "mid March" the 11th to the 20th, "late March" the 21st on."""
    whole = _month_range(int(year_text) if year_text else _latest_month_year(today, month), month)
    first, last = {"early": (1, 10), "mid": (11, 20), "late": (21, whole.end.day)}[part]
    return DateRange(whole.start.replace(day=first), whole.start.replace(day=last))


def _months_between(today: date, first: int, last: int, year_text: str | None) -> DateRange:
    """"between March and May": the first day of one to the last of the other; the range ends in
    the year given, else in the latest such month that has begun."""
    end_year = int(year_text) if year_text else _latest_month_year(today, last)
    start_year = end_year if first <= last else end_year - 1
    return DateRange(date(start_year, first, 1), _month_range(end_year, last).end)
