"""Train the trigger-free candidate generator on the journal corpus' dev split and choose its
settings by leave-one-author-out CV (`python -m pipelines.highlights.train_generator`).

Every clause of every dev entry offers its generated candidates (`generator.generate`); one is
labelled positive when a gold highlight of its type matches it (the evaluation's content-word F1 >=
0.5) that none of the rules' candidates of the entry matches (in a clause where the rules found
something, the "gshadow" candidates only teach the forms: positive on any match). Leave one author
out: the clause scorer (the shipped settings) and the generator are fitted on the other authors'
entries and decide on the held-out author's, scored as `python -m pipelines evaluate` does, pooled.
Figures for the rules alone, rules + scorer and rules + scorer + generator, pooled and by author.
The generator's C and threshold are chosen by pooled strict F1 among the settings that keep pooled
precision within 0.01 of rules + scorer and lose no more than 0.02 recall or precision on the authors
the rules were written on (the first and the extraction-round author); ties: the higher threshold.
It is switched on (`"enabled": true`) only if that F1 beats rules + scorer within those bounds and
`SWITCHED_OFF` is empty. Written to `pipelines/data/highlight_generator.json`, the figures to
`pipelines/data/highlight_generator_metrics.json`. Deterministic; never reads the test split.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
from collections import Counter
from datetime import date
from pathlib import Path
from typing import Any

from pipelines.corpus import DEV_PATH
from pipelines.evaluation import MATCH_F1, LabelledEntry, Prediction, match_score
from pipelines.highlights.extraction import (
    Candidate,
    extract_candidates,
    finish_highlights,
    select_candidates,
)
from pipelines.highlights.generator import GENERATOR_PATH, Generator, generator_features
from pipelines.highlights.learned import ClauseScorer, default_scorer, features
from pipelines.highlights.train import _by_author, _line, author_of_voices, figures
from pipelines.highlights.types import limit_projects

METRICS_PATH = GENERATOR_PATH.with_name("highlight_generator_metrics.json")
C_GRID = (0.03, 0.1, 0.3, 1.0)
THRESHOLD_GRID = (0.5, 0.6, 0.7, 0.8, 0.9)
CLASS_WEIGHTS = (None,)  # "balanced" measured: best F1 below the unweighted one
MIN_FEATURE_COUNT = 2
MAX_PRECISION_DROP = 0.01
# History: switched off after the test split's held-out author (2026-11-24: 4 tasks added there, 1
# matched; precision 0.733 -> 0.718) "until a new author's journals show it paying". Two new dev
# authors (fifth, sixth: 320 entries written before anyone trained on them) now show it paying on
# leave-one-author-out with six authors, over rules + scorer: fifth recall 0.454 -> 0.515, sixth
# 0.325 -> 0.358, pooled F1 0.692 -> 0.708, precision 0.843 -> 0.837, the first and nadia
# unchanged (2026-11-24, dev only), so it is on again.
# Set a reason here to ship it switched off whatever the CV says.
SWITCHED_OFF = ""
# The authors the rules were written on: the generator may not cost them more than this.
TUNED_ON = ("first author", "extraction-round author")
MAX_TUNED_ON_DROP = 0.02
# The clause scorer shipped before the six-author retrain (C, proposal threshold): the product the
# figures are compared with, refitted per fold the same way.
PREVIOUS_SCORER = (0.3, 0.8)
_SCORER_SOURCES = ("rule", "proposal", "shadow")
_GENERATED = ("generated", "gshadow")


class _Row:
    def __init__(self, raw: dict[str, Any], author: str) -> None:
        self.raw = raw
        self.author = author
        self.today = date.fromisoformat(raw["date"])
        self.written, self.candidates = extract_candidates(
            raw["text"], self.today, shadows=True, generate=True
        )
        gold = raw["highlights"]
        by_rules = {
            i for c in self.candidates if c.source == "rule" for i, g in enumerate(gold) if _matches(c, g)
        }
        self.scorer_rows = [
            (features(c), int(any(_matches(c, g) for g in gold)))
            for c in self.candidates
            if c.source in _SCORER_SOURCES
        ]
        self.generator_rows = [
            (
                generator_features(c),
                int(
                    any(
                        _matches(c, g) and (c.source == "gshadow" or i not in by_rules)
                        for i, g in enumerate(gold)
                    )
                ),
            )
            for c in self.candidates
            if c.source in _GENERATED
        ]
        self.entry = LabelledEntry(raw["id"], raw["text"], self.today, raw.get("mood"), gold)


def _matches(candidate: Candidate, gold: dict[str, Any]) -> bool:
    h = candidate.highlight
    return gold["type"] == h.type and match_score(gold["text"], h.reformulation) >= MATCH_F1


def load_rows(path: Path = DEV_PATH) -> list[_Row]:
    authors = author_of_voices()
    raws = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [
        _Row(raw, authors.get(raw.get("voice", ""), "first author"))
        for raw in raws
        if raw.get("split") != "test"
    ]


def fit(
    pairs: list[tuple[list[str], int]],
    C: float,
    min_count: int = MIN_FEATURE_COUNT,
    class_weight: str | None = None,
) -> tuple[dict[str, float], float]:
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    counts = Counter(f for fs, _ in pairs for f in set(fs))
    X = [{f: 1 for f in fs if counts[f] >= min_count} for fs, _ in pairs]
    vectorizer = DictVectorizer()
    model = LogisticRegression(C=C, class_weight=class_weight, max_iter=5000)
    model.fit(vectorizer.fit_transform(X), [label for _, label in pairs])
    weights = {
        name: round(float(w), 4)
        for name, w in zip(vectorizer.get_feature_names_out(), model.coef_[0], strict=True)
        if abs(w) >= 1e-4
    }
    return weights, round(float(model.intercept_[0]), 4)


def predict(rows: list[_Row], scorer: ClauseScorer | None, generator: Generator | None) -> list[Prediction]:
    out = []
    for row in rows:
        highlights = limit_projects(
            finish_highlights(row.written, select_candidates(row.candidates, scorer, generator))
        )
        out.append(
            Prediction(
                row.raw.get("mood") or "neutral",
                [
                    {"type": h.type, "text": h.reformulation, "dueDate": h.metadata.due_date}
                    for h in highlights
                ],
            )
        )
    return out


def _block(rows: list[_Row], predictions: list[Prediction]) -> dict[str, Any]:
    return {"pooled": figures(rows, predictions), "by_author": _by_author(rows, predictions)}  # type: ignore[arg-type]


def grouped_cv(
    rows: list[_Row], shipped: ClauseScorer, log=print, previous: tuple[float, float] | None = None
) -> dict[str, Any]:
    """`previous`: (C, proposal threshold) of an earlier clause scorer, measured beside it (rules
    + that scorer refitted per fold, no generator) as `previous_product`."""
    authors = sorted({r.author for r in rows})
    C_scorer = float(shipped.settings.get("C", 0.3))
    scorers: dict[str, ClauseScorer] = {}
    fitted: dict[tuple[float, str | None, str], tuple[dict[str, float], float]] = {}
    for author in authors:
        train = [r for r in rows if r.author != author]
        w, b = fit(
            [p for r in train for p in r.scorer_rows],
            C_scorer,
            int(shipped.settings.get("min_feature_count", 2)),
        )
        scorers[author] = ClauseScorer(w, b, shipped.keep_threshold, shipped.propose_threshold)
        for C in C_GRID:
            for cw in CLASS_WEIGHTS:
                fitted[(C, cw, author)] = fit(
                    [p for r in train for p in r.generator_rows], C, class_weight=cw
                )
        log(f"  fold {author}: fitted")

    def run(make_generator) -> list[Prediction]:
        predictions: list[Prediction | None] = [None] * len(rows)
        for author in authors:
            idx = [i for i, r in enumerate(rows) if r.author == author]
            for i, p in zip(
                idx, predict([rows[i] for i in idx], scorers[author], make_generator(author)), strict=True
            ):
                predictions[i] = p
        return [p for p in predictions if p is not None]

    results = []
    for C in C_GRID:
        for cw in CLASS_WEIGHTS:
            for threshold in THRESHOLD_GRID:
                done = run(lambda a, C=C, cw=cw, t=threshold: Generator(*fitted[(C, cw, a)], t))
                results.append({"C": C, "class_weight": cw, "threshold": threshold, **_block(rows, done)})
    base = _block(rows, run(lambda a: None))
    for r in results:
        r["within_bounds"] = within_bounds(base, r)
    results.sort(
        key=lambda r: (
            not r["within_bounds"],
            -r["pooled"]["f1"],
            -r["threshold"],
            r["C"],
            r["class_weight"] or "",
        )
    )
    out: dict[str, Any] = {}
    if previous is not None:
        before: list[Prediction | None] = [None] * len(rows)
        for author in authors:
            w, b = fit([p for r in rows if r.author != author for p in r.scorer_rows], previous[0])
            idx = [i for i, r in enumerate(rows) if r.author == author]
            scorer = ClauseScorer(w, b, 0.0, previous[1])
            for i, p in zip(idx, predict([rows[i] for i in idx], scorer, None), strict=True):
                before[i] = p
        out["previous_product"] = _block(rows, [p for p in before if p is not None])
    return out | {
        "rules_alone": _block(rows, predict(rows, None, None)),
        "rules_and_scorer": base,
        "best": results[0],
        "all": results,
    }


def within_bounds(base: dict[str, Any], new: dict[str, Any]) -> bool:
    """Pooled precision no more than 0.01 under `base`'s, and neither recall nor precision more
    than 0.02 under it on an author the rules were written on (when that author is in the CV)."""
    if (base["pooled"]["precision"] or 0) - (new["pooled"]["precision"] or 0) > MAX_PRECISION_DROP + 1e-9:
        return False
    for author in TUNED_ON:
        b, n = base["by_author"].get(author), new["by_author"].get(author)
        if (
            b
            and n
            and any((b[k] or 0) - (n[k] or 0) > MAX_TUNED_ON_DROP + 1e-9 for k in ("recall", "precision"))
        ):
            return False
    return True


def pays(base: dict[str, Any], new: dict[str, Any]) -> bool:
    """The rule for switching the generator on: pooled F1 up, within `within_bounds`."""
    return new["pooled"]["f1"] > base["pooled"]["f1"] and within_bounds(base, new)


# --- Clause embeddings beside the string features (measured, not shipped: `--embeddings`) ---------
# LOAO on dev, six authors (2026-11-24): no setting beat the same learners without them (see
# pipelines/README.md, "Six dev authors"), so the product runs without a model call in extraction.
EMBEDDING_MODES = (("clause", 0.3), ("clause", 1.0), ("both", 0.3), ("both", 1.0))
EMBEDDING_C = (0.3, 1.0)
EMBEDDING_THRESHOLDS = (0.7, 0.8, 0.9)


def _dense(candidate: Candidate, vectors: dict[str, Any], mode: str) -> Any:
    import numpy as np

    clause = vectors[candidate.clause]
    if mode == "clause":
        return clause
    return np.concatenate([clause, vectors[candidate.highlight.reformulation]])


def _fit_dense(
    items: list[tuple[list[str], int, Candidate]], C: float, vectors: dict[str, Any], mode: str, alpha: float
) -> tuple[dict[str, float], float, Any]:
    """`fit` with the candidate's embedding (standardised, times `alpha`) beside the string features;
    the dense weights come back folded into the raw vector's scale (and the intercept)."""
    import numpy as np
    from scipy.sparse import csr_matrix, hstack
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    counts = Counter(f for fs, _, _ in items for f in set(fs))
    vectorizer = DictVectorizer()
    sparse = vectorizer.fit_transform(
        [{f: 1 for f in fs if counts[f] >= MIN_FEATURE_COUNT} for fs, _, _ in items]
    )
    dense = np.vstack([_dense(c, vectors, mode) for _, _, c in items])
    mean, std = dense.mean(0), dense.std(0) + 1e-6
    model = LogisticRegression(C=C, max_iter=5000)
    model.fit(hstack([sparse, csr_matrix((dense - mean) / std * alpha)]).tocsr(), [y for _, y, _ in items])
    coef, n = model.coef_[0], sparse.shape[1]
    weights = {name: float(w) for name, w in zip(vectorizer.get_feature_names_out(), coef[:n], strict=True)}
    dense_weights = coef[n:] * alpha / std
    return weights, float(model.intercept_[0]) - float(dense_weights @ mean), dense_weights


class _DenseScorer(ClauseScorer):
    def __init__(
        self,
        fitted: tuple[dict[str, float], float, Any],
        keep: float,
        propose: float,
        vectors: dict[str, Any],
        mode: str,
    ) -> None:
        super().__init__(fitted[0], fitted[1], keep, propose)
        self.dense_weights, self.vectors, self.mode = fitted[2], vectors, mode

    def probability(self, candidate: Candidate) -> float:
        z = self.intercept + sum(self.weights.get(f, 0.0) for f in features(candidate))
        z += float(_dense(candidate, self.vectors, self.mode) @ self.dense_weights)
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


class _DenseGenerator(Generator):
    def __init__(
        self,
        fitted: tuple[dict[str, float], float, Any],
        threshold: float,
        vectors: dict[str, Any],
        mode: str,
    ) -> None:
        super().__init__(fitted[0], fitted[1], threshold)
        self.dense_weights, self.vectors, self.mode = fitted[2], vectors, mode

    def probability(self, candidate: Candidate) -> float:
        z = self.intercept + sum(self.weights.get(f, 0.0) for f in generator_features(candidate))
        z += float(_dense(candidate, self.vectors, self.mode) @ self.dense_weights)
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def embedding_cv(rows: list[_Row], shipped: ClauseScorer, log=print) -> dict[str, Any]:
    """LOAO of the clause scorer and of the generator with the candidates' embeddings beside their
    string features, against the same learners without them (the shipped settings): one model call
    per entry (its candidates' clauses and texts, batched), counted. Writes nothing."""
    from pipelines.embeddings import embed

    vectors: dict[str, Any] = {}
    calls = texts = 0
    for row in rows:
        wanted = sorted(
            {c.clause for c in row.candidates} | {c.highlight.reformulation for c in row.candidates}
        )
        vectors.update(zip(wanted, embed(wanted), strict=True))
        calls, texts = calls + 1, texts + len(wanted)
    log(f"  embedded: {calls} model calls, {texts} texts ({texts / max(1, len(rows)):.1f} per entry)")
    authors = sorted({r.author for r in rows})
    C_scorer = float(shipped.settings.get("C", 0.3))
    generator_c = float(json.loads(GENERATOR_PATH.read_text(encoding="utf-8"))["settings"]["C"])

    def candidates(row: _Row, sources: tuple[str, ...]) -> list[Candidate]:
        return [c for c in row.candidates if c.source in sources]

    def items(train: list[_Row], kind: str) -> list[tuple[list[str], int, Candidate]]:
        sources, pairs = (
            (_SCORER_SOURCES, "scorer_rows") if kind == "scorer" else (_GENERATED, "generator_rows")
        )
        return [
            (fs, y, c)
            for r in train
            for (fs, y), c in zip(getattr(r, pairs), candidates(r, sources), strict=True)
        ]

    plain: dict[str, tuple[ClauseScorer, Generator]] = {}
    fitted: dict[tuple[str, str, str, float, float], Any] = {}
    for author in authors:
        train = [r for r in rows if r.author != author]
        w, b = fit([p for r in train for p in r.scorer_rows], C_scorer)
        gw, gb = fit([p for r in train for p in r.generator_rows], generator_c)
        plain[author] = (
            ClauseScorer(w, b, shipped.keep_threshold, shipped.propose_threshold),
            Generator(gw, gb, json.loads(GENERATOR_PATH.read_text(encoding="utf-8"))["threshold"]),
        )
        for mode, alpha in EMBEDDING_MODES:
            fitted[("scorer", author, mode, alpha, C_scorer)] = _fit_dense(
                items(train, "scorer"), C_scorer, vectors, mode, alpha
            )
            for C in EMBEDDING_C:
                fitted[("generator", author, mode, alpha, C)] = _fit_dense(
                    items(train, "generator"), C, vectors, mode, alpha
                )
        log(f"  fold {author}: fitted")

    def run(make) -> dict[str, Any]:
        predictions: list[Prediction | None] = [None] * len(rows)
        for author in authors:
            idx = [i for i, r in enumerate(rows) if r.author == author]
            scorer, generator = make(author)
            for i, p in zip(idx, predict([rows[i] for i in idx], scorer, generator), strict=True):
                predictions[i] = p
        return _block(rows, [p for p in predictions if p is not None])

    out: dict[str, Any] = {
        "model_calls_per_entry": 1.0,
        "texts_per_entry": round(texts / max(1, len(rows)), 2),
        "scorer": run(lambda a: (plain[a][0], None)),
        "scorer_and_generator": run(lambda a: plain[a]),
        "with_embeddings": [],
    }
    for mode, alpha in EMBEDDING_MODES:
        for t in EMBEDDING_THRESHOLDS:
            block = run(
                lambda a, mode=mode, alpha=alpha, t=t: (
                    _DenseScorer(
                        fitted[("scorer", a, mode, alpha, C_scorer)], shipped.keep_threshold, t, vectors, mode
                    ),
                    None,
                )
            )
            out["with_embeddings"].append(
                {"learner": "scorer", "mode": mode, "alpha": alpha, "C": C_scorer, "threshold": t, **block}
            )
            for C in EMBEDDING_C:
                block = run(
                    lambda a, mode=mode, alpha=alpha, t=t, C=C: (
                        plain[a][0],
                        _DenseGenerator(fitted[("generator", a, mode, alpha, C)], t, vectors, mode),
                    )
                )
                out["with_embeddings"].append(
                    {"learner": "generator", "mode": mode, "alpha": alpha, "C": C, "threshold": t, **block}
                )
        log(f"  {mode} x {alpha}: measured")
    return out


def _print_embedding_cv(cv: dict[str, Any]) -> None:
    print(f"model calls per entry {cv['model_calls_per_entry']}, texts per entry {cv['texts_per_entry']}")
    for name in ("scorer", "scorer_and_generator"):
        print("  " + _line(f"without ({name})", cv[name]["pooled"]))
    for learner, base in (("scorer", cv["scorer"]), ("generator", cv["scorer_and_generator"])):
        mine = sorted(
            (r for r in cv["with_embeddings"] if r["learner"] == learner),
            key=lambda r: (not within_bounds(base, r), -r["pooled"]["f1"]),
        )
        for r in mine[:3]:
            print(
                f"  {learner} + {r['mode']} embedding x{r['alpha']} C {r['C']} at {r['threshold']} "
                f"(within bounds: {within_bounds(base, r)}, pays: {pays(base, r)})"
            )
            print("    " + _line("pooled", r["pooled"]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m pipelines.highlights.train_generator", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--dev", type=Path, default=DEV_PATH)
    parser.add_argument("--dry-run", action="store_true", help="measure and print, write nothing")
    parser.add_argument(
        "--embeddings",
        action="store_true",
        help="measure the scorer and the generator with "
        "clause embeddings beside their string features (LOAO), print, write nothing",
    )
    args = parser.parse_args(argv)
    shipped = default_scorer()
    if shipped is None:
        print("no clause scorer shipped: run python -m pipelines.highlights.train first")
        return 1
    rows = load_rows(args.dev)
    if args.embeddings:
        _print_embedding_cv(embedding_cv(rows, shipped))
        return 0
    authors = Counter(r.author for r in rows)
    n = sum(len(r.generator_rows) for r in rows)
    print(
        f"dev: {len(rows)} entries by {len(authors)} authors; generated candidates {n}, positive "
        f"{sum(label for r in rows for _, label in r.generator_rows)}"
    )
    cv = grouped_cv(rows, shipped, previous=PREVIOUS_SCORER)
    best = cv["best"]
    gain = pays(cv["rules_and_scorer"], best)
    weights, intercept = fit(
        [p for r in rows for p in r.generator_rows], best["C"], class_weight=best["class_weight"]
    )
    settings = {
        "C": best["C"],
        "class_weight": best["class_weight"],
        "min_feature_count": MIN_FEATURE_COUNT,
        "enabled": gain and not SWITCHED_OFF,
    }
    generator = Generator(weights, intercept, best["threshold"], settings)
    metrics = {
        "train": {
            "data": "pipelines/data/journal_corpus/dev.jsonl",
            "dev_sha256": hashlib.sha256(args.dev.read_bytes()).hexdigest(),
            "dev_rows": len(rows),
            "authors": dict(sorted(authors.items())),
            "generated_candidates": n,
            "cv": "leave one author out on dev: the clause scorer (shipped settings) and the generator fitted on "
            "the other authors decide on the held-out author's entries, scored as `pipelines evaluate` "
            "does (strict), pooled; chosen by F1 among the settings within bounds (pooled precision within "
            "0.01 of rules + scorer, the first and extraction-round authors' recall and precision within "
            "0.02), ties: higher threshold, stronger regularisation",
            "grid": {
                "C": list(C_GRID),
                "class_weight": [str(c) for c in CLASS_WEIGHTS],
                "threshold": list(THRESHOLD_GRID),
            },
        },
        "chosen": {
            **settings,
            "threshold": best["threshold"],
            "features": len(weights),
            "rule": "enabled when LOAO F1 rises over rules + scorer, pooled precision falls by <= 0.01 and "
            "the first and extraction-round authors lose <= 0.02 recall or precision, unless SWITCHED_OFF",
            "paid_on_cv": gain,
            "switched_off": SWITCHED_OFF or None,
        },
        "grouped_cv": {
            "previous_product": cv["previous_product"],
            "rules_alone": cv["rules_alone"],
            "rules_and_scorer": cv["rules_and_scorer"],
            "rules_scorer_and_generator": {"pooled": best["pooled"], "by_author": best["by_author"]},
        },
        "top_candidates": [
            {
                "C": r["C"],
                "class_weight": r["class_weight"],
                "threshold": r["threshold"],
                "f1": r["pooled"]["f1"],
                "recall": r["pooled"]["recall"],
                "precision": r["pooled"]["precision"],
                "due_dates": r["pooled"]["due_dates"],
                "within_bounds": r["within_bounds"],
            }
            for r in cv["all"][:10]
        ],
    }
    print(f"chosen: {metrics['chosen']}")
    for name, block in metrics["grouped_cv"].items():
        print(f"grouped CV, {name.replace('_', ' ')}:")
        for part, f in [("pooled", block["pooled"]), *block["by_author"].items()]:
            print("  " + _line(part, f))
    for r in metrics["top_candidates"]:
        print("  ", r)
    if args.dry_run:
        return 0
    generator.save(GENERATOR_PATH)
    METRICS_PATH.write_text(json.dumps(metrics, indent=1) + "\n", encoding="utf-8")
    print(
        f"wrote {GENERATOR_PATH.name} ({len(weights)} weights, enabled: {settings['enabled']}) and {METRICS_PATH.name}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
