"""The notebooks run top to bottom in the suite (nbclient, the venv's own kernel), on data that
lives in the repository. Run as they are, they write nothing in the repository and read no held-out
split; pattern_tuning's choice is the config the flow loads."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
TIMEOUT_PER_CELL = 600


def _run(name: str, env: dict[str, str]) -> nbformat.NotebookNode:
    return _execute(nbformat.read(NOTEBOOKS / name, as_version=4), env)


def _execute(notebook: nbformat.NotebookNode, env: dict[str, str]) -> nbformat.NotebookNode:
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


# pattern_tuning's flags, read by its last cells only: the tests run its sweep once, as it is, then
# those cells again in the same kernel with the flags set, which is what a run with them set does.
PATTERN_FLAGS = ("PATTERN_CONFIG_OUT", "PATTERN_CONFIG_SAVE", "MEASURE_HELDOUT")


@pytest.fixture(scope="module")
def pattern_tuning(tmp_path_factory) -> dict:
    """pattern_tuning.ipynb run as it is and with MEASURE_HELDOUT and PATTERN_CONFIG_OUT set:
    {"as_is", "flagged"} notebooks, "out" (the flagged run's saved config) and whether the committed
    config was written to by the run as it is ("config_touched")."""
    import copy

    from pipelines.patterns.config import CONFIG_PATH

    notebook = nbformat.read(NOTEBOOKS / "pattern_tuning.ipynb", as_version=4)
    cells = notebook.cells
    flagged = [i for i, c in enumerate(cells) if c.cell_type == "code" and any(f in c.source for f in PATTERN_FLAGS)]
    assert flagged, "pattern_tuning reads none of its flags"
    # Running the flagged cells again equals a run with the flags set only if no cell before them
    # reads the environment, and every code cell after the first flagged one is flagged.
    assert not any("environ" in c.source for c in cells[:flagged[0]] if c.cell_type == "code")
    assert [i for i, c in enumerate(cells) if c.cell_type == "code" and i >= flagged[0]] == flagged
    out = tmp_path_factory.mktemp("pattern_tuning") / "pattern_config.json"
    settings = {"PATTERN_CONFIG_OUT": str(out), "MEASURE_HELDOUT": "1"}
    combined = copy.deepcopy(notebook)
    combined.cells.append(nbformat.v4.new_code_cell(
        "import os\n" + "".join(f"os.environ[{k!r}] = {v!r}\n" for k, v in settings.items())))
    combined.cells += [copy.deepcopy(cells[i]) for i in flagged]
    before = CONFIG_PATH.stat().st_mtime_ns
    for flag in PATTERN_FLAGS:  # the kernel starts without any of them, as a run as it is
        assert flag not in os.environ, flag
    ran = _execute(combined, {"HF_HUB_OFFLINE": "1"})
    as_is = copy.deepcopy(ran)
    as_is.cells = as_is.cells[:len(cells)]
    with_flags = copy.deepcopy(as_is)
    for i, rerun in zip(flagged, ran.cells[len(cells) + 1:], strict=True):
        with_flags.cells[i] = rerun
    return {"as_is": as_is, "flagged": with_flags, "out": out, "config_touched": CONFIG_PATH.stat().st_mtime_ns != before}


def _output_text(notebook: nbformat.NotebookNode) -> str:
    return "\n".join(o.get("text", "") for c in notebook.cells if c.cell_type == "code" for o in c.get("outputs", []))


@pytest.mark.slow
def test_pattern_tuning_run_as_is_writes_nothing_in_the_repo_and_reads_no_heldout(pattern_tuning):
    text = _output_text(pattern_tuning["as_is"])
    assert not pattern_tuning["config_touched"]  # it once saved over the committed config by default
    assert "heldout not read" in text and "held-out ARI" not in text
    assert "saved /" in text and "committed" not in text


@pytest.mark.slow
def test_pattern_tuning_saves_the_sweeps_choice_which_is_the_config_the_flow_loads(pattern_tuning):
    from pipelines.patterns import PatternConfig

    out, notebook = pattern_tuning["out"], pattern_tuning["flagged"]
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
    # the swapped detector reads the neighbouring clauses when the shipped one does not, and not when it does
    assert "shipped settings: recall" in text and re.search(r"detector with(out)? context: recall", text)
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
