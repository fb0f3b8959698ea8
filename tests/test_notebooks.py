"""The notebooks run top to bottom in the suite (nbclient, the venv's own kernel), on data that
lives in the repository. Run as they are, they write nothing in the repository and read no held-out
split; pattern_tuning's choice is the config the flow loads."""

from __future__ import annotations

import json
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
def test_pattern_tuning_run_as_is_writes_nothing_in_the_repo_and_reads_no_heldout():
    from pipelines.patterns.config import CONFIG_PATH

    before = CONFIG_PATH.stat().st_mtime_ns
    text = _output_text(_run("pattern_tuning.ipynb", {"HF_HUB_OFFLINE": "1"}))
    assert CONFIG_PATH.stat().st_mtime_ns == before  # it once saved over the committed config by default
    assert "heldout not read" in text and "held-out ARI" not in text
    assert "saved /" in text and "committed" not in text


@pytest.mark.slow
def test_pattern_tuning_saves_the_sweeps_choice_which_is_the_config_the_flow_loads(tmp_path):
    from pipelines.patterns import PatternConfig

    out = tmp_path / "pattern_config.json"
    notebook = _run("pattern_tuning.ipynb", {"PATTERN_CONFIG_OUT": str(out), "MEASURE_HELDOUT": "1",
                                             "HF_HUB_OFFLINE": "1"})
    text = _output_text(notebook)
    assert "held-out ARI" in text
    # the choice is computed per writer, not written down: it is the committed config
    assert "the chosen setting: 20 components, cut at 0.95" in text and "leave one writer out" in text
    assert any(o.get("output_type") == "display_data" for c in notebook.cells for o in c.get("outputs", []))  # plots
    assert PatternConfig.load(out) == PatternConfig.load()  # the committed config is the notebook's choice


@pytest.mark.slow
def test_mood_evaluation_runs_on_dev_and_measures_test_only_when_asked():
    notebook = _run("mood_evaluation.ipynb", {"HF_HUB_OFFLINE": "1", "MOOD_QUICK": "1", "MEASURE_TEST": "1"})
    text = _output_text(notebook)
    assert "5 author groups on dev: accuracy" in text and "GoEmotions validation" in text
    assert "GoEmotions sample" in text and "journal corpus (test)" in text and "macro-F1" in text
    assert any(o.get("output_type") == "display_data" for c in notebook.cells for o in c.get("outputs", []))


@pytest.mark.slow
def test_highlight_tuning_fits_a_swapped_step_and_shows_types_and_errors_on_held_out_authors():
    notebook = _run("highlight_tuning.ipynb", {"HF_HUB_OFFLINE": "1", "HIGHLIGHT_QUICK": "1"})
    text = _output_text(notebook)
    assert "shipped settings: recall" in text and "detector with context: recall" in text
    assert "by type:  task" in text and "goal" in text and "project" in text and "due dates:" in text
    assert "missed (labelled, not found)" in text and "claimed without a label" in text
    assert "fresh writers not read" in text
    assert any(o.get("output_type") == "display_data" for c in notebook.cells for o in c.get("outputs", []))


@pytest.mark.parametrize(("name", "split", "flag"), [("mood_evaluation.ipynb", 'load_split("test")', "MEASURE_TEST"),
                                                     ("highlight_tuning.ipynb", 'load_split("fresh")', "MEASURE_FRESH"),
                                                     ("pattern_tuning.ipynb", 'load_writers("heldout")',
                                                      "MEASURE_HELDOUT")])
def test_only_the_flagged_last_cell_reads_the_held_out_split(name, split, flag):
    """Tuning in a notebook never reads the split that is measured once: only the last cell does,
    under its flag, off unless set."""
    cells = [c.source for c in nbformat.read(NOTEBOOKS / name, as_version=4).cells if c.cell_type == "code"]
    assert not any(split in c or "test.jsonl" in c or "fresh.jsonl" in c for c in cells[:-1])
    assert cells[-1].startswith(f'{flag} = os.environ.get("{flag}") == "1"') and f"if {flag}:" in cells[-1]
    assert split in cells[-1]


def test_the_data_readme_gives_the_sizes_of_what_the_notebooks_read():
    """Every count notebooks/data/README.md states is the file's: a README that says 336 entries of a
    296-entry file sends a reader looking for 40 missing rows."""
    import re

    readme = (NOTEBOOKS / "data" / "README.md").read_text(encoding="utf-8")
    data = NOTEBOOKS.parent / "pipelines" / "data"
    rows = (NOTEBOOKS / "data" / "goemotions_test_sample.tsv").read_text(encoding="utf-8").splitlines()
    assert f"{len(rows)} rows of GoEmotions' test split" in readme
    labelled = [json.loads(line) for line in (data / "patterns_journal.jsonl").read_text().splitlines() if line.strip()]
    splits = [e["split"] for e in labelled]
    assert (f"{len(labelled)} entries in {len({e['theme'] for e in labelled})} themes, "
            f"{splits.count('tune')} `tune` / {splits.count('heldout')} `heldout`") in readme.replace("\n", " ").replace("six", "6")
    corpus = [line for line in (data / "journal_corpus" / "test.jsonl").read_text().splitlines() if line.strip()]
    for stated in re.findall(r"(\d+)-entry labelled journal", readme):
        assert int(stated) == len(corpus), f"the README says {stated} entries, test.jsonl holds {len(corpus)}"
