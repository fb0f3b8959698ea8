"""The spec's task type rule (`task_type`) and the project limit (`limit_projects`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from models.constants import MAX_PROJECTS_PER_TYPE
from pipelines.highlights.schema import Highlight, TaskType
from pipelines.highlights.text import split_sentences

# --------------------------------------------------------------------------------------------------
# Task type and the project limit (spec, part 1 section 5)
# --------------------------------------------------------------------------------------------------

# The spec's keywords as whole words with their inflections ("clients", "organizing", "filed"),
# never inside another word ("profile" is not "file", "homework" is not "work"). Two documented
# readings: "maintenance" counts with "maintain", and the phrasal verb "work out" (exercise) is not
# "work"; an interview or a vendor is work ("Prep for the Fernwood interview"). Professional is
# checked first, as the spec lists it first. Administrative also covers dealings with offices and
# paperwork the spec's short list leaves out (council, tax, bank, insurance, permits, forms, bills,
# passport, licence, mortgage, rent, memberships...): "Email the council about permits" is admin,
# not personal; "bank holiday" and "form a habit" are not.
_PROFESSIONAL_RE = re.compile(
    r"\b(?:work(?:s|ed|ing)?(?!\s+out\b)|jobs?|careers?|clients?|professional(?:s|ly)?|"
    # The people and things of a working day the spec's list leaves out (the product tour: a week of
    # "Finish the slides for the review" and "Ask my manager" left the Professional column empty).
    # Not "office", "meeting", "team", "report" or "review": as often a post office, a friend, a
    # football team, a school report or a film.
    r"boss(?:es)?|managers?|colleagues?|co-?workers?|presentations?|slides|slide\s+deck|appraisals?|"
    r"performance\s+reviews?|interviews?|interviewing|vendors?|stand-?ups?|sprints?|linkedin|cv|r[eé]sum[eé]s?|payslips?|"
    r"promotions?(?!\s+codes?\b))\b",
    re.IGNORECASE,
)
_ADMINISTRATIVE_RE = re.compile(
    r"\b(?:admin(?:s|istration|istrative|istrator|istrators)?|paperwork|organi[sz](?:e|es|ed|ing|ation|ations|er|ers)|"
    r"clean(?:s|ed|ing|er|ers|up|ups)?|maintain(?:s|ed|ing)?|maintenance|fil(?:e|es|ed|ing)|appointments?|"
    # Dealings with offices and money's paperwork ("Email the council about permits").
    r"councils?|councillors?|tax(?:es|ed)?|bank(?:s|ing)?(?!\s+holidays?)|insurance|insurer|permits?|permission|"
    r"forms?(?!\s+(?:a|an|new|habits?|friendships?|bonds?|part)\b)|bills?|passports?|visas?|licen[cs]es?|"
    r"mortgages?|pensions?|invoices?|receipts?|registration|renewals?|benefits\s+claim|claim\s+forms?|"
    r"direct\s+debits?|accountant|solicitor|hmrc|dvla|irs|dmv|"
    # A business's books: "Upload the FY25 audited accounts", "Sort the VAT return".
    r"(?:annual|year-end|audited|company|the)\s+accounts|audit(?:s|ed|or|ors)?|vat|payroll|timesheets?|"
    r"expenses\s+claims?|"
    # A household's fixed costs (tour_ai 10: "Pay rent", "Cancel the gym membership"); "rent a car" is no rent.
    r"rent(?!\s+(?:a|an|the|one|some|out|it|them)\b)|memberships?|subscriptions?)\b",
    re.IGNORECASE,
)


# A work task often has no work word of its own ("Finish the migration project", "Send the vendor
# report"): its sentence or its entry says it is work, in words only a working day uses (a boss, a
# client, "at work", the team). Not "work" or "job" alone ("the roof work", "blood work", "that's her
# job"), nor a meeting (a school's, a club's). The entry counts for a task about a thing a working
# day is made of (a project, a report, a deck), and only when it says work twice: it is about work.
_WORK_CONTEXT = re.compile(
    r"\b(?:boss(?:es)?|colleagues?|co-?workers?|clients?|ceo|cto|cfo|line\s+manager|stakeholders?|investors?|"
    r"(?:my|our)\s+(?:manager|job|company|director|team|office)|head\s+office|kick-?off|"
    r"the\s+company|(?:at|for)\s+work|work\s+(?:meeting|project|deadline|emails?|laptop|call|trip|stuff|things?)|"
    r"stand-?ups?|sprints?|appraisals?|performance\s+reviews?|promotion\s+panel|quarterly|okrs?|kpis?)\b",
    re.IGNORECASE,
)
_WORK_THINGS = re.compile(
    r"\b(?:projects?|reports?|reviews?|deck|proposals?|spreadsheets?|figures|agenda|minutes|budgets?|forecasts?|"
    r"pitch|migration|roll-?out|contracts?|handover|specs?|roadmap|onboarding|audit|dashboard|demo|prototype|"
    r"tender|estimates?|design\s+doc)\b",
    re.IGNORECASE,
)


def task_type(text: str, context: str = "") -> TaskType:
    """The spec's keyword rule, with the words of a working day and of offices' paperwork it leaves
    out: professional, else administrative, else personal. `context` (the entry the task comes from)
    makes a task with no such word of its own professional when the entry is about work."""
    if _PROFESSIONAL_RE.search(text):
        return "professional"
    if _ADMINISTRATIVE_RE.search(text):
        return "administrative"
    if context and _about_work(text, context):
        return "professional"
    return "personal"


def _about_work(text: str, context: str) -> bool:
    words = set(_CONTENT.findall(text.lower())) - _COMMON
    sentences = split_sentences(context)
    best = max(sentences, key=lambda s: len(words & set(_CONTENT.findall(s.lower()))), default="")
    if words & set(_CONTENT.findall(best.lower())) and _WORK_CONTEXT.search(best):
        return True
    said = [m.group(0) for m in _PROFESSIONAL_RE.finditer(context) if not m.group(0).lower().startswith(("work", "job"))]
    return bool(_WORK_THINGS.search(text)) and len(_WORK_CONTEXT.findall(context)) + len(said) >= 2


_CONTENT = re.compile(r"[a-z][a-z'-]+")
_COMMON = frozenset(["the", "a", "an", "and", "or", "to", "of", "for", "with", "on", "in", "at", "by", "my", "your", "our", "it", "them", "him", "her", "this", "that", "be", "do", "get", "go", "make", "take", "send", "finish", "start"])


def limit_projects(highlights: Iterable[Highlight], per_type: int = MAX_PROJECTS_PER_TYPE) -> list[Highlight]:
    """Keep the first `per_type` projects of each type (by `task_type` of the name); others untouched."""
    counts: dict[str, int] = {}
    kept: list[Highlight] = []
    for highlight in highlights:
        if highlight.type == "project":
            kind = task_type(highlight.reformulation)
            if counts.get(kind, 0) >= per_type:
                continue
            counts[kind] = counts.get(kind, 0) + 1
        kept.append(highlight)
    return kept
