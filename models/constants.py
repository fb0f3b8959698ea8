"""Product constants the API and the analysis core (`pipelines`) share: one home for each number,
word list and pattern that both sides must agree on (spec part 1, sections 3 to 9).

`models` is the bottom layer: `api` and `pipelines` import it, it imports neither. This module
imports nothing of the project and nothing heavy, so reading a constant never loads SQLAlchemy.
"""

from __future__ import annotations

import re
from typing import Literal

# -- embeddings ---------------------------------------------------------------------------------

# all-MiniLM-L6-v2's vector size: every embedding Reverie computes and every pgvector column.
EMBEDDING_DIM = 384

# -- moods (section 4, "Mood") ------------------------------------------------------------------

Mood = Literal["happy", "sad", "angry", "anxious", "loving", "tired", "neutral"]
# The spec's order; it also breaks ties between equally strong keyword moods.
MOODS: tuple[Mood, ...] = ("happy", "sad", "angry", "anxious", "loving", "tired", "neutral")
NEUTRAL: Mood = "neutral"
# An entry's `mood` field is {emoji, text}: these are the two halves for each mood.
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
# How bright a mood is, by its display text: low (0) to bright (3). The therapist report's chart
# plots it; the Self Analysis reads a rise in it as growth.
MOOD_SCORE: dict[str, int] = {
    "Angry": 0, "Sad": 0, "Anxious": 1, "Tired": 1, "Neutral": 2, "Happy": 3, "Loving": 3,
}  # fmt: skip

# -- journal entries ----------------------------------------------------------------------------

# relatedGoals and relatedProjects: at most this many each per entry.
MAX_RELATED = 3

# An entry whose analysis failed or was interrupted this many times running is marked failed and
# left for the writer's retry (POST /api/journal/{id}/analysis), never picked up again by itself.
MAX_UNFINISHED_RUNS = 3
ANALYSIS_FAILED_MESSAGE = f"The analysis of this entry failed {MAX_UNFINISHED_RUNS} times. You can retry it."

# An entry's `date` as the API returns it and the entry list shows it: MM/DD/YYYY
# (`models.dates.format_entry_date`).
ENTRY_DATE_FORMAT = "%m/%d/%Y"

# -- e-mail addresses ---------------------------------------------------------------------------

# Something@something.something, no spaces: what sign-up and the report's recipient accept.
EMAIL_PATTERN = re.compile(r"^[^\s@]+@[^\s@]+\.[^\s@]+$")
MAX_EMAIL_CHARS = 320

# -- progressive unlocks and quotas (sections 5 and 9) ------------------------------------------

# Progressive unlocks by entry count.
UNLOCK_TASKS = 1
UNLOCK_PROJECTS = 2
UNLOCK_GOALS = 3
UNLOCK_PROFILE = 4
UNLOCK_PURPOSE = 100
# The full profile is regenerated on every analysed entry from this many entries on.
PROFILE_REGENERATE_FROM = 10
# At most this many projects per type (professional, personal, administrative) per analysis.
MAX_PROJECTS_PER_TYPE = 3
# Free tier, per week (server-enforced; spec README "stricter than the documents" 1).
FREE_INSIGHTS_PER_WEEK = 5
FREE_TASK_GENERATIONS_PER_WEEK = 30
# Self Analysis needs at least this many entries, and looks at most at this many.
SELF_ANALYSIS_MIN_ENTRIES = 3
SELF_ANALYSIS_MAX_ENTRIES = 15
ASK_HELP_RECENT_ENTRIES = 5

# -- tasks: this week and later (part 2 section 2, "Weekly Focus") --------------------------------

# The one rule for when an open task from an entry is stale (no longer this week's): its day (its
# due date, else the day of the entry that said it) is more than STALE_TASK_DAYS days past. Two
# weeks, this one and the one just gone: a task from a weekly journaler's last entry is still there
# at the next one, and a deadline missed a few days ago is shown overdue, not put away. Its users:
# - the analysis moves a stale task of "today" / "this week" to LATER
#   (`pipelines.analysis.expire_stale_tasks`); the entry that states it again brings it back;
# - the Tasks page lists stale and LATER tasks under "Older tasks", not in the Weekly Focus columns
#   (`api.tasks.rules.is_older`);
# - the personal story's Concrete Actions leave them out (`pipelines.analysis.open_actions`), and a
#   task whose deadline has passed too: an action to suggest is one still ahead;
# - the chat's task list names them after the current ones (`pipelines.task_answers`).
STALE_TASK_DAYS = 14
LATER = "later"
