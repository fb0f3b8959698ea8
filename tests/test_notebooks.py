"""The notebooks run top to bottom in the suite (nbclient, the venv's own kernel), on data that
lives in the repository. pattern_tuning saves its config to a temporary file, never over the
committed one, and the config it chooses is the one the flow loads."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
TIMEOUT_PER_CELL = 600


def _run(name: str, env: dict[str, str]) -> nbformat.NotebookNode:
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)  # the kernel inherits the environment
    try:
        NotebookClient(notebook, timeout=TIMEOUT_PER_CELL, kernel_name="python3",
                       resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return notebook


def _output_text(notebook: nbformat.NotebookNode) -> str:
    return "\n".join(o.get("text", "") for c in notebook.cells if c.cell_type == "code" for o in c.get("outputs", []))


@pytest.mark.slow
def test_pattern_tuning_runs_and_saves_the_config_the_flow_loads(tmp_path):
    from pipelines.patterns import PatternConfig

    out = tmp_path / "pattern_config.json"
    notebook = _run("pattern_tuning.ipynb", {"PATTERN_CONFIG_OUT": str(out), "HF_HUB_OFFLINE": "1"})
    text = _output_text(notebook)
    assert "held-out ARI" in text
    assert any(o.get("output_type") == "display_data" for c in notebook.cells for o in c.get("outputs", []))  # plots
    assert PatternConfig.load(out) == PatternConfig.load()  # the committed config is the notebook's choice


@pytest.mark.slow
def test_mood_evaluation_runs():
    notebook = _run("mood_evaluation.ipynb", {"HF_HUB_OFFLINE": "1"})
    text = _output_text(notebook)
    assert "GoEmotions sample" in text and "journal corpus (test)" in text and "macro-F1" in text
    assert any(o.get("output_type") == "display_data" for c in notebook.cells for o in c.get("outputs", []))
