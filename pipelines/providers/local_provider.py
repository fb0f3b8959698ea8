"""The local provider: offline, on this machine. Embeddings + scikit-learn + rules, so no journal
text ever leaves it. It is the default, and the fallback whenever another provider fails."""

from __future__ import annotations

from collections import Counter

import numpy as np

from pipelines.embeddings import embed
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
MAX_RELATED = 3
# A retrieved passage must be at least this similar to the question to be quoted in an answer.
ANSWER_MIN_SCORE = 0.25
NO_ANSWER = "I couldn't find anything in your journal about that yet."


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


# -- profile -------------------------------------------------------------------------------
def _sentences(entry: ProfileEntry) -> list[str]:
    return [s for s in split_sentences(entry.content) if len(s.split()) >= 4]


def build_local_profile(entries: list[ProfileEntry]) -> ProfileDraft:
    """A personal story made only of what the entries say: every statement points at entries."""
    if not entries:
        return ProfileDraft(short_summary="", full_profile="", blindspots=[], source_entry_ids=[])
    moods = Counter(predict_mood(e.content).text for e in entries)
    sentences = [(e, s) for e in entries for s in _sentences(e)]
    if not sentences:
        sentences = [(e, e.content.strip()) for e in entries if e.content.strip()]
    vectors = embed([s for _, s in sentences])
    centre = vectors.mean(axis=0)
    centre /= np.linalg.norm(centre) or 1.0
    order = np.argsort(-(vectors @ centre))
    themes: list[tuple[ProfileEntry, str]] = []
    for index in order:
        entry, sentence = sentences[int(index)]
        if all(float(vectors[int(index)] @ embed([t])[0]) < 0.8 for _, t in themes):
            themes.append((entry, sentence))
        if len(themes) == 4:
            break

    intentions = []
    for entry in entries:
        for highlight in extract_highlights(entry.content):
            intentions.append((entry, highlight))
    sources = {e.id for e, _ in themes} | {e.id for e, _ in intentions[:5]}

    top_mood, top_count = moods.most_common(1)[0]
    span = f"{entries[0].date} to {entries[-1].date}" if len(entries) > 1 else entries[0].date
    from pipelines.reflection import theme_title

    topics = []
    for _, sentence in themes:
        title = theme_title([sentence]).lower()
        if title not in topics:
            topics.append(title)
    about = " and ".join(topics[:2]) if topics else "your days"
    short = (
        f"Across {len(entries)} entries ({span}), you come back most often to {about}. "
        f"Your most frequent mood is {top_mood.lower()} ({top_count} of {len(entries)})."
    )
    lines = [short, "", "What you keep coming back to:"]
    lines += [f'- "{sentence}" ({entry.date})' for entry, sentence in themes]
    if intentions:
        lines += ["", "**Concrete Actions**:"]
        for number, (entry, highlight) in enumerate(intentions[:5], start=1):
            lines.append(f"{number}. {highlight.reformulation} (from {entry.date})")
    blindspots = _blindspots(entries, intentions, moods)
    return ProfileDraft(short_summary=short, full_profile="\n".join(lines), blindspots=blindspots,
                        source_entry_ids=sorted(sources))


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
def compose_answer(question: str, passages: list[Passage]) -> str:
    """An answer made only of the user's own words, quoted with their dates. Never invents."""
    relevant = [p for p in passages if p.score >= ANSWER_MIN_SCORE]
    if not relevant:
        return NO_ANSWER
    qvec = embed([question])[0]
    quotes = []
    for passage in relevant[:3]:
        sentences = split_sentences(passage.text) or [passage.text]
        scores = embed(sentences) @ qvec
        best = sentences[int(np.argmax(scores))].strip()
        quotes.append(f'On {passage.date} you wrote: "{best}"')
    return "Here is what your journal says:\n" + "\n".join(quotes)
