"""The three weekly-focus domains, and which one a sentence of the journal belongs to.

The spec's keyword rule (`task_type`: work, job, career, client, professional -> professional;
admin, paperwork, organize, clean, maintain, file, appointment -> administrative; otherwise
personal) decides first. A sentence without those words is placed by meaning: its embedding is
compared with a few descriptions of each domain (all-MiniLM-L6-v2, cosine). Professional and
administrative need a clear match; personal is the default, as in the spec, but a sentence must
still be about something (OFF_TOPIC_BELOW) to count as journal material for any domain.
"""

from __future__ import annotations

import functools
from typing import Literal

import numpy as np

from pipelines.highlights import task_type

Domain = Literal["personal", "professional", "administrative"]
DOMAINS: tuple[Domain, ...] = ("personal", "professional", "administrative")

# What each domain is about, in journal words; a domain's vector is the mean of these, normalised.
DESCRIPTIONS: dict[Domain, tuple[str, ...]] = {
    "personal": (
        "my health, sleep, exercise and how I feel",
        "time with my family, friends and partner",
        "my hobbies, rest and self-care",
        "my feelings, relationships and personal growth",
        "sport, running, training and fitness",
        "learning new skills, music, reading and cooking",
    ),
    "professional": (
        "my work, my job and my career",
        "my boss, colleagues, clients and meetings",
        "deadlines, projects and presentations at the office",
        "professional skills and promotion at work",
    ),
    "administrative": (
        "paperwork, forms, bills and taxes",
        "insurance, the bank, renewing documents and contracts",
        "booking appointments with the doctor, dentist or the council",
        "cleaning, organizing and repairs around the house",
    ),
}
# A sentence is professional or administrative by meaning when that domain's similarity is at
# least OTHER_DOMAIN_MIN and beats personal's by OTHER_DOMAIN_MARGIN. Measured on sample journal
# sentences: work and paperwork sentences score 0.25-0.5 for their domain, others below 0.2.
OTHER_DOMAIN_MIN = 0.25
OTHER_DOMAIN_MARGIN = 0.05
# Below this similarity to every domain a sentence is small talk ("Rainy day."), no material.
OFF_TOPIC_BELOW = 0.12


@functools.cache
def domain_vectors() -> dict[Domain, np.ndarray]:
    """Each domain's description vector (L2-normalised), computed once per process."""
    from pipelines.embeddings import embed

    vectors = {}
    for domain, texts in DESCRIPTIONS.items():
        mean = embed(list(texts)).mean(axis=0)
        vectors[domain] = (mean / np.linalg.norm(mean)).astype(np.float32)
    return vectors


def domain_of(text: str, vector: np.ndarray, *, intention: bool = False) -> tuple[Domain | None, float]:
    """The domain `text` belongs to and how strongly (its cosine to that domain), or (None, score)
    for a sentence about nothing in particular. A sentence stating an `intention` of the writer is
    always about something: personal unless it is clearly another domain."""
    vectors = domain_vectors()
    scores = {d: float(np.dot(vector, v)) for d, v in vectors.items()}
    by_keyword = task_type(text)
    if by_keyword != "personal":
        return by_keyword, max(scores[by_keyword], OTHER_DOMAIN_MIN)
    other = max(("professional", "administrative"), key=lambda d: scores[d])
    if scores[other] >= OTHER_DOMAIN_MIN and scores[other] >= scores["personal"] + OTHER_DOMAIN_MARGIN:
        return other, scores[other]
    if max(scores.values()) < OFF_TOPIC_BELOW and not intention:
        return None, scores["personal"]
    return "personal", scores["personal"]
