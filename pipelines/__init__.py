"""Reverie's analysis core: embeddings, mood, highlights, summaries, patterns, profile and weekly
focus, as plain functions first and Prefect flows second.

This package never imports `api`. Call `configure_prefect()` before importing anything that
imports Prefect (the flows, the runner): Prefect reads its settings when it is first imported.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


def default_data_dir() -> Path:
    return Path(os.environ.get("REVERIE_DATA_DIR") or REPO_ROOT / ".data").expanduser().resolve()


def configure_prefect(data_dir: Path | None = None) -> Path:
    """Keep Prefect's state (its SQLite database, logs) under the app's data dir, offline.

    Explicit `PREFECT_*` variables win, so a deployment can point at a shared Prefect server.
    Returns PREFECT_HOME.
    """
    home = (data_dir or default_data_dir()) / "prefect"
    home.mkdir(parents=True, exist_ok=True)
    defaults = {
        "PREFECT_HOME": str(home),
        "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
        "PREFECT_SERVER_UI_ENABLED": "false",
        # The first start on a 2-core machine migrates Prefect's SQLite database: give it time.
        "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": "120",
        "PREFECT_LOGGING_LEVEL": "WARNING",
    }
    for name, value in defaults.items():
        os.environ.setdefault(name, value)
    return Path(os.environ["PREFECT_HOME"])
