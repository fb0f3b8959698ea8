"""Model selection on the journal corpus' dev split: the settings tried (`CorpusGrid`), who wrote
each dev voice (`AUTHORS`), and `tune_on_corpus`, which leaves one author out at a time (see
pipelines/README.md, "Mood").
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from sklearn.metrics import accuracy_score, f1_score
from sklearn.model_selection import LeaveOneGroupOut, StratifiedKFold
from threadpoolctl import threadpool_limits

from pipelines.mood.lexical import LexicalVoice, lexical_share
from pipelines.mood.model import KeywordFeatures, MoodModel, default_classifier, mix_voices
from pipelines.mood.prototypes import standardiser
from pipelines.mood.sentences import contrast_mask
from pipelines.mood.vocabulary import MOODS, keyword_evidence


def class_weights(moods: Sequence[str], power: float) -> dict[str, float] | None:
    """Per-mood weights (n / (k * count)) ** power: 0 is unweighted, 1 is sklearn's "balanced",
    0.5 lifts the rare moods (anxious has 72 dev rows, neutral 2,143) without drowning neutral."""
    if not power:
        return None
    counts = {mood: moods.count(mood) for mood in MOODS if mood in moods}
    return {mood: round((len(moods) / (len(counts) * count)) ** power, 6) for mood, count in counts.items()}


@dataclass(frozen=True)
class CorpusGrid:
    """The settings tried by `tune_on_corpus`. Round 3 (leave one author out) fixed the rules that
    never won a round-2 selection at their round-2 values (negation factor 0, contrast 0.5, minimum
    confidence 0.3, no heavy floor, no heavy minimum confidence; the whole entry's keyword scores
    as classifier features never won either round), so the CV picks among fewer settings, and
    added what the classifier sees (sentence shares, the last sentences) and the Neutral prior.
    Round 4 added the lexical voice (`lexical_weight`, 0: none; `lexical_C`) and fixed the
    sentence shares and last sentences at off (offered in round 3, never chosen; with the lexical
    voice the grid would take four times as long for them)."""

    # Round 10 offers every calibration layer off as well as on (the keyword rule's share 0, no
    # contrast share, no no-evidence Neutral), lets the lexical voice weigh up to all of the score
    # above its term count, and drops values never chosen since round 4 (C 1, lexical C 16, blend
    # 0.4, Neutral priors below 0.5, short minimum 0.5 and 0.6, heavy share 0.5) to pay for it.
    C: tuple[float, ...] = (2.0, 4.0)
    class_weight_power: tuple[float, ...] = (0.0, 0.5)
    keyword_weight: tuple[float, ...] = (0.0,)
    sentence_weight: tuple[float, ...] = (0.0,)
    last_weight: tuple[float, ...] = (0.0,)
    keyword_blend: tuple[float, ...] = (0.0, 0.1, 0.2, 0.3)
    negated_mood_factor: tuple[float, ...] = (0.0,)
    heavy_floor: tuple[float | None, ...] = (None,)
    min_confidence: tuple[float | None, ...] = (None, 0.3)
    # round 6: a short entry with no feeling word needs this share to be anything but Neutral
    short_min_confidence: tuple[float | None, ...] = (None, 0.7)
    heavy_min_confidence: tuple[float | None, ...] = (None,)
    contrast_blend: tuple[float | None, ...] = (None, 0.5)
    heavy_share: tuple[float | None, ...] = (None, 0.45)
    neutral_prior: tuple[float, ...] = (1.0, 0.8, 0.5)
    lexical_weight: tuple[float, ...] = (0.0, 0.5, 0.7, 1.0)
    lexical_C: tuple[float, ...] = (64.0, 128.0)
    # fixed, for the pinned one-line behaviours (pipelines/README.md, "round 4")
    lexical_terms: tuple[float | None, ...] = (15.0,)
    # round 5: the mood prototypes' similarities as classifier features, times this (0: none).
    # Measured with (0, 0.1, 0.2) and not kept (pipelines/README.md, "round 5"): off by default, so
    # `train` neither pays for the dev sentences' embeddings nor picks a setting that showed more
    # heavy entries light and gained nothing nested.
    prototype_weight: tuple[float, ...] = (0.0,)


# Who wrote each dev voice (pipelines/data/journal_corpus/README.md): model selection leaves one
# AUTHOR out at a time, so an author's habits of phrasing never sit on both sides of a fold (leaving
# one voice out let them leak: the other six voices of the same author were in training). A voice
# not listed here counts as an author of its own.
AUTHORS: dict[str, str] = {
    **dict.fromkeys(("maya", "dev", "ruth", "sam", "tomas", "priya", "jonah"), "first"),
    "nadia": "nadia",  # the third extraction round's engineer
    **dict.fromkeys(("keith", "miriam", "hugh", "edna"), "third"),
    **dict.fromkeys(("bryn", "luis", "craig", "lorraine"), "fourth"),
    **dict.fromkeys(("imogen", "reece", "frances", "anjali"), "fifth"),
    **dict.fromkeys(("declan", "jaxon", "philippa", "jago"), "sixth"),
    **dict.fromkeys(("harjit", "orla", "ciaran", "morag"), "eighth"),
    **dict.fromkeys(("agnieszka", "derek", "tash", "gareth"), "ninth"),
    **dict.fromkeys(("funmi", "gwyn", "elif", "bernadette"), "tenth"),
    **dict.fromkeys(("marisol", "dwayne", "priyanka", "hamish"), "eleventh"),
    **dict.fromkeys(("chloe", "thabo", "rosa", "benji"), "twelfth"),
    **dict.fromkeys(("weilin", "aroha", "gus", "noor"), "thirteenth"),
    **dict.fromkeys(("ahmed", "bev", "oksana", "hollis"), "fifteenth"),
    **dict.fromkeys(("mei", "eamon", "kezia", "arjun"), "sixteenth"),
    **dict.fromkeys(("willa", "dorothea", "jesse", "wanjiru"), "seventeenth"),
    **dict.fromkeys(("ofelia", "jarrah", "kwame", "lindiwe"), "nineteenth"),
    **dict.fromkeys(("tevita", "yusuf", "rutendo", "wendell"), "twentieth"),
    **dict.fromkeys(("otis", "noreen", "peishan", "ikaika"), "twenty-second"),
}


def author_of(voice: str) -> str:
    return AUTHORS.get(voice, voice)


# What a heavy (sad, angry, anxious) entry shown as Neutral or Happy costs in model selection, in
# errors on top of its own: the issue says it must never happen, and on the dev split settings within
# two or three entries of the best accuracy differ by up to ten such entries. Round 4: two (was one;
# with one, the best setting with the lexical voice showed 17 heavy dev entries light against round
# 3's 16, pipelines/README.md "round 4").
HEAVY_SHOWN_LIGHT_COST = 2.0


def selection_score(accuracy: float, heavy_light: int, rows: int) -> float:
    """What model selection maximises: accuracy less `HEAVY_SHOWN_LIGHT_COST` per heavy entry
    shown as Neutral or Happy (as a share of the rows)."""
    return round(accuracy - HEAVY_SHOWN_LIGHT_COST * heavy_light / rows, 4)


_HEAVY = ("sad", "angry", "anxious")


def heavy_shown_light(gold: Sequence[str], predicted: Sequence[str]) -> int:
    """How many sad, angry or anxious entries are shown as Neutral or Happy (the issue: never)."""
    return sum(1 for g, p in zip(gold, predicted, strict=True) if g in _HEAVY and p in ("neutral", "happy"))


def tune_on_corpus(
    texts: Sequence[str], moods: Sequence[str], embeddings: np.ndarray, grid: CorpusGrid = CorpusGrid(),
    folds: int = 5, seed: int = 0, groups: Sequence[str] | None = None,
    prototypes: np.ndarray | None = None,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Cross-validate every grid point on the journal corpus' dev entries, through the whole
    prediction (`combine`: blend, tired rule, rest rule, heavy rules); best by `selection_score`
    (accuracy, a heavy entry shown as Neutral or Happy counting as a second error), ties by fewer
    such entries (round 4; by accuracy before, against the comment below), then accuracy, then
    macro-F1, then as below.

    With `groups` (each entry's author, `author_of`; or its voice) the folds leave one group out at
    a time, so a group is never in both the training and the validation rows: that measures how
    the model carries over to a writer it has not seen, which is what users are. Without,
    stratified `folds`-fold. Each result also holds the accuracy on each group's rows.

    `prototypes`: the texts' raw prototype similarities (`MoodModel.prototype_raw`, (n, 42)),
    needed when the grid tries a `prototype_weight` other than 0; standardised on each fold's
    training rows."""
    if any(grid.prototype_weight) and prototypes is None:
        raise ValueError("the grid tries prototype features: pass the texts' prototype similarities")
    texts, y = list(texts), np.asarray(moods)
    evidence = keyword_evidence(texts)
    contrast = contrast_mask(texts)
    labels = sorted(set(moods))
    if groups is not None:
        group_of = np.asarray(groups)
        splits = list(LeaveOneGroupOut().split(texts, y, group_of))
    else:
        group_of = None
        splits = list(StratifiedKFold(n_splits=folds, shuffle=True, random_state=seed).split(texts, y))
    # the lexical voice's held-out probabilities, once per strength: (C, weight) pairs to try
    lexical_out: dict[float, tuple[np.ndarray, np.ndarray]] = {}
    voices: list[tuple[float | None, float, float | None]] = (
        [(None, 0.0, None)] if 0.0 in grid.lexical_weight else [])
    results = []
    with threadpool_limits(1, user_api="blas"):
        for lexical_C in grid.lexical_C if any(grid.lexical_weight) else ():
            held, terms = np.zeros((len(texts), len(MOODS))), np.zeros(len(texts))
            for train_rows, held_out in splits:
                voice = LexicalVoice(lexical_C).fit([texts[i] for i in train_rows], y[train_rows])
                held[held_out], terms[held_out] = voice.read([texts[i] for i in held_out])
            lexical_out[lexical_C] = held, terms
            voices += [(lexical_C, weight, at_least) for weight in grid.lexical_weight if weight
                       for at_least in grid.lexical_terms]
        for keyword_weight, sentence_weight, last_weight, prototype_weight in itertools.product(
            grid.keyword_weight, grid.sentence_weight, grid.last_weight, grid.prototype_weight
        ):
            step = KeywordFeatures(weight=keyword_weight, sentence_weight=sentence_weight, last_weight=last_weight)
            base = np.hstack([embeddings, step.from_evidence(evidence, texts)])
            fold_features = []
            for train_rows, _ in splits:
                if not prototype_weight:
                    fold_features.append(base)
                    continue
                mean, scale = standardiser(prototypes[train_rows])
                fold_features.append(np.hstack([base, (prototypes - mean) / scale * prototype_weight]))
            for C, power in itertools.product(grid.C, grid.class_weight_power):
                out_of_fold = np.zeros((len(texts), len(MOODS)))
                for (train_rows, held_out), features in zip(splits, fold_features, strict=True):
                    weights = class_weights([moods[i] for i in train_rows], power)
                    classifier = default_classifier(C, weights).fit(features[train_rows], y[train_rows])
                    probabilities = classifier.predict_proba(features[held_out])
                    for column, mood in enumerate(classifier.classes_):
                        out_of_fold[held_out, MOODS.index(mood)] = probabilities[:, column]
                for (lexical_C, lexical_weight, lexical_terms), blend, factor, floor, least, short, unsupported, turn, share, \
                        prior in itertools.product(
                            voices, grid.keyword_blend, grid.negated_mood_factor, grid.heavy_floor, grid.min_confidence,
                            grid.short_min_confidence, grid.heavy_min_confidence, grid.contrast_blend, grid.heavy_share,
                            grid.neutral_prior,
                        ):
                    learned = out_of_fold if lexical_C is None else mix_voices(
                        out_of_fold, lexical_out[lexical_C][0],
                        lexical_share(lexical_weight, lexical_out[lexical_C][1], lexical_terms))
                    combiner = MoodModel(keyword_blend=blend, negated_mood_factor=factor, heavy_floor=floor,
                                         min_confidence=least, short_min_confidence=short,
                                         heavy_min_confidence=unsupported,
                                         contrast_blend=turn, heavy_share=share, neutral_prior=prior)
                    predicted = np.asarray(
                        [p.mood for p in combiner.combine(texts, learned, evidence, contrast)]
                    )
                    f1s = [f1_score(y[h], predicted[h], labels=labels, average="macro", zero_division=0)
                           for _, h in splits]
                    accuracies = [accuracy_score(y[h], predicted[h]) for _, h in splits]
                    result = {
                        "C": C, "class_weight_power": power, "keyword_weight": keyword_weight,
                        "sentence_weight": sentence_weight, "last_weight": last_weight,
                        "prototype_weight": prototype_weight,
                        "keyword_blend": blend, "negated_mood_factor": factor, "heavy_floor": floor,
                        "min_confidence": least, "short_min_confidence": short,
                        "heavy_min_confidence": unsupported, "contrast_blend": turn,
                        "heavy_share": share, "neutral_prior": prior,
                        "lexical_weight": lexical_weight, "lexical_C": lexical_C, "lexical_terms": lexical_terms,
                        # pooled over all rows: the folds differ in size
                        "cv_accuracy": round(float(accuracy_score(y, predicted)), 4),
                        "cv_accuracy_std": round(float(np.std(accuracies)), 4),
                        "cv_macro_f1": round(float(
                            f1_score(y, predicted, labels=labels, average="macro", zero_division=0)), 4),
                        "cv_fold_macro_f1": round(float(np.mean(f1s)), 4),
                        "cv_heavy_shown_light": heavy_shown_light(y, predicted),
                    }
                    result["cv_score"] = selection_score(result["cv_accuracy"], result["cv_heavy_shown_light"], len(y))
                    if group_of is not None:
                        result["cv_accuracy_by_group"] = {
                            str(g): round(float(accuracy_score(y[group_of == g], predicted[group_of == g])), 4)
                            for g in sorted(set(group_of))
                        }
                        result["cv_score_by_group"] = {
                            str(g): selection_score(
                                float(accuracy_score(y[group_of == g], predicted[group_of == g])),
                                heavy_shown_light(y[group_of == g], predicted[group_of == g]),
                                int((group_of == g).sum()))
                            for g in sorted(set(group_of))
                        }
                    results.append(result)
    # Ties: fewer heavy entries shown as Neutral or Happy (the issue: never), then macro-F1; the
    # stronger reading of negation, of
    # "X but Y" (the clause after "but" weighs more) and of the no-evidence Neutral (the issue asks
    # for them; the corpus has too few such entries to tell the settings apart), the smallest such
    # intervention first; then the simpler model (no other extra rule or feature switched on, the
    # Neutral prior left alone).
    best = within_noise(results)[0][0]
    return best, results


def layers(r: dict[str, Any]) -> int:
    """How many hand-set layers a grid point switches on over its two learned voices (the embedding
    classifier and the lexical voice): the keyword rule's share, its share after "but", the
    no-evidence Neutral, the short-entry Neutral, the heavy share, a Neutral prior, class weights,
    a heavy floor, a heavy minimum confidence, a negation factor, the keyword features."""
    return sum((
        bool(r["keyword_blend"]), r["contrast_blend"] is not None, r["min_confidence"] is not None,
        r["short_min_confidence"] is not None, r["heavy_share"] is not None, r["neutral_prior"] != 1.0,
        bool(r["class_weight_power"]), r["heavy_floor"] is not None, r["heavy_min_confidence"] is not None,
        bool(r["negated_mood_factor"]), bool(r["keyword_weight"] or r["sentence_weight"] or r["last_weight"]),
    ))


def within_noise(results: Sequence[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Round 10's order of the grid points: the simplest of those the held-out authors cannot tell
    from the best first, then the rest by `preference`.

    "Cannot tell": the best point's `cv_score` less this one's is at most one standard error of
    their per-author differences (`cv_score_by_group`, each held-out author one paired sample): the
    one-standard-error rule of model selection. Among those, fewer `layers` first, then
    `preference`. Without per-author scores (no groups), `preference` alone.

    Why (pipelines/README.md, "mood round 10"): leaving one author out, the dev split scores the
    calibration layers within a point of each other, and the layers were written from the dev
    authors' own misses; on two fresh held-out authors the shipped blend read worse than its
    lexical voice alone. That was seen on the test split; this rule was then chosen on dev grounds
    (the layers earn nothing the dev split can see) and its effect measured on a third, unread
    author."""
    ranked = sorted(results, key=preference, reverse=True)
    best = ranked[0]
    if "cv_score_by_group" not in best:
        return ranked, {"rule": "preference", "best": best}
    groups = sorted(best["cv_score_by_group"])

    def standard_error(r: dict[str, Any]) -> float:
        d = np.array([best["cv_score_by_group"][g] - r["cv_score_by_group"][g] for g in groups])
        return float(np.std(d, ddof=1) / np.sqrt(len(d))) if len(d) > 1 else 0.0

    close = [r for r in ranked if best["cv_score"] - r["cv_score"] <= standard_error(r)]
    close.sort(key=lambda r: (-layers(r), preference(r)), reverse=True)
    chosen = {id(r) for r in close}
    order = close + [r for r in ranked if id(r) not in chosen]
    return order, {"rule": "the simplest within one standard error of the best (per-author paired)",
                   "best_by_score": best, "within_noise": len(close), "chosen_layers": layers(close[0]),
                   "best_layers": layers(best)}


def preference(r: dict[str, Any]) -> tuple[Any, ...]:
    """`tune_on_corpus`'s order of grid points, best last (see its comment on ties)."""
    return (r["cv_score"], -r["cv_heavy_shown_light"], r["cv_accuracy"], r["cv_macro_f1"],
            -r["class_weight_power"], -r["negated_mood_factor"],
            r["contrast_blend"] is not None, -(r["contrast_blend"] or 1.0),
            r["heavy_min_confidence"] is not None, -(r["heavy_min_confidence"] or 1.0),
            r["heavy_floor"] is None, r["min_confidence"] is None,
            r["short_min_confidence"] is not None, -(r["short_min_confidence"] or 1.0),
            r["heavy_share"] is None, r["neutral_prior"], -r["lexical_weight"],
            -r["keyword_weight"] - r["sentence_weight"] - r["last_weight"],
            -r["prototype_weight"])


# What rounds 2 and 3 fixed (round 10 offers them off as well).
_FIXED_THEN = {"contrast_blend": 0.5, "min_confidence": 0.3, "short_min_confidence": None, "negated_mood_factor": 0.0,
               "heavy_floor": None, "heavy_min_confidence": None}
# Round 2's chosen settings (leave one voice out), kept to report them under leave-one-author-out.
ROUND_2_SETTINGS = {"C": 2.0, "class_weight_power": 0.0, "keyword_weight": 0.0, "sentence_weight": 0.0,
                    "last_weight": 0.0, "keyword_blend": 0.3, "heavy_share": 0.5, "neutral_prior": 1.0,
                    "lexical_weight": 0.0, "prototype_weight": 0.0, **_FIXED_THEN}
# Round 3's chosen settings (no lexical voice), kept to report them beside round 4's.
ROUND_3_SETTINGS = {"C": 1.0, "class_weight_power": 0.0, "keyword_weight": 0.0, "sentence_weight": 0.0,
                    "last_weight": 0.0, "keyword_blend": 0.2, "heavy_share": 0.45, "neutral_prior": 0.4,
                    "lexical_weight": 0.0, "prototype_weight": 0.0, **_FIXED_THEN}


def measured(settings: dict[str, Any], grid: CorpusGrid, results: Sequence[dict[str, Any]], texts: Sequence[str],
             moods: Sequence[str], vectors: np.ndarray, authors: Sequence[str]) -> dict[str, Any]:
    """The grid's result for `settings`, or the same leave-one-author-out measure of that one point."""
    found = next((r for r in results if all(r[k] == v for k, v in settings.items())), None)
    if found is not None:
        return found
    point = CorpusGrid(**{name: (settings[name],) if name in settings else values[:1]
                          for name, values in vars(grid).items()})
    best, _ = tune_on_corpus(texts, moods, vectors, point, groups=authors)
    return best
