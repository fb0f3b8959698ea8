"""The six life themes of the spec's fallback grouping (part 2 section 4, pattern display), with
the keywords that place an insight under one. The web app groups insights by the same words
(`web/src/features/patterns/themes.ts`); this copy names clusters for `KeywordNamer`."""

from __future__ import annotations

import re

THEME_KEYWORDS: dict[str, tuple[str, ...]] = {
    "Achievement & Growth": ("achieve", "goal", "progress", "learn", "grow", "improve", "skill", "career",
                             "work", "job", "success", "accomplish", "promotion", "project", "challenge"),
    "Connection & Relationships": ("friend", "family", "partner", "relationship", "love", "mum", "mom", "dad",
                                   "sister", "brother", "together", "lonely", "connect", "date", "marriage"),
    "Self-Worth & Identity": ("myself", "confidence", "identity", "worth", "proud", "shame", "fraud",
                              "doubt", "self", "value", "enough", "compare", "accept", "voice"),
    "Security & Stability": ("money", "budget", "debt", "saving", "rent", "job security", "stable", "afford",
                             "bill", "home", "house", "secure", "safety", "income", "pension"),
    "Purpose & Meaning": ("purpose", "meaning", "meaningful", "why", "calling", "values", "mission",
                          "create", "creative", "art", "write", "music", "matter", "legacy"),
    "Well-being & Balance": ("sleep", "rest", "tired", "exercise", "health", "stress", "balance", "calm",
                             "run", "gym", "energy", "burnout", "relax", "anxious", "meditate"),
}
THEMES: list[str] = list(THEME_KEYWORDS)
OTHER_THEME = "Other Insights"
_PATTERNS = {theme: [re.compile(r"\b" + re.escape(k)) for k in words] for theme, words in THEME_KEYWORDS.items()}


def theme_scores(text: str) -> dict[str, int]:
    """How many of each theme's keywords the text has (a keyword matches at a word's start)."""
    lowered = text.lower()
    scores = {theme: sum(1 for p in patterns if p.search(lowered)) for theme, patterns in _PATTERNS.items()}
    return {theme: n for theme, n in scores.items() if n}
