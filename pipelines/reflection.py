"""Local Self Analysis (patterns, connections, growth, reflections across a few entries) and
real-time insight prompts while the user writes. Built only from the user's own words.

Every Self Analysis item cites the entries it stands on (`sources`, at least two): a pattern is a
phrase the user wrote in two or more entries, titled with their own words; growth compares the
stored moods (and a theme's frequency) of the earlier half of the entries with the recent half.
Where the entries do not carry enough evidence, `notes` says so and the tab stays empty."""

from __future__ import annotations

import functools
import json
import re
import uuid
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Literal

import msgspec
import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer

from models.constants import MOOD_SCORE
from pipelines.embeddings import embed
from pipelines.highlights import extract_highlights, split_sentences
from pipelines.mood import predict_mood

MAX_ITEMS = 4
# A theme needs this many entries to be a pattern; a single word needs more (it is vaguer).
MIN_THEME_ENTRIES = 2
MIN_WORD_THEME_ENTRIES = 3
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


_STOP = set(TfidfVectorizer(stop_words="english").get_stop_words()) | {
    "really", "today", "just", "feel", "felt", "like", "got", "day", "did", "going", "think", "thing", "things",
    "know", "want", "need", "bit", "lot", "time", "im", "ive", "dont", "didnt", "i'm", "i've", "don't", "didn't",
    "can't", "won't", "it's", "that's", "i'd", "i'll", "let", "s", "t", "lol", "ok", "okay", "maybe", "pretty",
    "kind", "sort", "actually", "probably", "finally", "properly", "tonight", "days", "today's",
}


_COMMON_VERBS = {
    "went", "woke", "got", "had", "made", "did", "came", "started", "spent", "felt", "feeling", "said", "told",
    "want", "wanted", "need", "needs", "needed", "should", "really", "still", "again", "maybe", "today",
    "yesterday", "tomorrow", "morning", "evening", "night", "week", "weekend", "long", "good", "bad", "little",
}
# Words that say when, not what: a phrase made only of these (and stop words) is no theme.
_GENERIC = _COMMON_VERBS | {
    "afternoon", "hour", "hours", "minute", "minutes", "month", "months", "year", "years", "monday", "tuesday",
    "wednesday", "thursday", "friday", "saturday", "sunday", "lately", "ago", "later", "early", "late", "whole",
    "great", "nice", "fine", "big", "small", "new", "old", "real", "right", "sure", "different", "same", "way",
    "stuff", "people", "everyone", "everything", "something", "anything", "nothing", "today", "tonight",
    "happy", "sad", "tired", "angry", "anxious", "worried", "stressed", "glad", "lovely", "love", "hate",
    "make", "get", "getting", "go", "goes", "say", "says", "tell", "take", "took", "keep", "kept", "come",
    "look", "looked", "try", "tried", "trying", "thought", "knew", "saw", "see", "put", "use", "used", "left",
    "let", "lets", "done", "doing", "able", "gonna", "wanna", "start", "end", "last", "next", "first", "one",
    "two", "three", "half", "hard", "easy", "much", "many", "feels", "makes", "told", "asked",
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


# -- recurring themes: phrases the user wrote in two or more entries -----------------------
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
# A phrase may open on one of these ("the loft conversion", "my sister"); the key drops them.
_LEADING = {"the", "my", "our"}
# Inside a phrase: a few linking words ("sleep before midnight", "time with Mum"), never a verb
# of being or a pronoun.
_LINKING = {"before", "after", "with", "of", "for", "at", "in", "on", "to", "about", "and", "from"}
MAX_PHRASE_WORDS = 4
# Irregular past tenses: a phrase opening on one narrates an act ("fell asleep"), it names no theme.
_PAST = {"fell", "slept", "ate", "drank", "ran", "saw", "met", "sat", "lost", "found", "gave", "bought", "brought",
         "thought", "left", "kept", "heard", "paid", "sent", "spoke", "wrote", "took", "woke", "forgot", "caught",
         "drove", "rode", "swam", "threw", "won", "began", "knew", "grew", "stood", "understood", "cried"}
# Nouns too vague to be a theme on their own ("my head", "life").
_VAGUE = {"head", "mind", "life", "place", "part", "side", "point", "room", "face", "eye", "bed", "body", "hand",
          "house", "home", "thing", "word", "idea", "reason", "moment", "chat", "call", "message", "text"}


def _norm(word: str) -> str:
    word = word.lower().replace("’", "'")
    word = word.removesuffix("'s")
    if len(word) > 4 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    return word


def _chunks(sentence: str) -> list[list[str]]:
    """The sentence's word runs between punctuation (a phrase never crosses a comma)."""
    return [_WORD.findall(part) for part in re.split(r"[,;:()\"“”—–!?]|\s-\s", sentence)]


def _phrases(words: list[str]):
    """(key, surface) of every candidate theme phrase in one run of words."""
    norms = [_norm(w) for w in words]
    for start in range(len(words)):
        for size in range(1, MAX_PHRASE_WORDS + 1):
            end = start + size
            if end > len(words):
                break
            span = norms[start:end]
            if start > 0 and norms[start - 1] in _LEADING:
                continue  # "the loft conversion" is counted from its determiner, once
            lead = span[0] in _LEADING
            core = span[1:] if lead else span
            if not core or core[0] in _STOP or core[0] in _COMMON_VERBS or core[-1] in _STOP:
                continue
            if (len(core[0]) > 4 and core[0].endswith("ed")) or core[0] in _PAST:  # "walked home", "fell asleep"
                continue
            inner = core[1:-1]
            if any(w in _STOP and w not in _LINKING for w in inner) or sum(w in _LINKING for w in inner) > 1:
                continue
            content = [w for w in core if w not in _STOP]
            if not any(w not in _GENERIC and len(w) > 2 for w in content):
                continue
            if len(core) == 1 and (len(core[0]) < 4 or core[0] in _GENERIC or core[0] in _VAGUE):
                continue
            surface = " ".join(words[start:end])
            yield tuple(core), (surface[0].lower() + surface[1:]) if lead else surface


@dataclass
class Theme:
    """A phrase that recurs across entries: its key words, the surface form the user wrote most,
    and per entry the first sentence it appears in."""

    key: tuple[str, ...]
    title: str
    name: str = ""  # the title inside a sentence: "the loft conversion", "Dr Ross"
    sentences: dict[str, str] = field(default_factory=dict)  # entry id -> sentence

    @property
    def entry_ids(self) -> set[str]:
        return set(self.sentences)


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in split_sentences(text) if s.strip()]


def _parse_day(value: str) -> date:
    numbers = [int(x) for x in re.findall(r"\d+", value)]
    try:
        if len(numbers) == 3 and numbers[2] > 31:
            return date(numbers[2], numbers[0], numbers[1])
        if len(numbers) == 3:
            return date(numbers[0], numbers[1], numbers[2])
    except ValueError:
        pass
    return date.min


def chronological(entries):
    """Entries (anything with `.date` as MM/DD/YYYY or YYYY-MM-DD) oldest first."""
    return sorted(entries, key=lambda e: _parse_day(e.date))


def _subsequence(small: tuple[str, ...], big: tuple[str, ...]) -> bool:
    return len(small) < len(big) and any(big[i:i + len(small)] == small for i in range(len(big) - len(small) + 1))


def recurring_themes(entries, *, limit: int = 8) -> list[Theme]:
    """The phrases (noun phrases or short clauses, in the user's own words) that recur across at
    least two entries (a single word: three), most widespread and most specific first. `entries`
    have `.id`, `.content`. No two themes share a content word."""
    found: dict[tuple[str, ...], Theme] = {}
    surfaces: dict[tuple[str, ...], Counter] = defaultdict(Counter)
    for entry in entries:
        for sentence in _sentences(entry.content):
            for words in _chunks(sentence):
                for key, surface in _phrases(words):
                    theme = found.setdefault(key, Theme(key=key, title=""))
                    theme.sentences.setdefault(entry.id, sentence)
                    surfaces[key][surface] += 1
    lowercase = _common_words() | {w for e in entries for w in re.findall(r"\b[a-z][a-z']+\b", e.content)}
    candidates = []
    for key, theme in found.items():
        need = MIN_WORD_THEME_ENTRIES if len(key) == 1 else MIN_THEME_ENTRIES
        if len(theme.entry_ids) >= need:
            theme.title = _surface_title(surfaces[key])
            first, _, rest = theme.title.partition(" ")
            if first.lower() in lowercase and first not in _NOT_NAMES:
                first = first.lower()
            theme.name = f"{first} {rest}".strip()
            candidates.append(theme)
    # A phrase inside a longer one that recurs in the very same entries says less: keep the longer.
    candidates = [t for t in candidates
                  if not any(_subsequence(t.key, o.key) and o.entry_ids == t.entry_ids for o in candidates)]

    def score(theme: Theme) -> tuple[float, int]:
        weight = {1: 1.0, 2: 2.0}.get(len(theme.key), 2.2)
        return (len(theme.entry_ids) * weight, len(theme.key))

    candidates.sort(key=lambda t: (-score(t)[0], -score(t)[1], t.title.lower()))
    chosen: list[Theme] = []
    used: set[str] = set()
    for theme in candidates:
        words = {w for w in theme.key if w not in _STOP}
        if words & used:
            continue
        chosen.append(theme)
        used |= words
        if len(chosen) == limit:
            break
    return chosen


def _surface_title(counts: Counter) -> str:
    """The way the user wrote the phrase most often, with a capital first letter."""
    surface = max(counts.items(), key=lambda kv: (kv[1], len(kv[0])))[0]
    surface = re.sub(r"['’]s$", "", surface)
    return surface[0].upper() + surface[1:]


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


def self_analysis(entries: list[ReflectionEntry]) -> SelfAnalysis:
    """Patterns, links, growth and reflections, each citing at least two of the entries."""
    entries = chronological(entries)
    by_id = {e.id: e for e in entries}
    notes: list[str] = []
    themes = recurring_themes(entries)

    def refs(ids) -> list[EntryRef]:
        return [EntryRef(id=e.id, date=e.date) for e in entries if e.id in ids]

    patterns = []
    for theme in themes[:MAX_ITEMS]:
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
                     f"What part of {name} weighs on you most, and which part is in your hands?" if heavy
                     else f"What does {name} give you that you would like more of?"],
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
                    prompts=[f"How does {first} affect {second} for you?",
                             f"When {first} comes up, what happens to {second}?"],
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
    if after - before >= MOOD_SHIFT:
        title, prompt = "Lighter days lately", "What has changed between your earlier entries and now that helps?"
        lead = "Your recent entries are lighter than your earlier ones."
    elif before - after >= MOOD_SHIFT:
        title, prompt = "Heavier days lately", "What has been weighing on you since your earlier entries?"
        lead = "Your recent entries are heavier than your earlier ones."
    else:
        title, prompt = "Steady moods", "What keeps your days on an even keel, and is that what you want?"
        lead = "Your moods have held steady between your earlier and your recent entries."
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
            was = _mood_mix(early_moody).most_common(1)[0][0]
            now = _mood_mix(late_moody).most_common(1)[0][0]
            if abs(shift) >= 1 and was != now and (MOOD_SCORE[now] - MOOD_SCORE[was]) * shift > 0:
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


def _content_words(text: str) -> set[str]:
    return {_norm(w) for w in _WORD.findall(text) if _norm(w) not in _STOP}


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
_CAPITALISED = re.compile(r"\b[A-Z][a-z]{2,}(?:'s)?\b")
# People the user names by role, capitalised or not ("Mum said", "my sister").
PEOPLE_WORDS = {
    "mum", "mom", "mummy", "mommy", "dad", "daddy", "mother", "father", "nan", "nana", "gran", "granny", "grandma",
    "grandpa", "grandad", "granddad", "grandmother", "grandfather", "sister", "brother", "husband", "wife",
    "partner", "boyfriend", "girlfriend", "son", "daughter", "aunt", "auntie", "uncle", "cousin", "boss",
    "manager", "therapist", "coach", "friend", "colleague", "flatmate", "roommate", "neighbour", "neighbor",
}
_ROLE_ALONE = {"mum", "mom", "dad", "nan", "nana", "gran", "granny", "grandma", "grandpa", "grandad"}
_NOT_NAMES = {"I", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "January",
              "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
              "December", "God", "Today", "Tomorrow", "Yesterday", "English", "Spanish", "French", "Christmas",
              "Easter", "Halloween", "Zoom", "Teams", "Slack", "Google", "Netflix", "Instagram", "Facebook",
              "WhatsApp", "Amazon", "Spotify", "Uber", "Tesco", "Aldi", "Lidl", "Sainsbury's", "Asda", "London",
              "Manchester", "Bristol", "Leeds", "Glasgow", "Edinburgh", "Paris", "Berlin", "Dublin", "Scotland",
              "England", "Wales", "Ireland", "Europe", "America", "Covid", "Ofsted", "Mon", "Tue", "Wed", "Thu",
              "Fri", "Sat", "Sun", "Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov",
              "Dec", "Dear", "Diary", "Journal", "Note", "Notes", "Todo", "Ugh", "Hmm", "Wow", "Yay", "Oh", "Okay"}
_CORPUS = Path(__file__).parent / "data" / "journal_corpus" / "dev.jsonl"
_CONTRAST = re.compile(r"\b(but|although|though|even though|yet)\b", re.IGNORECASE)
GOAL_MATCH = 0.5
PROMPT_MIN_CHARS = 18


@functools.cache
def _common_words() -> frozenset[str]:
    """Words journals write in lower case (the corpus' dev split, and the stop words): a
    capitalised one of these is an ordinary word at the start of a line, not a person's name."""
    words = {w.lower() for w in _STOP | _GENERIC | PEOPLE_WORDS}
    try:
        for line in _CORPUS.read_text(encoding="utf-8").splitlines():
            if line.strip():
                words.update(re.findall(r"\b[a-z][a-z']+\b", json.loads(line).get("text", "")))
    except (OSError, ValueError):
        pass
    return frozenset(words)


def _starts(text: str) -> set[int]:
    """Offsets where a sentence, a line, a list item or a clause after a colon begins: a capital
    there is grammar, not a name."""
    starts = {0}
    for pattern in (r"[.!?…]+[\"'”’)]*\s+", r"\n\s*(?:[-*•]|\d+[.)])?\s*", r"[:;]\s*", r"[\"“(]\s*"):
        starts.update(match.end() for match in re.finditer(pattern, text))
    return starts


# A capitalised word after these is a place ("in Redland", "to Porto"), not a person.
_PLACE_BEFORE = re.compile(r"\b(?:in|at|to|from|near|into|around|via)\s+$", re.IGNORECASE)
# Endings of ordinary words, hardly ever of a name ("Groceries", "Overslept" aside, these catch most).
_WORD_ENDINGS = ("ing", "ed", "tion", "sion", "ment", "ness", "ies", "ery", "ful", "less", "ship", "ity", "ism")


def people_in(text: str, known: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The people a text names, in order: names the user has written as people before (`known`),
    role words ("Mum", "my sister"), and capitalised words that are neither at the start of a
    sentence, line or clause nor an ordinary word ("Email", "Coffee" and "Work" are not people)."""
    known_lower = {k.lower(): k for k in known if k}
    common = _common_words()
    starts = _starts(text)
    found: list[tuple[int, str]] = []
    for match in re.finditer(r"\b[A-Za-z][a-z']+\b", text):
        word = match.group(0)
        bare = word.removesuffix("'s")
        lower = bare.lower()
        if lower in known_lower and (bare[0].isupper() or lower in PEOPLE_WORDS):
            found.append((match.start(), known_lower[lower]))
        elif lower in _ROLE_ALONE and (bare[0].isupper() or text[max(0, match.start() - 3):match.start()].lower()
                                        in ("my ",)):
            found.append((match.start(), bare[0].upper() + bare[1:]))
        elif (bare[0].isupper() and len(bare) >= 2 and match.start() not in starts and bare not in _NOT_NAMES
              and lower not in common and not lower.endswith(_WORD_ENDINGS)
              and not _PLACE_BEFORE.search(text[max(0, match.start() - 8):match.start()])):
            found.append((match.start(), bare))
    seen, ordered = set(), []
    for _, name in sorted(found):
        if name.lower() not in seen:
            seen.add(name.lower())
            ordered.append(name)
    return ordered


def known_people(texts: list[str]) -> list[str]:
    """Names written as people in earlier entries (see `people_in`), most frequent first."""
    counts = Counter(name for text in texts for name in people_in(text))
    return [name for name, _ in counts.most_common()]


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
