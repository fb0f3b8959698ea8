"""The user's recurring themes and people, read from their own words: phrases they wrote in two
or more entries (`recurring_themes`), and the names they write as people (`people_in`,
`known_people`). Shared by Self Analysis, real-time prompts and the local personal story."""

from __future__ import annotations

import functools
import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from sklearn.feature_extraction.text import TfidfVectorizer

from pipelines.highlights import split_sentences

# A theme needs this many entries to be a pattern; a single word needs more (it is vaguer).
MIN_THEME_ENTRIES = 2
MIN_WORD_THEME_ENTRIES = 3

STOP = set(TfidfVectorizer(stop_words="english").get_stop_words()) | {
    "really", "today", "just", "feel", "felt", "like", "got", "day", "did", "going", "think", "thing", "things",
    "know", "want", "need", "bit", "lot", "time", "im", "ive", "dont", "didnt", "i'm", "i've", "don't", "didn't",
    "can't", "won't", "it's", "that's", "i'd", "i'll", "let", "s", "t", "lol", "ok", "okay", "maybe", "pretty",
    "kind", "sort", "actually", "probably", "finally", "properly", "tonight", "days", "today's", "twice",
}


_COMMON_VERBS = {
    "went", "woke", "got", "had", "made", "did", "came", "started", "spent", "felt", "feeling", "said", "told",
    "want", "wanted", "need", "needs", "needed", "should", "really", "still", "again", "maybe", "today",
    "yesterday", "tomorrow", "morning", "evening", "night", "week", "weekend", "long", "good", "bad", "little",
}
# Words that say when, not what: a phrase made only of these (and stop words) is no theme.
GENERIC = _COMMON_VERBS | {
    "afternoon", "hour", "hours", "minute", "minutes", "month", "months", "year", "years", "monday", "tuesday",
    "wednesday", "thursday", "friday", "saturday", "sunday", "lately", "ago", "later", "early", "late", "whole",
    "great", "nice", "fine", "big", "small", "new", "old", "real", "right", "sure", "different", "same", "way",
    "stuff", "people", "everyone", "everything", "something", "anything", "nothing", "today", "tonight",
    "happy", "sad", "tired", "angry", "anxious", "worried", "stressed", "glad", "lovely", "love", "hate",
    "make", "get", "getting", "go", "goes", "say", "says", "tell", "take", "took", "keep", "kept", "come",
    "look", "looked", "try", "tried", "trying", "thought", "knew", "saw", "see", "put", "use", "used", "left",
    "let", "lets", "done", "doing", "able", "gonna", "wanna", "start", "end", "last", "next", "first", "one",
    "two", "three", "half", "hard", "easy", "much", "many", "feels", "makes", "told", "asked",
    # Times of day and adverbs: "You wrote about ahead in 3 entries" (seen on a tour) says nothing.
    "ahead", "midnight", "noon", "midday", "dawn", "dusk", "overnight", "o'clock", "tomorrow's", "soon", "quite",
    "instead", "away", "forward", "outside", "inside", "upstairs", "downstairs", "suddenly", "basically",
    "literally", "honestly", "definitely", "totally", "completely", "absolutely", "certainly", "clearly",
    "seriously", "simply", "usually", "normally", "generally", "recently", "currently",
    # Months say when too: "November" came back in three entries only as three different dates.
    "january", "february", "march", "april", "june", "july", "august", "september", "october", "november",
    "december",
}


def recurring_words(texts: list[str], *, limit: int = 3) -> list[str]:
    """Content words that recur across several texts, most widespread first ("work", "sleep")."""
    document_frequency: dict[str, int] = defaultdict(int)
    for text in texts:
        seen = set()
        for word in re.findall(r"[a-z][a-z']{2,}", text.lower()):
            word = word.strip("'")
            word = word[:-1] if word.endswith("s") and len(word) > 4 and not word.endswith("ss") else word
            if "'" in word or word in STOP or word in _COMMON_VERBS or word in seen:
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
_PAST = {"fell", "lay", "slept", "ate", "drank", "ran", "saw", "met", "sat", "lost", "found", "gave", "bought", "brought",
         "thought", "left", "kept", "heard", "paid", "sent", "spoke", "wrote", "took", "woke", "forgot", "caught",
         "drove", "rode", "swam", "threw", "won", "began", "knew", "grew", "stood", "understood", "cried"}
# Verbs of someone saying or asking: a phrase with one tells who spoke, not what about ("Dana said").
_SAYING = {"said", "say", "says", "told", "tells", "asked", "asks", "replied", "texted", "messaged", "emailed",
           "rang", "phoned", "called", "reckons", "thinks", "suggested", "admitted", "blamed", "agreed", "promised"}
# Nouns too vague to be a theme on their own ("my head", "life").
_VAGUE = {"head", "mind", "life", "place", "part", "side", "point", "room", "face", "eye", "bed", "body", "hand",
          "house", "home", "thing", "word", "idea", "reason", "moment", "chat", "call", "message", "text", "plan"}


def words_of(text: str) -> list[str]:
    return _WORD.findall(text)


# An activity's forms are one theme: "swimming", "swim twice" and "Swam 40 lengths" were three
# themes or none on a tour, while the story listed a desk chair of two entries.
_ACTIVITY = {form: base for base, *forms in (
    ("swim", "swims", "swam", "swum", "swimming"), ("hike", "hikes", "hiked", "hiking"),
    ("cycle", "cycles", "cycled", "cycling"), ("climb", "climbs", "climbed", "climbing"),
    ("jog", "jogs", "jogged", "jogging"), ("row", "rowed", "rowing"), ("ski", "skis", "skied", "skiing"),
    ("surf", "surfed", "surfing"), ("skate", "skated", "skating"), ("dance", "danced", "dancing"),
    ("bake", "baked", "baking"), ("knit", "knitted", "knitting"), ("sew", "sewed", "sewing"),
    ("meditate", "meditated", "meditating"), ("garden", "gardened", "gardening"), ("camp", "camped", "camping"),
) for form in (base, *forms)}

# "work" names the job only in some of its uses ("at work", "my work", "worked late", "a work
# call"); "work with my hands", "the date might work", "working in bed", "rest is part of the work"
# are other senses, and "before work" says when. A theme with the word needs one of these uses.
JOB_WORK_RE = re.compile(r"""(?ix)
    \b(?:at|about|off|into|of|my|our|his|her|their|your|new|old)\s+work\b(?!\s+out)
  | \bwork\s+(?:was|is|has|had|feels|felt|keeps|kept|went)\b
  | ^\W*work\s+(?:\w+ly\s+)?(?:\w+ed|got|gets|seems|today|this\s+week)\b  # "Work finally calmed down."
  | \b(?:go|goes|went|going|gone|get|got|getting|drove|drive|cycled|walked|back|late)\s+to\s+work\b
  | \bwork(?:s|ed|ing)?\s+(?:late|overtime|from\s+home|remotely|from\s+the|weekends|nights|a\s+shift)\b
  | \bwork\s+(?:emails?|calls?|trips?|party|laptop|phone|stuff|friends|drinks|events?|meetings?|projects?|day|week)\b
  | \bwork(?:load|place|mates?)\b | \bco-?workers?\b
""")
WORK_WORDS = {"work", "worked", "working"}


def _norm(word: str) -> str:
    word = word.lower().replace("’", "'")
    word = word.removesuffix("'s")
    if word in _ACTIVITY:
        return _ACTIVITY[word]
    if len(word) > 4 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    return word


def is_family_name(word: str) -> bool:
    """"Mum", "Dad", "Nan" written with a capital: a person's name ("Phoned Mum tonight"), as
    specific as "Dr Ross", so a theme of its own although it is one short word."""
    return word[:1].isupper() and _norm(word) in ROLE_ALONE


def _chunks(sentence: str) -> list[list[str]]:
    """The sentence's word runs between punctuation and numbers (a phrase never crosses a comma,
    and the "th" of "November 30th" is no word: "November th" was a theme on a tour)."""
    return [_WORD.findall(part) for part in re.split(r"[,;:()\"“”—–!?]|\s-\s|\S*\d\S*", sentence)]


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
            if not core or core[0] in STOP or core[0] in _COMMON_VERBS or core[-1] in STOP:
                continue
            if (len(core[0]) > 4 and core[0].endswith("ed")) or core[0] in _PAST:  # "walked home", "fell asleep"
                continue
            if any(w in _SAYING for w in core):  # "Dana said" is a person speaking, not a topic
                continue
            inner = core[1:-1]
            if any(w in STOP and w not in _LINKING for w in inner) or sum(w in _LINKING for w in inner) > 1:
                continue
            content = [w for w in core if w not in STOP]
            if not any(w not in GENERIC and len(w) > 2 for w in content):
                continue
            family = len(core) == 1 and is_family_name(words[end - 1])
            if len(core) == 1 and not family and (len(core[0]) < 4 or core[0] in GENERIC or core[0] in _VAGUE):
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


def parse_day(value: str) -> date:
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
    return sorted(entries, key=lambda e: parse_day(e.date))


def recurring_themes(entries, *, limit: int = 8) -> list[Theme]:
    """The phrases (noun phrases or short clauses, in the user's own words) that recur across at
    least two entries (a single word: three), most widespread and most specific first. `entries`
    have `.id`, `.content`. No two themes share a content word."""
    found: dict[tuple[str, ...], Theme] = {}
    surfaces: dict[tuple[str, ...], Counter] = defaultdict(Counter)
    for entry in entries:
        for sentence in _sentences(entry.content):
            job = bool(JOB_WORK_RE.search(sentence))
            for words in _chunks(sentence):
                for key, surface in _phrases(words):
                    if not job and WORK_WORDS & set(key):
                        continue
                    theme = found.setdefault(key, Theme(key=key, title=""))
                    theme.sentences.setdefault(entry.id, sentence)
                    surfaces[key][surface] += 1
    lowercase = _lowercase_words([e.content for e in entries])
    candidates = []
    for key, theme in found.items():
        need = MIN_WORD_THEME_ENTRIES if len(key) == 1 and key[0] not in ROLE_ALONE else MIN_THEME_ENTRIES
        if len(theme.entry_ids) >= need:
            theme.title = _surface_title(surfaces[key])
            first, _, rest = theme.title.partition(" ")
            if first.lower() in lowercase and first not in NOT_NAMES and not is_family_name(first):
                first = first.lower()
            theme.name = f"{first} {rest}".strip()
            candidates.append(theme)
    # A phrase inside a longer one that recurs in the very same entries says less: keep the longer.
    # Each candidate's shorter runs are looked up (at most MAX_PHRASE_WORDS words: a few each), not
    # every pair of candidates compared: that took 22 minutes on a 2,000-entry import.
    by_key = {t.key: t for t in candidates}
    covered: set[tuple[str, ...]] = set()
    for longer in candidates:
        ids = longer.entry_ids
        for size in range(1, len(longer.key)):
            for start in range(len(longer.key) - size + 1):
                inner = by_key.get(longer.key[start:start + size])
                if inner is not None and inner.entry_ids == ids:
                    covered.add(inner.key)
    candidates = [t for t in candidates if t.key not in covered]

    def score(theme: Theme) -> tuple[float, int]:
        weight = {1: 1.0, 2: 2.0}.get(len(theme.key), 2.2)
        return (len(theme.entry_ids) * weight, len(theme.key))

    candidates.sort(key=lambda t: (-score(t)[0], -score(t)[1], t.title.lower()))
    chosen: list[Theme] = []
    used: set[str] = set()
    for theme in candidates:
        words = {w for w in theme.key if w not in STOP}
        if words & used:
            continue
        chosen.append(theme)
        used |= words
        if len(chosen) == limit:
            break
    return chosen


# A recurring phrase is a thread only when the entries it is in are about it: the mean cosine of
# the phrase's embedding with theirs at least this. Read on 12 dev voices' themes (40 entries each,
# people aside): below it, mostly words that recur without being a subject ("Asking", "Round",
# "Thurs", "Always", "Till", "Gone"; "forty yards of the wall" and "out to the yard"; the dog's
# grave "in the top field" and the field let to a neighbour, 0.14), above it the subjects ("the
# loan" 0.39, "the loft conversion" 0.64); a few real ones fall below ("the Home Office" 0.13):
# a missed thread costs less than a false one.
THEME_MIN_MEANING = 0.17


def about_by_meaning(themes: list[Theme], entry_vectors: dict, people: set[str] | frozenset[str] = frozenset()
                     ) -> list[Theme]:
    """The themes whose entries are about them by meaning (THEME_MIN_MEANING), in their order. A
    person (in `people`, lower case, or a family name) is a thread by name: a name carries little
    meaning for the model. `entry_vectors`: entry id -> its embedding."""
    import numpy as np

    from pipelines.embeddings import embed

    named = [t.name.lower() in people or is_family_name(t.name) for t in themes]
    unnamed = [t for t, is_person in zip(themes, named, strict=True) if not is_person]
    if not unnamed:
        return list(themes)
    phrase_vectors = embed([t.name for t in unnamed])
    meant = set()
    for theme, vector in zip(unnamed, phrase_vectors, strict=True):
        scores = [float(np.asarray(entry_vectors[i], dtype=np.float32) @ vector) for i in theme.entry_ids
                  if entry_vectors.get(i) is not None]
        if scores and sum(scores) / len(scores) >= THEME_MIN_MEANING:
            meant.add(theme.key)
    return [t for t, is_person in zip(themes, named, strict=True) if is_person or t.key in meant]


# Themes whose entries are (nearly) the same set are one thread: one recurring sentence ("we keep
# planning and never deciding") made "Deciding", "Planning" and "Stuck" over the same 73 entries
# on a tour. The Jaccard similarity of their entry sets from which they are merged, and the entries
# they must share: in a few entries two themes coincide by chance ("Tom" and "work" in the same 3).
SAME_ENTRIES = 0.8
SAME_MIN_SHARED = 5


def same_entries(a: set, b: set) -> bool:
    shared = len(a & b)
    return shared >= SAME_MIN_SHARED and shared / len(a | b) >= SAME_ENTRIES


def merge_alike(items: list, entries_of) -> list[list]:
    """`items` (best first) grouped where `entries_of(item)` is nearly the set of the group's first
    item's entries: each group is one thread, led by its best item."""
    groups: list[list] = []
    for item in items:
        group = next((g for g in groups if same_entries(set(entries_of(g[0])), set(entries_of(item)))), None)
        if group is None:
            groups.append([item])
        else:
            group.append(item)
    return groups


def _surface_title(counts: Counter) -> str:
    """The way the user wrote the phrase most often, with a capital first letter."""
    surface = max(counts.items(), key=lambda kv: (kv[1], len(kv[0])))[0]
    surface = re.sub(r"['’]s$", "", surface)
    return surface[0].upper() + surface[1:]



PEOPLE_WORDS = {
    "mum", "mom", "mummy", "mommy", "dad", "daddy", "mother", "father", "nan", "nana", "gran", "granny", "grandma",
    "grandpa", "grandad", "granddad", "grandmother", "grandfather", "sister", "brother", "husband", "wife",
    "partner", "boyfriend", "girlfriend", "son", "daughter", "aunt", "auntie", "uncle", "cousin", "boss",
    "manager", "therapist", "coach", "friend", "colleague", "flatmate", "roommate", "neighbour", "neighbor",
}
ROLE_ALONE = {"mum", "mom", "dad", "nan", "nana", "gran", "granny", "grandma", "grandpa", "grandad"}
NOT_NAMES = {"I", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "January",
              "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
              "December", "God", "Today", "Tomorrow", "Yesterday", "English", "Spanish", "French", "Christmas",
              "Easter", "Halloween", "Zoom", "Teams", "Slack", "Google", "Netflix", "Instagram", "Facebook",
              "WhatsApp", "Amazon", "Spotify", "Uber", "Tesco", "Aldi", "Lidl", "Sainsbury's", "Asda", "London",
              "Manchester", "Bristol", "Leeds", "Glasgow", "Edinburgh", "Paris", "Berlin", "Dublin", "Scotland",
              "England", "Wales", "Ireland", "Europe", "America", "Covid", "Ofsted", "Mon", "Tue", "Wed", "Thu",
              "Fri", "Sat", "Sun", "Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov",
              "Dec", "Dear", "Diary", "Journal", "Note", "Notes", "Todo", "Ugh", "Hmm", "Wow", "Yay", "Oh", "Okay"}
# Words of streets and places ("Rue Oberkampf", "Elm Street") and holidays and named days
# ("Christmas Eve", "Boxing Day"): never a person, nor the capitalised word beside them.
_PLACE_WORDS = {"Rue", "Street", "St", "Road", "Rd", "Avenue", "Ave", "Lane", "Place", "Square", "Park", "Boulevard",
                "Via", "Calle", "Plaza", "Piazza", "Platz", "Strasse", "Drive", "Close", "Crescent", "Terrace",
                "Gardens", "Mount", "Mt", "Lake", "Loch", "Mont", "Cape", "Isle", "Bridge", "Station", "Quay"}
_HOLIDAYS = {"Day", "Night", "Thanksgiving", "Hanukkah", "Chanukah", "Diwali", "Eid", "Ramadan", "Passover",
             "Advent", "Lent", "Xmas", "Hogmanay", "Valentine", "Valentines", "Pentecost", "Whitsun", "Yom", "Kippur",
             "Nowruz", "Solstice", "Equinox"}
NOT_NAMES |= _PLACE_WORDS | _HOLIDAYS
# A capitalised word after a place word is the place's name ("Oberkampf" after "Rue"), as one after
# "Christmas" or "New Year's" is the day's ("Eve"); one before "Day", "Eve" or "Night" names a day
# ("Valentine's Day", "Bonfire Night").
# Only the words that come before a place's name: "Drive Sam to school" and "Park Lane" start differently.
_NAME_AFTER = {"Rue", "Avenue", "Boulevard", "Via", "Calle", "Plaza", "Piazza", "Mount", "Mt", "Lake", "Loch", "Mont",
               "Cape", "Isle"}
PLACE_OR_DAY_BEFORE = re.compile(rf"\b(?:{'|'.join(sorted(_NAME_AFTER))}|Christmas|Year['’]s|Hallows['’]?)\s+$")
DAY_AFTER = re.compile(r"(?:['’]s)?\s+(?:Day|Eve|Night)\b")
CORPUS = Path(__file__).parent / "data" / "journal_corpus" / "dev.jsonl"



@functools.cache
def common_words() -> frozenset[str]:
    """Words journals write in lower case (the corpus' dev split, and the stop words): a
    capitalised one of these is an ordinary word at the start of a line, not a person's name.
    A word counts when the corpus writes it in lower case at least three times and more often than
    capitalised inside a sentence: a writer who types names in lower case ("ring priya tmrw") does
    not make Priya an ordinary word."""
    words = {w.lower() for w in STOP | GENERIC | PEOPLE_WORDS}
    lower: Counter[str] = Counter()
    capitalised: Counter[str] = Counter()
    try:
        for line in CORPUS.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text", "")
                lower.update(re.findall(r"\b[a-z][a-z']+\b", text))
                capitalised.update(w.lower() for w in re.findall(r"(?<=[a-z,] )[A-Z][a-z']+\b", text))
    except (OSError, ValueError):
        pass
    words.update(w for w, n in lower.items() if n >= 3 and n > capitalised[w])
    return frozenset(words)


def _lowercase_words(texts: list[str]) -> set[str]:
    """Words these texts would write in lower case: what the user writes in lower case, and the
    corpus' ordinary words unless the user writes them capitalised inside a sentence ("Greg blamed
    my team": the corpus has a writer who types "greg", this user writes a name)."""
    own = {w for text in texts for w in re.findall(r"\b[a-z][a-z']+\b", text)}
    capitalised = {w.lower() for text in texts for w in re.findall(r"(?<=[a-z,] )[A-Z][a-z']+\b", text)}
    return own | (common_words() - capitalised)


def sentence_starts(text: str) -> set[int]:
    """Offsets where a sentence, a line, a list item or a clause after a colon begins: a capital
    there is grammar, not a name."""
    starts = {0}
    for pattern in (r"[.!?…]+[\"'”’)]*\s+", r"\n\s*(?:[-*•]|\d+[.)])?\s*", r"[:;]\s*", r"[\"“(]\s*"):
        starts.update(match.end() for match in re.finditer(pattern, text))
    return starts


STOP_WORDS = frozenset(STOP)
normalise_word = _norm
lowercase_words = _lowercase_words
NARRATED_WORDS = frozenset(_PAST | _SAYING)
VAGUE_WORDS = frozenset(_VAGUE)


# The people a journal names live in pipelines/people.py; their names stay importable from here.
from pipelines.people import (
    PLACE_BEFORE,
    kin_linked,
    known_people,
    people_by_text,
    people_in,
)

__all__ = [
    "JOB_WORK_RE",
    "NARRATED_WORDS",
    "PEOPLE_WORDS",
    "PLACE_BEFORE",
    "STOP_WORDS",
    "VAGUE_WORDS",
    "Theme",
    "about_by_meaning",
    "chronological",
    "is_family_name",
    "kin_linked",
    "known_people",
    "lowercase_words",
    "merge_alike",
    "normalise_word",
    "parse_day",
    "people_by_text",
    "people_in",
    "recurring_themes",
    "recurring_words",
    "same_entries",
    "words_of",
]
