"""Chat with the journal: POST /api/journal/{id}/chat, and the retrieval both it and the
ask-help call answer from. Answers are built from the user's own entries."""

from __future__ import annotations

import re
import uuid
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

import anyio
import numpy as np
import sqlalchemy as sa
from litestar import Controller, Request, post

from api.errors import documented_errors
from api.journal.dates import extract_date_range
from api.journal.rules import format_entry_date
from api.journal.schemas import ChatIn, ChatOut
from api.journal.search import find_entries
from api.journal.services import EntryService, embed_text
from api.services import provide
from api.validation import required_text
from models import Goal, JournalEntry, Task
from models.constants import ASK_HELP_RECENT_ENTRIES

if TYPE_CHECKING:
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
_GOAL_SENTENCE = re.compile(r"(?:^|[^a-z])(?:my\s+(?:main\s+|big\s+)?goals?|i\s+want\s+to|i'm\s+aiming)(?:$|[^a-z])",
                            re.IGNORECASE)
# A question about moods reads the moods of this many latest entries.
MOOD_QUESTION_ENTRIES = max(ASK_HELP_RECENT_ENTRIES, 30)
MAX_QUESTION_CHARS = 2000
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


def _passage(entry: JournalEntry, score: float) -> Passage:
    from pipelines.providers.base import Passage

    return Passage(entry_id=str(entry.id), date=format_entry_date(entry.entry_date), text=entry.content,
                   score=score, mood=(entry.mood or {}).get("text"))


async def _provider_answer(question: str, passages: list[Passage], known: dict | None = None) -> str:
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


_ENTRY_DATE = re.compile(r"\b\d\d/\d\d/\d{4}\b")


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


async def answer_from_journal(entries: EntryService, user_id: uuid.UUID, question: str,
                              focus: JournalEntry | None = None, *, today: date | None = None) -> str:
    """Answer from the best evidence across all of the user's entries (pgvector + word search).

    The open entry (`focus`) is context, not the answer: it is scored against the question like
    any other entry, so it is quoted only when it is among the best evidence. Below the provider's
    relevance threshold the answer is "I couldn't find anything...". A question about moods, or
    about one feeling ("What was I worried about?"), is answered from the stored moods of the
    user's recent entries (and the open one), with their dates. A question in an entry's chat
    about that entry itself ("How did I feel?", "What happened that day?", or one naming no topic:
    "Who was there?") is answered from that entry first, with its date and mood
    (`local_answers.is_entry_question`). A question naming a day or a period ("What did I do on
    11/14?", "last week") is answered from that period's entries only; one about the user's goals
    from their goals; one about a topic also reads the recent entries, so every entry about it
    can be quoted (`local_answers.topic_words`).
    """
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

    today = today or date.today()
    if is_task_question(question):
        return await _answer_tasks(entries, user_id, question, focus, today)
    if _GOAL_QUESTION.search(question):
        return await _answer_goals(entries, user_id)
    if _NEXT_WEEK.search(question):
        return await _answer_next_week(entries, user_id, today)
    ahead = _days_ahead(question, today)
    if ahead:
        return await _answer_days_ahead(entries, user_id, ahead, today)
    rest, window = extract_date_range(question, today)
    if window is not None:
        return await _answer_period(entries, user_id, question, rest, window)
    mood = is_mood_question(question) and not is_help_question(question)
    topic = topic_words(question)
    if focus is not None and (is_entry_question(question) or not (topic or mood)):
        return await _answer_about_entry(question, _passage(focus, 1.0),
                                         [_passage(e, 0.0) for e in await entries.recent(user_id, MOOD_QUESTION_ENTRIES)]
                                         if is_mood_question(question) else [])

    passages: dict[uuid.UUID, Passage] = {}
    vector = None
    session = entries.repository.session
    # "What helps me when I'm anxious?" names a feeling but asks what helps: it retrieves.
    if mood:
        for entry in await entries.recent(user_id, MOOD_QUESTION_ENTRIES):
            passages[entry.id] = _passage(entry, 0.0)
        if focus is not None:  # the open entry counts even when it is older than the recent ones
            passages.setdefault(focus.id, _passage(focus, 0.0))
        # "How have I been feeling about the bank?": the entries about the bank too, however old.
        if about := " ".join(feeling_topic(question)):
            for entry, _ in await find_entries(session, user_id, about, limit=MOOD_QUESTION_ENTRIES):
                passages.setdefault(entry.id, _passage(entry, 0.0))
    else:
        # The question goes through the model once: the search and the open entry's score share it.
        vector = await embed_text(question)
        for entry, score in await find_entries(session, user_id, question, limit=RETRIEVED_PASSAGES, vector=vector):
            passages[entry.id] = _passage(entry, max(score or 0.0, RETRIEVED))
        for name in question_names(question):  # "Who is Pritchard?": every entry naming him
            for entry, score in await find_entries(session, user_id, name, limit=MOOD_QUESTION_ENTRIES):
                passages.setdefault(entry.id, _passage(entry, max(score or 0.0, RETRIEVED)))
        if focus is not None and focus.id not in passages:
            stored = await entries.repository.session.scalar(
                sa.select(JournalEntry.embedding).where(JournalEntry.id == focus.id))
            if stored is not None:
                passages[focus.id] = _passage(focus, float(np.asarray(stored, dtype=np.float32) @ vector))
        if topic:  # every recent entry about the topic, and those naming who "my sister" is
            recent = await entries.recent(user_id, MOOD_QUESTION_ENTRIES)
            for entry in recent:
                passages.setdefault(entry.id, _passage(entry, 0.0))
            for name in related_names(topic, [e.content for e in recent]):
                for entry, _ in await find_entries(session, user_id, name, limit=MOOD_QUESTION_ENTRIES):
                    passages.setdefault(entry.id, _passage(entry, 0.0))
    # The question's vector, made above, is not made again by the local provider's answer.
    return await _provider_answer(question, list(passages.values()), {question: vector} if vector is not None else None)


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


async def _answer_days_ahead(entries: EntryService, user_id: uuid.UUID, days: list[date], today: date) -> str:
    """The open tasks due on each day and the sentences of earlier entries that name it ahead, each
    with the entry's date; a day with neither is said to have nothing planned."""
    from pipelines.highlights import split_sentences
    from pipelines.highlights.dates import resolve_due_date

    tasks = (await entries.repository.session.execute(
        sa.select(Task.text, Task.due_date, Task.entry_id, Task.done_hint, JournalEntry.entry_date)
        .outerjoin(JournalEntry, Task.entry_id == JournalEntry.id)
        .where(Task.user_id == user_id, Task.completed.is_(False), Task.due_date.in_(days))
        .order_by(Task.created_at))).all()
    written = await entries.between(user_id, min(days) - timedelta(days=AHEAD_DAYS), today)
    lines: list[str] = []
    for day in days:
        due = [t for t in tasks if t.due_date == day]
        found = [f"- {t.text} (an open task due that day"
                 + (f"; from your entry of {format_entry_date(t.entry_date)})" if t.entry_date else ")")
                 + (f". Maybe done already: {t.done_hint}" if t.done_hint else "") for t in due]
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


async def _answer_next_week(entries: EntryService, user_id: uuid.UUID, today: date) -> str:
    """The open tasks due in the next calendar week and the sentences of entries that name a day of
    it or, written the week before it, "next week"; each with the entry's date. A week with neither
    is said to have nothing planned (it had been answered by retrieval, from any day)."""
    from pipelines.highlights import split_sentences
    from pipelines.highlights.dates import resolve_due_date

    monday = today + timedelta(days=7 - today.weekday())
    sunday = monday + timedelta(days=6)
    tasks = (await entries.repository.session.execute(
        sa.select(Task.text, Task.due_date, Task.entry_id, Task.done_hint, JournalEntry.entry_date)
        .outerjoin(JournalEntry, Task.entry_id == JournalEntry.id)
        .where(Task.user_id == user_id, Task.completed.is_(False), Task.due_date.between(monday, sunday))
        .order_by(Task.due_date, Task.created_at))).all()
    found = [f"- {t.text} (an open task due {_weekday(t.due_date)}"
             + (f"; from your entry of {format_entry_date(t.entry_date)})" if t.entry_date else ")")
             + (f". Maybe done already: {t.done_hint}" if t.done_hint else "") for t in tasks]
    told = {t.entry_id for t in tasks}

    def names_the_week(sentence: str, written: date) -> bool:
        if _NEXT_WEEK.search(sentence) and monday - timedelta(days=7) <= written < monday:
            return True
        return any(monday <= (resolve_due_date(c, written) or date.min) <= sunday
                   for c in _CLAUSES.split(sentence) if c.strip())

    for entry in sorted(await entries.between(user_id, monday - timedelta(days=AHEAD_DAYS), today),
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


async def _answer_period(entries: EntryService, user_id: uuid.UUID, question: str, rest: str, window) -> str:
    """"What did I do on 11/14?", "Tell me about last week": the entries of that day or period only,
    each quoted with its date (the tour: 11/14 was answered with 11/07 and 11/05). With a topic
    ("What did I say about Hannah last week?") or about moods, the provider answers from them."""
    from pipelines.providers.local_answers import NO_ANSWER, is_mood_question, topic_words

    when = (f"on {format_entry_date(window.start)}" if window.start == window.end
            else f"from {format_entry_date(window.start)} to {format_entry_date(window.end)}")
    found = await entries.between(user_id, window.start, window.end)
    if not found:
        return f"I couldn't find any entry {when} in your journal."
    if is_mood_question(question):
        answer = await _provider_answer(question, [_passage(e, 0.0) for e in found])
    elif topic_words(rest):  # every entry of the period is read for the topic, the search's scored
        scores = {e.id: score or 0.0 for e, score in await find_entries(entries.repository.session, user_id, rest, window.start, window.end,
                                                                           limit=len(found))}
        answer = await _provider_answer(rest, [_passage(e, scores.get(e.id, 0.0)) for e in found])
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


async def _answer_goals(entries: EntryService, user_id: uuid.UUID) -> str:
    """"What are my goals?": the goals drawn from the user's entries, with the entry each came from;
    with none stored, the sentences where they wrote one ("My goal: ...", "I want to ...")."""
    from pipelines.highlights import split_sentences
    from pipelines.providers.local_answers import NO_ANSWER

    session = entries.repository.session
    goals = (await session.execute(
        sa.select(Goal.text, JournalEntry.entry_date).outerjoin(JournalEntry, Goal.entry_id == JournalEntry.id)
        .where(Goal.user_id == user_id).order_by(Goal.created_at))).all()
    if goals:
        return "Your goals, from your journal:\n" + "\n".join(
            f"- {g.text}" + (f" (from your entry of {format_entry_date(g.entry_date)})" if g.entry_date else "")
            for g in goals[:MAX_GOALS_LISTED])
    written = await entries.mine(user_id, JournalEntry.content.op("~*")(_GOAL_SENTENCE.pattern),
                                 order_by=(JournalEntry.entry_date,))
    said = [(e, s.strip()) for e in written for s in split_sentences(e.content) if _GOAL_SENTENCE.search(s)]
    if not said:
        return NO_ANSWER
    return "Here is what your journal says about your goals:\n" + "\n".join(
        f'On {format_entry_date(e.entry_date)} you wrote: "{s}"' for e, s in said[-MAX_GOALS_LISTED:])


async def _answer_tasks(entries: EntryService, user_id: uuid.UUID, question: str, focus: JournalEntry | None,
                        today: date) -> str:
    """"What do I need to do before Friday?": the user's open tasks, from the task list (whatever the
    provider: it is a lookup, not a reading), the open entry's first (`pipelines.task_answers`)."""
    from pipelines.task_answers import OpenTask, compose_task_answer

    rows = (await entries.repository.session.execute(
        sa.select(Task.text, Task.due_date, Task.entry_id, Task.done_hint, JournalEntry.entry_date)
        .outerjoin(JournalEntry, Task.entry_id == JournalEntry.id)
        .where(Task.user_id == user_id, Task.completed.is_(False))
        .order_by(Task.created_at.desc()))).all()
    tasks = [OpenTask(text=r.text, due=r.due_date, said_on=r.entry_date, entry_id=str(r.entry_id) if r.entry_id else None,
                      done_hint=r.done_hint) for r in rows]
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


@documented_errors
class EntryChatController(Controller):
    path = "/api/journal/{entry_id:uuid}/chat"
    tags = ["journal"]
    dependencies = provide(entries=EntryService)

    @post(operation_id="chatWithEntry", status_code=200)
    async def chat(self, request: Request, entries: EntryService, entry_id: uuid.UUID, data: ChatIn) -> ChatOut:
        message = required_text(data.message, "message", MAX_QUESTION_CHARS)
        entry = await entries.own(request.user.id, entry_id)
        response = await answer_from_journal(entries, request.user.id, message, focus=entry)
        return ChatOut(success=True, response=response)
