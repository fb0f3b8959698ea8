"""Whether a sentence of a journal is about the writer's work, read in context rather than by the
word "work": "The Atlas test run failed" names no work word and is work, "I need to stop working
in bed" names one and is not (both seen on a tour, where Career listed the bedtime rule as work).

A sentence is work when it says so itself (an office, a boss, a client, a meeting, a deadline, a
shift, students marked...; "work" in its sense of the job: `JOB_WORK_RE`), or names a name from
the CV (its employer, a project it lists), a colleague (someone the journal writes about mostly in
such entries), or a work subject (a phrase recurring mostly in them: "Atlas", "the cutover", or
one the CV states: "product strategy")."""

from __future__ import annotations

import re
from collections.abc import Callable

from pipelines.highlights import split_sentences
from pipelines.themes import (
    JOB_WORK_RE,
    STOP_WORDS,
    WORK_WORDS,
    is_family_name,
    lowercase_words,
    normalise_word,
    people_by_text,
    recurring_themes,
    words_of,
)

# Words a sentence about someone's job writes: its places, people, events and objects.
WORK_CUE_RE = re.compile(r"""(?ix)\b(?:
    office|boss|manager|colleagues?|co-?workers?|clients?|stakeholders?|meetings?|deadlines?|shifts?|jobs?|
    careers?|promot(?:ion|ed)|salary|payroll|appraisal|performance\s+review|interview(?:s|ed)?|presentations?|
    kick-?off|stand-?ups?|sprints?|project\s+plan|analysts?|handover|rota|agenda|teams?|(?:my|new|next)\s+role|
    students?|pupils?|patients?|classroom|lesson\s+plans?|(?:plan|planned|planning)\s+the\s+lessons|
    marking|marked\s+(?:\w+\s+){0,3}(?:essays|papers|exams|tests|books|coursework)|parents['’]?\s+evening|
    year\s+\d+\s+class
)\b""")
# A colleague is someone whose entries are mostly work entries, a work subject a phrase whose
# entries are: more than this share of them.
WORK_SHARE = 0.5
MIN_SUBJECT_ENTRIES = 2
SUBJECTS_READ = 40


def cv_names(resume: str | None) -> set[str]:
    """The CV's own names (its employer, the projects it lists: "Northway", "Atlas"): capitalised
    words inside a line that are no ordinary word."""
    if not resume:
        return set()
    ordinary = lowercase_words([])
    return {w.lower() for line in resume.splitlines() for w in re.findall(r"(?<=[\w,(] )[A-Z][a-z]{2,}\b", line)
            if w.lower() not in ordinary}


def _key_words(text: str) -> set[str]:
    return {normalise_word(w) for w in words_of(text)} - STOP_WORDS


def work_reader(entries, resume: str | None = None) -> Callable[[str], bool]:
    """A test of "is this sentence about the writer's work?" for these entries (`.id`, `.content`)."""
    names = cv_names(resume)
    cv_words = _key_words(resume or "")

    def says_so(sentence: str) -> bool:
        return bool(WORK_CUE_RE.search(sentence) or JOB_WORK_RE.search(sentence)
                    or names & {w.lower() for w in words_of(sentence)})

    texts = [e.content for e in entries]
    work = {e.id for e in entries if any(says_so(s) for s in split_sentences(e.content))}

    def mostly_work(ids) -> bool:
        ids = set(ids)
        return len(ids) >= MIN_SUBJECT_ENTRIES and len(ids & work) > WORK_SHARE * len(ids)

    people, named_in = people_by_text(texts)  # one pass per entry, not per name
    entries_naming: dict[str, list] = {}
    for entry, found in zip(entries, named_in, strict=True):
        for name in found:
            entries_naming.setdefault(name, []).append(entry.id)
    colleagues = {name.lower() for name in people if not is_family_name(name)
                  and mostly_work(entries_naming.get(name, []))}
    named = {name.lower() for name in people}
    work |= {e.id for e in entries if colleagues & {w.lower() for w in words_of(e.content)}}
    subjects = [t.key for t in recurring_themes(entries, limit=SUBJECTS_READ)
                if t.title.lower() not in named and not is_family_name(t.title) and not WORK_WORDS & set(t.key)
                and (mostly_work(t.entry_ids) or set(t.key) - STOP_WORDS <= cv_words)]

    def is_work(sentence: str) -> bool:
        if says_so(sentence) or colleagues & {w.lower() for w in words_of(sentence)}:
            return True
        words = [normalise_word(w) for w in words_of(sentence)]
        return any(any(tuple(words[i:i + len(key)]) == key for i in range(len(words) - len(key) + 1))
                   for key in subjects)

    return is_work
