"""The chat's labelled question set (pipelines/data/eval/chat_questions.jsonl) asked of the real
chat: each writer's journal (pipelines/data/eval/chat_journals.jsonl, or a corpus dev voice) is
written into PostgreSQL as one user's and analysed by the analysis core as the app analyses it
(embedding, mood, tasks: `pipelines.analysis.analyse_entry`), then every question goes through
`api.journal.chat.answer_from_journal` on the day it is asked.

Each answer is scored (`grade`):
- invented: it quotes words the writer's journal does not hold, or cites a date that is no entry's;
- right: it states the facts the question needs (`must`) and cites enough of the entries that
  answer it (`min_cited`); with `only`, every entry it cites is one of those (or `ok`); a question
  the journal does not answer gets the not-found text;
- partly: some of that (a fact, or an entry that answers it) but not all;
- wrong: none of it.

`python -m tests.support.chat_eval` prints the figures per split on a throwaway embedded PostgreSQL
(`--show VOICE` prints each answer); `--write` records them as "after" in
pipelines/data/eval/chat_metrics.json, which the suite's floors read.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import tempfile
import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine

REPO = Path(__file__).resolve().parents[2]
EVAL = REPO / "pipelines" / "data" / "eval"
QUESTIONS = EVAL / "chat_questions.jsonl"
JOURNALS = EVAL / "chat_journals.jsonl"
METRICS = EVAL / "chat_metrics.json"
CORPUS = REPO / "pipelines" / "data" / "journal_corpus" / "dev.jsonl"
NOT_FOUND = "I couldn't find anything in your journal about that yet."
GRADES = ("right", "partly", "wrong", "invented")


@dataclass(frozen=True)
class Question:
    id: str
    voice: str
    split: str
    question: str
    answer: str
    entries: tuple[str, ...]
    must: tuple[tuple[str, ...], ...]
    min_must: int
    min_cited: int
    only: bool
    ok: tuple[str, ...]
    none: bool
    today: date


@dataclass
class Journal:
    voice: str
    entries: list[dict[str, Any]] = field(default_factory=list)

    @property
    def dates(self) -> dict[str, str]:
        """Each entry's id -> its date as answers write it (MM/DD/YYYY)."""
        return {e["id"]: date.fromisoformat(e["date"]).strftime("%m/%d/%Y") for e in self.entries}


def load_questions(path: Path = QUESTIONS) -> list[Question]:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [Question(r["id"], r["voice"], r["split"], r["question"], r["answer"], tuple(r["entries"]),
                     tuple(tuple(m) for m in r["must"]), r["min_must"], r["min_cited"], r["only"], tuple(r["ok"]),
                     r["none"], date.fromisoformat(r["today"])) for r in rows]


def load_journals(voices: set[str]) -> dict[str, Journal]:
    journals = {v: Journal(v) for v in voices}
    for path in (JOURNALS, CORPUS):
        for line in path.read_text().splitlines():
            row = json.loads(line)
            if row["voice"] in journals:
                journals[row["voice"]].entries.append(row)
    return journals


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("’", "'").replace("“", '"').replace("”", '"')).strip().lower()


_DATE = r"\d\d/\d\d/\d{4}"
# A period named, not an entry cited: "from 10/01/2026 to 10/31/2026", "no entry on 11/15/2026".
_PERIOD = re.compile(rf"\bfrom {_DATE} to {_DATE}\b|\bany entry on {_DATE}\b")


def quotes_of(answer: str) -> list[str]:
    """What an answer quotes: on each line, from its first double quote to its last (a quote may hold
    the writer's own quotes: 'Dad said "about bloody time, pet".')."""
    found = []
    for line in answer.replace("“", '"').replace("”", '"').splitlines():
        first, last = line.find('"'), line.rfind('"')
        if 0 <= first < last:  # two quotes of one entry are joined by '" and "'
            found += line[first + 1:last].split('" and "')
    return found


def grade(question: Question, answer: str, journal: Journal) -> str:
    """right, partly, wrong or invented (see the module's docstring)."""
    text = _normal(" ".join(e["text"] for e in journal.entries))
    quotes = [q for q in quotes_of(answer) if len(q.split()) >= 2]
    dates = journal.dates
    cited_dates = set(re.findall(rf"\b{_DATE}\b", _PERIOD.sub(" ", answer)))
    if any(_normal(q) not in text for q in quotes) or cited_dates - set(dates.values()):
        return "invented"
    if question.none:
        return "right" if answer.strip() == NOT_FOUND else "wrong"
    cited = {entry for entry, day in dates.items() if day in cited_dates}
    supporting = cited & set(question.entries)
    lowered = answer.lower()
    facts = sum(1 for group in question.must if any(alt.lower() in lowered for alt in group))
    right = facts >= question.min_must and len(supporting) >= question.min_cited
    if right and question.only and not cited <= set(question.entries) | set(question.ok):
        right = False
    if right:
        return "right"
    return "partly" if facts or supporting else "wrong"


def seed_and_analyse(database_url: str, journals: dict[str, Journal]) -> dict[str, uuid.UUID]:
    """One user per writer, their entries written and analysed as the app does. Returns the users."""
    from sqlalchemy.orm import Session

    from models import JournalEntry, User
    from pipelines import db
    from pipelines.analysis import analyse_entry

    db.configure(database_url)
    users = {voice: uuid.uuid4() for voice in journals}
    ids: list[str] = []
    engine = sa.create_engine(database_url, poolclass=sa.pool.NullPool)
    try:
        with Session(engine) as session:
            session.add_all([User(id=uid, username=voice, email=f"{voice}@example.com", password_hash="-",
                                  is_verified=True, agreed_to_terms=True) for voice, uid in users.items()])
            session.flush()
            for voice, journal in journals.items():
                for row in journal.entries:
                    entry = JournalEntry(id=uuid.uuid4(), user_id=users[voice], content=row["text"],
                                         entry_date=date.fromisoformat(row["date"]))
                    session.add(entry)
                    ids.append(str(entry.id))
            session.commit()
    finally:
        engine.dispose()
    for entry_id in ids:  # oldest first per writer, as they were written
        analyse_entry(entry_id)
    return users


async def _ask_all(database_url: str, questions: list[Question], users: dict[str, uuid.UUID]) -> dict[str, str]:
    from api.database import sqlalchemy_url
    from api.journal.chat import answer_from_journal
    from api.journal.services import EntryService

    engine = create_async_engine(sqlalchemy_url(database_url), poolclass=sa.pool.NullPool)
    answers: dict[str, str] = {}
    try:
        for q in questions:
            async with AsyncSession(engine) as session:
                answers[q.id] = await answer_from_journal(EntryService(session=session), users[q.voice], q.question,
                                                          today=q.today)
    finally:
        await engine.dispose()
    return answers


def figures(questions: list[Question], grades: dict[str, str]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for split in ("tune", "heldout", "all"):
        chosen = [q for q in questions if split in ("all", q.split)]
        if not chosen:
            continue
        counts = Counter(grades[q.id] for q in chosen)
        out[split] = {"questions": len(chosen), **{g: counts[g] for g in GRADES},
                      "right_share": round(counts["right"] / len(chosen), 3),
                      "writers": len({q.voice for q in chosen})}
    return out


def evaluate(database_url: str, questions: list[Question] | None = None,
             ) -> tuple[dict[str, dict[str, Any]], dict[str, str], dict[str, str]]:
    """The figures on the question set (or `questions`), each question's grade, and each answer."""
    questions = questions or load_questions()
    journals = load_journals({q.voice for q in questions})
    users = seed_and_analyse(database_url, journals)
    answers = asyncio.run(_ask_all(database_url, questions, users))
    grades = {q.id: grade(q, answers[q.id], journals[q.voice]) for q in questions}
    return figures(questions, grades), grades, answers


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="record the figures in chat_metrics.json")
    parser.add_argument("--show", nargs="*", help="print each answer of these voices (all with none named)")
    parser.add_argument("--split", choices=("tune", "heldout"), help="ask only this split's questions")
    args = parser.parse_args(argv)
    import pgserver

    from api.database import migrate, sqlalchemy_url

    questions = [q for q in load_questions() if args.split in (None, q.split)]
    with tempfile.TemporaryDirectory(prefix="reverie-chat-eval-") as tmp:
        server = pgserver.get_server(Path(tmp), cleanup_mode="stop")
        url = sqlalchemy_url(server.get_uri())
        migrate(url)
        results, grades, answers = evaluate(url, questions)
    print(json.dumps(results, indent=2))
    if args.show is not None:
        for q in questions:
            if not args.show or q.voice in args.show:
                print(f"\n[{grades[q.id]}] {q.id} {q.question}\n  expected: {q.answer}\n  got: "
                      + answers[q.id].replace("\n", "\n       "))
    if args.write:
        recorded = json.loads(METRICS.read_text()) if METRICS.exists() else {}
        recorded["after"] = results
        recorded["grades"] = grades
        METRICS.write_text(json.dumps(recorded, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
