"""GET /api/journal/search: the user's own entries that match a query, by its words and by its
meaning, with plain date phrases in the query read as filters (api/journal/dates.py).

Hybrid retrieval: three rankings of the user's entries (in the date window), fused by reciprocal
rank (RRF: an entry scores 1 / (RRF_K + its place) in each ranking it is in):
- by meaning, the whole entry: the cosine similarity of its stored embedding to the query's (exact:
  a MATERIALIZED subquery keeps the user filter ahead of the ordering, so no approximate index scan
  loses a hit);
- by meaning, its closest sentence (for the entries nearest as a whole and those holding the
  query's words): a long entry about three things is far from a query about one of them as a
  whole ("A girl. Elin Mair. Seven pound two." inside a day of driving), near by that sentence;
- by words: PostgreSQL full-text search over the entries' English lexemes (the generated,
  GIN-indexed column `search_text`), the query's words each standing with the family words of the
  same person ("father" with "dad", "mum" with "mother": a small closed map, `KIN`); an entry is in
  this ranking when it holds at least half the weight of those of the query's words the journal
  holds at all (each weighs its rarity in the journal, as BM25's idf: a word in every entry says
  little, one in no entry nothing), best covered first.

Whether anything is found: the journal holds something about the query when its best entry has a
sentence (or pair of sentences) at least `SENTENCE_GATE` similar to it, or is at least `ENTRY_GATE`
similar as a whole, or holds the query's words (all of them, or half their weight and some meaning). There is no cut-off per entry that could hide the best match when it is
the only one about the subject ("worried about my father's health" -> "Dad's test results came
back and they are not good", 0.26 as a whole): the results are the fused ranking's first
`SHOWN_AT_LEAST` entries that are at least `NEAR_FLOOR` similar (as a whole or by a sentence), then
any within `NEAR_BEST` of the best similarity, and every entry with the query's words. When entries
hold every word of a query of several words, the first five must be within `EVERY_MARGIN` of the
best too ("vendor report" finds the two entries that say it, not three more about work).

Every figure was tuned on the labelled query set's tuning voices and measured on the held-out ones
(pipelines/data/eval, tests/support/search_eval.py; pipelines/README.md, "Search").
"""

from __future__ import annotations

import functools
import itertools
import math
import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

import anyio
import sqlalchemy as sa
from litestar import Controller, Request, get
from litestar.params import Parameter
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import FieldError, documented_errors
from api.journal import rules
from api.journal.dates import extract_date_range
from api.journal.details import entry_details
from api.journal.schemas import EntryOut, SearchHit, SearchResults
from api.journal.services import EntryService, embed_text
from api.services import provide
from api.validation import looks_blank
from models import JournalEntry

if TYPE_CHECKING:
    import numpy as np

MAX_QUERY_CHARS = 500
RRF_K = 5
# The entries nearest in meaning as a whole that are read sentence by sentence.
SENTENCE_CANDIDATES = 20
# The journal holds something about the query (its best entry, by a sentence or as a whole).
SENTENCE_GATE = 0.38
ENTRY_GATE = 0.30
# Which entries are shown then.
SHOWN_AT_LEAST = 5
NEAR_FLOOR = 0.25
NEAR_BEST = 0.05
EVERY_MARGIN = 0.30
# An entry with the query's words: they carry at least this share of the query's weight...
WORDS_SHARE = 0.5
# ...and it is at least this similar as a whole (or holds every word).
WORDS_MIN = 0.15
MAX_WORDS = 8

# Family words: each group names the same person or people, so a query with one finds entries with
# another ("father" finds "Dad's test results"). Closed grammar: kinship terms only; anything
# open-ended is left to the embedding model.
KIN = [
    ("father", "dad", "daddy", "papa", "pa"),
    ("mother", "mum", "mom", "mam", "mummy", "mommy", "mama", "ma"),
    ("grandmother", "grandma", "gran", "granny", "nan", "nana", "nanna", "grandmom"),
    ("grandfather", "grandad", "granddad", "grandpa", "gramps", "grandda"),
    ("grandchild", "grandchildren", "grandkid", "grandkids"),
    ("child", "children", "kid", "kids"),
    ("brother", "bro"),
    ("sister", "sis"),
    ("aunt", "auntie", "aunty"),
    ("wife", "missus"),
    ("husband", "hubby"),
]
# Words for several people that take in the single ones ("my parents" finds "Mum"); one way only.
KIN_PLURALS = {
    "parent": ("father", "mother"), "parents": ("father", "mother"),
    "grandparent": ("grandmother", "grandfather"), "grandparents": ("grandmother", "grandfather"),
}
_KIN = {word: group for group in KIN for word in group}


def word_groups(text: str) -> list[tuple[str, ...]]:
    """The query's words that can find an entry, each with the family words naming the same people."""
    groups = []
    for word in rules.search_words(text)[:MAX_WORDS]:
        group = _KIN.get(word, (word,))
        for plural_of in KIN_PLURALS.get(word, ()):
            group = (*group, *_KIN[plural_of])
        groups.append(tuple(dict.fromkeys(group)))
    return groups


@functools.cache
def _candidates(windowed: bool, words: int) -> sa.Select:
    """The user's entries (in the window) that can be results: the listed columns, the cosine
    similarity as a whole and its place, and for each of the query's `words` (bound as g0, g1, ...)
    whether the entry holds it and in how many of the entries it is; the `SENTENCE_CANDIDATES`
    nearest and those with any of the words."""
    from pgvector.sqlalchemy import Vector

    from models.constants import EMBEDDING_DIM

    entries = JournalEntry.__table__.c
    listed = [entries[name] for name in EntryService.LISTED]
    mine = sa.select(*listed, entries.embedding, entries.search_text).where(entries.user_id == sa.bindparam("user_id"))
    if windowed:
        mine = mine.where(entries.entry_date >= sa.bindparam("start"), entries.entry_date <= sa.bindparam("end"))
    cte = mine.cte("mine").prefix_with("MATERIALIZED")
    score = 1 - cte.c.embedding.cosine_distance(sa.bindparam("vector", type_=Vector(EMBEDDING_DIM)))
    holds = [cte.c.search_text.op("@@")(_tsquery_param(i)) for i in range(words)]
    scored = sa.select(
        *(cte.c[name] for name in EntryService.LISTED), score.label("score"),
        sa.func.count().over().label("journal"),
        *(hold.label(f"has{i}") for i, hold in enumerate(holds)),
        *(sa.func.count().filter(hold).over().label(f"df{i}") for i, hold in enumerate(holds)),
    ).cte("scored")
    place = sa.case((scored.c.score.is_(None), None),
                    else_=sa.func.row_number().over(order_by=scored.c.score.desc().nulls_last()))
    ranked = sa.select(scored, place.label("place")).cte("ranked")
    near = ranked.c.place <= SENTENCE_CANDIDATES
    return sa.select(ranked).where(sa.or_(near, *(ranked.c[f"has{i}"] for i in range(words))))


def _tsquery_param(i: int) -> sa.ColumnElement:
    return sa.func.to_tsquery(sa.literal_column("'english'::regconfig"), sa.bindparam(f"g{i}"))


@dataclass
class _Candidate:
    row: sa.Row
    score: float | None  # as a whole
    sentence: float | None = None  # its closest sentence
    share: float = 0.0  # of the weight of the query's words the journal holds, the share it holds
    asked_share: float = 0.0  # of the weight of all the query's words
    every: bool = False
    fused: float = 0.0

    @property
    def near(self) -> float:
        return max(s for s in (self.score, self.sentence, -1.0) if s is not None)

    @property
    def by_words(self) -> bool:
        """Found by its words whatever its meaning: it holds them all, or most of what the query
        asks and is near enough in meaning."""
        return self.every or (self.asked_share >= WORDS_SHARE and (self.score or 0.0) >= WORDS_MIN)


def _word_weights(rows: list[sa.Row], words: int) -> tuple[list[float], list[float]]:
    """Each word's weight, its rarity in the journal (BM25's idf): as the query asks, and as the
    journal can answer (0 for a word no entry holds: it tells no entry from another, "health" in a
    journal that never says it)."""
    if not rows:
        return [], []
    journal, counts = rows[0].journal, [getattr(rows[0], f"df{i}") for i in range(words)]
    asked = [math.log((journal - df + 0.5) / (df + 0.5) + 1) for df in counts]
    return asked, [weight if df else 0.0 for weight, df in zip(asked, counts, strict=True)]


def _passages(sentences: list[str]) -> list[str]:
    """An entry's sentences and each pair of neighbours ("A girl. Elin Mair." says more together)."""
    return sentences + [f"{a} {b}" for a, b in itertools.pairwise(sentences)]


def _closest_sentences(text: str, vector: np.ndarray, candidates: list[_Candidate]) -> None:
    """Each candidate's similarity to the query by its closest sentence or pair of sentences (their
    vectors kept per process: pipelines/providers/sentence_vectors.py)."""
    from pipelines.public import embedded_together, passage_sentence_vectors, split_sentences

    per_entry = [_passages([s.strip() for s in split_sentences(c.row.content) if s.strip()] or [c.row.content])
                 for c in candidates]
    with embedded_together([], known={text: vector}):
        vectors = passage_sentence_vectors(text, [(str(c.row.id), s) for c, s in zip(candidates, per_entry,
                                                                                    strict=True)])
    offset = 1
    for candidate, sentences in zip(candidates, per_entry, strict=True):
        candidate.sentence = float((vectors[offset:offset + len(sentences)] @ vectors[0]).max())
        offset += len(sentences)



async def find_entries(session: AsyncSession, user_id: uuid.UUID, text: str, start: date | None = None,
                       end: date | None = None, limit: int = 10, *, vector: np.ndarray | None = None,
                       ) -> list[tuple[sa.Row, float | None]]:
    """The user's entries that match `text` (in the window from `start` to `end`), best first, each
    with its cosine similarity as a whole; with no text, the newest entries in the window.
    `vector`: the text's embedding, when the caller already has it."""
    entries = JournalEntry.__table__.c
    windowed = start is not None
    if not text:
        newest = sa.select(*(entries[name] for name in EntryService.LISTED)).where(entries.user_id == user_id)
        if windowed:
            newest = newest.where(entries.entry_date >= start, entries.entry_date <= end)
        rows = await session.execute(newest.order_by(entries.entry_date.desc(), entries.created_at.desc()).limit(limit))
        return [(row, None) for row in rows]
    if vector is None:
        vector = await embed_text(text)
    groups = word_groups(text)
    values: dict[str, object] = {"user_id": user_id, "vector": vector.tolist(),
                                 **{f"g{i}": " | ".join(group) for i, group in enumerate(groups)}}
    if windowed:
        values |= {"start": start, "end": end}
    rows = list((await session.execute(_candidates(windowed, len(groups)), values)).all())
    asked, answerable = _word_weights(rows, len(groups))

    def share(weights: list[float], held: list[bool]) -> float:
        return sum(w for w, h in zip(weights, held, strict=True) if h) / (sum(weights) or 1.0)

    found = []
    for row in rows:
        held = [bool(getattr(row, f"has{i}")) for i in range(len(groups))]
        found.append(_Candidate(row, None if row.score is None else float(row.score), share=share(answerable, held),
                                asked_share=share(asked, held), every=bool(held) and all(held)))
    read = [c for c in found if c.row.place is not None and c.row.place <= SENTENCE_CANDIDATES or c.by_words]
    if read:
        await anyio.to_thread.run_sync(lambda: _closest_sentences(text, vector, read))
    rankings = [
        sorted((c for c in found if c.score is not None), key=lambda c: -c.score),  # type: ignore[operator]
        sorted((c for c in found if c.sentence is not None), key=lambda c: -c.sentence),  # type: ignore[operator]
        sorted((c for c in found if c.share >= WORDS_SHARE), key=lambda c: (-c.share, -(c.score or 0.0))),
    ]
    for ranking in rankings:
        for place, candidate in enumerate(ranking, start=1):
            candidate.fused += 1 / (RRF_K + place)
    best_sentence = max((c.sentence for c in found if c.sentence is not None), default=-1.0)
    best_whole = max((c.score for c in found if c.score is not None), default=-1.0)
    if not (best_sentence >= SENTENCE_GATE or best_whole >= ENTRY_GATE or any(c.by_words for c in found)):
        return []
    best = max(best_sentence, best_whole)
    ranked = sorted(found, key=lambda c: -c.fused)
    floor = max(NEAR_FLOOR, best - EVERY_MARGIN) if len(groups) > 1 and any(c.every for c in found) else NEAR_FLOOR
    shown = [c for i, c in enumerate(ranked)
             if (i < SHOWN_AT_LEAST and c.near >= floor) or c.near >= best - NEAR_BEST or c.by_words]
    return [(c.row, None if c.score is None else round(c.score, 4)) for c in shown[:limit]]


@documented_errors
class JournalSearchController(Controller):
    path = "/api/journal/search"
    tags = ["journal"]
    dependencies = provide(entries=EntryService)

    @get(operation_id="searchEntries")
    async def search(
        self,
        request: Request,
        entries: EntryService,
        q: str = Parameter(description="What to look for; may name dates: 'last week', 'last March', 'over Christmas'"),
        limit: int = Parameter(default=10, ge=1, le=50),
    ) -> SearchResults:
        query = q.strip()
        if looks_blank(query):  # "", or only NUL or format characters: nothing to look for
            raise FieldError("q", "Type something to search for.")
        if len(query) > MAX_QUERY_CHARS:
            raise FieldError("q", f"A search can be at most {MAX_QUERY_CHARS} characters.")
        text, window = extract_date_range(query, datetime.now(UTC).date())
        session = entries.repository.session
        hits = await find_entries(session, request.user.id, text, window.start if window else None,
                                  window.end if window else None, limit)
        details = await entry_details(session, request.user.id, [row for row, _ in hits])
        return SearchResults(
            query=query, text=text,
            date_from=window.start.isoformat() if window else None,
            date_to=window.end.isoformat() if window else None,
            results=[SearchHit(entry=EntryOut.of(row, **details.of(row.id)), score=score) for row, score in hits],
        )
