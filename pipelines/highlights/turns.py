"""Plans said without a trigger word, turned round into an action for the learned scorer's proposals
(`pipelines.highlights.extraction`): "Going to the NFU meeting on Thursday", "the crush needs mending",
"get the passports checked", "still haven't sent the form", "Tomorrow I tell Marcus"."""

from __future__ import annotations

import re
from datetime import date

from pipelines.highlights.dates import resolve_due_date
from pipelines.highlights.statements import _IMPERATIVE_EXTRA, _base_verb
from pipelines.highlights.vocabulary import _ACTION_VERBS

# Ways of saying a task that name no trigger, turned into an action; proposals only, so the
# learned scorer decides whether the form is trusted.
_GOING_TO_PLACE = re.compile(
    r"^(?:(?:also|and|then|so)\s+)?(?:(?:i'm|i\s+am|we're|we\s+are)\s+)?going\s+(?:up\s+|down\s+|over\s+|round\s+|out\s+)?"
    r"to\s+(?P<np>(?:the|a|an|my|our|[A-Z]\w+'s)\s+.+)$", re.IGNORECASE)
_NEEDS_DOING = re.compile(
    r"(?P<thing>\b(?:the|my|our|his|her|their|[A-Za-z]+'s)\s+(?:[\w'-]+\s+){0,3}?)(?:still\s+)?(?:needs|need|wants)\s+"
    r"(?P<ger>[a-z]+ing)\b(?P<rest>.*)$", re.IGNORECASE)
_GET_IT_DONE = re.compile(
    r"\bget\s+(?P<thing>(?:all\s+)?(?:the|my|our|those|these|his|her)\s+(?:[\w'-]+\s+){0,3}?)(?P<pp>[a-z]{3,}ed)\b"
    r"(?P<rest>.*)$", re.IGNORECASE)
_NOT_YET = re.compile(
    r"\b(?:still\s+(?:haven't|have\s+not|not)|(?:haven't|have\s+not)\s+yet)\s+(?P<pp>got|sent|done|paid|booked|rung|"
    r"called|written|finished|sorted|posted|returned|replied\s+to|answered|filled\s+in|signed|ordered|fixed|emailed|"
    r"phoned|chased|cancelled|renewed|told|asked)\b(?P<rest>.+)$", re.IGNORECASE)
_THING_HAS_TO_GO = re.compile(
    r"^(?P<thing>(?:the\s+|my\s+|our\s+)?(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+(?:has|have|needs?)\s+to\s+go\s+"
    r"(?P<rest>(?:to|in|off|back)\b.+)$", re.IGNORECASE)
# "Tomorrow I tell Marcus", "Monday I call Shelter", "From now I call mamá every Sunday": the present
# tense with a time to come, as many writers (and most learners of English) say a plan.
_WHEN_WORDS = (r"(?:tomorrow|tonight|(?:on\s+|this\s+|next\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|"
               r"sunday)|this\s+(?:evening|afternoon|weekend)|next\s+week|after\s+work|from\s+(?:now|today|this\s+"
               r"(?:week|month))(?:\s+on)?)")
_PRESENT_FOR_FUTURE = re.compile(
    rf"^(?:(?:and|so|then)\s+)?(?:{_WHEN_WORDS}(?:\s+(?:morning|evening|afternoon|night))?\s*,?\s+i|i)\s+"
    r"(?:(?:just|also|finally|first)\s+)?(?P<verb>[a-z]+)\b(?P<rest>.*)$", re.IGNORECASE)
# "Taking Mum to Rudyard Lake on Sunday", "Ringing Des before bed": a plan in the present
# continuous whose object is a name (the rules' `_planned` wants "the/my/it..." after a bare gerund).
_PLANNED_LOOSE = re.compile(r"^(?i:(?:i'm|i\s+am|we're|we\s+are)\s+)?(?P<verb>[A-Za-z][a-z]+)ing\s+"
                            r"(?P<rest>(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Today|"
                            r"Tonight|Tomorrow|January|February|March|April|May|June|July|August|September|October|"
                            r"November|December|I)\b)[A-Z][\w'-]*\b.*)$")
_LATER_TODAY = re.compile(r"\b(?:tonight|this\s+evening|later\s+today|before\s+bed)\b", re.IGNORECASE)
_FROM_NOW = re.compile(r"^(?:(?:and|so|then)\s+)?from\s+(?:now|today|this\s+(?:week|month))\b", re.IGNORECASE)
_PARTICIPLE = {"got": "get", "sent": "send", "done": "do", "paid": "pay", "rung": "ring", "written": "write",
               "told": "tell", "filled in": "fill in", "replied to": "reply to"}


def _turned_round(clause: str, today: date) -> list[tuple[str, str]]:
    """"Going to the NFU meeting on Thursday" -> "go to the NFU meeting on Thursday" (a day to
    come); "the crush needs mending" -> "mend the crush"; "get the passports checked" -> "check
    the passports"; "still haven't sent the form" -> "send the form". ("The accounts have to go to
    Rhian by the 10th" -> "send the accounts to Rhian by the 10th" is read in `_proposals`.)"""
    out: list[tuple[str, str]] = []
    text = clause.strip().rstrip(".!")
    m = _PRESENT_FOR_FUTURE.match(text)
    if m and m.group("verb").lower() in _ACTION_VERBS | _IMPERATIVE_EXTRA:
        due = resolve_due_date(text, today)
        if _FROM_NOW.match(text):
            out.append(("from now on", f"{m.group('verb')}{m.group('rest')}"))  # a habit: a goal
        elif due is not None and due >= today:
            out.append(("present for the future", f"{m.group('verb')}{m.group('rest')}"))
    m = _PLANNED_LOOSE.match(text)
    if m and (verb := _base_verb(m.group("verb").lower())) and verb not in ("go", "do", "get", "make", "look", "try"):
        due = resolve_due_date(text, today)
        if (due is not None and due > today) or _LATER_TODAY.search(text):
            out.append(("planned", f"{verb} {m.group('rest')}"))
    m = _GOING_TO_PLACE.match(text)
    if m and resolve_due_date(text, today) is not None:
        out.append(("going to a place", f"go to {m.group('np')}"))
    m = _NEEDS_DOING.search(text)
    if m and (verb := _verb_of(m.group("ger")[:-3].lower())):
        out.append(("needs doing", f"{verb} {_lower_determiner(m.group('thing').strip())}{m.group('rest')}"))
    m = _GET_IT_DONE.search(text)
    if m and (verb := _base_verb(m.group("pp")[:-2]) or _base_verb(m.group("pp")[:-1]) or _verb_of(m.group("pp")[:-2])):
        out.append(("get it done", f"{verb} {_lower_determiner(m.group('thing').strip())}{m.group('rest')}"))
    m = _NOT_YET.search(text)
    if m:
        pp = " ".join(m.group("pp").lower().split())
        verb = _PARTICIPLE.get(pp) or _base_verb(pp[:-2]) or _base_verb(pp[:-1]) or _base_verb(pp[:-3])
        if verb:
            out.append(("not done yet", f"{verb}{m.group('rest')}"))
    return out


def _lower_determiner(thing: str) -> str:
    return re.sub(r"^(?:The|My|Our|His|Her|Their|All|Those|These)\b", lambda m: m.group(0).lower(), thing)


def _verb_of(stem: str) -> str | None:
    """The plain verb of a gerund's or participle's stem: a known verb, else the stem as it is
    ("mend"), with an "e" after c/v/z ("servic" -> "service")."""
    known = _base_verb(stem)
    if known or len(stem) < 3 or not stem.isalpha():
        return known
    return stem + "e" if stem[-1] in "cvz" else stem


# The learned scorer's proposals: a trigger the rules refused (someone else's "should", a "will"
# after a condition, "wants me to"...), or a clause that opens on an action verb mid-sentence.
_PROPOSAL_TRIGGER = re.compile(
    r"\b(?:must|need(?:s)?\s+to|ha(?:ve|s)\s+to|(?:'ve\s+)?got\s+to|should|ought\s+to|will|'ll|shall|"
    r"(?:'m|am|are|'re|is)\s+going\s+to|gonna|wants?\s+(?:me\s+)?to|plan(?:s|ning)?\s+to|mean\s+to|hope\s+to|"
    r"better|remember\s+to|asked\s+me\s+to|told\s+me\s+to|(?:'d|would)\s+(?:like|love)\s+to)"
    r"\s+(?:(?:really|definitely|just|also|probably|still|then|finally|actually)\s+)?",
    re.IGNORECASE,
)


# Whose trigger: the writer's ("I", "we", or none: "Need to...") when the word right before it
# is one of these or the clause starts there.
_WRITER_BEFORE = re.compile(r"(?:^|\b(?:i|we|i'm|we're|i've|we've|and|so|then|just|really|also|still|"
                            r"definitely|probably)\s*)$", re.IGNORECASE)
