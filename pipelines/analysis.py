"""The analysis of saved entries, as plain functions over the database (the flows wrap them).

Rules that keep it trustworthy (docs/architecture.md, "The pipelines"):
- idempotent per content version: an entry already analysed at its current version is skipped,
  and a task, project or goal the user already has (said again in other words) is not created;
- the write is for the version that was read: if the content changed meanwhile, this run leaves
  it to the run the change triggered;
- one finished analysis per version: two runs of one entry may overlap (an edit queued right
  behind its save, a run resubmitted at start-up), and the entry's row lock decides which one
  writes; the other finds the version done and writes nothing;
- provider failures fall back to the local provider and are recorded on the entry.
"""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta
from typing import Any

import numpy as np
import sqlalchemy as sa
from sqlalchemy.orm import undefer

from models import Goal, JournalEntry, Profile, Project, Task
from models.constants import EMBEDDING_DIM, LATER, MAX_RELATED, STALE_TASK_DAYS
from models.dates import format_entry_date
from models.values import Mood
from pipelines import db
from pipelines.embeddings import embed, embedded_together, name_vectors
from pipelines.highlights import Highlight, embed_intentions, find_duplicates, intention_key, task_type
from pipelines.highlights.done import completed_by, done_statements
from pipelines.outcomes import AnalysisOutputs, EntryAnalysis, StoryOutputs, StoryRegeneration
from pipelines.providers import get_providers
from pipelines.providers.base import AnalysisContext, ProfileEntry
from pipelines.rules import (
    MAX_PROJECTS_PER_TYPE,
    PROFILE_REGENERATE_FROM,
    UNLOCK_PROFILE,
    UNLOCK_TASKS,
)
from pipelines.summaries import needs_new_summary


def _uuid(value: str | uuid.UUID) -> uuid.UUID:
    return value if isinstance(value, uuid.UUID) else uuid.UUID(str(value))


def _vectors(rows: list[Any], texts: list[str]) -> np.ndarray:
    """Stored intention vectors, computing (and not storing) any that are missing."""
    if not rows:
        return np.zeros((0, EMBEDDING_DIM), dtype=np.float32)
    missing = [i for i, row in enumerate(rows) if row.embedding is None]
    computed = embed_intentions([texts[i] for i in missing]) if missing else None
    out = []
    for i, row in enumerate(rows):
        if row.embedding is None:
            out.append(computed[missing.index(i)])  # type: ignore[index]
        else:
            out.append(np.asarray(row.embedding, dtype=np.float32))
    return np.vstack(out)


# Cosine similarity of an entry's embeddings before and after an edit below which the entry is
# about something else. Measured with all-MiniLM-L6-v2 on a 150-character entry: an added sentence
# keeps 0.88-0.98, a typo in its key word 0.83; its first 60 characters against the whole 0.55,
# "Hello" against it 0.03 (tests/api/test_journal_home_api.py).
MEANING_KEPT_SIMILARITY = 0.8


def meaning_changed(previous: Any, current: np.ndarray) -> bool:
    """Whether the entry's text now means something else than when it was last analysed."""
    if previous is None:
        return False
    before = np.asarray(previous, dtype=np.float32)
    norms = float(np.linalg.norm(before) * np.linalg.norm(current))
    return norms > 0 and float(before @ current) / norms < MEANING_KEPT_SIMILARITY


def analyse_entry(entry_id: str) -> EntryAnalysis:
    """Highlight extraction for one entry. Returns what it did."""
    try:
        key = _uuid(entry_id)
    except ValueError:
        return EntryAnalysis.skipped("no such entry")
    with db.session() as s:
        # Locked, so "running" cannot overwrite the "done" another run of this entry just wrote.
        entry = s.get(JournalEntry, key, with_for_update=True)
        if entry is None:
            return EntryAnalysis.skipped("entry deleted")
        if entry.is_analysed:
            return EntryAnalysis.skipped("already analysed")
        entry.start_analysis()
        s.commit()
        version, text, user_id = entry.content_version, entry.content, entry.user_id
        previous_vector = entry.embedding  # what the entry meant when it was last analysed
        # An imported entry was embedded from this very text on import: not embedded again.
        stored_vector = previous_vector if embedding_is_current(entry) else None
        want_summary = needs_new_summary(entry.summarised_length, len(text)) or not entry.summary
        goals = s.scalars(sa.select(Goal).where(Goal.user_id == user_id)).all()
        projects = s.scalars(sa.select(Project).where(Project.user_id == user_id)).all()
        entry_count = s.scalar(sa.select(sa.func.count()).where(JournalEntry.user_id == user_id)) or 0
        context = AnalysisContext(
            today=entry.entry_date,
            existing_goals=[g.text for g in goals],
            existing_projects=[p.name for p in projects],
        )

    vector = np.asarray(stored_vector, dtype=np.float32) if stored_vector is not None else embed([text])[0]
    # The 150-character rule spares summaries while typing; a text that now means something else
    # ("Hello" replaced by the real entry) gets a summary of what it says now.
    want_summary = want_summary or meaning_changed(previous_vector, vector)
    providers = get_providers()
    # The local provider relates the entry to every goal and project name: their vectors are kept
    # per user (`name_vectors`), so only a new name goes through the model.
    names = ({} if providers.primary is not providers.local
             else name_vectors(str(user_id), [*context.existing_goals, *context.existing_projects]))
    with embedded_together([], names):
        outcome = providers.run(
            lambda p: p.analyze_entry(text, want_summary=want_summary, context=context, embedding=vector)
        )
    analysis = outcome.value

    with db.session() as s:
        entry = s.get(JournalEntry, key, with_for_update=True)
        if entry is None:
            return EntryAnalysis.skipped("entry deleted")
        if entry.content_version != version:
            return EntryAnalysis.skipped("content changed during analysis")
        if entry.is_analysed:  # at `version`, the content being unchanged
            return EntryAnalysis.skipped("analysed meanwhile by another run")
        entry.embedding = vector.tolist()
        if entry.mood_source != "writer":  # a mood the writer gave in the app they came from stays theirs
            entry.mood = Mood(emoji=analysis.mood.emoji, text=analysis.mood.text).to_json()
        if want_summary and analysis.summary:
            entry.summary = analysis.summary
            entry.summarised_length = len(text)
        created, own = _create_from_highlights(s, entry, analysis.highlights, entry_count)
        # The goals and projects the entry is about: the ones it states (just created, or already
        # had in other words) first, then the existing ones it is close to.
        entry.related_goals = _merge_related(own["goals"], analysis.related_goals)
        entry.related_projects = _merge_related(own["projects"], analysis.related_projects)
        created["done_hints"] = hint_done_tasks(s, entry)
        created["expired"] = expire_stale_tasks(s, user_id, max(date.today(), entry.entry_date))
        # This run finished: its count of unfinished runs back to 0 (pipelines/flows/highlight_extraction.py).
        entry.finish_analysis(version, outcome.provider, outcome.fallback_reason)
        s.commit()

    return EntryAnalysis(status="done", outputs=AnalysisOutputs(
        provider=outcome.provider, fallback=outcome.fallback_reason, mood=analysis.mood.mood, created=created,
        entry_count=entry_count, user_id=str(user_id)))


def embedding_is_current(entry: JournalEntry) -> bool:
    """Whether the entry's stored embedding was made from its current text without an analysis:
    only an import stores one then (version 1, never analysed); an analysis stores it together
    with `analysed_version`, and any edit raises `content_version`."""
    return entry.analysed_version == 0 and entry.content_version == 1 and entry.embedding is not None


def batch_texts(entry_ids: list[str]) -> tuple[list[str], dict[str, np.ndarray]]:
    """What the analyses of these entries will embed, read now, so a batch goes through the model
    in one call (`pipelines.embeddings.embedded_together`): each entry's text and, when it will be
    summarised, its sentences; and the stored vectors still current for their text (imported
    entries), which are reused rather than embedded again. Entries already analysed are left out."""
    from pipelines.mood import mood_sentences, reads_sentences
    from pipelines.summaries import DEFAULT_MAX_CHARS, DEFAULT_MAX_SENTENCES, summary_sentences

    keys = []
    for value in entry_ids:
        try:
            keys.append(_uuid(value))
        except ValueError:
            continue
    texts: list[str] = []
    known: dict[str, np.ndarray] = {}
    if not keys:
        return texts, known
    with db.session() as s:
        entries = s.scalars(sa.select(JournalEntry).options(undefer(JournalEntry.embedding))
                            .where(JournalEntry.id.in_(keys))).all()
        for entry in entries:
            if entry.is_analysed:
                continue
            if embedding_is_current(entry):
                known[entry.content] = np.asarray(entry.embedding, dtype=np.float32)
            else:
                texts.append(entry.content)
            if needs_new_summary(entry.summarised_length, len(entry.content)) or not entry.summary:
                sentences = summary_sentences(entry.content)
                # Only an entry longer than its summary has its sentences embedded (summarize()).
                if len(sentences) > 1 and (len(sentences) > DEFAULT_MAX_SENTENCES
                                           or len(" ".join(sentences)) > DEFAULT_MAX_CHARS):
                    texts.extend(sentences)
            if reads_sentences():  # the mood model reads the same sentences (pipelines.mood)
                texts.extend(mood_sentences(entry.content))
    return texts, known


# The duplicate check compares a new intention with the user's rows nearest to it by meaning, this
# many per intention (pgvector, exact: these tables have no approximate index), not with all of
# them: the nearest one is what `find_duplicates` decides on, and loading every open task's vector
# for every entry made a long import's analyses grow with the tasks it had made.
DUPLICATE_CANDIDATES = 5


def _candidates(s: Any, model: Any, filters: list[Any], vectors: np.ndarray) -> list[Any]:
    """The ids of the user's rows (`filters`) nearest to each of `vectors` by cosine, and every
    row without a stored vector (its vector is computed when compared)."""
    ids: dict[Any, None] = {}
    for vector in vectors:
        ids.update(dict.fromkeys(s.scalars(
            sa.select(model.id).where(*filters, model.embedding.is_not(None))
            .order_by(model.embedding.cosine_distance(vector.tolist())).limit(DUPLICATE_CANDIDATES))))
    ids.update(dict.fromkeys(s.scalars(sa.select(model.id).where(*filters, model.embedding.is_(None)))))
    return list(ids)


def _matched(highlights: list[Highlight], existing: list[Any], existing_texts: list[str],
             vectors: np.ndarray | None = None):
    """Each highlight with the index of the existing row it repeats (said again in other words),
    else None, and its intention vector to store. `vectors`: `embed_intentions` of the highlights,
    when already made."""
    if not highlights:
        return []
    new = [h.reformulation for h in highlights]
    vectors = embed_intentions(new) if vectors is None else vectors
    # The duplicate check embeds the same intention keys: it takes these vectors (one model call).
    with embedded_together([], dict(zip((intention_key(t) for t in new), vectors, strict=True))):
        duplicates = find_duplicates(new, existing_texts, _vectors(existing, existing_texts))
    return list(zip(highlights, duplicates, vectors, strict=True))


def _unseen(highlights: list[Highlight], existing: list[Any], existing_texts: list[str],
            had: list[str] | None = None, vectors: np.ndarray | None = None):
    """The highlights the user does not already have (said again in other words counts as had),
    each with its intention vector to store. `had`, when given, collects the existing texts the
    other highlights repeat."""
    matched = _matched(highlights, existing, existing_texts, vectors)
    if had is not None:
        had.extend(existing_texts[d] if isinstance(d, int) else str(d) for _, d, _ in matched if d is not None)
    return [(h, vec) for h, duplicate, vec in matched if duplicate is None]


def _merge_related(own: list[str], related: list[str]) -> list[str]:
    merged: list[str] = []
    for name in [*own, *related]:
        if name and name not in merged:
            merged.append(name)
    return merged[:MAX_RELATED]


DONE_HINT_CHARS = 200  # the words quoted in a task's done hint
# An entry that says something was done is read against the user's latest open tasks, this many
# (the ones it can be about), not all of them: reading every open task made each analysis of a long
# import slower than the one before.
DONE_HINT_TASKS = 100


def hint_done_tasks(s: Any, entry: JournalEntry) -> int:
    """Mark the open tasks of the user's earlier entries that this entry reads as saying are done
    ("Booked the train tickets to Leeds."), for the user to confirm: a hint, never a completion
    (measured precision on held-out text is below what closing a task by itself would need). Hints
    an earlier reading of this entry gave and its text no longer says go (an edit). Only tasks the
    analysis made. Returns how many hints were given."""
    # Only what this entry itself hinted before, unless it says something was done: then also the
    # user's latest DONE_HINT_TASKS open tasks from entries up to its day.
    rows = list(s.scalars(sa.select(Task).where(Task.user_id == entry.user_id, Task.done_hint_entry_id == entry.id)))
    if done_statements(entry.content):
        latest = s.execute(
            sa.select(Task).join(JournalEntry, Task.entry_id == JournalEntry.id)
            .where(Task.user_id == entry.user_id, Task.is_ai_generated.is_(True), Task.completed.is_(False),
                   Task.entry_id != entry.id, JournalEntry.entry_date <= entry.entry_date)
            .order_by(JournalEntry.entry_date.desc(), Task.created_at.desc()).limit(DONE_HINT_TASKS)
        ).scalars().all()
        rows += [t for t in latest if t not in rows]
    done = completed_by(entry.content, [t.text for t in rows])
    for i, task in enumerate(rows):
        if i in done:
            said = " ".join(done[i].split())
            said = said if len(said) <= DONE_HINT_CHARS else said[: DONE_HINT_CHARS - 1].rstrip() + "\u2026"
            task.done_hint = f'On {format_entry_date(entry.entry_date)} you wrote: "{said}"'
            task.done_hint_entry_id = entry.id
        elif task.done_hint_entry_id == entry.id:
            task.done_hint = task.done_hint_entry_id = None
    return len(done)


def expire_stale_tasks(s: Any, user_id: uuid.UUID, today: date) -> int:
    """Move the user's stale extracted tasks (models.constants, STALE_TASK_DAYS: their due date,
    else the day said, more than that many days past) out of "today" / "this week" to "later"; a
    "today" task from an earlier day moves to the week. Completed and selected (Weekly Focus) tasks
    are the user's own choice and are left alone. Returns how many moved."""
    rows = s.execute(
        sa.select(Task, JournalEntry.entry_date).outerjoin(JournalEntry, Task.entry_id == JournalEntry.id)
        .where(Task.user_id == user_id, Task.completed.is_(False), Task.is_selected.is_(False),
               Task.is_ai_generated.is_(True), Task.timeframe.in_(("today", "week")))
    ).all()
    moved = 0
    for task, said_on in rows:
        day = task.due_date or said_on or task.created_at.date()
        if (today - day).days > STALE_TASK_DAYS:
            task.timeframe = LATER
            moved += 1
        elif task.timeframe == "today" and day < today:
            task.timeframe = "week"
            moved += 1
    return moved


def _timeframe(highlight: Highlight) -> str:
    return highlight.metadata.timeframe if highlight.metadata.timeframe in ("today", "week") else "week"


def _due(highlight: Highlight) -> date | None:
    return date.fromisoformat(highlight.metadata.due_date) if highlight.metadata.due_date else None


def _restate(s: Any, task: Task, highlight: Highlight, entry: JournalEntry) -> int:
    """An entry at least as recent as the one an open task came from states it again (the tour's
    "Must pay the electricity bill by Friday" in December, October and November): the task takes
    this mention, its entry (what "from your entry of" quotes), its due date, timeframe and priority,
    so a year-old deadline is not shown overdue. A due date still ahead of this entry is kept when
    this mention names none ("by Friday", then "still haven't paid it" on Wednesday). A done hint
    from an entry before this one is answered by it (still to do). The user's marks stay: the
    text, completed, selected (a Weekly Focus task keeps its timeframe, which the limits count)
    and liked; a task the user wrote is theirs and is left alone, as is a completed one (this
    entry's own, re-analysed after an edit). Returns 1 when the task changed, else 0."""
    if task.completed or not task.is_ai_generated:
        return 0
    due = _due(highlight)
    if due is None and task.due_date is not None and task.due_date >= entry.entry_date:
        due = task.due_date
    task.entry_id, task.due_date = entry.id, due
    task.priority = highlight.metadata.priority or task.priority
    if not task.is_selected:
        task.timeframe = _timeframe(highlight)
    if task.done_hint_entry_id is not None and task.done_hint_entry_id != entry.id:
        hinted = s.scalar(sa.select(JournalEntry.entry_date).where(JournalEntry.id == task.done_hint_entry_id))
        if hinted is None or hinted < entry.entry_date:
            task.done_hint = task.done_hint_entry_id = None
    return 1


def _create_from_highlights(s: Any, entry: JournalEntry, highlights: list[Highlight],
                            entry_count: int) -> tuple[dict[str, int], dict[str, list[str]]]:
    """Create what the entry states. Goals and projects are remembered from the first entry on:
    their unlock (3 and 2 entries) is for display, not for what is kept. Returns the counts and
    the goals/projects the entry states (created now or already had)."""
    user_id = entry.user_id
    created = {"tasks": 0, "restated": 0, "projects": 0, "goals": 0}
    own: dict[str, list[str]] = {"goals": [], "projects": []}

    def of_type(kind: str, unlocked_at: int) -> list[Highlight]:
        return [h for h in highlights if h.type == kind] if entry_count >= unlocked_at else []

    tasks = of_type("task", UNLOCK_TASKS)
    goals = [h for h in highlights if h.type == "goal"]
    projects = [h for h in highlights if h.type == "project"]
    if tasks:
        # The open tasks, and this entry's own completed ones (an edit re-analysed says them again):
        # the ones nearest to what the entry states.
        vectors = embed_intentions([h.reformulation for h in tasks])
        near = _candidates(s, Task, [Task.user_id == user_id,
                                     sa.or_(Task.completed.is_(False), Task.entry_id == entry.id)], vectors)
        rows = s.execute(
            sa.select(Task, JournalEntry.entry_date, JournalEntry.created_at).options(undefer(Task.embedding))
            .outerjoin(JournalEntry, Task.entry_id == JournalEntry.id).where(Task.id.in_(near))
        ).all() if near else []
        existing = [row.Task for row in rows]
        for highlight, index, vec in _matched(tasks, existing, [t.text for t in existing], vectors):
            if index is not None:
                said = rows[index]
                saying = (entry.entry_date, entry.created_at)
                if said.entry_date is None or (said.entry_date, said.created_at) <= saying:
                    created["restated"] += _restate(s, said.Task, highlight, entry)
                continue
            s.add(Task(
                user_id=user_id, entry_id=entry.id, text=highlight.reformulation,
                timeframe=_timeframe(highlight), priority=highlight.metadata.priority or "medium",
                type=task_type(highlight.reformulation, entry.content), project_ref=highlight.metadata.project_ref,
                is_ai_generated=True, embedding=vec.tolist(), due_date=_due(highlight),
            ))
            created["tasks"] += 1
    if goals:
        vectors = embed_intentions([h.reformulation for h in goals])
        near = _candidates(s, Goal, [Goal.user_id == user_id], vectors)
        existing = s.scalars(sa.select(Goal).options(undefer(Goal.embedding)).where(Goal.id.in_(near))).all() \
            if near else []
        for highlight, vec in _unseen(goals, existing, [g.text for g in existing], own["goals"], vectors):
            s.add(Goal(user_id=user_id, entry_id=entry.id, text=highlight.reformulation,
                       timeframe=highlight.metadata.timeframe or "year", embedding=vec.tolist()))
            own["goals"].append(highlight.reformulation)
            created["goals"] += 1
    if projects:
        vectors = embed_intentions([h.reformulation for h in projects])
        near = _candidates(s, Project, [Project.user_id == user_id], vectors)
        existing = s.scalars(sa.select(Project).options(undefer(Project.embedding))
                             .where(Project.id.in_(near))).all() if near else []
        per_type: dict[str, int] = {}
        for highlight, vec in _unseen(projects, existing, [p.name for p in existing], own["projects"], vectors):
            kind = task_type(highlight.reformulation, entry.content)
            if per_type.get(kind, 0) >= MAX_PROJECTS_PER_TYPE:
                continue
            per_type[kind] = per_type.get(kind, 0) + 1
            s.add(Project(user_id=user_id, entry_id=entry.id, name=highlight.reformulation[:200], type=kind,
                          embedding=vec.tolist()))
            own["projects"].append(highlight.reformulation[:200])
            created["projects"] += 1
    return created, own


def should_regenerate_profile(user_id: str) -> bool:
    """The personal story unlocks at 4 entries (made once) and is regenerated from 10 on."""
    try:
        key = _uuid(user_id)
    except ValueError:
        return False
    with db.session() as s:
        count = s.scalar(sa.select(sa.func.count()).where(JournalEntry.user_id == key)) or 0
        if count < UNLOCK_PROFILE:
            return False
        profile = s.get(Profile, key)
        return profile is None or not profile.full_profile or count >= PROFILE_REGENERATE_FROM


# The personal story, Meaning & Purpose and Career read the user's latest entries, this many: a
# year of daily writing. Every part of them is computed in time near linear in the entries it
# reads, so a ten-year journal's regeneration costs what a year's does (tests/benchmarks,
# bench_profile_regeneration); what the story says is over those entries, and it says so.
STORY_ENTRIES = 365


def _read_window(draft: Any, material: list[ProfileEntry], total: int) -> Any:
    """The story of a journal longer than STORY_ENTRIES says which entries it read."""
    import msgspec

    said = (f"This story reads your latest {len(material):,} of {total:,} entries, from {material[0].date} "
            f"to {material[-1].date}.")
    return msgspec.structs.replace(draft, short_summary=f"{draft.short_summary} {said}".strip(),
                                   full_profile=f"{said}\n\n{draft.full_profile}")


# A goal is kept in the story this long (goals are for the month, the quarter or the year).
STORY_GOAL_DAYS = 180


def open_actions(tasks: list[Any], goals: list[Any], entry_dates: dict[Any, date], today: date
                 ) -> tuple[dict[Any, list[str]], dict[Any, list[str]]]:
    """Per entry id: its tasks that are neither completed nor stale, and its goals not reached
    and not stale. A task is stale when moved to "later" or (with no due date) when the entry that
    said it is more than STALE_TASK_DAYS old (models.constants); it is no action to suggest once its
    due date has passed, nor once a later entry reads as saying it is done (its done hint)."""
    open_tasks: dict[Any, list[str]] = {}
    open_goals: dict[Any, list[str]] = {}
    for row in tasks:
        said = entry_dates.get(row.entry_id)
        if (row.entry_id is None or said is None or row.completed or row.timeframe == LATER
                or getattr(row, "done_hint", None)):
            continue
        due = getattr(row, "due_date", None)
        if (due is not None and due < today) or (due is None and today - said > timedelta(days=STALE_TASK_DAYS)):
            continue
        open_tasks.setdefault(row.entry_id, []).append(row.text)
    for row in goals:
        said = entry_dates.get(row.entry_id)
        if row.entry_id is None or said is None or (row.progress or 0) >= 100:
            continue
        if today - said > timedelta(days=STORY_GOAL_DAYS):
            continue
        open_goals.setdefault(row.entry_id, []).append(row.text)
    return open_tasks, open_goals


def regenerate_profile(user_id: str, *, force: bool = False) -> StoryRegeneration:
    """The personal story from the entries, each with its stored mood and its open, recent tasks
    and goals (so the mood mix matches the journal and Concrete Actions are still to do).
    Meaning & Purpose (from UNLOCK_PURPOSE entries) and Career Vision & Growth are derived locally
    with their citations (pipelines/purpose.py) whichever provider writes the story."""
    import msgspec

    from models import Resume
    from pipelines.purpose import WorkItem, build_career, build_meaning
    from pipelines.rules import UNLOCK_PURPOSE
    from pipelines.work_sense import work_reader

    def said_in(row: Any) -> str | None:
        return str(row.entry_id) if row.entry_id else None

    try:
        key = _uuid(user_id)
    except ValueError:
        return StoryRegeneration.skipped("no such user")
    today = datetime.now(UTC).date()
    with db.session() as s:
        total = s.scalar(sa.select(sa.func.count()).where(JournalEntry.user_id == key)) or 0
        # The latest STORY_ENTRIES entries, oldest first: what every part of the story reads.
        entries = list(reversed(s.scalars(
            sa.select(JournalEntry).options(undefer(JournalEntry.embedding)).where(JournalEntry.user_id == key)
            .order_by(JournalEntry.entry_date.desc(), JournalEntry.created_at.desc()).limit(STORY_ENTRIES)
        ).all()))
        if not entries or (total < UNLOCK_PROFILE and not force):
            return StoryRegeneration.skipped(f"the personal story unlocks at {UNLOCK_PROFILE} entries")
        tasks = s.scalars(sa.select(Task).where(Task.user_id == key, Task.completed.is_(False))).all()
        goals = s.scalars(sa.select(Goal).where(Goal.user_id == key)).all()
        open_tasks, open_goals = open_actions(list(tasks), list(goals), {e.id: e.entry_date for e in entries}, today)
        material = [
            ProfileEntry(id=str(e.id), date=format_entry_date(e.entry_date), content=e.content, summary=e.summary,
                         mood=(e.mood or {}).get("text"), embedding=e.embedding,
                         open_tasks=open_tasks.get(e.id, []), open_goals=open_goals.get(e.id, []))
            for e in entries
        ]
        resume = s.scalar(sa.select(Resume.content).where(Resume.user_id == key))
        projects = s.scalars(sa.select(Project).where(Project.user_id == key)).all()
        work = [*(WorkItem(text=t.text, kind="task", professional=t.type == "professional", entry_id=said_in(t),
                           open=t.text in open_tasks.get(t.entry_id, [])) for t in tasks),
                *(WorkItem(text=g.text, kind="goal", professional=task_type(g.text) == "professional",
                           entry_id=said_in(g), open=(g.progress or 0) < 100) for g in goals),
                *(WorkItem(text=p.name, kind="project", professional=p.type == "professional", entry_id=said_in(p),
                           open=p.status == "Active") for p in projects)]
        # What entries outside the window said is not read either.
        read = {str(e.id) for e in entries}
        work = [item for item in work if item.entry_id is None or item.entry_id in read]
    outcome = get_providers().run(lambda p: p.build_profile(material))
    draft = outcome.value
    if total > len(material):
        draft = _read_window(draft, material, total)
    known = {m.id for m in material}
    is_work = work_reader(material, resume)  # read once for both
    meaning = build_meaning(material, is_work) if len(material) >= UNLOCK_PURPOSE else None
    career = build_career(material, resume, work, is_work)
    with db.session() as s:
        profile = s.get(Profile, key) or Profile(user_id=key)
        profile.short_summary = draft.short_summary
        profile.full_profile = draft.full_profile
        profile.blindspots = draft.blindspots
        profile.source_entry_ids = [i for i in draft.source_entry_ids if i in known]
        profile.meaning = msgspec.to_builtins(meaning) if meaning else None
        profile.career = msgspec.to_builtins(career)
        profile.entry_count = total
        profile.provider = outcome.provider
        profile.updated_at = datetime.now(UTC)
        s.merge(profile)
        s.commit()
    return StoryRegeneration(status="done",
                             outputs=StoryOutputs(provider=outcome.provider, entries=total, read=len(material)))
