"""The local provider: offline, on this machine. Embeddings + scikit-learn + rules, so no journal
text ever leaves it. It is the default, and the fallback whenever another provider fails."""

from __future__ import annotations

import functools
import re
from collections import Counter

import msgspec
import numpy as np

from models.constants import MAX_RELATED
from pipelines.embeddings import EMBEDDING_DIM, embed, embedded_together
from pipelines.highlights import embedding_texts, extract_highlights, limit_projects
from pipelines.mood import entry_sentence_vectors, mood_sentences, predict_mood, reads_sentences
from pipelines.providers.base import (
    AnalysisContext,
    EntryAnalysis,
    MoodOut,
    Passage,
    ProfileDraft,
    ProfileEntry,
)
from pipelines.providers.local_answers import (  # noqa: F401 (the answers' names, as before)
    NO_ANSWER,
    asked_feeling,
    compose_answer,
    compose_entry_answer,
    forget_sentence_vectors,
    is_entry_question,
    is_help_question,
    is_mood_question,
)
from pipelines.summaries import (
    DEFAULT_MAX_CHARS,
    DEFAULT_MAX_SENTENCES,
    summarize,
    summarize_text,
    summary_sentences,
)

# An existing goal or project counts as related to an entry above this cosine similarity.
RELATED_THRESHOLD = 0.45


def _related(text_vec: np.ndarray, names: list[str]) -> list[str]:
    if not names:
        return []
    scores = embed(names) @ text_vec
    ranked = sorted(zip(scores, names, strict=True), key=lambda pair: -pair[0])
    return [name for score, name in ranked if score >= RELATED_THRESHOLD][:MAX_RELATED]


def _analysis_texts(text: str, want_summary: bool, with_text: bool) -> list[str]:
    """What `analyze_entry` will embed: the entry (`with_text`: no vector given), the sentences its
    summary ranks (only an entry longer than its summary has them embedded, as `summarize` does) or
    the mood reads, and the clauses the highlight detector reads (`embedding_texts`)."""
    texts = [text] if with_text else []
    if reads_sentences():
        texts += [s for s in mood_sentences(text) if with_text or s != text.strip()]
    elif want_summary:
        sentences = summary_sentences(text)
        if len(sentences) > 1 and (len(sentences) > DEFAULT_MAX_SENTENCES
                                   or len(" ".join(sentences)) > DEFAULT_MAX_CHARS):
            texts += sentences
    return texts + embedding_texts(text)


class LocalProvider:
    name = "local"

    def analyze_entry(self, text: str, *, want_summary: bool, context: AnalysisContext,
                      embedding: np.ndarray | None = None) -> EntryAnalysis:
        # Every text the analysis embeds goes through the model once, in one call: a clause the
        # highlight detector reads is often a sentence the summary ranks, or the whole entry.
        with embedded_together(_analysis_texts(text, want_summary, embedding is None)):
            vector = embedding if embedding is not None else embed([text])[0]
            # The mood reads the summary's sentences: embedded once, for both.
            sentences = entry_sentence_vectors(text, vector)
            mood = predict_mood(text, vector, sentences)
            return EntryAnalysis(
                mood=MoodOut(mood=mood.mood, emoji=mood.emoji, text=mood.text),
                summary=summarize(text, embeddings=sentences) if want_summary else None,
                highlights=limit_projects(extract_highlights(text, today=context.today)),
                related_goals=_related(vector, context.existing_goals),
                related_projects=_related(vector, context.existing_projects),
            )

    def summarize(self, text: str) -> str:
        return summarize_text(text)  # several dated entries: a summary that covers each

    def build_profile(self, entries: list[ProfileEntry]) -> ProfileDraft:
        return build_local_profile(entries)

    def answer(self, question: str, passages: list[Passage]) -> str:
        return compose_answer(question, passages)

    def suggest_weekly_focus(self, material):  # type: ignore[no-untyped-def]
        from pipelines.weekly_focus.local import local_suggestion

        return local_suggestion(material)


# -- profile -------------------------------------------------------------------------------


def _entry_vectors(entries: list[ProfileEntry]) -> np.ndarray:
    """The entries' stored embeddings; the missing ones computed together in one batch."""
    missing = [i for i, e in enumerate(entries) if e.embedding is None]
    computed = embed([entries[i].content for i in missing]) if missing else None
    vectors = np.zeros((len(entries), EMBEDDING_DIM), dtype=np.float32)
    for i, entry in enumerate(entries):
        if entry.embedding is not None:
            vectors[i] = np.asarray(entry.embedding, dtype=np.float32)
    if computed is not None:
        vectors[missing] = computed
    return vectors


class StoryThread(msgspec.Struct, kw_only=True):
    """A thread of the personal story: a phrase the user wrote in two or more entries."""

    title: str
    name: str  # the title inside a sentence ("the loft conversion", "Dan")
    entry_ids: list[str]
    dates: list[str]


class StoryAction(msgspec.Struct, kw_only=True):
    text: str
    kind: str  # "task", "goal" or "thread" (a step on a recurring thread when too few are open)
    entry_id: str | None
    date: str | None


class LocalStory(msgspec.Struct, kw_only=True):
    """The local personal story before it is written out as text: what each part stands on."""

    threads: list[StoryThread]
    people: list[StoryThread]
    mood_mix: dict[str, int]
    actions: list[StoryAction]


# The recurring themes a story chooses its threads from.
THEMES_READ = 30
# Without the stored tasks (the generate-profile call), intentions are read from entries at most
# this many days older than the newest one: older ones are stale.
RECENT_INTENTION_DAYS = 14


def _dated(entries: list[ProfileEntry]) -> list[ProfileEntry]:
    from pipelines.themes import chronological

    return chronological(entries)


def _entry_moods(entries: list[ProfileEntry]) -> list[str]:
    """Each entry's stored mood (what the journal shows); only an entry never analysed is read now."""
    unread = [e for e in entries if not e.mood]
    vectors = _entry_vectors(unread) if unread else None
    read = {id(e): predict_mood(e.content, vectors[i]).text for i, e in enumerate(unread)}
    return [e.mood or read[id(e)] for e in entries]


def build_local_story(entries: list[ProfileEntry]) -> LocalStory:
    from pipelines.themes import about_by_meaning, merge_alike, parse_day, people_by_text, recurring_themes

    entries = _dated(entries)
    moods = _entry_moods(entries)
    mix = Counter(moods)
    people = []
    names, named_in = people_by_text([e.content for e in entries])
    for name in names:
        about = [e for e, found in zip(entries, named_in, strict=True) if name in found]
        if len(about) >= 2:
            people.append(StoryThread(title=name, name=name, entry_ids=[e.id for e in about],
                                      dates=[e.date for e in about]))
    named = {p.title.lower() for p in people}
    # "most often": the threads of the most entries first, then the most recent. Themes are taken
    # wide: the people among them, and short phrases the themes' own score favours, left swimming
    # (7 entries) out for a desk chair (2) on a tour.
    order = {e.id: i for i, e in enumerate(entries)}
    def someone(title: str) -> bool:
        """A theme that is a person listed already: their name, or it with a title or a second
        name ("Nonna Pina", "Mrs D'Souza" beside Nonna and Souza), every word capitalised."""
        words = title.replace("’", "'").replace("'", " ").split()
        return title.lower() in named or (all(w[:1].isupper() for w in words)
                                          and any(w.lower() in named for w in words))

    themes = sorted((t for t in recurring_themes(entries, limit=THEMES_READ) if not someone(t.title)),
                    key=lambda t: (-len(t.entry_ids), -max(order[i] for i in t.entry_ids)))
    # A thread is what its entries are about by meaning: one of its phrases must be.
    vectors = dict(zip((e.id for e in entries), _entry_vectors(entries), strict=True))
    meant = {t.key for t in about_by_meaning(themes, vectors, {n.lower() for n in names})}
    threads = []
    for group in merge_alike(themes, lambda t: t.entry_ids):  # one thread, named by its best three
        if not any(t.key in meant for t in group):
            continue
        ids = set().union(*(t.entry_ids for t in group))
        threads.append(StoryThread(title=_joined([group[0].title, *(t.name for t in group[1:3])]), name=group[0].name,
                                   entry_ids=[e.id for e in entries if e.id in ids],
                                   dates=[e.date for e in entries if e.id in ids]))
    threads = sorted(threads, key=lambda t: (-len(t.entry_ids), -order[t.entry_ids[-1]]))[:5]
    actions: list[StoryAction] = []
    newest_first = list(reversed(entries))
    if any(e.open_tasks is not None or e.open_goals is not None for e in entries):
        for kind in ("task", "goal"):
            for entry in newest_first:
                for text in (entry.open_tasks if kind == "task" else entry.open_goals) or []:
                    actions.append(StoryAction(text=text, kind=kind, entry_id=entry.id, date=entry.date))
    else:
        newest = parse_day(entries[-1].date)
        for entry in newest_first:
            if (newest - parse_day(entry.date)).days > RECENT_INTENTION_DAYS:
                break
            for highlight in _highlights_of(entry.content):
                kind = "goal" if highlight.type == "goal" else "task"
                actions.append(StoryAction(text=highlight.reformulation, kind=kind, entry_id=entry.id,
                                           date=entry.date))
    seen: set[str] = set()
    actions = [a for a in actions if not (a.text.lower() in seen or seen.add(a.text.lower()))]
    actions.sort(key=lambda a: a.kind != "task")
    for thread in threads:
        if len(actions) >= CONCRETE_ACTIONS:
            break
        actions.append(StoryAction(
            text=f"Set aside ten minutes this week to write about {thread.name}, which came up in {len(thread.entry_ids)} "
                 f"entries",
            kind="thread", entry_id=thread.entry_ids[-1], date=thread.dates[-1]))
    return LocalStory(threads=threads, people=people[:5], mood_mix=dict(mix.most_common()),
                      actions=actions[:CONCRETE_ACTIONS])


def _joined(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


# A thread of up to this many entries lists every date; a longer one (a year of journaling) its
# span and latest dates: 73 dates in one bullet filled a screen on a tour.
LISTED_DATES = 5


def _listing(dates: list[str]) -> str:
    if len(dates) <= LISTED_DATES:
        return _joined(dates)
    return f"{dates[0]} to {dates[-1]}, most recently {_joined(dates[-3:])}"


def build_local_profile(entries: list[ProfileEntry]) -> ProfileDraft:
    """A personal story made only of what the entries say: every statement points at entries."""
    if not entries:
        return ProfileDraft(short_summary="", full_profile="", blindspots=[], source_entry_ids=[])
    entries = _dated(entries)
    story = build_local_story(entries)
    total = len(entries)
    span = f"{entries[0].date} to {entries[-1].date}" if total > 1 else entries[0].date
    # What recurs: threads first, then people named in two or more entries ("Sam").
    # A person already named in a thread ("the canal with Sam") is not named again beside it.
    names: list[str] = []
    # "most often": the threads and people of the most entries first.
    for name in (t.name for t in sorted([*story.threads, *story.people], key=lambda t: -len(t.entry_ids))):
        if len(names) < 3 and not any(re.search(rf"\b{re.escape(name)}\b", n, re.IGNORECASE) for n in names):
            names.append(name)
    about = (", ".join(names[:-1]) + " and " + names[-1]) if len(names) > 1 else (names[0] if names else "")
    ranked = list(story.mood_mix.items())
    top = [m for m, n in ranked if n == ranked[0][1]]
    mood_text = (f"Your most frequent mood is {top[0].lower()} ({ranked[0][1]} of {total})." if len(top) == 1
                 else f"Your most frequent moods are {' and '.join(m.lower() for m in top)} ({ranked[0][1]} of "
                      f"{total} each).")
    opening = (f"Across {total} entries ({span}), you come back most often to {about}." if about
               else f"Across {total} entries ({span}), no subject has come back in two entries yet.")
    short = f"{opening} {mood_text}"
    lines = [short, "", "Your moods: " + ", ".join(f"{m} {n}" for m, n in ranked) + f" (of {total} entries).", ""]
    if story.threads:
        lines.append("What you keep coming back to:")
        lines += [f"- {t.title}: {len(t.entry_ids)} entries ({_listing(t.dates)})" for t in story.threads]
        lines.append("")
    if story.people:
        lines.append("The people in your story:")
        lines += [f"- {p.title}: {len(p.entry_ids)} entries ({_listing(p.dates)})" for p in story.people]
        lines.append("")
    lines.append("**Concrete Actions**:")
    for number, action in enumerate(story.actions, start=1):
        # A thread's step is dated by its latest entry, which "from" misread as where it started.
        lines.append(f"{number}. {action.text} ({'last written' if action.kind == 'thread' else 'from'} "
                     f"{action.date})")
    # Fewer intentions than five: general habits fill the list, each once (the same line twice read
    # as a glitch on a tour).
    for number, habit in zip(range(len(story.actions) + 1, CONCRETE_ACTIONS + 1), HABIT_ACTIONS, strict=False):
        lines.append(f"{number}. {habit}")
    intentions = [(e, h) for e in entries for h in _highlights_of(e.content)]
    blindspots = _blindspots(entries, intentions, Counter(story.mood_mix))
    sources = {i for t in story.threads + story.people for i in t.entry_ids} | {
        a.entry_id for a in story.actions if a.entry_id}
    return ProfileDraft(short_summary=short, full_profile="\n".join(lines), blindspots=blindspots,
                        source_entry_ids=sorted(sources))


# The areas of life a journal tends to be about (the therapist report groups entries by them).
LIFE_AREAS = {
    "work": "my job, work at the office, colleagues, my manager, clients, projects and deadlines",
    "health": "exercise, running, the gym, sleep, tiredness, food, coffee and my body",
    "family": "my mum, my dad, my parents, my children, my grandmother, my sister and relatives",
    "relationships": "my partner, my friends, dates, love and time together",
    "home life": "home, chores, laundry, cleaning, bills, the landlord, repairs and paperwork",
    "personal growth": "learning, reading books, new skills, habits, meditation and self-improvement",
    "your feelings": "worry, stress, sadness, anger, anxiety and how I feel",
    "travel": "trips, travel, holidays, plans and booking flights",
}
LIFE_AREA_MIN_SCORE = 0.15


CONCRETE_ACTIONS = 5
# The Concrete Actions that fill the list when the journal holds fewer intentions than five.
HABIT_ACTIONS = (
    "Write a few lines at the same time each day this week, even on quiet days.",
    "Reread last week's entries and note one thing you would do differently.",
    "Give ten minutes today to one small thing you keep putting off.",
    "End one entry this week with something that went well.",
    "Plan one restful hour this week, then write about how it went.",
)


@functools.lru_cache(maxsize=4096)
def _highlights_of(text: str) -> tuple:
    """An entry's intentions as the story reads them, kept for the entries of the last few stories
    in this process: a story is rewritten after new entries, and extraction is most of its cost
    (14 ms an entry); the year of entries it reads is mostly the same from one story to the next."""
    return tuple(extract_highlights(text))


def _blindspots(entries, intentions, moods: Counter) -> list[str]:
    spots = []
    repeated = Counter(h.reformulation.lower() for _, h in intentions)
    for text, count in repeated.most_common(2):
        if count > 1:
            spots.append(f"You have written \"{text}\" {count} times: it may need a first small step.")
    negative = sum(moods[m] for m in ("Sad", "Angry", "Anxious", "Tired"))
    if entries and negative / len(entries) > 0.5:  # "more than half", as it says
        spots.append("More than half of your entries carry a heavy mood; notice what tends to come before them.")
    return spots[:5]
