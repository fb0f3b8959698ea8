from __future__ import annotations

import json
import logging
import os
import stat

import pytest

from api.logging import configure_logging, get_logger
from api.settings import Settings, SettingsError


def test_defaults_serve_the_embedded_install(tmp_path):
    settings = Settings.from_env({"REVERIE_DATA_DIR": str(tmp_path)})
    assert settings.database_url is None and settings.embedded_database
    assert settings.port == 8000
    assert settings.ai_provider == "local"
    assert settings.pipelines_mode == "inline"
    assert settings.outbox_dir == tmp_path / "outbox"


def test_secret_key_is_generated_once_and_kept_private(tmp_path):
    first = Settings.from_env({"REVERIE_DATA_DIR": str(tmp_path)})
    second = Settings.from_env({"REVERIE_DATA_DIR": str(tmp_path)})
    assert first.secret_key == second.secret_key and len(first.secret_key) >= 32
    mode = stat.S_IMODE(os.stat(tmp_path / "secret_key").st_mode)
    assert mode == 0o600
    explicit = Settings.from_env({"REVERIE_DATA_DIR": str(tmp_path), "SECRET_KEY": "from-env"})
    assert explicit.secret_key == "from-env"


def test_values_are_read_and_typed(tmp_path):
    settings = Settings.from_env(
        {
            "REVERIE_DATA_DIR": str(tmp_path),
            "PORT": "9001",
            "AI_PROVIDER": "OpenAI",
            "OPENAI_BASE_URL": "http://127.0.0.1:9/v1",
            "SMTP_HOST": "mail.local",
            "SMTP_PORT": "2525",
            "LOG_LEVEL": "debug",
            "DATABASE_URL": "postgresql://u:p@db/reverie",
        }
    )
    assert settings.port == 9001
    assert settings.ai_provider == "openai"
    assert settings.smtp_port == 2525
    assert settings.log_level == "DEBUG"
    assert not settings.embedded_database


@pytest.mark.parametrize(
    "name, value",
    [("PORT", "eighty"), ("AI_PROVIDER", "magic"), ("PIPELINES_MODE", "sometimes"), ("LOG_FORMAT", "xml")],
)
def test_bad_values_are_refused_with_the_setting_named(tmp_path, name, value):
    with pytest.raises(SettingsError):
        Settings.from_env({"REVERIE_DATA_DIR": str(tmp_path), name: value})


def test_database_url_schemes_are_normalised_to_psycopg():
    from api.database import sqlalchemy_url

    assert sqlalchemy_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert sqlalchemy_url("postgresql://u@/db?host=/tmp/s") == "postgresql+psycopg://u@/db?host=/tmp/s"
    with pytest.raises(ValueError):
        sqlalchemy_url("mysql://u@h/db")


def test_json_logs_carry_tracebacks_without_frame_locals(capsys):
    configure_logging("INFO", "json")
    try:
        secret = "Authorization: Bearer s3cr3t"  # noqa: F841 - a local the log must not show
        raise ValueError("boom")
    except ValueError as exc:
        get_logger("reverie.test").error("failed", exc_info=exc)
    line = capsys.readouterr().err.strip().splitlines()[-1]
    event = json.loads(line)
    assert event["event"] == "failed" and event["level"] == "error"
    assert event["exception"][0]["exc_type"] == "ValueError"
    assert "s3cr3t" not in line
    logging.getLogger().handlers.clear()
