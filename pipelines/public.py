"""What the API may use of the analysis core: the one module of `pipelines` that `api` imports
(pyproject.toml's import contract "api reaches pipelines only through pipelines.public").

The names are the imports in the `TYPE_CHECKING` block below, in groups, each with its docstring
(and again in `__all__`, which is checked against them on import).
None is imported with this module: a name's module is imported when the name is first asked for
(PEP 562's module `__getattr__`), so `from pipelines.public import get_providers` inside a handler
loads what it loaded before and nothing more, and the app still starts without torch or Prefect.
A name is looked up in its module on every import, never copied here, so the module stays the one
place it lives. To give the API something new, add its import to the group it belongs to.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    """Setting up the analysis core in the app's processes: its database, Prefect's home, the model
    threads, the AI provider, the runner that submits analyses and the flows by name."""
    from pipelines import configure_prefect, db
    from pipelines.embeddings import set_model_threads
    from pipelines.flows import Flow
    from pipelines.providers import ProviderConfig
    from pipelines.providers import configure as configure_providers
    from pipelines.runtime import PipelineRunner

    """The embedding model: texts as vectors (`embedded_together` shares one batch's vectors with
    the calls inside it), and the sentence vectors of passages the search ranks."""
    from pipelines.embeddings import embed, embedded_together
    from pipelines.providers.sentence_vectors import passage_sentence_vectors

    """Reading an entry: its sentences, its highlights (tasks, goals, projects, people) and its mood."""
    from pipelines.highlights import extract_highlights, split_sentences
    from pipelines.mood import predict_mood

    """The AI provider (local or OpenAI-compatible, with the local one as the fallback) and what it
    is handed: an entry's analysis context, the entries a profile is drawn from."""
    from pipelines.providers import get_providers
    from pipelines.providers.base import AnalysisContext, ProfileEntry

    """The chat: a question answered from one user's journal, which the API reads for it."""
    from pipelines.chat import ChatPeriod, JournalReader, answer_question

    """Reflection: the self-analysis of a period and the prompts shown while writing."""
    from pipelines.reflection import (
        InsightPrompt,
        PromptContext,
        ReflectionEntry,
        SelfAnalysis,
        known_people,
        read_scope,
        realtime_prompts,
        self_analysis,
    )

    """The profile's purpose: career and meaning, as the profile stores and shows them."""
    from pipelines.purpose import Career, Meaning

    """The therapist report: built from the entries of a period, each dated as the writer dated it."""
    from pipelines.report import ReportEntry, build_therapist_report, shown_date

    """Weekly focus and quick tasks: the material a domain's suggestion is grounded in, the local
    suggestions, and the flow that writes a week's focus."""
    from pipelines.flows.weekly_focus import run_weekly_focus
    from pipelines.weekly_focus import local_suggestion
    from pipelines.weekly_focus.local import general_suggestion
    from pipelines.weekly_focus.material import gather

    """Patterns: a deeper insight into one pattern from its entries, and resources to explore it."""
    from pipelines.patterns.deepen import SourceEntry, deeper_insight
    from pipelines.patterns.resources import explore


def _exports() -> dict[str, tuple[str, str]]:
    """name -> (module, attribute), read from the `TYPE_CHECKING` block above (the one list)."""
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If)
                 and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
    return {alias.asname or alias.name: (node.module, alias.name)
            for node in block.body if isinstance(node, ast.ImportFrom) and node.module
            for alias in node.names}


_EXPORTS = _exports()
__all__ = [
    "AnalysisContext",
    "Career",
    "ChatPeriod",
    "Flow",
    "InsightPrompt",
    "JournalReader",
    "Meaning",
    "PipelineRunner",
    "ProfileEntry",
    "PromptContext",
    "ProviderConfig",
    "ReflectionEntry",
    "ReportEntry",
    "SelfAnalysis",
    "SourceEntry",
    "answer_question",
    "build_therapist_report",
    "configure_prefect",
    "configure_providers",
    "db",
    "deeper_insight",
    "embed",
    "embedded_together",
    "explore",
    "extract_highlights",
    "gather",
    "general_suggestion",
    "get_providers",
    "known_people",
    "local_suggestion",
    "passage_sentence_vectors",
    "predict_mood",
    "read_scope",
    "realtime_prompts",
    "run_weekly_focus",
    "self_analysis",
    "set_model_threads",
    "shown_date",
    "split_sentences",
]
if set(__all__) != set(_EXPORTS):  # `__all__` names them again for the tools that read it (ruff, editors)
    raise ImportError(f"pipelines.public: __all__ and the imports differ: {set(__all__) ^ set(_EXPORTS)}")


def __getattr__(name: str) -> Any:
    try:
        module_name, attribute = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    module = importlib.import_module(module_name)
    try:
        return getattr(module, attribute)
    except AttributeError:  # a submodule not yet imported (`from pipelines import db`)
        return importlib.import_module(f"{module_name}.{attribute}")


def __dir__() -> list[str]:
    return __all__
