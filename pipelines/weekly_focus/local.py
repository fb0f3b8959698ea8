"""The local weekly-focus suggester: offline, rules over the user's own material.

Candidates, each grounded in one entry (or a goal or project and the entry it came from):
- an intention the user wrote in a recent entry of the domain (a task or goal the highlight rules
  find in the domain's sentences), "headline" = the intention itself;
- a goal of the domain: take one concrete step toward it;
- an active project of the domain: move it forward;
- what a recent entry of the domain dwells on, with its mood: plan one step about it (a worry),
  or do more of it (something that went well).

A candidate that repeats an open task or a task completed this week (the same intention in other
words, `find_duplicates`) is dropped; so is an intention already completed at any time. The best
remaining one wins: intentions before goals before projects before reflections, each weighted by
how recent its entry is, how clearly it belongs to the domain, its urgency or mood, and how often
the journal comes back to it. Only when the journal holds nothing for the domain, or everything
it holds is already a task, is a general suggestion (`canned`) given, and its "Why now" says so.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from datetime import date

import msgspec

from models.dates import format_entry_date
from pipelines.highlights import extract_highlights, find_duplicates
from pipelines.highlights.done import completed_by, done_statements
from pipelines.mood import predict_mood
from pipelines.weekly_focus.canned import CANNED, general_relevance
from pipelines.weekly_focus.material import FocusEntry, FocusMaterial, recency_weight, similar_entries

NEGATIVE_MOODS = {"Anxious", "Sad", "Angry"}
QUOTE_CHARS = 110
KIND_WEIGHT = {"intention": 1.0, "goal": 0.85, "project": 0.8, "reflection": 0.6}


class FocusDraft(msgspec.Struct, kw_only=True, rename="camel"):
    """One suggestion, as a provider gives it: text is "headline. detail"."""

    text: str
    priority: str
    estimated_time: str
    relevance: str
    entry_id: str | None = None
    general: bool = False


@dataclass
class Candidate:
    kind: str
    core: str  # what the suggestion is about, compared with the open tasks
    headline: str
    detail: str
    priority: str
    estimated_time: str
    entry: FocusEntry | None = None
    entry_id: str | None = None
    day: date | None = None
    quote: str | None = None
    weight: float = 0.0
    tone: str = ""  # a reflection's: "worry", "tired", "good" or "other"
    notes: list[str] = field(default_factory=list)


def clause(text: str) -> str:
    """A text fit to sit inside a headline: one line, no sentence break, no end punctuation."""
    return " ".join(text.replace(". ", ", ").split()).strip(" .;:!?")


def quote(text: str) -> str:
    """Words of an entry to quote: one line, at most QUOTE_CHARS, without end punctuation."""
    text = " ".join(text.split()).rstrip(" .;:!")
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS].rsplit(" ", 1)[0] + "…"


def _intentions(material: FocusMaterial) -> list[Candidate]:
    found = []
    for entry in material.entries:
        for sentence in entry.sentences:
            for h in extract_highlights(sentence.text, today=entry.day):
                action = clause(h.reformulation)
                if h.type == "task":
                    found.append(Candidate(
                        kind="intention", core=action, headline=action,
                        detail="Pick a time for it this week, put it in your calendar and do it in one sitting",
                        priority=h.metadata.priority, estimated_time="30 minutes", entry=entry, quote=sentence.text,
                        weight=sentence.score))
                elif h.type == "goal":
                    found.append(_goal_candidate(action, entry=entry, quote=sentence.text, weight=sentence.score))
    return found


def _goal_candidate(goal: str, **where) -> Candidate:
    return Candidate(
        kind="goal", core=goal, headline=clause(goal),
        detail="Break it into the smallest next action, give it 15 minutes a day this week, and note in your "
               "journal how it went", priority="medium", estimated_time="15 min daily", **where)


def _items(material: FocusMaterial) -> list[Candidate]:
    found = []
    for item in material.goals + material.projects:
        where = {"entry": material.entry(item.entry_id), "entry_id": item.entry_id, "day": item.day}
        if item.kind == "goal":
            found.append(_goal_candidate(item.text, **where))
        else:
            found.append(Candidate(
                kind="project", core=item.text, headline=f"Move “{clause(item.text)}” forward",
                detail="Decide its very next step and spend 30 minutes on it before the week ends",
                priority="medium", estimated_time="30 minutes", **where))
    return found


_REFLECTION_HEADLINES = {
    ("personal", "worry"): "Make time for what is weighing on you",
    ("personal", "tired"): "Protect your rest this week",
    ("personal", "good"): "Do more of what did you good",
    ("personal", "other"): "Follow up on something you wrote about",
    ("professional", "worry"): "Tackle the work worry you wrote about",
    ("professional", "tired"): "Lighten one work commitment this week",
    ("professional", "good"): "Build on what went well at work",
    ("professional", "other"): "Follow up on a work matter you wrote about",
    ("administrative", "worry"): "Clear the admin that has been nagging you",
    ("administrative", "tired"): "Get one chore off your plate",
    ("administrative", "good"): "Keep your admin momentum going",
    ("administrative", "other"): "Deal with an errand you wrote about",
}
_REFLECTION_DETAILS = {
    "worry": "Write down one step that would ease it, and take that step this week",
    "tired": "Say no to one thing or hand it over, and use the time to recover",
    "good": "Plan one more moment like it this week",
    "other": "Decide one next step and take it this week",
}


def _reflections(material: FocusMaterial) -> list[Candidate]:
    found = []
    for entry in material.entries:
        if not entry.sentences:
            continue
        best = max(entry.sentences, key=lambda s: s.score)
        tone = ("worry" if entry.mood in NEGATIVE_MOODS else "tired" if entry.mood == "Tired"
                else "good" if entry.mood in ("Happy", "Loving") and _went_well(best.text) else "other")
        found.append(Candidate(
            kind="reflection", core=best.text, headline=_REFLECTION_HEADLINES[(material.domain, tone)],
            detail=f"On {entry.date} you wrote “{quote(best.text)}”. {_REFLECTION_DETAILS[tone]}",
            priority="high" if tone == "worry" else "medium", estimated_time="20 minutes or less",
            entry=entry, quote=best.text, weight=best.score + (0.1 if tone in ("worry", "tired") else 0.0), tone=tone))
    return found


def _went_well(sentence: str) -> bool:
    """Whether the sentence itself reads as something that went well: a happy day's plain sentence
    ("Prepped interview answers for two hours", prep for another job) was "Build on what went well
    at work" on a tour."""
    return predict_mood(sentence).text in ("Happy", "Loving")


def _stem(word: str) -> str:
    """The crude stem the done statements' words use: no plural "s", the first seven letters."""
    return (word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word)[:7]


def _settled(sentence: str, texts: list[str]) -> bool:
    """Whether one of `texts` says what the sentence is about was dealt with: a done statement that
    names two of its words ("Car insurance went up to £780. Ugh. Paid it")."""
    words = {_stem(w) for w in re.findall(r"[a-z][a-z'-]+", sentence.lower())}
    return any(len(words & set(done.words)) >= 2 for text in texts for done in done_statements(text))


def _score(c: Candidate, material: FocusMaterial) -> float:
    day = c.entry.day if c.entry else c.day
    score = KIND_WEIGHT[c.kind] * (0.5 + 0.5 * recency_weight(day, material.today) if day else 0.5)
    score += 0.2 * c.weight + (0.1 if c.priority == "high" else 0.0)
    return score


def with_headlines(texts: list[str]) -> list[str]:
    """Task texts and, for "headline. detail" ones, their headlines too: a suggestion repeats a task
    when it says the same as its whole text or as its headline."""
    return texts + [t.split(". ", 1)[0] for t in texts if ". " in t]


def _fresh(material: FocusMaterial, candidates: list[Candidate]) -> list[Candidate]:
    """The candidates that repeat no open task and no task done this week (intentions: done ever)."""
    if not candidates:
        return []
    taken = with_headlines(material.open_tasks + material.done_this_week)
    everything = taken + with_headlines(material.done_before)
    by_core = find_duplicates([c.core for c in candidates], everything)
    by_headline = find_duplicates([c.headline for c in candidates], taken)
    kept = []
    for c, core_dup, headline_dup in zip(candidates, by_core, by_headline, strict=True):
        if headline_dup is not None:
            continue
        if core_dup is not None and (core_dup < len(taken) or c.kind == "intention"):
            continue
        kept.append(c)
    return kept


def _not_done_since(material: FocusMaterial, candidates: list[Candidate]) -> list[Candidate]:
    """The candidates no later entry reads as done ("Finally called the council about the tax bill"
    after "Need to call the council"): the part-2 tour's focus had suggested the council tax bill,
    citing as "You came back to it" the very entry that said it was sorted."""
    kept = []
    for c in candidates:
        day = c.entry.day if c.entry is not None else c.day
        later = [e for e in material.entries if day is not None and e.day >= day
                 and (c.entry is None or e.id != c.entry.id)]
        if any(completed_by(e.content, [c.core]) for e in later):
            continue
        # A worry the same entry or a later one says was dealt with is no longer nagging.
        if c.kind == "reflection" and c.tone != "good" and c.entry is not None and _settled(
                c.core, [c.entry.content] + [e.content for e in later]):
            continue
        kept.append(c)
    return kept


def why_now(c: Candidate, material: FocusMaterial) -> str:
    """The "Why now": the entry it came from, by its date and words, and what makes it timely."""
    if c.entry is not None and c.kind == "reflection":
        parts = [f"You wrote this in your entry of {c.entry.date}."]
    elif c.entry is not None:
        parts = [f"From your entry of {c.entry.date}: “{quote(c.quote or c.core)}”."]
    elif c.day is not None:
        made = "set this goal" if c.kind == "goal" else "started this project"
        parts = [f"You {made} in your entry of {format_entry_date(c.day)}."]
    else:
        parts = []
    if c.entry is not None and c.entry.mood in NEGATIVE_MOODS | {"Tired"}:
        parts.append(f"You felt {c.entry.mood.lower()} that day.")
    again = sorted((e for e in similar_entries(material, c.core) if c.entry is None or e.id != c.entry.id),
                   key=lambda e: e.day, reverse=True)
    if again:
        parts.append(f"You came back to it on {again[0].date}.")
    if c.kind == "goal":
        parts.append("Nothing on your task list moves this goal forward yet.")
    elif c.kind == "project":
        parts.append("None of your open tasks is about this project yet.")
    return " ".join(parts)


def general_suggestion(material: FocusMaterial, rng: random.Random | None = None) -> FocusDraft:
    """A canned suggestion of the domain that repeats no open task or task done this week."""
    options = list(CANNED[material.domain])
    taken = with_headlines(material.open_tasks + material.done_this_week)
    duplicates = find_duplicates([o.text.split(". ")[0] for o in options], taken)
    fresh = [o for o, dup in zip(options, duplicates, strict=True) if dup is None] or options
    choice = (rng or random).choice(fresh)
    return FocusDraft(text=choice.text, priority=choice.priority, estimated_time=choice.estimated_time,
                      relevance=general_relevance(material.domain, journal_has_material=material.has_material),
                      general=True)


def local_suggestion(material: FocusMaterial) -> FocusDraft:
    if not material.has_material:
        return general_suggestion(material)
    candidates = _not_done_since(material, _fresh(material, _intentions(material) + _items(material)
                                                  + _reflections(material)))
    if not candidates:
        return general_suggestion(material)
    best = max(candidates, key=lambda c: _score(c, material))
    entry_id = best.entry.id if best.entry is not None else best.entry_id
    return FocusDraft(text=f"{best.headline}. {best.detail}.", priority=best.priority,
                      estimated_time=best.estimated_time, relevance=why_now(best, material), entry_id=entry_id)
