"""The Alembic migrations build exactly the schema the models describe."""

from __future__ import annotations

from alembic import command

from api.database import alembic_config


def test_models_and_migrations_agree(database_url):
    command.check(alembic_config(database_url))  # raises when an upgrade operation is missing
