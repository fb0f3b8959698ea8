"""A task's due date from the sentences around it: "Release is on Thursday. Update the runbook
before then.", "I'll do it this weekend", a task said right after a dated event."""

from __future__ import annotations

import dataclasses
import re
from datetime import date

import msgspec

from pipelines.highlights.dates import resolve_due_date
from pipelines.highlights.schema import Highlight
from pipelines.highlights.text import _Unit

_THEN = re.compile(r"\b(?:before|by|until)\s+then\b", re.IGNORECASE)
_NOT_IN_A_NAME = r"(?!(?:without|with|for|on|at|by|in|to|from|of|about|and|or|but|is|was|are|were)\b)"
_THING = re.compile(rf"\b(?:the|my|our)\s+((?:{_NOT_IN_A_NAME}[a-z]+\s+){{0,2}}?{_NOT_IN_A_NAME}[a-z]+)"
                    r"(?=\s*(?:[.,;!]|$)|\s+(?:and|is|was|are|were|has|had|for|on|at|by|needs?|keeps?|won't|isn't|"
                    r"wasn't|expires?|broke|died|came|went|got|[a-z]+ed|making|playing)\b|'s\b)", re.IGNORECASE)
# "The library book is overdue. I'll return it tomorrow.": "it" after an errand's verb is the last
# thing named, read before the clause is analysed (so "return it" has an object). "do/sort/finish it"
# date the task before them instead ("I'll do it this weekend").
_VERB_IT = re.compile(r"\b(?P<verb>[a-z]+)\s+it\b(?!')", re.IGNORECASE)


def _name_it(unit: _Unit, before: str, verbs: frozenset[str]) -> _Unit:
    unit = _name_the_object(unit, before)
    m = _VERB_IT.search(unit.text)
    if m is None or m.group("verb").lower() not in verbs or m.group("verb").lower() in ("do", "sort", "finish", "try",
                                                                                        "tackle", "start"):
        return unit
    # the thing may be named earlier in the same sentence ("the car is due for its service and that I
    # should take it to the workshop", round 10)
    things = _THING.findall(f"{before} {unit.text[: m.start()]}")
    if not things:
        return unit
    text = f"{unit.text[: m.start()]}{m.group('verb')} the {things[-1].strip()}{unit.text[m.end():]}"
    return dataclasses.replace(unit, text=text)


# "he needs scientific calculator for maths and I must buy before Friday" (tour_ds 10): an errand's verb
# with nothing after it but when, and the thing needed named earlier in the same sentence.
_BARE_ERRAND = re.compile(
    r"\b(?:must|need\s+to|have\s+to|got\s+to|gotta|should|will|'ll)\s+(?P<verb>buy|get|order|bring|book|find|"
    r"collect|send|return|renew|print|pay|sign)(?=\s*(?:[,.;!]|$)|\s+(?:before|by|on|this|next|today|tomorrow|"
    r"tonight|asap|soon|first)\b)", re.IGNORECASE)
_NEEDED = re.compile(r"\b(?:needs?|wants?|asked\s+for|asks\s+for)\s+(?P<thing>(?:a|an|the|some|new|his|her|their|my)?\s*"
                     r"(?:[a-z-]+\s+){0,3}?[a-z-]+)(?=\s+(?:for|and|but|so|by|before|from|at|in|to|this|next)\b|\s*[,.;!]|\s*$)",
                     re.IGNORECASE)


def _name_the_object(unit: _Unit, before: str) -> _Unit:
    """"...needs scientific calculator for maths and I must buy before Friday": "must buy scientific
    calculator before Friday". Only from the same sentence: an object further back is a guess."""
    m = _BARE_ERRAND.search(unit.text)
    if m is None:
        return unit
    sentence = re.split(r"[.!?]\s+", f"{before} {unit.text[: m.start()]}".strip())[-1]
    needed = list(_NEEDED.finditer(sentence))
    if not needed:
        return unit
    text = f"{unit.text[: m.end()]} {needed[-1].group('thing')}{unit.text[m.end():]}"
    return dataclasses.replace(unit, text=text)


_PLURAL_THING = re.compile(
    rf"\b(?:the|my|our|his|her|their|those|these)\s+((?:{_NOT_IN_A_NAME}[a-z-]+\s+){{0,3}}?[a-z-]+(?<!s)s\b(?!')"
    r"(?:\s+of\s+(?:[a-z-]+\s+){0,2}?[a-z-]+(?<!s)s\b(?!'))?)", re.IGNORECASE)

# The offices and firms "them" stands for after a verb of getting in touch.
_GET_IN_TOUCH = frozenset(["call", "ring", "phone", "email", "e-mail", "text", "message", "contact", "chase", "ask",
                           "tell", "pay", "remind", "answer"])
_BODY = re.compile(r"\bthe\s+((?:[a-z]+\s+)?(?:council|bank|school|surgery|insurers?|insurance\s+company|"
                   r"company|office|agency|garage|nursery|hospital|clinic|airline|builders|landlords|"
                   r"letting\s+agents?|solicitors?|accountants?|dentists?|vets?|gp|university|college))\b",
                   re.IGNORECASE)


def _due_from_before(highlight: Highlight, unit: _Unit, before: str, today: date) -> Highlight:
    """"Release is on Thursday. Need to update the runbook before then.": due Thursday. And "it"
    right after the verb is the last thing named ("I'm in charge of the poster. Need to print it")."""
    if highlight.type != "task":
        return highlight
    metadata = highlight.metadata
    text = highlight.reformulation
    if metadata.due_date is None and _THEN.search(unit.text):
        for sentence in reversed(re.split(r"(?<=[.!?;])\s+", before.strip())):
            due = resolve_due_date(sentence, today)
            if due is not None:
                metadata = msgspec.structs.replace(metadata, due_date=due.isoformat(),
                                                   timeframe="today" if due <= today else "week")
                break
    words = text.split()
    if len(words) >= 2 and words[1].lower() == "it":
        things = _THING.findall(before)
        if things:
            text = " ".join([words[0], f"the {things[-1].strip()}", *words[2:]])
    elif len(words) >= 2 and words[1].lower() == "them":
        # "asked for three years of pension statements. Should dig them out": the last things named
        said = [s for s in re.split(r"(?<=[.!?])\s+", before.strip()) if s]
        things = _PLURAL_THING.findall(said[-1] if said else "")
        if not things and words[0].lower() in _GET_IN_TOUCH:
            # "a letter from the council about the tax bill. Need to call them": the body named
            things = _BODY.findall(said[-1] if said else "")
        if things:
            text = " ".join([words[0], f"the {things[-1].strip()}", *words[2:]])
    if metadata is highlight.metadata and text == highlight.reformulation:
        return highlight
    return msgspec.structs.replace(highlight, reformulation=text, metadata=metadata)


def _go_somewhere(highlight: Highlight, before: str) -> Highlight:
    """"Skipped the gym again. I keep promising myself I'll go three times a week": a "go" with
    nowhere to go goes to the place the sentence before named ("Go to the gym three times a week")."""
    words = highlight.reformulation.split()
    if len(words) < 2 or words[0] != "Go" or _GOES_SOMEWHERE.match(words[1]):
        return highlight
    said = [s for s in re.split(r"(?<=[.!?])\s+", before.strip()) if s]
    places = _PLACE.findall(said[-1] if said else "")
    if not places:
        return highlight
    text = " ".join([words[0], f"to the {places[-1].lower()}", *words[1:]])
    return msgspec.structs.replace(highlight, reformulation=text)


# A "go" with somewhere to go already; and the places a bare "go" goes back to.
_GOES_SOMEWHERE = re.compile(r"(?:to|out|home|back|for|on|with|into|over|through|up|down|and|in|there|here|"
                             r"abroad|away|ahead|along|round|around|via|by|[a-z]+ing)$", re.IGNORECASE)
_PLACE = re.compile(r"\bthe\s+(gym|pool|library|park|church|mosque|temple|gurdwara|clinic|physio|allotment|"
                    r"choir|class|club|market|surgery|dentist|doctor's|office|studio|track|dojo)\b", re.IGNORECASE)


_DO_IT = re.compile(
    r"^(?:(?:i|we)(?:'ll|\s+will|'m\s+going\s+to|\s+am\s+going\s+to|\s+can)\s+|(?:will|going\s+to|gonna)\s+)?"
    r"(?:do|sort|finish|tackle|start|get\s+on\s+with)\s+(?:it|that|this|them)\b",
    re.IGNORECASE,
)
_FIRST_PERSON_OR_PAST = re.compile(
    r"\b(?:i|i'm|i've|i'd|i'll|we|we're|we've|we'll|was|were|went|had|did|yesterday|last|ago|since)\b", re.IGNORECASE
)


def _set_due(highlight: Highlight, due: date, today: date) -> Highlight:
    metadata = msgspec.structs.replace(highlight.metadata, due_date=due.isoformat(),
                                       timeframe="today" if due <= today else "week")
    return msgspec.structs.replace(highlight, metadata=metadata)


def _date_last_task(found: list[tuple[Highlight, str | None]], text: str, today: date
                    ) -> list[tuple[Highlight, str | None]]:
    """"I'll do it this weekend" gives its date to the last task said, when that one has none."""
    due = resolve_due_date(text, today)
    if due is None or not found or found[-1][0].type != "task" or found[-1][0].metadata.due_date:
        return found
    return [*found[:-1], (_set_due(found[-1][0], due, today), found[-1][1])]


def _is_event(text: str, today: date) -> bool:
    """A statement of something coming on a day, not by the writer and not past: "Promotion panel
    on the 20th.", "Consultant appointment is on the 23rd."."""
    return (resolve_due_date(text, today) is not None and not _FIRST_PERSON_OR_PAST.search(text)
            and not _OPENS_PAST.match(text))


# "Started one tonight.", "Rang them on Monday.": a report, not an event to come.
_OPENS_PAST = re.compile(r"^\s*(?:[a-z]+ed|went|got|had|did|made|took|sent|rang|bought|saw|met|came|began|wrote|left|"
                         r"told|said|found|felt|put|ran|sat|spent|paid|gave|brought|kept|slept|forgot)\b", re.IGNORECASE)


def _due_from_event(highlight: Highlight, unit: _Unit, event: str, today: date) -> Highlight:
    """A task said right after a dated event, without a day of its own, is due on the event's day
    ("Consultant appointment is on the 23rd. Remember to take the list of my tablets.")."""
    if highlight.type != "task" or highlight.metadata.due_date or not event or unit.list_kind is not None:
        return highlight
    due = resolve_due_date(event, today)
    return highlight if due is None else _set_due(highlight, due, today)


def _accept_advice(found: list[tuple[Highlight, str | None]], origins: list[tuple[str, str, str]],
                   in_unit_before: list[bool], text: str, today: date) -> None:
    """"Gemma says to write down the house rules. I'll do that after Mass.": the advice of the
    sentence before, which the rules did not take as the writer's, is accepted (a rule's now)."""
    if any(here and source == "rule" for here, (_, source, _) in zip(in_unit_before, origins, strict=True)):
        return
    for i, (here, (clause, source, trigger)) in enumerate(zip(in_unit_before, origins, strict=True)):
        if here and (source == "proposal" or (source == "generated" and trigger.endswith("+advice"))):
            origins[i] = (clause, "rule", trigger)
            return


def _soon(due: date | None, today: date) -> bool:
    """A day within about six weeks makes "I want to scan the old albums before the 14th of February"
    a task with that day; a date further off is the horizon of a goal."""
    return due is not None and (due - today).days <= 45
