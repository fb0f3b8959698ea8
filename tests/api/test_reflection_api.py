"""Self Analysis, real-time prompts and the personal story through the API, on a small realistic
journal: every Self Analysis claim cites two or more of the user's entries under a title in their
own words; no ordinary word becomes a person; the story's mood mix is the stored moods; its
Concrete Actions are open, recent tasks (never completed or stale ones), each with its entry."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tests.support.dates import day
from tests.support.journal import regenerated_profile, wait_until_analysed, write_entry

# (days ago, text): a teacher doing up a loft, in her own voice.
JOURNAL = [
    (40, ("Renewed nothing, fixed nothing. The car insurance letter is still on the hall table and the loft "
         "conversion quote came in twice what we hoped. Lay awake doing sums.")),
    (12, ("First week back with my class. I lay awake worrying about the loft conversion and whether the builders "
         "will actually turn up on Monday.")),
    (10, ("The builders finally started on the loft conversion. Dust everywhere. I keep promising myself I'll "
         "sleep before midnight and then I'm marking until one.")),
    (8, ("Shattered. Parents' evening ran late and I didn't sleep before midnight again. Dan made soup, which was "
        "kind of him.")),
    (5, ("The loft conversion has a floor now! Stood up there with Dan and pictured a reading corner. Went to bed "
        "at eleven and it felt amazing.")),
    (3, "Managed to sleep before midnight three nights running. The class was calmer today and so was I."),
    (1, "Dan surprised me with a tiny bookshelf for the loft conversion. I love him so much it's ridiculous."),
]


@pytest.fixture
def journal(ana):
    """The entries, analysed (their moods stored), oldest first, as GET /api/journal lists them."""
    analysed = []
    for days_ago, content in JOURNAL:
        entry = write_entry(ana, content, day(days_ago))
        analysed.append(wait_until_analysed(ana, entry["id"]))
    return analysed


def test_self_analysis_cites_two_entries_per_claim_under_the_users_own_phrases(ana, journal):
    by_id = {e["id"]: e for e in journal}
    text = " ".join(c for _, c in JOURNAL).lower()
    body = ana.post("/api/openai/generate-summary", json={"entryIds": list(by_id)})
    assert body.status_code == 200, body.text
    analysis = body.json()["analysis"]
    titles = [p["title"].lower() for p in analysis["patterns"]]
    assert any("loft conversion" in t for t in titles) and "sleep before midnight" in titles, titles
    claims = [item for tab in ("patterns", "connections", "growth", "reflections") for item in analysis[tab]]
    assert claims
    for item in claims:
        cited = {s["id"] for s in item["sources"]}
        assert len(cited) >= 2, item
        for source in item["sources"]:
            assert source["date"] == by_id[source["id"]]["date"]  # ids and dates of the user's entries
    for item in analysis["patterns"]:
        assert item["title"].lower() in text and "&" not in item["title"]
        first, last = item["sources"][0]["date"], item["sources"][-1]["date"]
        assert f"from {first} to {last}" in item["description"]
    # Growth compares the halves by the moods the entries show, so it agrees with them.
    overall = analysis["growth"][0]
    moods = [by_id[s["id"]]["mood"]["text"] for s in overall["sources"]]
    half = len(moods) // 2
    for mood, count in Counter(moods[:half]).items():
        assert f"{mood} {count}" in overall["description"].split("Recently")[0]
    for mood, count in Counter(moods[half:]).items():
        assert f"{mood} {count}" in overall["description"].split("Recently")[1]


ORDINARY_OPENINGS = ["Email", "Call", "Work", "Coffee", "Running", "Meeting", "Sleep", "Grateful", "Lunch", "Gym",
                     "Laundry", "Therapy", "Traffic", "Budget", "Pharmacy", "Groceries", "Payday", "Overslept"]


def test_no_ordinary_word_becomes_a_person_and_known_people_do(ana, journal):
    for word in ORDINARY_OPENINGS:
        text = f"{word} first, then marking.\n{word} again tomorrow: {word} is all I think about."
        prompts = ana.post("/api/openai/real-time-prompts", json={"text": text}).json()["prompts"]
        assert not [p for p in prompts if p["type"] == "person"], (word, prompts)
    # Dan is someone this user has written about: even opening a sentence, he is a person.
    prompts = ana.post("/api/openai/real-time-prompts",
                       json={"text": "Dan cooked again tonight and I barely noticed."}).json()["prompts"]
    assert [p["context"] for p in prompts if p["type"] == "person"] == ["Dan"]


def test_a_task_keeps_coming_back_only_when_earlier_entries_name_it(ana, journal):
    """A tour saw "“Pay rent” keeps coming back" after one mention two days before."""
    def blindspots(task: str) -> list[dict]:
        body = {"text": f"Tonight I will {task.lower()}, I promise.", "context": {"existingTasks": [task]}}
        prompts = ana.post("/api/openai/real-time-prompts", json=body).json()["prompts"]
        return [p for p in prompts if p["type"] == "blindspot"]

    assert blindspots("Sleep before midnight")  # in three earlier entries
    assert not blindspots("Call the insurer")  # written only now


def test_personal_story_mood_mix_and_concrete_actions(ana, journal):
    old, recent, latest = journal[0], journal[-2], journal[-1]
    tasks = {}
    for name, entry, text in (("stale", old, "Renew the car insurance"),
                              ("done", latest, "Order the loft insulation"),
                              ("open", recent, "Book the electrician for the loft")):
        created = ana.post("/api/tasks", json={"text": text, "entryId": entry["id"]})
        assert created.status_code == 201, created.text
        tasks[name] = created.json()
    assert ana.patch(f"/api/tasks/{tasks['done']['id']}/complete", json={"completed": True}).status_code == 200

    profile = regenerated_profile(ana)
    story = profile["fullProfile"]
    # The mood mix is the moods the journal shows, entry for entry.
    shown = Counter(e["mood"]["text"] for e in journal)
    mix = re.search(r"Your moods: (.+) \(of (\d+) entries\)", story)
    assert mix and int(mix.group(2)) == len(journal)
    assert {m: int(n) for m, n in re.findall(r"(\w+) (\d+)", mix.group(1))} == dict(shown)
    top = shown.most_common(1)[0][1]
    assert f"({top} of {len(journal)}" in profile["shortSummary"]
    # Concrete Actions: the open recent task with its entry's date; never the completed or stale one.
    actions = story.split("**Concrete Actions**:")[1].strip().splitlines()
    assert len(actions) == 5
    assert any(a.endswith(f"Book the electrician for the loft (from {recent['date']})") for a in actions), actions
    assert not any("loft insulation" in a or "car insurance" in a for a in actions), actions
    assert recent["id"] in profile["sourceEntryIds"]
    # A recurring thread, with its entries' dates.
    thread = re.search(r"- (?:The )?[Ll]oft conversion: (\d+) entries \(([^)]+)\)", story)
    assert thread and int(thread.group(1)) >= 2
    for entry in journal:
        if "loft conversion" in entry["content"].lower():
            assert entry["date"] in thread.group(2)
