"""Explore Further: resources chosen by meaning from the curated catalogue shipped with the app
(`pipelines/data/resources.json`: real, well-known public resources with https URLs). Nothing is
generated, whichever AI provider is configured: a resource is either in the catalogue or not shown.
"""

from __future__ import annotations

import json
import threading
from functools import lru_cache

import msgspec
import numpy as np

from pipelines.embeddings import embed
from pipelines.mood.model import DATA_DIR

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
