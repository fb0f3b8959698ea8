"""An entry's mood: one of Reverie's seven moods, with its emoji and display text.

The spec (section 4, "Mood") derives the mood from the entry's text by keyword into happy, sad,
angry, anxious, loving or tired, with Neutral as the default. Two layers:

- `keyword_mood(text)`: the spec's keyword rule, the floor. It reads negation ("not happy at all"
  is not happy), intensifiers ("so", "really", "!!", "SO TIRED") and softeners ("a bit").
- `MoodModel`: a scikit-learn classifier on the sentence embeddings (plus the keyword scores as
  features), trained on GoEmotions' dev split mapped onto the seven moods, combined with the
  keyword rule. GoEmotions has no "tired", so tired comes from the keywords alone.

`MoodModel.predict(texts, embeddings=None)` takes the vectors a caller already computed with
`pipelines.embeddings.embed`, so an entry is embedded once. `predict_mood(text)` is the one-entry
convenience. `python -m pipelines.mood train | evaluate` retrains and re-measures (see
pipelines/README.md, "Mood").
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import re
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import msgspec
import numpy as np
from sklearn.base import BaseEstimator, TransformerMixin, clone
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, f1_score, precision_recall_fscore_support
from sklearn.model_selection import StratifiedKFold
from threadpoolctl import threadpool_limits

from pipelines import REPO_ROOT
from pipelines.embeddings import EMBEDDING_DIM, MODEL_NAME, SentenceEmbedder, embed

# -- the seven moods ----------------------------------------------------------------------------

Mood = Literal["happy", "sad", "angry", "anxious", "loving", "tired", "neutral"]
# The spec's order; it also breaks ties between equally strong keyword moods.
MOODS: tuple[Mood, ...] = ("happy", "sad", "angry", "anxious", "loving", "tired", "neutral")
KEYWORD_MOODS: tuple[Mood, ...] = MOODS[:-1]
NEUTRAL: Mood = "neutral"
MOOD_EMOJI: dict[Mood, str] = {
    "happy": "😊",
    "sad": "😢",
    "angry": "😠",
    "anxious": "😰",
    "loving": "🥰",
    "tired": "😴",
    "neutral": "😐",
}
MOOD_TEXT: dict[Mood, str] = {mood: mood.capitalize() for mood in MOODS}

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
MODEL_PATH = DATA_DIR / "mood_model.npz"
METRICS_PATH = DATA_DIR / "mood_metrics.json"
DEFAULT_GOEMOTIONS_DIR = REPO_ROOT.parent / "shared" / "datasets" / "goemotions"
# How far below the recorded test figures a re-evaluation may fall (embeddings differ slightly
# between CPUs and library versions).
EVALUATION_TOLERANCE = 0.02


class MoodPrediction(msgspec.Struct, kw_only=True, frozen=True):
    """One entry's mood. `scores` holds the seven moods' shares (summing to 1), so mixed feelings
    stay visible; `confidence` is the chosen mood's share."""

    mood: Mood
    emoji: str
    text: str
    confidence: float
    scores: dict[str, float] = msgspec.field(default_factory=dict)
    # Which layer decided: the learned model, the keyword rule, or the empty-text default.
    source: Literal["model", "keywords", "default"] = "model"

    def entry_mood(self) -> dict[str, str]:
        """The entry's `mood` field as the spec shapes it: {emoji, text}."""
        return {"emoji": self.emoji, "text": self.text}


def _prediction(mood: Mood, scores: dict[str, float], source: str) -> MoodPrediction:
    return MoodPrediction(
        mood=mood,
        emoji=MOOD_EMOJI[mood],
        text=MOOD_TEXT[mood],
        confidence=round(float(scores[mood]), 4),
        scores={name: round(float(value), 4) for name, value in scores.items()},
        source=source,  # type: ignore[arg-type]
    )


def _default_prediction() -> MoodPrediction:
    return _prediction(NEUTRAL, {mood: float(mood == NEUTRAL) for mood in MOODS}, "default")


# -- GoEmotions' 28 labels onto the seven moods --------------------------------------------------

GOEMOTIONS_TO_MOOD: dict[str, Mood] = {
    # Pleasant, self-directed or appreciative feelings: what a journaler means by a happy day.
    "joy": "happy",
    "amusement": "happy",  # laughing at something is a good moment
    "excitement": "happy",
    "gratitude": "happy",  # "thankful" days read as happy ones
    "optimism": "happy",  # hope about what comes next
    "pride": "happy",  # "I finally finished the marathon"
    "relief": "happy",  # the worry is over; what is left is pleasant
    "admiration": "happy",  # warmth towards something good, not towards a person in particular
    "approval": "happy",  # mild agreement; the weakest choice, still positive rather than neutral
    # Warmth towards someone: Reverie's loving mood.
    "love": "loving",
    "caring": "loving",  # concern for another person's wellbeing is an affectionate feeling
    # Loss, letdown and self-blame.
    "sadness": "sad",
    "grief": "sad",
    "disappointment": "sad",  # things went worse than hoped: a low, not an angry, feeling
    "remorse": "sad",  # regret about oneself weighs down rather than up
    "embarrassment": "sad",  # shame lowers the mood (Ekman's grouping agrees)
    # Hostility and rejection.
    "anger": "angry",
    "annoyance": "angry",
    "disapproval": "angry",  # objecting to something; Ekman groups it with anger
    "disgust": "angry",  # Reverie has no disgust mood; revulsion reads as anger in a journal
    # Threat and worry.
    "fear": "anxious",
    "nervousness": "anxious",
    # Neither pleasant nor unpleasant in itself: these say what the writer thinks or wants, not
    # how they feel, so they stay with the default.
    "neutral": "neutral",
    "surprise": "neutral",  # good or bad news alike; the valence is elsewhere in the text
    "realization": "neutral",  # a cognitive event ("I just noticed...")
    "curiosity": "neutral",  # a question, not a feeling
    "confusion": "neutral",  # puzzlement, not worry (worry is labelled fear/nervousness)
    "desire": "neutral",  # wanting something; neither the pleasure of having it nor its lack
}
# GoEmotions has no tired: only the keyword rule produces it.


def goemotions_mood(labels: Iterable[str]) -> Mood | None:
    """The mood of a GoEmotions row, or None when its labels map to different moods.

    Multi-label rows (about 16% of each split) whose labels all map to one mood keep it
    ("joy,excitement" is happy); rows whose labels disagree ("approval,neutral",
    "sadness,love") are left out of training and of the headline figures, because no single
    mood is the right answer for them. Evaluation also reports an any-label accuracy over
    every row, where a prediction counts when it matches any of the row's moods.
    """
    moods = {GOEMOTIONS_TO_MOOD[label] for label in labels}
    return moods.pop() if len(moods) == 1 else None


# -- the keyword rule ---------------------------------------------------------------------------

# Per mood, whitespace-separated phrases: words joined by "_" ("worn_out"), matched whole, the
# longest match first. ":0.5" sets a weight below 1 for a word that often carries the mood but
# not always ("miss", "sorry"); the rest weigh 1.
_LEXICON_SOURCE: dict[Mood, str] = {
    "happy": """
        happy happier happiest happily happiness glad joy joyful joyous cheerful delighted
        excited exciting excitement thrilled stoked pumped ecstatic elated overjoyed yay hooray
        woohoo proud pride accomplished relieved relief grateful thankful gratitude thank thanks
        appreciate appreciated hopeful optimistic blessed lucky enjoy enjoyed enjoying enjoyable
        fun wonderful amazing awesome fantastic excellent brilliant great:0.75 perfect:0.75
        beautiful:0.75 lovely:0.75 nice:0.5 cool:0.5 good:0.5 best:0.5 satisfied content:0.5
        smile smiled smiling laugh laughed laughing lol haha hahaha lmao hilarious funny:0.75
        celebrate celebrated celebrating peaceful:0.75 calm:0.5
        can't_wait looking_forward thank_you feel_good:0.75 feeling_good:0.75 so_good
        :) :-) :d =) 😊 😀 😃 😄 😁 🙂 😂 🤣 🎉 ☺
    """,
    "sad": """
        sad sadder saddest sadly sadness unhappy depressed depressing depression miserable misery
        cry cried cries crying tears teary sob sobbing heartbroken heartbreaking heartbreak
        lonely loneliness alone:0.5 miss missing missed:0.5 grief grieve grieving mourning
        hurt:0.75 hurts:0.75 hurting:0.75 upset:0.75 sorry:0.75 regret regrets regretting
        disappointed disappointing disappointment gloomy hopeless devastated devastating
        worthless ashamed embarrassed embarrassing guilty guilt shame bummed sigh:0.5 lost:0.5
        empty:0.5 awful:0.5 terrible:0.5 unfortunately:0.5 painful:0.75 pain:0.5 rip
        died:0.75 funeral:0.75 passed_away feel_down feeling_down felt_down let_down
        broke_my_heart broken_hearted
        :( :-( :'( 😢 😭 😞 😔 ☹ 🙁 💔
    """,
    "angry": """
        angry angrier anger angered mad:0.75 furious fuming livid rage raging enraged outraged
        outrage annoyed annoying annoys annoyance irritated irritating frustrated frustrating
        frustration pissed hate hated hates hating hatred resent resentful disgusted disgusting
        gross:0.5 infuriating infuriated ridiculous:0.5 stupid:0.5 idiot:0.5 idiots:0.5
        wtf:0.75 bullshit:0.5 worst:0.5 sucks:0.5 ugh:0.75 argh unfair:0.75 bitter:0.75
        sick_of fed_up tired_of sick_and_tired can't_stand pissed_off
        😠 😡 🤬 😤
    """,
    "anxious": """
        anxious anxiously anxiety nervous nervously nerves worried worry worrying worries
        worrisome scared scary afraid fear fears fearful frightened terrified terrifying
        panic panicked panicking panicky stressed stress stressful stressing overwhelmed
        overwhelming uneasy tense dread dreading apprehensive jittery paranoid restless:0.75
        overthinking:0.75 insecure:0.75 concerned:0.5 freaking_out freaked_out freak_out
        on_edge stressed_out heart_racing heart_is_racing heart_was_racing
        😰 😨 😟 😱 😬
    """,
    "loving": """
        love loved loves loving adore adored adores cherish cherished affection affectionate
        caring care:0.5 hug hugs hugged cuddle cuddled cuddling kiss kissed kisses romantic
        darling sweetheart soulmate devoted fond in_love xoxo
        <3 ❤ 🥰 😍 😘 💕 💖 💗 💞
    """,
    "tired": """
        tired exhausted exhausting exhaustion drained draining sleepy fatigue fatigued weary
        knackered lethargic groggy yawning burnout drowsy zzz
        worn_out burned_out burnt_out wiped_out no_energy low_energy sleep_deprived
        want_to_sleep need_sleep need_a_nap need_to_sleep
        running_on_empty can't_keep_my_eyes_open couldn't_keep_my_eyes_open
        barely_keep_my_eyes_open hardly_keep_my_eyes_open
        😴 🥱 😪
    """,
}
# Negated, these say the opposite weakly: "not happy at all" leans sad. Others ("not tired",
# "not sad anymore") only cancel: the absence of a feeling is not its opposite.
_NEGATED_AS: dict[Mood, tuple[Mood, float]] = {"happy": ("sad", 0.5), "loving": ("sad", 0.5)}
# Words that carry no mood unless negated: "not okay" and "not fine" lean sad.
_NEGATED_ONLY = {"okay": "sad", "ok": "sad", "fine": "sad", "alright": "sad"}
# ...but "I don't care" is indifference, not sadness.
_NEGATION_CANCELS_ONLY = {("care",)}

_NEGATORS = {
    "not", "never", "cannot", "hardly", "barely", "without", "nor", "neither", "nothing",
    "nobody", "none",
}  # fmt: skip
# Contractions written without an apostrophe, common in informal writing.
_CONTRACTIONS = {
    "cant": "can't", "dont": "don't", "didnt": "didn't", "doesnt": "doesn't", "isnt": "isn't",
    "wasnt": "wasn't", "arent": "aren't", "werent": "weren't", "couldnt": "couldn't",
    "wouldnt": "wouldn't", "shouldnt": "shouldn't", "havent": "haven't", "hasnt": "hasn't",
    "hadnt": "hadn't", "aint": "ain't", "wont": "won't", "im": "i'm", "ive": "i've",
}  # fmt: skip
_INTENSIFIERS = {
    "so", "very", "really", "extremely", "incredibly", "super", "totally", "absolutely",
    "completely", "utterly", "deeply", "truly", "terribly", "awfully", "insanely", "crazy",
    "damn", "bloody", "fucking", "freaking", "such", "too", "seriously", "genuinely", "beyond",
    "unbelievably", "ridiculously", "thoroughly", "entirely", "overwhelmingly", "dead", "most",
}  # fmt: skip
_TRAILING_INTENSIFIERS = {("so", "much"), ("a", "lot"), ("af",), ("as", "hell")}
_SOFTENERS = {"slightly", "somewhat", "kinda", "sorta", "mildly", "partly", "little", "bit"}
_SOFTENER_PAIRS = {("kind", "of"), ("sort", "of")}
# Right after a negator these undo it: "can't stop worrying" and "can't help crying" are strong
# feelings, "not only sad" still sad.
_NEGATION_UNDOERS = {"stop", "help", "only", "just", "doubt"}
# A comparative under a negation intensifies: "couldn't be happier", "never been so sad"
# (after "never" only: "not so happy" is negated).
_COMPARATIVE_CUES = {"more", "happier", "prouder", "sadder", "angrier"}
_NEVER_CUES = {"so", "this", "as"}
# "no" negates only what it directly determines ("no worries", "no longer sad"): as an
# interjection ("oh no, I'm so sad") it negates nothing.
_NO_BRIDGES = {"longer", "more"}
_CONTRAST = {"but", "however", "though", "although", "yet"}
_CLAUSE_END = re.compile(r"^[.!?;:,]+$")

_NEGATION_WINDOW = 3  # words looked back for a negator, within the clause
_MODIFIER_WINDOW = 2  # words looked back for an intensifier or softener
INTENSIFIED = 1.5
SOFTENED = 0.5
_MAX_MULTIPLIER = 2.25
_CONTRAST_BOOST = 1.25  # after "but", the writer's point: "tired but happy" is happy

_TOKEN_RE = re.compile(
    r"<3|[:;=]'?-?[()dDpP]|[A-Za-z0-9]+(?:'[A-Za-z]+)*|[.!?;:,]+|[^\sA-Za-z0-9\ufe0f\u200d]"
)


@dataclass(frozen=True, slots=True)
class _Entry:
    mood: Mood | None  # None: a word that only counts negated
    weight: float
    negated_as: tuple[Mood, float] | None


def _build_lexicon() -> tuple[dict[tuple[str, ...], _Entry], int]:
    lexicon: dict[tuple[str, ...], _Entry] = {}
    for mood, source in _LEXICON_SOURCE.items():
        for item in source.split():
            phrase, _, weight = (
                item.partition(":") if item.count(":") == 1 and item[0] != ":" else (item, "", "")
            )
            words = tuple(phrase.lower().split("_"))
            if words in lexicon:
                raise ValueError(f"{phrase!r} is listed twice in the mood keywords")
            negated_as = None if words in _NEGATION_CANCELS_ONLY else _NEGATED_AS.get(mood)
            lexicon[words] = _Entry(mood, float(weight or 1.0), negated_as)
    for word, mood in _NEGATED_ONLY.items():
        lexicon[(word,)] = _Entry(None, 0.0, (mood, 0.5))  # type: ignore[arg-type]
    return lexicon, max(len(words) for words in lexicon)


_LEXICON, _LONGEST_PHRASE = _build_lexicon()


@dataclass(slots=True)
class _Token:
    word: str  # lower case, contractions restored, letter runs shortened ("sooo" -> "so")
    emphasised: bool  # written in capitals or with stretched letters: "TIRED", "sooo"
    boundary: bool  # ends a clause: punctuation


def _tokens(text: str) -> list[_Token]:
    tokens = []
    for raw in _TOKEN_RE.findall(text.replace("’", "'").replace("‘", "'")):
        if _CLAUSE_END.match(raw):
            tokens.append(_Token(raw, "!" in raw, True))
            continue
        word = raw.lower()
        word = _CONTRACTIONS.get(word, word)
        emphasised = len(raw) > 2 and raw.isupper() and raw.isalpha()
        if word != "zzz" and re.search(r"([a-z])\1\1", word):
            emphasised = True
            doubled = re.sub(r"([a-z])\1{2,}", r"\1\1", word)  # "gooood" -> "good"
            single = re.sub(r"([a-z])\1{2,}", r"\1", word)  # "sooo" -> "so"
            word = doubled if (doubled,) in _LEXICON or doubled in _INTENSIFIERS else single
        tokens.append(_Token(word, emphasised, False))
    return tokens


def _is_negator(word: str) -> bool:
    return word in _NEGATORS or word.endswith("n't")


def _clause_start(tokens: list[_Token], index: int) -> int:
    start = index
    while start > 0 and not tokens[start - 1].boundary and tokens[start - 1].word not in _CONTRAST:
        start -= 1
    return start


def _negation(tokens: list[_Token], start: int, end: int) -> Literal["none", "negated", "intensified"]:
    """Whether the keyword in tokens[start:end] is negated, within its clause."""
    clause = _clause_start(tokens, start)
    for at in range(start - 1, max(clause, start - _NEGATION_WINDOW) - 1, -1):
        word = tokens[at].word
        if word == "no":
            if at == start - 1 or (at == start - 2 and tokens[at + 1].word in _NO_BRIDGES):
                return "negated"
            continue
        if not _is_negator(word):
            continue
        following = tokens[at + 1].word if at + 1 < start else ""
        if following in _NEGATION_UNDOERS:
            return "intensified" if following in {"stop", "help"} else "none"
        between = {token.word for token in tokens[at + 1 : end]}
        cues = _COMPARATIVE_CUES | _NEVER_CUES if word == "never" else _COMPARATIVE_CUES
        if between & cues and "any" not in between:
            return "intensified"
        return "negated"
    return "none"


def _multiplier(tokens: list[_Token], start: int, end: int) -> float:
    clause = _clause_start(tokens, start)
    words = [token.word for token in tokens[max(clause, start - _MODIFIER_WINDOW - 1) : start]]
    after = tuple(token.word for token in tokens[end : end + 2])
    multiplier = 1.0
    if any(word in _INTENSIFIERS for word in words[-_MODIFIER_WINDOW:]) or any(
        after[: len(pair)] == pair for pair in _TRAILING_INTENSIFIERS
    ):
        multiplier *= INTENSIFIED
    if any(word in _SOFTENERS for word in words[-_MODIFIER_WINDOW:]) or any(
        tuple(words[i : i + 2]) in _SOFTENER_PAIRS for i in range(len(words) - 1)
    ):
        multiplier *= SOFTENED
    if any(token.emphasised for token in tokens[start:end]):
        multiplier *= INTENSIFIED
    # An exclamation mark closing the clause.
    closing = next((token for token in tokens[end:] if token.boundary), None)
    if closing is not None and "!" in closing.word:
        multiplier *= 1.25
    if clause > 0 and tokens[clause - 1].word in _CONTRAST:
        multiplier *= _CONTRAST_BOOST
    return min(multiplier, _MAX_MULTIPLIER)


def keyword_scores(text: str) -> dict[Mood, float]:
    """The keyword evidence for each of the six keyword moods (0 when a mood has none).

    Each keyword adds its weight, times 1.5 when intensified ("so tired", "SO TIRED", "tired af"),
    times 0.5 when softened ("a bit tired"); a negated keyword adds nothing ("not tired"), except
    that a negated happy or loving word adds a little to sad ("not happy at all").
    """
    return _keyword_analysis(text)[0]


def _keyword_analysis(text: str) -> tuple[dict[Mood, float], dict[Mood, float]]:
    """The keyword scores, and the weight of negated keywords per mood ("not sad anymore")."""
    scores: dict[Mood, float] = dict.fromkeys(KEYWORD_MOODS, 0.0)
    negated: dict[Mood, float] = dict.fromkeys(KEYWORD_MOODS, 0.0)
    tokens = _tokens(text or "")
    index = 0
    while index < len(tokens):
        for length in range(min(_LONGEST_PHRASE, len(tokens) - index), 0, -1):
            entry = _LEXICON.get(tuple(token.word for token in tokens[index : index + length]))
            if entry is not None:
                break
        else:
            index += 1
            continue
        end = index + length
        negation = _negation(tokens, index, end)
        if negation == "negated":
            if entry.mood is not None:
                negated[entry.mood] += entry.weight
            if entry.negated_as is not None:
                mood, share = entry.negated_as
                scores[mood] += share * max(entry.weight, 1.0)
        elif entry.mood is not None:
            multiplier = _multiplier(tokens, index, end)
            if negation == "intensified":
                multiplier = min(multiplier * INTENSIFIED, _MAX_MULTIPLIER)
            scores[entry.mood] += entry.weight * multiplier
        index = end
    return scores, negated


def keyword_evidence(texts: Iterable[str]) -> np.ndarray:
    """The keyword rule's evidence for many texts: (n, 12), KEYWORD_MOODS order twice: the
    keyword scores (`keyword_scores`), then the weight of negated keywords of each mood."""
    rows = [
        [scores[mood] for mood in KEYWORD_MOODS] + [negated[mood] for mood in KEYWORD_MOODS]
        for scores, negated in map(_keyword_analysis, texts)
    ]
    return np.asarray(rows, dtype=np.float64).reshape(len(rows), 2 * len(KEYWORD_MOODS))


def keyword_mood(text: str) -> MoodPrediction:
    """The spec's keyword rule alone: the strongest keyword mood, else Neutral.

    Ties go to the mood listed first in the spec. Confidence is the winner's evidence over all
    evidence plus one, so one plain keyword gives 0.5 and a lone strong signal approaches 1.
    """
    if not text or not text.strip():
        return _default_prediction()
    scores = keyword_scores(text)
    total = sum(scores.values())
    if total <= 0:
        return _prediction(NEUTRAL, {mood: float(mood == NEUTRAL) for mood in MOODS}, "keywords")
    best = max(KEYWORD_MOODS, key=lambda mood: scores[mood])  # first of equals wins
    # Shares of the evidence, with "no keyword at all" (weight 1) as neutral's share.
    shares = {mood: scores.get(mood, 0.0) / (total + 1.0) for mood in MOODS}
    shares[NEUTRAL] = 1.0 / (total + 1.0)
    if shares[best] <= shares[NEUTRAL]:  # a single softened keyword: still the keyword's mood
        shares[best], shares[NEUTRAL] = shares[NEUTRAL], shares[best]
    return _prediction(best, shares, "keywords")


class KeywordFeatures(TransformerMixin, BaseEstimator):
    """The keyword scores as features: texts -> (n, 6) floats in KEYWORD_MOODS order, each
    clipped at `clip` and multiplied by `weight` (0 switches them off)."""

    def __init__(self, weight: float = 1.0, clip: float = 3.0) -> None:
        self.weight = weight
        self.clip = clip

    def fit(self, X: Sequence[str], y: object = None) -> KeywordFeatures:
        return self

    def transform(self, X: Sequence[str]) -> np.ndarray:
        return self.from_evidence(keyword_evidence(X))

    def from_evidence(self, evidence: np.ndarray) -> np.ndarray:
        """The features from an already computed `keyword_evidence`."""
        return np.minimum(evidence[:, : len(KEYWORD_MOODS)], self.clip) * self.weight

    def get_feature_names_out(self, input_features: object = None) -> np.ndarray:
        return np.asarray([f"keyword_{mood}" for mood in KEYWORD_MOODS], dtype=object)

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
    """

    def __init__(
        self,
        embedder: Any = None,
        keyword_features: Any = "default",
        classifier: Any = None,
        keyword_blend: float = 0.0,
        negated_mood_factor: float = 1.0,
    ) -> None:
        self.embedder = embedder
        self.keyword_features = keyword_features
        self.classifier = classifier
        self.keyword_blend = keyword_blend
        self.negated_mood_factor = negated_mood_factor

    # the steps, with their pass-through defaults
    def _embedder(self) -> Any:
        return SentenceEmbedder() if self.embedder is None else self.embedder

    def _keyword_step(self) -> Any:
        return KeywordFeatures() if self.keyword_features == "default" else self.keyword_features

    def _features(
        self, texts: Sequence[str], embeddings: np.ndarray | None, evidence: np.ndarray | None = None
    ) -> np.ndarray:
        if embeddings is None:
            embeddings = self._embedder().transform(texts)
        embeddings = np.asarray(embeddings)
        if embeddings.shape[0] != len(texts):
            raise ValueError(f"{len(texts)} texts but {embeddings.shape[0]} embeddings")
        step = self._keyword_step()
        if step is None:
            return embeddings
        if evidence is not None and isinstance(step, KeywordFeatures):
            return np.hstack([embeddings, step.from_evidence(evidence)])
        return np.hstack([embeddings, step.transform(texts)])

    def fit(
        self, texts: Sequence[str], moods: Sequence[str], embeddings: np.ndarray | None = None
    ) -> MoodModel:
        texts = list(texts)
        classifier = clone(self.classifier) if self.classifier is not None else default_classifier()
        self.classifier_ = classifier.fit(self._features(texts, embeddings), np.asarray(moods))
        unknown = set(self.classifier_.classes_) - set(MOODS)
        if unknown:
            raise ValueError(f"Unknown moods {sorted(unknown)}")
        return self

    def classifier_scores(
        self, texts: Sequence[str], embeddings: np.ndarray | None = None, evidence: np.ndarray | None = None
    ) -> np.ndarray:
        """The classifier's probabilities alone: (n, 7) in MOODS order (0 for unseen moods).

        `evidence` is `keyword_evidence(texts)` when already computed."""
        if not hasattr(self, "classifier_"):
            raise RuntimeError("MoodModel is not fitted: call fit() or MoodModel.load()")
        texts = list(texts)
        probabilities = self.classifier_.predict_proba(self._features(texts, embeddings, evidence))
        scores = np.zeros((len(texts), len(MOODS)))
        for column, mood in enumerate(self.classifier_.classes_):
            scores[:, MOODS.index(mood)] = probabilities[:, column]
        return scores

    def blend(self, classifier_scores: np.ndarray, evidence: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Final (n, 7) scores from the classifier's (n, 7) and the keyword evidence (n, 12).

        1. A mood whose words appear only negated ("I'm not sad anymore") keeps
           `negated_mood_factor` of the classifier's score: sentence embeddings barely register
           negation, so "not sad" sits next to "sad".
        2. Where a text has keywords, `keyword_blend` of its score is the keyword rule's shares.
        3. A tired keyword at least as strong as every other keyword mood takes 0.55 of the score
           (more with more evidence, up to 0.9), so it decides: the classifier never saw tired.
        Returns the scores and a mask of the rows that step 3 decided.
        """
        scores = np.asarray(classifier_scores, dtype=np.float64).copy()
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
        blend = self.keyword_blend
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
        self, texts: Sequence[str], classifier_scores: np.ndarray, evidence: np.ndarray | None = None
    ) -> list[MoodPrediction]:
        """Blend the classifier's scores with the keyword rule; the cheap step, re-runnable alone.

        `evidence` is `keyword_evidence(texts)` when already computed."""
        texts = list(texts)
        if evidence is None:
            evidence = keyword_evidence(texts)
        scores, tired_rows = self.blend(classifier_scores, evidence)
        predictions = []
        for text, row, by_keywords in zip(texts, scores, tired_rows, strict=True):
            if not text or not text.strip():
                predictions.append(_default_prediction())
                continue
            best = MOODS[int(np.argmax(row))]
            words = np.asarray(evidence[len(predictions)][: len(KEYWORD_MOODS)], dtype=float)
            # Journal prose about oneself drifts towards GoEmotions' "caring"/"love": a loving
            # reading with no loving word in the text yields to the mood the words do name.
            if best == "loving" and words[KEYWORD_MOODS.index("loving")] <= 0 and words.max() > 0:
                best = KEYWORD_MOODS[int(np.argmax(words))]
            named = dict(zip(MOODS, row.tolist(), strict=True))
            predictions.append(_prediction(best, named, "keywords" if by_keywords else "model"))
        return predictions

    def predict(self, texts: Sequence[str], embeddings: np.ndarray | None = None) -> list[MoodPrediction]:
        """Moods for `texts`. Pass `embeddings` (from `embed(texts)`) when you have them."""
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
            scores[present] = self.classifier_scores(kept, vectors, evidence[present])
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
            "embedding_model": MODEL_NAME,
            "embedding_dim": EMBEDDING_DIM,
            "metadata": metadata or {},
        }
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as handle:
            np.savez_compressed(
                handle,
                classes=np.asarray(classifier.classes_, dtype=str),
                coef=np.asarray(classifier.coef_, dtype=np.float64),
                intercept=np.asarray(classifier.intercept_, dtype=np.float64),
                settings=np.asarray(json.dumps(settings, sort_keys=True)),
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
        keyword = settings["keyword_features"]
        model = cls(
            keyword_features=None if keyword is None else KeywordFeatures(**keyword),
            classifier=LogisticRegression(**settings["classifier_params"]),
            keyword_blend=settings["keyword_blend"],
            negated_mood_factor=settings["negated_mood_factor"],
        )
        model.classifier_ = classifier
        model.metadata_ = settings["metadata"]
        return model


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


def predict_mood(text: str, embedding: np.ndarray | None = None) -> MoodPrediction:
    """One entry's mood; pass the entry's embedding when it is already computed."""
    if not text or not text.strip():
        return _default_prediction()
    embeddings = None if embedding is None else np.asarray(embedding).reshape(1, -1)
    return get_mood_model().predict([text], embeddings)[0]


# -- GoEmotions, training and evaluation --------------------------------------------------------


@dataclass(frozen=True)
class GoEmotionsSplit:
    texts: list[str]
    labels: list[tuple[str, ...]]
    sha256: str

    @property
    def moods(self) -> list[Mood | None]:
        return [goemotions_mood(labels) for labels in self.labels]

    def single_mood(self) -> tuple[list[int], list[Mood]]:
        """Indices and moods of the rows whose labels agree on one mood."""
        kept = [(i, mood) for i, mood in enumerate(self.moods) if mood is not None]
        return [i for i, _ in kept], [mood for _, mood in kept]


def load_goemotions(data_dir: Path, split: str) -> GoEmotionsSplit:
    names = (data_dir / "emotions.txt").read_text(encoding="utf-8").split("\n")
    raw = (data_dir / f"{split}.tsv").read_bytes()
    texts, labels = [], []
    for line in raw.decode("utf-8").split("\n"):
        if not line:
            continue
        text, ids, _comment_id = line.split("\t")
        texts.append(text)
        labels.append(tuple(names[int(i)] for i in ids.split(",")))
    return GoEmotionsSplit(texts, labels, hashlib.sha256(raw).hexdigest())


def _embeddings_for(split: GoEmotionsSplit, cache_dir: Path | None) -> np.ndarray:
    """Embed a split, reusing a copy under `cache_dir` (for re-tuning runs) when it matches."""
    cache = None if cache_dir is None else cache_dir / f"goemotions-{split.sha256[:16]}-minilm.npy"
    if cache is not None and cache.exists():
        vectors = np.load(cache)
        if vectors.shape == (len(split.texts), EMBEDDING_DIM):
            return vectors
    vectors = embed(split.texts)
    if cache is not None:
        cache.parent.mkdir(parents=True, exist_ok=True)
        np.save(cache, vectors)
    return vectors


def mood_metrics(
    gold: Sequence[str],
    predicted: Sequence[str],
    gold_sets: Sequence[set[str]] | None = None,
    predicted_all: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Accuracy, macro-F1 and per-mood precision/recall/F1 over the moods present in `gold`.

    Moods absent from `gold` (tired, on GoEmotions) have no F1; predicting them is simply wrong.
    """
    labels = [mood for mood in MOODS if mood in set(gold)]
    precision, recall, f1, support = precision_recall_fscore_support(
        gold, predicted, labels=labels, zero_division=0
    )
    result: dict[str, Any] = {
        "rows": len(gold),
        "accuracy": round(float(accuracy_score(gold, predicted)), 4),
        "macro_f1": round(
            float(f1_score(gold, predicted, labels=labels, average="macro", zero_division=0)), 4
        ),
        "labels": labels,
        "per_mood": {
            mood: {
                "precision": round(float(p), 4),
                "recall": round(float(r), 4),
                "f1": round(float(f), 4),
                "support": int(s),
            }
            for mood, p, r, f, s in zip(labels, precision, recall, f1, support, strict=True)
        },
        "predicted": {mood: int(sum(1 for p in predicted if p == mood)) for mood in MOODS},
    }
    if gold_sets is not None and predicted_all is not None:
        hits = sum(1 for moods, p in zip(gold_sets, predicted_all, strict=True) if p in moods)
        result["any_label_accuracy_all_rows"] = round(hits / len(gold_sets), 4)
    return result


def class_weights(moods: Sequence[str], power: float) -> dict[str, float] | None:
    """Per-mood weights (n / (k * count)) ** power: 0 is unweighted, 1 is sklearn's "balanced",
    0.5 lifts the rare moods (anxious has 72 dev rows, neutral 2,143) without drowning neutral."""
    if not power:
        return None
    counts = {mood: moods.count(mood) for mood in MOODS if mood in moods}
    return {mood: round((len(moods) / (len(counts) * count)) ** power, 6) for mood, count in counts.items()}


@dataclass(frozen=True)
class TuningGrid:
    C: tuple[float, ...] = (0.25, 0.5, 1.0, 2.0, 4.0)
    class_weight_power: tuple[float, ...] = (0.0, 0.25, 0.5, 0.75, 1.0)
    keyword_weight: tuple[float, ...] = (0.0, 1.0)
    keyword_blend: tuple[float, ...] = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5)
    negated_mood_factor: tuple[float, ...] = (1.0, 0.5, 0.25, 0.0)


def tune(
    texts: Sequence[str],
    moods: Sequence[str],
    embeddings: np.ndarray,
    grid: TuningGrid = TuningGrid(),
    folds: int = 5,
    seed: int = 0,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Cross-validate every grid point on (dev) rows; the best by mean macro-F1 (ties: accuracy).

    The blend is applied to out-of-fold classifier scores, so it is tuned on unseen rows too.
    BLAS runs single-threaded here: these matrices are small, and on a busy 2-core machine
    OpenBLAS's threads made each fit up to 50 times slower.
    """
    with threadpool_limits(1, user_api="blas"):
        return _tune(texts, moods, embeddings, grid, folds, seed)


def _tune(
    texts: Sequence[str],
    moods: Sequence[str],
    embeddings: np.ndarray,
    grid: TuningGrid,
    folds: int,
    seed: int,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    texts, moods = list(texts), list(moods)
    y = np.asarray(moods)
    evidence = keyword_evidence(texts)
    labels = sorted(set(moods))
    splits = list(StratifiedKFold(n_splits=folds, shuffle=True, random_state=seed).split(texts, y))
    results = []
    for keyword_weight in grid.keyword_weight:
        step = KeywordFeatures(weight=keyword_weight)
        features = np.hstack([embeddings, step.from_evidence(evidence)]) if keyword_weight else embeddings
        for C in grid.C:
            for power in grid.class_weight_power:
                out_of_fold = np.zeros((len(texts), len(MOODS)))
                for train, held_out in splits:
                    weights = class_weights([moods[i] for i in train], power)
                    classifier = default_classifier(C, weights).fit(features[train], y[train])
                    probabilities = classifier.predict_proba(features[held_out])
                    for column, mood in enumerate(classifier.classes_):
                        out_of_fold[held_out, MOODS.index(mood)] = probabilities[:, column]
                for blend, factor in itertools.product(grid.keyword_blend, grid.negated_mood_factor):
                    combiner = MoodModel(keyword_blend=blend, negated_mood_factor=factor)
                    scores, _ = combiner.blend(out_of_fold, evidence)
                    predicted = np.asarray(MOODS)[scores.argmax(axis=1)]
                    per_fold = [
                        (
                            f1_score(
                                y[held], predicted[held], labels=labels, average="macro", zero_division=0
                            ),
                            accuracy_score(y[held], predicted[held]),
                        )
                        for _, held in splits
                    ]
                    f1s, accuracies = zip(*per_fold, strict=True)
                    results.append(
                        {
                            "C": C,
                            "class_weight_power": power,
                            "keyword_weight": keyword_weight,
                            "keyword_blend": blend,
                            "negated_mood_factor": factor,
                            "cv_macro_f1": round(float(np.mean(f1s)), 4),
                            "cv_macro_f1_std": round(float(np.std(f1s)), 4),
                            "cv_accuracy": round(float(np.mean(accuracies)), 4),
                        }
                    )
    best = max(results, key=lambda r: (r["cv_macro_f1"], r["cv_accuracy"]))
    return best, results


def evaluate_split(model: MoodModel, split: GoEmotionsSplit, embeddings: np.ndarray) -> dict[str, Any]:
    """Test figures for the keyword rule alone, the classifier alone, and the combined model."""
    kept, gold = split.single_mood()
    gold_sets = [{GOEMOTIONS_TO_MOOD[label] for label in labels} for labels in split.labels]
    evidence = keyword_evidence(split.texts)
    classifier_scores = model.classifier_scores(split.texts, embeddings, evidence)
    predictions = {
        "keyword_rule": [keyword_mood(text).mood for text in split.texts],
        "classifier_only": [MOODS[int(i)] for i in classifier_scores.argmax(axis=1)],
        "model": [p.mood for p in model.combine(split.texts, classifier_scores, evidence)],
    }
    return {
        name: mood_metrics(gold, [predicted[i] for i in kept], gold_sets, predicted)
        for name, predicted in predictions.items()
    }


def train(
    data_dir: Path,
    model_path: Path = MODEL_PATH,
    metrics_path: Path = METRICS_PATH,
    cache_dir: Path | None = None,
    grid: TuningGrid = TuningGrid(),
) -> dict[str, Any]:
    """Tune on dev by cross-validation, fit on all of dev, measure on test, write both files."""
    started = time.perf_counter()
    dev, test = load_goemotions(data_dir, "dev"), load_goemotions(data_dir, "test")
    dev_vectors = _embeddings_for(dev, cache_dir)
    kept, moods = dev.single_mood()
    dev_texts = [dev.texts[i] for i in kept]
    best, results = tune(dev_texts, moods, dev_vectors[kept], grid)
    model = MoodModel(
        keyword_features=KeywordFeatures(weight=best["keyword_weight"]) if best["keyword_weight"] else None,
        classifier=default_classifier(best["C"], class_weights(moods, best["class_weight_power"])),
        keyword_blend=best["keyword_blend"],
        negated_mood_factor=best["negated_mood_factor"],
    )
    with threadpool_limits(1, user_api="blas"):
        model.fit(dev_texts, moods, dev_vectors[kept])
    trained = {"dev_sha256": dev.sha256, "dev_rows": len(dev.texts), "dev_rows_used": len(kept)}
    model.save(model_path, metadata={**trained, "tuned": best})
    test_vectors = _embeddings_for(test, cache_dir)
    figures = evaluate_split(model, test, test_vectors)
    metrics = {
        "embedding_model": MODEL_NAME,
        "mapping": GOEMOTIONS_TO_MOOD,
        "multi_label_rows": "rows whose labels map to different moods are dropped (train and headline test "
        "figures); any_label_accuracy_all_rows counts every row, a hit when the prediction is any of its moods",
        "train": {
            **trained,
            "dev_rows_dropped_conflicting": len(dev.texts) - len(kept),
            "dev_mood_counts": {mood: moods.count(mood) for mood in MOODS},
            "cv": "stratified 5-fold on dev (seed 0), selection by mean macro-F1 over the held-out folds",
            "grid": {name: list(values) for name, values in vars(grid).items()},
            "best": best,
            "top_candidates": sorted(results, key=lambda r: -r["cv_macro_f1"])[:10],
        },
        "test": {
            "test_sha256": test.sha256,
            "rows": len(test.texts),
            "rows_used": len(test.single_mood()[0]),
            "note": "tired has no support in GoEmotions: accuracy and macro-F1 are over the six moods "
            "present; a tired prediction counts as wrong",
            **figures,
        },
        "artifact": {
            "path": str(model_path.relative_to(REPO_ROOT))
            if model_path.is_relative_to(REPO_ROOT)
            else str(model_path),
            "bytes": model_path.stat().st_size,
        },
        "train_seconds": round(time.perf_counter() - started, 1),
    }
    metrics_path.write_text(json.dumps(metrics, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return metrics


def evaluate(data_dir: Path, model_path: Path = MODEL_PATH, cache_dir: Path | None = None) -> dict[str, Any]:
    test = load_goemotions(data_dir, "test")
    return evaluate_split(MoodModel.load(model_path), test, _embeddings_for(test, cache_dir))


def _summary(figures: dict[str, Any]) -> str:
    lines = []
    for name in ("keyword_rule", "classifier_only", "model"):
        f = figures[name]
        per_mood = "  ".join(f"{mood} {v['f1']:.3f}" for mood, v in f["per_mood"].items())
        lines.append(f"{name:16} accuracy {f['accuracy']:.4f}  macro-F1 {f['macro_f1']:.4f}  | {per_mood}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pipelines.mood", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name, help_text in (
        ("train", "tune on dev.tsv, write the model and metrics"),
        ("evaluate", "recompute the test.tsv figures of the committed model"),
    ):
        command = commands.add_parser(name, help=help_text)
        command.add_argument("--data-dir", type=Path, default=DEFAULT_GOEMOTIONS_DIR)
        command.add_argument("--model", type=Path, default=MODEL_PATH)
        command.add_argument("--metrics", type=Path, default=METRICS_PATH)
        command.add_argument(
            "--cache-dir",
            type=Path,
            default=None,
            help="keep the dataset embeddings here between runs (e.g. /tmp/reverie-mood)",
        )
    commands.choices["evaluate"].add_argument(
        "--tolerance",
        type=float,
        default=EVALUATION_TOLERANCE,
        help="fail when accuracy or macro-F1 falls more than this below the recorded figures",
    )
    parser_args = parser.parse_args(argv)
    needed = ("dev.tsv", "test.tsv") if parser_args.command == "train" else ("test.tsv",)
    missing = [name for name in needed if not (parser_args.data_dir / name).exists()]
    if missing:
        parser.error(f"GoEmotions not found in {parser_args.data_dir}: no {', '.join(missing)}")
    if parser_args.command == "train":
        metrics = train(parser_args.data_dir, parser_args.model, parser_args.metrics, parser_args.cache_dir)
        print(_summary(metrics["test"]))
        print(f"best: {metrics['train']['best']}")
        print(f"wrote {parser_args.model} ({metrics['artifact']['bytes']} bytes) and {parser_args.metrics}")
        return 0
    figures = evaluate(parser_args.data_dir, parser_args.model, parser_args.cache_dir)
    print(_summary(figures))
    if not parser_args.metrics.exists():
        return 0
    recorded = json.loads(parser_args.metrics.read_text(encoding="utf-8"))["test"]["model"]
    status = 0
    for key in ("accuracy", "macro_f1"):
        below = figures["model"][key] < recorded[key] - parser_args.tolerance
        status |= below
        print(
            f"model {key}: {figures['model'][key]:.4f} (recorded {recorded[key]:.4f}){' BELOW' if below else ''}"
        )
    return int(status)

