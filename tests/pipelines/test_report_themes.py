"""The therapist report's "Recurring themes" (real embedding model): words as the writer spelt
them, and an area of life only where the entries name something of it (the premium tour's month
showed "atla" for Atlas and "Travel 3" without a trip)."""

from __future__ import annotations

from datetime import date

from pipelines.report import ReportEntry, _themes

# The premium tour's entries of 10/26 to 11/25 that gave "Travel" (and some Atlas, Dev and Priya).
MONTH = [
    (10, 27, "Did the inventory mapping until 11pm. Tired and annoyed at myself. Need to tell Dev I need help on Atlas."),
    (10, 28, "Told Dev I need another analyst on Atlas. He agreed to lend me Priya for three weeks. Such a relief."),
    (11, 4, "Worked from the hospital cafe. Priya finished the supplier mapping, she is brilliant. The Atlas test "
            "run failed on the returns data though."),
    (11, 10, "The second Atlas test run worked. Dev thanked me in front of the whole team."),
    (11, 12, "Skipped swimming twice this week, too many late meetings. Feeling anxious about the cutover. "
             "Spanish streak broken too."),
    (11, 20, "Spanish: finished unit 6 of the A2 course. Called Lucia and managed five minutes in Spanish before "
             "switching. She was so kind about it."),
    (11, 21, "Lunch with Jo and Dad at his place. He is walking without the frame in the flat. Jo and I talked "
             "about sharing his shopping every week until January."),
    (11, 23, "Atlas dress rehearsal went well apart from a slow report. Priya says the date might work."),
]
TRIPS = [
    (3, "Flight to Lisbon booked for the holidays, we leave on the 20th."),
    (5, "Packed for the trip and found my passport at last. The holiday starts tomorrow."),
    (8, "First day of the holiday in Lisbon, walked the old town and ate far too many pastries."),
]


def _entries(rows):
    return [ReportEntry(date=date(2026, month, day), content=text) for month, day, text in rows]


def test_a_month_without_a_trip_has_no_travel_theme():
    names = [name for name, _ in _themes(_entries(MONTH))]
    assert "Travel" not in names, names


def test_a_month_of_trips_still_has_its_travel_theme():
    themes = dict(_themes(_entries([(12, day, text) for day, text in TRIPS])))
    assert themes.get("Travel") == 3, themes


def test_recurring_words_are_shown_as_the_writer_spelt_them():
    """"Atlas", not the stem "atla"; names keep their capital; no quotes around them."""
    themes = dict(_themes(_entries(MONTH)))
    assert themes.get("Atlas") == 5, themes
    assert any("Priya" in name for name in themes), themes
    assert not any('"' in name or name in ("atla", "priya") for name in themes), themes


def test_a_word_capitalised_only_at_a_sentence_start_stays_lower_case():
    entries = _entries([(11, 1, "Swimming before work again."), (11, 2, "Swimming at lunch, then the pool shut."),
                        (11, 3, "Went swimming with Jo after dinner.")])
    assert dict(_themes(entries)).get("swimming") == 3
