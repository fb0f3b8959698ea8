"""The app's OpenAPI schema, built without a database: the source of the web app's typed client."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any


class IdleRunner:
    """A pipeline runner that never runs anything: for reading the schema and benchmarking the
    request stack, where starting Prefect would only add noise."""

    def start(self) -> None: ...
    def shutdown(self, wait: bool = True) -> None: ...
    def status(self) -> dict[str, Any]:
        return {"status": "stopped", "error": None}


def build_schema() -> dict[str, Any]:
    from api.app import create_app
    from api.settings import Settings

    with tempfile.TemporaryDirectory() as data_dir:
        settings = Settings(data_dir=Path(data_dir), secret_key="openapi-only", log_level="WARNING")
        # The engine connects lazily, so this URL is never dialled.
        app = create_app(settings, database_url="postgresql+psycopg://schema@localhost/schema", pipelines=IdleRunner())
        return app.openapi_schema.to_schema()
