"""Measure a provider on labelled entries: mood accuracy/macro-F1 with its confusion matrix,
highlight recall/precision and due-date accuracy (`python -m pipelines evaluate --input FILE`).

A labelled line is an input line of the command line (`{"id", "text", "date"?}`) plus any of
`"mood"` (one of the seven moods) and `"highlights"` (`[{"type", "text", "dueDate"?}]`); the
corpus in pipelines/data/journal_corpus has this shape. Entries without a `mood` are left out of
the mood figures; entries without a `highlights` key out of the highlight figures.

Matching a predicted highlight to a labelled one: content words (lower case, a light stemmer,
"you/your" and articles dropped) compared by F1; a pair matches at `MATCH_F1` or more, one to one,
best pairs first, within an entry. `strict` figures need the same type (task/goal/project) too;
`any type` figures do not. Due dates: over the labelled tasks that have a `dueDate`, the share
whose matched prediction has the same date (an unmatched dated task counts as wrong); an invented
due date is a prediction with a `dueDate` matched to a labelled highlight that has none.

Labels may say more (the fresh writers' do, see pipelines/corpus.py): `"implied": true` (the
intention is never stated) splits recall into written and implied, and `"ref"` names the pronoun a
task's person is written with. Recall is also given per labelled type (`by_type`, matched any
type). A wrong referent is a matched prediction naming someone or something the entry names (a
capitalised word of the entry, not a weekday or month) that its label does not: "Take Cork to the
GP" for "Take her to the GP".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sklearn.metrics import f1_score

from pipelines.language import (  # noqa: F401 (content_words: the scoring's words)
    CALENDAR_WORDS,
    MATCH_STOP_WORDS,
    PERSON_PRONOUNS,
    STOP_WORDS,
    content_words,
    overlap,
)

MOODS = ("happy", "sad", "angry", "anxious", "loving", "tired", "neutral")
MATCH_F1 = 0.5
@dataclass
class LabelledEntry:
    id: str
    text: str
    date: date | None
    mood: str | None
    highlights: list[dict[str, Any]] | None


@dataclass
class Prediction:
    mood: str
    highlights: list[dict[str, Any]] = field(default_factory=list)  # {"type", "text", "dueDate"}


match_score = overlap  # F1 of the two texts' content words (pipelines.language.overlap)


def match_highlights(
    gold: Sequence[dict[str, Any]], predicted: Sequence[dict[str, Any]], *, strict: bool
) -> list[tuple[int, int]]:
    """One-to-one (gold index, predicted index) pairs, best first, score >= MATCH_F1."""
    pairs = []
    for i, g in enumerate(gold):
        for j, p in enumerate(predicted):
            if strict and g["type"] != p["type"]:
                continue
            score = match_score(g["text"], p["text"])
            if score >= MATCH_F1:
                pairs.append((score, i, j))
    used_g: set[int] = set()
    used_p: set[int] = set()
    matched = []
    for _, i, j in sorted(pairs, key=lambda t: (-t[0], t[1], t[2])):
        if i in used_g or j in used_p:
            continue
        used_g.add(i)
        used_p.add(j)
        matched.append((i, j))
    return matched


_CALENDAR_WORDS = CALENDAR_WORDS | {"eve", "day", "i"}
_CAPITALISED = re.compile(r"\b[A-Z][\w'’-]*")


def _names_of_entry(text: str) -> set[str]:
    """The names of an entry: words it capitalises inside a sentence (not as its first word), lower
    case, without their possessive 's; no function or calendar word."""
    names = set()
    for sentence in re.split(r"[.!?:;\n]+", text):
        words = sentence.split()
        names |= {_bare(w.strip("\"'(),")) for w in words[1:] if _CAPITALISED.match(w.strip("\"'(),"))}
    return names - _CALENDAR_WORDS - STOP_WORDS - MATCH_STOP_WORDS


def _bare(word: str) -> str:
    word = word.lower()
    for suffix in ("'s", "’s"):
        word = word.removesuffix(suffix)
    return word


def wrong_referent(predicted: str, gold: dict[str, Any], entry_text: str) -> list[str]:
    """The names a matched prediction puts where its label has someone else: a name of the entry
    the label does not have, while the label has a name or a person pronoun the prediction does
    not ("Take Cork to the GP" for "Take her to the GP")."""
    names = _names_of_entry(entry_text)
    label_words = {_bare(w) for w in re.findall(r"[\w'’-]+", gold["text"])}
    ref = gold.get("ref") or {}
    allowed = label_words | {_bare(w) for w in re.findall(r"[\w'’-]+", ref.get("name", ""))}
    said = [_bare(w) for w in re.findall(r"[\w'’-]+", predicted)]
    added = [w for w in said[1:] if w in names and w not in allowed]
    missing = [w for w in label_words - set(said) if w in names or w in PERSON_PRONOUNS]
    return added if added and missing else []


def _ratio(numerator: int, denominator: int) -> float | None:
    return round(numerator / denominator, 4) if denominator else None


def score(entries: Sequence[LabelledEntry], predictions: Sequence[Prediction]) -> dict[str, Any]:
    report: dict[str, Any] = {"entries": len(entries)}
    mood_rows = [(e.mood, p.mood) for e, p in zip(entries, predictions, strict=True) if e.mood]
    if mood_rows:
        gold, pred = [g for g, _ in mood_rows], [p for _, p in mood_rows]
        labels = [m for m in MOODS if m in set(gold)]
        matrix = {g: {p: 0 for p in MOODS} for g in labels}
        for g, p in mood_rows:
            matrix[g][p] += 1
        report["mood"] = {
            "rows": len(mood_rows),
            "accuracy": round(sum(g == p for g, p in mood_rows) / len(mood_rows), 4),
            "macro_f1": round(float(f1_score(gold, pred, labels=labels, average="macro", zero_division=0)), 4),
            "confusion": matrix,  # gold mood -> predicted mood -> count
            "errors": [
                {"id": e.id, "gold": e.mood, "predicted": p.mood}
                for e, p in zip(entries, predictions, strict=True)
                if e.mood and e.mood != p.mood
            ],
        }
    labelled = [(e, p) for e, p in zip(entries, predictions, strict=True) if e.highlights is not None]
    if labelled:
        figures: dict[str, Any] = {}
        for name, strict in (("strict", True), ("any_type", False)):
            gold_n = predicted_n = hits = 0
            for e, p in labelled:
                gold_n += len(e.highlights or [])
                predicted_n += len(p.highlights)
                hits += len(match_highlights(e.highlights or [], p.highlights, strict=strict))
            figures[name] = {"gold": gold_n, "predicted": predicted_n, "matched": hits,
                             "recall": _ratio(hits, gold_n), "precision": _ratio(hits, predicted_n)}
        dated = right = found = 0
        misses: list[dict[str, Any]] = []
        extra: list[dict[str, Any]] = []
        missed: list[dict[str, Any]] = []
        for e, p in labelled:
            gold = e.highlights or []
            pairs = dict(match_highlights(gold, p.highlights, strict=False))
            for i, g in enumerate(gold):
                if i not in pairs:
                    missed.append({"id": e.id, **g})
                if g["type"] != "task" or not g.get("dueDate"):
                    continue
                dated += 1
                got = p.highlights[pairs[i]].get("dueDate") if i in pairs else None
                found += i in pairs
                if got == g["dueDate"]:
                    right += 1
                else:
                    misses.append({"id": e.id, "task": g["text"], "gold": g["dueDate"], "predicted": got})
            used = set(pairs.values())
            extra += [{"id": e.id, **h} for j, h in enumerate(p.highlights) if j not in used]
        figures["due_dates"] = {"dated_tasks": dated, "right": right, "accuracy": _ratio(right, dated),
                                "found": found, "accuracy_when_found": _ratio(right, found),
                                "wrong": misses, **_invented_due_dates(labelled)}
        figures.update(_recall_parts(labelled))
        figures["wrong_referents"] = _wrong_referents(labelled)
        figures["missed"] = missed
        figures["extra"] = extra
        report["highlights"] = figures
    return report


def _recall_parts(labelled: Sequence[tuple[LabelledEntry, Prediction]]) -> dict[str, Any]:
    """Recall per labelled type and written vs implied (matched any type)."""
    counts: dict[str, list[int]] = {}
    for e, p in labelled:
        gold = e.highlights or []
        pairs = dict(match_highlights(gold, p.highlights, strict=False))
        strict_pairs = dict(match_highlights(gold, p.highlights, strict=True))
        for i, g in enumerate(gold):
            for key in (f"type:{g['type']}", "implied" if g.get("implied") else "written"):
                row = counts.setdefault(key, [0, 0, 0])
                row[0] += 1
                row[1] += i in pairs
                row[2] += i in strict_pairs
    def block(key: str) -> dict[str, Any]:
        gold_n, hits, strict_hits = counts.get(key, [0, 0, 0])
        return {"gold": gold_n, "matched": hits, "recall": _ratio(hits, gold_n),
                "matched_same_type": strict_hits, "recall_same_type": _ratio(strict_hits, gold_n)}
    return {"by_type": {t: block(f"type:{t}") for t in ("task", "goal", "project")},
            "written": block("written"), "implied": block("implied")}


def _invented_due_dates(labelled: Sequence[tuple[LabelledEntry, Prediction]]) -> dict[str, Any]:
    """Matched predictions that carry a due date their label has not, and unmatched predictions
    that carry one."""
    invented: list[dict[str, Any]] = []
    unmatched_dated = 0
    for e, p in labelled:
        gold = e.highlights or []
        pairs = dict(match_highlights(gold, p.highlights, strict=False))
        for i, j in pairs.items():
            if p.highlights[j].get("dueDate") and not gold[i].get("dueDate"):
                invented.append({"id": e.id, "label": gold[i]["text"], "predicted": p.highlights[j]["text"],
                                 "dueDate": p.highlights[j]["dueDate"]})
        used = set(pairs.values())
        unmatched_dated += sum(1 for j, h in enumerate(p.highlights) if j not in used and h.get("dueDate"))
    return {"invented": len(invented), "invented_cases": invented, "unmatched_with_due_date": unmatched_dated}


def _wrong_referents(labelled: Sequence[tuple[LabelledEntry, Prediction]]) -> dict[str, Any]:
    cases = []
    for e, p in labelled:
        gold = e.highlights or []
        for i, j in match_highlights(gold, p.highlights, strict=False):
            names = wrong_referent(p.highlights[j]["text"], gold[i], e.text)
            if names:
                cases.append({"id": e.id, "label": gold[i]["text"], "predicted": p.highlights[j]["text"],
                              "names": names})
    return {"count": len(cases), "cases": cases}


def score_groups(entries: Sequence[LabelledEntry], predictions: Sequence[Prediction],
                 groups: Sequence[str]) -> dict[str, dict[str, Any]]:
    """The headline figures per group (e.g. per voice), scored as `score` scores the whole."""
    out: dict[str, dict[str, Any]] = {}
    for group in sorted(set(groups)):
        rows = [i for i, g in enumerate(groups) if g == group]
        report = score([entries[i] for i in rows], [predictions[i] for i in rows])
        mood, highlights = report.get("mood"), report.get("highlights")
        out[group] = {
            "entries": len(rows),
            "mood_accuracy": mood["accuracy"] if mood else None,
            "recall": highlights["strict"]["recall"] if highlights else None,
            "precision": highlights["strict"]["precision"] if highlights else None,
            "due_dates": highlights["due_dates"]["accuracy"] if highlights else None,
            "dated_tasks": highlights["due_dates"]["dated_tasks"] if highlights else 0,
        }
    return out


def format_groups(groups: dict[str, dict[str, Any]], field: str) -> str:
    def cell(value: float | None) -> str:
        return "-" if value is None else f"{value:.3f}"

    width = max(len(field), *(len(g) for g in groups))
    lines = [f"by {field}:", f"  {field:<{width}}  entries   mood  recall  precision  due dates"]
    for group, f in groups.items():
        lines.append(f"  {group:<{width}}  {f['entries']:>7}  {cell(f['mood_accuracy']):>5}  {cell(f['recall']):>6}  "
                     f"{cell(f['precision']):>9}  {cell(f['due_dates']):>9}")
    return "\n".join(lines)


class ProviderFailed(Exception):
    """The provider under test failed on too many entries for its figures to be its own."""


# `evaluate` stops when the local provider has stood in for more than this share of the entries:
# past it, the figures under the provider's name would be mostly the local provider's.
MAX_FALLBACK_SHARE = 0.1


def predict_with(providers: Any, entries: Sequence[LabelledEntry],
                 progress: Callable[[int], None] | None = None,
                 max_fallback_share: float | None = None) -> tuple[list[Prediction], dict[str, int]]:
    """Each entry through the configured provider's `analyze_entry` (the app's own call), with
    the local provider standing in on a failure. Returns the predictions and which provider
    produced how many. With `max_fallback_share`, raises ProviderFailed as soon as more entries
    than that share of them fell back (so a wrong key or a server that is down fails fast)."""
    from pipelines.providers.base import AnalysisContext

    allowed = None if max_fallback_share is None else int(max_fallback_share * len(entries))
    predictions = []
    used: dict[str, int] = {}
    fell_back = 0
    for n, entry in enumerate(entries, start=1):
        context = AnalysisContext(today=entry.date or date.today())
        outcome = providers.run(
            lambda provider, entry=entry, context=context: provider.analyze_entry(
                entry.text, want_summary=False, context=context
            )
        )
        if outcome.fallback_reason:
            fell_back += 1
            if allowed is not None and fell_back > allowed:
                raise ProviderFailed(
                    f"the {providers.name} provider failed on {fell_back} of the first {n} entries (more than "
                    f"{max_fallback_share:.0%} of {len(entries)}), so its figures would be the local provider's; "
                    f"last failure: {outcome.fallback_reason}"
                )
        used[outcome.provider] = used.get(outcome.provider, 0) + 1
        analysis = outcome.value
        predictions.append(Prediction(
            mood=analysis.mood.mood,
            highlights=[{"type": h.type, "text": h.reformulation, "dueDate": h.metadata.due_date}
                        for h in analysis.highlights],
        ))
        if progress is not None:
            progress(n)
    return predictions, used


def format_report(report: dict[str, Any], provider: str) -> str:
    lines = [f"provider: {provider}", f"entries: {report['entries']}"]
    mood = report.get("mood")
    if mood:
        lines.append(f"mood: accuracy {mood['accuracy']:.3f}  macro-F1 {mood['macro_f1']:.3f}  ({mood['rows']} entries)")
        lines.append("confusion (rows: labelled, columns: predicted)")
        lines.append("           " + " ".join(f"{m[:7]:>7}" for m in MOODS))
        for gold, row in mood["confusion"].items():
            lines.append(f"{gold:>10} " + " ".join(f"{row[m]:>7}" for m in MOODS))
    highlights = report.get("highlights")
    if highlights:
        for name in ("strict", "any_type"):
            f = highlights[name]
            recall = "-" if f["recall"] is None else f"{f['recall']:.3f}"
            precision = "-" if f["precision"] is None else f"{f['precision']:.3f}"
            lines.append(
                f"highlights ({name.replace('_', ' ')}): recall {recall}  precision {precision}  "
                f"({f['matched']} matched of {f['gold']} labelled, {f['predicted']} predicted)"
            )
        def recall(block: dict[str, Any]) -> str:
            value = "-" if block["recall"] is None else f"{block['recall']:.3f}"
            return f"{value} ({block['matched']} of {block['gold']})"
        lines.append("recall (any type): " + "  ".join(
            f"{t} {recall(highlights['by_type'][t])}" for t in ("task", "goal", "project")))
        lines.append(f"recall (any type): written {recall(highlights['written'])}  "
                     f"implied {recall(highlights['implied'])}")
        due = highlights["due_dates"]
        accuracy = "-" if due["accuracy"] is None else f"{due['accuracy']:.3f}"
        when_found = "-" if due["accuracy_when_found"] is None else f"{due['accuracy_when_found']:.3f}"
        lines.append(f"due dates: {accuracy} right ({due['right']} of {due['dated_tasks']} dated tasks; "
                     f"{when_found} of the {due['found']} found); "
                     f"{due['invented']} invented on matched highlights, "
                     f"{due['unmatched_with_due_date']} unmatched predictions with a due date")
        lines.append(f"wrong referents: {highlights['wrong_referents']['count']} matched highlights name "
                     "someone their label does not")
    if not mood and not highlights:
        lines.append("no labels: give lines a \"mood\" and/or \"highlights\" to measure them")
    return "\n".join(lines)
