"""What a weekly-focus suggestion is grounded in: one user's journal, read for one domain.

`gather(session, user_id, domain, today)` reads, for that user only:
- the recent entries (the last RECENT_DAYS days, at most RECENT_ENTRIES; the latest entries when
  there are none that recent), ranked by pgvector in the database: the cosine similarity of each
  entry's stored embedding to the domain's description vector, blended with recency; the best
  CANDIDATE_ENTRIES are then read sentence by sentence, and each sentence is placed in a domain;
- the user's goals and projects, each placed in a domain by its text;
- the open tasks, and the tasks completed this week (the last seven days), which a suggestion
  must never repeat, plus every completed task (an intention already done is no suggestion).

The result (`FocusMaterial`) is plain data: the local suggester and the OpenAI prompt read it, a
notebook can build one by hand.
"""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta
from typing import Any

import msgspec
import numpy as np
import sqlalchemy as sa
from sqlalchemy.orm import Session, undefer

from models import Goal, JournalEntry, Project, Task
from models.dates import format_entry_date
from pipelines.weekly_focus.domains import domain_of, domain_vectors

RECENT_DAYS = 60
RECENT_ENTRIES = 40
CANDIDATE_ENTRIES = 8
# "This week" for tasks completed: the last seven days, as the weekly quotas count them.
WEEK = timedelta(days=7)
# An entry's recency weight halves every RECENCY_HALF_LIFE_DAYS days.
RECENCY_HALF_LIFE_DAYS = 14
MAX_SENTENCE_CHARS = 400


class FocusSentence(msgspec.Struct, kw_only=True):
    text: str
    score: float  # cosine similarity to the domain


class FocusEntry(msgspec.Struct, kw_only=True):
    id: str
    day: date
    content: str
    mood: str | None = None  # the mood text its analysis found (Happy, Anxious, ...)
    similarity: float = 0.0  # the entry embedding's cosine to the domain (pgvector)
    sentences: list[FocusSentence] = msgspec.field(default_factory=list)  # the domain's sentences

    @property
    def date(self) -> str:
        return format_entry_date(self.day)


class FocusItem(msgspec.Struct, kw_only=True):
    """A goal or a project of the domain, with the entry it came from when there is one."""

    kind: str  # "goal" | "project"
    text: str
    entry_id: str | None = None
    day: date | None = None  # the entry's date, else when the item was made


class FocusMaterial(msgspec.Struct, kw_only=True):
    domain: str
    today: date
    entries: list[FocusEntry] = msgspec.field(default_factory=list)  # best first
    goals: list[FocusItem] = msgspec.field(default_factory=list)
    projects: list[FocusItem] = msgspec.field(default_factory=list)
    open_tasks: list[str] = msgspec.field(default_factory=list)
    done_this_week: list[str] = msgspec.field(default_factory=list)
    done_before: list[str] = msgspec.field(default_factory=list)

    @property
    def has_material(self) -> bool:
        """Does the journal hold anything for the domain?"""
        return bool(self.goals or self.projects or any(e.sentences for e in self.entries))

    def entry(self, entry_id: str | None) -> FocusEntry | None:
        return next((e for e in self.entries if e.id == entry_id), None)


def recency_weight(day: date, today: date) -> float:
    return float(0.5 ** (max((today - day).days, 0) / RECENCY_HALF_LIFE_DAYS))


def gather(s: Session, user_id: uuid.UUID, domain: str, today: date | None = None) -> FocusMaterial:
    from pipelines.embeddings import embed
    from pipelines.highlights import extract_highlights, split_sentences

    today = today or datetime.now(UTC).date()
    material = FocusMaterial(domain=domain, today=today)
    vector = domain_vectors()[domain]  # type: ignore[index]

    # Recent entries, each with its similarity to the domain computed by pgvector.
    similarity = (1 - JournalEntry.embedding.cosine_distance(vector.tolist())).label("similarity")
    recent = (
        sa.select(JournalEntry.id, JournalEntry.entry_date, JournalEntry.content, JournalEntry.mood, similarity)
        .where(JournalEntry.user_id == user_id, JournalEntry.embedding.is_not(None))
        .order_by(JournalEntry.entry_date.desc(), JournalEntry.created_at.desc())
        .limit(RECENT_ENTRIES)
    )
    rows = s.execute(recent.where(JournalEntry.entry_date >= today - timedelta(days=RECENT_DAYS))).all()
    if not rows:
        rows = s.execute(recent).all()
    ranked = sorted(rows, key=lambda r: -(float(r.similarity or 0) + 0.25 * recency_weight(r.entry_date, today)))
    entries = [
        FocusEntry(id=str(r.id), day=r.entry_date, content=r.content, mood=(r.mood or {}).get("text"),
                   similarity=float(r.similarity or 0))
        for r in ranked[:CANDIDATE_ENTRIES]
    ]
    sentences = [(e, text) for e in entries for text in split_sentences(e.content) if len(text.split()) >= 3]
    if sentences:
        vectors = embed([text[:MAX_SENTENCE_CHARS] for _, text in sentences])
        for (entry, text), vec in zip(sentences, vectors, strict=True):
            found, score = domain_of(text, vec, intention=bool(extract_highlights(text, today=entry.day)))
            if found == domain:
                entry.sentences.append(FocusSentence(text=text[:MAX_SENTENCE_CHARS], score=score))
    material.entries = entries

    entry_days = dict(s.execute(sa.select(JournalEntry.id, JournalEntry.entry_date)
                                .where(JournalEntry.user_id == user_id)).all())
    items: list[tuple[str, Any]] = [
        ("goal", g) for g in s.scalars(sa.select(Goal).options(undefer(Goal.embedding))
                                       .where(Goal.user_id == user_id).order_by(Goal.created_at.desc()))
    ]
    items += [
        ("project", p) for p in s.scalars(sa.select(Project).options(undefer(Project.embedding))
                                          .where(Project.user_id == user_id, Project.status != "Completed")
                                          .order_by(Project.created_at.desc()))
    ]
    if items:
        texts = [row.text if kind == "goal" else row.name for kind, row in items]
        item_vectors = embed(texts)
        for (kind, row), text, vec in zip(items, texts, item_vectors, strict=True):
            placed, _ = domain_of(text, vec, intention=True)  # a goal or project is an intention
            if kind == "project" and row.type in ("professional", "administrative"):
                placed = row.type
            if placed != domain:
                continue
            item = FocusItem(kind=kind, text=text, entry_id=str(row.entry_id) if row.entry_id else None,
                             day=entry_days.get(row.entry_id) or row.created_at.date())
            (material.goals if kind == "goal" else material.projects).append(item)

    week_ago = datetime.now(UTC) - WEEK
    for task in s.scalars(sa.select(Task).where(Task.user_id == user_id)):
        if not task.completed:
            material.open_tasks.append(task.text)
        elif task.completed_at is not None and task.completed_at >= week_ago:
            material.done_this_week.append(task.text)
        else:
            material.done_before.append(task.text)
    return material


def similar_entries(material: FocusMaterial, text: str, threshold: float = 0.45) -> list[FocusEntry]:
    """The material's entries whose domain sentences say much the same as `text`."""
    from pipelines.embeddings import embed

    pool = [(e, sentence.text) for e in material.entries for sentence in e.sentences]
    if not pool:
        return []
    scores = embed([sentence for _, sentence in pool]) @ embed([text])[0]
    found: dict[str, FocusEntry] = {}
    for (entry, _), score in zip(pool, np.asarray(scores), strict=True):
        if score >= threshold:
            found.setdefault(entry.id, entry)
    return list(found.values())
