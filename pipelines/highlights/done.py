"""Which of the writer's open tasks a new entry says are done ("Booked the train tickets to Leeds."
closes "Book train tickets to Leeds"; "Finally rang the council about it" closes "Call the
council"). The product tour found a week's finished errands still listed, some "Overdue", and the
weekly focus citing the very entry that said the thing was sorted.

Precision first: a task closed wrongly disappears from the list, so a statement must say the
writer (or someone for them) did it, without negation, hedge, plan or another occasion ("meant to
call the landlord", "will book them tomorrow", "called the landlord last month"), with the task's
verb (or one of its kind) and a word of its object; and when both name a kind of the same thing
("the gas bill", "the electricity bill") the kinds must agree. Measured on labelled pairs in
`pipelines/data/journal_corpus/completions.jsonl` (dev tuned, test held out; pipelines/README.md).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from pipelines.highlights.pipeline import known_verbs

_IRREGULAR = {
    "rang": "ring", "rung": "ring", "paid": "pay", "sent": "send", "bought": "buy", "brought": "bring",
    "got": "get", "made": "make", "took": "take", "wrote": "write", "gave": "give", "told": "tell",
    "spoke": "speak", "met": "meet", "found": "find", "went": "go", "did": "do", "done": "do", "sold": "sell",
    "put": "put", "left": "leave", "drove": "drive", "threw": "throw", "hung": "hang", "fed": "feed",
    "dug": "dig", "swept": "sweep", "sat": "sit", "won": "win", "began": "begin",
    "chose": "choose", "hid": "hide", "lent": "lend", "set": "set", "shut": "shut", "cut": "cut",
    # what a thing is once done ("the speech is written", "the card is in the post")
    "written": "write", "in the post": "post", "out the door": "send", "in": "submit", "handed in": "submit",
    "ready": "do", "all set": "do", "sorted": "sort", "taken care of": "do", "dealt with": "deal", "ticked off": "tick",
}
# Verbs that do the same errand: the task's and the entry's may differ ("ring" / "call").
_KINDS = [
    {"call", "ring", "phone", "contact"}, {"book", "reserve"}, {"pay", "settle", "transfer", "send"},
    {"finish", "complete", "wrap"}, {"send", "post", "email", "submit", "return", "apply"},
    {"buy", "get", "order", "pick", "collect"}, {"fix", "repair", "mend", "patch"}, {"renew", "extend"},
    {"cancel", "stop"}, {"write", "draft"}, {"email", "message", "text", "reply", "respond", "answer"},
    {"clear", "tidy", "clean", "empty"}, {"take", "drop"},
]
# Verbs that say only "done", whatever the errand: matched by the object alone.
# ("finished the slides" is no "send Dana the slides": finishing is its own errand.)
_GENERIC = {"do", "sort", "deal", "tick", "cross", "handle"}

_DONE_WORD = (r"(?:done|sorted|finished|booked|paid|sent|fixed|submitted|posted|cancelled|canceled|renewed|ordered|"
              r"bought|written|cleared|cleaned|returned|signed|collected|delivered|filed|ready|handed\s+in|all\s+set|"
              r"in\s+the\s+post|out\s+the\s+door|taken\s+care\s+of|dealt\s+with|ticked\s+off|in(?=\s*[.!]*$))")
_SUBJECT = r"(?:(?:i|we|i've|we've|i\s+have|we\s+have|i\s+had)\s+)?"
_ADVERB = (r"(?:(?:finally|just|already|eventually|actually|also|then|quickly|at\s+last|managed\s+to|"
          r"got\s+(?:a|)round\s+to|remembered\s+to)\s+)*")
_PAST = re.compile(rf"^{_SUBJECT}{_ADVERB}(?P<verb>[a-z]+ed|{'|'.join(_IRREGULAR)})\b(?P<rest>.*)$", re.IGNORECASE)
_PARTICIPLE = re.compile(
    rf"^(?P<rest>[^,]+?)(?:\s+|(?='s\b))(?:(?:is|are|was|were|'s|got|all|now|finally|officially)\s+)*"
    rf"(?P<verb>{_DONE_WORD})\b", re.IGNORECASE)
_MANAGED = re.compile(rf"^{_SUBJECT}(?:finally\s+)?(?:managed|got\s+(?:a|)round|remembered)\s+to\s+(?P<verb>[a-z]+)\b(?P<rest>.*)$",
                      re.IGNORECASE)
_GOT_DONE = re.compile(rf"^{_SUBJECT}{_ADVERB}(?:got|had)\s+(?P<rest>.+?)\s+(?P<verb>done|sorted|fixed|booked|sent)\b",
                       re.IGNORECASE)
_LABEL_DONE = re.compile(rf"^(?P<rest>.+?)\s*[:\-\u2013\u2014]+\s*(?P<verb>{_DONE_WORD})\b\s*!*$", re.IGNORECASE)
_TICKED = re.compile(rf"^{_SUBJECT}{_ADVERB}(?P<verb>ticked|crossed|dealt|sorted)\s+(?:off\s+|out\s+|with\s+)?(?P<rest>.+)$",
                     re.IGNORECASE)
# "Nursery fees paid", "Uniforms all bought": a thing, then done (not "Siobhan paid me back").
_WHAT_DONE = re.compile(rf"^(?!(?:mum|mom|dad|he|she|they|my\s+\w+)\s)(?:[a-z][\w'-]*|[A-Z][\w'-]*(?:\s+[\w'-]+)+)"
                        rf"(?:\s+|(?='s\b))(?:(?:is|are|was|were|'s|all|now|finally|officially)\s+)*{_DONE_WORD}\b")
_FOR_ME = re.compile(r"\bfor\s+(?:me|us)\b|\bon\s+my\s+behalf\b", re.IGNORECASE)
_SOMEONE = re.compile(r"^(?:mum|mom|dad|[A-Z][a-z]+|my\s+\w+|he|she|they)\s+(?P<clause>.+)$")
# Not done, or not this time: negation, a plan, a hope, an attempt, part of it, another occasion.
_NOT_DONE = re.compile(
    r"\b(?:not|n't|never|no\s+answer|(?:paid|sent|gave|lent|rang|called|texted|emailed)\s+(?:me|us)|meant\s+to|tried|trying|try\s+to|should\s+have|would\s+have|could\s+have|"
    r"was\s+going\s+to|were\s+going\s+to|forgot|still|almost|nearly|half|part\s+of|some\s+of|most\s+of|start(?:ed)?\s+on|"
    r"hope|hoping|will|going\s+to|gonna|tomorrow|need\s+to|needs\s+to|have\s+to|has\s+to|must|if|when|once|"
    r"(?<!than\s)(?<!as\s)last\s+(?:month|year|week|time|spring|summer|autumn|fall|winter|january|february|march|april|may|june|july|"
    r"august|september|october|november|december)|ago|before\s+christmas|wish|plan|planning|to\s+go|"
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|\d+)\s+of|page\s+\d+)\b|\?",
    re.IGNORECASE)
# ("cheaper than last year" compares; it names no other occasion.)
# "Tonight" is a plan ("the CV gets sorted tonight") unless the clause says it was done: "Updated my CV tonight".
_TONIGHT = re.compile(r"\b(?:tonight|tonite)\b", re.IGNORECASE)
# The person right after the task's verb ("Tell Dev ...", "Call Dana"): the errand is theirs, so the
# statement must name them ("Told Jo I need help on Atlas" does not tell Dev).
_RECIPIENT = re.compile(r"^\s*[A-Za-z]+\s+([A-Z][a-z]+)\b")
_PRONOUN_OBJECT = re.compile(r"^\s*(?:it|them|that|this|those|these|him|her)\b", re.IGNORECASE)
_STOP = frozenset(
    ["a", "an", "the", "my", "our", "your", "his", "her", "their", "its", "it", "them", "this", "that", "these", "those", "to", "for", "of", "on", "in", "at", "by", "with", "from", "about", "and", "or", "but", "so", "up", "out", "off", "back", "over", "some", "all", "any", "more", "just", "now", "today", "tonight", "tomorrow", "yesterday", "finally", "week", "weekend", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "morning", "evening", "afternoon", "again", "me", "us", "him", "i", "we", "you", "thing", "things", "stuff", "new", "old", "big", "small", "little", "first", "next", "last", "good", "own", "other", "one", "two", "three", "both", "few"])
_CLAUSES = re.compile(r"(?<=[.!?])\s+|\n+|;\s*|,\s*(?:and\s+|then\s+|but\s+|so\s+)?(?=(?:i\b|we\b|finally\b|also\b|"
                      r"then\b|they\b|he\b|she\b|it\b|[a-z]+ed\b))|\s+(?:and\s+then|then|and\s+also|but|so)\s+|"
                      r"(?:,\s*|\s+)and\s+(?=(?:[a-z]+ed|got|rang|paid|sent|took|made|bought|did)\b)|\s+[-\u2013\u2014]+\s+",
                      re.IGNORECASE)
_WORD = re.compile(r"[a-z][a-z'-]+")


def base_verb(stem: str) -> str | None:
    """The plain verb of an "-ed"/"-ing" form's stem ("rais" -> "raise", "dropp" -> "drop",
    "reprint" -> "reprint"), when it is one the corpus' highlights start with."""
    known = known_verbs()
    stem = stem.lower()
    for again in ("", "re"):  # "reprinted": printed again
        if again and not stem.startswith(again):
            continue
        rest = stem[len(again):]
        for option in (rest, f"{rest}e", rest[:-1] if len(rest) > 2 and rest[-1] == rest[-2] else ""):
            if option and option in known:
                return again + option
    return None


def _lemma(verb: str) -> str:
    verb = " ".join(verb.lower().split())
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ied"):
        return verb[:-3] + "y"
    if verb.endswith("ed"):
        stem = verb[:-2]
        # "stopped" is "stop", but "crossed" is "cross": a doubled s, f or z is the verb's own.
        doubled = len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "sfz"
        return base_verb(stem) or (stem[:-1] if doubled else stem)
    return verb


def _noun(word: str) -> str:
    """A word's crude stem: no plural "s", and only its first seven letters ("electric" is
    "electricity")."""
    word = word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word
    return word[:7]


def _content(text: str) -> list[str]:
    words = (w.removesuffix("'s").rstrip("'") for w in _WORD.findall(text.lower().replace("\u2019", "'")))
    return [_noun(w) for w in words if w not in _STOP]


class Done(NamedTuple):
    """A clause that says something was done: its verb's lemma, the words of what was done, the
    clause; `borrowed` when those words are the clauses' before it ("Paid it" after "the water bill")."""

    verb: str
    words: list[str]
    clause: str
    borrowed: bool = False


def done_statements(text: str) -> list[Done]:
    """Each clause of `text` that says something was done."""
    found: list[Done] = []
    previous = ""
    for clause in (c.strip(" \t-*\u2022") for c in _CLAUSES.split(text) if c and c.strip()):
        said, mine = clause, True
        plain = said.rstrip(".!")
        someone = None if any(p.match(plain) for p in (_MANAGED, _PAST, _GOT_DONE, _TICKED, _LABEL_DONE)) \
            or _WHAT_DONE.match(plain) else _SOMEONE.match(said)
        if someone and not re.match(r"^(?:i|we|i've|we've)\b", said, re.IGNORECASE):
            mine = bool(_FOR_ME.search(said))
            said = someone.group("clause")
        if not mine or _NOT_DONE.search(clause) or (_TONIGHT.search(clause) and not _PAST.match(said)):
            previous = f"{previous} {clause}"[-300:]
            continue
        for pattern in (_MANAGED, _GOT_DONE, _TICKED, _PAST, _LABEL_DONE, _PARTICIPLE):
            m = pattern.match(said.rstrip(".!"))
            if m is None:
                continue
            verb = _lemma(m.group("verb"))
            rest = m.group("rest")
            words = _content(rest)
            borrowed = bool(_PRONOUN_OBJECT.match(rest))
            if borrowed:
                words += _content(previous)  # "Found the water bill under the post, ... and paid it"
            if words:
                found.append(Done(verb, words, clause, borrowed))
            break
        previous = f"{previous} {clause}"[-300:]
    return found


def _same_errand(task_verb: str, done_verb: str) -> bool:
    # "tape" against "tap" (taped, when the lists do not know the verb)
    if task_verb in (done_verb, done_verb + "e") or done_verb in _GENERIC:
        return True
    return any(task_verb in kind and done_verb in kind for kind in _KINDS)


def _kind_of(text: str, shared: str, verbs: set[str]) -> str | None:
    """The word right before `shared` in `text` when it names a kind of it ("electricity" in "the
    electricity bill"); None after a determiner or a stop word, for a state ("the dripping tap"),
    or after the errand's verb ("Tell Dev", "Told Dev": no kind of Dev)."""
    words = [w.removesuffix("'s") for w in re.findall(r"[a-z0-9][a-z0-9'-]*", text.lower().replace("\u2019", "'"))]
    for before, word in zip(["", *words[:-1]], words, strict=True):
        if _noun(word) == shared:
            plain = not before or before in _STOP or before.endswith("ing") or _lemma(before) in verbs
            return None if plain else _noun(before)
    return None


def _kinds_agree(task: str, clause: str, shared: str, verbs: set[str]) -> bool:
    """"the electricity bill" against "the gas bill", "the car insurance" against "the home
    insurance": both name a kind of the shared word, and they differ."""
    mine, theirs = _kind_of(task, shared, verbs), _kind_of(clause, shared, verbs)
    return mine is None or theirs is None or mine == theirs


def completes(task: str, statement: Done) -> bool:
    """Whether a done statement (`done_statements`) reads as closing the task of this wording: the
    same errand, at least half of the task's object named, and a thing among it, not only a person
    ("I got Tony a fish supper" does not pick up Tony's prescription); two things of it when the
    verb only says "done" or the words were borrowed from an "it" ("it's done.")."""
    words = _WORD.findall(task.lower())
    if not words:
        return False
    verb, object_words = _lemma(words[0]), _content(" ".join(words[1:]))
    if not object_words or not _same_errand(verb, statement.verb):
        return False
    names = {_noun(w.lower()) for w in re.findall(r"(?<!^)\b[A-Z][a-z]+", task)}
    recipient = _RECIPIENT.match(task)
    if recipient and _noun(recipient.group(1).lower()) not in statement.words:
        return False
    shared = [w for w in object_words if w in statement.words]
    things = [w for w in shared if w not in names]
    if not things or len(shared) * 2 < len(object_words):
        return False
    if (statement.verb in _GENERIC or statement.borrowed) and len(things) < min(2, len(object_words)):
        return False
    return all(_kinds_agree(task, statement.clause, w, {verb, statement.verb}) for w in shared)


def completed_by(text: str, tasks: list[str]) -> dict[int, str]:
    """Index of each task in `tasks` the entry `text` says is done -> the clause that says so."""
    statements = done_statements(text)
    out: dict[int, str] = {}
    for i, task in enumerate(tasks):
        for statement in statements:
            if completes(task, statement):
                out[i] = statement.clause
                break
    return out
