"""People in an entry and the pronouns that refer to them: "Ring her back" after "Jo rang" is
"Ring Jo back"; "visit her more often" after "Mum and Dad came" is "Visit Mum more often"."""

from __future__ import annotations

import re

import msgspec

from pipelines.highlights.schema import Highlight
from pipelines.highlights.vocabulary import _words

# -- pronouns ------------------------------------------------------------------------------------
_NAME = re.compile(r"(?<![.!?]\s)(?<![.!?][\"')\]]\s)(?<![.!?:]\s[\"'])(?<!^)(?<!^[\"'])\b(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\b(?!\s*\d)|"
                   r"(?:^|[.!?:;]\s+)(?P<lead>[A-Z][a-z]+)(?=\s+(?:from|rang|called|said|says|texted|emailed|messaged|"
                   r"asked|told|came|is|was|and|has|had|wants|needs|looked|looks|seemed|seems|sounded|sounds|felt|feels|got|"
                   r"went|phoned|popped|dropped|cried|laughed|left|arrived|invited|visited|helped)\b)")
_LEAD_POSSESSIVE = re.compile(r"(?:^|[.!?:;]\s+)(?P<lead>[A-Z][a-z]+)(?='s\b)")
_NOT_NAMES = frozenset(
    "I Im The A An My Our We He She They It This That Today Tomorrow Tonight Yesterday Monday Tuesday Wednesday "
    "Thursday Friday Saturday Sunday January February March April May June July August September October "
    "November December Christmas Easter Halloween God Also Then But And So Just Need Must Remind Note "
    "Reminder Before After Next Last Oh Ok Okay Still Really Went Got Had One Two Three Four Five Six Seven Eight "
    "Nine Ten Twenty Thirty Forty Fifty Sixty Seventy Eighty Ninety Hundred Text Call Email Message Letter Card "
    "Post Parcel Note Voicemail".split()
)
# "her" is the object ("ring her back", "visit her more often", "buy her a card") before these or
# at the end; before another word it is a possessive ("fix her bike") and left as written.
_PERSON_OBJECT = re.compile(
    r"\bhim\b|\bher\b(?=\s*$|[\s,.;!]+(?:(?:back|up|out|about|on|at|in|to|for|with|from|more|again|soon|later|"
    r"today|tonight|tomorrow|this|next|before|after|by|when|and|a|an|the|some|first|properly|once|twice|"
    r"every|regularly|often|too|anyway|myself|all)\b|\s*$))",
    re.IGNORECASE,
)
# "she"/"he" inside a task, before what the person said or gave: "the book he lent me"
_SHE_SAID = re.compile(r"(?<=\w )(?<!whether )(?<!if )(?<!what )(?<!when )(?<!how )(?<!that )(?<!who )(?<!and )"
                       r"(?<!but )(?<!because )(?<!so )\b(?:she|he)\b(?=\s+(?:mentioned|recommended|suggested|said|"
                       r"told|sent|gave|lent|showed|found|picked|chose|liked|loves|likes)\b)", re.IGNORECASE)
_FEMALE = _words(
    "mum mom mummy mommy mother mam mama ma sister sis gran granny grandma grandmother nan nana nanna nanny auntie "
    "aunty aunt wife girlfriend daughter niece stepmum stepmom godmother"
)
_MALE = _words(
    "dad daddy father papa pa brother bro grandad granddad grandpa grandfather uncle husband boyfriend son "
    "nephew stepdad godfather"
)
# Common first names whose gender the text may never show with a pronoun.
_FEMALE_NAMES = _words(
    "anna amy alice amelia ava beth chloe claire emma emily eilidh ella ellie eva grace hannah helen holly "
    "isla jane jenny jess jessica julia kate katie laura lily lucy maria mary megan mia molly nina olivia "
    "rachel rebecca rosie ruth sarah sophie sophia susan zoe priya gwen fatima aisha"
)
_MALE_NAMES = _words(
    "adam alex andrew ben charlie chris dan daniel david ed george harry jack jake james joe john jonah "
    "josh leo liam luke mark matt max michael mike nick noah oliver oscar paul pete peter rob ryan "
    "simon steve tom tomas will william raj ahmed"
)
_RELATION = re.compile(
    rf"\b(?:(?P<det>my|our)\s+)?(?P<rel>{'|'.join(sorted(_FEMALE | _MALE, key=len, reverse=True))})\b",
    re.IGNORECASE,
)
# Words before a name that make it a place ("at Heathrow", "the train to Bath"); "to" only after a
# going ("talk to Sam" names a person), never "from" ("a text from Jo").
_PLACE_BEFORE = re.compile(
    r"\b(?:in|at|into|near|through|via|towards|outside|around|(?:go|goes|going|went|gone|drive|drove|driving|fly|"
    r"flew|flying|flight|coach|train|bus|trip|move|moved|moving|back|way|road|head|headed|heading|sail|sailed)\s+to)"
    r"\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# The gender of a name no list knows, from "she"/"he" after it ("Dr Ross says she..."); not from
# "her"/"him", which are as often someone else ("Des says I should write her a letter").
_SHE = re.compile(r"\bshe\b", re.IGNORECASE)
_HE = re.compile(r"\bhe\b", re.IGNORECASE)
# Capitalised words that are no one: days as written in notes, "Oh Lord", a board's members, the
# apps and places a name is followed by ("Richmond Bridge", "the CN Tower").
_NO_ONE = _words(
    "Mon Tue Tues Wed Thu Thur Thurs Fri Sat Sun Mondays Tuesdays Wednesdays Thursdays Fridays Saturdays Sundays "
    "Lord Jesus Christ Heaven Board Council Committee Project Team Facebook Instagram WhatsApp Google Zoom Teams "
    "Netflix Amazon Street Road Avenue Lane Square Park Bridge Tower Station Hospital School College University "
    "Centre Center Church Hall Market Academy Day Eve Night Year"
)
# "from" after coming or calling names a place ("rang from Karachi"); "hiding it from Mama" does not.
_FROM_PLACE = re.compile(r"\b(?:rang|called|phoned|came|come|flew|drove|moved|back|home|arrived|returned)\s+from\s+$",
                         re.IGNORECASE)
# The writer and someone as one subject: "Jo and I agreed I will drive him" - "him" is someone else.
_WITH_WRITER = r"(?i:\b{0}\s+and\s+(?:I|me|myself)\b|\b(?:I|me)\s+and\s+{0}\b)"


def _one_line(text: str) -> str:
    """The text on one line, a line break ending a sentence ("call Nan more\nWhat would make today
    great": "What" opens a sentence), as the names pattern reads it."""
    text = re.sub(r"(?<![.!?:;])[ \t]*\n[\s*\u2022-]*(?=\S)", ". ", text.strip())
    return " ".join(re.sub(r"\n[\s*\u2022-]*", " ", text).split())


def _no_one(text: str, start: int, name: str) -> bool:
    """A capitalised word no list knows that is no person: an ordinary word ("Board members",
    "Everything is"), a day, a place ("at Heathrow", "rang from Karachi", anywhere in the text), a
    thing ("the Bach", "the Facebook group") or part of a word ("Lily-Mae", "Elif'cim")."""
    from pipelines.themes import _common_words  # themes imports this package

    if name in _NO_ONE or name.lower() in _common_words():
        return True
    if text[start - 1 : start] == "-" or re.match(r"['\u2019](?!s\b)\w", text[start + len(name) :]):
        return True
    for m in re.finditer(rf"\b{re.escape(name)}\b(?!['\u2019]s)", text):  # "at Jo's" is Jo's house
        before = text[max(0, m.start() - 40) : m.start()]
        if _PLACE_BEFORE.search(before) or _FROM_PLACE.search(before) or re.search(r"\bthe\s+$", before, re.I):
            return True
    return False


def _people(text: str) -> list[tuple[int, str, str | None]]:
    """The people named in `text`, in order: (position, how to name them, "f"/"m"/None)."""
    text = _one_line(text)  # a sentence start is "<.!?> <Word>": one space, as the names pattern reads
    found: dict[int, tuple[int, str, str | None]] = {}
    for m in _NAME.finditer(text):
        name = m.group("name") or m.group("lead")
        start = m.start("name") if m.group("name") else m.start("lead")
        first, _, second = name.partition(" ")
        if first in _NOT_NAMES:
            continue
        if second and (second in _NO_ONE or _no_one(text, start + len(first) + 1, second)):
            name = first  # "Ring Daryl Mon", "Richmond Bridge": the name without the day or the place
        lower = first.lower()
        if lower in ("mrs", "ms", "miss") or lower in _FEMALE or lower in _FEMALE_NAMES:
            gender: str | None = "f"
        elif lower == "mr" or lower in _MALE or lower in _MALE_NAMES:
            gender = "m"
        else:
            gender = None
            if _no_one(text, start, first):
                continue  # "On the coach to Bristol she fell asleep": a place, never "her"
        found[start] = (start, name, gender)
    for m in _LEAD_POSSESSIVE.finditer(text):
        # "Priya's birthday dinner was lovely.": a sentence's first word, a name if no ordinary word
        lead, lower = m.group("lead"), m.group("lead").lower()
        if lower in _FEMALE_NAMES or lower in _MALE_NAMES:
            found.setdefault(m.start("lead"), (m.start("lead"), lead, "f" if lower in _FEMALE_NAMES else "m"))
        elif lead not in _NOT_NAMES and not _no_one(text, m.start("lead"), lead):
            found.setdefault(m.start("lead"), (m.start("lead"), lead, None))
    for m in _RELATION.finditer(text):
        if m.start("rel") in found or any(p <= m.start("rel") < p + len(n) for p, n, _ in found.values()):
            continue
        rel = m.group("rel")
        if not rel[0].isupper() and not m.group("det"):
            continue  # "ma" or "son" without "my" is too often another word
        name = f"your {rel}" if m.group("det") else rel
        found[m.start()] = (m.start(), name, "f" if rel.lower() in _FEMALE else "m")
    people = sorted(found.values())
    # A name's gender, when no list knows it, from the first pronoun after it ("Dr Ross says she...").
    for i, (start, name, gender) in enumerate(people):
        if gender is None:
            end = people[i + 1][0] if i + 1 < len(people) else len(text)
            window = text[start + len(name) : end]
            she, he = _SHE.search(window), _HE.search(window)
            if she and (not he or she.start() < he.start()):
                people[i] = (start, name, "f")
            elif he:
                people[i] = (start, name, "m")
    return people


def _known(name: str) -> bool:
    """A name the lists know the gender of ("Priya", "Mr Cole", "your mum"), not one a pronoun after
    it suggested: "she" in a task is named only from these."""
    first = name.removeprefix("your ").split()[0].lower()
    return first in ("mr", "mrs", "ms", "miss") or any(first in w for w in (_FEMALE, _MALE, _FEMALE_NAMES, _MALE_NAMES))


def _person_for(pronoun: str, before: str) -> str | None:
    """The last person named in `before` who can be "her" (female) or "him" (male): of that gender,
    or of a gender the text does not show ("Sam was quiet. I'll sit down with him").
    Not the writer's companion in the same sentence ("Jo and I agreed I will drive him"); None rather
    than a guess: a wrong name misleads where the pronoun does not."""
    want = "f" if pronoun.lower() == "her" else "m"
    before = _one_line(before)
    sentence = re.search(r"[^.!?]*$", before).group(0)
    for _, name, gender in reversed(_people(before)):
        if re.search(_WITH_WRITER.format(re.escape(name.removeprefix("your "))), sentence):
            continue
        if gender in (want, None):
            return name
    return None


def _resolve_pronouns(highlight: Highlight, before: str, current: str = "") -> Highlight:
    """"Ring her back tomorrow" after "Jo rang about the coach": "Ring Jo back tomorrow";
    "visit her more often" after "Mum and Dad came for lunch": "Visit Mum more often". The
    person may be named earlier in the same sentence ("Sam was quiet, so I'll sit down with him")."""
    if highlight.type == "project":
        return highlight
    said = _SHE_SAID.search(highlight.reformulation)
    if said is not None:
        # "Order the pottery voucher she mentioned" after "Priya's birthday": "... Priya mentioned"
        want = "f" if said.group(0).lower() == "she" else "m"
        named = _people(f"{before} {current[: current.find(said.group(0))]}")
        name = next((n for _, n, gender in reversed(named) if gender == want and _known(n)), None)
        if name is not None:
            text = highlight.reformulation[: said.start()] + name + highlight.reformulation[said.end() :]
            highlight = msgspec.structs.replace(highlight, reformulation=text)
    m = _PERSON_OBJECT.search(highlight.reformulation)
    if m is None:
        return highlight
    in_sentence = _PERSON_OBJECT.search(current)
    if in_sentence is not None:
        before = f"{before} {current[: in_sentence.start()]}"
    name = _person_for(m.group(0), before)
    if name is None:
        return highlight
    text = highlight.reformulation[: m.start()] + name + highlight.reformulation[m.end() :]
    return msgspec.structs.replace(highlight, reformulation=text)
