"""The search's labelled query set (pipelines/data/eval/search_queries.jsonl) measured on the real
search: each corpus voice becomes one user whose entries are written straight into PostgreSQL with
their embeddings (the model's, as the analysis stores them), and every query goes through the date
phrases and the search the API runs.

Figures per split (`tune`: the voices the search was tuned on; `heldout`: never tuned on):
- recall@5: of the entries a query should find (at most five counted), the share in its first five
  results, averaged over the queries that have any;
- MRR: 1 / the rank of the first entry it should find (0 when none is a result), averaged likewise;
- empty: of the queries no entry is about, the share that found nothing (search is a filter).

`python -m tests.support.search_eval` prints them on a throwaway embedded PostgreSQL;
`--write` records them as "after" in pipelines/data/eval/search_metrics.json ("before": the search
as it was before hybrid retrieval, measured with this harness); the suite's floors read that file.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine

REPO = Path(__file__).resolve().parents[2]
QUERIES = REPO / "pipelines" / "data" / "eval" / "search_queries.jsonl"
METRICS = REPO / "pipelines" / "data" / "eval" / "search_metrics.json"
CORPUS = REPO / "pipelines" / "data" / "journal_corpus" / "dev.jsonl"
RESULTS = 10  # what the search page asks for

# (session, user id, query, today) -> the ids of the entries found, best first
Search = Callable[[AsyncSession, uuid.UUID, str, date], Awaitable[list[uuid.UUID]]]


@dataclass(frozen=True)
class Query:
    id: str
    voice: str
    split: str
    query: str
    relevant: tuple[str, ...]
    today: date


def load_queries(path: Path = QUERIES) -> list[Query]:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [Query(r["id"], r["voice"], r["split"], r["query"], tuple(r["relevant"]), date.fromisoformat(r["today"]))
            for r in rows]


def corpus_voices(voices: set[str]) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = {v: [] for v in voices}
    for line in CORPUS.read_text().splitlines():
        row = json.loads(line)
        if row["voice"] in found:
            found[row["voice"]].append(row)
    return found


def seed_voices(database_url: str, journals: dict[str, list[dict[str, Any]]]) -> tuple[dict[str, uuid.UUID],
                                                                                    dict[uuid.UUID, str]]:
    """One user per voice and its entries (text, date, embedding), analysed as the app stores them.
    Returns each voice's user id and each entry's corpus id."""
    from sqlalchemy.orm import Session

    from models import JournalEntry, User
    from pipelines.embeddings import embed

    users = {voice: uuid.uuid4() for voice in journals}
    rows = [(voice, row) for voice, entries in journals.items() for row in entries]
    vectors = embed([row["text"] for _, row in rows])
    corpus_ids: dict[uuid.UUID, str] = {}
    engine = sa.create_engine(database_url, poolclass=sa.pool.NullPool)
    try:
        with Session(engine) as session:
            session.add_all([User(id=uid, username=voice, email=f"{voice}@example.com", password_hash="-")
                             for voice, uid in users.items()])
            session.flush()
            for (voice, row), vector in zip(rows, vectors, strict=True):
                entry_id = uuid.uuid4()
                corpus_ids[entry_id] = row["id"]
                session.add(JournalEntry(id=entry_id, user_id=users[voice], content=row["text"],
                                         entry_date=date.fromisoformat(row["date"]), embedding=vector.tolist(),
                                         analysis_state="done", analysed_version=1))
            session.commit()
    finally:
        engine.dispose()
    return users, corpus_ids


def _async_url(database_url: str) -> str:
    from api.database import sqlalchemy_url

    return sqlalchemy_url(database_url)


async def _run(database_url: str, queries: list[Query], users: dict[str, uuid.UUID], search: Search,
               ) -> dict[str, list[uuid.UUID]]:
    engine = create_async_engine(_async_url(database_url), poolclass=sa.pool.NullPool)
    found: dict[str, list[uuid.UUID]] = {}
    try:
        async with AsyncSession(engine) as session:
            for query in queries:
                found[query.id] = await search(session, users[query.voice], query.query, query.today)
    finally:
        await engine.dispose()
    return found


def score(queries: list[Query], found: dict[str, list[str]]) -> dict[str, dict[str, float | int]]:
    """recall@5, MRR and the share of empty answers to unanswerable queries, per split and overall."""
    figures: dict[str, dict[str, float | int]] = {}
    for split in ("tune", "heldout", "all"):
        chosen = [q for q in queries if split in ("all", q.split)]
        answerable = [q for q in chosen if q.relevant]
        if not answerable:
            continue
        recall, reciprocal = [], []
        for q in answerable:
            ranked = found[q.id]
            top = set(ranked[:5])
            recall.append(len(top & set(q.relevant)) / min(len(q.relevant), 5))
            rank = next((i for i, entry in enumerate(ranked, 1) if entry in q.relevant), None)
            reciprocal.append(1 / rank if rank else 0.0)
        unanswerable = [q for q in chosen if not q.relevant]
        figures[split] = {
            "queries": len(chosen),
            "recall_at_5": round(sum(recall) / len(recall), 3),
            "mrr": round(sum(reciprocal) / len(reciprocal), 3),
            "empty_when_nothing_is_about_it": round(
                sum(1 for q in unanswerable if not found[q.id]) / len(unanswerable), 3) if unanswerable else None,
            "results_per_query": round(sum(len(found[q.id]) for q in chosen) / len(chosen), 2),
        }
    return figures


def evaluate(database_url: str, search: Search, queries: list[Query] | None = None,
             ) -> tuple[dict[str, dict[str, float | int]], dict[str, list[str]]]:
    """The figures of `search` on the query set (or `queries`), and what each query found."""
    queries = queries or load_queries()
    users, corpus_ids = seed_voices(database_url, corpus_voices({q.voice for q in queries}))
    found = asyncio.run(_run(database_url, queries, users, search))
    named = {qid: [corpus_ids[e] for e in ids] for qid, ids in found.items()}
    return score(queries, named), named


async def app_search(session: AsyncSession, user_id: uuid.UUID, query: str, today: date) -> list[uuid.UUID]:
    """The search GET /api/journal/search runs, on `today`."""
    from api.journal.dates import extract_date_range
    from api.journal.search import find_entries

    text, window = extract_date_range(query, today)
    hits = await find_entries(session, user_id, text, window.start if window else None,
                              window.end if window else None, RESULTS)
    return [entry.id for entry, _ in hits]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="record the figures in search_metrics.json")
    parser.add_argument("--show", help="print what each query of this voice found")
    args = parser.parse_args(argv)
    import pgserver

    from api.database import migrate, sqlalchemy_url

    with tempfile.TemporaryDirectory(prefix="reverie-search-eval-") as tmp:
        server = pgserver.get_server(Path(tmp), cleanup_mode="stop")
        url = sqlalchemy_url(server.get_uri())
        migrate(url)
        figures, found = evaluate(url, app_search)
    print(json.dumps(figures, indent=2))
    if args.show:
        for q in load_queries():
            if q.voice == args.show:
                marks = ["*" if e in q.relevant else "." for e in found[q.id]]
                print(f"{q.id} {q.query!r} want {list(q.relevant)}\n   got {list(zip(found[q.id], marks, strict=True))}")
    if args.write:
        recorded = json.loads(METRICS.read_text()) if METRICS.exists() else {}
        recorded["after"] = figures
        METRICS.write_text(json.dumps(recorded, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
