"""entry search text: the entries' English lexemes kept by PostgreSQL for full-text search

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


# A generated column: PostgreSQL fills it for every existing row and keeps it with the content.
def upgrade() -> None:
    op.add_column("journal_entries", sa.Column(
        "search_text", postgresql.TSVECTOR(),
        sa.Computed("to_tsvector('english'::regconfig, content)", persisted=True), nullable=True))
    op.create_index("ix_journal_entries_search_text", "journal_entries", ["search_text"], unique=False,
                    postgresql_using="gin")


def downgrade() -> None:
    op.drop_index("ix_journal_entries_search_text", table_name="journal_entries", postgresql_using="gin")
    op.drop_column("journal_entries", "search_text")
