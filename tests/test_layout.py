"""The repository's shape, checked: small modules, tests that do not import each other, and
documents that stay inside the repository."""

from __future__ import annotations

import ast
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MAX_MODULE_LINES = 600
SOURCE_PACKAGES = ("api", "pipelines", "models")


def _python_files(*roots: str) -> list[Path]:
    return [path for root in roots for path in (REPO / root).rglob("*.py") if "migrations" not in path.parts]


def test_no_module_in_the_product_is_over_600_lines():
    files = _python_files(*SOURCE_PACKAGES)
    assert len(files) > 50  # the walk found the packages
    too_long = {str(p.relative_to(REPO)): n for p in files if (n := len(p.read_text().splitlines())) > MAX_MODULE_LINES}
    assert not too_long, f"split these by concern: {too_long}"


def test_no_test_module_imports_another_test_module():
    offenders = []
    for path in _python_files("tests"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            if any(name.startswith("tests.") and name.rsplit(".", 1)[-1].startswith("test_") for name in names):
                offenders.append(str(path.relative_to(REPO)))
    assert not offenders, f"move what they share to tests/support: {sorted(set(offenders))}"


def test_no_document_links_outside_the_repository():
    outside = re.compile(r"\.\./(\.\./)*shared/")
    docs = [p for p in REPO.rglob("*.md") if not {"node_modules", ".venv", ".git", "dist"} & set(p.parts)]
    assert len(docs) >= 3
    offenders = [str(p.relative_to(REPO)) for p in docs if outside.search(p.read_text())]
    assert not offenders, f"the repository must explain itself: {offenders}"
