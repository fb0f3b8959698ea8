"""Entry summaries: a short extractive summary in the writer's own sentences.

Sentences are ranked by centrality (cosine to the mean of the entry's sentence embeddings: the
sentence closest to what the whole entry is about), with a prior for earlier sentences and a bonus
for the ones that say how the day turned out, how the writer felt or what they decided; the chosen
ones are returned in their original order. Nothing is paraphrased, so nothing is invented. A
sentence whose "she" or "him" points back to someone named in an earlier sentence comes with that
sentence, or not at all: "She replied with a heart." alone does not say who (tour_ai 15).
"""

from __future__ import annotations

import re

import numpy as np

from pipelines.highlights import split_sentences
from pipelines.highlights.text import PROMPT_LINE
from pipelines.highlights.wording import named_people

# Spec (part 1, section 4): a summary is requested only when the content length changed by more
# than 150 characters since the last summarised text.
SUMMARY_LENGTH_CHANGE_THRESHOLD = 150
DEFAULT_MAX_SENTENCES = 2
DEFAULT_MAX_CHARS = 300
# Added to centrality: POSITION_PRIOR for the first sentence, falling linearly to 0 for the last.
# Small (centralities spread over ~0.3-0.8), so it only breaks near ties in favour of the opening.
POSITION_PRIOR = 0.05
# And LEAD_BONUS for the opening alone: an entry's opening usually says what it is about ("Finally
# slept 8 hours!", "Ran 6 miles along the river, my longest so far!", "Nan passed this morning."),
# which centrality misses when the rest is about something else (tour_ai 15). The opening is the
# first sentence that is not a fragment: after "Tue 06/01." or "Home." comes what the entry is about.
LEAD_BONUS = 0.05
# And OUTCOME_BONUS for a sentence that says how things went (_OUTCOME), FEELING_BONUS for one that
# says how the writer felt or what they decided (_FEELING): the centroid favours the sentences most
# like the rest, often the scene-setting ones ("Drove Dad to the hospital at 6am." was kept and "The
# surgery went well" dropped, tour_premium 3). Tuned, with LEAD_BONUS, on the even lines of the
# hand-labelled tests/pipelines/data/summary_keys.jsonl (tests/pipelines/test_summaries_keys.py); the
# outcome counts for more, as a summary is first what happened.
OUTCOME_BONUS = 0.1
FEELING_BONUS = 0.05
# A candidate this similar to an already chosen sentence adds nothing.
REDUNDANCY_LIMIT = 0.9
# Fragments shorter than this ("Ugh.", "Woke up late again.") are picked only when nothing else fits:
# MiniLM scores short generic sentences as central as the ones that carry the entry. The opening
# sentence is held to FIRST_MIN_WORDS only: "Finally slept 8 hours!" is the entry's point, "Ugh." not;
# so is one with its own subject: "I slept nine hours." and "He died this morning." are not fragments.
# Dates and times are not words here: "Tues Dec 9 — EXAMS 📚." is a heading, not a sentence.
MIN_WORDS = 5
FIRST_MIN_WORDS = 4
ELLIPSIS = "\u2026"

_LOWER_I = re.compile(r"(?<![\w'])i(?=(?:'[a-z]+)?(?![\w']))")
_TERMINAL = re.compile(r"[.!?\u2026][\"')\]]*$")
# Words a shortened sentence must not end on.
_DANGLING = frozenset(
    "and or but to the a an of for with my your in on at by from so than that as i".split()  # noqa: SIM905
)
# A short line ending in a colon is a list header ("To do:", "Goals for May:", "3 things I'm grateful
# for:"), not content.
_HEADER_WORDS = 6
# A third person named nowhere before it in its sentence needs the sentence that names them.
_PERSON_PRONOUN = re.compile(r"\b(?:she|her|hers|he|him|his)\b", re.IGNORECASE)
_SUBJECT = re.compile(r"(?:I|We|He|She|They)\b")
_STAMP = frozenset(
    "mon monday tue tues tuesday wed weds wednesday thu thur thurs thursday fri friday sat saturday sun "  # noqa: SIM905
    "sunday jan january feb february mar march apr april may jun june jul july aug august sep sept "
    "september oct october nov november dec december am pm a.m p.m".split()
)
_OUTCOME = re.compile(
    r"\b(?:went (?:well|fine|ok|okay|badly|wrong)|worked|finally|passed|failed|died|won|lost|results?|"
    r"diagnosed|signed|hired|cancell?ed|postponed|accepted|rejected|made it|did it|managed|"
    r"said (?:yes|no)|first time|personal best|my (?:best|longest|fastest|furthest|biggest|first))\b",
    re.IGNORECASE,
)
_FEELING = re.compile(
    r"\b(?:feel|feels|felt|feeling|worried|worry|worrying|scared|afraid|frightened|terrified|anxious|"
    r"nervous|dread|proud|relief|relieved|grateful|thankful|happy|glad|sad|angry|furious|annoyed|"
    r"upset|gutted|devastated|exhausted|overwhelmed|lonely|ashamed|guilty|excited|calm|love|loved|"
    r"miss|missed|missing|hurts?|cried|crying|laughed|"
    r"decided|decision|from now on|promised|agreed|made a rule|I will|I'm going to)\b",
    re.IGNORECASE,
)


def summary_sentences(text: str) -> list[str]:
    """The entry's sentences as a summary shows them: list markers and headers stripped, capitalised,
    punctuated.

    `summarize(embeddings=...)` expects one vector per item of this list.
    """
    cleaned: list[str] = []
    for sentence in split_sentences(text or ""):
        sentence = _LOWER_I.sub("I", " ".join(sentence.split()))
        if not any(ch.isalnum() for ch in sentence):
            continue
        if sentence.endswith(":") and len(sentence.split()) <= _HEADER_WORDS:
            continue
        if prompt := PROMPT_LINE.match(sentence):  # "What would make today great: a walk with Mom"
            sentence = sentence[prompt.end():].strip()
            if not any(ch.isalnum() for ch in sentence):
                continue
        sentence = sentence[:1].upper() + sentence[1:]
        if not _TERMINAL.search(sentence):
            sentence = sentence.rstrip(",;:-\u2013\u2014 ") + "."
        cleaned.append(sentence)
    return cleaned


def summarize(
    text: str,
    *,
    max_sentences: int = DEFAULT_MAX_SENTENCES,
    max_chars: int = DEFAULT_MAX_CHARS,
    embeddings: np.ndarray | None = None,
) -> str:
    """An extractive summary of at most `max_sentences` sentences and `max_chars` characters.

    `embeddings`, when given, are the L2-normalised vectors of `summary_sentences(text)` (computed
    once by the caller); otherwise they are computed here with `pipelines.embeddings.embed`. An
    entry that already fits comes back cleaned, without loading the model.
    """
    if max_sentences < 1 or max_chars < 1:
        raise ValueError("max_sentences and max_chars must be at least 1")
    sentences = summary_sentences(text)
    if not sentences:
        return ""
    if len(sentences) <= max_sentences and len(" ".join(sentences)) <= max_chars:
        return " ".join(sentences)
    if len(sentences) == 1:
        return _truncate(sentences[0], max_chars)

    vectors = _sentence_vectors(sentences, embeddings)
    scores = (_centrality(vectors) + _position_prior(len(sentences), _opening(sentences))
              + np.array([_key_bonus(s) for s in sentences]))
    chosen = _choose(sentences, vectors, scores, max_sentences, max_chars)
    if not chosen:  # even the best sentence is longer than max_chars
        return _truncate(sentences[int(np.argmax(scores))], max_chars)
    return " ".join(sentences[i] for i in sorted(chosen))


def _sentence_vectors(sentences: list[str], embeddings: np.ndarray | None) -> np.ndarray:
    if embeddings is None:
        from pipelines.embeddings import embed

        return embed(sentences)
    vectors = np.asarray(embeddings, dtype=np.float32)
    if vectors.ndim != 2 or vectors.shape[0] != len(sentences):
        raise ValueError(
            f"embeddings must have one row per summary sentence ({len(sentences)}), got shape {vectors.shape}"
        )
    return vectors


def _centrality(vectors: np.ndarray) -> np.ndarray:
    centroid = vectors.mean(axis=0)
    norm = float(np.linalg.norm(centroid))
    return vectors @ (centroid / norm) if norm > 0 else np.zeros(len(vectors), dtype=np.float32)


def _position_prior(n: int, opening: int) -> np.ndarray:
    prior = POSITION_PRIOR * (1.0 - np.arange(n) / max(n - 1, 1))
    prior[opening] += LEAD_BONUS
    return prior


def _key_bonus(sentence: str) -> float:
    return OUTCOME_BONUS * bool(_OUTCOME.search(sentence)) + FEELING_BONUS * bool(_FEELING.search(sentence))


def _words(sentence: str) -> int:
    """Words that say something: not dates ("Tue 06/01", "Nov 11"), times ("11:40 pm") or emoji."""
    count, after_date = 0, False
    for word in sentence.split():
        word = word.strip(".,;:!?()\"'")
        date = word.lower() in _STAMP
        count += (word[:1].isalpha() and not date) or (word.isdigit() and not after_date)
        after_date = date
    return count


def _opening(sentences: list[str]) -> int:
    """The first sentence that is not a fragment, or the first when all are."""
    return next((i for i, s in enumerate(sentences) if _words(s) >= FIRST_MIN_WORDS), 0)


def _choose(
    sentences: list[str], vectors: np.ndarray, scores: np.ndarray, max_sentences: int, max_chars: int
) -> list[int]:
    """Best first: a sentence that reads on its own (or whose person is already named), then one
    with the sentence naming its person, then one whose "she" names no one before it; fragments
    after all of those. Within each kind, by score."""

    def short(i: int) -> bool:
        clause = i == opening or _SUBJECT.match(sentences[i])
        return _words(sentences[i]) < (FIRST_MIN_WORDS if clause else MIN_WORDS)

    def fits(picked: list[int]) -> bool:
        return (
            len(chosen) + len(picked) <= max_sentences
            and sum(len(sentences[j]) + 1 for j in chosen + picked) - 1 <= max_chars
            and not any(float(vectors[i] @ vectors[j]) > REDUNDANCY_LIMIT for i in picked for j in chosen)
        )

    def preference(picked: list[int]) -> tuple[bool, int, float]:
        i = picked[-1]
        kind = 2 if named[i] == -1 else len(picked) - 1
        return (short(i), kind, -float(scores[i]))

    opening = _opening(sentences)
    named = {i: antecedent(sentences, i) for i in range(len(sentences))}
    chosen: list[int] = []
    while True:
        options = [[i] if named[i] in (None, -1) or named[i] in chosen else [named[i], i]
                   for i in range(len(sentences)) if i not in chosen]
        picked = next((o for o in sorted(options, key=preference) if fits(o)), None)
        if picked is None:
            return chosen
        chosen.extend(picked)


def antecedent(sentences: list[str], i: int) -> int | None:
    """The earlier sentence naming the person sentence `i` calls "she", "her", "he" or "him" before
    naming anyone of that gender itself ("She replied with a heart." after "...photos of me and Hannah..."); None
    when the sentence needs none, -1 when no earlier sentence names a possible person."""
    pronoun = _PERSON_PRONOUN.search(sentences[i])
    if pronoun is None:
        return None
    want = "f" if pronoun.group(0).lower() in ("she", "her", "hers") else "m"
    # A name before it in the sentence answers it only when it can be that person: "Dr Ahmed sent
    # her straight back into hospital" names Dr Ahmed, not the "her" (June, named the sentence before).
    if any(start < pronoun.start() and gender in (want, None) for start, _, gender in _named(sentences[i])):
        return None
    for j in range(i - 1, -1, -1):
        if any(gender in (want, None) for _, _, gender in _named(sentences[j])):
            return j
    return -1


_POSSESSOR = re.compile(r"\b([A-Z][a-z]+)['\u2019]s\b")


def _named(sentence: str) -> list[tuple[int, str, str | None]]:
    """The people a sentence names (`named_people`), and a capitalised word with a possessive, which
    is someone whatever the word ("June's hands were shaking"), gender unknown."""
    found = list(named_people(sentence))
    seen = {start for start, _, _ in found}
    found += [(m.start(1), m.group(1), None) for m in _POSSESSOR.finditer(sentence) if m.start(1) not in seen]
    return sorted(found)


def _truncate(sentence: str, max_chars: int) -> str:
    """Shorten at a word boundary, never inside a word, ending with an ellipsis."""
    if len(sentence) <= max_chars:
        return sentence
    cut = sentence[: max_chars - len(ELLIPSIS) + 1]
    words = cut.rsplit(None, 1)[0].split() if " " in cut.strip() else []
    while words and words[-1].lower().strip(",;:-") in _DANGLING:
        words.pop()
    head = " ".join(words).rstrip(",;:-\u2013\u2014 ")
    if not head:  # one token longer than the limit (a pasted link): nothing better than a cut
        head = sentence[: max_chars - len(ELLIPSIS)]
    return f"{head}{ELLIPSIS}"


# -- a summary of several entries ----------------------------------------------------------------

# A block of a pasted text that opens with a date is an entry (closed grammar: numeric dates, a
# weekday and/or a month with its day number): "08/03/2026", "2026-08-03", "Tue 5 March",
# "March 5, 2026", "Friday 9/5".
_WEEKDAY = r"(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?"
_MONTH = (r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?")
_DATE_LEAD = re.compile(
    rf"^\s*(?:{_WEEKDAY}\s+)?(?:\d{{4}}-\d{{1,2}}-\d{{1,2}}|\d{{1,2}}/\d{{1,2}}(?:/\d{{2,4}})?|"
    rf"\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}(?:\s+\d{{4}})?|{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?)"
    rf"(?=[\s:.,\u2014\u2013-]|$)[\s:.,\u2014\u2013-]*",
    re.IGNORECASE,
)
# Sentences of each entry's part of a summary of several.
ENTRY_SENTENCES = 1


def split_entries(text: str) -> list[tuple[str, str]]:
    """The entries of a text that holds several, each `(date as written, text)`: blocks separated by
    a blank line or starting on a line of their own that each open with a date. A text with fewer
    than two such blocks is one entry: `[]`."""
    blocks = [b.strip() for b in re.split(r"\n\s*\n|\n(?=[^\n]*\S)(?=\s*\S)", text or "") if b.strip()]
    starts = [_DATE_LEAD.match(b) for b in blocks]
    if sum(1 for m in starts if m) < 2 or not starts[0]:
        return []
    entries: list[tuple[str, list[str]]] = []
    for block, start in zip(blocks, starts, strict=True):
        if start:
            entries.append((start.group(0).strip(" :.,\u2014\u2013-"), [block[start.end():]]))
        else:  # a paragraph of the entry above
            entries[-1][1].append(block)
    return [(day, "\n".join(parts).strip()) for day, parts in entries]


def summarize_entries(entries: list[tuple[str, str]], *, sentences_each: int = ENTRY_SENTENCES,
                      max_chars_each: int = DEFAULT_MAX_CHARS) -> str:
    """A summary of several entries that covers each of them: for every entry, in order, its date
    and its own summary (`summarize`, so a "she" comes with the sentence naming her or not at all).
    Five entries give five parts, not two sentences of one."""
    parts = []
    for day, text in entries:
        summary = summarize(text, max_sentences=sentences_each, max_chars=max_chars_each)
        if summary:
            parts.append(f"{day}: {summary}" if day else summary)
    return " ".join(parts)


def summarize_text(text: str) -> str:
    """What the summary endpoint returns for a pasted text: one entry's summary, or, when the text
    holds several dated entries, a summary that covers each (`summarize_entries`)."""
    entries = split_entries(text)
    return summarize_entries(entries) if entries else summarize(text)


def needs_new_summary(old_length: int | None, new_length: int) -> bool:
    """Spec rule: summarise again only when the length moved by more than 150 characters."""
    if old_length is None:
        return True
    return abs(new_length - old_length) > SUMMARY_LENGTH_CHANGE_THRESHOLD
