"""The ways a task is stated besides "I need to...": a note to self ("Order hinges."), something due
on a day ("the school photos money is due by the 17th"), a deadline set on a thing ("Minutes to be
typed up by Monday"), a plan in the present continuous ("I'm raising it with the manager on
Friday"), a debt ("I owe him forty quid"), the next piece of work ("Next: a garden bench"), and
what the entry says further on is already done. Used by `extraction`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from pipelines.highlights.dates import _phrases, resolve_due_date
from pipelines.highlights.due import _FIRST_PERSON_OR_PAST
from pipelines.highlights.schema import Highlight, HighlightType
from pipelines.highlights.vocabulary import (
    _ACTION_VERBS,
    _NOT_ACTION_HEADS,
    _PROJECT_NOUNS,
    _TURN_OF_PHRASE,
    _WORD,
    _words,
)


@dataclass(slots=True)
class _Candidate:
    kind: HighlightType
    action: str  # the text after the trigger, still in the writer's words
    start: int  # where the trigger starts in the clause (leftmost wins)
    lean_goal: bool = False
    name: bool = False  # a project named by a noun phrase ("a podcast about local history")


_PAST = {"buy": "bought", "send": "sent", "ring": "rang", "write": "wrote", "take": "took", "get": "got",
         "make": "made", "pay": "paid", "do": "did", "tell": "told", "find": "found", "bring": "brought", "go": "went",
         "sell": "sold", "put": "put", "set": "set", "meet": "met", "read": "read", "run": "ran", "see": "saw",
         "give": "gave", "book": "booked", "drive": "drove", "hang": "hung", "leave": "left", "feed": "fed"}


def _past_forms(verb: str) -> set[str]:
    forms = {_PAST[verb]} if verb in _PAST else set()
    if verb.endswith("e"):
        forms.add(f"{verb}d")
    elif verb.endswith("y") and len(verb) > 2 and verb[-2] not in "aeiou":
        forms.add(f"{verb[:-1]}ied")
    else:
        forms |= {f"{verb}ed", f"{verb}{verb[-1]}ed"}
    return forms


def _done_later(highlight: Highlight, after: str) -> bool:
    """The entry says further on that the writer has already done it: "Done, entered it already",
    "I've already booked it"."""
    words = highlight.reformulation.split()
    if highlight.type != "task" or not words or not after.strip():
        return False
    if not _DONE_WORDS.search(after):
        return False
    return bool(_done_pattern(words[0].lower()).search(after))


_DONE_WORDS = re.compile(r"\b(?:already|just|done|sorted)\b", re.IGNORECASE)


@lru_cache(maxsize=2048)
def _done_pattern(verb: str) -> re.Pattern[str]:
    """Compiled once per verb: a pattern per call overflowed `re`'s cache (issue 16's generator
    builds a few more candidates per entry) and recompiling cost most of extraction's time."""
    past = "|".join(sorted(re.escape(f) for f in _past_forms(verb)))
    return re.compile(
        rf"\b(?:already|just)\s+(?:gone\s+and\s+)?(?:{past})\b|\b(?:{past})\s+(?:it|them|that|this|one)?\s*already\b"
        rf"|\b(?:done|sorted)\s*[,:;!.-]+\s*(?:i\s+)?(?:{past})\b",
        re.IGNORECASE)


# A sentence that opens on one of these is a note to self ("Order hinges."); in prose, words that
# are as often past tense or nouns at the start of a sentence are left out.
# ... of which a bulleted note may start with these ("- start CTO search"): not past tenses as well.
_BULLET_OK = frozenset("start change move study practise practice record make find plan".split())
_PROSE_IMPERATIVE_EXCLUDED = frozenset("read set cut put hit let run walk list back start shop plan change move "
                                       "study practice practise journal record go do make try look find".split())
# Verbs that are as often nouns: before "in"/"on" they are the thing ("Paint in her hair").
_NOUN_LIKE_HEADS = frozenset("paint water iron post email text call order book quote mail record list file shop "
                             "laundry journal clean wash tidy print stretch walk run".split())
# Verbs whose object comes after "with" ("register with the doctor"), unlike "Call with Mum".
_WITH_VERBS = frozenset("register check speak meet sign enrol enroll follow sort deal".split())
# Errands that are seldom nouns or past tenses ("arrange a physio at home").
_ERRANDS_ADDED = frozenset("give talk speak join decide arrange shortlist escalate wrap restock transfer deliver "
                           "borrow resend redo repaint reprint lodge complain hire reconcile translate rsvp canvass "
                           "decline mend use add save raise swap fit scale".split())
_IMPERATIVE_EXTRA = frozenset("chase ring catch sharpen lift laminate drive register sign fill renew cancel "
                              "measure quote phone email text ask book order buy pick collect print".split()) | _ERRANDS_ADDED
# Verbs as often nouns ("Report due Friday", "Scan results tomorrow", "Interview Thursday"): a note to do
# one needs its object next ("report the window", "mark spelling tests" written in lower case).
_NOUN_OR_VERB = frozenset("mark report scan interview train log label frame copy service brief draw pin push close "
                          "hand type gather invoice photograph plaster serve launch".split())
_ERRAND_OBJECT = re.compile(r"(?i:the|a|an|my|our|your|his|her|their|its|all|every|each|some|any|both|this|that|"
                            r"these|those|it|them|him|in|out|over|back|up|on|off)$|\d[\w.,]*$|[A-Z][\w-]*(?:['’]s)?$")


_NOT_AN_OBJECT = frozenset("about like so lol is was of for at with as than too very really".split())


def _errand_head(words: list[str], bullet: bool) -> bool:
    """Whether a clause's first word (`words[0]`, as written) is the verb of an errand: a known one,
    or one as often a noun when its object follows (any next word in a lower-case note)."""
    head = words[0].lower()
    if head in _ACTION_VERBS or head in _IMPERATIVE_EXTRA - _ERRANDS_ADDED:
        return True
    if head in _ERRANDS_ADDED:  # in prose, with its object or person next ("Talk about awkward." is not one)
        return bullet or (len(words) > 1 and bool(_ERRAND_OBJECT.match(words[1]) or words[1].lower() == "to"
                                                  or (words[0].islower() and words[1].isalpha()
                                                      and words[1] not in _NOT_AN_OBJECT)))  # "transfer rent to Mo"
    if head not in _NOUN_OR_VERB or len(words) < 2:
        return False
    if words[0].islower():
        return bullet or bool(_ERRAND_OBJECT.match(words[1]))
    return bool(_ERRAND_OBJECT.match(words[1])) and not words[1][:1].isupper()  # "Mark Anthony called"


# "Note to self: the school photos money is due by the 17th.", "coursework deadline is the 31st":
# something due on a day is a task (pay it, hand it back, finish it) when it is money or a piece of work.
_DUE_STATEMENT = re.compile(
    r"^(?:(?:note\s+to\s+self|reminder|also|and|oh|ps)\s*[:,-]?\s*)*(?:the\s+deadline\s+for\s+)?"
    r"(?P<thing>(?:(?:the|my|our)\s+)?(?:[\w']+\s+){0,3}?[\w']+?)"
    r"(?:\s+deadline(?:\s+is|'s)|\s+(?:is|are)\s+due|\s+due)(?P<back>\s+back)?\b"
    r"(?P<to>\s+(?:to|with)\s+(?:the\s+|my\s+)?[\w']+(?=\s+(?:by|on|at|before)\b))?",
    re.IGNORECASE,
)
_MONEY = re.compile(r"\b(?:money|fees?|rent|bills?|invoices?|tax(?:es)?(?!\s+return)|subs|deposit|payments?|instal(?:l)?ments?|fines?|"
                    r"premium|balance|dues)\b", re.IGNORECASE)
_WORK_DUE = re.compile(r"\b(?:coursework|essays?|assignments?|reports?|dissertation|thesis|homework|proposal|"
                       r"paper|application|forms?|tax\s+return|portfolio|draft|presentation|slides|review|"
                       r"project|chapters?|quote|estimate|submission|appraisals?|minutes|marks|grades|returns?|timesheets?|marking|accounts|references?|"
                       r"lesson\s+plans?|expenses\s+claim)\b", re.IGNORECASE)


_DUE_DAY_FIRST = re.compile(r"\s*(?:by|on|before|end\s+of|this|next|tomorrow|today|tonight|the\s+\d|\d|mon|tue|wed|thu|fri|"
                            r"sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)", re.IGNORECASE)


def _due_statement(clause: str, today: date) -> _Candidate | None:
    clause = re.sub(r"\s*\([^)]*\)", "", clause)  # "the trip money (£45) is due on Friday"
    m = _DUE_STATEMENT.match(clause.strip())
    # A day right after "due" ("due by the 17th", "due Friday"); "due at the end of the month and
    # the forms confuse me" is a worry told, not a deadline set.
    # "Chapter four due to the editor at the end of the month": with whom it is due, "at" sets the day too.
    if m is None:
        return None
    after = clause.strip()[m.end() :]
    day_first = _DUE_DAY_FIRST.match(after) or (m.group("to") and re.match(r"\s*at\s+the\s+end\b", after))
    if not day_first or resolve_due_date(f"due{after}", today) is None:  # "due 14th"
        return None
    thing = m.group("thing")
    if _FIRST_PERSON_OR_PAST.search(thing) or re.fullmatch(r"(?:it|this|that|they|these|those|everything|all)",
                                                           thing.strip(), re.IGNORECASE):
        return None  # "It is due back on the 30th": which thing is in another sentence
    if re.match(r"(?:the|my|our)\b", thing, re.IGNORECASE):
        thing = thing[:1].lower() + thing[1:]
    elif not re.match(r"[A-Z][\w-]*'s?\s", thing) and not re.search(
            r"\s(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)$", thing, re.IGNORECASE):
        # "Idris's school trip money" and "Chapter four" need no "the"
        thing = f"the {thing[:1].lower() + thing[1:] if thing[1:2].islower() else thing}"
    elif not re.match(r"[A-Z][\w-]*'s?\s", thing) and thing[1:2].islower():
        thing = thing[:1].lower() + thing[1:]
    if m.group("back"):
        verb = "return"
    elif re.search(r"\s+renewal$", thing, re.IGNORECASE):  # "Car insurance renewal due 3rd Dec."
        verb, thing = "renew", re.sub(r"\s+renewal$", "", thing, flags=re.IGNORECASE)
    elif _MONEY.search(thing):
        verb = "pay"
    elif _WORK_DUE.search(thing):
        verb = "finish"
    else:
        return None
    when = re.split(r"\s+(?:and|but|so|because|as|which)\b|\s*[,;]", clause[m.end() :].strip(), maxsplit=1)[0]
    if not re.match(r"(?:by|on|before|until|in|at|this|next|tomorrow|today|tonight)\b", when, re.IGNORECASE):
        when = f"by {when}"  # "the report is due Friday": "Finish the report by Friday"
    return _Candidate("task", f"{verb} {thing} {when}", 0)


# A deadline set on a thing, by someone or by the writer's notes: "Minutes to be typed up by Monday.",
# "Finance form to sign and return by Friday.", "The claim form has to go in by Wednesday.",
# "Raj wants the module proposal by the end of the month.".
_THING_NP = r"(?P<thing>(?!(?:i|we|he|she|they|it|you|this|that|there)\b)(?:(?:the|my|our|his|her|their)\s+)?(?:[\w'-]+\s+){0,3}?[\w'-]+?)"
_WHEN_NEXT = (r"(?=\s+(?:(?:by|before|on|this|next|at\s+the\s+end|in\s+time|tomorrow|today|tonight)\b|"
              r"(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s*$))")
_PARTICLE = r"(?:\s+(?P<particle>up|in|off|back|out|over))?"
# "The electricity bill must also be paid before the tenth" (round 10): "must", and an adverb before "be".
_TO_BE_DONE = re.compile(rf"^{_THING_NP}\s+(?:(?:(?:has|have|needs?)\s+)?to|must)\s+(?:(?:also|still|really|definitely)\s+)?be\s+"
                         rf"(?P<part>[a-z]+){_PARTICLE}{_WHEN_NEXT}",
                         re.IGNORECASE)
_TO_DO = re.compile(rf"^{_THING_NP}\s+to\s+(?P<v1>[a-z]+)(?:\s+and\s+(?P<v2>[a-z]+))?{_PARTICLE}{_WHEN_NEXT}",
                    re.IGNORECASE)
_TO_GO = re.compile(rf"^{_THING_NP}\s+(?:has|have|needs?)\s+to\s+go\s+(?P<particle>in|off|back|out){_WHEN_NEXT}",
                    re.IGNORECASE)
_TO_BE_AT = re.compile(rf"^{_THING_NP}\s+(?:has|have|needs?)\s+to\s+be\s+(?P<prep>on|in|into|with)\s+"
                       rf"(?P<where>(?:the\s+|my\s+)?[^,.;]+?){_WHEN_NEXT}", re.IGNORECASE)
_NEEDS_DOING = re.compile(rf"^{_THING_NP}\s+needs?\s+(?P<ger>[a-z]+)ing{_PARTICLE}{_WHEN_NEXT}", re.IGNORECASE)
_WANTS = re.compile(r"^(?P<who>(?:the\s+)?(?!(?:i|we|he|she|they|it|you)\b)[\w'-]+(?:\s+[\w'-]+)?)\s+wants?\s+"
                    rf"(?P<thing>(?:the|my|our|a|an)\s+[^,.;]+?)(?P<back>\s+back)?{_WHEN_NEXT}", re.IGNORECASE)
# Work handed to someone by a day: "Outline goes to Tomasz by Friday", "lit review section to Prof Reid by the 30th".
_GOES_TO = re.compile(rf"^{_THING_NP}\s+(?:goes\s+|go\s+|(?:has|have|needs?)\s+to\s+go\s+)?to\s+"
                      r"(?P<who>(?:(?:Prof|Dr|Mr|Mrs|Ms|Miss|Professor)\.?\s+)?[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)"
                      r"(?=\s+(?:by|before)\b)")
_PARTICIPLES = {"done": "do", "sent": "send", "paid": "pay", "written": "write", "made": "make", "given": "give",
                "taken": "take", "brought": "bring", "put": "put", "got": "get", "read": "read", "handed": "hand"}


def _verb_of(participle: str) -> str | None:
    word = participle.lower()
    if word in _PARTICIPLES:
        return _PARTICIPLES[word]
    if not word.endswith("ed"):
        return None
    verbs = _ACTION_VERBS | _IMPERATIVE_EXTRA | _words("type complete mark fill hand")
    stem = word[:-2]
    return next((v for v in (stem, f"{stem}e", stem[:-1], f"{stem[:-1]}y" if stem.endswith("i") else "")
                 if v in verbs), None)


def _the(thing: str) -> str:
    if re.match(r"(?:the|my|our|his|her|their|a|an)\b", thing, re.IGNORECASE) or re.match(r"[A-Z][\w-]*'s?\s", thing):
        return thing[:1].lower() + thing[1:] if re.match(r"(?:The|My|Our|His|Her|Their|A|An)\b", thing) else thing
    return f"the {thing[:1].lower() + thing[1:] if thing[1:2].islower() else thing}"


# "I owe him forty quid for mine": a debt of money is a payment to make.
_DEBT = re.compile(r"\b(?i:i|we)\s+(?:still\s+)?owe\s+(?P<who>him|her|them|my\s+[a-z]+|[A-Z][a-z]+)\s+"
                   r"(?P<what>(?:[£$€]\s?\d[\d,.]*|\d[\d,.]*\s*(?:quid|pounds|euros|dollars|bucks|p)|"
                   r"[a-z-]+\s+(?:quid|pounds|euros|dollars|bucks|grand))\b.*)$")


def _debt(clause: str) -> _Candidate | None:
    m = _DEBT.search(clause)
    return None if m is None else _Candidate("task", f"pay {m['who']} {m['what']}", m.start())


# Asked of the writer: "Mum wants me to ring her tomorrow", "I've been asked to give a reading on
# Friday". A present request stands; a past one ("asked me to") only with a day still to come.
_REQUEST = re.compile(
    r"^(?:(?P<who>(?!(?:i|we)\b)(?:the\s+|my\s+)?[\w'-]+(?:\s+[\w'-]+)?)\s+(?:(?P<now>wants|needs|would\s+like|'d\s+like)|"
    r"(?:has\s+|had\s+)?(?:asked|reminded|told))\s+me|i(?:'ve|\s+have|\s+was|'ve\s+just|\s+have\s+just)\s+(?:been\s+)?"
    r"(?:asked|told|reminded))\s+to\s+",
    re.IGNORECASE,
)


def _request(clause: str, today: date) -> _Candidate | None:
    m = _REQUEST.match(clause.strip())
    if m is None:
        return None
    rest = clause.strip()[m.end() :]
    if not m.group("now") and resolve_due_date(rest, today) is None:
        return None
    return _Candidate("task", rest, 0)


def _deadline_on_thing(clause: str, today: date) -> _Candidate | None:
    text = clause.strip()
    if resolve_due_date(text, today) is None or _FIRST_PERSON_OR_PAST.search(text.split(" by ")[0]):
        return None
    particle = ""
    if m := _TO_GO.match(text):
        action = f"send {m['particle']} {_the(m['thing'])}"
    elif (m := _TO_BE_DONE.match(text)) and (verb := _verb_of(m["part"])):
        action = f"{verb}{' ' + m['particle'] if m['particle'] else ''} {_the(m['thing'])}"
    elif (m := _TO_DO.match(text)) and m["v1"].lower() in (_ACTION_VERBS | _IMPERATIVE_EXTRA | _NOUN_OR_VERB) and not re.search(
            r"\b(?:has|have|needs?|is|are)$", m["thing"]) and (
            not m["v2"] or m["v2"].lower() in (_ACTION_VERBS | _IMPERATIVE_EXTRA)):
        particle = f" {m['particle']}" if m["particle"] else ""
        then = f" and {m['v2']} it" if m["v2"] else ""  # "to sign and return": "sign the form and return it"
        action = f"{m['v1']}{particle} {_the(m['thing'])}{text[m.end():].rstrip(' .!')}{then}"
        return _Candidate("task", action, 0)
    elif m := _TO_BE_AT.match(text):
        # "The marks have to be on the system by next Friday", "The form has to be with HR by Monday"
        if m["prep"].lower() == "with":
            action = f"send {_the(m['thing'])} to {m['where']}"
        else:
            action = f"put {_the(m['thing'])} {m['prep']} {m['where']}"
    elif (m := _NEEDS_DOING.match(text)) and (verb := _base_verb(m["ger"])):
        # "The electric bill needs paying by the 5th"
        action = f"{verb}{' ' + m['particle'] if m['particle'] else ''} {_the(m['thing'])}"
    elif m := _WANTS.match(text):
        who = m["who"]
        action = f"return {m['thing']} to {who}" if m["back"] else f"send {who} {m['thing']}"
    elif (m := _GOES_TO.match(text)) and not re.search(r"\b(?:has|have|had|needs?|go|goes|is|are|was)\b", m["thing"]) and (
            _first_word(m["thing"]) not in _ACTION_VERBS | _IMPERATIVE_EXTRA):
        action = f"send {_the(m['thing'])} to {m['who']}"  # "lit review section to Prof Reid by the 30th"
    else:
        return None
    return _Candidate("task", action + text[m.end():], 0)


# "I'm raising it with the manager on Friday.", "Writing the incident report tonight though.": a
# plan in the present continuous, said with a day still to come ("today" only for an errand, below).
_PLANNED = re.compile(r"^(?P<subject>(?:i'm|i\s+am|we're|we\s+are)\s+(?:also\s+|just\s+|definitely\s+|finally\s+)?)?"
                      r"(?P<verb>[a-z]+)ing\s+(?P<rest>\S.*)$", re.IGNORECASE)
# Without a subject the gerund may be a noun ("Meeting Friday about the restructure", "Booking
# confirmed"): it needs an object right after it: a determiner, a number, a person ("Taking Mum
# to Rudyard Lake on Sunday"), someone written to ("Writing to the editor tomorrow"), or a thing
# sent or bought somewhere ("Sending money to Tariq tomorrow"). Not a day: "Meeting Friday".
_OBJECT_NEXT = re.compile(r"(?:(?i:the|a|an|my|his|her|our|their|your|some|it|them|him|up|off|in|out|back|down|over|\d+|"
                          r"two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|fifty|hundred)\b"
                          r"|(?!(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Easter|Christmas)"
                          r"[a-z]*\b)[A-Z][a-z]+\b)")
_WRITE_TO = _words("write talk speak reach report complain")
_TRANSFER = _words("send buy order pay bring post take")
# Not a greeting: "Sending love to everyone today".
_THING_TO = re.compile(r"(?i)(?!(?:love|thoughts|prayers|hugs|kisses|wishes|vibes|strength|best|good)\b)"
                       r"(?:[a-z]+\s+){1,5}?(?:to|for)\s")
_PLANNED_VERBS = (_ACTION_VERBS | _IMPERATIVE_EXTRA | frozenset({"raise", "drop", "fetch", "post", "put", "deliver",
                                                                  "canvass", "plaster", "service", "mend", "log", "request",
                                                                  "mention", "appeal", "haul"})) - frozenset(
    "go do get make try look find start run walk read list back journal plan study practice practise shop "
    "exercise meditate stretch pray".split())
_LATER_TODAY = re.compile(r"\b(?:tonight|this\s+evening|later\s+today|before\s+bed)\b", re.IGNORECASE)
# "Calling Meera today for a date": a call or a request said in the present with "today" is the day's
# plan; "Cleaning the kitchen today" tells what the day is.
_TODAY = re.compile(r"\btoday\b", re.IGNORECASE)
_ERRANDS_TODAY = _words("call ring phone text email write book order send request ask chase post pay apply cancel "
                        "renew return log report")


def _base_verb(gerund_stem: str) -> str | None:
    """The plain verb of a gerund's stem ("rais" -> "raise", "dropp" -> "drop"), when it is a known one."""
    stem = gerund_stem.lower()
    known = _PLANNED_VERBS | _ACTION_VERBS
    for again in ("", "re"):  # "reprinting": print again
        if again and not stem.startswith(again):
            continue
        rest = stem[len(again):]
        base = next((v for v in (rest, f"{rest}e", rest[:-1] if len(rest) > 2 and rest[-1] == rest[-2] else "")
                     if v in known), None)
        if base is not None:
            return again + base
    return None


# "... and writing to the council": a second planned action, made plain for the split into tasks;
# not "mealie meal and cooking oil", where a bare noun follows (a thing, not an action).
_AND_GERUND = re.compile(r"\b(and\s+)(\w+)ing\b", re.IGNORECASE)
_AFTER_ACTION = re.compile(r"\s*(?:[,.;!]|$)|\s+(?i:to|with|about|round|for|on|at)\b")


def _and_gerund(m: re.Match[str]) -> str:
    after = m.string[m.end():]
    if _AFTER_ACTION.match(after) or _OBJECT_NEXT.match(after.lstrip()):
        return m.group(1) + (_base_verb(m.group(2)) or m.group(0)[len(m.group(1)):])
    return m.group(0)


def _planned(clause: str, today: date) -> _Candidate | None:
    m = _PLANNED.match(clause.strip())
    if m is None:
        return None
    base = _base_verb(m.group("verb"))
    base = base if base in _PLANNED_VERBS or (base and base.startswith("re") and base[2:] in _PLANNED_VERBS) else None
    due = resolve_due_date(clause, today)
    if base is None or due is None or (due <= today and not _LATER_TODAY.search(clause)
                                       and not (base in _ERRANDS_TODAY and _TODAY.search(clause))):
        return None
    if not m.group("subject") and not (_OBJECT_NEXT.match(m.group("rest"))
                                       or (base in _WRITE_TO and m.group("rest").lower().startswith("to "))
                                       or (base in _TRANSFER and _THING_TO.match(m.group("rest")))):
        return None
    rest = _AND_GERUND.sub(_and_gerund, m.group("rest"))
    return _Candidate("task", f"{base} {rest}", 0)


# "Tomorrow buy plasters and hand cream.", "Monday I call Shelter.", "Thurs: ring the vet.": the day
# first, then what the writer will do on it, said as a note or in the present.
_FRONTED_DAY = re.compile(
    r"^(?P<when>(?:tonight|tomorrow|tmrw|tmr)(?:\s+(?:morning|afternoon|evening|night|first\s+thing))?"
    r"|(?:on\s+|this\s+(?:coming\s+)?|next\s+)?(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?"
    r"(?:\s+(?:morning|afternoon|evening|night))?"
    r"|this\s+(?:weekend|evening|afternoon)|at\s+the\s+weekend|after\s+the\s+weekend|first\s+thing(?:\s+tomorrow)?)"
    r"\s*[,:-]?\s+(?:(?:i|we)\s+(?:will\s+|'ll\s+|must\s+|gotta\s+|have\s+to\s+|need\s+to\s+)?)?"
    r"(?P<rest>(?P<verb>[a-z]+)\b.*)$",
    re.IGNORECASE,
)


def _fronted_day(clause: str, today: date) -> _Candidate | None:
    m = _FRONTED_DAY.match(clause.strip())
    if m is None:
        return None
    verb = m.group("verb").lower()
    if verb not in _PLANNED_VERBS | _ACTION_VERBS or verb in _NOT_ACTION_HEADS:
        return None
    due = resolve_due_date(m.group("when"), today)
    if due is None or (due <= today and not _LATER_TODAY.search(m.group("when"))):
        return None
    return _Candidate("task", m.group("rest"), m.start("rest"))


# "Next: a garden bench for the school fundraiser.": the next piece of work, named.
_NEXT_PROJECT = re.compile(r"^(?:next(?:\s+up|\s+job|\s+project)?|up\s+next)\s*[:-]\s*(?=(?:a|an|the|my|our)\s)",
                           re.IGNORECASE)


def _next_project(clause: str) -> _Candidate | None:
    m = _NEXT_PROJECT.match(clause)
    if m is None or not _PROJECT_NOUNS.search(" ".join(clause[m.end() :].split()[:6])):
        return None
    return _Candidate("project", clause[m.end() :], 0, name=True)


def _imperative(clause: str, bullet: bool = False) -> bool:
    words = _WORD.findall(clause)
    if len(words) < 2:
        return False
    head = words[0].lower()
    if (head in _PROSE_IMPERATIVE_EXCLUDED and not (bullet and head in _BULLET_OK)) or head in _NOT_ACTION_HEADS or (
            _TURN_OF_PHRASE.match(clause)):
        return False
    if words[1].lower() == "me":
        return False  # "Ask me when I'm not dead", "Ring me back": said to the writer
    if words[1].lower() == "with" and head in _WITH_VERBS:
        return True  # "register with the doctor", "check with Sam about the van"
    if words[1].lower() in ("with", "from", "was", "is", "went", "came", "for", "at", "of"):
        return False  # "Call with Mum." is a noun
    if words[1].lower() in ("in", "on", "everywhere", "all") and head in _NOUN_LIKE_HEADS:
        return False  # "Paint in her hair, paint on the cat.": the noun
    if not any(ch.isalpha() for ch in words[1]) and not (
            len(words) > 2 and words[2].isalpha() and not re.match(r"\W*\w+\W+\w+\s*:", clause)):
        return False  # "Edit 1: it rained." is a label, not a task: an action needs a real object ("order 10 bags")
    return _errand_head(words, bullet)


_GOING_TO = re.compile(r"\b(?:going|goin)\s+to\s*$|\bgonna\s*$", re.IGNORECASE)
# A name or someone's thing after "going to": "Tesco", "Big Mike's leave do", "conor's goin away thing".
_A_PLACE_NEXT = re.compile(r"(?:(?!I\b)[A-Z][\w'’-]*|[a-z]+['’]s)(?=\s|[.,!;]|$)")

# "Going to the NFU branch meeting on Thursday": the future's "going to" takes a verb, never "the".
_AN_EVENT_NEXT = re.compile(r"(?:the|a|an|my|our|his|her|their)\s+(?!(?:same|best|most|other|only)\b)[\w'-]+", re.IGNORECASE)


def _going_to_a_place(modal: str, rest: str) -> bool:
    """"Going to" (`modal`) followed by a name or someone's thing (`rest`), not by a verb."""
    if _GOING_TO.search(modal) is None:
        return False
    if _AN_EVENT_NEXT.match(rest):
        return True
    m = _A_PLACE_NEXT.match(rest)
    return m is not None and m.group(0).lower() not in _ACTION_VERBS | _IMPERATIVE_EXTRA


# The writer's appointment said as a note with its day ("Dentist Thurs 3pm", "12-week scan: Tuesday
# 31st March, 10.40", "Caoimhe's parent-teacher meeting is Tuesday at half three") -> "Go to the
# dentist": a thing to go to, named before a day still to come, with no verb of its own.
_APPOINTMENT = re.compile(
    r"\b(?:appointment|appointments|dentist|doctor|gp|scan|x-ray|xray|mri|check-?up|check|follow-?up|f/u|physio|"
    r"therapy|counselling|interview|exam|meeting|consult|consultation|review|clinic|screening|hearing|fitting|"
    r"viewing|viewings|class|lesson|lessons|training|session|assessment|ceremony|funeral|party|dinner|drinks|do|"
    r"sale|parents'? evening|biopsy|infusion|op|operation|vaccination|jab|smear|audiology|optician|opticians|vet|"
    r"haircut|medical|surgery|test|tests|recital|concert|match|game|gig|rehearsal|induction|orientation|tribunal|"
    r"court|service|mass)\b",
    re.IGNORECASE,
)
_NOT_A_NOTE = re.compile(
    r"\b(?:i|we|he|she|they|you|it|i'm|i've|i'll|i'd|we're|we'll|they're|was|were|had|got|went|said|says|told|"
    r"wants?|will|would|could|should|can|did|didn't|isn't|wasn't|cancelled|canceled|moved|postponed|went|"
    r"finished|passed|failed|done|no|not|every|each|usual)\b",
    re.IGNORECASE,
)
# Words that make the line a sentence about the thing ("the ceremony booked", "Kuba has school concert",
# "the optician comes") rather than a note of it.
_VERB_IN_NOTE = re.compile(
    r"\b(?:results?|is|are|has|have|comes?|coming|starts?|begins?|closes?|opens?|says?|took|fell|came|come|through|again|"
    r"set|read|there's|it's|that's|couldn'?t|can'?t|don'?t|won'?t|[a-z]{3,}ed)\b", re.IGNORECASE)
# When said by a weekday alone ("Mick's funeral Friday"), a note may be of the day just gone: the line
# needs a clock time ("Dentist Thurs 3pm", "at half three") or a date that can only be ahead.
_CLOCK = re.compile(r"\b\d{1,2}(?:[:.]\d\d\s*(?:[ap]\.?m\.?)?|\s*[ap]\.?m\b)|\bat\s+(?:1[0-2]|[1-9])\b(?![:.]?\d)|\b[012]\d[0-5]\d\b|\bhalf\s+(?:past\s+)?[a-z]+\b|"
                    r"\b(?:noon|midday)\b", re.IGNORECASE)
_NOTE_TAIL = re.compile(r"[\s,:;\-\u2013]*(?:(?:is|are|'s)\s+)?(?:on|at|for)?\s*$", re.IGNORECASE)


def _appointment(clause: str, today: date) -> _Candidate | None:
    phrases = _phrases(clause)
    if not phrases:
        return None
    due = resolve_due_date(clause, today)
    if due is None or due < today:
        return None
    kind, first = phrases[0]
    if kind == "weekday" and not _CLOCK.search(clause):
        return None
    if re.match(r"(?:by|before|until|till)\b", first.group(0), re.IGNORECASE):
        return None  # "lit review section to Prof Reid by the 30th": a deadline, not a thing to go to
    what = re.sub(r"^o\s+", "", _NOTE_TAIL.sub("", clause[: first.start()]).strip(" -\u2013"))  # "o" an event
    what = re.sub(r"\s+[-\u2013:]\s+", " ", what)  # "FAC2601 - exam 27 Oct": "the FAC2601 exam" (round 10)
    words = what.split()
    if (not 1 <= len(words) <= 6 or _NOT_A_NOTE.search(what) or _VERB_IN_NOTE.search(what)
            or not _APPOINTMENT.search(what)):
        return None
    if re.match(r"[A-Z]\w*'s\s", what) and re.search(r"\b(?:exams?|tests?)\b", what, re.IGNORECASE):
        return None  # "Ethan's exam on Friday": his to sit
    if m := re.match(r"(?i:the|my|a|an|his|her|their|our)\b", what):
        what = m.group(0).lower() + what[m.end():]  # "The funeral is on the 14th"
    elif not re.match(r"[A-Z]\w*'s\b", what):
        lower = what[:1].lower() + what[1:] if what[1:2].islower() else what  # "HRT review" stays
        what = f"the {lower}" if not re.match(r"[A-Z]\w*\s+[A-Z]", what) else what
    return _Candidate("task", f"go to {what}", 0)


def _first_word(text: str) -> str:
    m = _WORD.search(text)
    return m.group(0).lower() if m else ""


_ACTION_SPLIT = re.compile(
    r"(?:,\s*(?:and\s+)?|\s+and\s+)(?:then\s+|also\s+)?(?:remember\s+to\s+|(?:i\s+)?(?:need|have|want)\s+to\s+)?"
    r"(?=(?P<verb>[a-z]+)\b)",
    re.IGNORECASE,
)


_HABIT_LIKE = frozenset("swim run walk keep read cook stop quit practise practice meditate stretch save".split())


def _split_actions(action: str) -> list[str]:
    """An action naming several ("book the taxi tonight and do the big shop") as one per verb;
    a list of objects ("milk, eggs and bread") stays one."""
    parts: list[str] = []
    joins: list[str] = []  # the words before each part but the first
    start = 0
    for m in _ACTION_SPLIT.finditer(action):
        verb = m.group("verb").lower()
        if verb not in _ACTION_VERBS and verb not in _IMPERATIVE_EXTRA and not (
                m.group(0).startswith(",") and verb in _HABIT_LIKE):
            continue  # "fix the slow report, swim twice, do Spanish every day": a plan's items
        if action[start : m.start()].strip():
            parts.append(action[start : m.start()].strip())
            joins.append(m.group(0))
        start = m.end()
    parts.append(action[start:].strip())
    parts, joins = [p for p in parts if p], joins[: len(parts) - 1]
    while len(parts) > 1:
        first = parts[0].lower()
        if first in ("try", "go", "come", "be sure", "make sure") or _GETTING_TOGETHER.fullmatch(first):
            parts, joins = parts[1:], joins[1:]  # "try and ring her", "go and buy milk", "sit down and write it": one action
        elif (_GETTING_TOGETHER.fullmatch(first.split(" with ")[0].split(" to ")[0]) and _MEETING_WHO.search(first)
              or first.startswith("go to ") and "," not in joins[0]):
            # "sit down with him and go through the numbers"; "go to the student support office and ask
            # about the hardship fund" (what the going is for)
            parts, joins = [f"{parts[0]} and {parts[1]}", *parts[2:]], joins[1:]
        else:
            break
    return parts


# A getting together that only leads into the action: dropped when bare, kept with the action when
# it names who or where ("pop round to Mum's and fix her boiler").
_GETTING_TOGETHER = re.compile(
    r"sit\s+down|get\s+together|meet\s+up|pop\s+(?:round|over|in)|come\s+(?:round|over)|go\s+(?:round|over)|"
    r"head\s+(?:round|over)"
)
_MEETING_WHO = re.compile(r"\s(?:with|to)\s+\S")
