"""The chat with the journal and "Ask AI for Help": a question answered from one user's journal.

`answer_question` decides what the question needs (the open tasks, the goals, the days ahead, a
period's entries, the moods of the recent entries, or the entries retrieved for it), reads that
through a `JournalReader` (the API's reads of that one user's rows), and composes the answer: the
local provider's from the evidence (`pipelines.providers.local_answers`), another provider's only
when it cites that evidence. This module reads no database itself.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any, Protocol

import anyio
import numpy as np

from models.constants import ASK_HELP_RECENT_ENTRIES
from models.dates import format_entry_date
from pipelines.providers.base import Passage

RETRIEVED_PASSAGES = 8
# A retrieved entry's score is at least this, so the answer tells it from the recent ones added (0).
RETRIEVED = 0.01
# A period's entries quoted at most ("Tell me about October"), and goals listed.
PERIOD_QUOTED = 8
MAX_GOALS_LISTED = 6
_GOAL_QUESTION = re.compile(r"\b(?:my|any)\s+(?:main\s+|big\s+|long-term\s+)?goals?\b"
                            r"|\bwhat\s+am\s+i\s+(?:aiming|working)\s+(?:for|towards?)\b", re.IGNORECASE)
# A sentence where the writer states a goal (POSIX classes: PostgreSQL reads the same pattern).
GOAL_SENTENCE = re.compile(r"(?:^|[^a-z])(?:my\s+(?:main\s+|big\s+)?goals?|i\s+want\s+to|i'm\s+aiming)(?:$|[^a-z])",
                           re.IGNORECASE)
# A question about moods reads the moods of this many latest entries.
MOOD_QUESTION_ENTRIES = max(ASK_HELP_RECENT_ENTRIES, 30)
# "What will I be doing next Saturday?", "What's happening tomorrow?": a day ahead. The tour's answer
# quoted the Saturday just gone; such a question is answered from the open tasks due that day and the
# entries that named it ahead ("confirm the movers for Saturday", written that Monday), never the past.
_FUTURE_QUESTION = re.compile(r"\b(?:will|shall|going\s+to|gonna|planned|plans?|coming\s+up|ahead|am\s+i\s+doing|"
                              r"happening|tomorrow|next\s+\w+day)\b", re.IGNORECASE)
_NEXT_WEEKDAY = re.compile(r"\bnext\s+((?:mon|tues|wednes|thurs|fri|satur|sun)day)\b", re.IGNORECASE)
# "What did I plan for next week?": no one day; the next calendar week, Monday to Sunday.
_NEXT_WEEK = re.compile(r"\bnext\s+week\b", re.IGNORECASE)
_CLAUSES = re.compile(r"[,;()]|\b(?:and|but|then)\b", re.IGNORECASE)
# An entry names a day ahead at most this long before it ("the movers, for November 28th", a month on).
AHEAD_DAYS = 90
_ENTRY_DATE = re.compile(r"\b\d\d/\d\d/\d{4}\b")


class Entry(Protocol):
    """An entry as the reader returns it (a row or a model)."""

    id: uuid.UUID
    entry_date: date
    content: str
    mood: dict | None


class OpenTaskRow(Protocol):
    """An open task with the date of the entry it came from (None for one added by hand)."""

    text: str
    due_date: date | None
    entry_id: uuid.UUID | None
    done_hint: str | None
    entry_date: date | None


class GoalRow(Protocol):
    text: str
    entry_date: date | None


class JournalReader(Protocol):
    """One user's journal, as the chat reads it; every read is of that user's rows only."""

    async def recent(self, limit: int) -> Sequence[Entry]:
        """The latest entries, newest first."""

    async def between(self, start: date, end: date) -> Sequence[Entry]:
        """The entries dated from `start` to `end` (inclusive), oldest first."""

    async def search(self, text: str, start: date | None = None, end: date | None = None, *, limit: int,
                     vector: np.ndarray | None = None) -> Sequence[tuple[Entry, float | None]]:
        """The entries that match `text` (in the window), best first, each with its similarity."""

    async def stored_embedding(self, entry_id: uuid.UUID) -> Any:
        """The entry's stored embedding, or None."""

    async def open_tasks(self, due: Collection[date] | None = None) -> Sequence[OpenTaskRow]:
        """The open tasks: all, newest first; or those due on one of `due`, by due day then age."""

    async def goals(self) -> Sequence[GoalRow]:
        """The goals drawn from the entries, oldest first."""

    async def matching(self, pattern: str) -> Sequence[Entry]:
        """The entries whose text matches the POSIX regular expression (case-insensitive), oldest first."""


@dataclass(frozen=True)
class ChatPeriod:
    """The day or period a question names ("on 11/14", "last week"), and the question without it."""

    rest: str
    start: date
    end: date


def passage(entry: Entry, score: float) -> Passage:
    return Passage(entry_id=str(entry.id), date=format_entry_date(entry.entry_date), text=entry.content,
                   score=score, mood=(entry.mood or {}).get("text"))


async def answer_question(journal: JournalReader, question: str, today: date, *, focus: Entry | None = None,
                          period: ChatPeriod | None = None) -> str:
    """Answer from the best evidence across all of the user's entries (pgvector + word search).

    The open entry (`focus`) is context, not the answer: it is scored against the question like
    any other entry, so it is quoted only when it is among the best evidence. Below the provider's
    relevance threshold the answer is "I couldn't find anything...". A question about moods, or
    about one feeling ("What was I worried about?"), is answered from the stored moods of the
    user's recent entries (and the open one), with their dates. A question in an entry's chat
    about that entry itself ("How did I feel?", "What happened that day?", or one naming no topic:
    "Who was there?") is answered from that entry first, with its date and mood
    (`local_answers.is_entry_question`). A question naming a day or a period (`period`: "What did I
    do on 11/14?", "last week") is answered from that period's entries only; one about the user's
    goals from their goals; one about a topic also reads the recent entries, so every entry about it
    can be quoted (`local_answers.topic_words`).
    """
    from pipelines.embeddings import embed
    from pipelines.providers.fact_answers import question_names
    from pipelines.providers.local_answers import (
        feeling_topic,
        is_entry_question,
        is_help_question,
        is_mood_question,
        related_names,
        topic_words,
    )
    from pipelines.task_answers import is_task_question

    if is_task_question(question):
        return await _answer_tasks(journal, question, focus, today)
    if _GOAL_QUESTION.search(question):
        return await _answer_goals(journal)
    if _NEXT_WEEK.search(question):
        return await _answer_next_week(journal, today)
    ahead = _days_ahead(question, today)
    if ahead:
        return await _answer_days_ahead(journal, ahead, today)
    if period is not None:
        return await _answer_period(journal, question, period)
    mood = is_mood_question(question) and not is_help_question(question)
    topic = topic_words(question)
    if focus is not None and (is_entry_question(question) or not (topic or mood)):
        return await _answer_about_entry(question, passage(focus, 1.0),
                                         [passage(e, 0.0) for e in await journal.recent(MOOD_QUESTION_ENTRIES)]
                                         if is_mood_question(question) else [])

    passages: dict[uuid.UUID, Passage] = {}
    vector = None
    # "What helps me when I'm anxious?" names a feeling but asks what helps: it retrieves.
    if mood:
        for entry in await journal.recent(MOOD_QUESTION_ENTRIES):
            passages[entry.id] = passage(entry, 0.0)
        if focus is not None:  # the open entry counts even when it is older than the recent ones
            passages.setdefault(focus.id, passage(focus, 0.0))
        # "How have I been feeling about the bank?": the entries about the bank too, however old.
        if about := " ".join(feeling_topic(question)):
            for entry, _ in await journal.search(about, limit=MOOD_QUESTION_ENTRIES):
                passages.setdefault(entry.id, passage(entry, 0.0))
    else:
        # The question goes through the model once: the search and the open entry's score share it.
        vector = (await anyio.to_thread.run_sync(lambda: embed([question])))[0]
        for entry, score in await journal.search(question, limit=RETRIEVED_PASSAGES, vector=vector):
            passages[entry.id] = passage(entry, max(score or 0.0, RETRIEVED))
        for name in question_names(question):  # "Who is Pritchard?": every entry naming him
            for entry, score in await journal.search(name, limit=MOOD_QUESTION_ENTRIES):
                passages.setdefault(entry.id, passage(entry, max(score or 0.0, RETRIEVED)))
        if focus is not None and focus.id not in passages:
            stored = await journal.stored_embedding(focus.id)
            if stored is not None:
                passages[focus.id] = passage(focus, float(np.asarray(stored, dtype=np.float32) @ vector))
        if topic:  # every recent entry about the topic, and those naming who "my sister" is
            recent = await journal.recent(MOOD_QUESTION_ENTRIES)
            for entry in recent:
                passages.setdefault(entry.id, passage(entry, 0.0))
            for name in related_names(topic, [e.content for e in recent]):
                for entry, _ in await journal.search(name, limit=MOOD_QUESTION_ENTRIES):
                    passages.setdefault(entry.id, passage(entry, 0.0))
    # The question's vector, made above, is not made again by the local provider's answer.
    return await provider_answer(question, list(passages.values()), {question: vector} if vector is not None else None)


async def provider_answer(question: str, passages: list[Passage], known: dict | None = None) -> str:
    """The answer from `passages`, best first (the question's vector in `known`, when made).

    The local provider finds the evidence: the entries and sentences that answer the question, with
    their dates (`pipelines.providers.local_answers.compose_answer`). Another provider is handed that
    same evidence (the entries it cites, its quotes first) and must cite it: an answer that cites no
    entry of the evidence by its date, or a date that is not one of them, is not used (the local
    answer is). When the local provider finds nothing, nothing is asked: the answer says so."""
    from pipelines.embeddings import embedded_together
    from pipelines.providers import get_providers
    from pipelines.providers.local_answers import NO_ANSWER

    ordered = sorted(passages, key=lambda p: -p.score)

    def answer() -> str:
        providers = get_providers()
        with embedded_together([], known=known):
            local = providers.local.answer(question, ordered)
        if providers.primary is providers.local or local == NO_ANSWER or not _cited_dates(local):
            return local
        evidence = _evidence(local, ordered)
        return providers.run(lambda p: local if p is providers.local else _citing(
            p.answer(f"{question}\n(Evidence found in the journal:\n{local})", evidence), evidence)).value

    return await anyio.to_thread.run_sync(answer)


def _cited_dates(answer: str) -> set[str]:
    return set(_ENTRY_DATE.findall(answer))


def _evidence(local: str, passages: list[Passage]) -> list[Passage]:
    """The passages the local answer cites, in its order."""
    order = {day: i for i, day in enumerate(dict.fromkeys(_ENTRY_DATE.findall(local)))}
    return sorted((p for p in passages if p.date in order), key=lambda p: order[p.date])


def _citing(answer: str, evidence: list[Passage]) -> str:
    """The provider's answer when it cites the evidence by date and nothing else; else an error (the
    caller's fallback answers with the local provider)."""
    from pipelines.providers.openai_provider import ProviderError

    cited, allowed = _cited_dates(answer), {p.date for p in evidence}
    if not cited & allowed or cited - allowed:
        raise ProviderError("the answer cites none of the journal's entries it was given, or others")
    return answer


def _days_ahead(question: str, today: date) -> list[date]:
    """The day ahead a question asks about ("next Saturday" on a Wednesday: the coming one and the
    one after, as people mean either), or nothing for a question not about the future."""
    from pipelines.highlights.dates import resolve_due_date

    day = resolve_due_date(question, today) if _FUTURE_QUESTION.search(question) else None
    if day is None or day <= today:
        return []
    said = _NEXT_WEEKDAY.search(question)
    coming = resolve_due_date(f"on {said.group(1)}", today) if said else None
    return [coming, day] if coming is not None and today < coming < day else [day]


def _task_line(task: OpenTaskRow, due: str) -> str:
    return (f"- {task.text} (an open task due {due}"
            + (f"; from your entry of {format_entry_date(task.entry_date)})" if task.entry_date else ")")
            + (f". Maybe done already: {task.done_hint}" if task.done_hint else ""))


async def _answer_days_ahead(journal: JournalReader, days: list[date], today: date) -> str:
    """The open tasks due on each day and the sentences of earlier entries that name it ahead, each
    with the entry's date; a day with neither is said to have nothing planned."""
    from pipelines.highlights import split_sentences
    from pipelines.highlights.dates import resolve_due_date

    tasks = await journal.open_tasks(days)
    written = await journal.between(min(days) - timedelta(days=AHEAD_DAYS), today)
    lines: list[str] = []
    for day in days:
        due = [t for t in tasks if t.due_date == day]
        found = [_task_line(t, "that day") for t in due]
        told = {t.entry_id for t in due}
        for entry in sorted(written, key=lambda e: e.entry_date):
            if entry.id in told or entry.entry_date >= day:
                continue
            said = [s.strip() for s in split_sentences(entry.content)
                    if any(resolve_due_date(c, entry.entry_date) == day for c in _CLAUSES.split(s) if c.strip())]
            found += [f'- On {format_entry_date(entry.entry_date)} you wrote: "{s}"' for s in said[:1]]
        named = f"{day:%a}, {day:%b} {day.day}"
        lines += [f"For {named}, from your journal:", *found] if found else [
            f"Nothing you wrote about is planned for {named}."]
    return "\n".join(lines)


async def _answer_next_week(journal: JournalReader, today: date) -> str:
    """The open tasks due in the next calendar week and the sentences of entries that name a day of
    it or, written the week before it, "next week"; each with the entry's date. A week with neither
    is said to have nothing planned (it had been answered by retrieval, from any day)."""
    from pipelines.highlights import split_sentences
    from pipelines.highlights.dates import resolve_due_date

    monday = today + timedelta(days=7 - today.weekday())
    sunday = monday + timedelta(days=6)
    tasks = await journal.open_tasks([monday + timedelta(days=i) for i in range(7)])
    found = [_task_line(t, _weekday(t.due_date)) for t in tasks]  # type: ignore[arg-type]  (due that week)
    told = {t.entry_id for t in tasks}

    def names_the_week(sentence: str, written: date) -> bool:
        if _NEXT_WEEK.search(sentence) and monday - timedelta(days=7) <= written < monday:
            return True
        return any(monday <= (resolve_due_date(c, written) or date.min) <= sunday
                   for c in _CLAUSES.split(sentence) if c.strip())

    for entry in sorted(await journal.between(monday - timedelta(days=AHEAD_DAYS), today),
                        key=lambda e: e.entry_date):
        if entry.id in told:
            continue
        said = [s.strip() for s in split_sentences(entry.content) if names_the_week(s, entry.entry_date)]
        found += [f'- On {format_entry_date(entry.entry_date)} you wrote: "{s}"' for s in said[:2]]
    week = f"next week ({_weekday(monday)} to {_weekday(sunday)})"
    return "\n".join([f"For {week}, from your journal:", *found]) if found else (
        f"Nothing you wrote about is planned for {week}.")


def _weekday(day: date) -> str:
    return f"{day:%a}, {day:%b} {day.day}"


async def _answer_period(journal: JournalReader, question: str, period: ChatPeriod) -> str:
    """"What did I do on 11/14?", "Tell me about last week": the entries of that day or period only,
    each quoted with its date (the tour: 11/14 was answered with 11/07 and 11/05). With a topic
    ("What did I say about Hannah last week?") or about moods, the provider answers from them."""
    from pipelines.providers.local_answers import NO_ANSWER, is_mood_question, topic_words

    when = (f"on {format_entry_date(period.start)}" if period.start == period.end
            else f"from {format_entry_date(period.start)} to {format_entry_date(period.end)}")
    found = await journal.between(period.start, period.end)
    if not found:
        return f"I couldn't find any entry {when} in your journal."
    if is_mood_question(question):
        answer = await provider_answer(question, [passage(e, 0.0) for e in found])
    elif topic_words(period.rest):  # every entry of the period is read for the topic, the search's scored
        scores = {e.id: score or 0.0
                  for e, score in await journal.search(period.rest, period.start, period.end, limit=len(found))}
        answer = await provider_answer(period.rest, [passage(e, scores.get(e.id, 0.0)) for e in found])
        answer = answer.replace("Here is what your journal says", f"Here is what your journal says {when}", 1)
    else:
        lines = [f'On {format_entry_date(e.entry_date)} you wrote: "{_opening(e.content, len(found))}"'
                 for e in found[:PERIOD_QUOTED]]
        if len(found) > PERIOD_QUOTED:
            more = len(found) - PERIOD_QUOTED
            lines.append(f"...and {more} more {'entry' if more == 1 else 'entries'} {when}.")
        return f"Here is what you wrote {when}:\n" + "\n".join(lines)
    return f"I couldn't find anything about that {when} in your journal." if answer == NO_ANSWER else answer


def _opening(text: str, entries: int) -> str:
    """How an entry begins: up to three sentences when it is the period's only entry, else enough of
    them for a dozen words (so "At Mum's." is not quoted alone)."""
    from pipelines.highlights import split_sentences

    sentences = [s.strip() for s in split_sentences(text)] or [text.strip()]
    if entries == 1:
        return " ".join(sentences[:3])
    kept: list[str] = []
    for sentence in sentences:
        kept.append(sentence)
        if len(" ".join(kept).split()) >= 12 or len(kept) == 2:
            break
    return " ".join(kept)


async def _answer_goals(journal: JournalReader) -> str:
    """"What are my goals?": the goals drawn from the user's entries, with the entry each came from;
    with none stored, the sentences where they wrote one ("My goal: ...", "I want to ...")."""
    from pipelines.highlights import split_sentences
    from pipelines.providers.local_answers import NO_ANSWER

    goals = await journal.goals()
    if goals:
        return "Your goals, from your journal:\n" + "\n".join(
            f"- {g.text}" + (f" (from your entry of {format_entry_date(g.entry_date)})" if g.entry_date else "")
            for g in goals[:MAX_GOALS_LISTED])
    written = await journal.matching(GOAL_SENTENCE.pattern)
    said = [(e, s.strip()) for e in written for s in split_sentences(e.content) if GOAL_SENTENCE.search(s)]
    if not said:
        return NO_ANSWER
    return "Here is what your journal says about your goals:\n" + "\n".join(
        f'On {format_entry_date(e.entry_date)} you wrote: "{s}"' for e, s in said[-MAX_GOALS_LISTED:])


async def _answer_tasks(journal: JournalReader, question: str, focus: Entry | None, today: date) -> str:
    """"What do I need to do before Friday?": the user's open tasks, from the task list (whatever the
    provider: it is a lookup, not a reading), the open entry's first (`pipelines.task_answers`)."""
    from pipelines.task_answers import OpenTask, compose_task_answer

    tasks = [OpenTask(text=r.text, due=r.due_date, said_on=r.entry_date, entry_id=str(r.entry_id) if r.entry_id else None,
                      done_hint=r.done_hint) for r in await journal.open_tasks()]
    return compose_task_answer(question, tasks, today, str(focus.id) if focus is not None else None)


async def _answer_about_entry(question: str, entry: Passage, recent: list[Passage]) -> str:
    """A question about the open entry itself ("How did I feel?", "What happened that day?"):
    answered from that entry first, with its date and mood, then (for a question about feelings)
    the trend of the recent entries' moods. Another provider gets the entry first and is told so;
    the local one composes it from the stored entry and moods."""
    from pipelines.providers import get_providers
    from pipelines.providers.local_provider import LocalProvider, compose_entry_answer

    def answer(provider: Any) -> str:
        if isinstance(provider, LocalProvider):
            return compose_entry_answer(question, entry, recent)
        asked = f"{question}\n(Asked about the journal entry of {entry.date}: answer from that entry first.)"
        return provider.answer(asked, [entry, *(p for p in recent if p.entry_id != entry.entry_id)])

    return (await anyio.to_thread.run_sync(lambda: get_providers().run(answer))).value
