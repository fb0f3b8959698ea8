"""Highlights: the intentions a journal entry states or implies (tasks, projects, goals), found by
models trained on the labelled journal corpus.

This is the local provider's highlight extraction, and the spec's "fallback task extraction" when
another provider fails. `extract_highlights(text, today=...)` runs the shipped `HighlightPipeline`
(pipelines/data/highlight_pipeline.npz) over every clause of the entry: a learned detector decides
which clauses state or imply something the writer means to do (a task written plainly, a broken
thing, a bill due, someone waiting for an answer, work running over weeks), a learned typer whether
it is a task, a goal or a project; closed-language steps word it as an instruction, name a pronoun
only when the entry leaves one likely reading, and date it only when the text states a time.

Vocabulary:
- type: task (a one-off action), project (an ongoing piece of work), goal (an outcome or a habit).
- timeframe: tasks "today" | "week" (default "week"); goals and projects "month" | "quarter" |
  "year" (default "year", the spec's goal default).
- priority: "high" (urgency words, or a task due within a week), "low" (hedges: maybe, someday,
  eventually...; a hedge wins), else "medium".

Modules: `schema` (the `Highlight` shape), `text` (clean-up and sentences), `segment` (the
clauses), `steps` (the learned detector and typer), `wording` (reformulation, due dates, pronouns,
the people an entry names), `pipeline` (`HighlightPipeline`, its artifact), `dates` (the date
grammar), `types` (`task_type`, `limit_projects`), `duplicates` (the same intention in other
words), `done` (which open tasks an entry says are done). Training and tuning: `pipelines.lab`.
"""

from __future__ import annotations

from datetime import date

from models.constants import MAX_PROJECTS_PER_TYPE
from pipelines.highlights.duplicates import (
    DUPLICATE_THRESHOLD,
    embed_intentions,
    find_duplicates,
    intention_key,
    same_intention,
)
from pipelines.highlights.pipeline import HighlightPipeline, default_pipeline
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


def extract_highlights(text: str, *, today: date | None = None) -> list[Highlight]:
    """The tasks, projects and goals of one entry, in the order written, by the shipped pipeline.

    `today` (default: the current date) is the entry's date, from which weekdays and deadlines are
    read ("by Friday" written on a Friday is due that day). Projects are not limited here; see
    `limit_projects`."""
    if not text or not text.strip():
        return []
    return default_pipeline().predict([text], [today or date.today()])[0]


def embedding_texts(text: str) -> list[str]:
    """The texts `extract_highlights(text)` sends to the embedding model: a batch of analyses can
    embed them ahead with its other texts, in one call (`pipelines.embeddings.embedded_together`)."""
    return default_pipeline().embedding_texts(text) if text and text.strip() else []


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
    "HighlightPipeline",
    "HighlightType",
    "Priority",
    "TaskType",
    "default_pipeline",
    "embed_intentions",
    "embedding_texts",
    "extract_highlights",
    "find_duplicates",
    "intention_key",
    "limit_projects",
    "normalise_text",
    "same_intention",
    "split_sentences",
    "task_type",
]
