"""The local provider's answers to questions about the journal: only the user's own words,
quoted with their dates (chat and "Ask AI for Help", through `api.journal.chat`)."""

from __future__ import annotations

import hashlib
import re
import threading
from collections import Counter, OrderedDict

import numpy as np

from pipelines.embeddings import EMBEDDING_DIM, embed
from pipelines.highlights import split_sentences
from pipelines.providers.base import Passage

# A retrieved passage must be at least this similar to the question to be quoted in an answer
# (on the corpus' dev entries, questions an entry answers score 0.45-0.75 with it, unrelated
# questions under 0.30); a passage that names a name or a word of 5+ letters the question names
# needs only NAMED_MIN_SCORE (the embedding model reads names weakly: "How is Mark?").
ANSWER_MIN_SCORE = 0.35
NAMED_MIN_SCORE = 0.2
NO_ANSWER = "I couldn't find anything in your journal about that yet."
# Entries quoted in an answer score at least this share of the best-matching entry's score.
QUOTE_RELATIVE = 0.8

# -- answers ---------------------------------------------------------------------------------
# A question about moods in general ("How has my mood changed?", "How have I been feeling lately?") is
# answered from how the stored moods went; one about a single feeling ("What was I worried about?",
# "When was I exhausted?") from the entries whose stored mood is that feeling. Any other question
# with "feel" in it ("When did I feel proud?") is a question about a topic: retrieval answers it.
_MOOD_QUESTION = re.compile(
    r"\b(?:moods?|emotions?|emotional|happier|sadder|feelings)\b|\bbeen\s+feeling\b"
    r"|\bhow\s+(?:have|did|do|am)\s+i\s+(?:been\s+)?fe(?:el|lt|eling)\b"
    r"|\bfe(?:el|eling|lt)\s+(?:lately|recently|overall|better|worse)\b",
    re.IGNORECASE,
)
_FEELINGS = {
    "Anxious": r"worried|worrying|worry|worries|anxious|anxiety|nervous|stressed|scared|afraid|panic|panicked|panicky|uneasy|terrified",
    "Happy": r"happy|glad|joyful|cheerful|delighted",
    "Sad": r"sad|unhappy|depressed|miserable|lonely|heartbroken",
    "Angry": r"angry|annoyed|furious|frustrated|irritated|livid|fuming",
    "Tired": r"tired|exhausted|drained|shattered|knackered|worn\s+out",
    "Loving": r"loving|affectionate",
}
_FEELING = {mood: re.compile(rf"\b(?:{words})\b", re.IGNORECASE) for mood, words in _FEELINGS.items()}
_QUESTION_NAME = re.compile(r"(?<!^)\b[A-Z][a-z]+\b")
# Words of a question that say nothing about its topic.
_QUESTION_WORDS = frozenset(["about", "after", "again", "always", "before", "being", "could", "doing", "during", "every", "going", "happen", "happened", "journal", "never", "often", "should", "since", "there", "these", "thing", "things", "think", "those", "today", "usually", "wants", "where", "which", "while", "would", "write", "wrote", "written", "really"])


def asked_feeling(question: str) -> str | None:
    """The one mood a question asks about ("What was I worried about?" -> Anxious); None for a
    question about moods in general, about two feelings, or about none."""
    if _MOOD_QUESTION.search(question):
        return None
    found = [mood for mood, pattern in _FEELING.items() if pattern.search(question)]
    return found[0] if len(found) == 1 else None


def is_mood_question(question: str) -> bool:
    """"How has my mood changed?", "Have I been feeling better?", "What was I worried about?":
    answered from the stored moods, not by retrieval."""
    return bool(_MOOD_QUESTION.search(question)) or asked_feeling(question) is not None


# In one entry's chat ('Ask something about this entry...'), a question that points at that entry
# ("What happened that day?", "Summarise this entry", "How did I feel?" with nothing after it but
# "then", "here" or "that day") is answered from the entry first; a question about the journal as a
# whole ("How have I been feeling lately?", "What was I worried about?") still retrieves over all.
_ENTRY_QUESTION = re.compile(
    r"\b(?:this|that|the\s+same)\s+(?:entry|day|morning|afternoon|evening|night|page|note)\b"
    r"|\bwhen\s+i\s+wrote\s+(?:this|that|it)\b|\bin\s+here\b"
    r"|^\W*(?:how|what)\s+(?:did|was)\s+i\s+(?:feel|feeling|seem)(?:\s+(?:then|here|there))?\W*$"
    r"|^\W*what\s+(?:was|were)\s+my\s+(?:mood|feelings?)(?:\s+(?:then|here|there))?\W*$",
    re.IGNORECASE,
)


def is_entry_question(question: str) -> bool:
    """Whether a question asked in an entry's chat is about that entry rather than the journal."""
    return bool(_ENTRY_QUESTION.search(question.strip()))


def compose_entry_answer(question: str, entry: Passage, others: list[Passage]) -> str:
    """The answer to a question about the open entry: its date, its mood and its sentence closest to
    the question; for a question about how the writer felt, how the moods went across the journal
    after it (from `others`, the recent entries with their moods), so the day is seen in its trend."""
    sentence = _with_next(entry, _best_sentences(question, [entry])[0])
    if entry.mood:
        head = f'On {entry.date} your mood was {entry.mood}. You wrote: "{sentence}"'
    else:
        head = f'On {entry.date} you wrote: "{sentence}"'
    if not is_mood_question(question):
        return head
    trend = _mood_answer([entry, *(p for p in others if p.entry_id != entry.entry_id)])
    return head if trend == NO_ANSWER else f"{head}\n\n{trend}"


def _with_next(passage: Passage, sentence: str) -> str:
    """A sentence of under four words that opens the entry ("At Mum's.") quoted with the next one."""
    sentences = [s.strip() for s in split_sentences(passage.text)]
    if len(sentence.split()) >= 4 or sentence not in sentences or sentence == sentences[-1]:
        return sentence
    return f"{sentence} {sentences[sentences.index(sentence) + 1]}"


def _feeling_answer(question: str, feeling: str, passages: list[Passage]) -> str:
    """Up to three entries about `feeling`: first the latest whose own words name it ("worried
    about everything at once"; not someone else's: "she sounded cheerful"), each quoted by that
    sentence, then the latest whose stored mood is `feeling`, quoted by the sentence closest to the
    question; each with its date, and the mood when it is the one stored. A stored mood can be
    wrong for what was written (the tour: the happiest entry, labelled Anxious, came first)."""
    latest = sorted(passages, key=lambda p: _sortable(p.date), reverse=True)
    named: dict[str, str] = {}
    for p in latest:
        said = [s.strip() for s in split_sentences(p.text) if _names_own_feeling(s, feeling)]
        if said:
            named[p.entry_id] = _with_context(p, said[0])
    labelled = [p for p in latest if p.mood == feeling and p.entry_id not in named][:3]
    chosen = sorted([p for p in latest if p.entry_id in named][:3] + labelled,
                    key=lambda p: p.entry_id not in named)[:3]
    if not chosen:
        return NO_ANSWER
    closest = dict(zip((p.entry_id for p in labelled), _best_sentences(question, labelled), strict=True)) if labelled else {}
    return "Here is what your journal says:\n" + "\n".join(
        f'On {p.date}{f" ({feeling})" if p.mood == feeling else ""} you wrote: '
        f'"{named.get(p.entry_id) or closest[p.entry_id]}"' for p in chosen)


def _names_own_feeling(sentence: str, feeling: str) -> bool:
    """Whether a sentence names `feeling` as the writer's: not after he, she or they."""
    found = _FEELING[feeling].search(sentence)
    return bool(found) and not re.search(r"\b(?:he|she|they|his|her|their)\b", sentence[:found.start()], re.IGNORECASE)


def _mood_answer(passages: list[Passage]) -> str:
    """How the moods of the dated entries compare, the earlier half against the later half."""
    dated = [p for p in passages if p.mood]
    if len(dated) < 2:
        return NO_ANSWER
    dated.sort(key=lambda p: _sortable(p.date))
    half = len(dated) // 2
    earlier, later = dated[:half], dated[half:]

    def named(moods: list[str], count: int) -> str:
        names = moods[0] if len(moods) == 1 else ", ".join(moods[:-1]) + " and " + moods[-1]
        return f"{names} ({count}{' each' if len(moods) > 1 else ''})"

    def mix(part: list[Passage]) -> str:
        """"all Happy (3)", "mostly Happy (2 of 3), then Sad (1)", "most often Happy (3 of 10), then
        ...", "a mix of Anxious, Tired and Happy, 1 each", "a mix of Sad and Tired (2 each), then Happy
        (1)" ("mostly Anxious 1, Tired 1, Happy 1" and "a mix: Tired 2, Neutral 2, Angry 1" read oddly)."""
        counts = Counter(p.mood for p in part).most_common()[:3]
        (top, most) = counts[0]
        if len(counts) == 1:
            return f"all {top} ({most})"
        tiers = [(n, [m for m, c in counts if c == n]) for n in sorted({c for _, c in counts}, reverse=True)]
        leaders = tiers[0][1]
        then = ", ".join(named(moods, n) for n, moods in tiers[1:])
        if len(leaders) == 1:  # "mostly" is more than half; 3 of 10 is "most often"
            lead = "mostly" if 2 * most > len(part) else "most often"
            return f"{lead} {top} ({most} of {len(part)}), then {then}"
        if len(tiers) == 1:
            return f"a mix of {', '.join(leaders[:-1])} and {leaders[-1]}, {most} each"
        return f"a mix of {named(leaders, most)}, then {then}"

    lines = [
        f"From {earlier[0].date} to {earlier[-1].date} your entries were {mix(earlier)};",
        f"from {later[0].date} to {later[-1].date}, {mix(later)}.",
    ]
    return "Here is how your moods have gone:\n" + "\n".join(lines)


def _sortable(day: str) -> tuple[int, ...]:
    parts = [int(x) for x in re.findall(r"\d+", day)]
    return (parts[2], parts[0], parts[1]) if len(parts) == 3 and parts[2] > 31 else tuple(parts)


# "What do I do to relax?", "What helps me sleep?", "What makes me laugh?", "When do I feel calm?",
# "How do I unwind?": a question about what works for the writer. Ranked on whole entries, such a
# question was answered by an entry whose every sentence is off the point ("What do I do to relax?"
# -> "Slept badly.": a short entry is all one topic, so the whole entry scores high), or by the
# trouble itself ("What helps me sleep?" -> "Slept badly."). It is answered from sentences: the one
# quoted must itself be close to the question, and for what helps, not a report of the trouble.
_HELP_QUESTION = re.compile(
    r"^\W*(?:what|which\s+things?)\s+(?:do|did|can)\s+i\s+(?:usually\s+)?do\s+(?:to|for|when)\s+\S"
    r"|^\W*what\s+(?:usually\s+|really\s+)?(?:helps?|helped|works?|worked)\s+(?:for\s+)?me\s+\S"
    r"|^\W*how\s+do\s+i\s+(?:usually\s+)?(?:relax|unwind|de-?stress|calm\s+down|switch\s+off|cope|recharge|sleep)\b",
    re.IGNORECASE,
)
# "When do I feel calm?", "What makes me laugh?": after the stored moods had their say ("When do I
# feel stressed?" is answered from the Anxious entries), answered from sentences too.
_WHEN_QUESTION = re.compile(
    r"^\W*what\s+(?:usually\s+|really\s+)?(?:makes?|made)\s+me\s+\S"
    r"|^\W*when\s+do\s+i\s+(?:usually\s+)?(?:feel|get|am|seem)\s+\S",
    re.IGNORECASE,
)
# A question about a bad time ("When do I feel overwhelmed?") is answered by the trouble itself.
_HEAVY_TOPIC = re.compile(r"\b(?:overwhelmed|low|down|upset|hurt|guilty|ashamed|stuck|lost|empty|tense|bad|worse|"
                          r"awful|rubbish|cry|crying|panic)\b", re.IGNORECASE)
# A sentence that reports the trouble ("Slept badly.", "Couldn't switch off.") answers no question
# about what helps, unless it also says what eased it ("...but the walk helped").
_TROUBLE = re.compile(
    r"\b(?:badly|barely|hardly|poorly|couldn'?t|could\s+not|can'?t\s+(?:sleep|relax|settle|switch|stop|cope|"
    r"unwind|rest|calm)|didn'?t|wasn'?t|no\s+sleep|awake|restless|insomnia|rough|awful|terrible|worse|"
    r"kept\s+racing|tossing|sleepless|wound\s+up|on\s+edge|too\s+\w+(?:\s+\w+)?\s+to)\b",
    re.IGNORECASE,
)
_RELIEF = re.compile(r"\b(?:help(?:s|ed)?|better|eased|soothing|lovely)\b", re.IGNORECASE)
# A quoted sentence must score at least this with the question (on a ten-entry journal, sentences
# that answer "What do I do to relax?" scored 0.31-0.38, "Slept badly." 0.28).
HELP_SENTENCE_MIN = 0.30
# Sentences are scored lower than whole entries and closer together: the quoted ones score at least
# this share of the best one ("Read three chapters of my book on the sofa" 0.35 beside "Yoga before
# work." 0.45 for "What do I do to relax?").
HELP_QUOTE_RELATIVE = 0.75


def is_help_question(question: str) -> bool:
    """"What do I do to relax?", "What helps me sleep?", "How do I unwind?"."""
    return bool(_HELP_QUESTION.search(question.strip()))


def _reports_trouble(sentence: str) -> bool:
    return bool(_TROUBLE.search(sentence)) and not _RELIEF.search(sentence)


def _help_answer(question: str, passages: list[Passage], *, skip_trouble: bool = True) -> str:
    """Each retrieved entry's sentence closest to the question that is close enough and (with
    `skip_trouble`) is not a report of the trouble; the entries whose sentence is near the best
    one's, best first."""
    candidates = [p for p in passages if p.score > 0]
    if not candidates:
        return NO_ANSWER
    per_passage = [split_sentences(p.text) or [p.text] for p in candidates]
    vectors = passage_sentence_vectors(question, [(p.entry_id, s) for p, s in zip(candidates, per_passage,
                                                                                    strict=True)])
    qvec, offset, found = vectors[0], 1, []
    for passage, sentences in zip(candidates, per_passage, strict=True):
        scores = vectors[offset:offset + len(sentences)] @ qvec
        offset += len(sentences)
        eligible = [(float(score), sentence.strip()) for score, sentence in zip(scores, sentences, strict=True)
                    if score >= HELP_SENTENCE_MIN and not (skip_trouble and _reports_trouble(sentence))]
        if eligible:
            score, sentence = max(eligible)
            found.append((score, passage, sentence))
    if not found:
        return NO_ANSWER
    found.sort(key=lambda item: -item[0])
    top = found[0][0]
    chosen = [(p, sentence) for score, p, sentence in found if score >= HELP_QUOTE_RELATIVE * top][:3]
    return "Here is what your journal says:\n" + "\n".join(f'On {p.date} you wrote: "{_with_context(p, sentence)}"'
                                                            for p, sentence in chosen)


def _with_context(passage: Passage, sentence: str) -> str:
    """A sentence of under four words ("Bliss.") says little alone: quoted with the one before it."""
    sentences = [s.strip() for s in split_sentences(passage.text)]
    if len(sentence.split()) >= 4 or sentence not in sentences or sentences.index(sentence) == 0:
        return sentence
    return f"{sentences[sentences.index(sentence) - 1]} {sentence}"


# -- a question about a person or a thing ---------------------------------------------------------
# "What's going on with Greg?", "Am I sleeping better?", "Did I finish the vendor report?": the one
# sentence closest to the question gave a false picture (the tour: only the one kind remark about
# Greg; the report "to finish" without the later "Sent the vendor report"). Such a question is
# answered from every entry with a sentence about its topic, in date order.
_TOPIC_FILLER = frozenset("""
about after again all also and any anything are been before being better but can could did does doing
done ever everything feel feeling felt finish finished for from get got going had has have how last
lately less many more much never next now often really recently said say should still tell than that
the then there these they this those thought think today usually was way week were what when where
which while who why will with worse would write wrote written yet you your journal entry entries
thing things stuff happen happened happening going life time day
""".split())  # noqa: SIM905
_RELATIONS = re.compile(r"sister|brother|mum|mom|mother|dad|father|wife|husband|partner|boyfriend|girlfriend|"
                        r"boss|manager|friend|son|daughter|flatmate|roommate|colleague|neighbour|neighbor")
# A sentence is about the topic when it names every topic word (or the person a relation names), or,
# with 3 words or more, scores at least this with the topic words (on the tour's journal, "sleeping"
# scored its 5 sleep sentences 0.44-0.58 and no other of 3+ words above 0.39; "dog", "cat",
# "dentist", "asdfgh" peaked at 0.30-0.37, on one-word sentences like "Nervous.").
TOPIC_SENTENCE_MIN = 0.40
# "Who did I go running with?", "Where did I stay?": after one fact, not everything about the topic.
_FACT_QUESTION = re.compile(r"^\W*(?:who|whom|whose|where|which|when|how\s+(?:many|much|long|far|often))\b",
                            re.IGNORECASE)
TOPIC_QUOTED = 5


def topic_words(question: str) -> list[str]:
    """What a question is about: its words of three letters or more that are not question words
    ("Am I sleeping better?" -> sleeping; "Who was there?" -> nothing)."""
    return [w for w in dict.fromkeys(re.findall(r"[^\W\d_]{3,}", question.lower())) if w not in _TOPIC_FILLER]


def related_names(words: list[str], texts: list[str]) -> list[str]:
    """The names the journal gives a relation the question names ("my sister" -> Hannah, from "my
    sister Hannah"), so a question about her finds the entries that only say "Hannah"."""
    found: list[str] = []
    for word in words:
        if _RELATIONS.fullmatch(word):
            found += [m for t in texts for m in re.findall(rf"\b(?i:my\s+{word})\s+([A-Z][a-z]+)", t)]
    return list(dict.fromkeys(found))


def _stem(word: str) -> str:
    """"sleeping" -> sleep, "running" -> run, "goals" -> goal: matched as a word's start."""
    for suffix in ("ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    return word[:-1] if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls" else word


def _topic_answer(question: str, passages: list[Passage]) -> str | None:
    """Every entry with a sentence about the question's topic, oldest first, each quoted by its
    sentence closest to the topic; None when no entry has one."""
    words = topic_words(question)
    if not words or len(words) > 3 or not passages or _FACT_QUESTION.search(question):
        return None
    names = related_names(words, [p.text for p in passages])
    stems = [_stem(w) for w in words if not (names and _RELATIONS.fullmatch(w))]
    per_passage = [split_sentences(p.text) or [p.text] for p in passages]
    vectors = passage_sentence_vectors(" ".join(words), [(p.entry_id, s) for p, s in zip(passages, per_passage,
                                                                                          strict=True)])
    qvec, offset, found = vectors[0], 1, []

    def about(sentence: str, score: float) -> bool:
        if any(re.search(rf"\b{n}\b", sentence) for n in names):
            return True
        if stems and all(re.search(rf"\b{re.escape(st)}", sentence, re.IGNORECASE) for st in stems):
            return True
        return len(sentence.split()) >= 3 and score >= TOPIC_SENTENCE_MIN

    for passage, sentences in zip(passages, per_passage, strict=True):
        scores = vectors[offset:offset + len(sentences)] @ qvec
        offset += len(sentences)
        eligible = [(float(score), s.strip()) for score, s in zip(scores, sentences, strict=True) if about(s, score)]
        if eligible:
            found.append((passage, max(eligible)[1]))
    if not found:
        return None
    found.sort(key=lambda item: _sortable(item[0].date))
    lines = [f'On {p.date} you wrote: "{_with_context(p, sentence)}"' for p, sentence in found[-TOPIC_QUOTED:]]
    more = len(found) - TOPIC_QUOTED
    tail = [f"...and {more} earlier {'entry' if more == 1 else 'entries'} about it."] if more > 0 else []
    return "Here is what your journal says, oldest first:\n" + "\n".join(lines + tail)


def compose_answer(question: str, passages: list[Passage]) -> str:
    """An answer made only of the user's own words, quoted with their dates. Never invents."""
    if is_help_question(question):  # "What helps me when I'm anxious?" asks what helps, not when
        return _help_answer(question, passages)
    feeling = asked_feeling(question)
    if feeling and any(p.mood for p in passages):
        return _feeling_answer(question, feeling, passages)
    if is_mood_question(question) and any(p.mood for p in passages):
        return _mood_answer(passages)
    if _WHEN_QUESTION.search(question.strip()):
        return _help_answer(question, passages, skip_trouble=not (_HEAVY_TOPIC.search(question)
                                                                  or _TROUBLE.search(question) or feeling))
    about_topic = _topic_answer(question, passages)
    if about_topic is not None:
        return about_topic
    names = {n.lower() for n in _QUESTION_NAME.findall(question)} | {
        w for w in re.findall(r"[a-z]{5,}", question.lower()) if w not in _QUESTION_WORDS}

    def relevant_enough(p: Passage) -> bool:
        if p.score >= ANSWER_MIN_SCORE:
            return True
        return p.score >= NAMED_MIN_SCORE and any(re.search(rf"\b{re.escape(n)}\b", p.text, re.IGNORECASE)
                                                   for n in names)

    relevant = sorted((p for p in passages if relevant_enough(p)), key=lambda p: -p.score)
    if not relevant:
        return NO_ANSWER
    # Quote only what answers the question: entries close to the best match (ranked on the whole
    # entry, which carries more context than any one sentence), never the merely recent.
    top = relevant[0].score
    chosen = [p for p in relevant if p.score >= QUOTE_RELATIVE * top][:3]
    return "Here is what your journal says:\n" + "\n".join(
        f'On {p.date} you wrote: "{sentence}"' for p, sentence in zip(chosen, _best_sentences(question, chosen),
                                                                  strict=True))


def _best_sentences(question: str, chosen: list[Passage]) -> list[str]:
    """Each passage's sentence closest in meaning to the question."""
    per_passage = [split_sentences(p.text) or [p.text] for p in chosen]
    vectors = passage_sentence_vectors(question, [(p.entry_id, s) for p, s in zip(chosen, per_passage, strict=True)])
    qvec, offset, best = vectors[0], 1, []
    for sentences in per_passage:
        scores = vectors[offset:offset + len(sentences)] @ qvec
        offset += len(sentences)
        best.append(sentences[int(np.argmax(scores))].strip())
    return best


# (entry id, digest of a sentence of it) -> the sentence's vector, most recently used last.
_sentences: OrderedDict[tuple[str, bytes], np.ndarray] = OrderedDict()
_sentences_lock = threading.Lock()
SENTENCES_KEPT = 20_000  # about 30 MB of vectors at most


def _sentence_key(entry_id: str, sentence: str) -> tuple[str, bytes]:
    return entry_id, hashlib.blake2b(sentence.encode(), digest_size=16).digest()


def forget_sentence_vectors() -> None:
    """Drop every kept sentence vector (the benchmark's "cold" chat: what each chat cost before)."""
    with _sentences_lock:
        _sentences.clear()


def passage_sentence_vectors(question: str, passages: list[tuple[str, list[str]]]) -> np.ndarray:
    """The question's vector, then every sentence's of the passages in order: `embed([question,
    *sentences])`, with the sentences' vectors kept in this process per entry and sentence.

    A chat quotes the entries closest to the question, and a person asks about the same entries
    again and again: their sentences went through the model on every question. Kept per entry (an
    entry is one user's), not per text, so no user's chat is cheaper for what another user wrote;
    an edited entry's new sentences are new keys (the old ones age out). The question's vector comes
    from the caller's when it made one (`embedded_together`), otherwise from the model with the
    sentences not kept yet, in one call."""
    keys = [_sentence_key(entry_id, s) for entry_id, sentences in passages for s in sentences]
    texts = [s for _, sentences in passages for s in sentences]
    found: dict[int, np.ndarray] = {}
    with _sentences_lock:
        for i, key in enumerate(keys):
            vector = _sentences.get(key)
            if vector is not None:
                _sentences.move_to_end(key)
                found[i] = vector
    missing = [i for i in range(len(keys)) if i not in found]
    computed = embed([question, *(texts[i] for i in missing)])
    if missing:
        with _sentences_lock:
            for row, i in enumerate(missing, start=1):
                found[i] = computed[row]
                _sentences[keys[i]] = computed[row]
            while len(_sentences) > SENTENCES_KEPT:
                _sentences.popitem(last=False)
    vectors = np.zeros((len(keys) + 1, EMBEDDING_DIM), dtype=np.float32)
    vectors[0] = computed[0]
    for i, vector in found.items():
        vectors[i + 1] = vector
    return vectors
