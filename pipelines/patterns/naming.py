"""Pattern names that read as titles: the topic a cluster's entries share ("Running", "Money and the
move"), the people they are about ("Hannah and Mum") or a noun phrase they repeat ("Car insurance").

The two top c-TF-IDF words made "Mile & Ran", "Bev & Held" (a person and a verb) and "Car &
Insurance" (a card about rent, the deposit and the move) on tours. Here every candidate is a topic of
the list below, a name the journal writes as a person (`pipelines.themes.known_people`), or a phrase
the entries repeat whose last word the journals write as a noun ("the photo", never "the held"). A
candidate is scored by how many of the cluster's entries it covers times how few others it covers,
so a topic all the journal shares does not name one cluster of it."""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from pipelines.language import NUMBER_WORDS
from pipelines.themes import CORPUS, known_people, people_in, recurring_themes

# Everyday topics with the words that put an entry under one. A phrase of these words ("car
# insurance", "10 miles") counts for its topic, which names the thread better than the phrase.
TOPICS: dict[str, tuple[str, ...]] = {
    "running": ("run", "runs", "ran", "running", "runner", "mile", "miles", "marathon", "5k", "10k", "jog",
                "jogging", "parkrun", "long run"),
    "exercise": ("gym", "workout", "yoga", "swim", "swimming", "cycled", "cycling", "squats", "pull-up", "exercise",
                 "exercises", "fitness", "fitter", "hiked", "stretching", "strength"),
    "sleep": ("sleep", "slept", "asleep", "insomnia", "awake", "nap", "alarm", "woke", "bedtime"),
    "money": ("money", "rent", "deposit", "savings", "saving", "budget", "debt", "bill", "bills", "insurance",
              "payday", "pay", "paid", "costs", "afford", "loan", "overdraft", "salary", "paycheck", "mortgage",
              "expenses", "spending", "bank", "account"),
    "the move": ("movers", "moving house", "moving costs", "flat", "flats", "lease", "landlord", "removals",
                 "packing", "boxes", "new place", "old place"),
    "the job search": ("cv", "interview", "interviews", "interviewing", "recruiter", "job offer", "job postings",
                       "job application", "job applications", "job hunt", "job hunting", "job search"),
    "work": ("work", "job", "jobs", "office", "meeting", "meetings", "manager", "boss", "client", "deadline", "colleague",
             "colleagues", "team", "launch", "report", "shift", "shifts"),
    "health": ("doctor", "gp", "hospital", "surgery", "scan", "physio", "appointment", "blood test",
               "medication", "consultant"),
    "school": ("school", "homework", "teacher", "teachers", "exam", "exams", "revision", "coursework", "essay"),
    "writing": ("writing", "novel", "poem", "poems", "draft", "story", "chapter", "screenplay", "writer"),
    "art": ("drawing", "drawings", "draw", "painted", "painting", "sketchbook", "pottery", "clay", "art",
            "artists", "museum", "collages"),
    "music": ("guitar", "piano", "song", "songs", "band", "gig", "melody", "chorus", "bass"),
}
_TOPIC_PATTERNS = {t: re.compile(r"\b(?:" + "|".join(re.escape(w) for w in words) + r")\b", re.IGNORECASE)
                   for t, words in TOPICS.items()}
# A phrase's last word after one of these is written as a noun; after one of the others, as a verb.
_NOUN_BEFORE = re.compile(r"\b(?:the|a|an|my|our|your|his|their|this|these|those|some|every)\s+([a-z]+)\b")
_VERB_BEFORE = re.compile(r"\b(?:i|we|you|they|he|she|to|will|ll|not|didn|don|can|could|would|should)\s+([a-z]+)\b")
# The name of a card no topic, person or phrase names: there is no topic to say.
FALLBACK_NAME = "Recurring thoughts"
# A second name joins the first when it describes the cluster almost as well ("Hannah and Mum").
JOIN_SCORE = 0.5


@dataclass
class _Candidate:
    title: str  # as a title: "The move", "Hannah"
    inline: str  # inside a sentence: "the move", "Hannah"
    rank: int  # on a tie: a person, then a phrase, then a topic (the more specific first)
    covers: frozenset[int]  # indices of the journal's texts it is in


@functools.cache
def _corpus_usage() -> tuple[Counter, Counter]:
    """How often the dev corpus writes each word as a noun and as a verb (see `_NOUN_BEFORE`)."""
    nouns, verbs = Counter(), Counter()
    try:
        for line in CORPUS.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text", "").lower()
                nouns.update(_NOUN_BEFORE.findall(text))
                verbs.update(_VERB_BEFORE.findall(text))
    except (OSError, ValueError):
        pass
    return nouns, verbs


def is_noun(word: str, texts: Sequence[str]) -> bool:
    """The journals write `word` (or its plural) after a determiner at least as often as after a
    subject or "to": "photo", "port"; not "held", "sort", "online"."""
    corpus_nouns, corpus_verbs = _corpus_usage()
    forms = {word.lower(), word.lower() + "s"}
    own = " ".join(texts).lower()
    nouns = sum(corpus_nouns[f] for f in forms) + sum(w in forms for w in _NOUN_BEFORE.findall(own))
    verbs = sum(corpus_verbs[f] for f in forms) + sum(w in forms for w in _VERB_BEFORE.findall(own))
    return nouns > 0 and nouns >= verbs


def _phrase_pattern(words: Sequence[str]) -> re.Pattern[str]:
    return re.compile(r"\b" + r"\s+".join(re.escape(w) + r"(?:s|es|'s|’s)?" for w in words) + r"\b", re.IGNORECASE)


@dataclass
class _Entry:
    id: str
    content: str


def _candidates(texts: Sequence[str], members: Sequence[int], people: Sequence[str]) -> list[_Candidate]:
    found: list[_Candidate] = []
    named = [set(people_in(t, people)) for t in texts]
    for person in people:
        found.append(_Candidate(person, person, 0, frozenset(i for i, n in enumerate(named) if person in n)))
    lowered_people = {p.lower() for p in people}
    member_texts = [texts[i] for i in members]
    for theme in recurring_themes([_Entry(str(i), texts[i]) for i in members], limit=12):
        words = theme.name.split()
        if (any(w.lower().removesuffix("'s") in lowered_people for w in words) or NUMBER_WORDS & set(theme.key)
                or any(p.search(theme.name) for p in _TOPIC_PATTERNS.values())
                or not is_noun(theme.key[-1], member_texts)):
            continue  # a person or a topic has its own candidate; a verb names no thread
        pattern = _phrase_pattern(words)
        found.append(_Candidate(theme.title, theme.name, 1,
                                frozenset(i for i, t in enumerate(texts) if pattern.search(t))))
    for topic, pattern in _TOPIC_PATTERNS.items():
        found.append(_Candidate(topic[0].upper() + topic[1:], topic, 2,
                                frozenset(i for i, t in enumerate(texts) if pattern.search(t))))
    return found


def _score(candidate: _Candidate, members: frozenset[int]) -> float:
    inside = len(candidate.covers & members)
    return inside / len(members) * inside / len(candidate.covers) if inside >= 2 else 0.0


def name_clusters(texts: Sequence[str], labels: Sequence[int], *, max_parts: int = 2) -> dict[int, str]:
    """A title for each cluster (label != -1), largest cluster first; no two clusters share one."""
    people = known_people(list(texts))
    sizes = Counter(int(label) for label in labels if label != -1)
    names: dict[int, str] = {}
    for c in sorted(sizes, key=lambda c: (-sizes[c], c)):
        members = frozenset(i for i, label in enumerate(labels) if label == c)
        scored = sorted(((s, cand) for cand in _candidates(texts, sorted(members), people)
                         if (s := _score(cand, members)) > 0), key=lambda sc: (-sc[0], sc[1].rank, sc[1].title))
        options = []
        for i, (score, lead) in enumerate(scored):
            joined = [f"{lead.title} and {other.inline}" for s, other in scored[i + 1:]
                      if max_parts >= 2 and s >= JOIN_SCORE and other.covers != lead.covers]
            options += joined[:1] + [lead.title] + joined[1:] if score >= JOIN_SCORE else [lead.title] + joined
        names[c] = next((o for o in options if o not in names.values()), "")
    return names
