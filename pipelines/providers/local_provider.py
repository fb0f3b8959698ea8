"""The local provider: offline, on this machine. Embeddings + scikit-learn + rules, so no journal
text ever leaves it. It is the default, and the fallback whenever another provider fails."""

from __future__ import annotations

import functools
import re
from collections import Counter

import numpy as np

from models.constants import MAX_RELATED
from pipelines.embeddings import EMBEDDING_DIM, embed
from pipelines.highlights import extract_highlights, limit_projects, split_sentences
from pipelines.mood import predict_mood
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
        mood = predict_mood(text, vector)
        return EntryAnalysis(
            mood=MoodOut(mood=mood.mood, emoji=mood.emoji, text=mood.text),
            summary=summarize(text) if want_summary else None,
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
THEME_CANDIDATE_ENTRIES = 12


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


def _sentences(entry: ProfileEntry) -> list[str]:
    return [s for s in split_sentences(entry.content) if len(s.split()) >= 4]


def build_local_profile(entries: list[ProfileEntry]) -> ProfileDraft:
    """A personal story made only of what the entries say: every statement points at entries."""
    if not entries:
        return ProfileDraft(short_summary="", full_profile="", blindspots=[], source_entry_ids=[])
    entry_vectors = _entry_vectors(entries)
    moods = Counter(
        e.mood if e.mood else predict_mood(e.content, entry_vectors[i]).text for i, e in enumerate(entries)
    )
    # The themes are the most central sentences of the most central entries: only those entries'
    # sentences are embedded, so a long journal costs vector arithmetic, not model calls.
    entry_centre = entry_vectors.mean(axis=0)
    central = [entries[int(i)] for i in np.argsort(-(entry_vectors @ entry_centre))[:THEME_CANDIDATE_ENTRIES]]
    sentences = [(e, s) for e in central for s in _sentences(e)]
    if not sentences:
        sentences = [(e, e.content.strip()) for e in central if e.content.strip()]
    vectors = embed([s for _, s in sentences])
    centre = vectors.mean(axis=0)
    centre /= np.linalg.norm(centre) or 1.0
    order = np.argsort(-(vectors @ centre))
    themes: list[tuple[ProfileEntry, str]] = []
    chosen: list[np.ndarray] = []
    for index in order:
        entry, sentence = sentences[int(index)]
        vector = vectors[int(index)]
        if all(float(vector @ other) < 0.8 for other in chosen):
            themes.append((entry, sentence))
            chosen.append(vector)
        if len(themes) == 4:
            break

    intentions = []
    for entry in entries:
        for highlight in extract_highlights(entry.content):
            intentions.append((entry, highlight))
    sources = {e.id for e, _ in themes} | {e.id for e, _ in intentions[:5]}

    top_mood, top_count = moods.most_common(1)[0]
    span = f"{entries[0].date} to {entries[-1].date}" if len(entries) > 1 else entries[0].date
    topics = life_areas([e.content for e in entries], vectors=entry_vectors)
    about = (", ".join(topics[:-1]) + " and " + topics[-1]) if len(topics) > 1 else (topics[0] if topics else "your days")
    short = (
        f"Across {len(entries)} entries ({span}), you come back most often to {about}. "
        f"Your most frequent mood is {top_mood.lower()} ({top_count} of {len(entries)})."
    )
    lines = [short, "", "What you keep coming back to:"]
    lines += [f'- "{sentence}" ({entry.date})' for entry, sentence in themes]
    lines += ["", "**Concrete Actions**:"]
    for number, action in enumerate(_concrete_actions(intentions, topics, themes), start=1):
        lines.append(f"{number}. {action}")
    blindspots = _blindspots(entries, intentions, moods)
    return ProfileDraft(short_summary=short, full_profile="\n".join(lines), blindspots=blindspots,
                        source_entry_ids=sorted(sources))


# The areas of life a journal tends to be about, each described the way entries talk about it.
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


def _concrete_actions(intentions, topics: list[str], themes) -> list[str]:
    """Exactly five actions: the user's own intentions first, then small steps on the areas and
    moments their entries keep returning to (each still pointing at what they wrote)."""
    actions = [f"{h.reformulation} (from {entry.date})" for entry, h in intentions[:CONCRETE_ACTIONS]]
    for topic in topics:
        actions.append(f"Set aside ten minutes this week to write only about {topic}, and notice what stands out.")
    for entry, sentence in themes:
        actions.append(f'Reread what you wrote on {entry.date} ("{sentence[:80]}") and note what has changed since.')
    while len(actions) < CONCRETE_ACTIONS:
        actions.append("Write a few lines at the same time each day this week, even on quiet days.")
    return actions[:CONCRETE_ACTIONS]


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
_MOOD_QUESTION = re.compile(r"\b(?:mood|moods|feel|feeling|feelings|felt|emotion(?:s|al)?|happier|sadder)\b",
                            re.IGNORECASE)
_QUESTION_NAME = re.compile(r"(?<!^)\b[A-Z][a-z]+\b")
# Words of a question that say nothing about its topic.
_QUESTION_WORDS = frozenset("about after again always before being could doing during every going happen "
                            "happened journal never often should since there these thing things think those "
                            "today usually wants where which while would write wrote written really".split())


def is_mood_question(question: str) -> bool:
    """"How has my mood changed?", "Have I been feeling better?": answered from the moods."""
    return bool(_MOOD_QUESTION.search(question))


def _mood_answer(passages: list[Passage]) -> str:
    """How the moods of the dated entries compare, the earlier half against the later half."""
    dated = [p for p in passages if p.mood]
    if len(dated) < 2:
        return NO_ANSWER
    dated.sort(key=lambda p: _sortable(p.date))
    half = len(dated) // 2
    earlier, later = dated[:half], dated[half:]

    def mix(part: list[Passage]) -> str:
        counts = Counter(p.mood for p in part)
        return ", ".join(f"{mood} {count}" for mood, count in counts.most_common(3))

    lines = [
        f"From {earlier[0].date} to {earlier[-1].date} your entries were mostly {mix(earlier)};",
        f"from {later[0].date} to {later[-1].date}, mostly {mix(later)}.",
    ]
    return "Here is how your moods have gone:\n" + "\n".join(lines)


def _sortable(day: str) -> tuple[int, ...]:
    parts = [int(x) for x in re.findall(r"\d+", day)]
    return (parts[2], parts[0], parts[1]) if len(parts) == 3 and parts[2] > 31 else tuple(parts)


def compose_answer(question: str, passages: list[Passage]) -> str:
    """An answer made only of the user's own words, quoted with their dates. Never invents."""
    if is_mood_question(question) and any(p.mood for p in passages):
        return _mood_answer(passages)
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
    per_passage = [split_sentences(p.text) or [p.text] for p in chosen]
    # The question and every candidate sentence in one batch for the model.
    vectors = embed([question, *(s for sentences in per_passage for s in sentences)])
    qvec, offset, quotes = vectors[0], 1, []
    for passage, sentences in zip(chosen, per_passage, strict=True):
        scores = vectors[offset:offset + len(sentences)] @ qvec
        offset += len(sentences)
        quotes.append(f'On {passage.date} you wrote: "{sentences[int(np.argmax(scores))].strip()}"')
    return "Here is what your journal says:\n" + "\n".join(quotes)
