"""Claims need evidence and a floor: on a journal written for the audit (a retired farmer's three
months: his wife June in and out of hospital, the bank, the ewes, the dog Meg dying), the story's
people are every person named in two or more entries and no place; a change of mood is stated only
when a stated test supports it; Self Analysis says which entries it read."""

from __future__ import annotations

import json
from pathlib import Path

from pipelines.providers.base import ProfileEntry
from pipelines.providers.local_provider import build_local_profile, build_local_story
from pipelines.reflection import ReflectionEntry, mood_shift, read_scope, self_analysis
from pipelines.themes import kin_linked, people_by_text

DATA = Path(__file__).parent / "data" / "claims_journals.jsonl"


def journal(name: str) -> list[dict]:
    return [row for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()
            and (row := json.loads(line))["journal"] == name]


def profile_entries(name: str) -> list[ProfileEntry]:
    return [ProfileEntry(id=r["id"], date=r["date"], content=r["text"], mood=r["mood"]) for r in journal(name)]


def test_every_person_in_two_or_more_entries_is_in_the_story_and_no_place_is():
    rows = journal("farmer")
    story = build_local_story(profile_entries("farmer"))
    people = {p.title: len(p.entry_ids) for p in story.people}
    assert people.get("June") == sum("June" in r["text"] for r in rows) == 7, people  # "my wife June"
    for name in ("Susan", "Pritchard", "Hardcastle"):
        assert people.get(name, 0) >= 2, (name, people)
    for place in ("Leeds", "Skipton", "Royal", "Infirmary", "Ahmed"):  # Dr Ahmed: one entry
        assert place not in people, people
    # Each person's entries are the entries that name them.
    for person in story.people:
        for entry in rows:
            assert (entry["id"] in person.entry_ids) == (person.title in entry["text"])


def test_a_month_named_person_is_linked_by_a_family_word_and_the_month_stays_a_month():
    texts = ["Took my wife June to the clinic.", "June made a cake.", "We married in June 1979.",
             "In June the hay is cut."]
    assert kin_linked(texts) == {"June"}
    names, per_text = people_by_text(texts)
    assert names == ["June"]
    assert per_text == [["June"], ["June"], [], []]
    assert people_by_text(["Hay cut in June.", "June was wet."])[0] == []  # no family word: a month


def test_lighter_lately_needs_the_moods_to_support_it_by_the_stated_test():
    rows = journal("farmer")
    entries = [ReflectionEntry(id=r["id"], date=r["date"], content=r["text"], mood=r["mood"]) for r in rows]
    earlier, recent = entries[:6], entries[6:]
    # The mean moved by 0.5 (the old rule's "lighter"), but the test does not support it.
    assert mood_shift(earlier, recent, "greater") is None
    titles = [item.title for item in self_analysis(entries).growth]
    assert "Lighter days lately" not in titles and "Heavier days lately" not in titles, titles
    # The same words with clearly lighter recent moods: stated, with the test and its p-value.
    lifted = [ReflectionEntry(id=e.id, date=e.date, content=e.content, mood=m) for e, m in
              zip(entries, ["Sad", "Anxious", "Sad", "Sad", "Anxious", "Sad", "Happy", "Happy", "Loving", "Happy",
                            "Happy", "Loving"], strict=True)]
    growth = self_analysis(lifted).growth[0]
    assert growth.title == "Lighter days lately"
    assert "Mann-Whitney U test" in growth.description and "p " in growth.description


def test_self_analysis_says_which_entries_it_read():
    entries = [ReflectionEntry(id=r["id"], date=r["date"], content=r["text"], mood=r["mood"]) for r in journal("farmer")]
    latest = read_scope(entries[-5:], latest=True, more=True)
    assert latest == "From your latest 5 entries (09/29/2026 to 10/30/2026)."
    assert read_scope(entries, latest=True, more=False) == "From all 12 of your entries (08/03/2026 to 10/30/2026)."
    assert read_scope(entries[:3], latest=False, more=True).startswith("From the 3 entries chosen")
    assert self_analysis(entries[-5:], scope=latest).notes[0] == latest


def test_the_story_of_the_farmers_journal_cites_its_entries():
    draft = build_local_profile(profile_entries("farmer"))
    ids = {r["id"] for r in journal("farmer")}
    assert draft.source_entry_ids and set(draft.source_entry_ids) <= ids
    assert "June: 7 entries" in draft.full_profile


def test_a_thread_is_what_the_entries_are_about_not_a_shared_word():
    """"the top field" (the dog's grave, the field let) is no concern; the loan and the bank are."""
    entries = [ReflectionEntry(id=r["id"], date=r["date"], content=r["text"], mood=r["mood"])
               for r in journal("farmer")]
    analysis = self_analysis(entries)
    titles = [item.title.lower() for tab in (analysis.patterns, analysis.reflections, analysis.growth)
              for item in tab]
    assert not any("field" in t or "yard" in t for t in titles), titles
    assert "the loan" in titles, titles
    threads = [t.title.lower() for t in build_local_story(profile_entries("farmer")).threads]
    assert "the loan" in threads and not any("field" in t for t in threads), threads


# The people each audit journal names in two or more entries, as its writer meant them (labelled when
# the journals were written, before any tuning), and names that are places or things there.
PEOPLE = {
    "farmer": {"June", "Meg", "Susan", "Pritchard", "Hardcastle"},
    "teen": {"Nonna", "Mum", "Salvo", "Gia", "Esposito"},
    "teacher": {"Ravi", "Meera", "Souza", "Lakshmi"},
    "trucker": {"Darlene", "Cody", "Ray", "Hector"},
}
NOT_PEOPLE = {
    "farmer": {"Leeds", "Skipton", "Royal", "Infirmary", "Field"},
    "teen": {"Cardarelli", "Pina", "Mr"},
    "teacher": {"Mylapore", "Toronto", "Chennai", "Mrs", "Tamil", "Oxford", "Pongal", "Luz", "State", "Bank"},
    "trucker": {"Amarillo", "Tulsa", "Oklahoma", "Peterbilt", "Flying", "Shop"},
}
PEOPLE_RECALL_FLOOR = 0.9


def test_the_people_lists_of_the_four_audit_journals_hold_their_floor():
    found = expected = 0
    for name, people in PEOPLE.items():
        story = {p.title for p in build_local_story(profile_entries(name)).people}
        found += len(story & people)
        expected += len(people)
        assert not story & NOT_PEOPLE[name], (name, story)
        assert story <= people, (name, story - people)  # nothing listed that is no one
    assert found / expected >= PEOPLE_RECALL_FLOOR, (found, expected)


AUDIT = Path(__file__).parent / "data" / "claims_audit.md"


def claim_lines(name: str) -> list[str]:
    """Every claim Self Analysis (all the journal's entries) and the local story make, as the audit
    lists them, with the entries each cites."""
    rows = journal(name)
    entries = [ReflectionEntry(id=r["id"], date=r["date"], content=r["text"], mood=r["mood"]) for r in rows]
    analysis = self_analysis(entries, scope=read_scope(entries, latest=True, more=False))
    lines = [f"- note: {note}" for note in analysis.notes]
    for tab in ("patterns", "connections", "growth", "reflections"):
        lines += [f"- {tab}: **{item.title}**: {item.description} — evidence: {', '.join(s.id for s in item.sources)}"
                  for item in getattr(analysis, tab)]
    story = build_local_story(profile_entries(name))
    draft = build_local_profile(profile_entries(name))
    lines.append(f"- summary: {draft.short_summary}")
    lines += [f"- thread: **{t.title}**: {len(t.entry_ids)} entries — evidence: {', '.join(t.entry_ids)}"
              for t in story.threads]
    lines += [f"- person: **{p.title}**: {len(p.entry_ids)} entries — evidence: {', '.join(p.entry_ids)}"
              for p in story.people]
    lines.append(f"- moods: {story.mood_mix}")
    lines += [f"- blindspot: {b}" for b in draft.blindspots]
    # The therapist report's recurring themes, and Meaning & Purpose.
    from datetime import date

    from pipelines.purpose import build_meaning
    from pipelines.report import ReportEntry, _themes

    days = [date(int(r["date"][6:]), int(r["date"][:2]), int(r["date"][3:5])) for r in rows]
    report = [ReportEntry(date=d, content=r["text"], mood=r["mood"]) for d, r in zip(days, rows, strict=True)]
    lines += [f"- report theme: **{theme}**: {n} entries" for theme, n in _themes(report)]
    meaning = build_meaning(profile_entries(name))
    lines.append(f"- purpose: {meaning.purpose}")
    lines += [f"- value: **{v.name}**: {v.entry_count} entries — evidence: "
              + "; ".join(f"{c.id} “{c.quote}”" for c in v.entries) for v in meaning.core_values]
    lines += [f"- principle: {p.text} — evidence: {', '.join(c.id for c in p.entries)}" for p in meaning.principles]
    return lines


# Read as unsupported and not fixed yet (tests/pipelines/data/claims_audit.md says why): the list may
# only shrink.
KNOWN_UNSUPPORTED = [
    "- value: **Achievement & work**: 3 entries — evidence: trucker-02 “Wish I could see his first game.”; trucker-06 “Missed Cody's first game because the truck was still in the shop.”; trucker-12 “First Friday home under the new job.” — not supported",
    '- purpose: Across 12 entries (05/04/2026 to 06/13/2026), you come back most to achievement & work (3 entries, most recently 06/13/2026). Going by how often you write about them, what seems to matter most to you is achievement & work. — not supported',
]


def test_every_claim_on_the_audit_journals_was_read_and_none_is_unsupported():
    audit = AUDIT.read_text(encoding="utf-8")
    # How the audit marks a claim its entries do not support: none may be.
    unsupported = [line for line in audit.splitlines() if line.startswith("- ") and line.endswith("— not supported")]
    assert sorted(unsupported) == sorted(KNOWN_UNSUPPORTED), unsupported
    sections = {part.split()[0]: part for part in audit.split("\n## ")[1:]}
    for name in PEOPLE:
        listed = {line.removesuffix(" — not supported") for line in sections[name].splitlines()}
        new = [line for line in claim_lines(name) if line not in listed]
        assert not new, f"claims on the {name} journal not in the audit (read them, then add them): {new}"
