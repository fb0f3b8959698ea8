"""GET /api/journal/stats: the journal over time, computed on the server from the stored moods: a
calendar of days with the mood of each, the mood trend by week and by month, the weekday pattern
("Mondays are heavier") and the writing streak.

One grouped query reads (day, mood, count) for all the user's entries through the (user_id,
entry_date) index; everything else is arithmetic over those few thousand rows at most, so years of
entries answer in milliseconds (tests/api/test_journal_home_stats.py measures ten years).
"""

from __future__ import annotations

import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta

import msgspec
import sqlalchemy as sa
from litestar import Controller, Request, get
from litestar.params import Parameter

from api.entries.services import EntryService
from api.errors import FieldError, documented_errors
from api.services import provide
from models import JournalEntry
from models.constants import MOOD_SCORE

# What the view shows by default: a year of days, half a year of weeks, two years of months.
CALENDAR_DAYS = 366
TREND_WEEKS = 26
TREND_MONTHS = 24
MAX_WINDOW_DAYS = 3 * 366
# A weekday is called heavier (lighter) when its average mood is this far below (above) the
# journal's average on the 0-3 scale (models.constants.MOOD_SCORE) and it holds enough entries.
WEEKDAY_DIFFERENCE = 0.3
WEEKDAY_MIN_ENTRIES = 3
# The writer's "today" may differ from the server's by the width of the time zones.
TODAY_SLACK = timedelta(days=1)
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MSG_DAY = "Dates must be ISO dates such as 2026-11-20."
MSG_TODAY = "today must be within a day of the server's date."
MSG_WINDOW = f"from must not be after to, and the window at most {MAX_WINDOW_DAYS} days."


class DayMood(msgspec.Struct, kw_only=True):
    date: str  # YYYY-MM-DD
    entries: int
    mood: str | None  # the day's most frequent mood ("Happy"); None when no entry has one yet
    emoji: str | None
    score: float | None  # the day's average mood score, 0 (low) to 3 (bright)


class MoodPeriod(msgspec.Struct, kw_only=True):
    start: str
    end: str
    entries: int
    score: float | None
    moods: dict[str, int]


class WeekdayMood(msgspec.Struct, kw_only=True):
    weekday: str
    entries: int
    score: float | None


class Streak(msgspec.Struct, rename="camel", kw_only=True):
    current: int  # days in a row with an entry, ending today (or yesterday: today is not over)
    longest: int
    days_written: int
    entries: int
    last_entry_date: str | None
    wrote_today: bool


class JournalStats(msgspec.Struct, rename="camel", kw_only=True):
    today: str
    date_from: str
    date_to: str
    streak: Streak
    days: list[DayMood]  # only days with entries, oldest first
    weeks: list[MoodPeriod]  # Monday to Sunday, the last TREND_WEEKS, oldest first
    months: list[MoodPeriod]  # the last TREND_MONTHS, oldest first
    weekdays: list[WeekdayMood]  # Monday first, all time
    weekday_note: str | None  # "Mondays are heavier", "Saturdays are lighter"
    average_score: float | None


@dataclass
class _Bucket:
    entries: int = 0
    scored: int = 0
    total: float = 0.0
    moods: Counter = field(default_factory=Counter)
    emojis: dict[str, str] = field(default_factory=dict)

    def add(self, mood: str | None, emoji: str | None, count: int) -> None:
        self.entries += count
        if mood in MOOD_SCORE:
            self.scored += count
            self.total += MOOD_SCORE[mood] * count
        if mood:
            self.moods[mood] += count
            if emoji:
                self.emojis.setdefault(mood, emoji)

    @property
    def score(self) -> float | None:
        return round(self.total / self.scored, 2) if self.scored else None


def _parse(value: str | None, name: str) -> date | None:
    if value is None or not value.strip():
        return None
    try:
        return date.fromisoformat(value.strip()[:10])
    except ValueError:
        raise FieldError(name, MSG_DAY) from None


def streaks(days: list[date], today: date) -> tuple[int, int]:
    """(current, longest) runs of consecutive days in `days` (sorted, distinct). The current run
    ends today, or yesterday while today has no entry yet."""
    longest = run = 0
    previous: date | None = None
    for day in days:
        run = run + 1 if previous is not None and (day - previous).days == 1 else 1
        longest = max(longest, run)
        previous = day
    current = 0
    written = set(days)
    cursor = today if today in written else today - timedelta(days=1)
    while cursor in written:
        current += 1
        cursor -= timedelta(days=1)
    return current, longest


def _weekday_note(weekdays: list[tuple[str, _Bucket]], overall: float | None) -> str | None:
    scored = [(name, b.score) for name, b in weekdays if b.score is not None and b.scored >= WEEKDAY_MIN_ENTRIES]
    if overall is None or len(scored) < 2:
        return None
    heaviest = min(scored, key=lambda item: item[1])
    lightest = max(scored, key=lambda item: item[1])
    if overall - heaviest[1] >= WEEKDAY_DIFFERENCE:
        return f"{heaviest[0]}s are heavier"
    if lightest[1] - overall >= WEEKDAY_DIFFERENCE:
        return f"{lightest[0]}s are lighter"
    return None


async def journal_stats(entries: EntryService, user_id: uuid.UUID, today: date, start: date, end: date
                        ) -> JournalStats:
    mood = JournalEntry.mood["text"].astext
    emoji = JournalEntry.mood["emoji"].astext
    rows = (await entries.repository.session.execute(
        sa.select(JournalEntry.entry_date, mood, emoji, sa.func.count())
        .where(entries.of_user(user_id)).group_by(JournalEntry.entry_date, mood, emoji)
        .order_by(JournalEntry.entry_date))).all()

    by_day: dict[date, _Bucket] = {}
    overall = _Bucket()
    weekday_buckets = [_Bucket() for _ in WEEKDAYS]
    for day, text, icon, count in rows:
        by_day.setdefault(day, _Bucket()).add(text, icon, count)
        overall.add(text, icon, count)
        weekday_buckets[day.weekday()].add(text, icon, count)

    def period(first: date, last: date) -> MoodPeriod:
        bucket = _Bucket()
        for day in (first + timedelta(days=i) for i in range((last - first).days + 1)):
            found = by_day.get(day)
            if found:
                bucket.entries += found.entries
                bucket.scored += found.scored
                bucket.total += found.total
                bucket.moods.update(found.moods)
        return MoodPeriod(start=first.isoformat(), end=last.isoformat(), entries=bucket.entries, score=bucket.score,
                          moods=dict(bucket.moods.most_common()))

    monday = today - timedelta(days=today.weekday())
    weeks = [period(monday - timedelta(weeks=n), monday - timedelta(weeks=n) + timedelta(days=6))
             for n in range(TREND_WEEKS - 1, -1, -1)]
    months = []
    for n in range(TREND_MONTHS - 1, -1, -1):
        year, month = divmod(today.year * 12 + today.month - 1 - n, 12)
        first = date(year, month + 1, 1)
        following = date(year + (month + 1) // 12, (month + 1) % 12 + 1, 1)
        months.append(period(first, following - timedelta(days=1)))

    days = []
    for day, bucket in by_day.items():
        if start <= day <= end:
            top = bucket.moods.most_common(1)
            name = top[0][0] if top else None
            days.append(DayMood(date=day.isoformat(), entries=bucket.entries, mood=name,
                                emoji=bucket.emojis.get(name) if name else None, score=bucket.score))

    written = sorted(by_day)
    current, longest = streaks(written, today)
    weekdays = list(zip(WEEKDAYS, weekday_buckets, strict=True))
    return JournalStats(
        today=today.isoformat(), date_from=start.isoformat(), date_to=end.isoformat(),
        streak=Streak(current=current, longest=longest, days_written=len(written), entries=overall.entries,
                      last_entry_date=written[-1].isoformat() if written else None, wrote_today=today in by_day),
        days=days, weeks=weeks, months=months,
        weekdays=[WeekdayMood(weekday=name, entries=b.entries, score=b.score) for name, b in weekdays],
        weekday_note=_weekday_note(weekdays, overall.score), average_score=overall.score,
    )


@documented_errors
class JournalStatsController(Controller):
    path = "/api/journal/stats"
    tags = ["journal"]
    dependencies = provide(entries=EntryService)

    @get(operation_id="journalStats",
         description="The calendar (days with entries and each day's mood), the mood trend by week and month, "
                     "the weekday pattern and the writing streak, from the stored moods. `today` is the writer's "
                     "date (their time zone); `from`/`to` bound the calendar's days (default: the last year).")
    async def stats(
        self,
        request: Request,
        entries: EntryService,
        today: str | None = Parameter(default=None, description="The writer's date, YYYY-MM-DD"),
        date_from: str | None = Parameter(query="from", default=None, description="First calendar day"),
        date_to: str | None = Parameter(query="to", default=None, description="Last calendar day"),
    ) -> JournalStats:
        server_today = datetime.now(UTC).date()
        day = _parse(today, "today") or server_today
        if abs(day - server_today) > TODAY_SLACK:
            raise FieldError("today", MSG_TODAY)
        end = _parse(date_to, "to") or day
        start = _parse(date_from, "from") or end - timedelta(days=CALENDAR_DAYS - 1)
        if start > end or (end - start).days >= MAX_WINDOW_DAYS:
            raise FieldError("from", MSG_WINDOW)
        return await journal_stats(entries, request.user.id, day, start, end)
