"""The personal story and the therapist report at a year's scale, from the sentences of a
year-long journal a touring tester imported (253 entries): threads of many entries, one recurring
sentence read as three themes, and a book and a client company among the people."""

from __future__ import annotations

import re
from datetime import date

from pipelines.providers.base import ProfileEntry
from pipelines.providers.local_provider import build_local_profile, build_local_story
from pipelines.report import ReportEntry, _themes
from pipelines.themes import known_people, people_in

RECURRING = "said something about {} that stuck with me: we keep planning and never deciding."
SPEAKERS = ["Tom", "Dana", "Marco"]
WORK = ["the roadmap slides", "the budget spreadsheet", "the migration project", "the onboarding docs"]
DAYS = [f"{month:02d}/{day:02d}/2026" for month in range(1, 11) for day in (3, 17)]  # 20 days, oldest first
OTHER = ["Weather was grey.", "Spent the morning at the library.", "Long day working on the quarterly report.",
         "Met Priya for coffee.", "I laughed a lot."]


def year() -> list[ProfileEntry]:
    """20 entries; the recurring sentence in the 8 of every other month (first 01/03, last 09/17)."""
    entries = []
    for i, day in enumerate(DAYS):
        said = f" {SPEAKERS[i % 3]} {RECURRING.format(WORK[i % 4])}" if i % 4 in (0, 1) and i < 18 else ""
        text = OTHER[i % len(OTHER)] + said
        entries.append(ProfileEntry(id=f"e{i}", date=day, content=text, mood="Neutral"))
    return entries


def thread_lines(profile: str) -> list[str]:
    section = profile.split("What you keep coming back to:")[1].split("\n\n")[0]
    return [line for line in section.splitlines() if line.startswith("- ")]


def test_a_long_thread_shows_its_count_span_and_latest_dates_not_every_date():
    """"Deciding: 73 entries (12/01/2025, 12/14/2025, ... and 11/19/2026)" filled a screen."""
    draft = build_local_profile(year())
    recurring = [e.id for e in year() if "never deciding" in e.content]
    line = next(line for line in thread_lines(draft.full_profile) if "planning" in line.lower())
    assert line.endswith(": 10 entries (01/03/2026 to 09/17/2026, most recently 07/17/2026, 09/03/2026 and "
                         "09/17/2026)"), line
    assert len(re.findall(r"\d\d/\d\d/\d{4}", line)) == 5
    assert set(recurring) <= set(draft.source_entry_ids)  # every entry is still cited


def test_a_short_thread_still_lists_its_dates():
    entries = [ProfileEntry(id=f"e{i}", date=f"11/1{i}/2026", content=text) for i, text in enumerate([
        "Started the loft conversion plans with the architect.", "Work was a grind today.",
        "The loft conversion is over budget already.", "Slept badly again."])]
    lines = thread_lines(build_local_profile(entries).full_profile)
    assert any(line.endswith("2 entries (11/10/2026 and 11/12/2026)") for line in lines), lines


def test_themes_of_the_same_entries_are_one_thread_and_one_action():
    """"Deciding", "Planning" and "Stuck" were three bullets with the same 73 dates, and three
    Concrete Actions; "(from 11/19/2026)" was the thread's latest entry, not where it started."""
    story = build_local_story(year())
    words = ("deciding", "planning", "stuck")
    merged = [t for t in story.threads if any(w in t.title.lower() for w in words)]
    assert len(merged) == 1, [t.title for t in story.threads]
    assert all(w in merged[0].title.lower() for w in words), merged[0].title
    assert len(merged[0].entry_ids) == 10
    draft = build_local_profile(year())
    actions = draft.full_profile.split("**Concrete Actions**:")[1].strip().splitlines()
    about = [a for a in actions if "which came up in" in a and any(w in a.lower() for w in words)]
    assert len(about) == 1, actions
    assert about[0].endswith("which came up in 10 entries (last written 09/17/2026)"), about
    assert "(from 09/17/2026)" not in draft.full_profile


def test_a_thread_and_a_theme_sharing_a_few_entries_by_chance_stay_apart():
    """Two themes in the same 2 entries of a short journal are no one recurring sentence."""
    entries = [ProfileEntry(id=f"e{i}", date=f"11/1{i}/2026", content=text) for i, text in enumerate([
        "The loft conversion plans are moving; the builder quoted for the skylight windows.",
        "Rough night, barely slept.",
        "The loft conversion again, and the skylight windows are late."])]
    titles = [t.title.lower() for t in build_local_story(entries).threads]
    assert any("loft conversion" in t for t in titles) and any("skylight" in t for t in titles), titles
    assert not any("loft conversion" in t and "skylight" in t for t in titles), titles


def test_the_reports_recurring_themes_merge_words_of_the_same_entries():
    """The report's Recurring themes read "deciding" 73, "planning" 73, "stuck" 73."""
    entries = [ReportEntry(date=date(2026, int(d[:2]), int(d[3:5])), content=e.content)
               for d, e in zip(DAYS, year(), strict=True)]
    themes = dict(_themes(entries))
    merged = [name for name in themes if "planning" in name]
    assert len(merged) == 1 and "deciding" in merged[0], themes
    assert themes[merged[0]] == 10
    assert not [name for name in themes if name in ("deciding", "stuck")], themes


TOUR_SENTENCES = [
    "Did some reading Middlemarch after work. Energised and hopeful.",
    "Long day working on the client pitch for Halvorsen. I felt anxious most of the afternoon.",
    "Progress on reading Middlemarch is slow but it is progress.",
    "Marco said something about the client pitch for Halvorsen that stuck with me.",
    "I want to finish the draft of the client pitch for Halvorsen by Monday. Met Priya for coffee.",
    "Did some reading Middlemarch after work. Talking to Priya reminded me how much I value honesty.",
    "Met Marco for coffee. Honestly exhausted.",
]


def test_a_book_read_and_a_client_pitched_for_are_not_people():
    """"Middlemarch" (a novel) and "Halvorsen" (a client company) were among "the people in your story"."""
    assert people_in("Did some reading Middlemarch after work.") == []
    assert people_in("Long day working on the client pitch for Halvorsen.") == []
    assert people_in("Sent the proposal for Halvorsen, Dana said it was good.") == ["Dana"]
    assert people_in("Watched Succession with Dana.") == ["Dana"]
    assert known_people(TOUR_SENTENCES) == ["Marco", "Priya"]
    entries = [ProfileEntry(id=f"e{i}", date=f"10/1{i}/2026", content=t) for i, t in enumerate(TOUR_SENTENCES)]
    assert [p.title for p in build_local_story(entries).people] == ["Marco", "Priya"]


def test_someone_read_to_worked_with_or_shopped_for_is_still_someone():
    assert people_in("I read Lily a story before bed.") == ["Lily"]
    assert people_in("I was reading Priya's essay.") == ["Priya"]
    assert people_in("Bought a present for Dana.") == ["Dana"]
    assert known_people(["Working with Greg on the launch today.", "Greg said the demo went well."]) == ["Greg"]


def test_streets_and_named_days_are_not_people_and_a_person_speaking_is_no_thread():
    assert people_in("We walked down Rue Oberkampf after dinner.") == []
    assert people_in("Dinner on Rue Oberkampf with Tom.") == ["Tom"]
    assert people_in("Spent Christmas Eve with the family, Eve came too.") == ["Eve"]
    assert people_in("Bought flowers for New Year's Eve and Valentine's Day.") == []
    texts = ["Dinner on Rue Oberkampf. Dana said the review went well.",
             "Christmas Eve at home. Dana said we should plan the review.",
             "Back on Rue Oberkampf for coffee. Dana said no to the budget.",
             "Wrapped presents on Christmas Eve. Quiet day."]
    entries = [ProfileEntry(id=f"e{i}", date=f"12/2{i}/2026", content=t) for i, t in enumerate(texts)]
    story = build_local_story(entries)
    assert [p.title for p in story.people] == ["Dana"]
    titles = [t.title.lower() for t in story.threads]
    assert not any("said" in t for t in titles), titles
