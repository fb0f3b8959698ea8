"""Journal-like entries for the benchmarks, generated deterministically from templates.

Each entry is 1 to 6 sentences drawn from kinds a journal mixes (how the day went, a feeling, a
task, a goal, a project, a reflection, an event with someone), with slots filled from small word
lists. The same seed gives the same entries on every machine; entries are distinct, so nothing is
cheaper for being a repeat.
"""

from __future__ import annotations

import random

PEOPLE = [
    "my sister",
    "Mum",
    "Dad",
    "my partner",
    "Sam",
    "my manager",
    "the landlord",
    "Grandma",
    "my best friend",
    "a colleague",
    "the neighbours",
    "my brother",
    "the kids",
    "Priya",
    "Tom",
    "the dentist",
]
PLACES = [
    "the park",
    "the office",
    "the café on the corner",
    "the gym",
    "the beach",
    "the library",
    "home",
    "the market",
    "my parents' house",
    "the train",
    "the hospital",
    "the river path",
]
ACTIVITIES = [
    "a long walk",
    "yoga",
    "a run",
    "cooking dinner",
    "reading",
    "a bike ride",
    "painting",
    "gardening",
    "a swim",
    "practising guitar",
    "a board game night",
    "baking bread",
]
THINGS = [
    "the rent",
    "the leaking tap",
    "my passport",
    "the car insurance",
    "the quarterly report",
    "the tax return",
    "the broken laptop",
    "the birthday present",
    "the school forms",
    "the flight booking",
    "the dentist appointment",
    "the electricity bill",
]
FEELINGS = {
    "happy": ["happy", "grateful", "proud of myself", "light and cheerful", "really content"],
    "sad": ["sad", "low", "lonely", "a bit empty", "disappointed"],
    "angry": ["frustrated", "annoyed", "furious", "fed up", "irritated"],
    "anxious": ["anxious", "worried", "on edge", "stressed", "nervous"],
    "loving": ["full of love", "close to everyone", "warm inside", "so loved"],
    "tired": ["exhausted", "drained", "sleepy", "worn out", "tired"],
}
TIMES = [
    "this morning",
    "after lunch",
    "in the afternoon",
    "this evening",
    "tonight",
    "at dawn",
    "around noon",
]
DEADLINES = ["today", "tomorrow", "before Friday", "by the weekend", "next week", "by Monday", "this month"]
GOALS = [
    "run a half marathon",
    "learn Spanish",
    "read twenty books",
    "meditate every morning",
    "save for a trip",
    "get better at drawing",
    "sleep before eleven",
    "write more often",
    "cook at home more",
    "learn to swim",
]
PROJECTS = [
    "a podcast about local history",
    "the garden shed",
    "a small website for the choir",
    "the family photo album",
    "a quilt for the baby",
    "the kitchen renovation",
    "an app to track habits",
    "a short story collection",
]

SENTENCES = [
    "Woke up {time_word} and went to {place}.",
    "Spent {span} at {place} with {person}.",
    "I feel {feeling} {time}.",
    "Honestly I have been feeling {feeling} since {person} called.",
    "I need to sort out {thing} {deadline}.",
    "Don't forget to call {person} about {thing}.",
    "I have to finish {thing} {deadline}, it keeps slipping.",
    "My goal this year is to {goal}.",
    "I really want to {goal}, even if it takes a while.",
    "I'm working on {project} and it is slowly taking shape.",
    "Started {project} this weekend.",
    "{activity_cap} at {place} helped me clear my head.",
    "{person_cap} and I talked for hours about everything and nothing.",
    "The weather was grey and the day felt long.",
    "Work was busy, meetings back to back, and I barely had lunch.",
    "I keep thinking about what {person} said yesterday.",
    "Tonight I just want to rest and do nothing at all.",
    "It was one of those days where everything went right.",
    "Had {activity} {time} and felt {feeling} afterwards.",
    "Maybe someday I will {goal}.",
    "I'm {feeling} about {thing}, it has been on my mind all week.",
    "Note to self: be kinder to yourself when plans change.",
]


def _fill(template: str, rng: random.Random) -> str:
    mood = rng.choice(list(FEELINGS))
    person, activity = rng.choice(PEOPLE), rng.choice(ACTIVITIES)
    return template.format(
        time_word=rng.choice(["early", "late", "before the alarm", "at six"]),
        place=rng.choice(PLACES),
        person=person,
        person_cap=person[:1].upper() + person[1:],
        feeling=rng.choice(FEELINGS[mood]),
        time=rng.choice(TIMES),
        span=rng.choice(["the afternoon", "the morning", "an hour", "the evening", "the whole day"]),
        thing=rng.choice(THINGS),
        deadline=rng.choice(DEADLINES),
        goal=rng.choice(GOALS),
        project=rng.choice(PROJECTS),
        activity=activity,
        activity_cap=activity[:1].upper() + activity[1:],
    )


def journal_entries(count: int, *, seed: int = 20240601) -> list[str]:
    """`count` distinct entries of 1-6 sentences (lengths weighted toward 2-4, as journals are)."""
    rng = random.Random(seed)
    entries: list[str] = []
    seen: set[str] = set()
    while len(entries) < count:
        sentences = rng.choices([1, 2, 3, 4, 5, 6], weights=[10, 20, 25, 20, 15, 10])[0]
        text = " ".join(_fill(rng.choice(SENTENCES), rng) for _ in range(sentences))
        if text not in seen:
            seen.add(text)
            entries.append(text)
    return entries


def sentences(count: int, *, seed: int = 7) -> list[str]:
    """`count` distinct single sentences (the raw material for the vector-search benchmark)."""
    rng = random.Random(seed)
    found: list[str] = []
    seen: set[str] = set()
    attempts = 0
    while len(found) < count and attempts < count * 50:
        attempts += 1
        text = _fill(rng.choice(SENTENCES), rng)
        if text not in seen:
            seen.add(text)
            found.append(text)
    return found
