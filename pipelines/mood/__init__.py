"""An entry's mood: one of Reverie's seven moods, with its emoji and display text.

The spec (section 4, "Mood") derives the mood from the entry's text by keyword into happy, sad,
angry, anxious, loving or tired, with Neutral as the default. Two layers:

- `keyword_mood(text)`: the spec's keyword rule, the floor. It reads negation ("not happy at all"
  is not happy), intensifiers ("so", "really", "!!", "SO TIRED") and softeners ("a bit").
- `MoodModel`: a scikit-learn classifier on the sentence embeddings and a lexical voice (TF-IDF
  words and word pairs), trained on the journal corpus' dev split and on GoEmotions' comments,
  combined with the keyword rule, which also reads sarcasm and never lets a heavy entry show as
  Neutral or Happy.

`MoodModel.predict(texts, embeddings=None)` takes the vectors a caller already computed with
`pipelines.embeddings.embed`, so an entry is embedded once. `predict_mood(text)` is the one-entry
convenience. Training and measuring: `python -m pipelines.lab mood train | evaluate`
(`pipelines.lab.mood`).

Modules: `vocabulary` (the seven moods, `MoodPrediction`, the keyword rule), `model` (`MoodModel`,
its artifact, `predict_mood`), `lexical` (the lexical voice), `sentences` (the keyword evidence of
an entry's sentences), `prototypes` (the sentences the mood reads). Import from `pipelines.mood`:
every public name is here.
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
from pipelines.mood.sentences import contrast_mask, sentence_evidence
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
    "DATA_DIR",
    "INTENSIFIED",
    "KEYWORD_MOODS",
    "MODEL_PATH",
    "MOODS",
    "MOOD_EMOJI",
    "MOOD_PROTOTYPES",
    "MOOD_TEXT",
    "NEUTRAL",
    "SOFTENED",
    "KeywordFeatures",
    "Mood",
    "MoodModel",
    "MoodPrediction",
    "contrast_mask",
    "default_classifier",
    "entry_sentence_vectors",
    "get_mood_model",
    "keyword_evidence",
    "keyword_mood",
    "keyword_scores",
    "mood_sentences",
    "predict_mood",
    "prototype_features",
    "prototype_table",
    "reads_sentences",
    "sentence_evidence",
]
