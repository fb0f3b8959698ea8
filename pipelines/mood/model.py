"""The learned mood model: a scikit-learn classifier on the sentence embeddings (plus the keyword
scores as features), blended with the keyword rule; its artifact in pipelines/data and the
process-wide instance behind `predict_mood`.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.base import BaseEstimator, TransformerMixin, clone
from sklearn.linear_model import LogisticRegression

from pipelines.embeddings import EMBEDDING_DIM, MODEL_NAME, SentenceEmbedder
from pipelines.mood.lexical import LexicalVoice, lexical_share
from pipelines.mood.prototypes import (
    embed_with_sentences,
    mood_sentences,
    prototype_features,
    prototype_table,
    sentence_vectors_for,
    standardiser,
)
from pipelines.mood.sentences import contrast_mask, sentence_evidence
from pipelines.mood.vocabulary import (
    KEYWORD_MOODS,
    MOODS,
    NEUTRAL,
    MoodPrediction,
    default_prediction,
    keyword_evidence,
    prediction,
    says_rest,
    stated_heavy,
)

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
MODEL_PATH = DATA_DIR / "mood_model.npz"


class KeywordFeatures(TransformerMixin, BaseEstimator):
    """The keyword scores as features: texts -> floats in KEYWORD_MOODS order, in up to three
    blocks of six, each block present when its weight is not 0:
    - `weight`: the whole entry's keyword scores, each clipped at `clip`;
    - `sentence_weight`: the share of the entry's sentences that carry each mood's words (how much
      of the entry a feeling holds: one sad sentence in ten is not a sad entry);
    - `last_weight`: the keyword scores of the last `last_sentences` sentences, clipped at `clip`
      (where a journal entry usually lands: "...anyway, I'm shattered")."""

    def __init__(
        self, weight: float = 1.0, clip: float = 3.0, sentence_weight: float = 0.0, last_weight: float = 0.0,
        last_sentences: int = 2,
    ) -> None:
        self.weight = weight
        self.clip = clip
        self.sentence_weight = sentence_weight
        self.last_weight = last_weight
        self.last_sentences = last_sentences

    def fit(self, X: Sequence[str], y: object = None) -> KeywordFeatures:
        return self

    def transform(self, X: Sequence[str]) -> np.ndarray:
        X = list(X)
        return self.from_evidence(keyword_evidence(X), X)

    def from_evidence(self, evidence: np.ndarray, texts: Sequence[str] | None = None) -> np.ndarray:
        """The features from an already computed `keyword_evidence` (and the texts, needed for
        the sentence blocks)."""
        width = len(KEYWORD_MOODS)
        blocks = []
        if self.weight:
            blocks.append(np.minimum(evidence[:, :width], self.clip) * self.weight)
        if self.sentence_weight or self.last_weight:
            if texts is None:
                raise ValueError("the sentence features need the texts")
            share, last = sentence_evidence(texts, self.last_sentences)
            if self.sentence_weight:
                blocks.append(share * self.sentence_weight)
            if self.last_weight:
                blocks.append(np.minimum(last, self.clip) * self.last_weight)
        return np.hstack(blocks) if blocks else np.zeros((len(evidence), 0))

    def get_feature_names_out(self, input_features: object = None) -> np.ndarray:
        names = []
        for prefix, on in (("keyword", self.weight), ("sentence_share", self.sentence_weight),
                           ("last_sentences", self.last_weight)):
            if on:
                names += [f"{prefix}_{mood}" for mood in KEYWORD_MOODS]
        return np.asarray(names, dtype=object)

    def __sklearn_tags__(self):  # type: ignore[no-untyped-def]
        tags = super().__sklearn_tags__()
        tags.requires_fit = False
        tags.input_tags.string = True
        tags.input_tags.two_d_array = False
        return tags


# -- the learned model --------------------------------------------------------------------------

# A tired keyword that outweighs every other keyword mood decides: the learned model never saw
# tired, so it cannot argue. Its share is this much, plus a little per extra unit of evidence.
_TIRED_SHARE = 0.55
_TIRED_SHARE_STEP = 0.1
_TIRED_SHARE_MAX = 0.9
# The moods of a heavy entry (see `MoodModel.heavy_floor`), in the spec's order for ties.
_HEAVY_MOODS = ("sad", "angry", "anxious", "tired")
# A short entry (see `short_min_confidence`), in words.
SHORT_ENTRY_WORDS = 20
# Fewer words than this and no feeling word: Neutral, whatever the classifier reads (no corpus
# entry is this short).
TINY_ENTRY_WORDS = 4
# A short entry whose heavy moods (sad, angry, anxious) together hold this share keeps its reading.
SHORT_HEAVY_KEEP = 0.7
_WORDS = re.compile(r"[A-Za-z][A-Za-z']*")
# Moods `heavy_min_confidence` asks a feeling word (or a clear classifier) for.
_UNSUPPORTED_HEAVY = ("sad", "angry", "anxious")
class MoodModel(BaseEstimator):
    """Seven-mood classifier: embeddings (+ keyword features) -> `classifier`, then blended with
    the keyword rule.

    Steps, each replaceable the scikit-learn way (`set_params`):
    - `embedder`: texts -> vectors, used only when `predict`/`fit` get no `embeddings`
      (default: `pipelines.embeddings.SentenceEmbedder`).
    - `keyword_features`: texts -> extra columns appended to the vectors (None: none).
    - `classifier`: any classifier with `predict_proba` (default: multinomial logistic regression).
    - `keyword_blend`: how much of the final score is the keyword rule's share (0..1), applied only
      when the text has keywords; the rest is the classifier's probability.
    - `negated_mood_factor`: what is kept of the classifier's score for a mood whose words appear
      only negated (1 keeps all, 0 rules the mood out). See `blend`.
    - `heavy_floor`: a heavy entry is never shown as Neutral or Happy. When the choice is neutral
      or happy but the text's sad/angry/anxious/tired keywords weigh at least `heavy_floor` and
      more than its happy and loving ones, the strongest of those moods is shown instead
      (None: off).
    - `min_confidence`: with no mood word in the text and no mood above this share, the entry is
      Neutral, the spec's default ("Went to the store, bought milk, came home."). None: off.
    - `short_min_confidence`: the same for an entry of fewer than SHORT_ENTRY_WORDS words ("Went to the
      store, bought milk, came home."; "Ok."): with no feeling word, a reading below this share is
      Neutral. The corpus' entries are longer; a one-liner gives the classifier little to read.
    - `heavy_min_confidence`: the mirror of `heavy_floor`: with no feeling word in the text
      (no keyword evidence), a sad, angry or anxious reading below this share is Neutral, the
      spec's default (None: off). The classifier learns topics as well as feelings (errands sit
      next to sad entries in the corpus), and telling a writer they were sad about buying milk
      misleads more than a Neutral does.
    - `contrast_blend`: in "X but Y" texts whose last clause after "but"/"however" has feeling
      words (`contrast_mask`), the keyword rule's share instead of `keyword_blend` (None: no
      change). A sentence embedding mixes both clauses; the keyword rule knows which came after
      "but" (and weighs it 1.25 times), so it gets the larger say there.
    - `heavy_share`: a heavy entry is never shown as Neutral or Happy, told with feeling words or
      not: when the choice is neutral or happy but sad, angry and anxious together hold at least
      this share of the final scores, the strongest of them is shown (None: off). Heavy days are
      often told plainly ("sat in the car a long time"), which no keyword catches; the classifier's
      heavy shares do. Applied last, so it also overrides `heavy_min_confidence`, but not
      `min_confidence`: an entry with no feeling word and no mood above that share stays Neutral.
    - `neutral_prior`: the classifier's Neutral probability is multiplied by this before anything
      else (1: unchanged), a prior correction: a classifier fitted on a few authors learns that
      prose without their feeling words is Neutral, so an understated heavy entry by another
      writer sinks there. Below 1, Neutral has to win by more.
    - `lexical_weight`: the share of the learned scores that is the lexical voice's
      (`pipelines.mood.lexical.LexicalVoice`, TF-IDF words and word pairs, inverse strength
      `lexical_C`), the rest the embedding classifier's; 0: no lexical voice. Mixed before
      everything above (`learned_scores`), so the Neutral prior and the rules read the mix. A
      text holding fewer than `lexical_terms` of the voice's terms (distinct words and word
      pairs) is read without it (None: every text with it): on a one-line entry the voice knows
      too few words and is overconfident about them.
    - `prototype_weight`: the entry's and its sentences' cosine similarities to the mood
      prototypes (`pipelines.mood.prototypes`, 42 columns standardised on the training rows)
      appended to the classifier's features, times this (0: none). Needs each entry's sentence
      vectors: `predict` takes them (`sentence_vectors`) or embeds the sentences in one call.
    """

    def __init__(
        self,
        embedder: Any = None,
        keyword_features: Any = "default",
        classifier: Any = None,
        keyword_blend: float = 0.0,
        negated_mood_factor: float = 1.0,
        heavy_floor: float | None = None,
        min_confidence: float | None = None,
        short_min_confidence: float | None = None,
        heavy_min_confidence: float | None = None,
        contrast_blend: float | None = None,
        heavy_share: float | None = None,
        neutral_prior: float = 1.0,
        lexical_weight: float = 0.0,
        lexical_C: float = 32.0,
        lexical_terms: float | None = None,
        prototype_weight: float = 0.0,
    ) -> None:
        self.embedder = embedder
        self.keyword_features = keyword_features
        self.classifier = classifier
        self.keyword_blend = keyword_blend
        self.negated_mood_factor = negated_mood_factor
        self.heavy_floor = heavy_floor
        self.min_confidence = min_confidence
        self.short_min_confidence = short_min_confidence
        self.heavy_min_confidence = heavy_min_confidence
        self.contrast_blend = contrast_blend
        self.heavy_share = heavy_share
        self.neutral_prior = neutral_prior
        self.lexical_weight = lexical_weight
        self.lexical_C = lexical_C
        self.lexical_terms = lexical_terms
        self.prototype_weight = prototype_weight

    # the steps, with their pass-through defaults
    def _embedder(self) -> Any:
        return SentenceEmbedder() if self.embedder is None else self.embedder

    def _keyword_step(self) -> Any:
        return KeywordFeatures() if self.keyword_features == "default" else self.keyword_features

    def _features(
        self, texts: Sequence[str], embeddings: np.ndarray | None, evidence: np.ndarray | None = None,
        sentence_vectors: Sequence[np.ndarray] | None = None,
    ) -> np.ndarray:
        if embeddings is None:
            embeddings = self._embedder().transform(texts)
        embeddings = np.asarray(embeddings)
        if embeddings.shape[0] != len(texts):
            raise ValueError(f"{len(texts)} texts but {embeddings.shape[0]} embeddings")
        blocks = [embeddings]
        step = self._keyword_step()
        if step is not None and evidence is not None and isinstance(step, KeywordFeatures):
            blocks.append(step.from_evidence(evidence, texts))
        elif step is not None:
            blocks.append(step.transform(texts))
        if self.prototype_weight:
            raw = self.prototype_raw(texts, embeddings, sentence_vectors)
            mean, scale = self.prototypes_["mean"], self.prototypes_["scale"]
            blocks.append((raw - mean) / scale * self.prototype_weight)
        return blocks[0] if len(blocks) == 1 else np.hstack(blocks)

    def prototype_raw(
        self, texts: Sequence[str], embeddings: np.ndarray, sentence_vectors: Sequence[np.ndarray] | None = None,
    ) -> np.ndarray:
        """The unscaled prototype similarities (n, 42) of these texts; their sentences are embedded
        (one model call) when `sentence_vectors` is None."""
        if sentence_vectors is None:
            sentence_vectors = sentence_vectors_for([mood_sentences(t) for t in texts], list(texts), embeddings)
        return prototype_features(embeddings, sentence_vectors, self.prototypes_["vectors"],
                                  self.prototypes_["moods"])

    def fit(
        self, texts: Sequence[str], moods: Sequence[str], embeddings: np.ndarray | None = None,
        sentence_vectors: Sequence[np.ndarray] | None = None, sample_weight: Sequence[float] | None = None,
        lexical_rows: Sequence[int] | None = None,
    ) -> MoodModel:
        """Fit on labelled texts. `sample_weight`: each row's weight in the classifier (rows of
        other kinds of writing, such as GoEmotions' comments, weigh less than journal entries);
        `lexical_rows`: the rows the lexical voice learns from (default: all)."""
        texts = list(texts)
        self.prototypes_ = None
        if self.prototype_weight:
            if embeddings is None:
                embeddings = self._embedder().transform(texts)
            sentences, prototype_moods = prototype_table()
            self.prototypes_ = {"sentences": sentences, "moods": prototype_moods,
                                "vectors": np.asarray(self._embedder().transform(sentences), dtype=np.float32),
                                "mean": 0.0, "scale": 1.0}
            mean, scale = standardiser(self.prototype_raw(texts, np.asarray(embeddings), sentence_vectors))
            self.prototypes_.update(mean=mean, scale=scale)
        classifier = clone(self.classifier) if self.classifier is not None else default_classifier()
        features = self._features(texts, embeddings, None, sentence_vectors)
        if sample_weight is None:
            self.classifier_ = classifier.fit(features, np.asarray(moods))
        else:
            self.classifier_ = classifier.fit(features, np.asarray(moods), sample_weight=np.asarray(sample_weight))
        unknown = set(self.classifier_.classes_) - set(MOODS)
        if unknown:
            raise ValueError(f"Unknown moods {sorted(unknown)}")
        rows = list(range(len(texts))) if lexical_rows is None else list(lexical_rows)
        weights = None if sample_weight is None else [sample_weight[i] for i in rows]
        self.lexical_ = (LexicalVoice(self.lexical_C).fit([texts[i] for i in rows], [moods[i] for i in rows], weights)
                         if self.lexical_weight else None)
        return self

    def classifier_scores(
        self, texts: Sequence[str], embeddings: np.ndarray | None = None, evidence: np.ndarray | None = None,
        sentence_vectors: Sequence[np.ndarray] | None = None,
    ) -> np.ndarray:
        """The classifier's probabilities alone: (n, 7) in MOODS order (0 for unseen moods).

        `evidence` is `keyword_evidence(texts)` when already computed."""
        if not hasattr(self, "classifier_"):
            raise RuntimeError("MoodModel is not fitted: call fit() or MoodModel.load()")
        texts = list(texts)
        probabilities = self.classifier_.predict_proba(self._features(texts, embeddings, evidence, sentence_vectors))
        scores = np.zeros((len(texts), len(MOODS)))
        for column, mood in enumerate(self.classifier_.classes_):
            scores[:, MOODS.index(mood)] = probabilities[:, column]
        return scores

    def lexical_scores(self, texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray] | None:
        """The lexical voice's probabilities alone, (n, 7) in MOODS order, and each text's share of
        it in the learned scores (`lexical_share`); None without a lexical voice."""
        voice = getattr(self, "lexical_", None)
        if voice is None or not self.lexical_weight:
            return None
        scores, terms = voice.read(list(texts))
        return scores, lexical_share(self.lexical_weight, terms, self.lexical_terms)

    def learned_scores(
        self, texts: Sequence[str], embeddings: np.ndarray | None = None, evidence: np.ndarray | None = None,
        sentence_vectors: Sequence[np.ndarray] | None = None,
    ) -> np.ndarray:
        """What `blend` starts from: the embedding classifier's probabilities, with
        `lexical_weight` of them the lexical voice's when the model has one."""
        scores = self.classifier_scores(texts, embeddings, evidence, sentence_vectors)
        lexical = self.lexical_scores(texts)
        return scores if lexical is None else mix_voices(scores, *lexical)

    def blend(
        self, classifier_scores: np.ndarray, evidence: np.ndarray, contrast: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Final (n, 7) scores from the classifier's (n, 7) and the keyword evidence (n, 12).

        0. The classifier's Neutral is multiplied by `neutral_prior`.
        1. A mood whose words appear only negated ("I'm not sad anymore") keeps
           `negated_mood_factor` of the classifier's score: sentence embeddings barely register
           negation, so "not sad" sits next to "sad".
        2. Where a text has keywords, `keyword_blend` of its score is the keyword rule's shares
           (`contrast_blend` for the rows of `contrast`, a `contrast_mask`).
        3. A tired keyword at least as strong as every other keyword mood takes 0.55 of the score
           (more with more evidence, up to 0.9), so it decides: the classifier never saw tired.
        Returns the scores and a mask of the rows that step 3 decided.
        """
        scores = np.asarray(classifier_scores, dtype=np.float64).copy()
        scores[:, MOODS.index(NEUTRAL)] *= self.neutral_prior
        evidence = np.asarray(evidence, dtype=np.float64)
        width = len(KEYWORD_MOODS)
        keywords, negated = evidence[:, :width], evidence[:, width:]
        only_negated = (negated > 0) & (keywords <= 0)
        scores[:, :width] = np.where(
            only_negated, scores[:, :width] * self.negated_mood_factor, scores[:, :width]
        )
        sums = scores.sum(axis=1, keepdims=True)
        scores = np.divide(scores, sums, out=np.zeros_like(scores), where=sums > 0)
        total = keywords.sum(axis=1)
        has_keywords = total > 0
        shares = np.zeros_like(scores)
        shares[has_keywords, :width] = keywords[has_keywords] / total[has_keywords, None]
        blend = np.full(len(scores), float(self.keyword_blend))
        if self.contrast_blend is not None and contrast is not None:
            blend[np.asarray(contrast, dtype=bool)] = self.contrast_blend
        blend = blend[has_keywords, None]
        scores[has_keywords] = (1 - blend) * scores[has_keywords] + blend * shares[has_keywords]
        tired_column = MOODS.index("tired")
        tired = keywords[:, KEYWORD_MOODS.index("tired")]
        decides = (tired >= 1.0) & (tired >= keywords.max(axis=1, initial=0.0))
        if decides.any():
            share = np.minimum(_TIRED_SHARE + _TIRED_SHARE_STEP * (tired[decides] - 1.0), _TIRED_SHARE_MAX)
            rows = scores[decides]
            rows[:, tired_column] = 0.0
            rest = rows.sum(axis=1, keepdims=True)
            rows = np.divide(rows, rest, out=np.zeros_like(rows), where=rest > 0) * (1 - share)[:, None]
            rows[:, tired_column] = share
            scores[decides] = rows
        sums = scores.sum(axis=1, keepdims=True)
        scores = np.divide(scores, sums, out=np.zeros_like(scores), where=sums > 0)
        scores[sums[:, 0] <= 0, MOODS.index(NEUTRAL)] = 1.0
        return scores, decides

    def combine(
        self, texts: Sequence[str], classifier_scores: np.ndarray, evidence: np.ndarray | None = None,
        contrast: np.ndarray | None = None,
    ) -> list[MoodPrediction]:
        """Blend the classifier's scores with the keyword rule; the cheap step, re-runnable alone.

        `evidence` is `keyword_evidence(texts)` and `contrast` is `contrast_mask(texts)` when
        already computed."""
        texts = list(texts)
        if evidence is None:
            evidence = keyword_evidence(texts)
        if contrast is None and self.contrast_blend is not None:
            contrast = contrast_mask(texts)
        scores, tired_rows = self.blend(classifier_scores, evidence, contrast)
        predictions = []
        for text, row, by_keywords in zip(texts, scores, tired_rows, strict=True):
            if not text or not text.strip():
                predictions.append(default_prediction())
                continue
            best = MOODS[int(np.argmax(row))]
            words = np.asarray(evidence[len(predictions)][: len(KEYWORD_MOODS)], dtype=float)
            # A loving reading stands without a loving word: love is mostly told through a person
            # ("Held his sticky hand all the way home"). Yielding to the words' mood there (a rule from
            # the GoEmotions-trained model) misread 87 of the 115 dev entries it touched.
            # A tired reading with no tired word in a text that tells of rest yields to the words: sleep
            # is a topic of tired entries, and "Finally slept 8 hours!" is the opposite of tired.
            if best == "tired" and words[KEYWORD_MOODS.index("tired")] <= 0 and words.max() > 0 and says_rest(text):
                best = KEYWORD_MOODS[int(np.argmax(words))]
            # Nothing stands out: no feeling word and no mood above `min_confidence`.
            unremarkable = (
                self.min_confidence is not None and words.max() <= 0 and row.max() < self.min_confidence
            ) or (  # a short entry with no feeling word needs a clearer reading; a few words
                # ("Ok.", "Fine.") give the classifier nothing it was trained on: Neutral
                self.short_min_confidence is not None and words.max() <= 0
                and (n_words := len(_WORDS.findall(text))) < SHORT_ENTRY_WORDS
                and (n_words < TINY_ENTRY_WORDS or (
                    row.max() < self.short_min_confidence
                    # ... unless it reads heavy as a whole: "I'm fine. I'm not. I haven't opened the
                    # curtains since Sunday." (a heavy entry is never shown Neutral); three words
                    # say too little to be heavy ("Ok." read 0.74 heavy after a retrain)
                    and sum(row[MOODS.index(m)] for m in _UNSUPPORTED_HEAVY) < SHORT_HEAVY_KEEP
                ))
            )
            if unremarkable:
                best = NEUTRAL
            if (
                self.heavy_min_confidence is not None and words.max() <= 0
                and best in _UNSUPPORTED_HEAVY and row.max() < self.heavy_min_confidence
            ):
                best = NEUTRAL
            if self.heavy_floor is not None and best in ("neutral", "happy"):
                heavy = {mood: words[KEYWORD_MOODS.index(mood)] for mood in _HEAVY_MOODS}
                light = words[KEYWORD_MOODS.index("happy")] + words[KEYWORD_MOODS.index("loving")]
                strongest = max(_HEAVY_MOODS, key=lambda mood: heavy[mood])
                if heavy[strongest] >= self.heavy_floor and sum(heavy.values()) > light:
                    best = strongest
            if self.heavy_share is not None and best in ("neutral", "happy") and not unremarkable:
                columns = [MOODS.index(mood) for mood in _UNSUPPORTED_HEAVY]
                if row[columns].sum() >= self.heavy_share:
                    best = _UNSUPPORTED_HEAVY[int(np.argmax(row[columns]))]
            # the floor: a heavy feeling the writer states outright is never shown light
            if best in ("neutral", "happy") and (stated := stated_heavy(text)) is not None:
                best = stated
            named = dict(zip(MOODS, row.tolist(), strict=True))
            predictions.append(prediction(best, named, "keywords" if by_keywords else "model"))
        return predictions

    def predict(
        self, texts: Sequence[str], embeddings: np.ndarray | None = None,
        sentence_vectors: Sequence[np.ndarray] | None = None,
    ) -> list[MoodPrediction]:
        """Moods for `texts`. Pass `embeddings` (from `embed(texts)`) when you have them, and with a
        prototype model each text's sentence vectors (`embed(mood_sentences(text))`), else the
        sentences are embedded here in one call."""
        if isinstance(texts, str):
            raise TypeError("predict() takes a sequence of texts: use predict([text]) or predict_mood(text)")
        texts = list(texts)
        if not texts:
            return []
        if embeddings is not None and len(embeddings) != len(texts):
            raise ValueError(f"{len(texts)} texts but {len(embeddings)} embeddings")
        evidence = keyword_evidence(texts)
        present = [i for i, text in enumerate(texts) if text and text.strip()]
        scores = np.zeros((len(texts), len(MOODS)))
        if present:
            kept = [texts[i] for i in present]
            vectors = None if embeddings is None else np.asarray(embeddings)[present]
            per_sentence = None if sentence_vectors is None else [sentence_vectors[i] for i in present]
            if vectors is None and per_sentence is None and self.prototype_weight:
                vectors, per_sentence = embed_with_sentences(self._embedder(), kept)
            scores[present] = self.learned_scores(kept, vectors, evidence[present], per_sentence)
        return self.combine(texts, scores, evidence)

    # -- the artifact: coefficients only, loaded without pickle --------------------------------
    def save(self, path: Path = MODEL_PATH, metadata: dict[str, Any] | None = None) -> Path:
        """Write a linear classifier's coefficients and this model's settings to an .npz."""
        classifier = self.classifier_
        if not hasattr(classifier, "coef_"):
            raise TypeError(f"save() stores linear classifiers; use joblib for {type(classifier).__name__}")
        step = self._keyword_step()
        if step is not None and not isinstance(step, KeywordFeatures):
            raise TypeError("save() stores the default KeywordFeatures step only")
        settings = {
            "format": 1,
            "classifier_params": {k: v for k, v in classifier.get_params().items() if _plain(v)},
            "keyword_features": None if step is None else step.get_params(),
            "keyword_blend": self.keyword_blend,
            "negated_mood_factor": self.negated_mood_factor,
            "heavy_floor": self.heavy_floor,
            "min_confidence": self.min_confidence,
            "short_min_confidence": self.short_min_confidence,
            "heavy_min_confidence": self.heavy_min_confidence,
            "contrast_blend": self.contrast_blend,
            "heavy_share": self.heavy_share,
            "neutral_prior": self.neutral_prior,
            "lexical_weight": self.lexical_weight,
            "lexical_C": self.lexical_C,
            "lexical_terms": self.lexical_terms,
            "prototype_weight": self.prototype_weight,
            "embedding_model": MODEL_NAME,
            "embedding_dim": EMBEDDING_DIM,
            "metadata": metadata or {},
        }
        lexical = getattr(self, "lexical_", None) if self.lexical_weight else None
        prototypes = getattr(self, "prototypes_", None) if self.prototype_weight else None
        extra = {} if prototypes is None else {
            "prototype_sentences": np.asarray(prototypes["sentences"], dtype=str),
            "prototype_moods": np.asarray(prototypes["moods"], dtype=str),
            "prototype_vectors": np.asarray(prototypes["vectors"], dtype=np.float32),
            "prototype_mean": np.asarray(prototypes["mean"], dtype=np.float64),
            "prototype_scale": np.asarray(prototypes["scale"], dtype=np.float64),
        }
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as handle:
            np.savez_compressed(
                handle,
                classes=np.asarray(classifier.classes_, dtype=str),
                coef=np.asarray(classifier.coef_, dtype=np.float64),
                intercept=np.asarray(classifier.intercept_, dtype=np.float64),
                settings=np.asarray(json.dumps(settings, sort_keys=True)),
                **(lexical.arrays() if lexical is not None else {}),
                **extra,
            )
        return path

    @classmethod
    def load(cls, path: Path = MODEL_PATH) -> MoodModel:
        with np.load(path, allow_pickle=False) as data:
            settings = json.loads(str(data["settings"]))
            classifier = LogisticRegression(**settings["classifier_params"])
            classifier.classes_ = data["classes"].astype(object)
            classifier.coef_ = data["coef"]
            classifier.intercept_ = data["intercept"]
            classifier.n_features_in_ = data["coef"].shape[1]
            classifier.n_iter_ = np.zeros(1, dtype=np.int32)
            lexical_weight, lexical_C = settings.get("lexical_weight", 0.0), settings.get("lexical_C", 32.0)
            lexical = LexicalVoice.from_arrays(data, lexical_C) if "lexical_terms" in data else None
            prototypes = None if "prototype_vectors" not in data else {
                "sentences": data["prototype_sentences"].tolist(), "moods": data["prototype_moods"].tolist(),
                "vectors": data["prototype_vectors"], "mean": data["prototype_mean"],
                "scale": data["prototype_scale"],
            }
        keyword = settings["keyword_features"]
        model = cls(
            keyword_features=None if keyword is None else KeywordFeatures(**keyword),
            classifier=LogisticRegression(**settings["classifier_params"]),
            keyword_blend=settings["keyword_blend"],
            negated_mood_factor=settings["negated_mood_factor"],
            heavy_floor=settings.get("heavy_floor"),
            min_confidence=settings.get("min_confidence"),
            short_min_confidence=settings.get("short_min_confidence"),
            heavy_min_confidence=settings.get("heavy_min_confidence"),
            contrast_blend=settings.get("contrast_blend"),
            heavy_share=settings.get("heavy_share"),
            neutral_prior=settings.get("neutral_prior", 1.0),
            lexical_weight=lexical_weight if lexical is not None else 0.0,
            lexical_C=lexical_C,
            lexical_terms=settings.get("lexical_terms"),
            prototype_weight=settings.get("prototype_weight", 0.0) if prototypes is not None else 0.0,
        )
        model.classifier_ = classifier
        model.lexical_ = lexical
        model.prototypes_ = prototypes
        model.metadata_ = settings["metadata"]
        return model


def mix_voices(classifier_scores: np.ndarray, lexical_scores: np.ndarray, share: Any) -> np.ndarray:
    """The learned scores: (1 - share) of the embedding classifier's, share of the lexical voice's
    (`share` one number, or one per text)."""
    share = np.asarray(share, dtype=np.float64)
    share = share[:, None] if share.ndim == 1 else share
    return (1 - share) * np.asarray(classifier_scores) + share * np.asarray(lexical_scores)


def _plain(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, float, str, dict))


def default_classifier(C: float = 1.0, class_weight: Any = None) -> LogisticRegression:
    return LogisticRegression(C=C, class_weight=class_weight, max_iter=2000)


_default_model: MoodModel | None = None
_default_model_lock = threading.Lock()


def get_mood_model() -> MoodModel:
    """The trained model committed in pipelines/data, loaded once per process."""
    global _default_model
    if _default_model is None:
        with _default_model_lock:
            if _default_model is None:
                _default_model = MoodModel.load(MODEL_PATH)
    return _default_model


def predict_mood(
    text: str, embedding: np.ndarray | None = None, sentence_vectors: np.ndarray | None = None,
) -> MoodPrediction:
    """One entry's mood; pass the entry's embedding (and its `mood_sentences` vectors) when they are
    already computed."""
    if not text or not text.strip():
        return default_prediction()
    embeddings = None if embedding is None else np.asarray(embedding).reshape(1, -1)
    per_sentence = None if sentence_vectors is None else [np.asarray(sentence_vectors)]
    return get_mood_model().predict([text], embeddings, per_sentence)[0]


