"""Local Self Analysis (patterns, connections, growth, reflections across a few entries) and
real-time insight prompts while the user writes. Built only from the user's own words.

Every Self Analysis item cites the entries it stands on (`sources`, at least two): a pattern is a
phrase the user wrote in two or more entries, titled with their own words; growth compares the
stored moods (and a theme's frequency) of the earlier half of the entries with the recent half,
and says "lighter" or "heavier" only when a one-sided Mann-Whitney U test of the mood scores
supports it (`mood_shift`). Where the entries do not carry enough evidence, `notes` says so and the
tab stays empty; the first note says which entries were read (`read_scope`)."""

from __future__ import annotations

import re
import uuid
from collections import Counter
from typing import Literal

import msgspec
import numpy as np

from models.constants import MOOD_SCORE
from pipelines.embeddings import embed
from pipelines.highlights import extract_highlights, split_sentences
from pipelines.mood import keyword_mood, predict_mood
from pipelines.themes import (
    STOP_WORDS,
    Theme,
    about_by_meaning,
    chronological,
    is_family_name,
    known_people,
    normalise_word,
    people_in,
    recurring_themes,
    recurring_words,
    words_of,
)

__all__ = ["AnalysisItem", "EntryRef", "InsightPrompt", "PromptContext", "ReflectionEntry", "SelfAnalysis", "Theme",
           "chronological", "known_people", "people_in", "read_scope", "realtime_prompts", "recurring_themes",
           "recurring_words", "self_analysis"]

MAX_ITEMS = 4
# The recurring themes the patterns are chosen from (the widest first).
PATTERN_THEMES = 20
# Growth compares halves of the entries: it needs this many entries with a stored mood.
MIN_GROWTH_ENTRIES = 4
# A change in the mean mood score (0 angry/sad … 3 happy/loving) of at least this much is a change.
MOOD_SHIFT = 0.5
# A theme "comes up more/less lately" when its entry count differs by this much between halves.
FREQUENCY_SHIFT = 2
HEAVY_MOODS = ("Sad", "Angry", "Anxious", "Tired")
LIGHT_MOODS = ("Happy", "Loving")


class EntryRef(msgspec.Struct, kw_only=True):
    """An entry an item cites: its id and its date (MM/DD/YYYY)."""

    id: str
    date: str


class AnalysisItem(msgspec.Struct, kw_only=True):
    title: str
    description: str
    prompts: list[str]
    highlighted: list[str]
    sources: list[EntryRef] = msgspec.field(default_factory=list)


class SelfAnalysis(msgspec.Struct, kw_only=True):
    patterns: list[AnalysisItem]
    connections: list[AnalysisItem]
    growth: list[AnalysisItem]
    reflections: list[AnalysisItem]
    # What could not be said, and why ("Growth compares … it needs at least 4 entries with a mood").
    notes: list[str] = msgspec.field(default_factory=list)


class ReflectionEntry(msgspec.Struct, kw_only=True):
    id: str
    date: str
    content: str
    mood: str | None = None  # the entry's stored mood text ("Anxious"), when it has been analysed


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
    # Names the user has written about as people before (from their earlier entries).
    known_people: list[str] = msgspec.field(default_factory=list)
    # The user's recent entries (texts): a task "keeps coming back" only when they name it too.
    earlier_entries: list[str] = msgspec.field(default_factory=list)


def _dates(refs: list[EntryRef]) -> str:
    days = [r.date for r in refs]
    return days[0] if len(days) == 1 else ", ".join(days[:-1]) + " and " + days[-1]


def _mood_mix(entries) -> Counter:
    return Counter(e.mood for e in entries if e.mood)


def _mix_text(mix: Counter) -> str:
    return ", ".join(f"{mood} {count}" for mood, count in mix.most_common())


def _mean_score(entries) -> float:
    scores = [MOOD_SCORE[e.mood] for e in entries if e.mood in MOOD_SCORE]
    return sum(scores) / len(scores) if scores else 2.0


def read_scope(entries: list[ReflectionEntry], *, latest: bool, more: bool) -> str:
    """Which entries an analysis read, as its first note says: "From your latest 15 entries (...)"
    when the journal holds more, "From all 12 of your entries (...)" when it read them all, "From
    the 5 entries chosen (...)" otherwise."""
    dated = chronological(entries)
    span = f"{dated[0].date} to {dated[-1].date}" if len(dated) > 1 else dated[0].date
    if latest and not more:
        return f"From all {len(dated)} of your entries ({span})."
    if latest:
        return f"From your latest {len(dated)} entries ({span})."
    return f"From the {len(dated)} entries chosen ({span})."


def self_analysis(entries: list[ReflectionEntry], *, scope: str | None = None) -> SelfAnalysis:
    """Patterns, links, growth and reflections, each citing at least two of the entries. `scope`
    (`read_scope`), when given, is the first note: which entries were read."""
    entries = chronological(entries)
    by_id = {e.id: e for e in entries}
    notes: list[str] = [scope] if scope else []
    people = {name.lower() for name in known_people([e.content for e in entries])}
    vectors = dict(zip((e.id for e in entries), embed([e.content for e in entries]), strict=True))
    themes = about_by_meaning(recurring_themes(entries), vectors, people)

    def someone(theme: Theme) -> bool:
        return theme.name.lower() in people or is_family_name(theme.name)

    def refs(ids) -> list[EntryRef]:
        return [EntryRef(id=e.id, date=e.date) for e in entries if e.id in ids]

    # The patterns of the most entries, then the most recent: ranked by the themes' own score (which
    # favours longer phrases) the dialog opened on a desk chair of 2 entries and put Atlas (3) last.
    order = {e.id: i for i, e in enumerate(entries)}
    widest = sorted(about_by_meaning(recurring_themes(entries, limit=PATTERN_THEMES), vectors, people),
                    key=lambda t: (-len(t.entry_ids), -max(order[i] for i in t.entry_ids)))
    patterns = []
    for theme in widest[:MAX_ITEMS]:
        sources = refs(theme.entry_ids)
        name = theme.name
        mix = _mood_mix(by_id[r.id] for r in sources)
        mood_line = ""
        ranked = mix.most_common(2)
        if ranked and ranked[0][1] > 1 and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
            top, count = ranked[0]
            word = "mostly" if count * 2 > len(sources) else "most often"
            mood_line = f" Those entries were {word} {top.lower()} ({count} of {len(sources)})."
        heavy = sum(mix[m] for m in HEAVY_MOODS) > sum(mix[m] for m in LIGHT_MOODS)
        patterns.append(AnalysisItem(
            title=theme.title,
            description=f"You wrote about {name} in {len(sources)} entries, from {sources[0].date} to "
                        f"{sources[-1].date}.{mood_line}",
            prompts=[f"What keeps bringing you back to {name}?",
                     _weighs(name, person=someone(theme)) if heavy
                     else f"What does {'time with ' if someone(theme) else ''}{name} give you that you would like "
                          f"more of?"],
            highlighted=[f'"{theme.sentences[r.id]}"' for r in sources[-3:]],
            sources=sources,
        ))
    if not patterns:
        notes.append("No phrase comes back in two or more of these entries yet, so there is no pattern to show.")

    connections = []
    for i, a in enumerate(themes):
        for b in themes[i + 1:]:
            shared = refs(a.entry_ids & b.entry_ids)
            if len(shared) >= 2 and len(connections) < MAX_ITEMS:
                first, second = a.name, b.name
                connections.append(AnalysisItem(
                    title=f"{a.title} and {second}",
                    description=f"You wrote about {first} and {second} together in {len(shared)} entries "
                                f"({_dates(shared)}).",
                    prompts=_link_prompts(first, second, someone(a), someone(b)),
                    highlighted=[f'"{a.sentences[r.id]}"' for r in shared[-2:]],
                    sources=shared,
                ))
    if themes and not connections:
        notes.append("No two themes share two or more entries yet, so there is no link to show.")

    growth, growth_note = _growth(entries, themes, refs)
    if growth_note:
        notes.append(growth_note)
    reflections = _reflections(entries, themes, refs, by_id)
    if not reflections:
        notes.append("No intention or theme comes back in two or more entries yet, so there is nothing to reflect on.")
    return SelfAnalysis(patterns=patterns, connections=connections, growth=growth[:MAX_ITEMS],
                        reflections=reflections[:MAX_ITEMS], notes=notes)


def _weighs(name: str, *, person: bool) -> str:
    """A pattern's question on a heavy theme: a person is no topic with parts ("What part of Hannah")."""
    if person:
        return f"What weighs on you most between you and {name}, and which part is in your hands?"
    return f"What part of {name} weighs on you most, and which part is in your hands?"


def _link_prompts(first: str, second: str, first_person: bool, second_person: bool) -> list[str]:
    """Questions on two themes written about together, worded for people where they are people
    ("How does Hannah affect Mum for you?" read oddly on a tour)."""
    if first_person and second_person:
        return [f"How do things with {first} and with {second} affect each other for you?",
                f"When you write about {first} and {second} together, what is usually going on?"]
    if first_person or second_person:
        person, topic = (first, second) if first_person else (second, first)
        return [f"What part does {person} play in {topic} for you?",
                f"When {topic} comes up, how are things with {person}?"]
    return [f"How does {first} affect {second} for you?", f"When {first} comes up, what happens to {second}?"]


def _growth(entries, themes, refs) -> tuple[list[AnalysisItem], str | None]:
    """The earlier half of the entries against the recent half: stored moods, then each theme's
    frequency and the moods of the entries about it. Never one sentence's sentiment."""
    moody = [e for e in entries if e.mood]
    if len(moody) < MIN_GROWTH_ENTRIES:
        return [], (f"Growth compares your earlier and recent entries by their moods: it needs at least "
                    f"{MIN_GROWTH_ENTRIES} analysed entries, and these have {len(moody)}.")
    half = len(moody) // 2
    earlier, recent = moody[:half], moody[half:]
    before, after = _mean_score(earlier), _mean_score(recent)
    span = (f"Earlier ({earlier[0].date} to {earlier[-1].date}): {_mix_text(_mood_mix(earlier))}. "
            f"Recently ({recent[0].date} to {recent[-1].date}): {_mix_text(_mood_mix(recent))}.")
    lighter, heavier = mood_shift(earlier, recent, "greater"), mood_shift(earlier, recent, "less")
    if after - before >= MOOD_SHIFT and lighter is not None:
        title, prompt = "Lighter days lately", "What has changed between your earlier entries and now that helps?"
        lead = f"Your recent entries are lighter than your earlier ones ({_tested(lighter)})."
    elif before - after >= MOOD_SHIFT and heavier is not None:
        title, prompt = "Heavier days lately", "What has been weighing on you since your earlier entries?"
        lead = f"Your recent entries are heavier than your earlier ones ({_tested(heavier)})."
    else:
        title, prompt, lead = _same_mood_lead(_mood_mix(earlier), _mood_mix(recent), len(earlier), len(recent))
    items = [AnalysisItem(title=title, description=f"{lead} {span}", prompts=[prompt, "Which entry would you reread, and why?"],
                          highlighted=[], sources=refs({e.id for e in moody}))]

    ids_earlier = {e.id for e in entries[:len(entries) // 2]}
    for theme in themes:
        early = [e for e in entries if e.id in theme.entry_ids and e.id in ids_earlier]
        late = [e for e in entries if e.id in theme.entry_ids and e.id not in ids_earlier]
        name = theme.name
        sources = refs(theme.entry_ids)
        early_moody, late_moody = [e for e in early if e.mood], [e for e in late if e.mood]
        if len(early_moody) >= 2 and len(late_moody) >= 2:
            shift = _mean_score(late_moody) - _mean_score(early_moody)
            if mood_shift(early_moody, late_moody, "greater" if shift > 0 else "less") is None:
                shift = 0.0  # a difference the test does not support is no change
            (was, was_n), = _mood_mix(early_moody).most_common(1)
            (now, now_n), = _mood_mix(late_moody).most_common(1)
            # "mostly" only for a mood of more than half of each side: a 1-1 tie is no "mostly angry"
            mostly = was_n * 2 > len(early_moody) and now_n * 2 > len(late_moody)
            if mostly and abs(shift) >= 1 and was != now and (MOOD_SCORE[now] - MOOD_SCORE[was]) * shift > 0:
                direction = "lighter" if shift > 0 else "heavier"
                items.append(AnalysisItem(
                    title=theme.title,
                    description=(f"Entries about {name} were mostly {was.lower()} earlier "
                                 f"({_dates(refs({e.id for e in early_moody}))}) and mostly {now.lower()} recently "
                                 f"({_dates(refs({e.id for e in late_moody}))}): {direction}."),
                    prompts=[f"What changed in how you approach {name}?" if shift > 0
                             else f"What made {name} harder lately?"],
                    highlighted=[f'"{theme.sentences[early[0].id]}"', f'"{theme.sentences[late[-1].id]}"'],
                    sources=sources))
                continue
        if abs(len(late) - len(early)) >= FREQUENCY_SHIFT:
            more = len(late) > len(early)
            items.append(AnalysisItem(
                title=theme.title,
                description=(f"{name[0].upper() + name[1:]} comes up {'more' if more else 'less'} lately: in "
                             f"{len(early)} of your earlier entries and {len(late)} of the recent ones "
                             f"({_dates(sources)})."),
                prompts=[f"Why is {name} on your mind more now?" if more
                         else f"What changed so that {name} takes up less room?"],
                highlighted=[f'"{theme.sentences[r.id]}"' for r in sources[-2:]],
                sources=sources))
    return items, None


# A change of mood between two sets of entries is stated only when a one-sided Mann-Whitney U test
# of their mood scores (MOOD_SCORE: 0 angry or sad ... 3 happy or loving) gives p at most this.
MOOD_TEST_ALPHA = 0.05


def mood_shift(earlier, recent, direction: Literal["greater", "less"]) -> float | None:
    """The p-value of "the recent entries' moods are lighter ("greater") / heavier ("less") than
    the earlier ones'" when it is at most MOOD_TEST_ALPHA, else None. Only the entries with a mood
    the scale knows count; each side needs two."""
    from scipy.stats import mannwhitneyu

    late = [MOOD_SCORE[e.mood] for e in recent if e.mood in MOOD_SCORE]
    early = [MOOD_SCORE[e.mood] for e in earlier if e.mood in MOOD_SCORE]
    if len(late) < 2 or len(early) < 2 or len(set(late + early)) < 2:
        return None
    p = float(mannwhitneyu(late, early, alternative=direction).pvalue)
    return p if p <= MOOD_TEST_ALPHA else None


def _tested(p: float) -> str:
    return f"one-sided Mann-Whitney U test of the moods, p = {p:.2f}" if p >= 0.01 else \
        "one-sided Mann-Whitney U test of the moods, p < 0.01"


def _leading(mix: Counter) -> tuple[str, int] | None:
    """The one mood ahead of every other, if there is one."""
    ranked = mix.most_common(2)
    return ranked[0] if ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]) else None


def _same_mood_lead(before: Counter, after: Counter, n_before: int, n_after: int) -> tuple[str, str, str]:
    """Title, prompt and lead when the mean mood barely moved: "held steady" only when the same mood
    leads both halves (a tour saw "held steady" over "Tired 3 of 7" earlier and "Happy 3 of 8" recently)."""
    was, now = _leading(before), _leading(after)
    if was and now and was[0] == now[0]:
        return ("Steady moods", "What keeps your days on an even keel, and is that what you want?",
                f"Your moods have held steady: {was[0].lower()} led both your earlier and your recent entries.")
    if was and now:
        def word(count: int, total: int) -> str:
            return "mostly" if count * 2 > total else "most often"
        lead = (f"Your entries were {word(was[1], n_before)} {was[0].lower()} earlier ({was[1]} of {n_before}) "
                f"and {word(now[1], n_after)} {now[0].lower()} recently ({now[1]} of {n_after}).")
        return "A change of mood", "What has changed between your earlier entries and now?", lead
    return ("Mixed moods", "Which of these moods would you like more of?",
            "Your moods have been mixed: no single mood led both your earlier and your recent entries.")


def _content_words(text: str) -> set[str]:
    return {normalise_word(w) for w in words_of(text) if normalise_word(w) not in STOP_WORDS}


def _reflections(entries, themes, refs, by_id) -> list[AnalysisItem]:
    """Intentions written in two or more entries, then questions on the strongest themes."""
    intentions: list[tuple[str, str, set[str]]] = []  # (entry id, reformulation, words)
    for entry in entries:
        for highlight in extract_highlights(entry.content):
            intentions.append((entry.id, highlight.reformulation, _content_words(highlight.reformulation)))
    items: list[AnalysisItem] = []
    taken: set[int] = set()
    for i, (entry_id, text, words) in enumerate(intentions):
        if i in taken or not words:
            continue
        group = [i] + [j for j in range(i + 1, len(intentions)) if j not in taken and intentions[j][0] != entry_id
                       and len(words & intentions[j][2]) / len(words | intentions[j][2]) >= 0.5]
        ids = {intentions[j][0] for j in group}
        if len(ids) < 2:
            continue
        taken.update(group)
        sources = refs(ids)
        items.append(AnalysisItem(
            title=text,
            description=f"You wrote this intention in {len(sources)} entries ({_dates(sources)}) and it is still there.",
            prompts=["What is the smallest next step?", "What has been getting in the way?"],
            highlighted=[f'"{intentions[j][1]}"' for j in group[:2]],
            sources=sources))
    for theme in themes:
        if len(items) >= MAX_ITEMS:
            break
        if any(item.title.lower() == theme.title.lower() for item in items):
            continue
        sources = refs(theme.entry_ids)
        name = theme.name
        items.append(AnalysisItem(
            title=theme.title,
            description=f"A thread through {len(sources)} entries ({_dates(sources)}).",
            prompts=[f"Reading back what you wrote about {name}, what do you notice now?",
                     f"What would you like to be writing about {name} a month from now?"],
            highlighted=[f'"{theme.sentences[sources[0].id]}"', f'"{theme.sentences[sources[-1].id]}"'],
            sources=sources))
    return items


# -- real-time prompts ------------------------------------------------------------------------
_CONTRAST = re.compile(r"\b(but|although|though|even though|yet)\b", re.IGNORECASE)
GOAL_MATCH = 0.5
PROMPT_MIN_CHARS = 18

# "Keeps coming back": the task is written again now and in at least this many earlier entries
# (a tour saw it after one mention two days before).
BLINDSPOT_EARLIER_ENTRIES = 2


def _names_task(text: str, task: str) -> bool:
    """Whether an entry names the task: every content word of a short task, two thirds of a long one."""
    words = _content_words(task)
    found = len(words & _content_words(text))
    return bool(words) and (found == len(words) if len(words) <= 3 else found * 3 >= len(words) * 2)


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

    names = people_in(text, context.known_people)
    if names:
        name = names[-1]
        prompts.append(InsightPrompt(id=_new_id(), type="person",
                                     text=f"What does {name} bring out in you?", context=name))

    for sentence in sentences:
        parts = _CONTRAST.split(sentence, maxsplit=1)
        if len(parts) == 3:
            # Feelings the words name ("exhausted but proud"), never ones read into plain facts: "I
            # never have time for myself, but I spent three hours scrolling" was "angry and tired".
            first, second = keyword_mood(parts[0]).text, keyword_mood(parts[2]).text
            if first != second and "Neutral" not in (first, second):
                prompts.append(InsightPrompt(
                    id=_new_id(), type="contradiction",
                    text=f"Part of you feels {first.lower()} and part {second.lower()}. Which one needs attention now?",
                    context=sentence))
                break

    repeated = [t for t in context.existing_tasks if t and t.lower()[:30] in text.lower()
                and sum(_names_task(e, t) for e in context.earlier_entries) >= BLINDSPOT_EARLIER_ENTRIES]
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
