"""The lexical voice of the mood model: a logistic regression on the entry's words and
word pairs (TF-IDF), a third voice beside the embedding classifier and the keyword rule.

A mean sentence embedding of a whole entry blurs the one sentence that says how the day was; the
words themselves ("dreading", "no point", "so proud of her") do not blur, and the pairs keep a
little of their order ("not sleeping", "cried again"). Unlike the keyword rule, its words are
learned from the dev split's labels, not chosen by reading errors. No model call: a sparse
transform and one matrix product, well under a millisecond per entry.

On a short text it knows few words and is overconfident about them ("Went to the store, bought
milk, came home." reads Happy 0.59: errands sit in happy dev entries), so the model reads a text
holding fewer than `MoodModel.lexical_terms` of its terms without it (`lexical_share`).

Stored in the mood artifact as plain arrays (terms, idf, coefficients), loaded without pickle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression

from pipelines.mood.vocabulary import MOODS

# The vectoriser's settings: words and word pairs, each seen in at least two training entries,
# sublinear term frequency (a word said five times is not five times the feeling).
NGRAMS = (1, 2)
MIN_DF = 2


def _vectorizer(vocabulary: dict[str, int] | None = None) -> TfidfVectorizer:
    return TfidfVectorizer(ngram_range=NGRAMS, min_df=1 if vocabulary else MIN_DF, sublinear_tf=True,
                           lowercase=True, vocabulary=vocabulary)


def lexical_share(weight: float, terms: np.ndarray, at_least: float | None) -> np.ndarray:
    """Each text's share of the lexical voice in the learned scores: `weight`, or 0 for a text
    holding fewer than `at_least` of the voice's terms (None: `weight` for every text)."""
    terms = np.asarray(terms, dtype=np.float64)
    if not at_least:
        return np.full(len(terms), float(weight))
    return np.where(terms >= float(at_least), float(weight), 0.0)


class LexicalVoice:
    """TF-IDF (words and word pairs) -> multinomial logistic regression with inverse strength `C`.

    `fit(texts, moods)`, then `scores(texts)`: (n, 7) probabilities in MOODS order (0 for a mood
    the training rows did not have)."""

    def __init__(self, C: float = 32.0) -> None:
        self.C = C

    def fit(self, texts: Sequence[str], moods: Sequence[str], sample_weight: Sequence[float] | None = None
            ) -> LexicalVoice:
        self.vectorizer_ = _vectorizer()
        matrix = self.vectorizer_.fit_transform(list(texts))
        weights = None if sample_weight is None else np.asarray(sample_weight)
        self.classifier_ = LogisticRegression(C=self.C, max_iter=5000).fit(matrix, np.asarray(moods),
                                                                            sample_weight=weights)
        return self

    def scores(self, texts: Sequence[str]) -> np.ndarray:
        return self.read(texts)[0]

    def read(self, texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """(scores, terms): the (n, 7) probabilities and how many of the voice's terms (words and
        word pairs) each text holds, distinct."""
        if not hasattr(self, "classifier_"):
            raise RuntimeError("LexicalVoice is not fitted: call fit() or load it with the mood model")
        matrix = self.vectorizer_.transform(list(texts))
        # predict_proba's multinomial softmax, without its input checks (a third of the voice's cost)
        logits = np.asarray(matrix @ self.classifier_.coef_.T) + self.classifier_.intercept_
        logits -= logits.max(axis=1, keepdims=True)
        probabilities = np.exp(logits)
        probabilities /= probabilities.sum(axis=1, keepdims=True)
        out = np.zeros((len(probabilities), len(MOODS)))
        for column, mood in enumerate(self.classifier_.classes_):
            out[:, MOODS.index(mood)] = probabilities[:, column]
        return out, np.diff(matrix.indptr).astype(np.float64)

    # -- the artifact: plain arrays ------------------------------------------------------------
    def arrays(self) -> dict[str, np.ndarray]:
        """The fitted voice as arrays for the mood model's .npz (terms in column order)."""
        vocabulary = self.vectorizer_.vocabulary_
        terms = sorted(vocabulary, key=vocabulary.__getitem__)
        return {
            "lexical_terms": np.asarray(terms, dtype=str),
            "lexical_idf": np.asarray(self.vectorizer_.idf_, dtype=np.float32),
            "lexical_coef": np.asarray(self.classifier_.coef_, dtype=np.float32),
            "lexical_intercept": np.asarray(self.classifier_.intercept_, dtype=np.float64),
            "lexical_classes": np.asarray(self.classifier_.classes_, dtype=str),
        }

    @classmethod
    def from_arrays(cls, data: Any, C: float) -> LexicalVoice:
        voice = cls(C=C)
        terms = [str(term) for term in data["lexical_terms"]]
        vectorizer = _vectorizer({term: i for i, term in enumerate(terms)})
        vectorizer.idf_ = np.asarray(data["lexical_idf"], dtype=np.float64)
        classifier = LogisticRegression(C=C, max_iter=5000)
        classifier.classes_ = data["lexical_classes"].astype(object)
        classifier.coef_ = np.asarray(data["lexical_coef"], dtype=np.float64)
        classifier.intercept_ = np.asarray(data["lexical_intercept"], dtype=np.float64)
        classifier.n_features_in_ = len(terms)
        voice.vectorizer_, voice.classifier_ = vectorizer, classifier
        return voice
