"""The local provider's answers to questions about the journal: only the user's own words,
quoted with their dates (chat and "Ask AI for Help", through `pipelines.chat`)."""

from __future__ import annotations

import re
from collections import Counter

import numpy as np

from pipelines.highlights import split_sentences
from pipelines.providers.base import Passage
from pipelines.providers.fact_answers import fact_answer, is_fact_question
from pipelines.providers.feelings import strongest_feeling
from pipelines.providers.question_topics import (
    RELATIONS,
    related_names,
    stem,
    took_place,
    topic_words,
    word_start,
)
from pipelines.providers.sentence_vectors import (  # noqa: F401 (forget_...: its name here, as before)
    forget_sentence_vectors,
    passage_sentence_vectors,
)

# A retrieved passage must be at least this similar to the question to be quoted in an answer
# (on the corpus' dev entries, questions an entry answers score 0.45-0.75 with it, unrelated
# questions under 0.30); a passage that names a name or a word of 5+ letters the question names
# needs only NAMED_MIN_SCORE (the embedding model reads names weakly: "How is Mark?").
ANSWER_MIN_SCORE = 0.35
NAMED_MIN_SCORE = 0.2
NO_ANSWER = "I couldn't find anything in your journal about that yet."
# Entries quoted in an answer score at least this share of the best-matching entry's score.
QUOTE_RELATIVE = 0.8

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
    "Anxious": r"worried|worrying|worry|worries|anxious|anxiety|nervous|stressed|scared|afraid|panic|panicked|panicky|uneasy|terrified",
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
    sentence = _with_next(entry, _best_sentences(question, [entry])[0])
    if entry.mood:
        head = f'On {entry.date} your mood was {entry.mood}. You wrote: "{sentence}"'
    else:
        head = f'On {entry.date} you wrote: "{sentence}"'
    if not is_mood_question(question):
        return head
    trend = _mood_answer([entry, *(p for p in others if p.entry_id != entry.entry_id)])
    return head if trend == NO_ANSWER else f"{head}\n\n{trend}"


def _with_next(passage: Passage, sentence: str) -> str:
    """A sentence of under four words that opens the entry ("At Mum's.") quoted with the next one."""
    sentences = [s.strip() for s in split_sentences(passage.text)]
    if len(sentence.split()) >= 4 or sentence not in sentences or sentence == sentences[-1]:
        return sentence
    return f"{sentence} {sentences[sentences.index(sentence) + 1]}"


def _feeling_answer(question: str, feeling: str, passages: list[Passage]) -> str:
    """Up to three entries about `feeling`: first the latest whose own words name it ("worried
    about everything at once"; not someone else's: "she sounded cheerful"), each quoted by that
    sentence, then the latest whose stored mood is `feeling`, quoted by the sentence closest to the
    question; each with its date, and the mood when it is the one stored. A stored mood can be
    wrong for what was written (the tour: the happiest entry, labelled Anxious, came first)."""
    latest = sorted(passages, key=lambda p: _sortable(p.date), reverse=True)
    named: dict[str, str] = {}
    for p in latest:
        said = [s.strip() for s in split_sentences(p.text) if _names_own_feeling(s, feeling)]
        if said:
            named[p.entry_id] = _with_context(p, said[0])
    labelled = [p for p in latest if p.mood == feeling and p.entry_id not in named][:3]
    chosen = sorted([p for p in latest if p.entry_id in named][:3] + labelled,
                    key=lambda p: p.entry_id not in named)[:3]
    if not chosen:
        return NO_ANSWER
    closest = dict(zip((p.entry_id for p in labelled), _best_sentences(question, labelled), strict=True)) if labelled else {}
    return "Here is what your journal says:\n" + "\n".join(
        f'On {p.date}{f" ({feeling})" if p.mood == feeling else ""} you wrote: '
        f'"{named.get(p.entry_id) or closest[p.entry_id]}"' for p in chosen)


def _names_own_feeling(sentence: str, feeling: str) -> bool:
    """Whether a sentence names `feeling` as the writer's: not after he, she or they."""
    found = _FEELING[feeling].search(sentence)
    return bool(found) and not re.search(r"\b(?:he|she|they|his|her|their)\b", sentence[:found.start()], re.IGNORECASE)


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
        """"all Happy (3)", "mostly Happy (2 of 3), then Sad (1)", "most often Happy (3 of 10), then
        ...", "a mix of Anxious, Tired and Happy, 1 each", "a mix of Sad and Tired (2 each), then Happy
        (1)" ("mostly Anxious 1, Tired 1, Happy 1" and "a mix: Tired 2, Neutral 2, Angry 1" read oddly)."""
        counts = Counter(p.mood for p in part).most_common()[:3]
        (top, most) = counts[0]
        if len(counts) == 1:
            return f"all {top} ({most})"
        tiers = [(n, [m for m, c in counts if c == n]) for n in sorted({c for _, c in counts}, reverse=True)]
        leaders = tiers[0][1]
        then = ", ".join(named(moods, n) for n, moods in tiers[1:])
        if len(leaders) == 1:  # "mostly" is more than half; 3 of 10 is "most often"
            lead = "mostly" if 2 * most > len(part) else "most often"
            return f"{lead} {top} ({most} of {len(part)}), then {then}"
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


# -- a question about a person or a thing ---------------------------------------------------------
# "What's going on with Greg?", "Am I sleeping better?", "Did I finish the vendor report?": the one
# sentence closest to the question gave a false picture (the tour: only the one kind remark about
# Greg; the report "to finish" without the later "Sent the vendor report"). Such a question is
# answered from every entry with a sentence about its topic, in date order.
# A sentence is about the topic when it names every topic word (or the person a relation names), or,
# with 3 words or more, scores at least this with the topic words (on the tour's journal, "sleeping"
# scored its 5 sleep sentences 0.44-0.58 and no other of 3+ words above 0.39; "dog", "cat",
# "dentist", "asdfgh" peaked at 0.30-0.37, on one-word sentences like "Nervous.").
TOPIC_SENTENCE_MIN = 0.40
# "Who did I go running with?", "Where did I stay?": after one fact, not everything about the topic.
_FACT_QUESTION = re.compile(r"^\W*(?:who|whom|whose|where|which|when|how\s+(?:many|much|long|far|often))\b",
                            re.IGNORECASE)
TOPIC_QUOTED = 5


# "How's work been?": an area of life the entries rarely name (the tour quoted "No work email all
# day." and two runs "after work", and missed the crashed demo). An area is read through its own
# words and the journal's: a name sharing a sentence with them in two entries or more is part of it
# (Greg: "Greg moved the Q4 launch", "Greg blamed my team in the meeting"). (question words, its words)
_AREAS = {
    "work": ("work|job|jobs|career",
             (r"work|job|boss|office|meetings?|colleagues?|co-?workers?|clients?|launch|deadlines?|inbox|"
              r"promotion|salary|career|cv|interviews?|demo|overtime|my\s+team")),
    "money": ("money|finances?|budget|spending|savings",
              (r"money|rent|savings|budget|deposit|insurance|bills?|spending|spent|payday|salary|debt|overdraft|costs?|"
               r"afford|(?<=[£$€])\d+")),
    "health": ("health|healthy",
               (r"health|doctor|dr|gp|blood\s+tests?|headaches?|migraines?|pain|sick|ill|injury|injured|symptoms?|"
                "medication|prescription|physio")),
    "family": ("family|families",
               ("family|mum|mom|mother|dad|father|sister|brother|parents?|grandma|grandad|grandpa|gran|nan|aunt|"
                "uncle|cousin|son|daughter|kids")),
    "sleep": ("sleep|sleeping", "sleep|sleeping|slept|asleep|insomnia|naps?"),
}
_AREA_WORDS = {area: (re.compile(rf"^(?:{asked})$"), re.compile(rf"\b(?:{words})\b", re.IGNORECASE))
               for area, (asked, words) in _AREAS.items()}
# "Did 3 miles after work" is about the run, not about work.
_WORK_AS_TIME = re.compile(r"\b(?:after|before|from|to)\s+work\b", re.IGNORECASE)
_CALENDAR = re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|may|june|july|"
                       r"august|september|october|november|december|christmas|easter", re.IGNORECASE)
# An area question quotes at most this many entries, those naming the area most (10/30's demo, client,
# team, meeting and Greg before a run "before work").
AREA_QUOTED = 8


def _area(words: list[str]) -> str | None:
    """The one area of life a question's topic is ("How's work been?" -> work)."""
    found = {area for w in words for area, (asked, _) in _AREA_WORDS.items() if asked.match(w)}
    return found.pop() if len(words) == 1 and len(found) == 1 else None


def _area_pattern(area: str, texts: list[str]) -> re.Pattern[str]:
    """The area's words and the names the journal uses with them in two entries or more."""
    words = _AREA_WORDS[area][1]
    proper = {n for t in texts for n in re.findall(r"(?<=[a-z,;] )[A-Z][a-z]+", t) if not _CALENDAR.fullmatch(n)}
    counts: Counter[str] = Counter()
    for text in texts:
        counts.update({n for s in split_sentences(text) if words.search(_WORK_AS_TIME.sub("", s))
                       for n in re.findall(r"\b[A-Z][a-z]+\b", s) if n in proper})
    names = sorted(n for n, c in counts.items() if c >= 2 and not words.search(n))
    return re.compile("|".join([words.pattern, *(rf"\b{n}\b" for n in names)]), re.IGNORECASE)


def _about_topic(question: str, passages: list[Passage], *, happened: bool = False,
                 ) -> tuple[list[tuple[Passage, str]], Counter[str]] | None:
    """Each entry with a sentence about the question's topic and that sentence, oldest first, and for
    an area how often each entry names it; None for a question with no topic read this way (none,
    too many words, or after one fact). With `happened`, a sentence saying it did not happen
    ("Didn't run.") is not about it."""
    words = topic_words(question)
    if not words or len(words) > 3 or not passages or (_FACT_QUESTION.search(question)
                                                        and not _LAST_QUESTION.search(question)):
        return None
    area = _area(words)
    texts = [p.text for p in passages]
    area_words = _area_pattern(area, texts) if area else None
    names = related_names(words, texts)
    stems = [stem(w) for w in words if not (names and RELATIONS.fullmatch(w))]
    per_passage = [split_sentences(p.text) or [p.text] for p in passages]
    vectors = passage_sentence_vectors(" ".join(words), [(p.entry_id, s) for p, s in zip(passages, per_passage,
                                                                                          strict=True)])
    qvec, offset, found, named = vectors[0], 1, [], Counter()

    def about(sentence: str, score: float) -> bool:
        if happened and not took_place(sentence, [*names, *stems]):
            return False
        if area_words is not None:  # precision first: the area's words only
            return bool(area_words.search(_WORK_AS_TIME.sub("", sentence)))
        if any(re.search(rf"\b{n}\b", sentence) for n in names):
            return True
        if stems and all(word_start(st).search(sentence) for st in stems):
            return True
        return len(sentence.split()) >= 3 and score >= TOPIC_SENTENCE_MIN

    for passage, sentences in zip(passages, per_passage, strict=True):
        scores = vectors[offset:offset + len(sentences)] @ qvec
        offset += len(sentences)
        # For an area, the sentence naming it most ("The launch demo crashed in front of the client").
        hits = [len(area_words.findall(_WORK_AS_TIME.sub("", s))) if area_words else 0 for s in sentences]
        eligible = [(n, float(score), s.strip()) for n, score, s in zip(hits, scores, sentences, strict=True)
                    if about(s, score)]
        if eligible:
            found.append((passage, max(eligible)[2]))
            named[passage.entry_id] = sum(hits) + (area is not None and bool(
                re.search(rf"\b(?:{_AREAS[area][0]})\b", _WORK_AS_TIME.sub("", passage.text), re.IGNORECASE)))
    found.sort(key=lambda item: _sortable(item[0].date))
    return found, named


def _most_named(found: list[tuple[Passage, str]], named: Counter[str], keep: int) -> list[tuple[Passage, str]]:
    """The `keep` entries naming an area most (the latest of equals), oldest first."""
    kept = {p.entry_id for p, _ in sorted(found, key=lambda f: (named[f[0].entry_id], _sortable(f[0].date)))[-keep:]}
    return [f for f in found if f[0].entry_id in kept]


def _topic_answer(question: str, passages: list[Passage]) -> str | None:
    """Every entry with a sentence about the question's topic, oldest first, each quoted by its
    sentence closest to the topic; None when no entry has one."""
    found, named = _about_topic(question, passages) or ([], None)
    if not found:
        return None
    if _area(topic_words(question)):
        shown, tail = _most_named(found, named, AREA_QUOTED), "more"
    else:
        shown, tail = found[-TOPIC_QUOTED:], "earlier"
    lines = [f'On {p.date} you wrote: "{_with_context(p, sentence)}"{_how_met(question, sentence)}'
             for p, sentence in shown]
    more = len(found) - len(shown)
    tail = [f"...and {more} {tail} {'entry' if more == 1 else 'entries'} about it."] if more > 0 else []
    return "Here is what your journal says, oldest first:\n" + "\n".join(lines + tail)


# "When did I last see Maya?": the tour got the same three quotes as for "Did I see Maya?", oldest
# first, and no answer to "last". A call or a text is said to be one when the question asks about
# seeing someone (the tour's latest Maya entry: "Maya called to wish me luck").
_LAST_QUESTION = re.compile(r"\bwhen\s+(?:did|was|have)\s+i\s+last\b|\blast\s+time\b|\bmost\s+recent(?:ly)?\b"
                            r"|\blatest\b", re.IGNORECASE)
_MEETING = re.compile(r"\b(?:see|saw|seen|meet|met|visit|visited)\b", re.IGNORECASE)
_REMOTE = re.compile(r"\b(?:called|phoned|rang|texted|messaged|emailed|facetimed)\b|\bcall\s+(?:with|from)\b",
                     re.IGNORECASE)
LAST_QUOTED = 3


def _how_met(question: str, sentence: str) -> str:
    return " (a call or message)" if _MEETING.search(question) and _REMOTE.search(sentence) else ""


def _last_answer(question: str, passages: list[Passage]) -> str | None:
    """The latest entries about the question's topic, newest first, the latest's date said plainly;
    when every sentence about it says it did not happen, that nothing was found."""
    found, _ = _about_topic(question, passages, happened=True) or ([], None)
    if not found:
        return NO_ANSWER if (_about_topic(question, passages) or ([], None))[0] else None
    latest = found[::-1][:LAST_QUOTED]
    names = [n for n in dict.fromkeys(_QUESTION_NAME.findall(question)) if not _CALENDAR.fullmatch(n)]
    subject = " and ".join(names) or "it"
    (p, sentence), rest = latest[0], latest[1:]
    lines = [f'The last time you wrote about {subject} was {p.date}{_how_met(question, sentence)}: '
             + f'"{_with_context(p, sentence)}"']
    if rest:
        lines += ["Before that:"] + [f'On {q.date} you wrote: "{_with_context(q, s)}"{_how_met(question, s)}'
                                     for q, s in rest]
    return "\n".join(lines)


# "How did I feel after talking to Hannah at Mum's?", "Was I stressed about money?": a feeling about
# a person or an area, answered from the entries about it with their moods (the tour got the whole
# journal's mood trend, with no mention of Hannah, Mum or 11/14).
_FEELING_WORDS = re.compile(rf"^(?:{'|'.join(_FEELINGS.values())}|moods?|emotions?|emotional|happier|sadder|"
                            r"feelings?|changed?|made|make|makes|stressful)$", re.IGNORECASE)
FEELING_TOPIC_QUOTED = 5
# A sentence that says a feeling in words.
_SAYS_FEELING = re.compile(rf"\b(?:feel|felt|feeling|{'|'.join(_FEELINGS.values())}|trust|love|hate|proud|guilty|"
                           r"relieved|gutted|furious|hurt|miss|missing)\b", re.IGNORECASE)
_POSSESSED = re.compile(r"\b([A-Z][a-z]+)['’]s\s+([a-z]+)\b")


def feeling_topic(question: str) -> list[str]:
    """What a question about feelings is about ("How have I been feeling about the bank?" -> bank;
    "How have I been feeling lately?" -> nothing)."""
    return [w for w in topic_words(question) if not _FEELING_WORDS.match(w)]


def _feeling_topic_answer(question: str, passages: list[Passage]) -> str | None:
    """The entries about the person or area a feeling question names, oldest first, each with its
    stored mood, its sentence about it closest to the question and, when another says how it felt
    ("Best conversation we've had in years."), that one; None when it names neither or no entry."""
    names = [n.lower() for n in _QUESTION_NAME.findall(question) if not _CALENDAR.fullmatch(n)]
    words = feeling_topic(question)
    area = _area(words)
    if not (names or area or words):
        return None
    texts = [p.text for p in passages]
    if area:
        about = _area_pattern(area, texts)
        found, named = _about_topic(words[0], passages) or ([], Counter())
        passages = [p for p, _ in _most_named(found, named, FEELING_TOPIC_QUOTED)]
    elif whose := _POSSESSED.search(question):  # "Ravi's mum": that person, not Ravi nor Mum
        about = re.compile(rf"\b{whose.group(1)}['’]s\s+{whose.group(2)}\b", re.IGNORECASE)
    else:
        stems = [stem(w) for w in words] + related_names(words, texts)
        about = re.compile("|".join(rf"\b{re.escape(st)}" for st in stems), re.IGNORECASE)
        every = [p for p in passages if all(re.search(rf"\b{re.escape(st)}", p.text, re.IGNORECASE) for st in stems)]
        # every word at least in one entry ("talked", "Hannah", "Mum's"), else every name
        passages = every or [p for p in passages if all(re.search(rf"\b{n}\b", p.text, re.IGNORECASE) for n in names)]
    chosen = sorted((p for p in passages if about.search(_WORK_AS_TIME.sub("", p.text))),
                    key=lambda p: _sortable(p.date))[-FEELING_TOPIC_QUOTED:]
    if not chosen:
        return None
    per_passage = [[s.strip() for s in split_sentences(p.text)] or [p.text] for p in chosen]
    vectors = passage_sentence_vectors(question, [(p.entry_id, s) for p, s in zip(chosen, per_passage, strict=True)])
    qvec, offset, lines = vectors[0], 1, []
    for passage, sentences in zip(chosen, per_passage, strict=True):
        scores = vectors[offset:offset + len(sentences)] @ qvec
        offset += len(sentences)
        ranked = [s for _, s in sorted(zip(scores, sentences, strict=True), key=lambda x: -x[0])]
        quoted = [next(s for s in ranked if about.search(_WORK_AS_TIME.sub("", s)))]
        felt = strongest_feeling([s for s in sentences if s not in quoted and _on_topic(s, sentences, about, area)],
                                 _SAYS_FEELING)
        quoted += [felt] if felt else []
        mood = f" ({passage.mood})" if passage.mood else ""
        said = list(dict.fromkeys(_with_context(passage, s) for s in quoted))  # one quote holding the other: once
        said = [t for i, t in enumerate(said) if not any(t in other for j, other in enumerate(said) if j != i)]
        lines.append(f"On {passage.date}{mood} you wrote: " + " and ".join(f'"{t}"' for t in said))
    return "Here is what your journal says, oldest first:\n" + "\n".join(lines)


def _on_topic(sentence: str, sentences: list[str], about: re.Pattern[str], area: str | None) -> bool:
    """Whether a sentence of an entry is about the asked topic: it names it, or it follows or leads
    into a sentence that does and names no other area of life (11/23's "Slept badly again, worried
    about everything at once." is no feeling about work; "Terrible day." before the crashed demo is)."""
    def names(s: str) -> bool:
        return bool(about.search(_WORK_AS_TIME.sub("", s)))

    if names(sentence):
        return True
    i = sentences.index(sentence)
    beside = sentences[max(0, i - 1):i] + sentences[i + 1:i + 2]
    return any(names(s) for s in beside) and not any(
        words.search(sentence) for other, (_, words) in _AREA_WORDS.items() if other != area)


def compose_answer(question: str, passages: list[Passage]) -> str:
    """An answer made only of the user's own words, quoted with their dates. Never invents."""
    if is_help_question(question):  # "What helps me when I'm anxious?" asks what helps, not when
        return _help_answer(question, passages)
    feeling = asked_feeling(question)
    if feeling or is_mood_question(question):
        about_feeling = _feeling_topic_answer(question, passages)
        if about_feeling is not None:
            return about_feeling
    if feeling and any(p.mood for p in passages):
        return _feeling_answer(question, feeling, passages)
    if is_mood_question(question) and any(p.mood for p in passages):
        return _mood_answer(passages)
    if _WHEN_QUESTION.search(question.strip()):
        return _help_answer(question, passages, skip_trouble=not (_HEAVY_TOPIC.search(question)
                                                                  or _TROUBLE.search(question) or feeling))
    if is_fact_question(question) and (fact := fact_answer(question, passages)) is not None:
        return fact
    about_topic = (_last_answer if _LAST_QUESTION.search(question) else _topic_answer)(question, passages)
    if about_topic is not None:
        return about_topic
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
