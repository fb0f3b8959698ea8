"""Highlights: the intentions a journal entry states (tasks, projects, goals), found by rules.

This is the local provider's highlight extraction, and the spec's "fallback task extraction" when
another provider fails. It is deliberately conservative: a missed intention costs the journaler a
click, a task invented from a memory or a feeling costs their trust. So it extracts only what is
written as an intention of the writer (first person, present or future, not negated, not asked),
and ignores past events, other people's obligations, questions and feelings.

Vocabulary (kept small on purpose, see pipelines/README.md):
- type: task (a one-off action), project (an ongoing piece of work with a name), goal (an outcome or
  a habit to build over time).
- timeframe: tasks "today" | "week" (default "week"); goals and projects "month" | "quarter" |
  "year" (default "year", the spec's goal default).
- priority: "high" (urgency words, a deadline within about a week, or a today timeframe), "low"
  (hedges: maybe, someday, eventually, if I have time...; a hedge wins over urgency), else "medium".

Plain functions, no Prefect and no database. The similarity functions use `pipelines.embeddings`,
imported when first needed so that extraction alone never loads the model.

Modules: `schema` (the `Highlight` shape and its vocabulary of types, timeframes and priorities),
`text` (clean-up and segmentation), `vocabulary` (trigger patterns and the deciding words),
`extraction` (`extract_highlights`), `statements` (tasks stated without a trigger), `dates` (the
date grammar), `due`, `people`, `types` (`task_type`, `limit_projects`), `projects` (named pieces
of work), `duplicates` (the same intention in other words). Import from `pipelines.highlights`:
every public name is here.
"""

from models.constants import MAX_PROJECTS_PER_TYPE
from pipelines.highlights.duplicates import (
    DUPLICATE_THRESHOLD,
    embed_intentions,
    find_duplicates,
    intention_key,
    same_intention,
)
from pipelines.highlights.extraction import extract_highlights
from pipelines.highlights.schema import (
    DEFAULT_GOAL_TIMEFRAME,
    DEFAULT_PRIORITY,
    DEFAULT_TASK_TIMEFRAME,
    GOAL_TIMEFRAMES,
    MAX_REFORMULATION_CHARS,
    TASK_TIMEFRAMES,
    Highlight,
    HighlightMetadata,
    HighlightType,
    Priority,
    TaskType,
)
from pipelines.highlights.text import normalise_text, split_sentences
from pipelines.highlights.types import limit_projects, task_type

__all__ = [
    "DEFAULT_GOAL_TIMEFRAME",
    "DEFAULT_PRIORITY",
    "DEFAULT_TASK_TIMEFRAME",
    "DUPLICATE_THRESHOLD",
    "GOAL_TIMEFRAMES",
    "MAX_PROJECTS_PER_TYPE",
    "MAX_REFORMULATION_CHARS",
    "TASK_TIMEFRAMES",
    "Highlight",
    "HighlightMetadata",
    "HighlightType",
    "Priority",
    "TaskType",
    "embed_intentions",
    "extract_highlights",
    "find_duplicates",
    "intention_key",
    "limit_projects",
    "normalise_text",
    "same_intention",
    "split_sentences",
    "task_type",
]
