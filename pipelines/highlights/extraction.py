"""Extraction: the tasks, projects and goals one entry states (`extract_highlights`). The people
pronouns refer to are in `people`, due dates from the sentences around a task in `due`, the ways a
task is stated besides a trigger ("the money is due by the 17th", "Minutes to be typed up by
Monday") in `statements`, the pieces of work the entry names ("the loft conversion") in
`projects`, and the spec's task type rule and project limit in `types`."""

from __future__ import annotations

import re
from datetime import date

import msgspec

from pipelines.highlights.dates import resolve_due_date, without_due_words
from pipelines.highlights.due import (
    _DO_IT,
    _THEN,
    _accept_advice,
    _date_last_task,
    _due_from_before,
    _due_from_event,
    _go_somewhere,
    _is_event,
    _name_it,
    _soon,
)
from pipelines.highlights.generator import default_generator
from pipelines.highlights.generator import generate as _generate
from pipelines.highlights.notes import (
    _habit_goal,
    _need_from,
    _needs_new,
    _present_plan,
    _rule_for_life,
    _runs_out,
    _thing_then_verb,
)
from pipelines.highlights.people import _resolve_pronouns
from pipelines.highlights.projects import named_projects
from pipelines.highlights.schema import (
    Highlight,
    HighlightMetadata,
    HighlightType,
)
from pipelines.highlights.statements import (
    _AND_GERUND,
    _IMPERATIVE_EXTRA,
    _PLANNED_VERBS,
    _and_gerund,
    _appointment,
    _base_verb,
    _Candidate,
    _deadline_on_thing,
    _debt,
    _done_later,
    _due_statement,
    _first_word,
    _fronted_day,
    _going_to_a_place,
    _imperative,
    _next_project,
    _planned,
    _request,
    _split_actions,
)
from pipelines.highlights.text import _HABIT, _HABIT_ITEM, _segment, _Unit, extraction_text
from pipelines.highlights.turns import _PROPOSAL_TRIGGER, _THING_HAS_TO_GO, _WRITER_BEFORE, _turned_round
from pipelines.highlights.vocabulary import (
    _ACTION_VERBS,
    _BE_GOAL,
    _COMMUNICATION_VERBS,
    _CUT,
    _GOAL_CONTENT_RE,
    _GOAL_GERUNDS,
    _GOAL_RE,
    _HAVE_PERFECT,
    _LEADING_FILLER,
    _LOW_RE,
    _MODAL_RE,
    _MONTH_RE,
    _NAMED_PROJECT_RE,
    _NEAR_TERM_RE,
    _NOT_ACTION_HEADS,
    _NOT_VERB_HEADS,
    _PAST_ITEM,
    _PERSON_PRONOUNS,
    _PROJECT_NOUNS,
    _PROJECT_RE,
    _PROJECT_VERBS_STRONG,
    _PROJECT_VERBS_WEAK,
    _QUARTER_RE,
    _REMINDER_RE,
    _SINGLE_WORD_OK,
    _STARTED_NOUN_RE,
    _SUBORDINATE_BEFORE,
    _TRAILING_FILLER,
    _TRAILING_JUNK,
    _TURN_OF_PHRASE,
    _VAGUE_WORDS,
    _WORD,
    _refused,
)
from pipelines.highlights.wording import (
    _base_form_first,
    _deduplicate,
    _drop_verb,
    _finish,
    _goal_timeframe,
    _head_noun,
    _link_projects,
    _priority,
    _project_name,
    _reformulate,
    _task_timeframe,
)


def extract_highlights(text: str, *, today: date | None = None, scorer: object = "default",
                       generator: object = "default") -> list[Highlight]:
    """The tasks, projects and goals the writer states in one entry, in the order written.

    `today` (default: the current date) resolves a named weekday: "by Friday" written on a Friday is
    due today. Deduplicated within the entry (the first wording is kept, with the higher priority).
    Projects are not limited here; see `limit_projects`.

    `scorer`: the learned clause scorer (`pipelines.highlights.learned`) that filters the rules'
    candidates and adds the clauses they missed; "default" loads the shipped one
    (pipelines/data/highlight_model.json), None gives the rules alone. `generator`: the trigger-free
    candidate generator (`pipelines.highlights.generator`), used with a scorer only.
    """
    if not text or not text.strip():
        return []
    today = today or date.today()
    if scorer == "default":
        from pipelines.highlights.learned import default_scorer

        scorer = default_scorer()
    if generator == "default":
        generator = default_generator()
    written, found = extract_candidates(text, today, generate=scorer is not None and generator is not None)
    return finish_highlights(written, select_candidates(found, scorer, generator))


def select_candidates(found: list[Candidate], scorer: object, generator: object = None) -> list[Candidate]:
    """The rules' candidates the scorer keeps, the proposals it accepts and the generated ones the
    generator adds; without a scorer, the rules' candidates."""
    if scorer is None:
        return [c for c in found if c.source == "rule"]
    chosen = [c for c in found if c.source in ("rule", "proposal") and scorer.accepts(c)]  # type: ignore[attr-defined]
    return chosen if generator is None else generator.add(found, chosen)  # type: ignore[attr-defined]


def finish_highlights(written: str, found: list[Candidate]) -> list[Highlight]:
    """Named projects added, duplicates merged, tasks linked to the entry's projects."""
    pairs = [(c.highlight, c.head) for c in found]
    pairs.extend(named_projects(written, pairs))
    return _link_projects(_deduplicate(pairs))


class Candidate(msgspec.Struct, frozen=True):
    """A highlight found in one clause, before the learned scorer decides: `source` is "rule"
    (the rules found it) or "proposal" (a trigger the rules refused, or a verb-first clause);
    `trigger` the words that made the proposal. A "shadow" is the proposal of a clause the rules
    already found something in: never shown, it only teaches the scorer (training). "generated"
    (and "gshadow", training only): the clause's own words (`generator`), `trigger` their form."""

    highlight: Highlight
    head: str | None
    clause: str
    source: str = "rule"
    trigger: str = ""
    list_item: bool = False
    sentence_start: bool = False


def extract_candidates(text: str, today: date, *, shadows: bool = False,
                       generate: bool = False) -> tuple[str, list[Candidate]]:
    """Every candidate of the entry, the rules' and the proposals, in the order written, each with
    its clause: the input of the learned scorer, and of its training (`shadows`: the proposals of
    clauses the rules found something in too, which only training reads)."""
    found: list[tuple[Highlight, str | None]] = []  # with each project's head noun
    origins: list[tuple[str, str, str]] = []  # (clause, source, trigger) of each
    units: list[_Unit] = []
    seen = ""  # the text before the current unit: where "her" in "ring her back" is named
    event = ""  # the unit before, when it stated a dated event and no intention ("Panel on the 20th.")
    written = extraction_text(text)
    cursor = 0
    before: _Unit | None = None  # the unit before the current one
    for unit in _segment(text):
        # What was written before the unit, as written ("Sam and I argued" stays one phrase, where
        # the clauses split it); the units joined when it cannot be found.
        at = written.find(unit.text, cursor)
        if at >= 0:
            seen, cursor = written[:at], at + len(unit.text)
        named = _name_it(unit, seen, _ACTION_VERBS | _IMPERATIVE_EXTRA)
        results = _analyse_unit(named, today)
        if not results and not unit.question and _DO_IT.search(unit.text):
            # "She says I should write a letter. I'll do it this weekend.": the date is the letter's.
            _accept_advice(found, origins, [u is before for u in units], unit.text, today)
            rules = [i for i, (_, source_, _) in enumerate(origins) if source_ == "rule"]
            dated = _date_last_task([found[i] for i in rules], unit.text, today)
            for i, pair in zip(rules, dated, strict=True):
                found[i] = pair
        proposed, trigger = _proposals(named, today) if shadows or not results else ([], "")
        tagged = [(h, "rule", "") for h in results] + [(h, "proposal" if not results else "shadow", trigger)
                                                        for h in proposed]
        if generate and (shadows or not results):  # the generator's; "gshadow": training only
            source = "generated" if not results else "gshadow"
            tagged += [(h, source, form) for h, form in _generate(named, today, _build, _is_action)]
        for (highlight, head), source, trigger in tagged:
            if at >= 0 and (_done_later(highlight, written[cursor:]) or _refused(unit.text, written[cursor:])):
                continue  # "Sofia says I should enter the 10k. Done, entered it already."; "..., but I won't"
            highlight = _due_from_before(_go_somewhere(_resolve_pronouns(highlight, seen, unit.text), seen), unit,
                                         seen, today)
            highlight = _due_from_event(highlight, unit, event, today)
            found.append((highlight, head))
            origins.append((unit.text, source, trigger))
            units.append(unit)
        before = unit
        went = all(h.reformulation.startswith("Go to ") for h, _ in results)  # "Dentist Thurs 3pm"
        event = unit.text if went and unit.list_kind is None and _is_event(unit.text, today) else ""
        if at < 0:
            seen += " " + unit.context + " " + unit.text + "."
    return written, [
        Candidate(_without_due_words(h), head, clause, source, trigger, unit.list_kind is not None,
                  unit.sentence_start)
        for (h, head), (clause, source, trigger), unit in zip(found, origins, units, strict=True)
    ]


def _proposals(unit: _Unit, today: date) -> tuple[list[tuple[Highlight, str | None]], str]:
    if unit.question or unit.text.strip().startswith('"') or _CONDITION.match(unit.text):
        return [], ""  # a question, someone's words, or only if: "If the car fails its MOT I'll have to..."
    clause = unit.text.strip()
    m = _THING_HAS_TO_GO.match(clause.rstrip(".!"))
    if m and m.group("thing").split()[0].lower() not in ("i", "we", "you", "he", "she", "they", "it", "this", "that"):
        thing = m.group("thing")
        thing = (thing[:1].lower() + thing[1:] if re.match(r"(?:the|my|our)\b", thing, re.IGNORECASE)
                 else f"the {thing[:1].lower()}{thing[1:]}")  # "The car needs to go in": "Send the car in"
        built = _build(_Candidate("task", f"send {thing} {m.group('rest')}", 0), clause, unit, today)
        if built is not None:
            return [built], "has to go"
    for m in _PROPOSAL_TRIGGER.finditer(clause):
        rest = clause[m.end():]
        trigger = " ".join(m.group(0).lower().split())
        if re.match(r"(?:not|never|n't|have\s+to|need\s+to|got\s+to|be)\b", rest, re.IGNORECASE):
            continue  # negated, or the rules already read the trigger inside ("I'll just have to wait and see")
        if not re.search(r"\bme\s+to\b", trigger) and not _WRITER_BEFORE.search(clause[:m.start()]):
            continue  # someone else's plan: "Mark is going to repaint the shed", "She'll pick the kids up"
        lean = bool(re.match(r"(?:want|hope|'d|would)", trigger))
        candidate = _Candidate("task", rest, m.start(), lean_goal=lean)
        if _is_action(candidate):
            built = _build(candidate, clause, unit, today)
            if built is not None:
                return [built], trigger
    if not unit.sentence_start and unit.list_kind is None and _imperative(clause):
        built = _build(_Candidate("task", clause, 0), clause, unit, today)
        if built is not None:
            return [built], "verb first"
    for name, action in _turned_round(clause, today):
        candidate = _Candidate("task", action, 0, lean_goal=name == "from now on")
        if _is_action(candidate):
            built = _build(candidate, clause, unit, today)
            if built is not None:
                return [built], name
    return [], ""


def _without_due_words(highlight: Highlight) -> Highlight:
    """A task whose due date holds the day drops the writer's words for it: a stored "tomorrow" is
    wrong the next day, and the due badge shows the date. A note written as "<thing> to <verb>"
    ("Quote to send by Wednesday") is turned round into an action ("Send the quote")."""
    if highlight.type != "task":
        return highlight
    text = highlight.reformulation
    if highlight.metadata.due_date:
        text = _finish(without_due_words(text))
    elif highlight.metadata.timeframe == "week":
        text = _finish(_THIS_WEEK.sub("", text)) or text  # the timeframe says it
    m = _THING_TO_DO.match(text)
    if (m and m.group("verb").lower() in (_ACTION_VERBS | _IMPERATIVE_EXTRA) and not _NOT_A_THING.match(text)
            and _first_word(text) not in _ACTION_VERBS):
        thing = m.group("thing")
        if not re.match(r"[\w-]+'s?\b", thing):  # "Quote to send": a noun capitalised as the note's first word
            thing = thing[:1].lower() + thing[1:]
        thing = thing if re.match(r"(?:the|my|your|our|a|an)\b", thing, re.IGNORECASE) else f"the {thing}"
        text = _finish(f"{m.group('verb')} {thing}")
    return highlight if text == highlight.reformulation or not text else msgspec.structs.replace(
        highlight, reformulation=text)


_THIS_WEEK = re.compile(r"\s*,?\s*\b(?:(?:some\s*time|later|by\s+the\s+end\s+of)\s+)?this\s+week\b", re.IGNORECASE)
_THING_TO_DO = re.compile(r"^(?P<thing>(?:[\w'-]+\s+){0,2}?[\w'-]+)\s+to\s+(?P<verb>[a-z]+)$", re.IGNORECASE)
_NOT_A_THING = re.compile(r"^(?:go|get|try|want|need|have|remember|learn|start|begin|listen|talk|come|move|continue|"
                          r"keep|decide|plan|agree|hope|forget|stop|used|going|got|reply|write|say|speak|"
                          r"i|you|we|he|she|they|it)\b", re.IGNORECASE)


def _analyse_unit(unit: _Unit, today: date) -> list[tuple[Highlight, str | None]]:
    if unit.question:
        # A question is deliberation, not commitment ("Should I quit?"): never a highlight.
        return []
    clause = unit.text.strip()
    if clause.startswith('"'):
        return []  # someone's words quoted: 'Bev had put a note in. "Drive careful, old man."'
    clause = _thing_then_verb(clause) or clause

    candidate = _find_candidate(clause)
    if candidate is None:
        if unit.list_kind is not None:
            if not unit.verbs_only or _first_word(clause) in _ACTION_VERBS:
                candidate = _list_item_candidate(clause, unit.list_kind)
        elif (unit.bullet or unit.sentence_start) and _imperative(clause, unit.bullet):
            # "Chase the July invoice on Monday. Order hinges.": a note to self.
            candidate = _Candidate("task", clause, 0)
        else:
            candidate = (_due_statement(clause, today) or _next_project(clause) or _planned(clause, today)
                         or _fronted_day(clause, today) or _deadline_on_thing(clause, today) or _debt(clause)
                         or _request(clause, today) or _appointment(clause, today) or _needs_new(clause)
                         or _habit_goal(clause) or _present_plan(clause, today) or _runs_out(clause, today) or _need_from(clause))
            if candidate is not None and not _is_action(candidate):
                candidate = None
    if candidate is None:
        return []
    built = []
    # "need to buy a desk lamp and register with the GP": one task per action.
    splittable = candidate.kind == "task" and not candidate.lean_goal
    for part in _split_actions(candidate.action) if splittable else [candidate.action]:
        one = _Candidate(candidate.kind, part, candidate.start, candidate.lean_goal, candidate.name)
        if len(built) and not _is_action(one):
            continue
        result = _build(one, part if len(built) else clause, unit, today)
        if result is not None:
            built.append(result)
    return built


# "Phone test: quick note from the bus.": a label before a colon.
_LABEL = re.compile(r"^[A-Za-z]+\s+(?!(?:school|work|council|bank|gp|surgery|dentist|vet|nursery|home|mum|dad|"
                    r"grandma|grandad|nan)\b)[a-z]+\s*:\s+\S")


# A list item that says what someone else does or is: "Ravi's doing the music", "Bernie is treasurer".
_SOMEONE_ELSES_ITEM = re.compile(
    r"^(?:[A-Z][\w-]+|he|she|they|it)(?:'s|\u2019s)?\s+(?:is|was|will|has|had|have|did|does|can|could|would|should|"
    r"won't|isn't|doing|going|says|said|wants|reckons)\b"
)


def _list_item_candidate(item: str, kind: HighlightType) -> _Candidate | None:
    if _PAST_ITEM.match(item) or re.match(r"^(?:no|not|don't|didn't)\b", item, re.IGNORECASE):
        return None
    if kind == "task" and _SOMEONE_ELSES_ITEM.match(item.strip()):
        return None
    return _Candidate(kind, item, 0, name=(kind == "project" and _first_word(item) not in _ACTION_VERBS))


def _find_candidate(clause: str) -> _Candidate | None:
    candidates: list[_Candidate] = []
    for m in _GOAL_RE.finditer(clause):
        candidates.append(_Candidate("goal", clause[m.end() :], m.start(), lean_goal=True))
    for m in _REMINDER_RE.finditer(clause):
        candidates.append(_Candidate("task", clause[m.end() :], m.start()))
    for m in _MODAL_RE.finditer(clause):
        lean = bool(m.group("goal") or m.group("bare_goal"))
        rest = clause[m.end() :]
        if _going_to_a_place(m.group(0), rest):
            # "Going to Big Mike's leaving drink Friday": a place or an event, not a verb; "... and asking
            # about the hardship fund, and emailing the landlord": more of the plan, one task each
            rest = f"go to {_AND_GERUND.sub(_and_gerund, rest)}"
        if re.search(r"(?:will|'ll|shall)\s*$", m.group(0), re.IGNORECASE):
            rest = _WILL_BE_DOING.sub(_plain_verb, rest, count=1)  # "I'll be ringing the council on Monday"
        candidates.append(_Candidate("task", rest, m.start(), lean_goal=lean))
    for m in _PROJECT_RE.finditer(clause):
        candidates.extend(_project_candidate(clause, m))
    for m in _STARTED_NOUN_RE.finditer(clause):
        rest = clause[m.end() :]
        if _PROJECT_NOUNS.search(" ".join(rest.split()[:6])):
            candidates.append(_Candidate("project", rest, m.start(), name=True))
    for m in _NAMED_PROJECT_RE.finditer(clause):
        candidates.append(_Candidate("project", clause[m.end() :], m.start(), name=True))

    quoted = [m.span() for m in re.finditer(r'"[^"]*"', clause)]
    for candidate in sorted(candidates, key=lambda c: c.start):
        if any(a < candidate.start < b for a, b in quoted):
            continue  # a song, a sign or someone's words: 'sang "We'll Meet Again"'
        before = clause[: candidate.start]
        if _SUBORDINATE_BEFORE.search(before) and not (
            _ADVICE_BEFORE.search(before) and not re.match(r"we\b", clause[candidate.start :], re.IGNORECASE)
        ):
            continue  # advice is kept when it is to the writer: "says I should", not "says we should"
        if _CONDITION.match(before) and not _LOW_RE.search(before):
            continue  # "If the car fails its MOT I'll have to borrow Mark's": only if; "if I have time" is a hedge
        if _is_action(candidate):
            return candidate
    return None


# The future said in the progressive: "I'll be ringing the council on Monday", "We'll be having a
# word with the principal". An errand's verb only: "I'll be working late" is no task, "I should be
# thanking her" a feeling, "I shall be having a word" no one to have it with.
_WILL_BE_DOING = re.compile(r"^be\s+(?:(?P<word>having\s+a\s+word\s+with)|(?P<stem>[a-z]+)ing)\b", re.IGNORECASE)


def _plain_verb(m: re.Match[str]) -> str:
    if m["word"]:
        return "have a word with"
    base = _base_verb(m["stem"])
    return base if base in _PLANNED_VERBS else m.group(0)


# A clause that opens on a condition: what follows is hypothetical.
_CONDITION = re.compile(r"^\s*(?:if|unless|in\s+case|even\s+if|assuming|supposing|should\s+(?:it|they|he|she))\b",
                        re.IGNORECASE)


# Advice to the writer is kept: "my coach says I should stretch every morning".
_ADVICE_BEFORE = re.compile(
    r"\b(?:says|said|thinks|suggested|suggests|reckons|recommends|recommended|told\s+me)(?:\s+that)?\s*,?\s*$",
    re.IGNORECASE,
)


_NOT_A_PROJECT = re.compile(
    r"^(?:(?:a|an|the|some|my|our)\s+)?(?:plan|plans|idea|ideas|things?|stuff|it|that|this|myself|ourselves|"
    r"something|strategy|way|list|answer|solution)\b",
    re.IGNORECASE,
)
_ACTIVITY_SPAN = re.compile(r"\b(?:all\s+(?:day|week|morning|afternoon|evening|weekend)|today|this\s+(?:morning|"
                            r"afternoon|evening))\s*[.!]?$", re.IGNORECASE)


def _project_candidate(clause: str, m: re.Match[str]) -> list[_Candidate]:
    verb = " ".join(m.group("verb").lower().split())
    rest = clause[m.end() :]
    if verb.startswith("making progress"):
        verb = "working on"
    if verb == "working on":
        if _NOT_A_PROJECT.match(rest) or (m.start() == 0 and _ACTIVITY_SPAN.search(rest)):
            # "We're working on a plan for bad evenings"; "Working on the Redland wardrobes all week"
            # (what the day was, not a project declared).
            return []
        if re.match(r"^(?:being|getting|becoming|\w+ing)\b", rest, re.IGNORECASE) or re.match(
            r"^(?:my|our)\s+(?:mental\s+health|health|confidence|patience|self[- ]esteem|anxiety|temper|mindset|"
            r"habits?|fitness|sleep|posture|communication|boundaries|relationships?|marriage|attitude|diet)\b",
            rest,
            re.IGNORECASE,
        ):
            plain = {"being": "be", "getting": "get", "becoming": "become"}
            first, _, remainder = rest.partition(" ")
            action = f"{plain[first.lower()]} {remainder}" if first.lower() in plain else f"work on {rest}"
            return [_Candidate("goal", action, m.start(), lean_goal=True)]
        return [_Candidate("project", rest, m.start(), name=True)]
    if verb in _GOAL_GERUNDS:
        return [_Candidate("goal", f"{_GOAL_GERUNDS[verb]} {rest}", m.start(), lean_goal=True)]
    base = _PROJECT_VERBS_STRONG.get(verb)
    if re.match(r"(?:(?:from|till|until|til|all|at|since|for|through|into|again|away|now|late|non-?stop)\b|\d)", rest,
                re.IGNORECASE):
        return []  # "Sewing from 10pm when it came back": the hours worked, no thing made (round 10)
    if base is None:
        base = _PROJECT_VERBS_WEAK[verb]
        if not _PROJECT_NOUNS.search(" ".join(rest.split()[:8])):
            return []
    elif re.match(
        r"^(?:up\s+)?(?:muscle|strength|confidence|habits?|resilience|trust|a\s+habit)\b", rest, re.IGNORECASE
    ):
        return [_Candidate("goal", f"{base} {rest}", m.start(), lean_goal=True)]
    return [_Candidate("project", f"{base} {rest}", m.start())]


# Verbs that make no task with only a place or a pronoun after them: "Leave it", "Stay here",
# "Sleep on the sofa bed", "Try before school".
_NEEDS_OBJECT = frozenset("leave stay sit stand keep wait come let sleep try go get head".split())
_PLACE_WORDS = frozenset("here there home away put still quiet calm inside outside in out back bed sofa couch school "
                         "work before after early late for hours days ages forever".split())

_DEFERRED = re.compile(r"\b(?:another|some\s+other)\s+(?:day|time)\b|\bone\s+of\s+these\s+days\b", re.IGNORECASE)
_TIME_WORD = re.compile(
    r"today|tonight|tomorrow|now|soon|later|asap|morning|evening|afternoon|week|weekend|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|next|this|again|first|thing",
    re.IGNORECASE,
)


def _is_action(candidate: _Candidate) -> bool:
    action = _TRAILING_FILLER.sub("", _TRAILING_JUNK.sub("", _LEADING_FILLER.sub("", _cut(candidate.action).strip())))
    words = [w.lower() for w in _WORD.findall(without_due_words(action))]  # "come back in two weeks": no object
    if not words:
        return False
    if candidate.name:
        return any(w not in _VAGUE_WORDS for w in words)
    head, rest = words[0], words[1:]
    if _DEFERRED.search(action):
        return False  # "We'll finish the wardrobe another day": put off, no commitment
    if _TURN_OF_PHRASE.match(action):
        return False  # "I'll have to get used to it", "I'll give it a go": how one copes, not an errand
    if rest and rest[0] in ("something", "anything", "everything", "somewhere") and len(rest) <= 2:
        return False  # "join something regular": no real object
    if rest[:1] == ["me"]:
        return False  # "Ask me when I'm not dead", "Call me back": someone else's to do for the writer
    if head == "let" and rest[:2] in (["you", "know"], ["it", "go"], ["it", "be"]):
        return False  # "I'll let you know": a turn of phrase
    if head == "be":
        return bool(_BE_GOAL.match(action))
    if head in _NOT_ACTION_HEADS or head in _NOT_VERB_HEADS:
        return False
    if head == "have" and _HAVE_PERFECT.match(action):
        return False
    content = [w for w in rest if w not in _VAGUE_WORDS and not _TIME_WORD.fullmatch(w)]
    if head in _NEEDS_OBJECT:
        content = [w for w in content if w not in _PLACE_WORDS]
    if content:
        return True
    if head in _COMMUNICATION_VERBS and any(w in _PERSON_PRONOUNS for w in rest):
        return True
    return not rest and head in _SINGLE_WORD_OK


def _cut(action: str) -> str:
    m = _CUT.search(action)
    return action[: m.start()] if m else action


def _build(
    candidate: _Candidate, clause: str, unit: _Unit, today: date
) -> tuple[Highlight, str | None] | None:
    action = _LEADING_FILLER.sub("", _cut(candidate.action).strip())
    if _LABEL.match(candidate.action):
        return None  # "Phone test: quick note from the bus.": a label before a colon, not "phone the test"
    context = f"{unit.context} {clause}".strip()
    kind = candidate.kind
    if kind == "task" and unit.list_kind is None:
        said = resolve_due_date(candidate.action, today)
        near_term = _soon(said, today) or (said is None and bool(_NEAR_TERM_RE.search(context)))
        if not near_term and (candidate.lean_goal or _GOAL_CONTENT_RE.search(action)) or (
                _HABIT.search(action) and resolve_due_date(action, today) is None):
            kind = "goal"  # a habit, whatever day it names: "I shall try to ring her every Friday after Jumma"
        elif (not near_term and _HORIZON.search(_RELATIVE.split(context, maxsplit=1)[0]) and not _THEN.search(context)
              and resolve_due_date(context, today) is None):
            kind = "goal"  # "plant tulips along the front path this month": an aim for the month, no day
    elif kind == "task" and (unit.list_kind == "goal" or _HABIT_ITEM.search(action)):
        kind = "goal"  # a goals list's, or a habit in a plan ("This week: ..., Spanish every day")
    text = unit.text.strip()
    lead = text[: candidate.start or max(text.lower().find(candidate.action.lower()[:30]), 0)]
    if kind != "project" and unit.list_kind is None and (rule := _rule_for_life(lead, action)) is not None:
        if not rule:
            return None  # "Whenever I feel stuck I'll go for a walk": a rule for life, nothing to tick
        kind = rule

    if candidate.name:
        reformulation = _project_name(action)
        head_noun = _head_noun(reformulation)
    else:
        reformulation = _reformulate(action)
        head_noun = _head_noun(_drop_verb(reformulation)) if kind == "project" else None
        if kind == "task":
            reformulation = _base_form_first(reformulation)
    if not reformulation:
        return None

    due = None
    if kind == "task":
        # The item's own words first ("ring the adviser on Thursday"), then its clause ("tomorrow I will
        # book the taxi and do the big shop": both tomorrow), then its list's header.
        due = (resolve_due_date(candidate.action, today) or resolve_due_date(clause, today)
               or resolve_due_date(unit.text, today))
        if due is None and unit.context:
            due = resolve_due_date(unit.context, today)
        timeframe = ("today" if due <= today else "week") if due is not None else _task_timeframe(context, action, today)
    else:
        timeframe = _goal_timeframe(context)
    priority = _priority(context, timeframe if kind == "task" else None)
    metadata = HighlightMetadata(timeframe=timeframe, priority=priority,
                                 due_date=due.isoformat() if due is not None else None)
    return Highlight(type=kind, reformulation=reformulation, metadata=metadata), head_noun


# "the agencies that contacted me in the summer": a relative clause's time is not the intention's.
_RELATIVE = re.compile(r"\b(?:that|who|which|whom|whose)\s+(?!(?:i|we)\b)", re.IGNORECASE)
_HORIZON = re.compile(rf"{_MONTH_RE.pattern}|{_QUARTER_RE.pattern}|\bthis\s+year\b", re.IGNORECASE)
