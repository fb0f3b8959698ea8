"""`PatternPipeline`: reduce, cluster and name a journal's entry embeddings, then draw the
insights under each pattern. Embeddings come in (computed once, the stored pgvector ones); every
other step is swappable, and every parameter is in one `PatternConfig`."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import msgspec
import numpy as np
from sklearn.base import BaseEstimator

from pipelines.patterns.config import PatternConfig
from pipelines.patterns.observations import InsightDraft, draw_insights
from pipelines.patterns.steps import cluster, default_clusterer, default_namer, default_reducer, drop_small


class PatternDraft(msgspec.Struct, kw_only=True, rename="camel"):
    key: str  # stable for the same members: what a re-run matches against
    name: str
    description: str
    keywords: list[str]
    entry_ids: list[str]
    insights: list[InsightDraft]


def pattern_key(entry_ids: Sequence[str]) -> str:
    return hashlib.sha256("\n".join(sorted(entry_ids)).encode()).hexdigest()[:32]


class PatternPipeline(BaseEstimator):
    """scikit-learn style: `get_params`/`set_params` reach every step.

    >>> PatternPipeline(config=PatternConfig.load()).fit(texts, embeddings).patterns_
    """

    def __init__(self, reducer: object = None, clusterer: object = None, namer: object = None,
                 config: PatternConfig | None = None) -> None:
        self.reducer = reducer
        self.clusterer = clusterer
        self.namer = namer
        self.config = config

    def fit(self, texts: Sequence[str], embeddings: np.ndarray, *, ids: Sequence[str] | None = None,
            dates: Sequence[str | None] | None = None, moods: Sequence[str | None] | None = None
            ) -> PatternPipeline:
        """Cluster `texts` (in time order) by their `embeddings`; `labels_` (-1: in no pattern),
        `patterns_` (largest first) and `reduced_` (what was clustered) are set."""
        config = self.config or PatternConfig()
        texts = list(texts)
        X = np.asarray(embeddings, dtype=np.float32)
        if X.ndim != 2 or X.shape[0] != len(texts):
            raise ValueError(f"embeddings must be (len(texts), dim), got {X.shape} for {len(texts)} texts")
        ids = [str(i) for i in ids] if ids is not None else [str(i) for i in range(len(texts))]
        if len(texts) < max(2, config.min_cluster_size):
            self.reduced_ = X
            self.labels_ = np.full(len(texts), -1)
            self.patterns_ = []
            return self
        reducer = self.reducer if self.reducer is not None else default_reducer(config)
        clusterer = self.clusterer if self.clusterer is not None else default_clusterer(config)
        namer = self.namer if self.namer is not None else default_namer(config)
        self.reduced_ = np.asarray(reducer.fit_transform(X))
        self.labels_ = drop_small(cluster(clusterer, self.reduced_), config.min_size(len(texts)))
        names = namer.name(texts, self.labels_)
        patterns = []
        for label in sorted(names):
            members = [i for i, lab in enumerate(self.labels_) if lab == label]
            named = names[label]
            member_ids = [ids[i] for i in members]
            insights = draw_insights(
                ids=member_ids, texts=[texts[i] for i in members], embeddings=X[members],
                keywords=named.keywords, dates=[dates[i] for i in members] if dates is not None else None,
                moods=[moods[i] for i in members] if moods is not None else None,
                max_insights=config.max_insights, name=named.name)
            patterns.append(PatternDraft(key=pattern_key(member_ids), name=named.name,
                                         description=named.description, keywords=named.keywords,
                                         entry_ids=member_ids, insights=insights))
        self.patterns_ = patterns
        return self

    def fit_predict(self, texts: Sequence[str], embeddings: np.ndarray, **kwargs: object) -> np.ndarray:
        return self.fit(texts, embeddings, **kwargs).labels_
