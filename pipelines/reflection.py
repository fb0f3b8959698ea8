"""Local Self Analysis (patterns, connections, growth, reflections across a few entries) and
real-time insight prompts while the user writes. Built only from the user's own words."""

from __future__ import annotations

import re
import uuid
from collections import defaultdict
from typing import Literal

import msgspec
import numpy as np
from sklearn.cluster import AgglomerativeClustering
from sklearn.feature_extraction.text import TfidfVectorizer

from models.constants import MOOD_SCORE
from pipelines.embeddings import embed
from pipelines.highlights import extract_highlights, split_sentences
from pipelines.mood import predict_mood

# Sentences closer than this (cosine distance) join one theme.
THEME_DISTANCE = 0.62
MAX_ITEMS = 4


class AnalysisItem(msgspec.Struct, kw_only=True):
    title: str
    description: str
    prompts: list[str]
    highlighted: list[str]


class SelfAnalysis(msgspec.Struct, kw_only=True):
    patterns: list[AnalysisItem]
    connections: list[AnalysisItem]
    growth: list[AnalysisItem]
    reflections: list[AnalysisItem]


class ReflectionEntry(msgspec.Struct, kw_only=True):
    id: str
    date: str
    content: str


PromptType = Literal["contradiction", "goal", "person", "insight", "task", "blindspot"]


class InsightPrompt(msgspec.Struct, rename="camel", kw_only=True):
    id: str
    type: PromptType
    text: str
    context: str
    time_estimate: str | None = None
    related_tasks: list[str] = msgspec.field(default_factory=list)


class PromptContext(msgspec.Struct, rename="camel", kw_only=True):
    existing_tasks: list[str] = msgspec.field(default_factory=list)
    existing_goals: list[str] = msgspec.field(default_factory=list)
    existing_projects: list[str] = msgspec.field(default_factory=list)


_STOP = set(TfidfVectorizer(stop_words="english").get_stop_words()) | {
    "really", "today", "just", "feel", "felt", "like", "got", "day", "did", "going", "think", "thing", "things",
    "know", "want", "need", "bit", "lot", "time", "im", "ive", "dont", "didnt",
}


_COMMON_VERBS = {
    "went", "woke", "got", "had", "made", "did", "came", "started", "spent", "felt", "feeling", "said", "told",
    "want", "wanted", "need", "needs", "needed", "should", "really", "still", "again", "maybe", "today",
    "yesterday", "tomorrow", "morning", "evening", "night", "week", "weekend", "long", "good", "bad", "little",
}


def recurring_words(texts: list[str], *, limit: int = 3) -> list[str]:
    """Content words that recur across several texts, most widespread first ("work", "sleep")."""
    document_frequency: dict[str, int] = defaultdict(int)
    for text in texts:
        seen = set()
        for word in re.findall(r"[a-z][a-z']{2,}", text.lower()):
            word = word.strip("'")
            word = word[:-1] if word.endswith("s") and len(word) > 4 and not word.endswith("ss") else word
            if "'" in word or word in _STOP or word in _COMMON_VERBS or word in seen:
                continue
            seen.add(word)
            document_frequency[word] += 1
    ranked = sorted((w for w, n in document_frequency.items() if n >= 2), key=lambda w: (-document_frequency[w], w))
    return ranked[:limit]


def theme_title(sentences: list[str]) -> str:
    """The theme's name: its most distinctive words."""
    words = defaultdict(int)
    for sentence in sentences:
        for word in re.findall(r"[a-z][a-z']{2,}", sentence.lower()):
            word = word.strip("'")
            if word not in _STOP:
                words[word] += 1
    top = [w for w, _ in sorted(words.items(), key=lambda kv: (-kv[1], kv[0]))[:2]]
    return " & ".join(w.capitalize() for w in top) or "Everyday life"


def self_analysis(entries: list[ReflectionEntry]) -> SelfAnalysis:
    rows = [(e, s) for e in entries for s in split_sentences(e.content) if len(s.split()) >= 4]
    if len(rows) < 2:
        return SelfAnalysis(patterns=[], connections=[], growth=[], reflections=[])
    vectors = embed([s for _, s in rows])
    labels = AgglomerativeClustering(
        n_clusters=None, distance_threshold=THEME_DISTANCE, metric="cosine", linkage="average"
    ).fit_predict(vectors)
    themes: dict[int, list[int]] = defaultdict(list)
    for index, label in enumerate(labels):
        themes[int(label)].append(index)
    # A pattern recurs: it shows up in at least two entries.
    recurring = [idx for idx in themes.values() if len({rows[i][0].id for i in idx}) >= 2]
    recurring.sort(key=lambda idx: -len({rows[i][0].id for i in idx}))

    patterns, growth, reflections = [], [], []
    theme_entries: list[tuple[str, set[str]]] = []
    for idx in recurring[:MAX_ITEMS]:
        centre = vectors[idx].mean(axis=0)
        ordered = sorted(idx, key=lambda i: -float(vectors[i] @ centre))
        sentences = [rows[i][1] for i in ordered]
        ids = {rows[i][0].id for i in idx}
        dates = sorted({rows[i][0].date for i in idx})
        title = theme_title(sentences)
        theme_entries.append((title, ids))
        patterns.append(AnalysisItem(
            title=title,
            description=f"You came back to this in {len(ids)} entries ({dates[0]} to {dates[-1]}).",
            prompts=[f"What keeps bringing you back to {title.lower()}?",
                     f"What would change if {title.lower()} took up less of your thoughts?"],
            highlighted=[f'"{s}"' for s in sentences[:3]],
        ))
        by_entry = sorted(idx, key=lambda i: (rows[i][0].date, i))
        first, last = rows[by_entry[0]], rows[by_entry[-1]]
        before, after = predict_mood(first[1]).text, predict_mood(last[1]).text
        if first[0].id != last[0].id and MOOD_SCORE.get(after, 2) > MOOD_SCORE.get(before, 2):
            growth.append(AnalysisItem(
                title=title,
                description=f"On {first[0].date} this felt {before.lower()}; by {last[0].date}, {after.lower()}.",
                prompts=[f"What helped you move from {before.lower()} to {after.lower()} here?"],
                highlighted=[f'"{first[1]}"', f'"{last[1]}"'],
            ))

    connections = []
    for i in range(len(theme_entries)):
        for j in range(i + 1, len(theme_entries)):
            shared = theme_entries[i][1] & theme_entries[j][1]
            if len(shared) >= 2:
                a, b = theme_entries[i][0], theme_entries[j][0]
                connections.append(AnalysisItem(
                    title=f"{a} ↔ {b}",
                    description=f"These two appear together in {len(shared)} entries.",
                    prompts=[f"How does {a.lower()} affect {b.lower()} for you?"],
                    highlighted=[],
                ))

    intentions = [(e, h) for e in entries for h in extract_highlights(e.content)]
    for entry, highlight in intentions[:MAX_ITEMS]:
        reflections.append(AnalysisItem(
            title=highlight.reformulation,
            description=f"An intention from {entry.date}.",
            prompts=["What is the smallest next step?", "What has been getting in the way?"],
            highlighted=[],
        ))
    return SelfAnalysis(patterns=patterns, connections=connections[:MAX_ITEMS], growth=growth[:MAX_ITEMS],
                        reflections=reflections)


# -- real-time prompts ------------------------------------------------------------------------
_NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b([A-Z][a-z]{2,})\b")
_NOT_NAMES = {"I", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "January",
              "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
              "December", "God", "Today", "Tomorrow", "Yesterday", "English", "Spanish", "French"}
_CONTRAST = re.compile(r"\b(but|although|though|even though|yet)\b", re.IGNORECASE)
GOAL_MATCH = 0.5
PROMPT_MIN_CHARS = 18


def _new_id() -> str:
    return uuid.uuid4().hex[:12]


def realtime_prompts(text: str, context: PromptContext) -> list[InsightPrompt]:
    """At most one prompt of each kind the text calls for, most specific first."""
    if len(text.strip()) < PROMPT_MIN_CHARS:
        return []
    sentences = split_sentences(text) or [text]
    last = sentences[-1]
    prompts: list[InsightPrompt] = []

    for highlight in extract_highlights(text):
        if highlight.type == "task":
            prompts.append(InsightPrompt(
                id=_new_id(), type="task", text=f"What is the very first step for “{highlight.reformulation}”?",
                context=highlight.reformulation, time_estimate="5 min", related_tasks=[highlight.reformulation]))
            break

    if context.existing_goals:
        vectors = embed([text, *context.existing_goals])
        scores = vectors[1:] @ vectors[0]
        best = int(np.argmax(scores))
        if float(scores[best]) >= GOAL_MATCH:
            goal = context.existing_goals[best]
            prompts.append(InsightPrompt(id=_new_id(), type="goal",
                                         text=f"How does this move you toward your goal “{goal}”?", context=goal))

    names = [n for n in _NAME.findall(text) if n not in _NOT_NAMES]
    if names:
        name = names[-1]
        prompts.append(InsightPrompt(id=_new_id(), type="person",
                                     text=f"What does {name} bring out in you?", context=name))

    for sentence in sentences:
        parts = _CONTRAST.split(sentence, maxsplit=1)
        if len(parts) == 3:
            first, second = predict_mood(parts[0]).text, predict_mood(parts[2]).text
            if first != second and "Neutral" not in (first, second):
                prompts.append(InsightPrompt(
                    id=_new_id(), type="contradiction",
                    text=f"Part of you feels {first.lower()} and part {second.lower()}. Which one needs attention now?",
                    context=sentence))
                break

    repeated = [t for t in context.existing_tasks if t and t.lower()[:30] in text.lower()]
    if repeated:
        prompts.append(InsightPrompt(id=_new_id(), type="blindspot",
                                     text=f"“{repeated[0]}” keeps coming back. What is really stopping you?",
                                     context=repeated[0], related_tasks=[repeated[0]]))

    if not prompts:
        mood = predict_mood(text).text
        question = {
            "Happy": "What made this moment good, and how could you have more of it?",
            "Sad": "What would you say to a friend who felt this way?",
            "Angry": "What boundary of yours was crossed?",
            "Anxious": "What is within your control here, and what isn't?",
            "Tired": "What would real rest look like this week?",
            "Loving": "How could you show this person what they mean to you?",
        }.get(mood, "What feels most important about this, right now?")
        prompts.append(InsightPrompt(id=_new_id(), type="insight", text=question, context=last))
    return prompts[:3]
