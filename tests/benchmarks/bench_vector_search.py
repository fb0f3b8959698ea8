"""Semantic search over 100,000 stored entry vectors: the HNSW index against an exact scan.

A throwaway embedded PostgreSQL (pgserver, PostgreSQL 16 + pgvector) in a temp dir holds a table
shaped like journal_entries (id, user_id, embedding vector(384)). The vectors are realistic and cheap:
2,000 distinct journal sentences embedded once with Reverie's model, and the other 98,000 made as
entries are, a weighted mix of 1-4 of those sentences (Dirichlet weights) plus Gaussian noise
(sigma 0.015 per dimension), L2-normalised. They are loaded with binary COPY first, and the HNSW
index (`vector_cosine_ops`, m=16, ef_construction=64, as models/journal.py declares it) is built
after the load. The 200 queries are separate journal-style questions, embedded with the same model.

Each query is timed from the client: `ORDER BY embedding <=> q LIMIT 10` through the index at
`hnsw.ef_search` 40 (pgvector's default) and 100, and the same query with index scans turned off
(exact: a parallel sequential scan). Recall@10 is the share of the exact top 10 the index returns.

A second table compares per-user searches (1,000 rows per user): the app's query shape (an exact
ranking of the user's rows behind a MATERIALIZED CTE) against the plain `WHERE user_id = ...`
query, which the planner answers from the HNSW index, filtering its ef_search candidates.
"""

from __future__ import annotations

import logging
import random
import tempfile
import time
import uuid
import warnings
from pathlib import Path

import numpy as np

from tests.benchmarks.corpus import ACTIVITIES, FEELINGS, PEOPLE, PLACES, THINGS, sentences
from tests.benchmarks.harness import Measurement, report_latencies

ROWS = 100_000
REAL_SENTENCES = 2_000
QUERIES = 200
WARMUP_QUERIES = 20
USERS = 100
NOISE = 0.015
EF_SEARCH = (40, 100, 200)
# The HNSW setting the budget holds to (budgets.toml [search]): ef_search 200 for a whole-table search.
BUDGET_EF_SEARCH = 200
K = 10
HNSW_M, HNSW_EF_CONSTRUCTION = 16, 64  # models/journal.py
# The build fits in memory with this (pgvector warns and slows down when it does not); the
# embedded server's default is 64MB. Set for the benchmark's session only.
MAINTENANCE_WORK_MEM = "1GB"

QUERY_TEMPLATES = [
    "when did I feel {feeling}",
    "times I was {feeling} about {thing}",
    "what did {person} say",
    "days at {place}",
    "how did {activity} make me feel",
    "did I ever deal with {thing}",
    "moments with {person} at {place}",
    "why was I so {feeling} last month",
    "my plans for {thing}",
    "{activity} with {person}",
]


def query_texts(count: int, seed: int = 99) -> list[str]:
    rng = random.Random(seed)
    found: dict[str, None] = {}
    while len(found) < count:
        feeling = rng.choice(rng.choice(list(FEELINGS.values())))
        text = rng.choice(QUERY_TEMPLATES).format(
            feeling=feeling,
            thing=rng.choice(THINGS),
            person=rng.choice(PEOPLE),
            place=rng.choice(PLACES),
            activity=rng.choice(ACTIVITIES),
        )
        found.setdefault(text, None)
    return list(found)


def entry_like_vectors(
    base: np.ndarray, count: int, rng: np.random.Generator, chunk: int = 10_000
) -> np.ndarray:
    """`count` normalised mixes of 1-4 rows of `base` (Dirichlet weights) plus Gaussian noise."""
    out = np.empty((count, base.shape[1]), dtype=np.float32)
    for start in range(0, count, chunk):
        n = min(chunk, count - start)
        parts = rng.integers(1, 5, size=n)
        picks = rng.integers(0, len(base), size=(n, 4))
        weights = rng.dirichlet(np.ones(4), size=n) * (np.arange(4) < parts[:, None])
        weights /= weights.sum(axis=1, keepdims=True)
        mixed = np.einsum("nk,nkd->nd", weights, base[picks]) + rng.normal(0, NOISE, size=(n, base.shape[1]))
        out[start : start + n] = mixed / np.linalg.norm(mixed, axis=1, keepdims=True)
    return out


SEARCH = "SELECT id FROM entries ORDER BY embedding <=> %s LIMIT 10"
# One user's entries, as GET /api/journal/search asks (api/journal/search.py): the MATERIALIZED CTE
# keeps the user filter ahead of the ordering, so the ranking is exact over that user's rows.
USER_SEARCH = (
    "WITH mine AS MATERIALIZED (SELECT id, embedding FROM entries WHERE user_id = %s) "
    "SELECT id FROM mine ORDER BY embedding <=> %s LIMIT 10"
)
# The same question written plainly: the planner may take the HNSW index and filter its candidates.
USER_SEARCH_PLAIN = "SELECT id FROM entries WHERE user_id = %s ORDER BY embedding <=> %s LIMIT 10"


def _plan(conn, sql: str, params: tuple) -> str:
    rows = conn.execute("EXPLAIN " + sql, params).fetchall()
    nodes = [row[0].strip().lstrip("-> ").split("  ")[0] for row in rows]
    return " > ".join(
        node
        for node in nodes
        if node
        and not node.startswith(("Workers", "Sort Key", "Order By", "Index Cond", "Recheck", "Filter"))
    )


def _search(conn, name: str, sql: str, params: list[tuple]) -> tuple[Measurement, list[list[uuid.UUID]]]:
    for p in params[:WARMUP_QUERIES]:
        conn.execute(sql, p).fetchall()
    samples, results = [], []
    for p in params:
        started = time.perf_counter()
        rows = conn.execute(sql, p).fetchall()
        samples.append(time.perf_counter() - started)
        results.append([row[0] for row in rows])
    return Measurement(name, samples), results


def _recall(found: list[list[uuid.UUID]], exact: list[list[uuid.UUID]]) -> float:
    return float(np.mean([len(set(f) & set(e)) / max(len(e), 1) for f, e in zip(found, exact, strict=True)]))


def _recall_note(found: list[list[uuid.UUID]], exact: list[list[uuid.UUID]]) -> str:
    per_query = np.asarray([len(set(f) & set(e)) / max(len(e), 1) for f, e in zip(found, exact, strict=True)])
    returned = np.asarray([len(f) for f in found])
    note = f"recall@{K} {per_query.mean():.3f}, {int((per_query < 0.5).sum())} queries under 0.5"
    if returned.min() < K:
        note += f", rows returned mean {returned.mean():.1f}"
    return note


def run() -> dict[str, float]:
    # platformdirs warns when XDG_RUNTIME_DIR is unset (containers); pgserver works regardless.
    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
    import pgserver
    import psycopg
    from pgvector.psycopg import register_vector

    from pipelines.embeddings import EMBEDDING_DIM, embed

    logging.getLogger("pgserver").propagate = False

    started = time.perf_counter()
    real = sentences(REAL_SENTENCES)
    base = embed(real)
    queries = embed(query_texts(QUERIES))
    embed_seconds = time.perf_counter() - started
    rng = np.random.default_rng(20240601)
    started = time.perf_counter()
    vectors = np.vstack([base, entry_like_vectors(base, ROWS - len(base), rng)])
    rng.shuffle(vectors)
    generate_seconds = time.perf_counter() - started
    ids = [uuid.UUID(bytes=rng.bytes(16), version=4) for _ in range(ROWS)]
    users = [uuid.UUID(bytes=rng.bytes(16), version=4) for _ in range(USERS)]
    nearest = queries @ vectors.T
    top_similarity = np.sort(nearest, axis=1)[:, -K:]
    print(
        f"\n{len(real)} sentences and {QUERIES} queries embedded in {embed_seconds:.1f}s; "
        f"{ROWS - len(base)} entry-like vectors generated in {generate_seconds:.1f}s; "
        f"query-to-10th-nearest cosine median {np.median(top_similarity[:, 0]):.2f}"
    )

    with tempfile.TemporaryDirectory(prefix="reverie-bench-pg-") as tmp:
        server = pgserver.get_server(Path(tmp) / "pgdata", cleanup_mode="delete")
        try:
            # prepare_threshold=None: no server-side prepared statements, whose cached plan would
            # outlive the SET that chose it (an exact-scan plan reused for the HNSW runs).
            with psycopg.connect(server.get_uri(), autocommit=True, prepare_threshold=None) as conn:
                conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
                register_vector(conn)
                version = conn.execute(
                    "SELECT extversion FROM pg_extension WHERE extname = 'vector'"
                ).fetchone()[0]
                conn.execute(
                    f"CREATE TABLE entries (id uuid PRIMARY KEY, user_id uuid NOT NULL, "
                    f"embedding vector({EMBEDDING_DIM}))"
                )
                started = time.perf_counter()
                with (
                    conn.cursor() as cur,
                    cur.copy("COPY entries (id, user_id, embedding) FROM STDIN WITH (FORMAT BINARY)") as copy,
                ):
                    copy.set_types(["uuid", "uuid", "vector"])
                    for i in range(ROWS):
                        copy.write_row((ids[i], users[i % USERS], vectors[i]))
                conn.execute("ANALYZE entries")
                load_seconds = time.perf_counter() - started

                conn.execute(f"SET maintenance_work_mem = '{MAINTENANCE_WORK_MEM}'")
                started = time.perf_counter()
                conn.execute(
                    "CREATE INDEX entries_embedding_hnsw ON entries USING hnsw (embedding vector_cosine_ops) "
                    f"WITH (m = {HNSW_M}, ef_construction = {HNSW_EF_CONSTRUCTION})"
                )
                index_seconds = time.perf_counter() - started
                conn.execute("RESET maintenance_work_mem")
                sizes = conn.execute(
                    "SELECT pg_size_pretty(pg_table_size('entries')), "
                    "pg_size_pretty(pg_relation_size('entries_embedding_hnsw'))"
                ).fetchone()
                workers = conn.execute("SHOW max_parallel_maintenance_workers").fetchone()[0]
                print(f"PostgreSQL 16 + pgvector {version}; {ROWS:,} rows, {USERS} users")
                print(
                    f"load (binary COPY + ANALYZE): {load_seconds:.1f}s ({ROWS / load_seconds:,.0f} rows/s), "
                    f"table {sizes[0]}"
                )
                print(
                    f"HNSW build after the load (m={HNSW_M}, ef_construction={HNSW_EF_CONSTRUCTION}, "
                    f"maintenance_work_mem={MAINTENANCE_WORK_MEM}, {workers} parallel workers): "
                    f"{index_seconds:.1f}s, index {sizes[1]}"
                )

                everyone = [(q,) for q in queries]
                conn.execute("SET enable_indexscan = off")
                exact_plan = _plan(conn, SEARCH, everyone[0])
                exact, exact_ids = _search(conn, "exact scan (no index)", SEARCH, everyone)
                conn.execute("RESET enable_indexscan")
                measurements, notes, recalls = [], {}, {}
                for ef in EF_SEARCH:
                    conn.execute(f"SET hnsw.ef_search = {ef}")
                    if ef == EF_SEARCH[0]:
                        hnsw_plan = _plan(conn, SEARCH, everyone[0])
                    measurement, found = _search(conn, f"hnsw ef_search={ef}", SEARCH, everyone)
                    measurements.append(measurement)
                    notes[measurement.name] = _recall_note(found, exact_ids)
                    recalls[ef] = (measurement, _recall(found, exact_ids))
                conn.execute("RESET hnsw.ef_search")
                print(f"plans: exact = {exact_plan}; hnsw = {hnsw_plan}")

                # What a journal search really asks: one user's entries. The btree on user_id stands
                # for the app's (user_id, entry_date) index.
                conn.execute("CREATE INDEX entries_user ON entries (user_id)")
                conn.execute("ANALYZE entries")
                own = [(users[i % USERS], q) for i, q in enumerate(queries)]
                user_exact_plan = _plan(conn, USER_SEARCH, own[0])
                user_exact, user_exact_ids = _search(conn, "per-user, app's query (CTE)", USER_SEARCH, own)
                user_plan = _plan(conn, USER_SEARCH_PLAIN, own[0])
                user_plain, user_found = _search(conn, "per-user, plain WHERE", USER_SEARCH_PLAIN, own)
                user_notes = {user_plain.name: _recall_note(user_found, user_exact_ids)}
                # The app's query checked against a brute-force top 10 of the user's own vectors.
                owners = np.arange(ROWS) % USERS  # row i belongs to users[i % USERS], as loaded
                truth = []
                for i, query in enumerate(queries):
                    mine = np.flatnonzero(owners == i % USERS)
                    best = mine[np.argsort(-(vectors[mine] @ query))[:K]]
                    truth.append([ids[j] for j in best])
                user_recall = _recall(user_exact_ids, truth)
                user_notes[user_exact.name] = f"recall@{K} {user_recall:.3f} (against numpy's brute force)"
                print(f"per-user plans: app's query = {user_exact_plan}; plain WHERE = {user_plan}")
        finally:
            server.cleanup()
    report_latencies(
        f"Semantic search, top {K} of {ROWS:,} vectors ({QUERIES} queries, client-timed)",
        exact,
        *measurements,
        notes=notes,
    )
    report_latencies(
        f"Per-user semantic search, top {K} of one user's {ROWS // USERS:,} (default ef_search)",
        user_exact,
        user_plain,
        notes=user_notes,
    )
    hnsw, hnsw_recall = recalls[BUDGET_EF_SEARCH]
    return {
        "search_app_p95_ms": user_exact.p95 * 1000,
        "search_app_recall": user_recall,
        "search_hnsw_p95_ms": hnsw.p95 * 1000,
        "search_hnsw_recall": hnsw_recall,
    }
