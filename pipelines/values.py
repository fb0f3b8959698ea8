"""Core values of Meaning & Purpose (`pipelines/purpose.py`): what the journal keeps coming back to,
from a fixed taxonomy (`VALUES`: a name and a few plain prototype sentences each, written for this
module), counted by entry and cited with the sentences that show each value most clearly.

A sentence counts for a value when a cue of the value is in it in the value's sense (`VALUE_CUES`
less `NOT_IN_SENSE`: "parents' evening" is a school event, "ran late" no run), it is close in meaning
to the value's prototypes (`VALUE_MIN_SIMILARITY`), and no other value the sentence's words could
speak of is closer ("Yoga class" is health, not learning). Two readings the journal itself settles
count without the embedding, which under-reads them: a sentence naming one of the writer's family
(Mum, "my sister", and the people the journal links to those words: "Ines, my sister") is family,
and a sentence the journal's work reading (`pipelines/work_sense.py`) takes for the writer's job is
work ("Marked thirty Year 10 essays" is a teacher's; "rest is part of the work" is not a job)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

import msgspec
import numpy as np

from models.constants import EMBEDDING_DIM
from pipelines.embeddings import embed
from pipelines.highlights import split_sentences
from pipelines.providers.base import ProfileEntry
from pipelines.themes import is_family_name, lowercase_words, parse_day
from pipelines.work_sense import work_reader


class Cited(msgspec.Struct, kw_only=True):
    """An entry a statement stands on, and the sentence of it that does (when one does)."""

    id: str
    date: str  # MM/DD/YYYY, as the entry list shows it
    quote: str | None = None


class CoreValue(msgspec.Struct, kw_only=True, rename="camel"):
    name: str
    entry_count: int
    first_date: str
    last_date: str
    entries: list[Cited]  # the clearest ones, at most CITED_ENTRIES, oldest first


# The taxonomy: a value and plain sentences of the kind a journal writes when it is about it.
VALUES: dict[str, tuple[str, ...]] = {
    "Family": (
        "I called my mum and we talked for an hour.",
        "Spent the weekend with my parents and my sister.",
        "Looking after my kids and being there for my family.",
    ),
    "Friendship": (
        "Met a friend for coffee and we laughed for hours.",
        "Dinner with old friends, it was so good to catch up.",
        "My friends were there for me when I needed them.",
    ),
    "Love & partnership": (
        "My partner and I spent a lovely evening together.",
        "Date night with my boyfriend.",
        "I feel close to my husband again after we talked.",
    ),
    "Health": (
        "Went for a run and felt strong afterwards.",
        "Slept eight hours and ate properly for once.",
        "Went to the gym and then cooked a healthy dinner.",
        "Did a yoga class and stretched out my stiff back.",
    ),
    "Growth & learning": (
        "I'm learning a new skill and slowly getting better at it.",
        "Read a book that changed the way I think.",
        "Practised my Spanish lesson for half an hour.",
    ),
    "Achievement & work": (
        "Worked hard on the project at work and delivered it on time.",
        "My manager praised my presentation today.",
        "Proud of what I achieved at work this week.",
    ),
    "Security & stability": (
        "Worried about money, the rent and the bills.",
        "Put some savings aside so we have a safety net.",
        "Sorted out the budget so we can afford the mortgage.",
    ),
    "Creativity": (
        "Spent the evening drawing and lost track of time.",
        "Wrote a few pages of my story tonight.",
        "Played the piano and worked on a new song.",
        "Made a bowl on the pottery wheel, my hands covered in clay.",
    ),
    "Freedom & adventure": (
        "Travelled somewhere new and explored the old town.",
        "Booked a trip abroad, I can't wait to go.",
        "Tried something I had never done before and loved every minute.",
    ),
    "Nature": (
        "Walked in the woods and listened to the birds.",
        "Spent the afternoon in the garden planting tomatoes.",
        "Sat by the sea and watched the waves roll in.",
    ),
    "Honesty": (
        "I told her the truth even though it was hard.",
        "I was honest with him about how I really feel.",
        "I stopped pretending everything was fine.",
    ),
    "Kindness & service": (
        "Helped my neighbour carry her shopping.",
        "Volunteered at the food bank this morning.",
        "Was there for a friend who was having a hard time.",
    ),
    "Faith & spirituality": (
        "Went to church and prayed for my family.",
        "Read scripture this morning and felt God's presence.",
        "Meditated in silence and felt connected to something bigger.",
    ),
    "Rest & balance": (
        "Took a slow day to rest and recharge.",
        "Switched off from work and did nothing all evening.",
        "A quiet weekend at home, no plans, just resting.",
    ),
}
FAMILY, WORK = "Family", "Achievement & work"
_KIN = (r"mum|mom|mummy|mommy|mother|dad|daddy|father|parents?|sisters?|brothers?|siblings?|sons?|daughters?|"
        r"kids?|children|grand(?:ma|pa|mother|father|kids?|children|son|daughter)|nan|nana|gran|granny|aunt|"
        r"auntie|uncle|cousins?|niece|nephew|in-laws?|step(?:mum|mom|dad|sister|brother|son|daughter)")
# Words that make a sentence a candidate for a value; the sentence then has to be close in meaning
# to the value's prototypes. The words alone over-count ("kind of", "rest of the day"), the
# embedding alone under-reads a long entry about several things: an entry's vector drifts between
# its subjects (on the dev split, "Lost a baby today", a midwife's shift, was closest to Faith).
VALUE_CUES: dict[str, str] = {
    "Family": _KIN + r"|family",
    "Friendship": r"friends?|friendships?|mates|bestie",
    "Love & partnership": r"partner|husband|wife|boyfriend|girlfriend|fianc[ée]e?|spouse|date\s+night|"
                          r"marriage|married|in\s+love",
    "Health": r"run|ran|runs|running|jog(?:ged|ging)?|gym|workouts?|exercis(?:e|ed|ing)|yoga|pilates|"
              r"swim(?:ming)?|swam|sleep|slept|doctor|gp|physio|health|healthy|diet|fitness|marathon|5k|10k|"
              r"caffeine|(?:too\s+much|less|no|more)\s+(?:coffee|alcohol|sugar|wine)|hangover|hung\s*over",
    "Growth & learning": r"learn(?:ed|t|ing|s)?|courses?|class(?:es)?|lessons?|stud(?:y|ied|ying)|books?|reading|"
                         r"practi[cs](?:e|ed|ing)|skills?|improv(?:e|ed|ing)|progress|grow(?:ing|th)?",
    # The job itself is read by `work_reader`, in context; these are achievement's other words.
    # ("a project" alone is as often the writer's own: "This project matters to me", of a pottery studio.)
    "Achievement & work": r"job|promot(?:ion|ed)|deadlines?|clients?|manager|boss|presentations?|career|"
                          r"achiev(?:e|ed|ement)|accomplish(?:ed|ment)?|deliver(?:ed)?|launch(?:ed)?|interviews?",
    "Security & stability": r"money|rent|bills?|budget|savings?|saving|debt|mortgage|salary|payday|afford|"
                            r"insurance|overdraft|loan|secure|security|stable|stability",
    "Creativity": r"draw(?:ing)?|drew|paint(?:ing|ed)?|sketch(?:ing|ed)?|poems?|poetry|songs?|music|piano|guitar|"
                  r"sing(?:ing)?|knit(?:ting)?|sew(?:ing)?|bak(?:e|ed|ing)|sourdough|photography|creative|"
                  r"creativity|pottery|clay|ceramics|kiln|glaz(?:e|ed|ing)",
    "Freedom & adventure": r"travel(?:led|ling|ed|ing)?|trips?|holidays?|vacation|abroad|explor(?:e|ed|ing)|"
                           r"adventures?|freedom|road\s+trip|backpack(?:ing)?",
    "Nature": r"hik(?:e|ed|es|ing)|camp(?:ed|ing)?|tent|woods?|forest|trees?|rivers?|lakes?|sea|seaside|beach|"
              r"coast(?:al)?|ocean|waves|mountains?|hills?|moors?|valley|garden(?:s|ing)?|allotment|birds?|"
              r"herons?|wildflowers?|flowers|meadows?|countryside|outdoors|nature|wildlife",
    "Honesty": r"honest(?:ly|y)?|dishonest(?:y)?|truth(?:ful|fully)?|lied|lying\s+to|lie\s+to|a\s+lie|lies|"
               r"pretend(?:ed|ing)?|confess(?:ed)?|integrity|sincere(?:ly)?|candid(?:ly)?",
    "Kindness & service": r"help(?:ed|ing)?|volunteer(?:ed|ing)?|charity|donat(?:e|ed|ion)|neighbou?rs?|"
                          r"kind(?!\s+of)|kindness|food\s+bank|look(?:ed)?\s+after|cared?\s+for",
    "Faith & spirituality": r"church|pray(?:ed|ing|er|ers)?|god|faith|mosque|temple|synagogue|scripture|bible|"
                            r"quran|spiritual|meditat(?:e|ed|ion|ing)|worship|sermon|preached",
    "Rest & balance": r"rest(?:ed|ing)?|relax(?:ed|ing)?|lazy|naps?|slow\s+day|days?\s+off|recharg(?:e|ed)|"
                      r"switch(?:ed)?\s+off|unwind|peaceful|balance",
}
# Uses of a cue word in another sense, matched at the cue. Each was read on a tour or the dev split.
NOT_IN_SENSE: dict[str, str] = {
    # A school event, a doctor; someone else's family ("Lucia's family", "her kids", "the parents" at
    # a school) is not the writer's.
    "Family": r"parents?['’]?\s*(?:evenings?|meetings?|nights?)|parent-teacher|family\s+(?:doctor|gp|name|size)"
              r"|(?<=the\s)parents|(?<=other\s)parents"
              r"|(?<=['’]s\s)\w+|(?<=\bhis\s)\w+|(?<=\bher\s)\w+|(?<=\btheir\s)\w+|(?<=\byour\s)\w+",
    # "ran late", "run out of milk", "the test run failed".
    # "ran late", "ran up to me", "three nights running", "the test run failed".
    "Health": r"(?:run|ran|runs|running)\s+(?:late|out|over|into|in|to|up|down|back|after|across|around|behind|"
              r"short|low|errands|away|off|through|by)\b|(?<=nights\s)running|(?<=days\s)running"
              r"|(?<=weeks\s)running|(?<=times\s)running|(?<=test\s)runs?|(?<=trial\s)runs?|(?<=dry\s)runs?"
              r"|(?<=next\s)runs?|(?<=first\s)runs?",
    # A lesson learned is a principle (Principles quote it); an exercise class is exercise.
    "Growth & learning": r"learn(?:ed|t)\s+(?:that|how\s+much)\b"
                         r"|(?<=yoga\s)class|(?<=pilates\s)class|(?<=spin\s)class|(?<=gym\s)class"
                         r"|(?<=fitness\s)class|(?<=swimming\s)lessons?",
    "Rest & balance": r"(?<=the\s)rest\b|rest\s+of\b",
    # Someone else being kind ("conversations were kind", "she was so kind about it").
    "Kindness & service": r"(?<=was\s)kind|(?<=were\s)kind|(?<=so\s)kind|(?<=very\s)kind|(?<=really\s)kind",
    # "The problem lies in...", and "honestly", "to be honest" as a way of speaking.
    "Honesty": r"lies\s+(?:in|with|ahead|behind)\b|(?<![\w\s])honestly\b|(?<=\bbut\s)honestly\b"
               r"|honest\s+to\s+god|(?<=to\sbe\s)honest\b|(?<=\bi'm\s)honest\b|(?<=\bi\sam\s)honest\b",
}
# In a sentence about the writer's job these words are the job (a teacher's class, her lessons, the
# reading scheme), not the writer learning.
WORK_SENSE_ONLY = {"Growth & learning": r"learn(?:ed|t|ing|s)?|courses?|stud(?:y|ied|ying)|skills?|training"}
_CUE_RE = {name: re.compile(rf"\b(?:{words})\b", re.IGNORECASE) for name, words in VALUE_CUES.items()}
_OTHER_SENSE_RE = {name: re.compile(words, re.IGNORECASE) for name, words in NOT_IN_SENSE.items()}
_AT_WORK_RE = {name: re.compile(rf"\b(?:{words})\b", re.IGNORECASE) for name, words in WORK_SENSE_ONLY.items()}
# The writer's own family, said outright: "Mum", "Dad" as names, "my sister", "our kids".
_OWN_KIN_RE = re.compile(rf"\b(?:my|our)\s+(?:(?:little|big|baby|older|younger|eldest|youngest|late)\s+)?(?:{_KIN})\b",
                         re.IGNORECASE)
_KIN_NAME_RE = re.compile(r"\b(?:Mum|Mom|Mummy|Mommy|Dad|Daddy|Nan|Nana|Gran|Granny|Grandma|Grandpa|Grandad)\b")
# "Ines, my sister", "my sister Ines", "my brother, Tom,": the names the journal gives its family.
_RELATION = r"(?:(?:little|big|baby|older|younger|eldest|youngest)\s+)?(?:" + _KIN + r")"
_NAMED_KIN_RES = (re.compile(rf"\b([A-Z][a-z]+),\s+(?i:my\s+{_RELATION})\b"),
                  re.compile(rf"\b(?i:my\s+{_RELATION}),?\s+([A-Z][a-z]+)\b"))
# A cue sentence speaks of the value from this cosine with its closest prototype. Measured on 380
# cue sentences of 300 dev entries: from 0.30 on nearly all are about the value ("Ran 10k in the
# dark to get it out" 0.36, "rent going up £60" 0.48); below, mostly passing mentions ("Book it
# in." 0.27, "Mummy didn't look back" 0.26).
VALUE_MIN_SIMILARITY = 0.30
MIN_VALUE_ENTRIES = 3  # a value fewer entries speak of is not shown (precision first)
MAX_VALUES = 5
CITED_ENTRIES = 3
QUOTE_CHARS = 200
MIN_QUOTE_WORDS = 5


@functools.cache
def _prototypes() -> tuple[np.ndarray, tuple[int, ...]]:
    """Every prototype's vector and the index of its value."""
    owners = tuple(i for i, sentences in enumerate(VALUES.values()) for _ in sentences)
    return embed([s for sentences in VALUES.values() for s in sentences]), owners


def value_scores(vectors: np.ndarray) -> np.ndarray:
    """Per text and value: the cosine of the text with the value's closest prototype."""
    prototypes, owners = _prototypes()
    sims = vectors @ prototypes.T
    scores = np.full((len(vectors), len(VALUES)), -1.0, dtype=np.float32)
    for column, owner in enumerate(owners):
        scores[:, owner] = np.maximum(scores[:, owner], sims[:, column])
    return scores


# Cue sentences' vectors, kept between regenerations in this process: the story is rewritten after
# each batch of analyses, and a year's journal holds several hundred cue sentences.
_kept: dict[str, np.ndarray] = {}
KEPT_SENTENCES = 20_000


def _sentence_vectors(sentences: list[str]) -> np.ndarray:
    missing = list(dict.fromkeys(s for s in sentences if s not in _kept))
    if missing:
        if len(_kept) + len(missing) > KEPT_SENTENCES:
            _kept.clear()
        _kept.update(zip(missing, embed(missing), strict=True))
    if not sentences:
        return np.zeros((0, EMBEDDING_DIM), dtype=np.float32)
    return np.vstack([_kept[s] for s in sentences])


def quote(sentence: str) -> str:
    sentence = " ".join(sentence.split())
    return sentence if len(sentence) <= QUOTE_CHARS else sentence[: QUOTE_CHARS - 1].rstrip() + "\u2026"


def cited(entries: list[tuple[ProfileEntry, str | None]]) -> list[Cited]:
    ordered = sorted(entries, key=lambda pair: parse_day(pair[0].date))
    return [Cited(id=e.id, date=e.date, quote=quote(q) if q else None) for e, q in ordered]


def family_names(texts: list[str]) -> set[str]:
    """The people the journal links to a family word ("Ines, my sister", "my sister Ines"), so the
    entries that only say "Ines" count for family too. Not a word the journal writes in lower case
    ("my sister Sunday" is no name). `known_people` would confirm it too, at seconds a year's journal."""
    ordinary = lowercase_words(texts)
    return {name for text in texts for pattern in _NAMED_KIN_RES for name in pattern.findall(text)
            if name.lower() not in ordinary and not is_family_name(name)}


def _in_sense(name: str, sentence: str, is_work: bool) -> bool:
    """Whether a cue of the value is in the sentence in the value's sense."""
    other = _OTHER_SENSE_RE.get(name)
    for match in _CUE_RE[name].finditer(sentence):
        if other and other.match(sentence, match.start()):
            continue
        if is_work and name in _AT_WORK_RE and not _AT_WORK_RE[name].fullmatch(match.group(0)):
            continue
        return True
    return False


def core_values(entries: list[ProfileEntry], is_work: Callable[[str], bool] | None = None) -> list[CoreValue]:
    """The values at least MIN_VALUE_ENTRIES entries speak of, most entries first, each with the
    sentences that show it most clearly (closest to its prototypes, each saying something else)."""
    names = list(VALUES)
    kin = family_names([e.content for e in entries])
    kin_re = re.compile(rf"\b(?:{'|'.join(map(re.escape, sorted(kin)))})\b") if kin else None
    reads_work = is_work or work_reader(entries)
    candidates: list[tuple[ProfileEntry, str, set[str], set[str]]] = []  # cued values, and the settled ones
    for entry in entries:
        for sentence in split_sentences(entry.content):
            is_work = reads_work(sentence)
            settled = {FAMILY} if (_OWN_KIN_RE.search(sentence) or _KIN_NAME_RE.search(sentence)
                                   or (kin_re and kin_re.search(sentence))) else set()
            settled |= {WORK} if is_work else set()
            cued = settled | {name for name in names if _in_sense(name, sentence, is_work)}
            if cued:
                candidates.append((entry, sentence, cued, settled))
    if not candidates:
        return []
    scores = value_scores(_sentence_vectors([sentence for _, sentence, _, _ in candidates]))
    best: dict[str, dict[str, tuple[float, ProfileEntry, str]]] = {name: {} for name in names}
    for (entry, sentence, cued, settled), row in zip(candidates, scores, strict=True):
        nearest = max(float(row[names.index(name)]) for name in cued)
        for name in cued:
            score = float(row[names.index(name)])
            counts = name in settled or (score >= VALUE_MIN_SIMILARITY and score >= nearest)
            if counts and score > best[name].get(entry.id, (-2.0,))[0]:
                best[name][entry.id] = (score, entry, sentence)
    values = []
    for name, found in best.items():
        if len(found) < MIN_VALUE_ENTRIES:
            continue
        days = sorted((parse_day(e.date), e.date) for _, e, _ in found.values())
        clearest, quoted = [], set()
        # A fragment shows nothing clearly ("Best day.", "Meeting was ok."): it counts, it is not quoted.
        for item in sorted(found.values(), key=lambda item: (len(item[2].split()) < MIN_QUOTE_WORDS, -item[0])):
            if item[2].lower() not in quoted and len(clearest) < CITED_ENTRIES:
                clearest.append(item)
                quoted.add(item[2].lower())
        values.append(CoreValue(name=name, entry_count=len(found), first_date=days[0][1], last_date=days[-1][1],
                                entries=cited([(e, sentence) for _, e, sentence in clearest])))
    values.sort(key=lambda v: -v.entry_count)
    return values[:MAX_VALUES]
