"""Explore Further: resources from the curated catalogue shipped with the app
(`pipelines/data/resources.json`: real, well-known public resources with https URLs). Nothing is
generated, whichever AI provider is configured: a resource is either in the catalogue or not shown.

`explore` matches the text's topic words to each resource's tags first and uses the mood and the
meaning only to order what matches: by meaning alone, a running thread got "Couch to 5K" and "Inside
the mind of a master procrastinator", and a thread about a sister and a mother's surgery got "Sleep
and tiredness" from the mood "tired" (tours). No resource is better than an off-topic one.
"""

from __future__ import annotations

import json
import re
import threading
from functools import lru_cache

import msgspec
import numpy as np

from pipelines.embeddings import embed
from pipelines.patterns.config import DATA_DIR
from pipelines.patterns.naming import TOPICS
from pipelines.patterns.steps import STOP_WORDS, singular

CATALOGUE_PATH = DATA_DIR / "resources.json"
RESOURCE_TYPES = ("article", "video", "book", "course", "tool", "other")
MAX_RESOURCES = 3
# Below this cosine a resource is not about the text (measured: unrelated texts score < 0.2 on
# the catalogue; on-topic ones 0.35 and more).
MIN_SIMILARITY = 0.25
_lock = threading.Lock()


class Resource(msgspec.Struct, kw_only=True):
    type: str
    title: str
    description: str
    url: str


class _Entry(Resource, kw_only=True):
    tags: str = ""


@lru_cache(maxsize=1)
def catalogue() -> tuple[Resource, ...]:
    data = json.loads(CATALOGUE_PATH.read_text())
    entries = [msgspec.convert(item, _Entry) for item in data["resources"]]
    for entry in entries:
        if entry.type not in RESOURCE_TYPES or not entry.url.startswith("https://"):
            raise ValueError(f"catalogue entry {entry.title!r}: bad type or a URL that is not https")
    return tuple(entries)


@lru_cache(maxsize=1)
def _vectors() -> np.ndarray:
    with _lock:
        return embed([f"{r.title}. {r.description} {getattr(r, 'tags', '')}" for r in catalogue()])


def find_resources(text: str, *, limit: int = MAX_RESOURCES, min_similarity: float = MIN_SIMILARITY) -> list[Resource]:
    """The catalogue's resources closest in meaning to `text`, best first; none when nothing is close."""
    if not text.strip():
        return []
    scores = _vectors() @ embed([text])[0]
    order = np.argsort(-scores, kind="stable")
    return [Resource(type=catalogue()[i].type, title=catalogue()[i].title,
                     description=catalogue()[i].description, url=catalogue()[i].url)
            for i in order[:limit] if scores[i] >= min_similarity]


# The tag each everyday topic (`naming.TOPICS`) adds, so "ran 8 miles" meets "running" and "rent"
# meets "money"; and the people that make a text about family.
_TOPIC_TAGS = {"running": "running", "exercise": "exercise", "sleep": "sleep", "money": "money",
               "the move": "moving", "the job search": "career", "work": "work", "health": "health",
               "school": "study", "writing": "writing", "art": "art", "music": "music"}
_TOPIC_PATTERNS = {tag: re.compile(r"\b(?:" + "|".join(re.escape(w) for w in TOPICS[t]) + r")\b", re.IGNORECASE)
                   for t, tag in _TOPIC_TAGS.items()}
_FAMILY = frozenset("mum mom mother dad father sister brother parent grandma grandad nan gran granny son daughter "
                    "aunt uncle cousin".split())
# How a text feels, not what it is about: these only order resources that share a topic word.
MOOD_WORDS = frozenset("happy sad angry anxious anxiety loving tired exhausted exhaustion fatigue stress stressed "
                       "worry worried overwhelmed lonely calm low mood upset scared nervous".split())
# The words of the app's own insight and pattern texts ("3 related entries, most distinctive words").
_FRAME_WORDS = frozenset("entry related distinctive word came wrote felt insight pattern".split())
_WORD = re.compile(r"[a-z][a-z'-]*|\d+k\b")


def terms(text: str) -> frozenset[str]:
    """A text's words (singular, no stop words) and the topic tags they add."""
    lowered = text.lower().replace("’", "'")
    words = {singular(w.removesuffix("'s").strip("'-")) for w in _WORD.findall(lowered)}
    words -= set(STOP_WORDS) | _FRAME_WORDS
    words |= {tag for tag, pattern in _TOPIC_PATTERNS.items() if pattern.search(text)}
    if words & _FAMILY:
        words.add("family")
    return frozenset(w for w in words if w)


@lru_cache(maxsize=1)
def _tags() -> tuple[frozenset[str], ...]:
    return tuple(terms(getattr(r, "tags", "")) for r in catalogue())


def explore(text: str, *, limit: int = MAX_RESOURCES, min_similarity: float | None = None,
            within: frozenset[str] | None = None) -> list[Resource]:
    """Up to `limit` resources about the text's topic: those sharing the most topic words with it
    (and any sharing two), ordered by shared mood words, then meaning. A text only about a feeling
    ("3 of these 5 entries felt tired") is matched by its mood words; any other text that shares no
    topic word with a resource gets none. With `min_similarity`, a resource must also be that close
    in meaning (one shared word, "long" in "a long day on the forecast", is no shared topic); with
    `within`, it must have one of those tags (a career part's resources are about work)."""
    if not text.strip():
        return []
    words = terms(text)
    topical, moods = words - MOOD_WORDS, words & MOOD_WORDS
    hits = [(len(topical & tags), len(moods & tags)) if within is None or tags & within else (0, 0)
            for tags in _tags()]
    best = max((t for t, _ in hits), default=0)
    if best:
        keep = [i for i, (t, _) in enumerate(hits) if t == best or t >= 2]
    elif not topical:
        keep = [i for i, (_, m) in enumerate(hits) if m]
    else:
        keep = []
    if not keep:
        return []
    scores = _vectors() @ embed([text])[0]
    if min_similarity is not None:
        keep = [i for i in keep if scores[i] >= min_similarity]
    keep.sort(key=lambda i: (-hits[i][0], -hits[i][1], -float(scores[i])))
    return [Resource(type=catalogue()[i].type, title=catalogue()[i].title, description=catalogue()[i].description,
                     url=catalogue()[i].url) for i in keep[:limit]]
