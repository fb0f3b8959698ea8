"""The layers point one way: api -> pipelines -> models, never back, and nothing the app runs imports
the lab (pyproject.toml, [tool.importlinter]). Runs import-linter's `lint-imports` on the real
packages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CONTRACT = "api above pipelines above models"
LAB_CONTRACT = "the product never imports the lab"
LINT_IMPORTS = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"


def lint_imports(*args: str) -> subprocess.CompletedProcess[str]:
    # From the repo root, which import-linter puts on sys.path to find the packages; no cache
    # directory is left behind.
    return subprocess.run(
        [sys.executable, "-c", LINT_IMPORTS, "--no-cache", "--no-logo", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_layer_contract_is_kept() -> None:
    result = lint_imports()
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"lint-imports failed:\n{output}"
    assert f"{CONTRACT} KEPT" in output, output
    assert f"{LAB_CONTRACT} KEPT" in output, output


def test_a_reversed_contract_is_broken(tmp_path: Path) -> None:
    """The check is not vacuous: on the same packages, the opposite layering is reported broken."""
    config = tmp_path / "reversed.toml"
    config.write_text(
        '[tool.importlinter]\nroot_packages = ["api", "models", "pipelines"]\n\n'
        '[[tool.importlinter.contracts]]\nname = "models above pipelines above api"\ntype = "layers"\n'
        'layers = ["models", "pipelines", "api"]\n',
        encoding="utf-8",
    )
    result = lint_imports("--config", str(config))
    output = result.stdout + result.stderr
    assert result.returncode != 0, f"lint-imports should have failed:\n{output}"
    assert "models above pipelines above api BROKEN" in output, output


def test_a_product_module_importing_the_lab_breaks_the_lab_contract(tmp_path: Path) -> None:
    """The lab contract is not vacuous: with the imports the lab makes of the product turned round
    (the same contract, the lab and the highlights swapped), it is reported broken."""
    config = tmp_path / "lab.toml"
    config.write_text(
        '[tool.importlinter]\nroot_packages = ["api", "models", "pipelines"]\n\n'
        '[[tool.importlinter.contracts]]\nname = "the lab never imports the highlights"\ntype = "forbidden"\n'
        'source_modules = ["pipelines.lab"]\nforbidden_modules = ["pipelines.highlights"]\n',
        encoding="utf-8",
    )
    result = lint_imports(str(config))
    output = result.stdout + result.stderr
    assert result.returncode != 0, f"lint-imports should have failed:\n{output}"
    assert "the lab never imports the highlights BROKEN" in output, output
