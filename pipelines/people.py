"""The people a journal names, read from the writer's own words: `people_in` (one text),
`known_people` and `people_by_text` (a journal: the names written as people, and per text the
people it names), `kin_linked` (names the journal ties to a family word: "my wife June").

Shared by the personal story, Self Analysis, Career and Meaning & Purpose (through
`pipelines.themes`, which re-exports these names)."""

from __future__ import annotations

import functools
import re
from collections import Counter, defaultdict

from pipelines.themes import (
    DAY_AFTER,
    GENERIC,
    NOT_NAMES,
    PEOPLE_WORDS,
    PLACE_OR_DAY_BEFORE,
    ROLE_ALONE,
    STOP,
    common_words,
    is_family_name,
    sentence_starts,
)

# A capitalised word after these is a place ("in Redland", "to Porto"), not a person.
PLACE_BEFORE = re.compile(r"\b(?:in|at|to|from|near|into|around|via)\s+$", re.IGNORECASE)
# A capitalised word before these names a place or a body ("the Hallam Street project", "Royal Infirmary").
_PLACE_AFTER = re.compile(r"(?:\s+[A-Z][a-z']+)?\s+(?:Street|St|Road|Rd|Avenue|Ave|Lane|Close|Drive|Way|Place|Square|"
                          r"Park|Gardens|Hill|Crescent|Terrace|Station|Hospital|Infirmary|School|College|University|"
                          r"Library|Centre|Center|Church|Court|Bridge|Market|Hall|Estate|Primary|Academy)\b")
# A capitalised word after "the" names a thing ("the Fernwood interview", "the Q4 Launch").
_THING_BEFORE = re.compile(r"\bthe\s+$", re.IGNORECASE)
# What one reads, watches or listens to is a title ("reading Middlemarch", "watched Succession"),
# and what a pitch or a contract is for or with is a client ("the client pitch for Halvorsen"):
# both were listed among the people of a year-long journal on a tour.
_WORK_BEFORE = (r"(?:read|reading|reread|rereading|watch|watched|watching|rewatched|rewatching|listen|listened|"
                r"listening)(?:\s+to)?")
_CLIENT_BEFORE = r"(?:pitch|pitches|proposal|proposals|contract|contracts|tender|tenders|bid|bids|invoice|invoices)"
_NOT_SOMEONE_BEFORE = re.compile(rf"\b(?:{_WORK_BEFORE}|{_CLIENT_BEFORE}\s+(?:for|with))\s+$", re.IGNORECASE)
# ... unless it is who is read to or shown something ("read Lily a story", "watched Tom's match").
_SOMEONE_AFTER = re.compile(r"['’]s\b|\s+(?:a|an|the|his|her|their|some|one)\b")
# A capitalised word before one of these is someone, even opening a sentence and even when other
# journals write it as an ordinary word ("Greg blamed my team": the corpus has a writer who types
# "greg"). Verbs a company or a thing hardly ever does.
_PERSON_VERB = re.compile(r"\s+(?:said|says|told|tells|texted|texts|messaged|replied|blamed|admitted|apologi[sz]ed|"
                          r"promised|laughed|cried|shouted|yelled|hugged|smiled|agreed|suggested|reckons|thinks)\b")
# Verbs of getting in touch make an unknown word opening a sentence a person ("Jo rang about the
# rota"), but not an ordinary word ("Work called").
_CONTACT_VERB = re.compile(r"\s+(?:rang|rings|called|calls|phoned|emailed)\b")
_WITH_BEFORE = re.compile(r"\bwith\s+$", re.IGNORECASE)
# Never someone's name, whatever verb follows ("She said", "Doctor said").
_NOT_SOMEONE = STOP | GENERIC | PEOPLE_WORDS | {"doctor", "nurse", "gp", "dentist", "teacher", "landlord",
                                                   "landlady", "vet", "somebody", "everybody", "nobody"}
# Endings of ordinary words, hardly ever of a name ("Groceries", "Overslept" aside, these catch most).
_WORD_ENDINGS = ("ing", "ed", "tion", "sion", "ment", "ness", "ies", "ery", "ful", "less", "ship", "ity", "ism")


def people_in(text: str, known: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The people a text names, in order: names the user has written as people before (`known`),
    role words ("Mum", "my sister"), and capitalised words that are neither at the start of a
    sentence, line or clause nor an ordinary word ("Email", "Coffee" and "Work" are not people)."""
    known_lower = {k.lower(): k for k in known if k}
    common = common_words()
    starts = sentence_starts(text)
    found: list[tuple[int, str]] = []
    for match in re.finditer(r"\b[A-Za-z][a-z']+\b", text):
        word = match.group(0)
        bare = word.removesuffix("'s")
        lower = bare.lower()
        if lower in known_lower and (bare[0].isupper() or lower in PEOPLE_WORDS):
            # A person named like a month or a day ("June") is that month in "in June", "June 3rd".
            if bare in NOT_NAMES and (_DATE_BEFORE.search(text, max(0, match.start() - 12), match.start())
                                       or _DATE_AFTER.match(text, match.end())):
                continue
            found.append((match.start(), known_lower[lower]))
        elif lower in ROLE_ALONE and (bare[0].isupper() or text[max(0, match.start() - 3):match.start()].lower()
                                        in ("my ",) or _SUBJECT_VERB.match(text, match.end())):
            found.append((match.start(), bare[0].upper() + bare[1:]))
        elif (bare[0].isupper() and len(bare) >= 2 and bare not in NOT_NAMES and bare not in _TITLES
              and not lower.endswith(_WORD_ENDINGS)
              and not PLACE_BEFORE.search(before := text[max(0, match.start() - 8):match.start()])
              and not _THING_BEFORE.search(before) and not _PLACE_AFTER.match(text, match.end())
              and not PLACE_OR_DAY_BEFORE.search(text, max(0, match.start() - 16), match.start())
              and not DAY_AFTER.match(text, match.end())
              and not (_NOT_SOMEONE_BEFORE.search(text, max(0, match.start() - 24), match.start())
                       and word == bare and not _SOMEONE_AFTER.match(text, match.end()))):
            someone = lower not in _NOT_SOMEONE and (_PERSON_VERB.match(text, match.end())
                                                     or _WITH_BEFORE.search(before))
            opening = match.start() in starts and not _CONTACT_VERB.match(text, match.end())
            if someone or (not opening and lower not in common):
                found.append((match.start(), bare))
    seen, ordered = set(), []
    for _, name in sorted(found):
        if name.lower() not in seen:
            seen.add(name.lower())
            ordered.append(name)
    return ordered


def known_people(texts: list[str]) -> list[str]:
    """Names written as people in earlier entries (see `people_in`), most frequent first. A name
    the user also writes as an organisation ("the Fernwood interview", "a role at Fernwood", "the
    pitch for Halvorsen") or as a book ("reading Middlemarch") is no one: "Fernwood", "Halvorsen"
    and "Middlemarch" were listed among the people of a story on tours."""
    return people_by_text(texts)[0]


def people_by_text(texts: list[str]) -> tuple[list[str], list[list[str]]]:
    """`known_people(texts)` and, per text, the people it names (`people_in(text, those names)`):
    each text read twice, whatever the number of names (one reading per name and text was 71% of
    the app's CPU during a 500-entry import). The last few answers are kept: one regeneration asks
    for the same journal's people from the story, Meaning & Purpose and Career."""
    names, per_text = _people_by_text(tuple(texts))
    return list(names), [list(found) for found in per_text]


@functools.lru_cache(maxsize=4)
def _people_by_text(texts: tuple[str, ...]) -> tuple[list[str], list[list[str]]]:
    joined = "\x00".join(texts)  # no whitespace joins two texts into one match
    standing = _name_positions(joined)
    linked = set(kin_linked(texts))
    seen = Counter(name for text in texts for name in people_in(text, sorted(linked)))
    for name in _opening_subjects(texts):
        seen.setdefault(name, 0)
    names = [name for name, _ in seen.most_common()
             if not _as_organisation(name, joined, standing)
             and (name in linked or not _as_place(name, joined, standing))]
    names = [name for name in names if not _second_part(name, joined, standing, names)]
    # Ranked by the texts that name them once known ("Greg" opens most of his sentences).
    per_text = [people_in(text, names) for text in texts]
    counts = Counter(name for found in per_text for name in found)
    return sorted(names, key=lambda name: -counts[name]), per_text


# A capitalised word right before one of these opens a clause as its subject, as a person does
# ("Gia used my headphones", "Ravi telephoned from Toronto"): verbs in the past, and a few of the
# present (closed grammar: the verb forms, not a list of names).
_SUBJECT_VERB = re.compile(r"\s+(?:[a-z]+ed|has|had|was|is|wants|says|said|came|went|bought|made|took|gave|told|got|"
                           r"sent|thinks|knows|cried|rang|wrote|came|brought|found|kept|left|met|paid|sat|felt|"
                           r"ran|drove|won|lost|swears|sounded)\b")
_TITLES = {"Mr", "Mrs", "Ms", "Miss", "Dr", "Prof", "Sir", "Madam", "Mx"}
# A capitalised word after these is where something is ("in Redland", "outside Amarillo", "leave
# Mylapore"); "to" and "from" are left out: one talks to and hears from people.
_WHERE_BEFORE = re.compile(r"\b(?i:in|at|near|outside|around|across|through|leave|leaving|left|beyond)\s+$")
_SOMEONES = re.compile(r"['’]s\b")


def _opening_subjects(texts) -> set[str]:
    """Capitalised words that open a sentence as its subject in two or more texts, are no word the
    corpus or these texts write in lower case, and no title, month or day: names a writer puts
    first ("Gia used my headphones AGAIN", "Gia came to watch"), which `people_in` leaves out at a
    sentence's start."""
    ordinary = common_words() | {w for text in texts for w in re.findall(r"\b[a-z][a-z']+\b", text)}
    found: Counter[str] = Counter()
    for text in texts:
        here = set()
        for start in sentence_starts(text):
            match = re.match(r"([A-Z][a-z]{1,})(?=\s)", text[start:])
            if (match and match.group(1).lower() not in ordinary and match.group(1) not in NOT_NAMES
                    and match.group(1) not in _TITLES and _SUBJECT_VERB.match(text, start + match.end())):
                here.add(match.group(1))
        found.update(here)
    return {name for name, n in found.items() if n >= 2}


def _as_place(name: str, text: str, positions: dict[str, list[int]]) -> bool:
    """Whether the journal writes `name` as a place somewhere ("outside Amarillo", "leave Mylapore")
    and nowhere as someone: never possessive, never the subject of a verb, never "with" it."""
    starts = positions.get(name, []) if name.isalpha() else []
    where = any(_WHERE_BEFORE.search(text, max(0, i - 12), i) for i in starts)
    someone = any(_SOMEONES.match(text, i + len(name)) or _SUBJECT_VERB.match(text, i + len(name))
                  or _PERSON_VERB.match(text, i + len(name)) or _WITH_BEFORE.search(text, max(0, i - 6), i)
                  for i in starts)
    return where and not someone


def _second_part(name: str, text: str, positions: dict[str, list[int]], names: list[str]) -> bool:
    """Whether `name` is only ever the second part of another person's name ("Pina" of "Nonna
    Pina"): the person is counted once, under the first part."""
    starts = positions.get(name, []) if name.isalpha() else []
    others = {n for n in names if n != name}
    return bool(starts) and all(any(text.endswith(f"{other} ", 0, i) for other in others) for i in starts)


_KIN_WORDS = "|".join(sorted(PEOPLE_WORDS - {"boss", "manager", "therapist", "coach", "colleague", "flatmate",
                                             "roommate", "neighbour", "neighbor"}))
_KIN_LINK_RES = (re.compile(rf"\b([A-Z][a-z]+),\s+(?i:my\s+(?:{_KIN_WORDS}))\b"),
                 re.compile(rf"\b(?i:my\s+(?:{_KIN_WORDS})),?\s+([A-Z][a-z]+)\b"))
_DATE_BEFORE = re.compile(r"\b(?i:in|on|of|since|until|till|by|from|through|last|next|this|early|late|mid|"
                          r"before|after)\s+$")
_DATE_AFTER = re.compile(r"\s*(?:\d|the\s+\d)")


def kin_linked(texts) -> set[str]:
    """The names the journal links to a family word ("my wife June", "June, my wife"): people
    wherever they stand, even when the word is also a month or a day. Not a word the texts write
    in lower case ("my sister Sunday" is no name)."""
    ordinary = {w for text in texts for w in re.findall(r"\b[a-z][a-z']+\b", text)}
    return {name for text in texts for pattern in _KIN_LINK_RES for name in pattern.findall(text)
            if name.lower() not in ordinary and not is_family_name(name)}


# What marks a name as an organisation or a book (one works *with* a colleague, though: "working
# with Greg" made Greg no one; and one reads *to* someone or reads them a story).
_ORGANISATION_BEFORE = re.compile(
    r"(?i:\bthe|\b(?:role|job|jobs|interview|position|offer|applied|apply|applying)\s+(?:at|with|from|to)"
    rf"|\b(?:works?|working)\s+(?:at|from)|\b{_CLIENT_BEFORE}\s+(?:for|with)"
    r"|\b(?:read|reading|reread|rereading))\s+$")
_NOT_ORGANISATION_AFTER = re.compile(r"[’']s|\s+(?i:a|an|the|his|her|their|some|one)\b")


def _name_positions(text: str) -> dict[str, list[int]]:
    """Where each word of letters stands after whitespace in `text`: one pass, so each name's
    places are looked up rather than searched for through the whole journal."""
    positions: dict[str, list[int]] = defaultdict(list)
    for match in re.finditer(r"(?<=\s)[A-Za-z]+(?!\w)", text):
        positions[match.group(0)].append(match.start())
    return positions


def _as_organisation(name: str, text: str, positions: dict[str, list[int]] | None = None) -> bool:
    """Whether `text` writes `name` as an organisation or a book somewhere. Each place the name
    stands is checked from its left (a search from every "the" of a year's journal took 30 ms a name)."""
    if positions is not None and name.isalpha():
        starts = positions.get(name, [])
    else:
        starts = [match.start() for match in re.finditer(rf"(?<=\s){re.escape(name)}\b", text)]
    for start in starts:
        if (_ORGANISATION_BEFORE.search(text, max(0, start - 40), start)
                and not _NOT_ORGANISATION_AFTER.match(text, start + len(name))):
            return True
    return False


