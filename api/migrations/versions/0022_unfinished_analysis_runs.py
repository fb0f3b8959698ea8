"""unfinished analysis runs: an entry whose analysis fails or is killed three times stops being retried by itself

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("journal_entries", sa.Column("unfinished_runs", sa.SmallInteger(), nullable=False,
                                               server_default="0"))


def downgrade() -> None:
    op.drop_column("journal_entries", "unfinished_runs")
