"""What a chat question is about: its topic words, the names the journal gives a relation it names,
and how a sentence names them (`pipelines.providers.local_answers`)."""

from __future__ import annotations

import re

TOPIC_FILLER = frozenset("""
about after again all also and any anything are been before being better but can could did does doing
done ever everything feel feeling felt finish finished for from get got going had has have how last
lately less many more much never next now often really recently said say should still tell than that
the then there these they this those thought think today usually was way week were what when where
which while who why will with worse would write wrote written yet you your journal entry entries
see saw seen meet met
thing things stuff happen happened happening going life time day
""".split())  # noqa: SIM905
RELATIONS = re.compile(r"sister|brother|mum|mom|mother|dad|father|wife|husband|partner|boyfriend|girlfriend|"
                       r"boss|manager|friend|son|daughter|flatmate|roommate|colleague|neighbour|neighbor")


def topic_words(question: str) -> list[str]:
    """What a question is about: its words of three letters or more that are not question words
    ("Am I sleeping better?" -> sleeping; "Who was there?" -> nothing)."""
    return [w for w in dict.fromkeys(re.findall(r"[^\W\d_]{3,}", question.lower())) if w not in TOPIC_FILLER]


def related_names(words: list[str], texts: list[str]) -> list[str]:
    """The names the journal gives a relation the question names ("my sister" -> Hannah, from "my
    sister Hannah"), so a question about her finds the entries that only say "Hannah"."""
    found: list[str] = []
    for word in words:
        if RELATIONS.fullmatch(word):
            found += [m for t in texts for m in re.findall(rf"\b(?i:my\s+{word})\s+([A-Z][a-z]+)", t)]
    return list(dict.fromkeys(found))


def stem(word: str) -> str:
    """"sleeping" -> sleep, "running" -> run, "goals" -> goal: matched as a word's start."""
    for suffix in ("ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    return word[:-1] if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls" else word


# A stem's past that does not start with it ("When did I last run?": "Ran 6 miles" had been missed).
_PAST = {"run": "ran", "swim": "swam", "ride": "rode", "driv": "drove", "eat": "ate", "sleep": "slept",
         "fly": "flew", "buy": "bought", "teach": "taught", "win": "won", "sing": "sang", "writ": "wrote"}


def word_start(start: str) -> re.Pattern[str]:
    """A word starting with `start` (a stem or a name), or its irregular past."""
    past = rf"|{_PAST[start.lower()]}\b" if start.lower() in _PAST else ""
    return re.compile(rf"\b(?:{re.escape(start)}{past})", re.IGNORECASE)


# "When did I last run?" is not answered by "Didn't run." nor "Skipped my run.", "No run today.":
# a cue before the topic's word, in its clause, says it did not happen.
_NEGATION = re.compile(r"\b(?:not|never|no|without|skip(?:ped|ping)?|miss(?:ed|ing)|cancel(?:led|ed|ling)?|"
                       r"instead\s+of)\b|n['’]t\b", re.IGNORECASE)
_CLAUSE_BREAK = re.compile(r"[,;:]|\b(?:and|but|so|then)\b", re.IGNORECASE)


def negated(sentence: str, words: list[str]) -> bool:
    """Whether the clause naming the first of `words` (else the first clause) says it did not happen."""
    hits = [m.start() for w in words for m in [word_start(w).search(sentence)] if m]
    before = sentence[:min(hits)] if hits else _CLAUSE_BREAK.split(sentence)[0]
    return bool(_NEGATION.search(_CLAUSE_BREAK.split(before)[-1]))


# Nor by a plan ("Going swimming tomorrow morning.", "I'll run on Sunday") or a figure of speech
# ("Standup ran long"): the last time is a time it happened.
_AHEAD = re.compile(r"\b(?:will|going|gonna|plan(?:ning)?\s+to|want\s+to|need\s+to|hope\s+to|might|maybe)\b|['’]ll\b",
                    re.IGNORECASE)
_AHEAD_DAY = re.compile(r"\b(?:tomorrow|tonight|next\s+\w+|later\s+(?:today|this\s+week))\b", re.IGNORECASE)
_FIGURE = re.compile(r"\bran\s+(?:long|late|over|out|into|through|low|smoothly|behind|away|up\s+against)\b",
                     re.IGNORECASE)


def took_place(sentence: str, words: list[str]) -> bool:
    """Whether the sentence tells of a time the topic of `words` happened: not "Didn't run.", not a
    plan for it, not "the meeting ran long"."""
    if negated(sentence, words):
        return False
    hits = [m for w in words for m in [word_start(w).search(sentence)] if m]
    if not hits:
        return True
    first = min(hits, key=lambda m: m.start())
    if _FIGURE.match(sentence, first.start()):
        return False
    clause_start = max([0, *(m.end() for m in _CLAUSE_BREAK.finditer(sentence, 0, first.start()))])
    following = _CLAUSE_BREAK.search(sentence, first.end())
    clause = sentence[clause_start:following.start() if following else len(sentence)]
    return not (_AHEAD.search(sentence[clause_start:first.start()]) or _AHEAD_DAY.search(clause))
