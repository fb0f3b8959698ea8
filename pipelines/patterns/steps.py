"""The swappable steps of the pattern pipeline, scikit-learn style.

Any object with `fit_transform(X)` is a reducer, any with `fit_predict(X)` a clusterer (label -1 is
noise), any with `name(texts, labels)` a namer: a notebook passes its own to `PatternPipeline` or
`set_params`, and no pipeline code changes. The defaults are built from `PatternConfig`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence

import msgspec
import numpy as np
from sklearn.base import BaseEstimator, ClusterMixin, TransformerMixin
from sklearn.cluster import HDBSCAN, AgglomerativeClustering, KMeans
from sklearn.decomposition import PCA
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, CountVectorizer

from pipelines.highlights.text import split_sentences
from pipelines.patterns.config import PatternConfig
from pipelines.patterns.naming import FALLBACK_NAME, is_noun, name_clusters
from pipelines.patterns.themes import THEMES, theme_scores


class PatternName(msgspec.Struct, kw_only=True):
    name: str
    description: str
    keywords: list[str]


# -- reducers -------------------------------------------------------------------------------------


class IdentityReducer(TransformerMixin, BaseEstimator):
    """The pass-through reducer: clusters the embeddings as they are."""

    def fit(self, X: np.ndarray, y: object = None) -> IdentityReducer:
        return self

    def transform(self, X: np.ndarray) -> np.ndarray:
        return np.asarray(X)


class SafePCA(TransformerMixin, BaseEstimator):
    """PCA whose component count shrinks with a small journal: at most half its entries.

    n entries span only n - 1 directions, so under 11 entries 10 components kept all of them: the
    "reduction" only rotated the centred entries, which sat about equally far apart, and the 0.8 cut
    almost never joined three (no pattern in 0 of 20 random 8- or 10-entry journals of one dev-corpus
    voice). Half the entries keeps the directions several entries share and drops those of one
    entry alone (pipelines/README.md, "Patterns": figures). From 20 entries nothing changes."""

    def __init__(self, n_components: int = 10, random_state: int = 0) -> None:
        self.n_components = n_components
        self.random_state = random_state

    def fit(self, X: np.ndarray, y: object = None) -> SafePCA:
        n = max(1, min(self.n_components, X.shape[0] - 1, max(2, X.shape[0] // 2), X.shape[1]))
        self.pca_ = PCA(n_components=n, random_state=self.random_state).fit(X)
        return self

    def transform(self, X: np.ndarray) -> np.ndarray:
        return self.pca_.transform(X)


def default_reducer(config: PatternConfig) -> TransformerMixin:
    if config.reducer == "pca":
        return SafePCA(n_components=config.n_components, random_state=config.random_state)
    return IdentityReducer()


# -- clusterers -----------------------------------------------------------------------------------


class SmallKMeans(ClusterMixin, BaseEstimator):
    """KMeans with no more clusters than points allow."""

    def __init__(self, n_clusters: int = 6, random_state: int = 0) -> None:
        self.n_clusters = n_clusters
        self.random_state = random_state

    def fit(self, X: np.ndarray, y: object = None) -> SmallKMeans:
        k = max(1, min(self.n_clusters, X.shape[0]))
        self.labels_ = KMeans(n_clusters=k, n_init=10, random_state=self.random_state).fit_predict(X)
        return self


def default_clusterer(config: PatternConfig) -> ClusterMixin:
    if config.clusterer == "hdbscan":
        return HDBSCAN(min_cluster_size=max(2, config.min_cluster_size), min_samples=config.hdbscan_min_samples,
                       metric="cosine", copy=True)
    if config.clusterer == "kmeans":
        return SmallKMeans(n_clusters=config.kmeans_clusters, random_state=config.random_state)
    return AgglomerativeClustering(n_clusters=None, distance_threshold=config.distance_threshold,
                                   metric="cosine", linkage=config.linkage)


def cluster(clusterer: ClusterMixin, X: np.ndarray) -> np.ndarray:
    """Labels for X; one point cannot be clustered (agglomerative needs two)."""
    if X.shape[0] < 2:
        return np.full(X.shape[0], -1)
    return np.asarray(clusterer.fit_predict(X))


def drop_small(labels: np.ndarray, min_size: int) -> np.ndarray:
    """Clusters under `min_size` become noise (-1); the rest are renumbered 0.. by size, largest first."""
    counts = Counter(int(label) for label in labels if label != -1)
    kept = [label for label, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])) if n >= min_size]
    remap = {label: i for i, label in enumerate(kept)}
    return np.asarray([remap.get(int(label), -1) for label in labels])


# -- namers ---------------------------------------------------------------------------------------

# Journal filler that says nothing about a topic (on top of scikit-learn's English stop words).
JOURNAL_STOP_WORDS = frozenset({
    "today", "tonight", "yesterday", "tomorrow", "day", "days", "week", "weeks", "month", "time", "really",
    "feel", "feels", "felt", "feeling", "think", "thought", "want", "wanted", "need", "needs", "know", "just",
    "got", "get", "getting", "going", "went", "like", "did", "does", "make", "made", "still", "actually",
    "lot", "thing", "things", "way", "good", "bad", "don", "didn", "doesn", "isn", "wasn", "can", "ll", "ve",
    "finally", "again", "new", "old", "last", "first", "keep", "keeps", "started", "start", "half", "whole",
    "morning", "evening", "afternoon", "night", "hours", "hour", "minutes", "nearly", "almost", "sure", "say",
    "couldn", "wouldn", "shouldn", "aren", "won", "better", "best", "high", "doing", "ago", "year", "years",
})
STOP_WORDS = sorted(ENGLISH_STOP_WORDS | JOURNAL_STOP_WORDS)
_TOKEN = r"(?u)\b[a-zA-Z][a-zA-Z]{2,}\b"


def singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("shes", "ches", "xes", "sses")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _words() -> Callable[[str], list[str]]:
    return CountVectorizer(stop_words=STOP_WORDS, token_pattern=_TOKEN, lowercase=True).build_analyzer()


def count_analyzer() -> CountVectorizer:
    base = _words()
    return CountVectorizer(analyzer=lambda doc: [singular(w) for w in base(doc)])


def as_spelt(texts: Sequence[str]) -> dict[str, str]:
    """Each counted word (a singular) as the texts spell it: itself when they write it, else their
    commonest form of it. `singular` made "goe" of "goes" and "christma" of "christmas", and a
    card listed "goe" among its words."""
    base, forms = _words(), defaultdict(Counter)
    for text in texts:
        for word in base(text):
            forms[singular(word)][word] += 1
    return {key: key if key in seen else seen.most_common(1)[0][0] for key, seen in forms.items()}


def describe(keywords: Sequence[str], count: int, description_words: int) -> str:
    words = list(keywords[:description_words])
    return f"{count} related entries, most distinctive words: {', '.join(words)}."


class CTfidfNamer(BaseEstimator):
    """BERTopic's class-based TF-IDF: a cluster's words weighted by how much more they belong to
    it than to the user's other clusters, for the description and the insights; the name is a
    title (`naming.name_clusters`), with at most `name_words` parts."""

    def __init__(self, name_words: int = 2, description_words: int = 5) -> None:
        self.name_words = name_words
        self.description_words = description_words

    def keywords(self, texts: Sequence[str], labels: np.ndarray, top: int) -> dict[int, list[str]]:
        """Each cluster's top words, best first; `recurring_` counts how many lead words appear in
        at least two of the cluster's entries."""
        self.recurring_: dict[int, int] = {}
        clusters = sorted({int(label) for label in labels if label != -1})
        if not clusters:
            return {}
        # Every document takes part (noise too), so words common to the whole journal weigh less.
        groups = clusters + [-1]
        docs = [" ".join(t for t, label in zip(texts, labels, strict=True) if label == g) for g in groups]
        vectorizer = count_analyzer()
        try:
            counts = vectorizer.fit_transform(docs).toarray().astype(float)
        except ValueError:  # no words at all
            return {c: [] for c in clusters}
        vocab = np.asarray(vectorizer.get_feature_names_out())
        tf = counts / np.maximum(counts.sum(axis=1, keepdims=True), 1)
        avg_words = counts.sum() / max(len(clusters), 1)
        idf = np.log(1 + avg_words / np.maximum(counts.sum(axis=0), 1))
        # How many of the cluster's entries say the word: a word said once in a long entry is
        # not the cluster's topic.
        entry_counts = {c: Counter() for c in clusters}
        analyze = vectorizer.build_analyzer()
        for text, label in zip(texts, labels, strict=True):
            if label != -1:
                entry_counts[int(label)].update(set(analyze(text)))
        spelt = as_spelt(texts)
        out: dict[int, list[str]] = {}
        for row, c in enumerate(clusters):
            spread = np.asarray([entry_counts[c][w] for w in vocab], dtype=float)
            # A topic word recurs: words of one entry only come after every recurring one.
            score = tf[row] * idf * spread + (spread >= 2) * 1e3 * (tf[row] > 0)
            order = [i for i in np.argsort(-score, kind="stable") if score[i] > 0]
            out[c] = [spelt.get(str(vocab[i]), str(vocab[i])) for i in order[:top]]
            self.recurring_[c] = sum(1 for i in order[:top] if spread[i] >= 2)
        return out

    def name(self, texts: Sequence[str], labels: np.ndarray) -> dict[int, PatternName]:
        top = max(self.name_words, self.description_words)
        counts = Counter(int(label) for label in labels if label != -1)
        titles = name_clusters(texts, labels, max_parts=self.name_words)
        names: dict[int, PatternName] = {}
        for c, words in self.keywords(texts, labels, top).items():
            words = words or ["reflection"]
            # No topic, person or phrase fits: the first recurring word the journals write as a noun.
            members = [t for t, label in zip(texts, labels, strict=True) if label == c]
            recurring = words[:max(1, self.recurring_.get(c, 0))]
            title = titles.get(c) or next((w.capitalize() for w in recurring if is_noun(w, members)), FALLBACK_NAME)
            names[c] = PatternName(name=title, description=describe(words, counts[c], self.description_words),
                                   keywords=words)
        return names


class KeywordNamer(BaseEstimator):
    """Names a cluster by the best-matching of the six life themes (the spec's keyword grouping),
    with its most frequent words as the description; no theme word at all falls back to c-TF-IDF.
    No two cards share a name (fitness and sleep were both "Well-being & Balance" on a tour): the
    largest cluster takes its best theme, a later one its best theme not taken, else its c-TF-IDF
    name."""

    def __init__(self, description_words: int = 5) -> None:
        self.description_words = description_words

    def name(self, texts: Sequence[str], labels: np.ndarray) -> dict[int, PatternName]:
        fallback = CTfidfNamer(description_words=self.description_words).name(texts, labels)
        sizes = Counter(int(label) for label in labels if label != -1)
        names: dict[int, PatternName] = {}
        for c in sorted(fallback, key=lambda c: (-sizes[c], c)):
            named = fallback[c]
            members = [t for t, label in zip(texts, labels, strict=True) if label == c]
            scores = Counter()
            for text in members:
                scores.update(theme_scores(text))
            taken = {n.name for n in names.values()}
            themes = sorted((t for t in THEMES if scores[t] and t not in taken), key=lambda t: -scores[t])
            name = next(iter(themes), named.name)
            if name in taken:  # the c-TF-IDF name taken by a theme: told apart by its lead word
                name = f"{name}: {(named.keywords or ['more'])[0]}"
            names[c] = PatternName(name=name, description=named.description, keywords=named.keywords)
        return dict(sorted(names.items()))


def default_namer(config: PatternConfig) -> BaseEstimator:
    if config.namer == "keywords":
        return KeywordNamer(description_words=config.description_words)
    return CTfidfNamer(name_words=config.name_words, description_words=config.description_words)


def sentences(text: str) -> list[str]:
    """The sentences a card may quote, as written, of three words or more; split by the journal's
    one splitter, so a quote does not stop at "Dr." or "e.g."."""
    return [p for p in split_sentences(text, as_written=True) if len(p.split()) >= 3]
