"""A long, already analysed journal, written straight into the database (thousands of entries in
seconds, where the API would analyse each one): realistic lengths, a mood, a summary, related
goals and projects, and what an analysis draws from entries (tasks, goals, saved insights), so a
page of the entry list is as heavy as a real one. Used by the paging tests, the long-journal
benchmark and the long-journal browser test."""

from __future__ import annotations

import random
import uuid
from datetime import UTC, date, datetime, timedelta

import sqlalchemy as sa
from sqlalchemy.orm import Session

from models import Goal, Insight, JournalEntry, Task
from tests.benchmarks.corpus import GOALS, PROJECTS, sentences

MOODS = [("😊", "Happy"), ("😌", "Calm"), ("😔", "Sad"), ("😤", "Frustrated"), ("🤔", "Reflective"),
         ("😴", "Tired"), ("🥰", "Grateful"), ("😟", "Anxious")]


def seed_journal(database_url: str, user_id: str | uuid.UUID, count: int, *, last_day: date | None = None,
                 seed: int = 17) -> list[uuid.UUID]:
    """`count` analysed entries for the user, one or two a day back from `last_day` (today), with
    tasks (most entries), goals (one in six) and insights (one in four). Returns the entry ids,
    newest first (the order GET /api/journal lists them in)."""
    rng = random.Random(seed)
    owner = uuid.UUID(str(user_id))
    pool = sentences(600, seed=seed)
    day = last_day or datetime.now(UTC).date()
    written = datetime.now(UTC) - timedelta(minutes=count)
    rows: list[object] = []
    entries: list[JournalEntry] = []
    for index in range(count):
        if index and rng.random() < 0.7:
            day -= timedelta(days=1)
        content = " ".join(rng.choice(pool) for _ in range(rng.randint(6, 16)))  # ~500-1,500 characters
        emoji, text = rng.choice(MOODS)
        created = written - timedelta(minutes=index)
        entry = JournalEntry(
            id=uuid.uuid4(), user_id=owner, content=content, entry_date=day, entry_time=created.strftime("%H:%M"),
            location=rng.choice(["Location unknown", "Lisbon", "Home", "The office"]),
            mood={"emoji": emoji, "text": text}, summary=" ".join(rng.choice(pool) for _ in range(2)),
            related_goals=rng.sample(GOALS, rng.randint(0, 2)), related_projects=rng.sample(PROJECTS, rng.randint(0, 2)),
            timestamp=int(datetime(day.year, day.month, day.day, 9, tzinfo=UTC).timestamp()),
            analysis_state="done", analysed_version=1, analysis_provider="local", summarised_length=len(content),
            created_at=created, updated_at=created,
        )
        entries.append(entry)
        rows.append(entry)
        for _ in range(rng.choice((0, 1, 1, 2))):
            rows.append(Task(user_id=owner, entry_id=entry.id, text=rng.choice(pool)[:120], timeframe="week",
                             priority=rng.choice(["high", "medium", "low"]), created_at=created))
        if index % 6 == 0:
            rows.append(Goal(user_id=owner, entry_id=entry.id, text=rng.choice(GOALS), created_at=created))
        if index % 4 == 0:
            rows.append(Insight(user_id=owner, entry_id=entry.id, text=rng.choice(pool), type="insight",
                                short_title="A pattern", source_entry_ids=[str(entry.id)], created_at=created))
    ids = [entry.id for entry in entries]  # newest day first, and within a day newest written first
    engine = sa.create_engine(database_url, poolclass=sa.pool.NullPool)
    try:
        with Session(engine, expire_on_commit=False) as session:
            session.add_all(entries)
            session.flush()
            session.add_all([row for row in rows if not isinstance(row, JournalEntry)])
            session.commit()
    finally:
        engine.dispose()
    return ids
