"""The layers point one way: api -> pipelines -> models, never back; the api reaches pipelines only
through pipelines.public; nothing the app runs imports the lab; inside the API the domains stand in layers and the shared modules know no domain; and there is
no import circle in any package (pyproject.toml, [tool.importlinter]). Runs import-linter's
`lint-imports` on the real packages, and shows each kind of contract can fail."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CONTRACT = "api above pipelines above models"
LAB_CONTRACT = "the product never imports the lab"
DOMAIN_CONTRACT = "api domains in layers"
SHARED_CONTRACT = "api shared modules import no domain"
CIRCLES_CONTRACT = "no import circles"
FRONT_DOOR_CONTRACT = "api reaches pipelines only through pipelines.public"
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
    assert f"{DOMAIN_CONTRACT} KEPT" in output, output
    assert f"{SHARED_CONTRACT} KEPT" in output, output
    assert f"{CIRCLES_CONTRACT} KEPT" in output, output
    assert f"{FRONT_DOOR_CONTRACT} KEPT" in output, output


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


def test_an_import_past_the_front_door_breaks_the_front_door_contract(tmp_path: Path) -> None:
    """The front-door contract is not vacuous: the same contract without its one allowed way in
    (api -> pipelines.public) is reported broken on the real packages."""
    config = tmp_path / "front_door.toml"
    config.write_text(
        '[tool.importlinter]\nroot_packages = ["api", "models", "pipelines"]\n\n'
        '[[tool.importlinter.contracts]]\nname = "api never reaches pipelines"\ntype = "forbidden"\n'
        'source_modules = ["api"]\nforbidden_modules = ["pipelines"]\nallow_indirect_imports = true\n',
        encoding="utf-8",
    )
    result = lint_imports(str(config))
    output = result.stdout + result.stderr
    assert result.returncode != 0, f"lint-imports should have failed:\n{output}"
    assert "api never reaches pipelines BROKEN" in output, output
    assert "pipelines.public" in output, output


def test_a_domain_above_one_it_imports_breaks_the_domain_layers(tmp_path: Path) -> None:
    """The domain layers are not vacuous: with the entries put above the journal (which reads
    entries through them), the same kind of contract is reported broken."""
    config = tmp_path / "domains.toml"
    config.write_text(
        '[tool.importlinter]\nroot_packages = ["api", "models", "pipelines"]\n\n'
        '[[tool.importlinter.contracts]]\nname = "entries above the journal"\ntype = "layers"\n'
        'containers = ["api"]\nlayers = ["entries", "journal"]\n',
        encoding="utf-8",
    )
    result = lint_imports(str(config))
    output = result.stdout + result.stderr
    assert result.returncode != 0, f"lint-imports should have failed:\n{output}"
    assert "entries above the journal BROKEN" in output, output


def test_an_import_circle_breaks_the_circles_contract(tmp_path: Path) -> None:
    """The circles contract is not vacuous: on a package whose two modules import each other, the
    same kind of contract is reported broken, naming the import that would end the circle."""
    package = tmp_path / "circular"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "first.py").write_text("from circular import second\n", encoding="utf-8")
    (package / "second.py").write_text("from circular import first\n", encoding="utf-8")
    config = tmp_path / "circles.toml"
    config.write_text(
        '[tool.importlinter]\nroot_packages = ["circular"]\n\n'
        '[[tool.importlinter.contracts]]\nname = "no circles here"\ntype = "acyclic_siblings"\n'
        'ancestors = ["circular"]\n',
        encoding="utf-8",
    )
    result = subprocess.run(
        [sys.executable, "-c", LINT_IMPORTS, "--no-cache", "--no-logo", str(config)],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )
    output = result.stdout + result.stderr
    assert result.returncode != 0, f"lint-imports should have failed:\n{output}"
    assert "no circles here BROKEN" in output, output
    assert "No cycles are allowed in circular" in output, output
