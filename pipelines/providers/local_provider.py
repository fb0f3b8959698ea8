"""The local provider: offline, on this machine. Embeddings + scikit-learn + rules, so no journal
text ever leaves it. It is the default, and the fallback whenever another provider fails."""

from __future__ import annotations

import functools
import hashlib
import re
import threading
from collections import Counter, OrderedDict

import msgspec
import numpy as np

from models.constants import MAX_RELATED
from pipelines.embeddings import EMBEDDING_DIM, embed
from pipelines.highlights import extract_highlights, limit_projects, split_sentences
from pipelines.mood import entry_sentence_vectors, predict_mood
from pipelines.providers.base import (
    AnalysisContext,
    EntryAnalysis,
    MoodOut,
    Passage,
    ProfileDraft,
    ProfileEntry,
)
from pipelines.summaries import summarize

# An existing goal or project counts as related to an entry above this cosine similarity.
RELATED_THRESHOLD = 0.45
# A retrieved passage must be at least this similar to the question to be quoted in an answer
# (on the corpus' dev entries, questions an entry answers score 0.45-0.75 with it, unrelated
# questions under 0.30); a passage that names a name or a word of 5+ letters the question names
# needs only NAMED_MIN_SCORE (the embedding model reads names weakly: "How is Mark?").
ANSWER_MIN_SCORE = 0.35
NAMED_MIN_SCORE = 0.2
NO_ANSWER = "I couldn't find anything in your journal about that yet."
# Entries quoted in an answer score at least this share of the best-matching entry's score.
QUOTE_RELATIVE = 0.8


def _related(text_vec: np.ndarray, names: list[str]) -> list[str]:
    if not names:
        return []
    scores = embed(names) @ text_vec
    ranked = sorted(zip(scores, names, strict=True), key=lambda pair: -pair[0])
    return [name for score, name in ranked if score >= RELATED_THRESHOLD][:MAX_RELATED]


class LocalProvider:
    name = "local"

    def analyze_entry(self, text: str, *, want_summary: bool, context: AnalysisContext,
                      embedding: np.ndarray | None = None) -> EntryAnalysis:
        vector = embedding if embedding is not None else embed([text])[0]
        # The mood reads the summary's sentences (round 5): embedded once, for both.
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
        return summarize(text)

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
    from pipelines.themes import known_people, parse_day, people_in, recurring_themes

    entries = _dated(entries)
    moods = _entry_moods(entries)
    mix = Counter(moods)
    people = []
    for name in known_people([e.content for e in entries]):
        about = [e for e in entries if name in people_in(e.content, [name])]
        if len(about) >= 2:
            people.append(StoryThread(title=name, name=name, entry_ids=[e.id for e in about],
                                      dates=[e.date for e in about]))
    named = {p.title.lower() for p in people}
    threads = [StoryThread(title=t.title, name=t.name, entry_ids=[e.id for e in entries if e.id in t.entry_ids],
                           dates=[e.date for e in entries if e.id in t.entry_ids])
               for t in recurring_themes(entries, limit=8) if t.title.lower() not in named]
    # "most often": the threads of the most entries first (the themes' own order among equals)
    threads = sorted(threads, key=lambda t: -len(t.entry_ids))[:5]
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
            for highlight in extract_highlights(entry.content):
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


def _listing(dates: list[str]) -> str:
    return dates[0] if len(dates) == 1 else ", ".join(dates[:-1]) + " and " + dates[-1]


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
    for name in (t.name for t in [*story.threads, *story.people]):
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
        lines.append(f"{number}. {action.text} (from {action.date})")
    # Fewer intentions than five: general habits fill the list, each once (the same line twice read
    # as a glitch on a tour).
    for number, habit in zip(range(len(story.actions) + 1, CONCRETE_ACTIONS + 1), HABIT_ACTIONS, strict=False):
        lines.append(f"{number}. {habit}")
    intentions = [(e, h) for e in entries for h in extract_highlights(e.content)]
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


@functools.cache
def _life_area_vectors() -> np.ndarray:
    return embed(list(LIFE_AREAS.values()))


def life_areas(texts: list[str], *, limit: int = 3, vectors: np.ndarray | None = None) -> list[str]:
    """The areas of life the entries are most often about, by meaning rather than by word.
    `vectors`, when given, are `embed(texts)`, already computed."""
    names = list(LIFE_AREAS)
    scores = (embed(texts) if vectors is None else vectors) @ _life_area_vectors().T
    counts = Counter(names[int(i)] for i, row in zip(scores.argmax(axis=1), scores, strict=True)
                     if row.max() >= LIFE_AREA_MIN_SCORE)
    return [name for name, _ in counts.most_common(limit)]


def _blindspots(entries, intentions, moods: Counter) -> list[str]:
    spots = []
    repeated = Counter(h.reformulation.lower() for _, h in intentions)
    for text, count in repeated.most_common(2):
        if count > 1:
            spots.append(f"You have written \"{text}\" {count} times: it may need a first small step.")
    negative = sum(moods[m] for m in ("Sad", "Angry", "Anxious", "Tired"))
    if entries and negative / len(entries) >= 0.5:
        spots.append("More than half of your entries carry a heavy mood; notice what tends to come before them.")
    return spots[:5]


# -- answers ---------------------------------------------------------------------------------
# A question about moods in general ("How has my mood changed?", "How have I been feeling lately?") is
# answered from how the stored moods went; one about a single feeling ("What was I worried about?",
# "When was I exhausted?") from the entries whose stored mood is that feeling. Any other question
# with "feel" in it ("When did I feel proud?") is a question about a topic: retrieval answers it.
_MOOD_QUESTION = re.compile(
    r"\b(?:moods?|emotions?|emotional|happier|sadder|feelings)\b|\bbeen\s+feeling\b"
    r"|\bhow\s+(?:have|did|do|am)\s+i\s+(?:been\s+)?fe(?:el|lt|eling)\b"
    r"|\bfe(?:el|eling|lt)\s+(?:lately|recently|overall|better|worse)\b",
    re.IGNORECASE,
)
_FEELINGS = {
    "Anxious": r"worried|worrying|worry|worries|anxious|anxiety|nervous|stressed|scared|afraid|panicked|panicky|uneasy",
    "Happy": r"happy|glad|joyful|cheerful|delighted",
    "Sad": r"sad|unhappy|depressed|miserable|lonely|heartbroken",
    "Angry": r"angry|annoyed|furious|frustrated|irritated|livid|fuming",
    "Tired": r"tired|exhausted|drained|shattered|knackered|worn\s+out",
    "Loving": r"loving|affectionate",
}
_FEELING = {mood: re.compile(rf"\b(?:{words})\b", re.IGNORECASE) for mood, words in _FEELINGS.items()}
_QUESTION_NAME = re.compile(r"(?<!^)\b[A-Z][a-z]+\b")
# Words of a question that say nothing about its topic.
_QUESTION_WORDS = frozenset(["about", "after", "again", "always", "before", "being", "could", "doing", "during", "every", "going", "happen", "happened", "journal", "never", "often", "should", "since", "there", "these", "thing", "things", "think", "those", "today", "usually", "wants", "where", "which", "while", "would", "write", "wrote", "written", "really"])


def asked_feeling(question: str) -> str | None:
    """The one mood a question asks about ("What was I worried about?" -> Anxious); None for a
    question about moods in general, about two feelings, or about none."""
    if _MOOD_QUESTION.search(question):
        return None
    found = [mood for mood, pattern in _FEELING.items() if pattern.search(question)]
    return found[0] if len(found) == 1 else None


def is_mood_question(question: str) -> bool:
    """"How has my mood changed?", "Have I been feeling better?", "What was I worried about?":
    answered from the stored moods, not by retrieval."""
    return bool(_MOOD_QUESTION.search(question)) or asked_feeling(question) is not None


# In one entry's chat ('Ask something about this entry...'), a question that points at that entry
# ("What happened that day?", "Summarise this entry", "How did I feel?" with nothing after it but
# "then", "here" or "that day") is answered from the entry first; a question about the journal as a
# whole ("How have I been feeling lately?", "What was I worried about?") still retrieves over all.
_ENTRY_QUESTION = re.compile(
    r"\b(?:this|that|the\s+same)\s+(?:entry|day|morning|afternoon|evening|night|page|note)\b"
    r"|\bwhen\s+i\s+wrote\s+(?:this|that|it)\b|\bin\s+here\b"
    r"|^\W*(?:how|what)\s+(?:did|was)\s+i\s+(?:feel|feeling|seem)(?:\s+(?:then|here|there))?\W*$"
    r"|^\W*what\s+(?:was|were)\s+my\s+(?:mood|feelings?)(?:\s+(?:then|here|there))?\W*$",
    re.IGNORECASE,
)


def is_entry_question(question: str) -> bool:
    """Whether a question asked in an entry's chat is about that entry rather than the journal."""
    return bool(_ENTRY_QUESTION.search(question.strip()))


def compose_entry_answer(question: str, entry: Passage, others: list[Passage]) -> str:
    """The answer to a question about the open entry: its date, its mood and its sentence closest to
    the question; for a question about how the writer felt, how the moods went across the journal
    after it (from `others`, the recent entries with their moods), so the day is seen in its trend."""
    sentence = _best_sentences(question, [entry])[0]
    if entry.mood:
        head = f'On {entry.date} your mood was {entry.mood}. You wrote: "{sentence}"'
    else:
        head = f'On {entry.date} you wrote: "{sentence}"'
    if not is_mood_question(question):
        return head
    trend = _mood_answer([entry, *(p for p in others if p.entry_id != entry.entry_id)])
    return head if trend == NO_ANSWER else f"{head}\n\n{trend}"


def _feeling_answer(question: str, feeling: str, passages: list[Passage]) -> str:
    """The latest entries whose stored mood is `feeling`, each quoted by its sentence closest to the
    question, with its date."""
    chosen = sorted((p for p in passages if p.mood == feeling), key=lambda p: _sortable(p.date), reverse=True)[:3]
    if not chosen:
        return NO_ANSWER
    return "Here is what your journal says:\n" + "\n".join(
        f'On {p.date} ({feeling}) you wrote: "{sentence}"' for p, sentence in zip(chosen, _best_sentences(question, chosen),
                                                                              strict=True))


def _mood_answer(passages: list[Passage]) -> str:
    """How the moods of the dated entries compare, the earlier half against the later half."""
    dated = [p for p in passages if p.mood]
    if len(dated) < 2:
        return NO_ANSWER
    dated.sort(key=lambda p: _sortable(p.date))
    half = len(dated) // 2
    earlier, later = dated[:half], dated[half:]

    def named(moods: list[str], count: int) -> str:
        names = moods[0] if len(moods) == 1 else ", ".join(moods[:-1]) + " and " + moods[-1]
        return f"{names} ({count}{' each' if len(moods) > 1 else ''})"

    def mix(part: list[Passage]) -> str:
        """"all Happy (3)", "mostly Happy (2 of 3), then Sad (1)", "a mix of Anxious, Tired and
        Happy, 1 each", "a mix of Sad and Tired (2 each), then Happy (1)" ("mostly Anxious 1, Tired 1,
        Happy 1" and "a mix: Tired 2, Neutral 2, Angry 1" read oddly)."""
        counts = Counter(p.mood for p in part).most_common()[:3]
        (top, most) = counts[0]
        if len(counts) == 1:
            return f"all {top} ({most})"
        tiers = [(n, [m for m, c in counts if c == n]) for n in sorted({c for _, c in counts}, reverse=True)]
        leaders = tiers[0][1]
        then = ", ".join(named(moods, n) for n, moods in tiers[1:])
        if len(leaders) == 1:
            return f"mostly {top} ({most} of {len(part)}), then {then}"
        if len(tiers) == 1:
            return f"a mix of {', '.join(leaders[:-1])} and {leaders[-1]}, {most} each"
        return f"a mix of {named(leaders, most)}, then {then}"

    lines = [
        f"From {earlier[0].date} to {earlier[-1].date} your entries were {mix(earlier)};",
        f"from {later[0].date} to {later[-1].date}, {mix(later)}.",
    ]
    return "Here is how your moods have gone:\n" + "\n".join(lines)


def _sortable(day: str) -> tuple[int, ...]:
    parts = [int(x) for x in re.findall(r"\d+", day)]
    return (parts[2], parts[0], parts[1]) if len(parts) == 3 and parts[2] > 31 else tuple(parts)


# "What do I do to relax?", "What helps me sleep?", "What makes me laugh?", "When do I feel calm?",
# "How do I unwind?": a question about what works for the writer. Ranked on whole entries, such a
# question was answered by an entry whose every sentence is off the point ("What do I do to relax?"
# -> "Slept badly.": a short entry is all one topic, so the whole entry scores high), or by the
# trouble itself ("What helps me sleep?" -> "Slept badly."). It is answered from sentences: the one
# quoted must itself be close to the question, and for what helps, not a report of the trouble.
_HELP_QUESTION = re.compile(
    r"^\W*(?:what|which\s+things?)\s+(?:do|did|can)\s+i\s+(?:usually\s+)?do\s+(?:to|for|when)\s+\S"
    r"|^\W*what\s+(?:usually\s+|really\s+)?(?:helps?|helped|works?|worked)\s+(?:for\s+)?me\s+\S"
    r"|^\W*how\s+do\s+i\s+(?:usually\s+)?(?:relax|unwind|de-?stress|calm\s+down|switch\s+off|cope|recharge|sleep)\b",
    re.IGNORECASE,
)
# "When do I feel calm?", "What makes me laugh?": after the stored moods had their say ("When do I
# feel stressed?" is answered from the Anxious entries), answered from sentences too.
_WHEN_QUESTION = re.compile(
    r"^\W*what\s+(?:usually\s+|really\s+)?(?:makes?|made)\s+me\s+\S"
    r"|^\W*when\s+do\s+i\s+(?:usually\s+)?(?:feel|get|am|seem)\s+\S",
    re.IGNORECASE,
)
# A question about a bad time ("When do I feel overwhelmed?") is answered by the trouble itself.
_HEAVY_TOPIC = re.compile(r"\b(?:overwhelmed|low|down|upset|hurt|guilty|ashamed|stuck|lost|empty|tense|bad|worse|"
                          r"awful|rubbish|cry|crying|panic)\b", re.IGNORECASE)
# A sentence that reports the trouble ("Slept badly.", "Couldn't switch off.") answers no question
# about what helps, unless it also says what eased it ("...but the walk helped").
_TROUBLE = re.compile(
    r"\b(?:badly|barely|hardly|poorly|couldn'?t|could\s+not|can'?t\s+(?:sleep|relax|settle|switch|stop|cope|"
    r"unwind|rest|calm)|didn'?t|wasn'?t|no\s+sleep|awake|restless|insomnia|rough|awful|terrible|worse|"
    r"kept\s+racing|tossing|sleepless|wound\s+up|on\s+edge|too\s+\w+(?:\s+\w+)?\s+to)\b",
    re.IGNORECASE,
)
_RELIEF = re.compile(r"\b(?:help(?:s|ed)?|better|eased|soothing|lovely)\b", re.IGNORECASE)
# A quoted sentence must score at least this with the question (on a ten-entry journal, sentences
# that answer "What do I do to relax?" scored 0.31-0.38, "Slept badly." 0.28).
HELP_SENTENCE_MIN = 0.30
# Sentences are scored lower than whole entries and closer together: the quoted ones score at least
# this share of the best one ("Read three chapters of my book on the sofa" 0.35 beside "Yoga before
# work." 0.45 for "What do I do to relax?").
HELP_QUOTE_RELATIVE = 0.75


def is_help_question(question: str) -> bool:
    """"What do I do to relax?", "What helps me sleep?", "How do I unwind?"."""
    return bool(_HELP_QUESTION.search(question.strip()))


def _reports_trouble(sentence: str) -> bool:
    return bool(_TROUBLE.search(sentence)) and not _RELIEF.search(sentence)


def _help_answer(question: str, passages: list[Passage], *, skip_trouble: bool = True) -> str:
    """Each retrieved entry's sentence closest to the question that is close enough and (with
    `skip_trouble`) is not a report of the trouble; the entries whose sentence is near the best
    one's, best first."""
    candidates = [p for p in passages if p.score > 0]
    if not candidates:
        return NO_ANSWER
    per_passage = [split_sentences(p.text) or [p.text] for p in candidates]
    vectors = passage_sentence_vectors(question, [(p.entry_id, s) for p, s in zip(candidates, per_passage,
                                                                                    strict=True)])
    qvec, offset, found = vectors[0], 1, []
    for passage, sentences in zip(candidates, per_passage, strict=True):
        scores = vectors[offset:offset + len(sentences)] @ qvec
        offset += len(sentences)
        eligible = [(float(score), sentence.strip()) for score, sentence in zip(scores, sentences, strict=True)
                    if score >= HELP_SENTENCE_MIN and not (skip_trouble and _reports_trouble(sentence))]
        if eligible:
            score, sentence = max(eligible)
            found.append((score, passage, sentence))
    if not found:
        return NO_ANSWER
    found.sort(key=lambda item: -item[0])
    top = found[0][0]
    chosen = [(p, sentence) for score, p, sentence in found if score >= HELP_QUOTE_RELATIVE * top][:3]
    return "Here is what your journal says:\n" + "\n".join(f'On {p.date} you wrote: "{_with_context(p, sentence)}"'
                                                            for p, sentence in chosen)


def _with_context(passage: Passage, sentence: str) -> str:
    """A sentence of under four words ("Bliss.") says little alone: quoted with the one before it."""
    sentences = [s.strip() for s in split_sentences(passage.text)]
    if len(sentence.split()) >= 4 or sentence not in sentences or sentences.index(sentence) == 0:
        return sentence
    return f"{sentences[sentences.index(sentence) - 1]} {sentence}"


def compose_answer(question: str, passages: list[Passage]) -> str:
    """An answer made only of the user's own words, quoted with their dates. Never invents."""
    if is_help_question(question):  # "What helps me when I'm anxious?" asks what helps, not when
        return _help_answer(question, passages)
    feeling = asked_feeling(question)
    if feeling and any(p.mood for p in passages):
        return _feeling_answer(question, feeling, passages)
    if is_mood_question(question) and any(p.mood for p in passages):
        return _mood_answer(passages)
    if _WHEN_QUESTION.search(question.strip()):
        return _help_answer(question, passages, skip_trouble=not (_HEAVY_TOPIC.search(question)
                                                                  or _TROUBLE.search(question) or feeling))
    names = {n.lower() for n in _QUESTION_NAME.findall(question)} | {
        w for w in re.findall(r"[a-z]{5,}", question.lower()) if w not in _QUESTION_WORDS}

    def relevant_enough(p: Passage) -> bool:
        if p.score >= ANSWER_MIN_SCORE:
            return True
        return p.score >= NAMED_MIN_SCORE and any(re.search(rf"\b{re.escape(n)}\b", p.text, re.IGNORECASE)
                                                   for n in names)

    relevant = sorted((p for p in passages if relevant_enough(p)), key=lambda p: -p.score)
    if not relevant:
        return NO_ANSWER
    # Quote only what answers the question: entries close to the best match (ranked on the whole
    # entry, which carries more context than any one sentence), never the merely recent.
    top = relevant[0].score
    chosen = [p for p in relevant if p.score >= QUOTE_RELATIVE * top][:3]
    return "Here is what your journal says:\n" + "\n".join(
        f'On {p.date} you wrote: "{sentence}"' for p, sentence in zip(chosen, _best_sentences(question, chosen),
                                                                  strict=True))


def _best_sentences(question: str, chosen: list[Passage]) -> list[str]:
    """Each passage's sentence closest in meaning to the question."""
    per_passage = [split_sentences(p.text) or [p.text] for p in chosen]
    vectors = passage_sentence_vectors(question, [(p.entry_id, s) for p, s in zip(chosen, per_passage, strict=True)])
    qvec, offset, best = vectors[0], 1, []
    for sentences in per_passage:
        scores = vectors[offset:offset + len(sentences)] @ qvec
        offset += len(sentences)
        best.append(sentences[int(np.argmax(scores))].strip())
    return best


# (entry id, digest of a sentence of it) -> the sentence's vector, most recently used last.
_sentences: OrderedDict[tuple[str, bytes], np.ndarray] = OrderedDict()
_sentences_lock = threading.Lock()
SENTENCES_KEPT = 20_000  # about 30 MB of vectors at most


def _sentence_key(entry_id: str, sentence: str) -> tuple[str, bytes]:
    return entry_id, hashlib.blake2b(sentence.encode(), digest_size=16).digest()


def forget_sentence_vectors() -> None:
    """Drop every kept sentence vector (the benchmark's "cold" chat: what each chat cost before)."""
    with _sentences_lock:
        _sentences.clear()


def passage_sentence_vectors(question: str, passages: list[tuple[str, list[str]]]) -> np.ndarray:
    """The question's vector, then every sentence's of the passages in order: `embed([question,
    *sentences])`, with the sentences' vectors kept in this process per entry and sentence.

    A chat quotes the entries closest to the question, and a person asks about the same entries
    again and again: their sentences went through the model on every question. Kept per entry (an
    entry is one user's), not per text, so no user's chat is cheaper for what another user wrote;
    an edited entry's new sentences are new keys (the old ones age out). The question's vector comes
    from the caller's when it made one (`embedded_together`), otherwise from the model with the
    sentences not kept yet, in one call."""
    keys = [_sentence_key(entry_id, s) for entry_id, sentences in passages for s in sentences]
    texts = [s for _, sentences in passages for s in sentences]
    found: dict[int, np.ndarray] = {}
    with _sentences_lock:
        for i, key in enumerate(keys):
            vector = _sentences.get(key)
            if vector is not None:
                _sentences.move_to_end(key)
                found[i] = vector
    missing = [i for i in range(len(keys)) if i not in found]
    computed = embed([question, *(texts[i] for i in missing)])
    if missing:
        with _sentences_lock:
            for row, i in enumerate(missing, start=1):
                found[i] = computed[row]
                _sentences[keys[i]] = computed[row]
            while len(_sentences) > SENTENCES_KEPT:
                _sentences.popitem(last=False)
    vectors = np.zeros((len(keys) + 1, EMBEDDING_DIM), dtype=np.float32)
    vectors[0] = computed[0]
    for i, vector in found.items():
        vectors[i + 1] = vector
    return vectors
