"""The learned steps of `HighlightPipeline`: the detector (does this clause state something the
writer means to do?) and the typer (a task, a goal or a project?), both linear models over the
clause's words and its sentence embedding, fitted on the labelled corpus.

Each step is a plain object with `fit` on plain lists and `get_params`; its fitted state is
arrays (`state()` / `from_state()`), so the artifact holds numbers, not pickled code.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

import numpy as np
from scipy import sparse

from pipelines.highlights.dates import resolve_due_date
from pipelines.highlights.segment import Clause

Embed = Callable[[Sequence[str]], np.ndarray]
_ANY_DAY = __import__("datetime").date(2025, 1, 1)  # whether a clause names a day at all, not which
_TOKEN = re.compile(r"[a-z0-9£$€][a-z0-9'£$€]*")
_FIRST_PERSON = re.compile(r"^\W*(?:i|we|i'll|i'm|i've|im|ill|ive|we'll|we're)\b", re.IGNORECASE)


def lexical_text(clause: Clause, before: Clause | None = None, after: Clause | None = None) -> str:
    """What the word features read: the clause's words, its header's (as `h_<word>`), the end of
    the clause before and the start of the one after in its sentence (`p_<word>`, `n_<word>`), and
    markers of its shape (`__list__`, `__question__`, `__day__` when it names a day, `__first__`
    when it opens on I or we, `__opens__` when it opens its sentence)."""
    text = clause.text.lower()
    words = _TOKEN.findall(re.sub(r"\d", "0", text))
    parts = list(words)
    parts += [f"h_{w}" for w in _TOKEN.findall(clause.header.lower())]
    if before is not None and before.sentence == clause.sentence:
        parts += [f"p_{w}" for w in _TOKEN.findall(before.text.lower())[-3:]]
    else:
        parts.append("__opens__")
    if after is not None and after.sentence == clause.sentence:
        parts += [f"n_{w}" for w in _TOKEN.findall(after.text.lower())[:3]]
    if clause.list_item:
        parts.append("__list__")
    if clause.question:
        parts.append("__question__")
    if resolve_due_date(clause.text, _ANY_DAY) is not None:
        parts.append("__day__")
    if _FIRST_PERSON.match(clause.text):
        parts.append("__first__")
    if not words:
        parts.append("__empty__")
    return " ".join(parts)


_TF: dict[int, float] = {}


def _sublinear_tf(n: int) -> float:
    """1 + log(n), as scikit-learn's sublinear tf computes it (numpy's log), kept per count."""
    value = _TF.get(n)
    if value is None:
        value = _TF[n] = float(1.0 + np.log(n))
    return value


class Linear:
    """A fitted linear classifier's numbers: `predict_proba` without scikit-learn."""

    def __init__(self, coef: np.ndarray, intercept: np.ndarray, classes: Sequence[str]) -> None:
        self.coef = np.asarray(coef, dtype=np.float32)
        self.intercept = np.asarray(intercept, dtype=np.float32)
        self.classes = list(classes)

    @classmethod
    def fit(cls, X: Any, y: Sequence[str], C: float, class_weight: Any = None,
            sample_weight: Sequence[float] | None = None) -> Linear:
        from sklearn.linear_model import LogisticRegression

        weights = None if sample_weight is None else np.asarray(sample_weight, dtype=np.float64)
        model = LogisticRegression(C=C, max_iter=3000, class_weight=class_weight).fit(X, np.asarray(y),
                                                                                     sample_weight=weights)
        return cls(model.coef_, model.intercept_, [str(c) for c in model.classes_])

    def predict_proba(self, X: Any) -> np.ndarray:
        scores = np.asarray(X @ self.coef.T) + self.intercept
        if len(self.classes) == 2:
            p = 1 / (1 + np.exp(-scores[:, 0]))
            return np.column_stack([1 - p, p])
        scores -= scores.max(axis=1, keepdims=True)
        e = np.exp(scores)
        return e / e.sum(axis=1, keepdims=True)

    def state(self, prefix: str) -> dict[str, np.ndarray]:
        return {f"{prefix}.coef": self.coef, f"{prefix}.intercept": self.intercept,
                f"{prefix}.classes": np.asarray(self.classes)}

    @classmethod
    def from_state(cls, state: dict[str, np.ndarray], prefix: str) -> Linear:
        return cls(state[f"{prefix}.coef"], state[f"{prefix}.intercept"], [str(c) for c in state[f"{prefix}.classes"]])


class Words:
    """TF-IDF of `lexical_text`, word unigrams and bigrams; fitted vocabulary and idf as arrays."""

    def __init__(self, min_df: int = 2) -> None:
        self.min_df = min_df
        self.vocabulary: list[str] = []
        self.idf = np.zeros(0, dtype=np.float32)

    def _vectorizer(self) -> Any:
        from sklearn.feature_extraction.text import TfidfVectorizer

        return TfidfVectorizer(ngram_range=(1, 2), min_df=self.min_df, sublinear_tf=True, lowercase=False,
                               token_pattern=r"\S+", dtype=np.float32)

    def fit_transform(self, texts: Sequence[str]) -> sparse.csr_matrix:
        vectorizer = self._vectorizer()
        X = vectorizer.fit_transform(texts)
        self.vocabulary = [str(w) for w in vectorizer.get_feature_names_out()]
        self.idf = vectorizer.idf_.astype(np.float32)
        self._index = None
        return X

    def transform(self, texts: Sequence[str]) -> sparse.csr_matrix:
        """The fitted TF-IDF (sublinear tf, l2 rows), computed directly: scikit-learn's transform
        costs more in checks than in counting on a few short clauses."""
        index = getattr(self, "_index", None)
        if index is None:
            index = self._index = {w: i for i, w in enumerate(self.vocabulary)}
            self._idf = self.idf.tolist()
        idf = self._idf
        data: list[float] = []
        columns: list[int] = []
        pointers = [0]
        for text in texts:
            tokens = text.split()
            counts: dict[int, int] = {}
            for gram in (*tokens, *(f"{a} {b}" for a, b in pairwise(tokens))):
                i = index.get(gram)
                if i is not None:
                    counts[i] = counts.get(i, 0) + 1
            values = [_sublinear_tf(n) * idf[i] for i, n in counts.items()]
            squares = 0.0
            for value in values:
                squares += value * value
            norm = math.sqrt(squares) or 1.0
            columns.extend(counts)
            data.extend(value / norm for value in values)
            pointers.append(len(columns))
        return sparse.csr_matrix((np.asarray(data, dtype=np.float32), np.asarray(columns, dtype=np.int32),
                                  np.asarray(pointers, dtype=np.int32)), shape=(len(texts), len(self.vocabulary)))

    def state(self, prefix: str) -> dict[str, np.ndarray]:
        return {f"{prefix}.vocabulary": np.asarray(self.vocabulary), f"{prefix}.idf": self.idf}

    @classmethod
    def from_state(cls, state: dict[str, np.ndarray], prefix: str) -> Words:
        words = cls()
        words.vocabulary = [str(w) for w in state[f"{prefix}.vocabulary"]]
        words.idf = np.asarray(state[f"{prefix}.idf"], dtype=np.float32)
        words._index = None
        return words


def lexical_texts(clauses: Sequence[Clause]) -> list[str]:
    """`lexical_text` of each clause of one entry, with its neighbours."""
    return [lexical_text(c, clauses[i - 1] if i else None, clauses[i + 1] if i + 1 < len(clauses) else None)
            for i, c in enumerate(clauses)]


def _stack(lexical: sparse.csr_matrix, dense: np.ndarray | None, rows: Sequence[int] | None = None) -> sparse.csr_matrix:
    """`lexical`'s rows (`rows`, default all) with `dense` beside them: the matrix
    `sparse.hstack([lexical[rows], sparse.csr_matrix(dense)]).tocsr()` makes, entry for entry in
    the same order (so the products with it are the same to the bit), built in one step."""
    lexical = lexical.tocsr()
    chosen = range(lexical.shape[0]) if rows is None else rows
    if dense is None:
        return lexical if rows is None else lexical[list(rows)]
    dense = np.asarray(dense)
    if dense.ndim != 2 or dense.shape[0] != len(chosen):
        raise ValueError(f"{len(chosen)} rows of words but dense features of shape {dense.shape}")
    dtype = np.result_type(lexical.dtype, dense.dtype)
    width = lexical.shape[1]
    data: list[np.ndarray] = []
    columns: list[np.ndarray] = []
    pointers = [0]
    for k, row in enumerate(chosen):
        start, end = lexical.indptr[row], lexical.indptr[row + 1]
        (nonzero,) = np.nonzero(dense[k])
        data += [lexical.data[start:end], dense[k, nonzero]]
        columns += [lexical.indices[start:end], nonzero + width]
        pointers.append(pointers[-1] + (end - start) + len(nonzero))
    return sparse.csr_matrix((np.concatenate(data).astype(dtype, copy=False),
                              np.concatenate(columns).astype(np.int32), np.asarray(pointers, dtype=np.int32)),
                             shape=(len(chosen), width + dense.shape[1]))


class ClauseDetector:
    """P(the clause states a task, goal or project of the writer's).

    Two stages, so that most clauses never reach the embedding model: a word model (`screen`) reads
    every clause, and the clauses it gives at least `screen_threshold` go on to the full model (its
    words plus the clause's sentence embedding); the rest keep the word model's probability.
    `threshold`: the probability from which a clause is a highlight. `C`: inverse regularisation of
    both models."""

    def __init__(self, C: float = 3.0, threshold: float = 0.5, screen_threshold: float = 0.1,
                 min_df: int = 2, dense_weight: float = 1.0, context: bool = False) -> None:
        self.C = C
        self.threshold = threshold
        self.screen_threshold = screen_threshold
        self.min_df = min_df
        self.dense_weight = dense_weight
        self.context = context

    def get_params(self) -> dict[str, object]:
        return {"C": self.C, "threshold": self.threshold, "screen_threshold": self.screen_threshold,
                "min_df": self.min_df, "dense_weight": self.dense_weight, "context": self.context}

    def _dense(self, rows: list[int], vectors: Callable[[list[int]], np.ndarray],
               neighbours: Sequence[tuple[int, int]] | None) -> np.ndarray:
        """The rows' embeddings (with `context`, followed by the clause before's and after's in the
        same entry, zeros where there is none)."""
        own = np.asarray(vectors(rows)) * self.dense_weight
        if not self.context:
            return own
        if neighbours is None:
            raise ValueError("a context detector needs each clause's neighbours")
        wanted = sorted({j for i in rows for j in neighbours[i] if j >= 0})
        found = dict(zip(wanted, np.asarray(vectors(wanted)) if wanted else [], strict=True))
        zero = np.zeros(own.shape[1], dtype=np.float32)
        before = np.vstack([found.get(neighbours[i][0], zero) for i in rows])
        after = np.vstack([found.get(neighbours[i][1], zero) for i in rows])
        return np.hstack([own, before * self.dense_weight, after * self.dense_weight])

    def fit(self, texts: Sequence[str], vectors: np.ndarray, labels: Sequence[bool],
            neighbours: Sequence[tuple[int, int]] | None = None,
            sample_weight: Sequence[float] | None = None) -> ClauseDetector:
        """`texts`: each clause's `lexical_text`; `vectors`: their embeddings; `labels`: whether each
        states a highlight; `neighbours`: each clause's (before, after) row in its entry, -1 for none;
        `sample_weight`: each clause's weight."""
        y = ["yes" if label else "no" for label in labels]
        self.words_ = Words(self.min_df)
        X = self.words_.fit_transform(texts)
        self.screen_ = Linear.fit(X, y, self.C, sample_weight=sample_weight)
        vectors = np.asarray(vectors)
        rows = list(range(len(texts)))
        self.full_ = Linear.fit(_stack(X, self._dense(rows, lambda r: vectors[r], neighbours)), y, self.C,
                                sample_weight=sample_weight)
        return self

    def screen(self, texts: Sequence[str]) -> np.ndarray:
        return self.screen_.predict_proba(self.words_.transform(texts))[:, 1]

    def predict_proba(self, texts: Sequence[str], vectors: Callable[[list[int]], np.ndarray],
                      neighbours: Sequence[tuple[int, int]] | None = None) -> np.ndarray:
        """P(highlight) per clause; `vectors(rows)` gives the embeddings of the rows asked for: the
        ones that pass the screen (and their neighbours, with `context`)."""
        if not len(texts):
            return np.zeros(0)
        X = self.words_.transform(texts)
        p = self.screen_.predict_proba(X)[:, 1]
        rows = [i for i, value in enumerate(p) if value >= self.screen_threshold]
        if rows:
            p[rows] = self.full_.predict_proba(_stack(X, self._dense(rows, vectors, neighbours), rows))[:, 1]
        return p

    def state(self) -> dict[str, np.ndarray]:
        return {**self.words_.state("detector.words"), **self.screen_.state("detector.screen"),
                **self.full_.state("detector.full")}

    def load_state(self, state: dict[str, np.ndarray]) -> ClauseDetector:
        self.words_ = Words.from_state(state, "detector.words")
        self.screen_ = Linear.from_state(state, "detector.screen")
        self.full_ = Linear.from_state(state, "detector.full")
        return self


class ClauseTyper:
    """Task, goal or project, for a clause the detector kept: a linear model over its words and
    its embedding, fitted on the labelled clauses only."""

    def __init__(self, C: float = 3.0, min_df: int = 2, class_weight: str | None = None) -> None:
        self.C = C
        self.min_df = min_df
        self.class_weight = class_weight

    def get_params(self) -> dict[str, object]:
        return {"C": self.C, "min_df": self.min_df, "class_weight": self.class_weight}

    def fit(self, texts: Sequence[str], vectors: np.ndarray, types: Sequence[str],
            sample_weight: Sequence[float] | None = None) -> ClauseTyper:
        self.words_ = Words(self.min_df)
        X = self.words_.fit_transform(texts)
        self.model_ = Linear.fit(_stack(X, np.asarray(vectors)), list(types), self.C, self.class_weight,
                                 sample_weight=sample_weight)
        return self

    def predict(self, texts: Sequence[str], vectors: np.ndarray) -> list[str]:
        if not len(texts):
            return []
        p = self.model_.predict_proba(_stack(self.words_.transform(texts), np.asarray(vectors)))
        return [self.model_.classes[i] for i in p.argmax(axis=1)]

    def state(self) -> dict[str, np.ndarray]:
        return {**self.words_.state("typer.words"), **self.model_.state("typer.model")}

    def load_state(self, state: dict[str, np.ndarray]) -> ClauseTyper:
        self.words_ = Words.from_state(state, "typer.words")
        self.model_ = Linear.from_state(state, "typer.model")
        return self
