"""Answers to questions after one fact ("Who is Pritchard?", "How many ewes were empty at
scanning?", "When did June get her scan results, and what were they?"): find the entries, then
their sentences, then the answer, each quoted with its entry's date (`pipelines.providers.local_answers`).

The sentences of the retrieved entries, and of the entries naming the person the question names, are
ranked by the embedding model (the question against each sentence, and each pair of neighbouring
sentences). What the question asks for narrows them, by closed grammar only:
- a number ("how many", "how much", "what score"): a sentence that states one ("9 of them empty",
  "£1,735", "forty-one", "108%");
- a person's role ("Who is Pritchard?"): a sentence that says it as the journal says roles
  ("Pritchard, our accountant,", "my team lead is Mr. Becker", "Geoff the accountant");
- an outcome ("what were the results", "did I pass", "what did the MRI show"): a sentence that
  reports what happened, not one that looks ahead ("the results come back in ten days"), the latest
  of those about as near as the best.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from pipelines.highlights import split_sentences
from pipelines.providers.base import Passage
from pipelines.providers.question_topics import stem, topic_words
from pipelines.providers.sentence_vectors import passage_sentence_vectors

# The best sentence must be at least this similar to the question, unless it names the person the
# question names or holds one of its rarer words.
FACT_MIN = 0.45
NAMED_FACT_MIN = 0.25
# A sentence holding the question's words scores this much more per share of them it holds.
WORD_BONUS = 0.10
# A sentence naming the person the question names scores this much more.
NAME_BONUS = 0.10
# An outcome: the latest sentence within this of the best that shares a word with it or the question.
OUTCOME_MARGIN = 0.20
# ...or any later one at least this near that shares a word with the question ("Scan clear.").
OUTCOME_FLOOR = 0.40
# Other entries quoted beside the best: those whose best sentence is within this of it and that
# hold the question's name or words.
ALSO_MARGIN = 0.04
ALSO_QUOTED = 2

_MONTHS = (r"january|february|march|april|may|june|july|august|september|october|november|december")
# A capitalised word of a question that names someone ("Who is Pritchard?", "When did June get...");
# a month name is a name unless it stands as a date ("in June", "June 21", "June 2026").
_NAME = re.compile(r"\b(?:(?:Mr|Mrs|Ms|Miss|Dr|Herr|Frau)\.?\s+)?[A-Z][a-z]+(?:-[A-Z][a-z]+)?\b")
_DATE_BEFORE = re.compile(r"\b(?:in|on|since|during|last|this|next|early|late|mid|of|until|till|by)\s+$", re.IGNORECASE)
_DATE_AFTER = re.compile(r"^\s*(?:\d|of\b)")
# Words that say nothing of what a sentence is about.
_COMMON = frozenset(["the", "and", "was", "were", "what", "when", "did", "get", "got", "her", "his", "our", "my",
                     "they", "them", "with", "for", "from", "that", "this", "have", "has", "had", "been"])
_COMMON_STEMS = frozenset(stem(w) for w in _COMMON)
_NOT_NAMES = frozenset(["I", "What", "When", "Who", "Whom", "Whose", "Where", "Which", "Why", "How", "Did", "Do", "Does", "Was", "Were", "Is", "Are", "Has", "Have", "Had", "Can", "Could", "Should", "Would", "Will", "Tell", "Am", "My", "The", "A", "An", "Any", "Anything"])

NUMBER_QUESTION = re.compile(
    r"\bhow\s+(?:many|much|long|far|old|big|often|high|low)\b"
    r"|\bwhat\s+(?:\w+\s+){0,3}?(?:score|scores|mark|marks|grade|rate|price|percentage|per\s*cent|number|figure|amount|"
    r"total|cost|rent|bill|salary|wage|temperature|weight|points)\b"
    r"|\bwhat\s+(?:\w+\s+){0,2}?were\s+the\s+(?:ewes|lambs|numbers|figures)\b",
    re.IGNORECASE)
_NUMBER_WORDS = (r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
                 r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|"
                 r"hundred|thousand|million|half|dozen|quarter")
_NUMBER = re.compile(rf"\d|[£$€%]|\b(?:{_NUMBER_WORDS})\b", re.IGNORECASE)
# "How much did the wethers sell for?", "How much was the parking ticket?": a sum of money.
MONEY_QUESTION = re.compile(r"\bhow\s+much\b(?!\s+(?:rain|snow|sleep|time|weight|water))"
                            r"|\b(?:cost|price|pay|paid|rent|salary|wage|earn|owe|fee|fine|bill|ticket)\b",
                            re.IGNORECASE)
_MONEY = re.compile(r"[£$€¥₹]|\d\s*(?:p|k|c)\b|\b(?:pounds?|pence|quid|grand|dollars?|cents?|euros?|rupees?|"
                    r"lakhs?|crores?|cedis?|rand)\b", re.IGNORECASE)

ROLE_QUESTION = re.compile(r"^\W*who(?:'s|\s+is|\s+was|\s+are|\s+were)\s+(?P<name>.+?)\W*$", re.IGNORECASE)
_POSSESSIVE = r"(?:my|our|the|his|her|their|mum's|dad's)"

OUTCOME_QUESTION = re.compile(
    r"\b(?:results?|outcome|verdict|decision|diagnosis|show|showed|find|found|come\s+back|came\s+back)\b"
    r"|^\W*(?:did|was|were)\s+(?:i|we|he|she|they)\s+(?:pass|fail|get|win|lose|make|approved|accepted|chosen|picked)\b"
    r"|^\W*did\s+i\s+get\b|\bhow\s+did\s+(?:[\w'’]+\s+){1,4}?(?:go|do|turn\s+out|end)\b|\bwhat\s+happened\b"
    r"|\b(?:approved|accepted|upheld|rejected|refused|granted|passed|failed)\b",
    re.IGNORECASE)
# A sentence that looks ahead: it reports no outcome yet.
_AHEAD = re.compile(
    r"\b(?:will|shall|going\s+to|gonna|tomorrow|tmrw|next\s+(?:week|month|time)|waiting\s+for|wait\s+for|"
    r"hope|hoping|booked\s+(?:for|in)|appointment|due|need\s+to|have\s+to|has\s+to|must)\b|['’]ll\b"
    r"|\bin\s+(?:a|one|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+(?:days?|weeks?|months?)\b"
    r"|\b(?:come|comes)\s+back\s+in\b|\bwe['’]ll\s+hear\b|\blet\s+(?:us|me)\s+know\b|\bwithin\b",
    re.IGNORECASE)


@dataclass
class _Sentence:
    passage: Passage
    text: str
    score: float  # its similarity to the question, with the bonuses for the question's words and names
    named: bool  # it names the person the question names
    similarity: float = 0.0
    pair: bool = False  # two neighbouring sentences


def question_names(question: str) -> list[str]:
    """The people a question names ("Who is Mr. Becker?" -> ["Mr. Becker"]; "When did June get her
    scan results?" -> ["June"]; "What happened in June?" -> [])."""
    found = []
    for match in _NAME.finditer(question):
        word = match.group(0)
        if match.start() == 0 and word in _NOT_NAMES or word in _NOT_NAMES:
            continue
        if re.fullmatch(_MONTHS, word, re.IGNORECASE) and (
                _DATE_BEFORE.search(question[:match.start()]) or _DATE_AFTER.match(question[match.end():])):
            continue
        found.append(word)
    return list(dict.fromkeys(found))


def _name_pattern(names: list[str]) -> re.Pattern[str] | None:
    """The names as a journal writes them: whole words, any case ("dom" for "Dom"), a title optional
    ("Becker" for "Mr. Becker")."""
    if not names:
        return None
    parts = [re.escape(name.split()[-1]) for name in names]
    return re.compile(rf"\b({'|'.join(parts)})(?:['’]s)?\b", re.IGNORECASE)


def _role_patterns(name: str) -> list[re.Pattern[str]]:
    """How a journal says who someone is, each with the role (`r`) and its possessive (`p`):
    "Pritchard, our accountant,", "Baz, my crewmate", "our landlord Herr Wolf", "My team lead is
    Mr. Becker", "Geoff the accountant", "Rhian at the accountants", "Mrs Kaur from upstairs"."""
    n = re.escape(name.split()[-1])
    title = r"(?:(?:mr|mrs|ms|miss|dr|herr|frau)\.?\s+)?"
    own = rf"(?P<p>{_POSSESSIVE})"
    stop = (r"(?:,|\.|;|$|\b(?:and|who|came|said|says|rang|drove|is|was|has|had|signed|by|for|on|to|before|"
            r"after|with|about)\b)")
    word = r"[\w'-]+"
    not_title = r"(?!(?:mr|mrs|ms|miss|dr|herr|frau)\b)"
    return [re.compile(pattern, re.IGNORECASE) for pattern in (
        rf"\b{title}{n}\s*,\s*{own}\s+(?P<r>[\w' -]{{2,40}}?)\s*{stop}",
        rf"\b{own}\s+(?P<r>{word}(?:\s+{not_title}{word})?)\s+(?:is|was)\s+{title}{n}\b",
        rf"\b{own}\s+(?P<r>{word}(?:\s+{not_title}{word})?)\s*,?\s+{title}{n}\b",
        rf"\b{title}{n}\s+(?:is|was)\s+{own}\s+(?P<r>[\w' -]{{2,40}}?)\s*{stop}",
        rf"\b{title}{n}\s+(?P<p>)(?P<r>(?:the|at\s+the|from|next\s+door)\b[\w' -]{{0,30}}?)\s*{stop}",
    )]


_PRONOUN_ROLE = re.compile(rf"^(?:he|she|they)\s+(?:is|was|were|are)\s+(?P<p>{_POSSESSIVE})\s+"
                           r"(?P<r>[\w'-]+(?:\s+(?!(?:on|in|at|for|from|of|and|who|when|since)\b)[\w'-]+)?)\b",
                           re.IGNORECASE)


def _role(match: re.Match[str]) -> str:
    """"our accountant" -> "your accountant"; "the accountant", "from upstairs" as written."""
    own, role = match.group("p").lower(), match.group("r").strip()
    if own in ("my", "our"):
        return f"your {role}"
    return f"{own} {role}".strip()


_PRONOUN_START = re.compile(r"^(?:he|she|they|it|his|her|their|its)\b", re.IGNORECASE)


def _with_neighbour(passage: Passage, sentence: str, sentences: list[str], *, why: bool = False) -> str:
    """The sentence as quoted: with the one before it when it is under four words ("PASSED.") or
    starts with a pronoun ("He's taking the top field" says who after "Shook hands with
    Hardcastle"); with the one after it for a "why" question (the reason follows: "June back in the
    Infirmary. Her hands were shaking so badly...")."""
    first = sentence.split(" ")[0] if sentence else ""
    whole = next((s for s in sentences if sentence.startswith(s)), None)
    if whole is None:
        return sentence
    i = sentences.index(whole)
    last = i + len([s for s in sentences[i:] if s in sentence])  # a pair of sentences is two
    quoted = sentence
    if i > 0 and (len(sentence.split()) < 4 or _PRONOUN_START.match(first)):
        quoted = f"{sentences[i - 1]} {quoted}"
    elif len(sentence.split()) < 4 and last < len(sentences):
        quoted = f"{quoted} {sentences[last]}"
    if why and last < len(sentences) and sentences[last] not in quoted:
        quoted = f"{quoted} {sentences[last]}"
    return quoted


# Questions after one fact: who, where, which, when, why, how many (not "when did I last": the latest
# time, pipelines.providers.local_answers), and those after a number, a role or an outcome.
_FACT = re.compile(r"^\W*(?:who|whom|whose|where|which|when|why|how\s+(?:many|much|long|far|often|old|big))\b",
                   re.IGNORECASE)
_LAST = re.compile(r"\bwhen\s+(?:did|was|have)\s+i\s+last\b|\blast\s+time\b", re.IGNORECASE)


# "What did the hospital do for Dad?", "What did the letter say?": after what someone else did or said.
_WHAT_DID = re.compile(r"^\W*what\s+did\s+(?!i\b|we\b)(?:[\w'’.]+\s+){1,5}?(?:do|say|tell|write|find|decide|offer)\b",
                       re.IGNORECASE)


def is_fact_question(question: str) -> bool:
    if _LAST.search(question):
        return False
    return bool(_FACT.search(question) or NUMBER_QUESTION.search(question) or OUTCOME_QUESTION.search(question)
                or ROLE_QUESTION.match(question.strip()) or _WHAT_DID.search(question))


def _units(sentences: list[str]) -> list[str]:
    """What is scored: each sentence and each pair of neighbours ("Scan clear. Cyst, nothing else.",
    "Rang Pritchard, our accountant. He's done our books for thirty years")."""
    return sentences + [f"{a} {b}" for a, b in itertools.pairwise(sentences)]


def _stems(text: str) -> set[str]:
    return {stem(w) for w in re.findall(r"[^\W\d_]{3,}", text.lower())} - _COMMON_STEMS


def fact_answer(question: str, passages: list[Passage]) -> str | None:
    """The answer to a question after one fact, from the sentences that state it, each with its
    entry's date; None when the question asks for no fact or no sentence is near enough (the
    caller answers otherwise, or says it found nothing)."""
    names = question_names(question)
    role = ROLE_QUESTION.match(question.strip())
    wants_number = bool(NUMBER_QUESTION.search(question))
    said = bool(_WHAT_DID.search(question))  # what someone did or said: what came of it, told whole
    outcome = bool(OUTCOME_QUESTION.search(question)) or said
    named = _name_pattern(names)
    name_tokens = {name.split()[-1].lower() for name in names}
    lowered_names = {n.lower() for part in names for n in part.split()}
    words = [stem(w) for w in topic_words(question) if w not in lowered_names]
    word_re = [re.compile(rf"\b{re.escape(w)}", re.IGNORECASE) for w in words if len(w) >= 3]
    candidates = [p for p in passages if p.score > 0 or (named and named.search(p.text))]
    if not candidates:
        return None
    per_passage = [[s.strip() for s in split_sentences(p.text) if s.strip()] or [p.text.strip()] for p in candidates]
    units = [_units(sentences) for sentences in per_passage]
    vectors = passage_sentence_vectors(question, [(p.entry_id, u) for p, u in zip(candidates, units, strict=True)])
    qvec, offset, scored = vectors[0], 1, []
    for passage, texts, sentences in zip(candidates, units, per_passage, strict=True):
        sims = vectors[offset:offset + len(texts)] @ qvec
        offset += len(texts)
        for i, (text, sim) in enumerate(zip(texts, sims, strict=True)):
            held = sum(1 for w in word_re if w.search(text)) / len(word_re) if word_re else 0.0
            found = {m.group(1).lower() for m in named.finditer(text)} if named else set()
            has_name = bool(found)
            share = len(found) / len(name_tokens) if name_tokens else 0.0  # "Mick Dawson" over "Mick"
            scored.append(_Sentence(passage, text, float(sim) + WORD_BONUS * held + NAME_BONUS * share, has_name,
                                    float(sim), pair=i >= len(sentences)))
    if named:
        with_name = [s for s in scored if s.named]
        if role and with_name:
            said = _role_answer(names[-1], with_name, per_passage, candidates)
            if said:
                return said
            # No sentence says who they are: the one naming them with the next, for what is said of them.
            scored = [s for s in with_name if s.pair] or with_name
    if wants_number:
        scored = [s for s in scored if _NUMBER.search(s.text)]
        if MONEY_QUESTION.search(question) and any(_MONEY.search(s.text) for s in scored):
            scored = [s for s in scored if _MONEY.search(s.text)]
    if outcome:
        scored = [s for s in scored if not _AHEAD.search(s.text)]
    if not scored:
        return None
    scored.sort(key=lambda s: -s.score)
    best = scored[0]
    if best.score < (NAMED_FACT_MIN if best.named or (word_re and any(w.search(best.text) for w in word_re))
                     else FACT_MIN):
        return None
    if outcome:  # what came of it: a later report about it, not the announcement before
        best = _outcome(question, best, scored, lowered_names)
    chosen = [best]
    for s in [] if outcome else scored:  # an outcome is told once, by its latest report
        if len(chosen) > ALSO_QUOTED or s.score < best.score - ALSO_MARGIN:
            break
        if s.passage.entry_id not in {c.passage.entry_id for c in chosen} and (s.named or any(
                w.search(s.text) for w in word_re)):
            chosen.append(s)
    chosen.sort(key=lambda s: _day_key(s.passage.date))
    sentences = {p.entry_id: sents for p, sents in zip(candidates, per_passage, strict=True)}
    why = said or bool(re.match(r"^\W*why\b", question, re.IGNORECASE))
    lines = [f'On {s.passage.date} you wrote: "{_with_neighbour(s.passage, s.text, sentences[s.passage.entry_id], why=why)}"'
             for s in chosen]
    return "Here is what your journal says:\n" + "\n".join(lines)


def _outcome(question: str, best: _Sentence, scored: list[_Sentence], names: set[str]) -> _Sentence:
    """The report of what came of what the best sentence is about: the best of the later sentences
    about the question's subject (its words, not the person: "scan" for "When did Jan get her scan
    results?") that are near the best one, or near enough to the question by themselves; the best
    sentence when there is none ("MRI in Orange on the 4th." -> "MRI says two discs.")."""
    asked = _stems(question) - {stem(n) for n in names}
    near_best = _stems(question) | _stems(best.text)
    since = _day_key(best.passage.date)
    later = [s for s in scored if _day_key(s.passage.date) > since
             and ((s.score >= best.score - OUTCOME_MARGIN and _stems(s.text) & near_best)
                  or (s.similarity >= OUTCOME_FLOOR and _stems(s.text) & asked))]
    return max(later, key=lambda s: s.score) if later else best


def _role_answer(name: str, with_name: list[_Sentence], per_passage: list[list[str]],
                 candidates: list[Passage]) -> str | None:
    """"Who is Pritchard?": the sentence that says who they are, as the journal says it, and its date."""
    patterns = _role_patterns(name)
    sentences = dict(zip((p.entry_id for p in candidates), per_passage, strict=True))
    stating = [(s, m, s.text) for s in with_name for pattern in patterns if (m := pattern.search(s.text))]
    for s in with_name:  # "Margaret died on Tuesday. She was my CSD on my first ever flight."
        own = sentences[s.passage.entry_id]
        after = own[own.index(s.text) + 1] if s.text in own and own.index(s.text) + 1 < len(own) else ""
        if m := _PRONOUN_ROLE.match(after):
            stating.append((s, m, f"{s.text} {after}"))
    if not stating:
        return None
    s, match, quoted = max(stating, key=lambda item: item[0].score)
    quoted = _with_neighbour(s.passage, quoted, sentences[s.passage.entry_id])
    return f'{name} is {_role(match)}, from your entry of {s.passage.date}: "{quoted}"'


def _day_key(day: str) -> tuple[int, ...]:
    parts = [int(x) for x in re.findall(r"\d+", day)]
    return (parts[2], parts[0], parts[1]) if len(parts) == 3 and parts[2] > 31 else tuple(parts)
