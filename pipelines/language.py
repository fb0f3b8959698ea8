"""Closed-class English the analysis core shares: the words no model learns better than a list,
kept once here for every module that needs them (highlights, mood, the lab's scoring).

Everything here is a closed class (weekdays, months, pronouns, function words, modal verbs, the
verbs that report speech, words for family) or the small grammar built on them (turning the
writer's "I" into the reader's "you"). Open-class knowledge (which clause states an intention,
which words carry a mood) is learned from the labelled corpus, not listed here.
"""

from __future__ import annotations

import re


def words(text: str) -> frozenset[str]:
    """A whitespace-separated word list as a set."""
    return frozenset(text.split())


WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
# Calendar words written with a capital that name no one: what a name finder skips.
CALENDAR_WORDS = frozenset(WEEKDAYS) | frozenset(MONTHS) | words(
    "mon tue tues wed thu thur thurs fri sat sun jan feb mar apr jun jul aug sep sept oct nov dec "
    "today tomorrow tonight yesterday christmas easter halloween"
)

# Numbers written as words, cardinal and ordinal, and the words that count like them: never a name
# ("Twenty years old and ...") and never a topic ("the seven minutes", "twenty quid").
NUMBER_WORDS = words(
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
    "eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million half dozen "
    "couple few several first second third fourth fifth sixth seventh eighth ninth tenth"
)

# Function words: articles, pronouns, auxiliaries, prepositions and conjunctions.
STOP_WORDS = words(
    "a an the and or but nor so yet if then than that this these those there here it its it's "
    "i me my mine myself we us our ours ourselves you your yours yourself he him his himself she her hers "
    "herself they them their theirs themselves who whom whose which what when where why how "
    "am is are was were be been being have has had having do does did doing will would shall should "
    "can could may might must ought to of in on at by for with about from into onto over under up down "
    "out off again just also too very really not no as all any some each every both few more most other "
    "such only own same i'm i've i'll i'd we're we've we'll you're he's she's they're don't doesn't didn't "
    "won't can't isn't aren't wasn't weren't"
)

# Pronouns that stand for a person or a thing named elsewhere in the entry.
PERSON_PRONOUNS = words("he him his she her hers they them their")
OBJECT_PRONOUNS = words("him her them it")
# Adverb particles and time words that follow an object pronoun ("ring her back", "see him soon").
PARTICLES = words("back up out about over off round around again soon later first tomorrow today tonight now")

# The writer's words for themselves, turned into the reader's when a span becomes an instruction
# ("ring my sister" -> "Ring your sister"). Longest first, matched whole, case kept on the first letter
# except for "I" and its forms, which are written with a capital wherever they stand.
FIRST_TO_SECOND = {
    "i am": "you are", "i was": "you were", "i'm": "you're", "i've": "you've", "i'll": "you'll", "i'd": "you'd", "im": "you're", "ive": "you've",
    "myself": "yourself", "ourselves": "yourselves", "mine": "yours", "ours": "yours",
    "my": "your", "our": "your", "me": "you", "us": "you", "i": "you", "we": "you",
}
_FIRST_PERSON = re.compile(r"\b(" + "|".join(sorted(map(re.escape, FIRST_TO_SECOND), key=len, reverse=True))
                           + r")\b", re.IGNORECASE)


def to_second_person(text: str) -> str:
    """The writer's first person turned into the reader's second ("my" -> "your", "I'll" -> "you'll")."""
    def swap(m: re.Match[str]) -> str:
        word = m.group(1)
        out = FIRST_TO_SECOND[word.lower()]
        return out[:1].upper() + out[1:] if word[:1].isupper() and word[:1] != "I" else out

    return _FIRST_PERSON.sub(swap, text)


# Modal and semi-modal verbs and the ways a writer says "I intend to" before an action: a closed
# class, read only to turn a found span into an instruction (the detector decides what is one).
INTENTION_MARKERS = (
    "need to", "needs to", "needed to", "need", "needa", "have to", "has to", "have got to", "'ve got to", "ve got to",
    "got to", "gotta", "must", "should", "shall", "will", "'ll", "ll", "would", "'d", "ought to", "going to", "gonna",
    "finna", "want to", "wanna", "would like to", "'d like to", "plan to", "planning to", "hope to", "intend to",
    "mean to", "try to", "trying to", "tryna", "aim to", "promised to", "remember to", "don't forget to",
    "do not forget to", "remind me to", "must remember to", "have to remember to",
)
# Words that open a note without belonging to what it says: "ok so", "also", "note to self:".
NOTE_OPENERS = (
    "ok", "okay", "ok so", "so", "and", "also", "then", "plus", "oh", "oh and", "still", "but", "right", "anyway",
    "now", "reminder", "note to self", "todo", "to do", "to-do", "tbh", "ngl", "honestly", "really", "definitely",
    "probably", "just", "actually", "finally", "maybe", "perhaps",
)
# Words that begin what a span says about its action rather than the action: "because it's due".
SUBORDINATORS = words("because cos cause coz since although though whereas while unless which who")

# Verbs that report what someone said: a plan after them is that person's ("Mum says I should rest").
REPORTING_VERBS = words(
    "say says said tell tells told ask asks asked reckon reckons reckoned think thinks thought suggest suggests "
    "suggested want wants wanted text texts texted email emails emailed message messages messaged"
)

# Words for family and partners, with the pronoun they take: what a "her" or "him" may refer to.
KIN_WORDS = {
    **dict.fromkeys(words(
        "mum mom mam mummy mommy mother mama ma nan nana nanna gran granny grandma grandmother sister sis "
        "auntie aunty aunt wife girlfriend daughter niece stepmum stepmom"
    ), "female"),
    **dict.fromkeys(words(
        "dad daddy father papa pa grandad granddad grandpa grandfather brother bro uncle husband boyfriend son "
        "nephew stepdad"
    ), "male"),
}
PRONOUN_GENDER = {"her": "female", "she": "female", "hers": "female", "him": "male", "he": "male", "his": "male"}

# Words of hedging and urgency: what sets a highlight's priority.
HEDGES = ("maybe", "perhaps", "someday", "some day", "one day", "eventually", "sometime", "if i have time",
          "if i get time", "no rush", "might", "at some point", "when i can")
URGENCY = ("urgent", "urgently", "asap", "immediately", "right away", "overdue", "deadline", "final notice",
           "last chance", "must")


# -- comparing a highlight with its label --------------------------------------------------------------
# The words two wordings of one intention share: content words in lower case, lightly stemmed, the
# articles, "my/your" and a few function words left out. How the lab matches a predicted highlight
# to a labelled one, and how training finds the clause a label was written for.
MATCH_STOP_WORDS = words(
    "a an the your you yours yourself my me i to of for and or on in at with about up some any this that "
    "these those it its is be"
)
_MATCH_WORD = re.compile(r"[a-z0-9£$€][a-z0-9'£$€-]*")


def _stem(word: str) -> str:
    word = word.strip("'-")
    for suffix in ("'s", "ies", "ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word


def content_words(text: str) -> list[str]:
    return [_stem(w) for w in _MATCH_WORD.findall(text.lower()) if w not in MATCH_STOP_WORDS]


def overlap(a: str, b: str) -> float:
    """F1 of the two texts' content words (multiset overlap): 1 for the same words, 0 for none shared."""
    wa, wb = content_words(a), content_words(b)
    if not wa or not wb:
        return 0.0
    remaining = list(wb)
    common = 0
    for w in wa:
        if w in remaining:
            remaining.remove(w)
            common += 1
    if not common:
        return 0.0
    precision, recall = common / len(wa), common / len(wb)
    return 2 * precision * recall / (precision + recall)
