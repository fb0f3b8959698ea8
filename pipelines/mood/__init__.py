"""An entry's mood: one of Reverie's seven moods, with its emoji and display text.

The spec (section 4, "Mood") derives the mood from the entry's text by keyword into happy, sad,
angry, anxious, loving or tired, with Neutral as the default. Two layers:

- `keyword_mood(text)`: the spec's keyword rule, the floor. It reads negation ("not happy at all"
  is not happy), intensifiers ("so", "really", "!!", "SO TIRED") and softeners ("a bit").
- `MoodModel`: a scikit-learn classifier on the sentence embeddings (plus the keyword scores as
  features), trained on the journal corpus' dev split (pipelines/data/journal_corpus), combined with the
  keyword rule, which also reads sarcasm and never lets a heavy entry show as Neutral or Happy.

`MoodModel.predict(texts, embeddings=None)` takes the vectors a caller already computed with
`pipelines.embeddings.embed`, so an entry is embedded once. `predict_mood(text)` is the one-entry
convenience. `python -m pipelines.mood train | evaluate` retrains and re-measures (see
pipelines/README.md, "Mood").

Modules: `vocabulary` (the seven moods, `MoodPrediction`, the keyword rule), `model` (`MoodModel`,
its artifact, `predict_mood`), `lexical` (round 4's lexical voice: TF-IDF words and word pairs), `selection` (who wrote each dev voice, the settings tried, tuning by
leaving one author out), `training` (GoEmotions, training, evaluation, the command). Import
from `pipelines.mood`: every public name is here.
"""

from pipelines.mood.model import (
    DATA_DIR,
    MODEL_PATH,
    KeywordFeatures,
    MoodModel,
    default_classifier,
    get_mood_model,
    predict_mood,
)
from pipelines.mood.prototypes import (
    entry_sentence_vectors,
    mood_sentences,
    prototype_features,
    prototype_table,
    reads_sentences,
)
from pipelines.mood.selection import AUTHORS, author_of
from pipelines.mood.sentences import contrast_mask, sentence_evidence
from pipelines.mood.training import (
    DEFAULT_GOEMOTIONS_DIR,
    EVALUATION_TOLERANCE,
    GOEMOTIONS_TO_MOOD,
    METRICS_PATH,
    CorpusGrid,
    GoEmotionsSplit,
    class_weights,
    confusion,
    evaluate,
    evaluate_corpus,
    evaluate_split,
    goemotions_mood,
    load_goemotions,
    main,
    mood_metrics,
    train,
    tune_on_corpus,
)
from pipelines.mood.vocabulary import (
    INTENSIFIED,
    KEYWORD_MOODS,
    MOOD_EMOJI,
    MOOD_PROTOTYPES,
    MOOD_TEXT,
    MOODS,
    NEUTRAL,
    SOFTENED,
    Mood,
    MoodPrediction,
    keyword_evidence,
    keyword_mood,
    keyword_scores,
)

__all__ = [
    "AUTHORS",
    "DATA_DIR",
    "DEFAULT_GOEMOTIONS_DIR",
    "EVALUATION_TOLERANCE",
    "GOEMOTIONS_TO_MOOD",
    "INTENSIFIED",
    "KEYWORD_MOODS",
    "METRICS_PATH",
    "MODEL_PATH",
    "MOODS",
    "MOOD_EMOJI",
    "MOOD_PROTOTYPES",
    "MOOD_TEXT",
    "NEUTRAL",
    "SOFTENED",
    "CorpusGrid",
    "GoEmotionsSplit",
    "KeywordFeatures",
    "Mood",
    "MoodModel",
    "MoodPrediction",
    "author_of",
    "class_weights",
    "confusion",
    "contrast_mask",
    "default_classifier",
    "entry_sentence_vectors",
    "evaluate",
    "evaluate_corpus",
    "evaluate_split",
    "get_mood_model",
    "goemotions_mood",
    "keyword_evidence",
    "keyword_mood",
    "keyword_scores",
    "load_goemotions",
    "main",
    "mood_metrics",
    "mood_sentences",
    "predict_mood",
    "prototype_features",
    "prototype_table",
    "reads_sentences",
    "sentence_evidence",
    "train",
    "tune_on_corpus",
]
