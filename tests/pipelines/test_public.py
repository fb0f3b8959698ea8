"""pipelines.public, the API's front door to the analysis core: every name it lists is the object its
module defines, and importing it (or a light name from it) loads neither torch nor Prefect."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from pipelines import public

REPO = Path(__file__).resolve().parents[2]


def test_every_name_is_the_one_its_module_defines() -> None:
    assert len(public.__all__) >= 30
    for name in public.__all__:
        module_name, attribute = public._EXPORTS[name]
        module = importlib.import_module(module_name)
        defined = getattr(module, attribute, None) or importlib.import_module(f"{module_name}.{attribute}")
        assert getattr(public, name) is defined, name
    assert public.Flow.ANALYSIS == "highlight-extraction"
    assert public.db is importlib.import_module("pipelines.db")


def test_a_name_it_does_not_list_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="compose_answer"):
        public.compose_answer  # noqa: B018  (a module of pipelines, but not the API's to use)


def test_importing_it_loads_no_heavy_module() -> None:
    """In a fresh interpreter: the front door and the light names the app takes at start-up leave
    torch, Prefect and the runner unloaded; asking for the runner loads it."""
    script = (
        "import sys\n"
        "from pipelines.public import Flow, answer_question, ChatPeriod, ReportEntry, Career\n"
        "print(sorted(m for m in ('torch', 'prefect', 'pipelines.runtime', 'sentence_transformers')"
        " if m in sys.modules))\n"
        "from pipelines.public import PipelineRunner\n"
        "print('pipelines.runtime' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], check=False, cwd=REPO, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:2] == ["[]", "True"], result.stdout
