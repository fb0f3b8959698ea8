"""The date phrases search and chat read as filters (api/journal/dates.py), table-driven: each
phrasing with the words left to search for and the range it names, on a fixed day."""

from __future__ import annotations

from datetime import date

import pytest

from api.journal.dates import extract_date_range

TODAY = date(2026, 11, 20)  # a Friday; Easter 2026 was April 5th, Easter 2025 April 20th


def d(text: str) -> date:
    return date.fromisoformat(text)


PHRASES = [
    # months named with "last" and "this": the latest such month that has ended, this year's
    ("what did I write last March", "", "2026-03-01", "2026-03-31"),
    ("arguments last October", "arguments", "2026-10-01", "2026-10-31"),
    ("last November", "", "2025-11-01", "2025-11-30"),
    ("Christmas shopping last December", "Christmas shopping", "2025-12-01", "2025-12-31"),
    ("this March", "", "2026-03-01", "2026-03-31"),
    ("the garden in March last year", "the garden", "2025-03-01", "2025-03-31"),
    ("work in June of this year", "work", "2026-06-01", "2026-06-30"),
    ("last Sept", "", "2026-09-01", "2026-09-30"),
    # seasons: the latest that has begun, or with "last", that has ended
    ("this spring", "", "2026-03-01", "2026-05-31"),
    ("walks with Meg last spring", "walks with Meg", "2026-03-01", "2026-05-31"),
    ("holiday last summer", "holiday", "2026-06-01", "2026-08-31"),
    ("this autumn", "", "2026-09-01", "2026-11-30"),
    ("last autumn", "", "2025-09-01", "2025-11-30"),
    ("last fall", "", "2025-09-01", "2025-11-30"),
    ("snow last winter", "snow", "2025-12-01", "2026-02-28"),
    ("this winter", "", "2025-12-01", "2026-02-28"),
    ("sleep in the summer", "sleep", "2026-06-01", "2026-08-31"),
    ("summer 2025", "", "2025-06-01", "2025-08-31"),
    ("the winter of 2024", "", "2024-12-01", "2025-02-28"),
    # weeks and weekends
    ("two weeks ago", "", "2026-11-02", "2026-11-08"),
    ("a week ago", "", "2026-11-09", "2026-11-15"),
    ("the dentist three weeks ago", "the dentist", "2026-10-26", "2026-11-01"),
    ("a fortnight ago", "", "2026-11-02", "2026-11-08"),
    ("the week before last", "", "2026-11-02", "2026-11-08"),
    ("running in the last two weeks", "running", "2026-11-07", "2026-11-20"),
    ("over the past fortnight", "", "2026-11-07", "2026-11-20"),
    ("last weekend", "", "2026-11-14", "2026-11-15"),
    ("this weekend", "", "2026-11-21", "2026-11-22"),
    ("a few weeks ago", "", "2026-10-26", "2026-11-01"),
    # months and years back
    ("two months ago", "", "2026-09-01", "2026-09-30"),
    ("a couple of months ago", "", "2026-09-01", "2026-09-30"),
    ("money in the past three months", "money", "2026-08-20", "2026-11-20"),
    ("earlier this month", "", "2026-11-01", "2026-11-20"),
    ("a year ago", "", "2025-01-01", "2025-12-31"),
    ("in 2025", "", "2025-01-01", "2025-12-31"),
    # holidays
    ("what did I do over Christmas", "", "2025-12-24", "2026-01-01"),
    ("last Christmas", "", "2025-12-24", "2026-01-01"),
    ("presents at Christmas 2024", "presents", "2024-12-24", "2025-01-01"),
    ("Christmas 2024", "", "2024-12-24", "2025-01-01"),
    ("on Christmas Day", "", "2025-12-25", "2025-12-25"),
    ("Christmas Eve", "", "2025-12-24", "2025-12-24"),
    ("Boxing Day", "", "2025-12-26", "2025-12-26"),
    ("New Year's Eve", "", "2025-12-31", "2025-12-31"),
    ("resolutions on New Year's Day", "resolutions", "2026-01-01", "2026-01-01"),
    ("over the holidays", "", "2025-12-24", "2026-01-01"),
    ("over Easter", "", "2026-04-03", "2026-04-06"),
    ("Easter 2025", "", "2025-04-18", "2025-04-21"),
    # days
    ("the day before yesterday", "", "2026-11-18", "2026-11-18"),
    ("yesterday morning", "", "2026-11-19", "2026-11-19"),
    ("last night", "", "2026-11-19", "2026-11-20"),
    ("tonight", "", "2026-11-20", "2026-11-20"),
    ("on Monday", "", "2026-11-16", "2026-11-16"),
    ("on Friday", "", "2026-11-20", "2026-11-20"),
    ("this Tuesday", "", "2026-11-17", "2026-11-17"),
    # parts of a month, spans of months
    ("early March", "", "2026-03-01", "2026-03-10"),
    ("late October", "", "2026-10-21", "2026-10-31"),
    ("mid-September 2025", "", "2025-09-11", "2025-09-20"),
    ("rain at the start of March", "rain", "2026-03-01", "2026-03-10"),
    ("the end of October 2025", "", "2025-10-21", "2025-10-31"),
    ("between March and May", "", "2026-03-01", "2026-05-31"),
    ("from November to February", "", "2025-11-01", "2026-02-28"),
]


@pytest.mark.parametrize("query, text, start, end", PHRASES)
def test_a_date_phrase_is_a_filter(query, text, start, end):
    rest, window = extract_date_range(query, TODAY)
    assert window is not None, query
    assert (rest, window.start, window.end) == (text, d(start), d(end))


@pytest.mark.parametrize("query", [
    "this may help", "my last fall down the stairs", "spring cleaning", "christmas presents", "the summer house",
    "a few days off", "Easter eggs", "March for peace", "june's scan results", "sunday roast",
])
def test_words_that_only_look_like_dates_stay_in_the_query(query):
    assert extract_date_range(query, TODAY) == (query, None)


def test_at_least_forty_phrasings():
    assert len(PHRASES) >= 40
