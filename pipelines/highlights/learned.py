"""The learned clause scorer: a logistic regression over the words of a candidate's clause and
the rules' own signals, trained on the journal corpus' dev split (`python -m
pipelines.highlights.train`), shipped as `pipelines/data/highlight_model.json`.

It decides over the candidates of `extraction.extract_candidates`: a rule candidate is kept unless
its probability is below `keep_threshold` (precision), and a proposal (a trigger the rules refused,
or a verb-first clause mid-sentence, in a clause where the rules found nothing) is added when its
probability reaches `propose_threshold` (recall). Inference is a sum of weights over a few dozen
string features: no scikit-learn, no embedding model, no model call per entry.
"""

from __future__ import annotations

import json
import math
import re
from functools import lru_cache
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pipelines.highlights.extraction import Candidate

MODEL_PATH = Path(__file__).resolve().parents[1] / "data" / "highlight_model.json"

_TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?")
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i'll|i've|i'd|me|my|myself)\b")
_WE = re.compile(r"\b(?:we|we'll|we're|we've|our|us)\b")
_THIRD = re.compile(r"\b(?:he|she|they|he'll|she'll|they'll|he's|she's|they're|his|her|their)\b")
_NEGATION = re.compile(r"\b(?:not|no|never|n't|nothing|won't|can't|don't|didn't|wouldn't|shouldn't)\b|n't\b")
_PAST = re.compile(r"\b(?:had|was|were|did|went|got|said|told|rang|sent|came|took|made|been|\w+ed)\b")
_CONDITION = re.compile(r"\b(?:if|unless|whether|when|once|in case|wonder)\b")
_DATE_WORDS = re.compile(
    r"\b(?:today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|"
    r"week|month|\d+(?:st|nd|rd|th)|by|before|until|due|deadline)\b"
)
_HEDGE = re.compile(r"\b(?:maybe|perhaps|might|probably|someday|eventually|ought)\b")
_SUBJECT_BEFORE = re.compile(r"(?:^|\b)(?P<word>[a-z']+)\s*$")


def features(candidate: Candidate) -> list[str]:
    """The string features of one candidate: its clause's words and word pairs, the words of its
    text, its source, type, first verb, trigger and the subject before it, and the rules' signals
    (first/second/third person, negation, past tense, a condition, a date phrase, a hedge)."""
    clause = candidate.clause.lower().replace("\u2019", "'")
    words = _TOKEN.findall(clause)
    text_words = _TOKEN.findall(candidate.highlight.reformulation.lower())
    out = [f"src={candidate.source if candidate.source == 'rule' else 'proposal'}",
           f"type={candidate.highlight.type}"]
    out += [f"w={w}" for w in set(words)]
    out += [f"b={a}_{b}" for a, b in set(pairwise(words))]
    out += [f"t={w}" for w in set(text_words)]
    if text_words:
        out.append(f"verb={text_words[0]}")
    n = len(text_words)
    out.append(f"len={'1' if n <= 1 else '2-3' if n <= 3 else '4-7' if n <= 7 else '8+'}")
    if candidate.trigger:
        out.append(f"trig={candidate.trigger}")
        at = clause.find(candidate.trigger)
        before = _SUBJECT_BEFORE.search(clause[:at]) if at > 0 else None
        out.append(f"subj={before.group('word') if before else '^'}")
    if candidate.highlight.metadata.due_date:
        out.append("due")
    if candidate.list_item:
        out.append("list")
    if candidate.sentence_start:
        out.append("start")
    for name, pattern in (("first", _FIRST_PERSON), ("we", _WE), ("third", _THIRD), ("neg", _NEGATION),
                          ("past", _PAST), ("cond", _CONDITION), ("date", _DATE_WORDS), ("hedge", _HEDGE)):
        if pattern.search(clause):
            out.append(f"sig={name}")
    return out


class ClauseScorer:
    """Weights over `features`, and the two thresholds chosen by the trainer's grouped CV."""

    def __init__(self, weights: dict[str, float], intercept: float, keep_threshold: float,
                 propose_threshold: float, settings: dict[str, Any] | None = None) -> None:
        self.weights = weights
        self.intercept = intercept
        self.keep_threshold = keep_threshold
        self.propose_threshold = propose_threshold
        self.settings = settings or {}

    def probability(self, candidate: Candidate) -> float:
        z = self.intercept + sum(self.weights.get(f, 0.0) for f in features(candidate))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    def accepts(self, candidate: Candidate) -> bool:
        if candidate.source == "shadow":
            return False
        p = self.probability(candidate)
        return p >= (self.keep_threshold if candidate.source == "rule" else self.propose_threshold)

    def to_json(self) -> dict[str, Any]:
        return {"intercept": self.intercept, "keep_threshold": self.keep_threshold,
                "propose_threshold": self.propose_threshold, "settings": self.settings,
                "weights": dict(sorted(self.weights.items()))}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ClauseScorer:
        return cls({str(k): float(v) for k, v in data["weights"].items()}, float(data["intercept"]),
                   float(data["keep_threshold"]), float(data["propose_threshold"]), data.get("settings"))

    def save(self, path: Path = MODEL_PATH) -> None:
        path.write_text(json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


@lru_cache(maxsize=1)
def default_scorer() -> ClauseScorer | None:
    """The shipped scorer, loaded once; None (the rules alone) when the file is missing."""
    if not MODEL_PATH.exists():
        return None
    return ClauseScorer.from_json(json.loads(MODEL_PATH.read_text(encoding="utf-8")))
