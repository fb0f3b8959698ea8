"""Relative dates in an entry ("tomorrow", "by Friday", "a week on Tuesday", "on the 14th", "before
Christmas") resolved against the entry's date into the day a task is due, and the words that said
it (`due_words`), which a task's text drops once its due date holds the day.

The grammar (each form resolved against `today`, the entry's date):

- today: today, tonight, this morning/afternoon/evening, later today, before bed, by the end of the
  day, by noon; tomorrow (tmrw, tmr...), first thing (tomorrow morning, unless a day follows), the
  day after tomorrow;
- weekdays: "Friday", "by/before/on/until/for/this Friday" -> the coming one (today when it is that
  day, except "before Friday" or "on Friday" written on a Friday: a week on); "next Friday" -> that
  day of the following calendar week; "a week on Friday", "Friday week" -> a week after the coming one; "the
  Friday after next" -> the same; "a week today/tomorrow" -> 7/8 days on;
- weeks and months: "this weekend" / "at the weekend" -> the coming Saturday; "next weekend" -> the
  Saturday of the following calendar week; "(the) end of the week" -> the coming Friday; "end of next
  week" -> the following week's Friday; "end of the month" -> its last day; "end of next month";
  "end of March" -> the last day of that month (this year, or next when it has passed);
- dates: "the 14th", "on the 3rd" -> the coming one (this month or the next); "3 March", "the 3rd of
  March", "March 3rd" -> that date, this year or next;
- "after the weekend" -> the Monday after the coming weekend; a bare ordinal with a time of day
  after it ("dentist 20th 2:15") -> as "the 20th";
- spans: "in/within two days, 10 days, three weeks, a fortnight", "in the next fortnight", "in ten
  days' time";
- fixed holidays after by/before/for/on/at/until: Christmas (Eve, Day), Boxing Day, New Year's Eve/
  Day, Halloween, Bonfire Night, Valentine's Day, St Patrick's Day. Movable feasts (Easter...) give no
  date.

"this week" and "before the weekend" are the coming Friday (the next one when written at the
weekend), "month end" its last day: the corpus' authors, writing independently, labelled them so.
"This month" stays undated: it is how an aim for the month is said ("be kinder to myself this month").

Ambiguous words give no date, because no date beats a wrong one: "next week", "in March", "mid-October", "soon", "in the morning" (written at night it is tomorrow), numeric dates
that can be read both ways ("3/4": which order?; "26/11" and "3/14" are read), and past or repeated days ("last Friday", "since Monday", "on Tuesdays",
"every other Sunday"). Where several phrases say when, the earliest in the text wins; of two
readings that overlap, the longest ("the 3rd of February" is in February, not the coming 3rd).
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from datetime import date, timedelta
from functools import lru_cache

from pipelines.language import MONTHS, WEEKDAYS

_WEEKDAY_NAMES = WEEKDAYS
_WEEKDAY = r"(?P<weekday>mon(?:day)?|tue(?:s|sday)?|wed(?:s|nesday)?|thu(?:r|rs|rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)"
_ANY_WEEKDAY = _WEEKDAY.replace("?P<weekday>", "?:")
_MONTHS = tuple(month[:3] for month in MONTHS)
_MONTH = r"(?P<month>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_ORDINAL = r"(?P<day>[12]?\d|3[01])(?:st|nd|rd|th)?"
# Spelled-out days of the month: "before the tenth".
_UNITS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth"]
_ORDINAL_DAY = {**{w: i for i, w in enumerate(_UNITS, 1)}, "twentieth": 20, "thirtieth": 30,
                **{f"twenty-{w}": 20 + i for i, w in enumerate(_UNITS[:9], 1)}, "thirty-first": 31}
_ORDINAL_WORDS = "|".join(sorted((w.replace("-", "[- ]") for w in _ORDINAL_DAY), key=len, reverse=True))
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
            "fifteen": 15, "twenty": 20, "thirty": 30, "couple of": 2, "a couple of": 2}
_NUMBER = r"(?P<n>\d{1,2}|a\s+couple\s+of|couple\s+of|" + "|".join(
    sorted((k for k in _NUMBERS if " " not in k), key=len, reverse=True)) + ")"
# Words after a day that still belong to it: "tomorrow morning", "Friday evening at the latest".
_PART_OF_DAY = r"(?:\s+(?:morning|afternoon|evening|night|lunchtime|first\s+thing))?(?:\s+at\s+the\s+latest)?"
# Holidays on a fixed day: (month, day).
_HOLIDAYS = {
    "christmas eve": (12, 24), "christmas day": (12, 25), "christmas": (12, 25), "xmas": (12, 25),
    "boxing day": (12, 26), "new year's eve": (12, 31), "new years eve": (12, 31), "nye": (12, 31),
    "new year's day": (1, 1), "new years day": (1, 1), "new year": (1, 1), "halloween": (10, 31),
    "bonfire night": (11, 5), "guy fawkes night": (11, 5), "valentine's day": (2, 14), "valentines day": (2, 14),
    "valentine's": (2, 14), "st patrick's day": (3, 17), "st. patrick's day": (3, 17),
}
_HOLIDAY = "(?P<holiday>" + "|".join(re.escape(h).replace("'", "'?") for h in sorted(_HOLIDAYS, key=len, reverse=True)) + ")"

_I = re.IGNORECASE
# (kind, pattern); every pattern's whole match is the words that say when.
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("today", re.compile(r"\b(?:(?:by\s+|before\s+)?(?:today|tonight|tonite|2nite)|this\s+(?:morning|afternoon|evening)|later\s+"
                         r"(?:today|tonight)|before\s+bed(?:time)?|by\s+(?:the\s+)?end\s+of\s+(?:the\s+)?day|eod|"
                         r"(?:by|before)\s+(?:noon|lunch(?:time)?)|by\s+midnight)\b" + _PART_OF_DAY, _I)),
    ("day_after", re.compile(r"\b(?:the\s+)?day\s+after\s+(?:tomorrow|tmrw|tmr)\b" + _PART_OF_DAY, _I)),
    ("week_from", re.compile(r"\b(?:a|one)\s+week\s+(?P<from>today|tomorrow|tmrw|from\s+today|from\s+tomorrow)\b", _I)),
    ("tomorrow", re.compile(r"\b(?:(?:by|before|until|till)\s+)?(?:first\s+thing\s+)?(?:tomorrow|tmrw|tmr|tmw|2moro|"
                            r"tomoz)\b(?:\s+first\s+thing)?" + _PART_OF_DAY, _I)),
    ("first_thing", re.compile(rf"(?<!\bthe\s)\bfirst\s+thing(?:\s+in\s+the\s+morning)?\b(?!\s+(?:on\s+)?(?:tomorrow|tmrw|{_ANY_WEEKDAY}|"
                               r"next|this)\b)(?=\s*(?:[.,;!?)]|$|(?:and|so|then|before|to|when|while|about|for|with|after|at)\b))", _I)),
    ("next_weekend", re.compile(r"\b(?:by\s+|before\s+|over\s+|on\s+)?next\s+weekend\b", _I)),
    ("end_of_next_week", re.compile(r"\b(?:by\s+|before\s+)?(?:the\s+)?end\s+of\s+next\s+week\b", _I)),
    ("end_of_next_month", re.compile(r"\b(?:by\s+|before\s+)?(?:the\s+)?end\s+of\s+next\s+month\b", _I)),
    ("end_of_month_named", re.compile(rf"\b(?:by\s+|before\s+)?(?:the\s+)?end\s+of\s+{_MONTH}\b", _I)),
    ("week_on", re.compile(rf"\b(?:(?:by|on|for|until|till)\s+)?(?:a\s+week\s+(?:on\s+)?{_WEEKDAY}|{_WEEKDAY.replace('weekday', 'weekday2')}"
                           r"\s+week)\b(?!\s*(?:day|end|night)s?\b)" + _PART_OF_DAY, _I)),
    ("after_next", re.compile(rf"\b(?:(?:by|on|for|until|till)\s+)?(?:the\s+)?{_WEEKDAY}\s+after\s+next\b" + _PART_OF_DAY, _I)),
    ("next_weekday", re.compile(rf"\b(?:(?:by|before|on|for|until|till)\s+)?next\s+{_WEEKDAY}\b" + _PART_OF_DAY, _I)),
    ("end_of_week", re.compile(r"\b(?:(?:by\s+|before\s+|at\s+)?(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?week|(?:by\s+)?eow|this\s+week|"
                               r"before\s+the\s+weekend|"
                               r"(?:before|by\s+the\s+time)\s+the\s+week\s+is\s+(?:out|over|done))\b", _I)),
    ("end_of_month", re.compile(r"\b(?:(?:by\s+|before\s+|at\s+)?(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?month|(?:by\s+)?eom|"
                                r"(?:by\s+|before\s+)?(?:the\s+)?month[\s-]end|"
                                r"(?:before|by\s+the\s+time)\s+the\s+month\s+is\s+(?:out|over|done))\b", _I)),
    ("after_weekend", re.compile(r"\b(?:straight\s+|right\s+|just\s+)?after\s+the\s+weekend\b", _I)),
    ("weekend", re.compile(r"\b(?:(?:by|before|until|till)\s+)?(?:this|at\s+the|over\s+the|on\s+the|by\s+the|"
                           r"before\s+the)\s+weekend\b", _I)),
    # "Tuesday 31st March", "Tues Oct 21", "Thu 13 Nov": the weekday belongs to the date after it.
    ("day_month", re.compile(rf"\b(?:(?:by|before|on|for|until|till)\s+)?(?:{_ANY_WEEKDAY}\.?,?\s+)?(?:the\s+)?{_ORDINAL}"
                             rf"(?:\s+of)?\s+{_MONTH}\b", _I)),
    ("month_day", re.compile(rf"\b(?:(?:by|before|on|for|until|till)\s+)?(?:{_ANY_WEEKDAY}\.?,?\s+)?{_MONTH}\s+(?:the\s+)?"
                             rf"{_ORDINAL}\b(?!:)", _I)),
    ("ordinal", re.compile(r"\b(?:(?:by|before|on|for|until|till|due)\s+(?:the\s+)?|the\s+)(?P<day>[12]?\d|3[01])(?:st|nd|rd|th)\b"
                           r"(?!\s+(?:century|floor|time|birthday|anniversary|place|row|grade|year|attempt|go))", _I)),
    # Spelled out after a word of deadline: "must be paid before the tenth", "due on the twenty-first".
    ("ordinal_word", re.compile(r"\b(?:by|before|on|until|till|due)\s+the\s+(?P<word>" + _ORDINAL_WORDS + r")\b"
                                r"(?!\s+(?:of|century|floor|time|times|day|week|month|year|one|ones|"
                                r"round|draft|page|chapter|attempt|try|place|row|grade|half|go|birthday|anniversary))", _I)),
    # A bare ordinal with the time of day after it, as in a jobs list: "dentist 20th 2:15".
    ("ordinal_at", re.compile(r"(?<!\bmy\s)(?<!\bher\s)(?<!\bhis\s)(?<!\btheir\s)(?<!\bour\s)(?<!\byour\s)"
                              r"\b(?P<day>[12]?\d|3[01])(?:st|nd|rd|th)\b(?=,?\s+(?:at\s+)?\d{1,2}(?:[:.]\d\d|\s*[ap]m\b))", _I)),
    ("in_days", re.compile(rf"\b(?:in|within)\s+(?:the\s+next\s+)?{_NUMBER}\s+(?P<unit>days?|weeks?|fortnights?)"
                           r"(?:'?\s*time)?(?:\s+at\s+the\s+latest)?\b", _I)),
    ("in_fortnight", re.compile(r"\b(?:in|within)\s+(?:a|the\s+next)\s+(?P<unit>fortnight|week)(?:'?s\s+time)?\b", _I)),
    ("holiday", re.compile(rf"\b(?P<prep>by|before|for|on|at|until|till|in\s+time\s+for)\s+(?:the\s+)?{_HOLIDAY}(?!\s+(?:cards?|"
                           r"presents?|trees?|party|parties|lights|jumpers?|dinner|lunch|do|shopping|markets?|fair|play|"
                           r"concert|show)\b)", _I)),
    # "by 26/11", "appt 3/14 2pm", "before we fly 20/12/25": a date written in numbers, read only when
    # one order can be a date (26/11 is day/month, 3/14 month/day); 3/4 or 10/11 stay unread.
    ("numeric", re.compile(rf"(?<![\d/.:])\b(?:(?:by|before|on|for|until|till|due)\s+)?(?:{_ANY_WEEKDAY}\.?,?\s+)?(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)"
                           r"(?:/(?P<year>(?:20)?\d\d))?(?![\d/%:])", _I)),
    ("weekday_ordinal", re.compile(rf"\b(?:(?:by|before|on|for|until|till)\s+)?{_ANY_WEEKDAY}\.?,?\s+(?:the\s+)?"
                                   r"(?P<day>[12]?\d|3[01])(?:st|nd|rd|th)\b", _I)),  # "Sat 14th"
    ("weekday", re.compile(rf"(?<!\bnext\s)(?<!\blast\s)\b(?:(?:on|by|before|for|this|until|till|this\s+coming|"
                           rf"on\s+or\s+before)\s+)?{_WEEKDAY}\b(?!\s+(?:night|morning|evening|afternoon)s\b)" + _PART_OF_DAY, _I)),
]
# Past or repeated days are not deadlines: "last Friday", "on Tuesdays", "since Monday".
_NOT_DUE = re.compile(rf"\b(?:last|since|every|each|that|past)\s+(?:other\s+|second\s+|single\s+)?{_ANY_WEEKDAY}\b|"
                      # "about Friday's arrangements": the day names a thing, not when the task is due
                      rf"\b(?:on\s+|by\s+|for\s+)?{_ANY_WEEKDAY}'s\b|"
                      rf"\b(?!weds\b|thurs\b|tues\b){_ANY_WEEKDAY}s\b|\b(?:over|after|since|during|last|this\s+past)\s+{_HOLIDAY}|"
                      # "protect Tuesday and Thursday evenings": days that repeat, not a deadline
                      rf"\b{_ANY_WEEKDAY}(?:\s*(?:,|and|or|&)\s*{_ANY_WEEKDAY})+\s+(?:night|morning|evening|afternoon)s\b", _I)
# A day an event happened on: "she rang on Monday", "the money Dad lent me on Saturday", "sent on the 3rd".
_PAST_VERB = (r"(?:[a-z]{2,}ed|rang|gave|lent|sent|came|went|was|were|had|did|said|told|saw|met|left|got|made|took|"
              r"brought|bought|paid|wrote|spoke|ran|sat|slept|felt|found|lost|won|broke|fell|drove|flew|began|forgot|"
              r"heard|kept|meant|put|read|sold|thought|woke|wore|happened)")
_HAPPENED_ON = re.compile(rf"\b(?<!\bneed\s){_PAST_VERB}\s+(?:(?:me|us|him|her|them|it|you)\s+)?(?:on\s+|last\s+)?"
                          rf"(?:{_ANY_WEEKDAY}\b|the\s+\d{{1,2}}(?:st|nd|rd|th)\b|{_MONTH.replace('?P<month>', '?:')}"
                          r"\s+\d{1,2}(?:st|nd|rd|th)?\b|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?[a-z]+\b)", _I)
# ... unless it is something to have done: "get the form signed on Friday".
_CAUSATIVE = re.compile(r"\b(?:get|getting|have|having)\s+(?:[\w']+\s+){1,4}$", _I)
# "I sat with her", "out in the sun", "the Thursday climbing club": the word, not a day (a day is
# written "Sat"/"Sun" or after on/by/before..., and "the Thursday club" is a regular thing).
_NOT_A_DAY = re.compile(
    r"(?<!\bon\s)(?<!\bby\s)(?<!\bbefore\s)(?<!\buntil\s)(?<!\bthis\s)(?<!\bnext\s)(?<!\bfor\s)\b(?:sat|sun|wed)\b"
    rf"|(?i:\bthe\s+{_ANY_WEEKDAY}\b(?=\s+(?:[a-z]+\s+)?(?:club|class|classes|group|session|"
    r"league|team|shift|market|choir|practice|lesson|rota|service|run)s?\b))"
)


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


def _last_day(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


def _next_monday(today: date) -> date:
    return today + timedelta(days=7 - today.weekday())


def _coming(today: date, name: str) -> date:
    """The coming such weekday: today when it is that day."""
    return today + timedelta(days=(_weekday_index(name) - today.weekday()) % 7)


def _weekday(m: re.Match[str], today: date) -> date:
    due = _coming(today, m["weekday"])
    said = m.group(0).lower()
    # "before Wednesday" written on a Wednesday is the next one, and so is "email Dr. Patel on
    # Monday" written on a Monday: today would be "today" ("by Friday" on a Friday stays today).
    if due == today and (said.startswith("before") or (said.startswith("on ") and not said.startswith("on or"))):
        return today + timedelta(days=7)
    return due


def _ordinal(m: re.Match[str], today: date) -> date | None:
    day = int(m["day"]) if "day" in m.re.groupindex else _ORDINAL_DAY[re.sub(r"\s", "-", m["word"].lower())]
    for month_offset in (0, 1):
        month = (today.month - 1 + month_offset) % 12 + 1
        year = today.year + (today.month - 1 + month_offset) // 12
        if 1 <= day <= calendar.monthrange(year, month)[1]:
            candidate = date(year, month, day)
            if candidate >= today:
                return candidate
    return None


def _in_days(m: re.Match[str], today: date) -> date | None:
    raw = " ".join(m["n"].lower().split())
    n = int(raw) if raw.isdigit() else _NUMBERS.get(raw)
    if not n:
        return None
    unit = m["unit"].lower()
    return today + timedelta(days=n * (14 if unit.startswith("fortnight") else 7 if unit.startswith("week") else 1))


def _end_of_named_month(m: re.Match[str], today: date) -> date:
    month = _month_index(m["month"])
    year = today.year if month >= today.month else today.year + 1
    return _last_day(year, month)


def _end_of_next_month(today: date) -> date:
    year, month = (today.year + 1, 1) if today.month == 12 else (today.year, today.month + 1)
    return _last_day(year, month)


def _holiday(m: re.Match[str], today: date) -> date | None:
    name = " ".join(m["holiday"].lower().replace("'", "").split())
    month_day = next((v for k, v in _HOLIDAYS.items() if k.replace("'", "") == name), None)
    return None if month_day is None else _on_or_after(today, *month_day)


def _numeric(m: re.Match[str], today: date) -> date | None:
    a, b = int(m["a"]), int(m["b"])
    readings = {(b, a), (a, b)}  # (month, day): day/month, month/day
    valid = [(month, day) for month, day in readings if 1 <= month <= 12 and 1 <= day <= 31]
    if len(valid) != 1:
        return None  # 3/4: which order? 17/20: no date
    month, day = valid[0]
    year = today.year if m["year"] is None else 2000 + int(m["year"][-2:])
    try:
        due = date(year, month, day)
    except ValueError:
        return None
    if due < today and m["year"] is None and (today - due).days > 180:
        due = _on_or_after(today, month, day)  # 5/1 written in December: January next year
    return due if due is not None and due >= today else None  # a day gone by is not due


_RESOLVERS: dict[str, Callable[[re.Match[str], date], date | None]] = {
    "today": lambda m, t: t,
    "tomorrow": lambda m, t: t + timedelta(days=1),
    "first_thing": lambda m, t: t + timedelta(days=1),
    "day_after": lambda m, t: t + timedelta(days=2),
    "week_from": lambda m, t: t + timedelta(days=8 if "tom" in m["from"].lower() or "tmrw" in m["from"].lower() else 7),
    "next_weekend": lambda m, t: _next_monday(t) + timedelta(days=5),
    "end_of_next_week": lambda m, t: _next_monday(t) + timedelta(days=4),
    "end_of_next_month": lambda m, t: _end_of_next_month(t),
    "end_of_month_named": _end_of_named_month,
    "week_on": lambda m, t: _coming(t, m["weekday"] or m["weekday2"]) + timedelta(days=7),
    "after_next": lambda m, t: (_coming(t, m["weekday"]) + timedelta(days=7 if _coming(t, m["weekday"]) > t else 14)),
    "next_weekday": lambda m, t: _next_monday(t) + timedelta(days=_weekday_index(m["weekday"])),
    "end_of_week": lambda m, t: t + timedelta(days=(4 - t.weekday()) % 7),
    "end_of_month": lambda m, t: _last_day(t.year, t.month),
    "weekend": lambda m, t: t + timedelta(days=(5 - t.weekday()) % 7),
    "day_month": lambda m, t: _on_or_after(t, _month_index(m["month"]), int(m["day"])),
    "month_day": lambda m, t: _on_or_after(t, _month_index(m["month"]), int(m["day"])),
    "ordinal": _ordinal,
    "ordinal_at": _ordinal,
    "ordinal_word": _ordinal,
    "after_weekend": lambda m, t: _next_monday(t),
    "in_days": _in_days,
    "in_fortnight": lambda m, t: t + timedelta(days=14 if m["unit"].lower() == "fortnight" else 7),
    "holiday": _holiday,
    "weekday": _weekday,
    "numeric": _numeric,
    "weekday_ordinal": _ordinal,
}


def _masked(text: str) -> str:
    masked = _NOT_DUE.sub(lambda m: " " * len(m.group(0)), text)
    masked = _HAPPENED_ON.sub(lambda m: m.group(0) if _CAUSATIVE.search(masked[max(0, m.start() - 30) : m.start()])
                              else " " * len(m.group(0)), masked)
    return _NOT_A_DAY.sub(lambda m: " " * len(m.group(0)), masked)


@lru_cache(maxsize=4096)
def _phrases(text: str) -> tuple[tuple[str, re.Match[str]], ...]:
    """Every phrase that says when, left to right; of overlapping readings the longest. Cached: a
    clause is read several times (its action, the clause, its unit, each generated candidate)."""
    masked = _masked(text)
    found = [(kind, m) for kind, pattern in _PATTERNS for m in pattern.finditer(masked)]
    found.sort(key=lambda f: (f[1].start(), -(f[1].end() - f[1].start())))
    chosen: list[tuple[str, re.Match[str]]] = []
    for kind, m in found:
        if chosen and m.start() < chosen[-1][1].end():
            continue
        chosen.append((kind, m))
    return tuple(chosen)


def resolve_due_date(text: str, today: date) -> date | None:
    """The day `text` says something is due, relative to `today` (the entry's date), or None (see
    the module's docstring for the grammar). The earliest phrase that resolves wins."""
    for kind, m in _phrases(text):
        due = _RESOLVERS[kind](m, today)
        if due is not None:
            return due
    return None


# Around the words that say when: "(first thing) tomorrow (morning)", "by Friday (at the latest)".
_LEFTOVER = re.compile(r"\s*,?\s*\b(?:at\s+the\s+latest|first\s+thing|in\s+the\s+morning|(?:before|by|until|till)\s+then)\b", _I)
_DANGLING_END = re.compile(r"(?:\s*[,;:]\s*|\s+(?:and|or|then|but|so|at|on|by|for|before|until|till|in|from|to))+\s*$", _I)


def without_due_words(text: str) -> str:
    """`text` without the words that say when ("Ring the GP tomorrow morning" -> "Ring the GP",
    "Finish the proposal by Thursday" -> "Finish the proposal"): for a task whose due date holds
    the day. Text that would be left without an object stays as it is."""
    phrases = _phrases(text)
    out, last = [], 0
    for _, m in phrases:
        out.append(text[last : m.start()])
        last = m.end()
    out.append(text[last:])
    stripped = _LEFTOVER.sub("", "".join(out))
    stripped = re.sub(r"\s+([,.;:!?])", r"\1", " ".join(stripped.split()))
    stripped = re.sub(r"([,;:])\s*(?=[,;:])", "", stripped)
    stripped = _DANGLING_END.sub("", stripped).strip(" ,;:-")
    stripped = re.sub(r"^(?:and|then|so|but)\s+|^[,;:]\s*", "", stripped, flags=_I)
    if len(re.findall(r"[A-Za-z0-9£$€]+", stripped)) < 2:
        return text
    return stripped
