"""Tasks and goals said the way notes and busy writers say them: the thing first and then what to do
with it ("Car seat: fit it this weekend", "rent -> transfer to Mo eod"), a need ("Oisin needs new
shoes"), something running out ("MOT runs out 10 April"), a plan said in the present ("I take it
round tomorrow evening"), a habit taken on ("- swim twice a week before school").

Each reader takes one clause and gives a candidate (or a rewritten clause) for the rules in
`extraction.py`, or None.
"""

from __future__ import annotations

import re
from datetime import date

from pipelines.highlights.dates import _phrases, resolve_due_date
from pipelines.highlights.due import _FIRST_PERSON_OR_PAST
from pipelines.highlights.statements import (
    _IMPERATIVE_EXTRA,
    _LATER_TODAY,
    _PLANNED_VERBS,
    _THING_NP,
    _Candidate,
    _the,
)
from pipelines.highlights.vocabulary import _ACTION_VERBS, _NOT_ACTION_HEADS, _words

# "Oisin needs new shoes", "need new steel toecaps, these ones have a hole": something new to get.
_NEEDS_NEW = re.compile(
    r"^(?:(?P<who>(?:the\s+)?(?:kids|boys|girls|children|twins)|(?!(?:I|We|He|She|They|It|You|This|That|There)\b)"
    r"[A-Z][\w'-]+|i|we)\s+)?(?:really\s+|still\s+|also\s+|badly\s+)?needs?\s+(?P<a>(?:a|an|some)\s+)?new\s+"
    r"(?!(?:life|start|beginning|approach|perspective|outlook|attitude|way|me|brain|body|head)\b)"
    r"(?P<thing>[\w'-]+(?:\s+[\w'-]+){0,3}?)\s*(?=[,.;!]|\s+(?:for|before|by|as|because|since|so)\b|$)",
    re.IGNORECASE)


def _needs_new(clause: str) -> _Candidate | None:
    m = _NEEDS_NEW.match(clause.strip())
    if m is None:
        return None
    who = m["who"] if m["who"] and m["who"].lower() not in ("i", "we") else ""
    who = "the" + who[3:] if who.startswith("The ") else who
    return _Candidate("task", f"get {who + ' ' if who else ''}{m['a'] or ''}new {m['thing']}", 0)


# A note naming the thing, then what to do with it: "leave application for Fri + Mon - send today",
# "Car seat: fit it this weekend" -> "send the leave application for Fri + Mon today".
_THING_THEN_VERB = re.compile(
    r"^(?P<thing>(?!(?:i|we|he|she|they|it|you|this|that|there|then|and|but)\b)[^:\-\u2013\u2014,]{3,60}?)"
    r"(?:\s*(?::|\s[-\u2013\u2014]+)\s*|,\s*(?=[a-z]+\s+(?:it|them)\b)|(?P<bare>\s+)(?=[a-z]+(?:\s+(?:by|before|on|today|tomorrow|"
    r"tonight|asap|eod|eow|this|next|with|w/)\b)))(?P<verb>[a-z]+)(?:\s+(?:it|them|this|that|one))?"
    r"(?P<when>(?:\s+(?:today|tomorrow|tonight|asap|eod|eow|this\s+\w+|next\s+\w+|by\s+[\w ]{2,20}|on\s+\w+|before\s+\w+|"
    r"(?:with|w/)\s+[\w ]{2,30}))*)"
    r"\s*[.!]*$", re.IGNORECASE)


# The same with what to do said whole: "site visit thurs: take the laser measure" (the day stays with
# it), "rent: transfer to Mo eod" (the thing goes after the verb).
_NOTE_THEN_ACTION = re.compile(
    r"^(?P<thing>(?!(?:i|we|he|she|they|it|you|this|that|there|then|and|but)\b)[^:\-\u2013\u2014]{3,40}?)"
    r"\s*(?::|\s[-\u2013\u2014]+)\s*(?P<verb>[a-z]+)\s+(?P<rest>\S.*)$", re.IGNORECASE)


_LABEL = re.compile(r"\b(?:goals?|aims?|plans?|resolutions?|intentions?|homework|reminders?|notes?|to[- ]?dos?|tasks?|"
                    r"challenges?|jobs|errands|priorities|things|self|list|projects?|actions?|next\s+steps?)\s*$", re.IGNORECASE)


def _note_then_action(clause: str) -> str | None:
    m = _NOTE_THEN_ACTION.match(clause.strip())
    if m is None or m["verb"].lower() not in (_ACTION_VERBS | _IMPERATIVE_EXTRA) or m["verb"].lower() in ("do", "go"):
        return None
    if re.search(r"\b(?:is|are|was|were|has|had|'s|did|went|got|i|we)\b", m["thing"], re.IGNORECASE) or _LABEL.search(
            m["thing"]):
        return None  # "Goal: run a half marathon", "Note to self: ...": a label the lists read
    rest = m["rest"]
    if re.match(r"(?:to|with|into|for|at|by|before|on|in)\b", rest, re.IGNORECASE):
        return f"{m['verb']} {_the(m['thing'].strip())} {rest}"
    day = _phrases(m["thing"])
    when = f" {day[0][1].group(0)}" if day and not _phrases(rest) else ""
    return f"{m['verb']} {rest}{when}"


_PLAIN_VERBS = _words("upload sign send submit pay email post finish renew collect cancel confirm redo fix chase "
                      "ring phone text buy transfer deliver resend reprint")


def _thing_then_verb(clause: str) -> str | None:
    m = _THING_THEN_VERB.match(clause.strip())
    if m is None or m["verb"].lower() not in (_ACTION_VERBS | _IMPERATIVE_EXTRA) or m["verb"].lower() in ("do", "go"):
        return _note_then_action(clause)
    if re.search(r"\b(?:is|are|was|were|has|had|'s|did|went|got)\b", m["thing"], re.IGNORECASE):
        return None  # "Mum's car is in - pick up Thursday": the thing is a sentence
    if m["bare"] and (m["verb"].lower() not in _PLAIN_VERBS or re.search(
            r"\b(?:to|and|wants?|needs?)\b", m["thing"], re.IGNORECASE) or any(
            w.lower() in _ACTION_VERBS | _IMPERATIVE_EXTRA for w in m["thing"].split())):
        return None  # with no mark between them, only a verb that is no noun ("accounts upload by Friday")
    return f"{m['verb']} {_the(m['thing'].strip())}{m['when']}"


# A habit taken on: "- swim twice a week before school", "From now I call mamá every Sunday", "cuttin
# out the monster energy from now on", "gym 3x/week", "* read 12 books (1 a month)": a goal.
_FREQUENCY = re.compile(
    r"\b(?:every\s+(?:single\s+)?(?:other\s+)?\w+|each\s+\w+|daily|weekly|monthly|nightly|"
    r"(?:once|twice|(?:two|three|four|five|\d+)\s*(?:times|x))\s*(?:a|per|/|each)\s*(?:day|week|month|year)|"
    r"\d+\s*x\s*/\s*(?:day|week|wk|month)|(?:a|one|two|three|\d+)\s+\w+\s+(?:a|per)\s+(?:day|week|month|year)|"
    r"\d+\s*(?:mins?|minutes|hours?|k|km|miles?|pages|words)?\s+(?:a|per)\s+(?:day|week|month)|"
    r"on\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekdays|weeknights|work\s+nights|my\s+weeks)|"
    r"from\s+now(?:\s+on)?|(?:this|next)\s+year)\b", re.IGNORECASE)
_HABIT_START = re.compile(
    r"^(?:(?:from\s+now(?:\s+on)?|from\s+today|from\s+this\s+(?:week|month)|starting\s+(?:today|now|monday)|"
    r"new\s+rule|this\s+year|also\s+this\s+year|and)\s*[,:]?\s+)?(?:(?:i|we)(?:'ll|\s+will|'m\s+going\s+to|\s+am\s+going\s+to)?\s+)?"
    r"(?P<verb>[a-z]+?)(?P<ing>in[g']?)?\s+(?P<rest>\S.*)$", re.IGNORECASE)
_HABIT_VERBS = _words("swim run walk read stop keep leave eat drink cut quit save go call ring visit write practise practice "
                      "meditate sleep spend limit say cook study journal pray stretch play learn train phone text")


def _habit_goal(clause: str) -> _Candidate | None:
    text = clause.strip().rstrip(".!")
    if _FREQUENCY.search(text) is None:
        return None
    if m := re.match(r"(?i)gym\s+(\S.*)$", text):
        return _Candidate("goal", f"go to the gym {m[1]}", 0)  # "gym 3x/week"
    m = _HABIT_START.match(text)
    if m is None:
        return None
    verb = m["verb"].lower()
    if m["ing"]:
        verb = {"cuttin": "cut", "runnin": "run", "stoppin": "stop", "swimmin": "swim"}.get(verb + "in", verb)
        verb = verb[:-1] if len(verb) > 3 and verb[-1] == verb[-2] else verb
        verb = verb if verb in _HABIT_VERBS else f"{verb}e" if f"{verb}e" in _HABIT_VERBS else verb
    if verb not in _HABIT_VERBS:
        return None
    # "I swim every Tuesday" tells a habit the writer has; "I read every night as a kid" one they had
    said_plain = re.match(r"(?i)(?:i|we)\s+[a-z]", text) is not None
    if _HABIT_PAST.search(text) or (said_plain and (verb in _SAME_IN_THE_PAST or not re.search(
            r"(?i)\bfrom\s+(?:now|today|this)\b", text))):
        return None
    return _Candidate("goal", f"{verb} {m['rest']}", 0)


_HABIT_PAST = re.compile(r"\b(?:as\s+a\s+(?:kid|child|girl|boy|teenager)|when\s+(?:i|we)\s+(?:was|were)|used\s+to|back\s+then|"
                         r"years\s+ago|in\s+those\s+days)\b", re.IGNORECASE)
_SAME_IN_THE_PAST = _words("read cut quit put let set")


# A plan said in the present ("I take it round tomorrow evening", "I pick it up tomorrow after the
# school run", "I do them before Tuesday lesson"), as many write the future: with a day to come.
_PRESENT_PLAN = re.compile(r"(?:^|,\s*|\band\s+)(?:i|we)\s+(?:(?:will\s+)?(?:just|also|then)\s+)?(?P<rest>(?P<verb>[a-z]+)\s+\S.*)$",
                           re.IGNORECASE)


def _present_plan(clause: str, today: date) -> _Candidate | None:
    m = _PRESENT_PLAN.search(clause.strip())
    if m is None:
        return None
    verb = m["verb"].lower()
    if verb not in _PLANNED_VERBS | _ACTION_VERBS or verb in _NOT_ACTION_HEADS or verb in _SAME_IN_THE_PAST:
        return None
    if re.match(r"\S+\s+(?:at|on|in|by|early|late|work|home|off|until|till|from|for)\b", m["rest"], re.IGNORECASE):
        return None  # "We finish at 4 on Thursday": when, not what
    due = resolve_due_date(m["rest"], today)
    if due is None or due <= today and not _LATER_TODAY.search(m["rest"]):
        return None
    return _Candidate("task", m["rest"], m.start("rest"))


# "MOT runs out 10 April", "Tony's blue badge runs out end of the month", "passport expires in March":
# something to renew.
_RUNS_OUT = re.compile(rf"^{_THING_NP}\s+(?:runs\s+out|expires|is\s+up\s+for\s+renewal|needs\s+renewing|is\s+due\s+for\s+renewal)\b",
                       re.IGNORECASE)


def _runs_out(clause: str, today: date) -> _Candidate | None:
    m = _RUNS_OUT.match(clause.strip())
    if m is None or _FIRST_PERSON_OR_PAST.search(m["thing"]):
        return None
    rest = clause.strip()[m.end():]
    return _Candidate("task", f"renew {_the(m['thing'])}{rest}", 0)


# "Need colostrum replacer and ear tags from Tractor Supply this week": a thing to get from a place.
_NEED_FROM = re.compile(r"^(?:(?:i|we)\s+)?(?:still\s+|also\s+)?need\s+(?!to\b)(?P<what>[^,.;]{2,60}?)\s+(?P<where>(?:from|at)\s+"
                        r"(?:the\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)", re.IGNORECASE)


def _need_from(clause: str) -> _Candidate | None:
    m = _NEED_FROM.match(clause.strip())
    return None if m is None else _Candidate("task", f"get {m['what']} {m['where']}{clause.strip()[m.end():]}", 0)



# A rule for life rather than a task (issue 16): "From now on I will ask for help before I am
# exhausted", "Whenever I feel stuck I'll go for a walk", "I'll apologise every time I snap". Taken on
# with a schedule or as a habit ("from now on we call every Sunday", "from now on I'll walk to work")
# it is a goal; said on a condition, or about how to be, it is nothing to tick. The dev split labels
# "from now on" with a schedule a goal and without one nothing; "Next time I'm in town I'll get a
# float" is an errand at the next chance, not a rule.
_FROM_NOW_ON = re.compile(r"\b(?:from\s+(?:now|today)(?:\s+on)?|going\s+forward|in\s+(?:the\s+)?future|"
                          r"from\s+here\s+on(?:\s+in)?)\b(?!\s+(?:till|until|to)\b)", re.IGNORECASE)
_NEXT_TIME = r"next\s+time(?!\s+(?:i'm|i\s+am|we're|we\s+are|i\s+go|we\s+go|i\s+see|we\s+see|in\s+town|at\s+the)\b)"
_ON_A_CONDITION = re.compile(
    rf"\b(?:(?:whenever|every\s+(?:single\s+)?time|each\s+time|{_NEXT_TIME})\s+(?:i|i'm|we|we're|you|he|she|they|it|"
    rf"someone|somebody|something|the|my|our|his|her|their|a|an|[A-Z][\w'-]+)\b|{_NEXT_TIME}\W*$)", re.IGNORECASE)
_LEADING = re.compile(r"^\W*(?:(?:and|so|but|then|ok|okay|right)\b\W*)*", re.IGNORECASE)


def _rule_for_life(lead: str, action: str) -> str | None:
    """"goal" or "" (no highlight) for an intention said as a rule for life, None for any other.
    `lead` is its clause before the intention: a condition counts opening it or after the action, not
    in a clause of its own inside ("ring the council, they can call whenever they like" is an
    errand), and "from now on" in the lead or the action's own words ("I'm writing down the tips from
    now on and talking to the others before the meeting": the talk is a task)."""
    if _ON_A_CONDITION.match(_LEADING.sub("", lead)) or _ON_A_CONDITION.search(action):
        return ""
    if _FROM_NOW_ON.search(lead) is None and _FROM_NOW_ON.search(action) is None:
        return None
    words = action.split()
    habit = _FREQUENCY.search(_FROM_NOW_ON.sub("", action)) or (words and words[0].lower() in _HABIT_VERBS)
    return "goal" if habit else ""
