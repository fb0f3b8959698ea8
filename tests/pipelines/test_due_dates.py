"""Due dates (pipelines/highlights/dates.py): the date grammar people write, resolved against the
entry's date with the entry's weekday varied (Monday..Sunday around Christmas, month ends, the year
end); ambiguous words give no date; a task's text drops the words once its due date holds the day.

Expected dates are worked out by hand from the calendar: Monday 2025-12-22 .. Sunday 2025-12-28,
Wednesday 2025-12-31, Thursday 2026-01-01."""

from __future__ import annotations

from datetime import date

import pytest

from pipelines.highlights.dates import resolve_due_date, without_due_words

MON, TUE, WED, THU, FRI, SAT, SUN = (date(2025, 12, d) for d in range(22, 29))
NEW_YEARS_EVE = date(2025, 12, 31)


def _d(text: str) -> date:
    return date.fromisoformat(text)


@pytest.mark.parametrize(
    ("today", "expected"),
    [(MON, "2025-12-26"), (TUE, "2025-12-26"), (WED, "2025-12-26"), (THU, "2025-12-26"), (FRI, "2025-12-26"),
     (SAT, "2026-01-02"), (SUN, "2026-01-02")],
)
def test_by_a_weekday_is_the_coming_one_or_today(today, expected):
    assert resolve_due_date("by Friday", today) == _d(expected)
    assert resolve_due_date("on Friday evening", today) == _d("2026-01-02" if today == FRI else expected)


def test_before_the_weekday_written_on_that_day_is_a_week_on():
    assert resolve_due_date("before Friday", FRI) == _d("2026-01-02")
    assert resolve_due_date("before Friday", THU) == _d("2025-12-26")


def test_on_the_weekday_written_on_that_day_is_a_week_on():
    """tour_ai 2: "email Dr. Patel on Monday" written on Monday 11/23/2026 is due 11/30, not overdue
    the day it was written; "by Friday" on a Friday and "today" / "tonight" stay today."""
    monday = date(2026, 11, 23)
    assert resolve_due_date("email Dr. Patel on Monday about my blood test results", monday) == date(2026, 11, 30)
    assert resolve_due_date("on Monday", monday) == date(2026, 11, 30)
    assert resolve_due_date("on Monday", date(2026, 11, 22)) == monday
    assert resolve_due_date("on or before Monday", monday) == monday
    assert resolve_due_date("by Friday", FRI) == resolve_due_date("tonight", FRI) == resolve_due_date("today", FRI) == FRI


@pytest.mark.parametrize("today", [MON, WED, FRI, SAT, SUN])
def test_next_weekday_is_in_the_following_calendar_week(today):
    assert resolve_due_date("next Friday", today) == _d("2026-01-02")
    assert resolve_due_date("next Monday", today) == _d("2025-12-29")


@pytest.mark.parametrize(
    ("phrase", "today", "expected"),
    [
        ("a week on Friday", MON, "2026-01-02"),
        ("a week on Friday", FRI, "2026-01-02"),  # written on a Friday: a week from today
        ("a week on Friday", SAT, "2026-01-09"),
        ("Friday week", TUE, "2026-01-02"),
        ("on Saturday week", SUN, "2026-01-10"),
        ("the Friday after next", MON, "2026-01-02"),
        ("the Friday after next", FRI, "2026-01-09"),
        ("the Friday after next", SAT, "2026-01-09"),
        ("a week today", WED, "2025-12-31"),
        ("a week tomorrow", WED, "2026-01-01"),
    ],
)
def test_a_week_on_a_weekday(phrase, today, expected):
    assert resolve_due_date(phrase, today) == _d(expected)


@pytest.mark.parametrize(
    ("phrase", "today", "expected"),
    [
        ("tonight", SUN, "2025-12-28"),
        ("this evening", MON, "2025-12-22"),
        ("by the end of the day", TUE, "2025-12-23"),
        ("tomorrow", NEW_YEARS_EVE, "2026-01-01"),  # the year end
        ("first thing tomorrow", SUN, "2025-12-29"),
        ("tomorrow morning first thing", SAT, "2025-12-28"),
        ("first thing", WED, "2025-12-25"),  # alone: tomorrow morning
        ("first thing Monday", THU, "2025-12-29"),
        ("the day after tomorrow", NEW_YEARS_EVE, "2026-01-02"),
    ],
)
def test_today_tonight_tomorrow_and_first_thing(phrase, today, expected):
    assert resolve_due_date(phrase, today) == _d(expected)


def test_the_first_thing_i_noticed_is_no_date():
    assert resolve_due_date("the first thing I noticed was the smell", MON) is None


@pytest.mark.parametrize(
    ("phrase", "today", "expected"),
    [
        ("this weekend", MON, "2025-12-27"),
        ("this weekend", SAT, "2025-12-27"),
        # "this week" and "before the weekend": the coming Friday, the next one at the weekend
        ("this week", MON, "2025-12-26"),
        ("this week", SAT, "2026-01-02"),
        ("before the weekend", WED, "2025-12-26"),
        ("before month end", MON, "2025-12-31"),
        ("at the weekend", THU, "2025-12-27"),
        ("next weekend", MON, "2026-01-03"),
        ("next weekend", FRI, "2026-01-03"),
        ("next weekend", SAT, "2026-01-03"),
        ("next weekend", SUN, "2026-01-03"),  # on a Sunday the next weekend is six days on
        ("by the end of the week", MON, "2025-12-26"),
        ("by the end of the week", FRI, "2025-12-26"),
        ("end of next week", MON, "2026-01-02"),
        ("end of next week", SAT, "2026-01-02"),
        ("end of next week", SUN, "2026-01-02"),
        ("before the end of the month", WED, "2025-12-31"),
        ("by the end of the month", date(2026, 1, 31), "2026-01-31"),  # a Saturday, the month's last day
        ("before the end of next month", WED, "2026-01-31"),
        ("before the end of next month", date(2026, 1, 31), "2026-02-28"),
        ("by the end of February", WED, "2026-02-28"),
        ("by the end of November", WED, "2026-11-30"),  # passed this year: next year's
    ],
)
def test_weekends_weeks_and_month_ends(phrase, today, expected):
    assert resolve_due_date(phrase, today) == _d(expected)


@pytest.mark.parametrize(
    ("phrase", "today", "expected"),
    [
        ("on the 14th", WED, "2026-01-14"),  # passed this month: next month's, over the year end
        ("on the 14th", date(2026, 1, 14), "2026-01-14"),
        ("by the 28th", MON, "2025-12-28"),
        ("the 3rd of March", SAT, "2026-03-03"),
        ("3 March", SAT, "2026-03-03"),
        ("March 3rd", SAT, "2026-03-03"),
        ("on December 1st", WED, "2026-12-01"),
        ("by the 9th of January", NEW_YEARS_EVE, "2026-01-09"),
    ],
)
def test_ordinals_and_month_names(phrase, today, expected):
    assert resolve_due_date(phrase, today) == _d(expected)


@pytest.mark.parametrize(
    ("phrase", "today", "expected"),
    [
        ("in two weeks", WED, "2026-01-07"),
        ("in 10 days", WED, "2026-01-03"),
        ("within ten days", MON, "2026-01-01"),
        ("in ten days' time", MON, "2026-01-01"),
        ("in a fortnight", SUN, "2026-01-11"),
        ("in the next fortnight", SUN, "2026-01-11"),
        ("within a week", THU, "2026-01-01"),
        ("in a couple of days", NEW_YEARS_EVE, "2026-01-02"),
    ],
)
def test_spans_of_days_and_weeks(phrase, today, expected):
    assert resolve_due_date(phrase, today) == _d(expected)


@pytest.mark.parametrize(
    ("phrase", "today", "expected"),
    [
        ("before Christmas", date(2025, 12, 10), "2025-12-25"),
        ("before Christmas", FRI, "2026-12-25"),  # Boxing Day: next year's
        ("by Christmas Eve", MON, "2025-12-24"),
        ("before New Year's Eve", date(2025, 12, 19), "2025-12-31"),
        ("by New Year", NEW_YEARS_EVE, "2026-01-01"),
        ("before Halloween", date(2025, 10, 28), "2025-10-31"),
        ("in time for Bonfire Night", date(2025, 10, 28), "2025-11-05"),
        ("for Valentine's Day", date(2026, 2, 1), "2026-02-14"),
    ],
)
def test_fixed_holidays(phrase, today, expected):
    assert resolve_due_date(phrase, today) == _d(expected)


@pytest.mark.parametrize(
    "phrase",
    [
        "next week", "this month", "in March", "mid-January", "soon", "later on", "in the morning",
        "on 3/4", "last Friday", "since Monday", "every other Sunday", "on Tuesdays", "before Easter",
        "in a few days", "write the Christmas cards", "over Christmas", "the first thing",
    ],
)
def test_ambiguous_words_give_no_date(phrase):
    assert resolve_due_date(phrase, WED) is None


def test_the_earliest_phrase_wins_and_the_longest_of_overlapping_readings():
    assert resolve_due_date("call the bank on Monday, the form is due on the 14th", WED) == _d("2025-12-29")
    assert resolve_due_date("send it on the 3rd of February", WED) == _d("2026-02-03")
    assert resolve_due_date("send it on the 3rd", WED) == _d("2026-01-03")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ring the GP tomorrow morning", "Ring the GP"),
        ("Finish the proposal by Thursday", "Finish the proposal"),
        ("Resend them first thing tomorrow, recorded delivery this time", "Resend them, recorded delivery this time"),
        ("Book a table at Marco's for Saturday to celebrate", "Book a table at Marco's to celebrate"),
        ("Get the tracking checked by the end of next week", "Get the tracking checked"),
        ("Fill in the questionnaire before then", "Fill in the questionnaire"),
        ("Send the figures on Friday at the latest", "Send the figures"),
        ("Tomorrow first thing", "Tomorrow first thing"),  # nothing would be left: kept
    ],
)
def test_without_due_words(text, expected):
    assert without_due_words(text) == expected
