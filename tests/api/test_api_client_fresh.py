"""The web app's typed client must match the API it talks to: fails when it is stale."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from api.openapi import build_schema

REPO = Path(__file__).resolve().parents[2]
CLIENT_DIR = REPO / "web" / "src" / "lib" / "api"
FIX = "the web client is stale: run `make api-client` and commit the result"


def test_checked_in_schema_matches_the_app():
    checked_in = json.loads((CLIENT_DIR / "openapi.json").read_text())
    assert checked_in == build_schema(), FIX


def test_generated_types_match_the_checked_in_schema(tmp_path):
    generator = REPO / "node_modules" / ".bin" / "openapi-typescript"
    if not generator.exists():
        pytest.fail("node_modules is missing: run `make install` first")
    out = tmp_path / "schema.d.ts"
    subprocess.run(
        [str(generator), str(CLIENT_DIR / "openapi.json"), "-o", str(out)],
        cwd=REPO / "web",
        check=True,
        capture_output=True,
        env={"PATH": f"{Path(shutil.which('node') or '/usr/bin/node').parent}:/usr/bin:/bin"},
    )
    assert out.read_text() == (CLIENT_DIR / "schema.d.ts").read_text(), FIX
